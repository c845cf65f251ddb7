"""Approx tier: <= 2048 ULP in float32 (about 11 bits), <= 2^26 ULP in float64 (about 26 bits); may flush subnormal results to zero.

Same names in every tier module; each is a numpy.ufunc.  Bounds: vecmath.spec.BOUNDS."""
from ._tiers import export

__all__ = export(globals(), "approx", __name__)

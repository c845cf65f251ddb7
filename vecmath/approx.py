"""Approx tier: <= 2048 ULP in float32 (about 11 bits), <= 2^26 ULP in float64 (about 26 bits); may flush subnormal results to zero.

Same names in every tier module; each is a numpy.ufunc.  Bounds: vecmath.spec.BOUNDS."""
from ._tiers import deriv_module, export

__all__ = export(globals(), "approx")

deriv = deriv_module("approx", __name__)

"""Accurate tier: float32 and float16 correctly rounded, float64 < 1 ULP (goal 0.52).

Same names in every tier module; each is a numpy.ufunc.  Bounds: vecmath.spec.BOUNDS."""
from ._tiers import export

__all__ = export(globals(), "accurate")
from . import deriv  # noqa: E402  vecmath.accurate.deriv is vecmath.deriv

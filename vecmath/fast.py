"""Fast tier: faithful, <= 1 ULP in float32 (every input) and float64.

Same names in every tier module; each is a numpy.ufunc.  Bounds: vecmath.spec.BOUNDS."""
from ._tiers import deriv_module, export

__all__ = export(globals(), "fast")

deriv = deriv_module("fast", __name__)

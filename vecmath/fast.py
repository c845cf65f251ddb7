"""Fast tier: <= 4 ULP in float32 and float64.

Same names in every tier module; each is a numpy.ufunc.  Bounds: vecmath.spec.BOUNDS."""
from ._tiers import export

__all__ = export(globals(), "fast", __name__)

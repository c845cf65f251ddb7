"""vecmath's accurate tier as numba scalar functions (bounds: vecmath.spec.BOUNDS)."""
from ._api import export

__all__ = export(globals(), "accurate")

"""vecmath's fast tier as numba scalar functions (bounds: vecmath.spec.BOUNDS)."""
from ._api import export

__all__ = export(globals(), "fast")

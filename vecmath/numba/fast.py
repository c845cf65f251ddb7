"""vecmath's fast tier as numba scalar functions (bounds: vecmath.spec.BOUNDS)."""
from ._api import export
from ._deriv_api import deriv_module

__all__ = export(globals(), "fast")
deriv = deriv_module("fast")  # vecmath.numba.fast.deriv.exp, ...

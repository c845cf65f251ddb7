"""vecmath's accurate tier as numba scalar functions (bounds: vecmath.spec.BOUNDS)."""
from ._api import export
from ._deriv_api import deriv_module

__all__ = export(globals(), "accurate")
deriv = deriv_module("accurate")  # vecmath.numba.accurate.deriv.exp, ...

"""vecmath's approx tier as numba scalar functions (bounds: vecmath.spec.BOUNDS)."""
from ._api import export
from ._deriv_api import deriv_module

__all__ = export(globals(), "approx")
deriv = deriv_module("approx")  # vecmath.numba.approx.deriv.exp, ...

"""Derivatives of vecmath's functions as ufuncs, accurate tier (vecmath.fast.deriv and
vecmath.approx.deriv hold the same names for those tiers).

    deriv.exp(x)                  exp'(x), bit-identical on every CPU path, like exp itself
    deriv.exp_and_deriv(x)        (exp(x), exp'(x)) from one evaluation; out=(y, dy) writes into
                                  preallocated arrays with no temporaries
    deriv.tanh_from_output(y)     tanh'(x) from y = tanh(x): the cheap form reverse mode wants
                                  (exp's is y itself)

Bounds (vecmath.spec.DERIV_BOUNDS): accurate <= 2 ULP, fast <= 8 ULP, approx as the function's own tier (docs/ad.md).
"""
from ._tiers import export_deriv

__all__ = export_deriv(globals(), "accurate")

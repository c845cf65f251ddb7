"""Derivatives in numba: the C derivative kernels (csrc/kernels/<fn>_deriv-inl.h) called through their lane
entry points (_lanes), so every function gives the bits of the derivative ufunc of its tier
(vecmath.<tier>.deriv.<fn>), and a user's loop vectorizes with one call per register.

DERIV[fn][tier, "f64" | "f32"] is f'(x); FROM_OUTPUT[fn]["f64" | "f32"] is f'(x) from y = f(x),
for the functions whose ufunc module has <fn>_from_output.  Where f' = f (exp: its descriptor's
deriv_is_value) the derivative is the value's own kernel (the C derivative kernel gives the same
bits), so exp_and_deriv evaluates once.
"""
import importlib

from .. import functions, spec
from ._api import KERNELS
from ._lanes import lane_function

_SUFFIXES = ("f64", "f32")

DERIV = {fn: (dict(KERNELS[fn]) if functions.get(fn).deriv_is_value else
              {(tier, s): lane_function(f"vm_{fn}_{tier}_deriv_{s}", s)
               for tier in spec.TIERS for s in _SUFFIXES})
         for fn in spec.FUNCTIONS}

_deriv_ufuncs = importlib.import_module("vecmath.deriv")
FROM_OUTPUT = {fn: {s: lane_function(f"vm_{fn}_from_output_{s}", s) for s in _SUFFIXES}
               for fn in spec.FUNCTIONS if hasattr(_deriv_ufuncs, f"{fn}_from_output")}

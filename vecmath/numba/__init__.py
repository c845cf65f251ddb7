"""vecmath for numba: the same functions as scalar code that inlines into your @njit loops.

    import numba, vecmath.numba as vn

    @numba.njit
    def f(x, y):
        for i in range(x.size):
            y[i] = vn.exp(x[i])       # accurate tier; vn.fast.exp, vn.approx.exp

Each returns the same bits as the C ufunc of its tier (vecmath.exp, vecmath.fast.exp, ...) for
every float32 and float64 input, whatever the caller's fastmath flag.  Inside @njit, the ufuncs
themselves work too: vecmath.exp(scalar) inlines the same code, vecmath.exp(array) calls the C
kernel.  numba finds these through the numba_extensions entry point; importing this module
registers them as well.  Details and figures: docs/numba.md.

Derivatives: vecmath.numba.deriv.exp(x), .exp_and_deriv(x) -> (y, dy), .tanh_from_output(y),
and .fast.deriv / .approx.deriv: the bits of vecmath.<tier>.deriv (docs/ad.md).
"""
from . import accurate, approx, fast
from .accurate import *  # noqa: F401,F403
from .accurate import __all__ as _accurate_names
from .accurate import deriv  # vecmath.numba.deriv: derivatives, accurate tier

__all__ = list(_accurate_names) + ["accurate", "fast", "approx", "deriv"]

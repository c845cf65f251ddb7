"""ULP errors of derivatives: f'(x) from mpmath at 160 bits, for exp, log, tanh and atan.

    errors = deriv_ulp_errors("tanh", x, vecmath.deriv.tanh(x))

The exact derivative is rounded nowhere: the error of y is |y - f'(x)| / ulp(f'(x)) in y's
dtype (ulps at the subnormal spacing below the normal range).  A result that is +-inf where
f'(x) rounds to +-inf, or NaN where f'(x) is undefined, has error 0.
"""
import math

import mpmath
import numpy as np

from .formats import fmt
from .reference import mpf_ulp_exp, round_mpf

# f'(x) as an mpmath value, or None where the derivative is undefined (NaN)
EXACT = {
    "exp": lambda x: mpmath.exp(x),
    "log": lambda x: None if x < 0 else (mpmath.inf if x == 0 else 1 / x),
    "tanh": lambda x: mpmath.sech(x) ** 2,
    "atan": lambda x: 1 / (1 + x * x),
}


def exact_deriv(fn, x):
    """f'(x) for a float x: an mpmath value (possibly inf), or None for NaN."""
    if math.isnan(x):
        return None
    if math.isinf(x):
        limits = {"exp": (0.0, math.inf), "log": (None, 0.0), "tanh": (0.0, 0.0), "atan": (0.0, 0.0)}
        v = limits[fn][x > 0]
        return None if v is None else mpmath.mpf(v)
    with mpmath.workprec(160):
        return EXACT[fn](mpmath.mpf(x))


def deriv_ulp_errors(fn, x, y):
    """ULP error of each y[i] as f'(x[i]), in y's dtype."""
    x, y = np.asarray(x), np.asarray(y)
    f = fmt(y.dtype)
    errors = np.empty(x.shape, dtype=np.float64)
    for i, (xi, yi) in enumerate(zip(x.tolist(), y.astype(np.float64).tolist())):
        exact = exact_deriv(fn, xi)
        if exact is None or not mpmath.isfinite(exact):
            same = (exact is None and math.isnan(yi)) or (exact is not None and yi == float(exact))
            errors[i] = 0.0 if same else math.inf
            continue
        if math.isnan(yi):
            errors[i] = math.inf
            continue
        with mpmath.workprec(160):
            if exact == 0:
                errors[i] = 0.0 if yi == 0 else math.inf
                continue
            if math.isinf(yi):
                rounded = round_mpf(exact._mpf_, y.dtype)
                errors[i] = 0.0 if rounded == yi else math.inf
                continue
            ulp = mpmath.ldexp(1, mpf_ulp_exp(exact._mpf_, y.dtype))
            errors[i] = float(abs(mpmath.mpf(yi) - exact) / ulp)
    return errors

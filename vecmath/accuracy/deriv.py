"""ULP errors of derivatives: f'(x) from mpmath at 160 bits, for exp, log, tanh and atan.

    errors = deriv_ulp_errors("tanh", x, vecmath.deriv.tanh(x))

The exact derivative is rounded nowhere: the error of y is |y - f'(x)| / ulp(f'(x)) in y's
dtype (ulps at the subnormal spacing below the normal range).  A result that is +-inf where
f'(x) rounds to +-inf, or NaN where f'(x) is undefined, has error 0.
"""
import math

import mpmath
import numpy as np

from ..spec import REGIONS
from .formats import fmt
from .reference import mpf_ulp_exp, round_mpf

# Where each derivative needs care beyond the function's own regions (float64 values; they are
# cast to the dtype): tanh' where 1 - tanh^2 collapses and e = exp(-2|x|) turns subnormal,
# atan' where 1 + x^2 overflows.
DERIV_TAILS = {
    "exp": [("uniform", -745.2, -700.0)],
    "log": [("loguniform", 1e-310, 1e-300), ("loguniform", 1e300, 1.7e308)],
    "tanh": [("uniform", 18.0, 60.0), ("uniform", 340.0, 385.0)],
    "atan": [("loguniform_signed", 1e8, 1e300)],
}

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


def deriv_samples(fn, dtype, n=1500, seed=7):
    """Inputs across the whole domain: random bit patterns, the function's float64 regions
    (vecmath.spec.REGIONS) and the derivative's tails, n of each, finite, cast to dtype."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    parts = [np.frombuffer(rng.bytes(dtype.itemsize * n), dtype)]
    for kind, lo, hi in REGIONS[fn] + DERIV_TAILS[fn]:
        if kind == "uniform":
            v = rng.uniform(lo, hi, n)
        elif kind == "around":
            v = lo + (np.arange(n) - n // 2) * np.spacing(lo) * 8
        else:
            v = np.exp(rng.uniform(np.log(lo), np.log(hi), n))
            if kind == "loguniform_signed":
                v *= rng.choice([-1.0, 1.0], n)
        with np.errstate(all="ignore"):
            parts.append(v.astype(dtype))
    x = np.concatenate(parts)
    return x[np.isfinite(x)]


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

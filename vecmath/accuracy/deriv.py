"""ULP errors of derivatives: f'(x) from mpmath at 160 bits (each function's descriptor).

    errors = deriv_ulp_errors("tanh", x, vecmath.deriv.tanh(x))

The exact derivative is rounded nowhere: the error of y is |y - f'(x)| / ulp(f'(x)) in y's
dtype (ulps at the subnormal spacing below the normal range).  A result that is +-inf where
f'(x) rounds to +-inf, or NaN where f'(x) is undefined, has error 0.
"""
import math

import mpmath
import numpy as np

from .. import functions
from .formats import fmt
from .reference import mpf_ulp_exp, round_mpf
from .sampling import loguniform


def exact_deriv(fn, x):
    """f'(x) for a float x: an mpmath value (possibly inf), or None for NaN."""
    if math.isnan(x):
        return None
    f = functions.get(fn)
    if math.isinf(x):
        v = f.deriv_at_inf[x > 0]
        return None if v is None else mpmath.mpf(v)
    with mpmath.workprec(160):
        return f.deriv(mpmath, mpmath.mpf(x))


def deriv_samples(fn, dtype, n=1500, seed=7):
    """Inputs across the whole domain: random bit patterns, the function's float64 regions
    (its descriptor's regions) and the derivative's tails, n of each, finite, cast to dtype."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    parts = [np.frombuffer(rng.bytes(dtype.itemsize * n), dtype)]
    f = functions.get(fn)
    for kind, lo, hi in f.regions + f.deriv_tails:
        if kind == "uniform":
            v = rng.uniform(lo, hi, n)
        elif kind == "around":
            v = lo + (np.arange(n) - n // 2) * np.spacing(lo) * 8
        else:
            v = loguniform(rng, lo, hi, n, signed=kind == "loguniform_signed")
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

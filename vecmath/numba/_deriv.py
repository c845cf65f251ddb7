"""Derivatives in numba: csrc/<fn>_deriv.c operation by operation, so every scalar kernel gives
the bits of the derivative ufunc of its tier (vecmath.<tier>.deriv.<fn>).

DERIV[fn][tier, "f64" | "f32"] is f'(x); FROM_OUTPUT[fn]["f64" | "f32"] is f'(x) from y = f(x).  As in
the value kernels, rare lanes are computed branch-free and chosen by select, so a user's loop
stays vectorizable; divisions never see a zero divisor (no ZeroDivisionError in @njit).
"""
import numpy as np

from .. import _data as D
from ._common import consts, kernel
from ._exp import KERNELS as EXP, accurate_core, scale32
from ._llvm import fma, select

INF, NAN = np.inf, np.nan
F32 = np.float32
TANH_LIM = consts("TanhLimits", D.VM_TANH_LIMITS, np.float64)  # vecmath.spec.LIMITS["tanh"]
EXP_ACCURATE_F64, EXP_FAST_F64 = EXP["accurate", "f64"], EXP["fast", "f64"]  # globals numba can call


# ---- exp' = exp ----
DERIV = {"exp": dict(EXP)}


# ---- log' = 1/x, correctly rounded; +inf at +-0, NaN below 0 ----
@kernel
def log_deriv_f64(x):
    d = 1.0 / select(x == 0.0, 1.0, x)
    d = select(x == 0.0, INF, d)
    return select(x < 0.0, NAN, d)


@kernel
def log_deriv_f32(x):
    # 1/x in double rounded to float is the correctly rounded float quotient (53 >= 2*24 + 2),
    # which is what every C float32 tier computes
    return np.float32(log_deriv_f64(np.float64(x)))


DERIV["log"] = {(t, d): (log_deriv_f64 if d == "f64" else log_deriv_f32)
                for t in ("accurate", "fast", "approx") for d in ("f64", "f32")}


# ---- atan' = 1/(1 + x^2); (1/x)^2 beyond 2^500 (float: 2^60) ----
@kernel
def atan_deriv_f64(x):
    big = abs(x) > 2.0 ** 500
    u = 1.0 / select(big, x, fma(x, x, 1.0))
    return select(big, u * u, u)


@kernel
def atan_deriv_f32_in_f64(x):
    xd = np.float64(x)
    return np.float32(1.0 / fma(xd, xd, 1.0))


@kernel
def atan_deriv_f32(x):
    big = abs(x) > F32(2.0 ** 60)
    u = F32(1.0) / select(big, x, fma(x, x, F32(1.0)))
    return select(big, u * u, u)


DERIV["atan"] = {("accurate", "f64"): atan_deriv_f64, ("accurate", "f32"): atan_deriv_f32_in_f64,
                 ("fast", "f64"): atan_deriv_f64, ("fast", "f32"): atan_deriv_f32,
                 ("approx", "f64"): atan_deriv_f64, ("approx", "f32"): atan_deriv_f32}


# ---- tanh' = 4e/(1 + e)^2, e = exp(-2|x|); tails (2 exp(-|x|))^2 ----
@kernel
def tanh_deriv_tail_accurate(a):
    beyond = a > TANH_LIM.deriv_zero_f64
    tmp, ki = accurate_core(-select(beyond, TANH_LIM.deriv_zero_f64, a))
    s = scale32(ki) * 2.0 ** 65
    s2 = s * s
    s2l = fma(s, s, -s2)
    m = tmp * (2.0 + tmp)
    return select(beyond, 0.0, (s2 + fma(s2, m, s2l)) * 2.0 ** -128)


@kernel
def tanh_deriv_accurate_f64(x):
    a = abs(x)
    e = EXP_ACCURATE_F64(a * -2.0)
    dh = 1.0 + e
    dl = (1.0 - dh) + e
    s = dh * dh
    sl = fma(dh + dh, dl, fma(dh, dh, -s))
    e4 = e * 4.0
    inv = 1.0 / s
    q = e4 * inv
    r = fma(-q, sl, fma(-q, s, e4))
    dy = fma(r, inv, q)
    return select(a > TANH_LIM.deriv_tail_f64, tanh_deriv_tail_accurate(a), dy)


@kernel
def tanh_deriv_accurate_f32(x):
    a = abs(np.float64(x))
    e = EXP_FAST_F64(a * -2.0)
    d = 1.0 + e
    return np.float32((e * 4.0) / (d * d))


def _tanh_deriv_plain(exp, one, minus_two, four, limit):
    @kernel
    def tanh_deriv(x):
        a = abs(x)
        e = exp(a * minus_two)
        d = one + e
        dy = (e * four) / (d * d)
        twice = exp(-a) * (one + one)
        return select(a > limit, twice * twice, dy)

    return tanh_deriv


DERIV["tanh"] = {("accurate", "f64"): tanh_deriv_accurate_f64,
                 ("accurate", "f32"): tanh_deriv_accurate_f32}
for _tier in ("fast", "approx"):
    DERIV["tanh"][_tier, "f64"] = _tanh_deriv_plain(EXP[_tier, "f64"], 1.0, -2.0, 4.0, TANH_LIM.deriv_tail_f64)
    DERIV["tanh"][_tier, "f32"] = _tanh_deriv_plain(EXP[_tier, "f32"], F32(1.0), F32(-2.0),
                                                    F32(4.0), F32(TANH_LIM.deriv_tail_f32))


# ---- from the saved output ----
@kernel
def tanh_from_output_f64(y):
    return (1.0 - y) * (1.0 + y)


@kernel
def tanh_from_output_f32(y):
    return (F32(1.0) - y) * (F32(1.0) + y)


FROM_OUTPUT = {"tanh": {"f64": tanh_from_output_f64, "f32": tanh_from_output_f32}}

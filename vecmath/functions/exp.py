"""exp: e^x.  Kernels csrc/kernels/exp-inl.h (cores in exp_core.h), csrc/kernels/exp_deriv-inl.h; generator _gen/exp.py."""
import math

from . import Function

OVERFLOW_F64 = 709.782712893384     # largest x with finite exp(x) (rounded up)
SUBNORMAL_F64 = -708.3964185322641  # exp(x) < 2^-1022 below this
ZERO_F64 = -745.1332191019411       # exp(x) rounds to 0 below this


def _exact(x):
    if x == 0:
        return 1.0
    if math.isinf(x):
        return math.inf if x > 0 else 0.0
    return None


def _series(t):
    from ._mpf import ONE, magnitude, mpf_add, mpf_mul, mpf_shift, plus_minus

    mag = magnitude(t)
    if mag is not None and mag <= -40:
        # 1 + x + x^2/2; the remainder sum_{k>=3} x^k/k! is below |x|^3 < 2^(3 mag)
        return plus_minus(mpf_add(ONE, mpf_add(t, mpf_shift(mpf_mul(t, t), -1))), 3 * mag)
    return None


FUNCTION = Function(
    name="exp", order=0, mpmath="mpf_exp", exact=_exact, series=_series,
    specials=[(math.nan, math.nan), (math.inf, math.inf), (-math.inf, 0.0), (0.0, 1.0),
              (-0.0, 1.0), (1000.0, math.inf), (-1000.0, 0.0)],
    regions=[
        ("uniform", -745.2, 709.8),
        ("uniform", -1.0, 1.0),
        ("loguniform_signed", 1e-320, 1e-3),
        ("around", OVERFLOW_F64, 4096),
        ("around", SUBNORMAL_F64, 4096),
        ("around", ZERO_F64, 4096),
        ("uniform", -745.2, -708.3),   # subnormal results
    ],
    worstcases="exp.wc",
    limits={
        "f64_branch_free_abs": (704.0, "|x| < 704: 2^(k/32) and the result are normal doubles"),
        "f64_overflow_above": (709.782712893384, "the largest x with a finite exp(x); above: +inf "
                               "(overflow); at or below, a result that overflows in a tier's own "
                               "evaluation is that tier's error and comes back as DBL_MAX"),
        "f64_zero_below": (-746.0, "below ln(2^-1075) = -745.13: rounds to +0 (underflow)"),
        "f32_branch_free_lo": (-86.0, "above ln(FLT_MIN) = -87.34: normal float results"),
        "f32_branch_free_hi": (88.0, "below ln(FLT_MAX) = 88.72: finite float results"),
        "f32_accurate_branch_free_abs": (86.0, "|x| < 86: the accurate first try's result is normal"),
        "f32_overflow_above": (88.72283172607422, "the largest float x with a finite exp(x); above: "
                               "+inf (overflow); at or below, FLT_MAX where a tier's evaluation overflows"),
        "f32_zero_below": (-104.0, "below ln(2^-150) = -103.97: rounds to +0 (underflow)"),
    },
    deriv=lambda mp, x: mp.exp(x), deriv_at_inf=(0.0, math.inf),
    deriv_tails=[("uniform", -745.2, -700.0)],
    second=lambda x, y, dy: dy,                    # exp'' = exp
    deriv_is_value=True, cuda_hardware="ex2.approx", demo_domain=(-80.0, 80.0),
    warning_probes=[1000.0, -1000.0, 88.8, -88.0, -103.5, 709.9, 709.7, -740.0, -745.5, -708.5,
                    11.1, 12.0, -10.0, -20.0, 0.0, 1e-300, math.nan, math.inf, -math.inf, 1.0],
    deriv_specials=[(0.0, 1.0), (-math.inf, 0.0), (math.inf, math.inf), (math.nan, math.nan),
                    (1000.0, math.inf)],
    deriv_warnings={v: "exp" for v in (1000.0, -1000.0, -740.0, -100.0, 1.0, math.nan, math.inf)},
    deriv_tail_probe=-80.0,
)

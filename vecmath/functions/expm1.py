"""expm1: e^x - 1.  Kernels csrc/kernels/expm1-inl.h (exp's cores from exp_core.h), csrc/kernels/expm1_deriv-inl.h;
generator _gen/expm1.py."""
import math

from . import Function

OVERFLOW_F64 = 709.782712893384     # largest x with finite expm1(x) (rounded up), as exp's
MINUS_ONE_F64 = -37.42994775023705  # expm1(x) rounds to -1 below this (exp(x) < 2^-54)


def _exact(x):
    if x == 0:
        return x                    # +-0, sign kept
    if math.isinf(x):
        return math.inf if x > 0 else -1.0
    return None


def _series(t):
    from mpmath.libmp import from_int, mpf_lt

    from ._mpf import magnitude, mpf_add, mpf_mul, mpf_shift, plus_minus, two_to

    MINUS_ONE, MINUS_40 = from_int(-1), from_int(-40)

    mag = magnitude(t)
    if mag is not None and t[0] and mag >= 6 and mpf_lt(t, MINUS_40):
        # x < -40: -1 < expm1(x) < -1 + e^-40 < -1 + 2^-57 (mpf_expm1 would round to -1 itself)
        return MINUS_ONE, mpf_add(MINUS_ONE, two_to(-57))
    if mag is not None and mag <= -40:
        # x + x^2/2; the remainder sum_{k>=3} x^k/k! is below |x|^3 < 2^(3 mag)
        return plus_minus(mpf_add(t, mpf_shift(mpf_mul(t, t), -1)), 3 * mag)
    return None


FUNCTION = Function(
    name="expm1", order=4, mpmath="mpf_expm1", exact=_exact, series=_series,
    specials=[(math.nan, math.nan), (math.inf, math.inf), (-math.inf, -1.0), (0.0, 0.0),
              (-0.0, -0.0), (1000.0, math.inf), (-1000.0, -1.0), (5e-324, 5e-324),
              (-5e-324, -5e-324)],
    regions=[
        ("uniform", -40.0, 709.8),
        ("uniform", -1.0, 1.0),
        ("uniform", -0.05, 0.05),                 # k = 0, +-1, +-2: the cancellation zone
        ("loguniform_signed", 1e-320, 1e-3),      # tiny and subnormal x: expm1(x) ~ x
        ("uniform", -0.75, 0.75),                 # scale - 1 exact (|k| <= N/2 .. N)
        ("around", OVERFLOW_F64, 4096),
        ("around", MINUS_ONE_F64, 4096),
        ("around", 704.0, 4096),                  # the branch-free limit
        ("uniform", -745.2, -37.0),               # -1 + exp(x)
    ],
    worstcases="expm1.wc",
    limits={
        "f64_branch_free_abs": (704.0, "|x| < 704: 2^(k/N) is a normal double; beyond: exp's special "
                                       "evaluation (x > 0) or -1 (x < 0: exp(x) < 2^-1015)"),
        "f64_overflow_above": (709.782712893384, "the largest x with a finite expm1(x); above: +inf "
                               "(overflow)"),
        "f32_branch_free_abs": (88.0, "float32 in double (accurate, fast): |x| < 88: the first "
                                      "pass's result is a finite float"),
        "f32_branch_free_lo": (-86.0, "approx float32 (float arithmetic): above ln(FLT_MIN) = -87.34, "
                                      "2^(k/16) is a normal float; below: -1"),
        "f32_branch_free_hi": (88.0, "approx float32: below ln(FLT_MAX) = 88.72: finite results"),
        "f32_overflow_above": (88.72283172607422, "the largest float x with a finite expm1(x); above: "
                               "+inf (overflow)"),
    },
    deriv=lambda mp, x: mp.exp(x), deriv_at_inf=(0.0, math.inf),
    deriv_tails=[("uniform", -745.2, -700.0)],
    second=lambda x, y, dy: dy,                    # expm1'' = exp
    demo_domain=(-20.0, 20.0),
    warning_probes=[1000.0, -1000.0, 88.8, 88.7, -88.0, -103.5, 709.9, 709.7, -740.0, -745.5,
                    -708.5, 1e-300, 1e-310, -1e-310, 5e-324, 1e-40, -1e-45, 11.1, -10.0, 0.0,
                    -0.0, math.nan, math.inf, -math.inf, 1.0],
    deriv_specials=[(0.0, 1.0), (-0.0, 1.0), (-math.inf, 0.0), (math.inf, math.inf),
                    (math.nan, math.nan), (1000.0, math.inf)],
    deriv_warnings={v: "exp" for v in (1000.0, -1000.0, -740.0, -100.0, 1.0, math.nan, math.inf)},
    deriv_tail_probe=-80.0,
)

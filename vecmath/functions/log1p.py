"""log1p: log(1 + x).  Kernels csrc/kernels/log1p-inl.h (on log's cores, log_core.h), csrc/kernels/log1p_deriv-inl.h;
generator _gen/log1p.py (log's tables and polynomials, checked and certified for log1p)."""
import math

from . import Function


def _exact(x):
    if x == 0:
        return x                       # keeps the sign of zero
    if x == -1:
        return -math.inf
    if x < -1:
        return math.nan                # -inf included
    if math.isinf(x):
        return math.inf
    return None


def _series(t):
    from ._mpf import magnitude, mpf_mul, mpf_shift, mpf_sub, plus_minus

    mag = magnitude(t)
    if mag is not None and mag <= -40:
        # x - x^2/2; the remainder sum_{k>=3} (-1)^(k+1) x^k/k is below |x|^3 < 2^(3 mag)
        return plus_minus(mpf_sub(t, mpf_shift(mpf_mul(t, t), -1)), 3 * mag)
    return None


FUNCTION = Function(
    name="log1p", order=5, mpmath="mpf_log1p", exact=_exact, series=_series,
    specials=[(math.nan, math.nan), (math.inf, math.inf), (-math.inf, math.nan), (0.0, 0.0),
              (-0.0, -0.0), (-1.0, -math.inf), (-2.0, math.nan)],
    regions=[
        ("uniform", -1.0, 2.0),
        ("uniform", -0.05, 0.05),                  # the c = 1 entry: log1p(x) from the polynomial
        ("loguniform_signed", 1e-320, 1e-2),       # tiny |x|, subnormal x included
        ("loguniform", 1.0, 1.7e308),              # large x: 1 + x rounded, its error folded in
        ("around", -1.0, 1 << 20),                 # 1 + x near 0 (x < -1 gives NaN)
        ("uniform", 9007199254740992.0, 3.6028797018963968e16),   # 2^53..2^55: d = +-1, +-2
    ],
    worstcases="log1p.wc",
    limits={
        "f32_cr_window": (16384.0, "accurate float32: double ulps around a float midpoint within "
                                   "which the first pass (log's, 2^-41 relative = 2^12 ulps, on "
                                   "1 + x exact in double) cannot decide the rounding: 4x margin"),
    },
    deriv=lambda mp, x: None if x < -1 else (mp.inf if x == -1 else 1 / (1 + mp.mpf(x))),
    deriv_at_inf=(None, 0.0),
    deriv_tails=[("loguniform", 1e300, 1.7e308), ("around", -1.0, 4096)],
    second=lambda x, y, dy: -(dy * dy),            # log1p'' = -1/(1 + x)^2
    demo_domain=(-0.999, 1e3),
    domain_lo=-1.0,
    warning_probes=[0.0, -0.0, -1.0, -2.0, -math.inf, math.inf, math.nan, 1e-310, 5e-324, -1e-310,
                    1e-45, 1.0, -0.5, 1e300, -0.9999999],
    deriv_specials=[(-1.0, math.inf), (-2.0, math.nan), (-math.inf, math.nan), (math.inf, 0.0),
                    (0.0, 1.0), (-0.0, 1.0), (1.0, 0.5), (math.nan, math.nan)],
    deriv_warnings={-1.0: ["divide"], -2.0: ["invalid"], -math.inf: ["invalid"], 0.0: [], 1.0: [],
                    math.nan: [], math.inf: [], 3.0: [], -0.5: []},
    deriv_tail_probe=1e30,
)

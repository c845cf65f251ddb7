"""softplus: log(1 + exp(x)) = max(x, 0) + log1p(exp(-|x|)).  Kernels csrc/kernels/softplus-inl.h
(exp's cores from exp_core.h, log's from log_core.h and log1p-inl.h), csrc/kernels/softplus_deriv-inl.h
(softplus' = sigmoid: sigmoid's kernels); generator _gen/softplus.py (no tables of its own).

No NumPy or SciPy ufunc computes it (NumPy's equivalent is np.logaddexp(0, x), a binary ufunc;
SciPy 1.17's scipy.special.softplus is a Python function on it, its test_peer: SciPy's softplus
tests run against vecmath's), so peer is None and its conventions are vecmath's: softplus(-inf) = +0, softplus(+inf) = +inf,
NaN returns x quieted (sign and payload kept); no threshold cut for large x (x + log1p(e^-x),
which rounds to x only where that is the correctly rounded result: float64 x > 48 ln2 =
33.27.., float32 x > 21 ln2 = 14.55..); no overflow (softplus(x) <= max(x, 0) + ln 2).  Underflow is
reported as IEEE 754 and exp do: where the result is tiny (subnormal or zero) and inexact, i.e.
for finite x below -708.396.. (float64), -87.336.. (float32), -9.704.. (float16, reported by the
narrowing); nothing else ever."""
import math

from . import Function


def numpy_softplus(x, out=None, xp=None):
    """softplus in NumPy: np.logaddexp(0, x) (in x's dtype: 0 is a weak Python scalar); xp: a
    NumPy-like namespace instead (autograd.numpy)."""
    if xp is None:
        import numpy as xp
    return xp.logaddexp(0, x) if out is None else xp.logaddexp(0, x, out=out)


numpy_softplus.label = "np.logaddexp(0, x)"


def _exact(x):
    if math.isinf(x):
        return math.inf if x > 0 else 0.0
    return None


def _series(t):
    from ._mpf import magnitude, two_to

    mag = magnitude(t)
    if mag is not None and mag >= 7 and not t[0]:
        # x >= 64: softplus(x) = x + log1p(e^-x), 0 < log1p(e^-x) < e^-x < 2^-92
        from mpmath.libmp import mpf_add
        return t, mpf_add(t, two_to(-92))
    return None


FUNCTION = Function(
    name="softplus", order=7, peer=None, equivalent="vecmath.functions.softplus:numpy_softplus",
    test_peer="scipy.special:softplus", mpmath="mpf_softplus",
    exact=_exact, series=_series,
    specials=[(math.nan, math.nan), (math.inf, math.inf), (-math.inf, 0.0), (1000.0, 1000.0),
              (800.0, 800.0), (40.0, 40.0), (1e300, 1e300), (-1000.0, 0.0), (-800.0, 0.0)],
    regions=[
        ("uniform", -40.0, 40.0),
        ("uniform", -1.0, 1.0),
        ("uniform", -0.05, 0.05),
        ("loguniform_signed", 1e-320, 1e-2),       # tiny x: ln2 + x/2 (no midpoint structure)
        ("uniform", -745.2, -30.0),                # softplus ~ exp(x): exp's behaviour
        ("uniform", 30.0, 800.0),                  # softplus = x + tiny
        ("loguniform", 1.0, 1.7e308),
        ("around", 33.27106466687737, 4096),       # 48 ln2: rounds to x above
        ("around", -700.0, 4096),                  # the tail threshold (exp of x below)
        ("around", 700.0, 4096),                   # the clamp
        ("around", -708.3964185322641, 4096),      # subnormal results below
        ("around", -745.1332191019411, 4096),      # +0 below
        ("around", 0.0, 4096),
        ("around", -36.7368005696771, 4096),       # e^x < 2^-53: 1 + e^x rounds to 1 below
    ],
    worstcases="softplus.wc",
    limits={
        "f64_clamp": (700.0, "|x| above: e = exp(-|x|) is taken at 700; x > 700 returns x "
                             "(log1p(e) < 2^-1009 is below half an ulp of x), x < -700 takes the "
                             "tier's exp(x) (softplus = e^x (1 - e^x/2 + ..) = exp(x) to 2^-1009 "
                             "relative)"),
        "f32_branch_free_abs": (87.0, "float32 in double (accurate, fast): |x| clamped to this for "
                                      "exp_f32_first_core; x below -87 (float results may be "
                                      "subnormal) is recomputed one lane at a time"),
        "f32_approx_clamp": (86.0, "approx float32 (float arithmetic): |x| clamped for exp's float "
                                   "core; x below -86 takes exp's approx float32 tier"),
        "f32_cr_window": (2.0 ** 18, "accurate float32: double ulps around a float midpoint within "
                                     "which the first pass (2^-37.3 relative, < 2^15.7 ulps: 4.9x "
                                     "margin) cannot decide the rounding: 2^-10 of lanes (2^20 "
                                     "sent 2^-8, about 1 vector in 32, to the double-double)"),
    },
    deriv=lambda mp, x: 1 / (1 + mp.exp(-mp.mpf(x))), deriv_at_inf=(0.0, 1.0),
    deriv_tails=[("uniform", 30.0, 745.0), ("uniform", -745.0, -30.0)],
    second=lambda x, y, dy: dy * (1 - dy),             # softplus'' = s (1 - s), s = sigmoid
    demo_domain=(-10.0, 10.0),
    warning_probes=[math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 40.0, -40.0, -88.0,
                    -90.0, -104.0, -110.0, 700.0, -700.0, -708.5, -740.0, -745.5, -1000.0,
                    1000.0, 1e300, -1e300, 1e-310, -1e-310, 1e-45, -9.0, -10.0, -17.0, -25.0],
    deriv_specials=[(0.0, 0.5), (-0.0, 0.5), (math.inf, 1.0), (-math.inf, 0.0),
                    (math.nan, math.nan), (1000.0, 1.0), (-1000.0, 0.0)],
    deriv_warnings={v: [] for v in (1.0, -1.0, math.inf, -math.inf, math.nan, 40.0, -40.0, 700.0,
                                    -740.0, -1000.0, 1e300)},
    deriv_tail_probe=80.0,
)

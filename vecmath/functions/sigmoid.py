"""sigmoid (SciPy: expit): the logistic function 1/(1 + exp(-x)).  Kernels
csrc/kernels/sigmoid-inl.h (exp's cores from exp_core.h), csrc/kernels/sigmoid_deriv-inl.h;
generator _gen/sigmoid.py (the fast float32 tier's constants)."""
import math

from . import Function


def _exact(x):
    if x == 0:
        return 0.5                  # +-0 alike
    if math.isinf(x):
        return 1.0 if x > 0 else 0.0
    return None


def _series(t):
    from mpmath.libmp import from_int, mpf_div

    from ._mpf import ONE, magnitude, mpf_add, mpf_mul, mpf_shift, mpf_sub, plus_minus, two_to

    mag = magnitude(t)
    if mag is None:
        return None
    if mag <= -30:
        # 1/2 + x/4 - x^3/48, remainder below |x|^5/480 < 2^(5 mag); x^3/48 rounded to 64 bits
        # errs by < 2^(3 mag - 64)
        cube = mpf_div(mpf_mul(mpf_mul(t, t), t), from_int(48), 64, "n")
        centre = mpf_sub(mpf_add(mpf_shift(ONE, -1), mpf_shift(t, -2)), cube)
        return plus_minus(centre, max(5 * mag, 3 * mag - 63))
    if mag >= 7 and not t[0]:
        # x >= 64: 1 - sigmoid(x) = e/(1 + e) < e = exp(-x) < 2^-92
        return mpf_sub(ONE, two_to(-92)), ONE
    return None


F32_CR_WINDOW = 2.0 ** 20

FUNCTION = Function(
    name="sigmoid", order=6, alias="expit", peer="scipy.special:expit", mpmath="mpf_sigmoid",
    exact=_exact, series=_series,
    specials=[(math.nan, math.nan), (math.inf, 1.0), (-math.inf, 0.0), (0.0, 0.5), (-0.0, 0.5),
              (1000.0, 1.0), (-1000.0, 0.0), (-800.0, 0.0), (40.0, 1.0)],
    regions=[
        ("uniform", -40.0, 40.0),
        ("uniform", -1.0, 1.0),
        ("uniform", -0.05, 0.05),
        ("loguniform_signed", 1e-320, 1e-2),       # tiny x: 1/2 + x/4 (the 1/x-like region: none)
        ("uniform", -745.2, -30.0),                # s ~ exp(x): exp's behaviour
        ("uniform", 30.0, 40.0),                   # s ~ 1 - exp(-x)
        ("around", -700.0, 4096),                  # the tail threshold (exp of x below)
        ("around", 700.0, 4096),                   # the clamp
        ("around", 37.42994775023705, 4096),       # s rounds to 1 above (e < 2^-54)
        ("around", -708.3964185322641, 4096),      # subnormal results below
        ("around", -745.1332191019411, 4096),      # +0 below
        ("around", 0.0, 4096),
    ],
    worstcases="sigmoid.wc",
    limits={
        "f64_clamp": (700.0, "|x| above: x >= 0 clamped (1/(1 + e) rounds to 1), x < 0 takes the "
                             "tier's exp(x) (s = exp(x) to 2^-1009 relative)"),
        "f32_branch_free_abs": (87.0, "float32 in double (accurate, fast): |x| clamped to this for "
                                      "exp_f32_first_core; x below -87 (float results may be "
                                      "subnormal) is recomputed one lane at a time"),
        "f32_fast_abs": (70.0, "fast float32 (float arithmetic): |x| above (and NaN) takes the "
                               "scaled pass (e 2^64: results down to the subnormals); below, e >= "
                               "2^-101 and every intermediate is normal"),
        "f32_fast_clamp": (104.0, "fast float32's scaled pass: |x| clamped to this (s(-104) "
                                  "< 2^-150 rounds to +0, and so does every s below)"),
        "f32_approx_clamp": (86.0, "approx float32 (float arithmetic): |x| clamped for exp's float "
                                   "core; x below -86 takes exp's approx float32 tier"),
        "f32_series_abs": (2.0 ** -5, "accurate float32's unsure lanes: |x| below takes the Taylor "
                                      "series to x^9 (1/2 + x/4 can be a float midpoint)"),
        "f32_cr_window": (F32_CR_WINDOW, "accurate float32: double ulps around a float midpoint "
                                         "within which the first pass (2^-37.4 relative, 2^15.6 "
                                         "ulps: 21x margin) cannot decide the rounding"),
    },
    deriv=lambda mp, x: mp.exp(-abs(x)) / (1 + mp.exp(-abs(x))) ** 2, deriv_at_inf=(0.0, 0.0),
    deriv_tails=[("uniform", 30.0, 745.0), ("uniform", -745.0, -30.0)],
    second=lambda x, y, dy: dy * (1 - 2 * y),          # s'' = s' (1 - 2 s)
    from_output=True, demo_domain=(-10.0, 10.0),
    warning_probes=[math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 40.0, -40.0, -88.0,
                    -90.0, -104.0, -110.0, 700.0, -700.0, -708.5, -740.0, -745.5, -1000.0,
                    1000.0, 1e-310, -1e-310, 1e-45],
    deriv_specials=[(0.0, 0.25), (-0.0, 0.25), (math.inf, 0.0), (-math.inf, 0.0),
                    (math.nan, math.nan), (1000.0, 0.0), (-1000.0, 0.0)],
    deriv_warnings={v: [] for v in (1.0, -1.0, math.inf, -math.inf, math.nan, 40.0, -40.0, 700.0,
                                    -740.0, -1000.0, 1e300)},
    deriv_tail_probe=80.0,
)

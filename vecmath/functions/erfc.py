"""erfc: the complementary error function 1 - erf(x) (SciPy: scipy.special.erfc).  Kernels
csrc/kernels/erfc-inl.h (on erf's evaluation: erf-inl.h, whose thresholds, in
vecmath/functions/erf.py, it reads), csrc/kernels/erfc_deriv-inl.h; generator _gen/erfc.py
(none of its own: erf's)."""
import math

from . import Function


def _exact(x):
    if x == 0:
        return 1.0                     # +-0 alike
    if math.isinf(x):
        return 0.0 if x > 0 else 2.0
    return None


def _series(t):
    from ._mpf import magnitude, mpf_sub, two_to
    from mpmath.libmp import from_int

    mag = magnitude(t)
    if mag is not None and mag >= 4 and t[0]:
        # x <= -8: erfc(x) = 2 - erfc|x|, 0 < erfc|x| < exp(-64) < 2^-92 (fixed precision cannot
        # settle a value this close to the binade boundary 2)
        two = from_int(2)
        return mpf_sub(two, two_to(-92)), two
    if mag is not None and mag >= 6 and not t[0]:
        return _far_tail(t)
    if mag is not None and mag <= -60:
        # |x| < 2^-60: erfc(x) = 1 - c x + c x^3/3 - .., c = 2/sqrt(pi) to 128 bits (error
        # 2^(mag - 126)); the cubic is below 2^(3 mag) < 2^(mag - 120)
        from mpmath.libmp import from_int as _i, mpf_mul, mpf_pi, mpf_sqrt, mpf_div
        from ._mpf import ONE, plus_minus
        c = mpf_div(_i(2), mpf_sqrt(mpf_pi(140), 140), 128)
        return plus_minus(mpf_sub(ONE, mpf_mul(c, t)), mag - 100)
    return None


def _far_tail(t):
    """x >= 32: e^(-x^2) / (4x) < erfc(x) < e^(-x^2), from 2/(x + sqrt(x^2 + 2)) < sqrt(pi)
    e^(x^2) erfc(x) <= 2/(x + sqrt(x^2 + 4/pi)) (Abramowitz and Stegun 7.1.13).  e^(-x^2) =
    2^-N with N = x^2 / ln 2, which n, computed with 62 bits beyond N's integer part, has within 1:
    so 2^-(n + 2 + log2(4x)) < erfc(x) < 2^-(n - 1), far below the smallest subnormal of every
    format (x^2 >= 1024), and within about 1030 bits of each other up to the largest double.
    mpmath takes up to 100 ms to evaluate erfc this deep; these powers of two settle the rounding
    (to +0) at once."""
    from mpmath.libmp import mpf_div, mpf_ln2, mpf_mul, to_int
    from ._mpf import two_to

    _, man, exp, bc = t
    prec = 2 * (exp + bc) + 64                       # |rel err| < 2^-62 of N < 2^(2 (exp + bc))
    n = mpf_div(mpf_mul(t, t), mpf_ln2(prec + 8), prec)
    upper = to_int(n, "f") - 1
    lower = to_int(n, "c") + 1 + exp + bc + 2        # 4x < 2^(exp + bc + 2)
    return two_to(-lower), two_to(-upper)


FUNCTION = Function(
    name="erfc", order=9, peer="scipy.special:erfc", mpmath="mpf_erfc", exact=_exact, series=_series,
    specials=[(math.nan, math.nan), (math.inf, 0.0), (-math.inf, 2.0), (0.0, 1.0), (-0.0, 1.0),
              (30.0, 0.0), (1000.0, 0.0), (-6.0, 2.0), (-1000.0, 2.0)],
    regions=[
        ("uniform", -6.0, 27.3),
        ("uniform", -1.0, 1.0),
        ("uniform", 0.5, 6.0),
        ("uniform", 6.0, 27.3),                    # exp(-x^2) erfcx(x) far out
        ("loguniform_signed", 1e-320, 1e-2),
        ("around", 0.5, 4096),
        ("around", -0.5, 4096),
        ("around", 25.5, 4096),                    # the scaled path above (subnormal results)
        ("around", 26.5, 4096),
        ("around", 26.55, 4096),                   # erfc leaves the normal range
        ("around", 27.229, 4096),                  # rounds to +0 above
        ("uniform", 25.4, 27.3),
    ],
    worstcases="erfc.wc",
    limits={},                                     # erf's (vecmath/functions/erf.py): one evaluation
    deriv=lambda mp, x: -2 / mp.sqrt(mp.pi) * mp.exp(-x * x), deriv_at_inf=(-0.0, -0.0),
    deriv_tails=[("uniform", 5.0, 27.5), ("uniform", 26.0, 27.4)],
    second=lambda x, y, dy: -2 * x * dy,           # erfc'' = -2x erfc'
    demo_domain=(-3.0, 3.0),
    warning_probes=[math.nan, math.inf, -math.inf, 0.0, -0.0, 1e-310, -1e-310, 1e-45, 0.5, -0.5,
                    9.0, 9.5, 10.0, 10.5, 26.0, 26.6, 27.0, 27.3, 30.0, -30.0, 1000.0],
    deriv_specials=[(0.0, -1.1283791670955126), (-0.0, -1.1283791670955126), (math.inf, -0.0),
                    (-math.inf, -0.0), (math.nan, math.nan), (1000.0, -0.0), (-1000.0, -0.0)],
    deriv_warnings={v: [] for v in (1.0, -1.0, math.inf, -math.inf, math.nan, 10.0, 26.6, 27.0,
                                    30.0, 1e300)},
    deriv_tail_probe=9.0,                          # 2/sqrt(pi) exp(-81) = 2^-116.7: normal in float
)

"""erf: the error function 2/sqrt(pi) int_0^x exp(-t^2) dt (SciPy: scipy.special.erf).
Kernels csrc/kernels/erf-inl.h (the evaluation erfc shares: an odd polynomial below 1/2,
exp(-x^2) erfcx(x) on 30 slots beyond, exp's reduction with the low part kept from exp_core.h),
csrc/kernels/erf_deriv-inl.h; generator _gen/erf.py."""
import math

from . import Function, exact_odd_to_one


def _series(t):
    from ._mpf import ONE, magnitude, mpf_neg, mpf_sub, two_to

    mag = magnitude(t)
    if mag is not None and mag >= 4:
        # |x| >= 8: erf|x| = 1 - erfc|x|, 0 < erfc|x| < exp(-64) < 2^-92 (fixed precision cannot
        # settle a value this close to the binade boundary 1)
        below_one = mpf_sub(ONE, two_to(-92))
        return (below_one, ONE) if not t[0] else (mpf_neg(ONE), mpf_neg(below_one))
    return None


# erfcx slot boundaries (eighth binades of 2 + a) at or above 1/2, and where erf rounds to 1
_SLOT_EDGES = sorted({2.0 ** e * (1 + q / 8) - 2 for e in range(1, 5) for q in range(8)} - {0.0, 0.25})

FUNCTION = Function(
    name="erf", order=8, peer="scipy.special:erf", mpmath="mpf_erf", exact=exact_odd_to_one, series=_series,
    odd=True,
    specials=[(math.nan, math.nan), (math.inf, 1.0), (-math.inf, -1.0), (0.0, 0.0), (-0.0, -0.0),
              (6.0, 1.0), (-6.0, -1.0), (1000.0, 1.0), (-1e300, -1.0)],
    regions=[
        ("uniform", -6.0, 6.0),
        ("uniform", -1.0, 1.0),
        ("uniform", 0.4, 0.6),                     # the polynomial / erfcx switch
        ("loguniform_signed", 1e-320, 1e-2),       # 2x/sqrt(pi), subnormal results included
        ("uniform", 4.0, 6.0),                     # 1 - erfc, erfc near 2^-54
        ("around", 0.5, 4096),
        ("around", 5.921587195794507, 4096),       # erf rounds to 1 above
        ("around", 2.0 ** -900, 4096),             # the scaled path below
        ("around", 2.0 ** -1021, 4096),
    ] + [("around", e, 512) for e in _SLOT_EDGES if e < 6.5],
    worstcases="erf.wc",
    limits={
        "poly_limit": (0.5, "|x| below: a (c0 + c1 u + u^2 P(u)); above: 1 - exp(-a^2) erfcx(a) "
                            "(erfc(1/2) = 0.48 < erf(1/2): its error reaches erf at most 0.92x)"),
        "erf_clamp": (6.0, "|x| is clamped to this for erf: erfc(6) = 2^-55.4 < 2^-54, so erf "
                           "rounds to 1 from 5.9216 on"),
        "f64_tiny": (2.0 ** -900, "float64 |x| below (and NaN): one lane at a time, 2x/sqrt(pi) "
                                  "(the cubic term is 2^-1800 below) from x scaled by 2^64 and "
                                  "rounded once: subnormal results, and near them the low parts "
                                  "of the double-double would fall below 2^-1074 (0.85 ULP at "
                                  "x = 6.9e-308 with the threshold at 2^-1021)"),
        "f32_tiny": (2.0 ** -125, "float32 |x| below: the result may be below float's normal "
                                  "range, rounded one lane at a time (vm_round_dd_f32_any)"),
        "f64_erfc_normal": (25.5, "a above: erfc (2^-944 at 25.5) nears double's subnormal "
                                  "range, where the double-double's low parts (2^-53 below) "
                                  "would lose bits (0.67 ULP at 26.49 with the threshold at "
                                  "26.5): erfc and the derivatives take the scaled path one "
                                  "lane at a time (exp(-a^2/2) twice, x 2^600)"),
        "f64_zero": (27.5, "a above: erfc < 2^-1096 and 2/sqrt(pi) exp(-a^2) < 2^-1090 round "
                           "to +0"),
        "f32_erfc_normal": (9.0, "float32 erfc, x above (erfc(9) = 2^-120.9; float's normal "
                                 "range ends at 9.2): rounded one lane at a time"),
        "f32_deriv_clamp": (11.0, "float32 derivatives: a clamped to this (2/sqrt(pi) "
                                  "exp(-121) = 2^-174.4 rounds to 0 in float)"),
    },
    deriv=lambda mp, x: 2 / mp.sqrt(mp.pi) * mp.exp(-x * x), deriv_at_inf=(0.0, 0.0),
    deriv_tails=[("uniform", 5.0, 27.5), ("uniform", 26.0, 27.4)],
    second=lambda x, y, dy: -2 * x * dy,           # erf'' = -2x erf'
    demo_domain=(-3.0, 3.0),
    warning_probes=[math.nan, math.inf, -math.inf, 0.0, -0.0, 1e-310, -1e-310, 1e-45, -1e-45,
                    2.0 ** -1022, 1e-39, 0.5, -0.5, 1.0, 6.0, -6.0, 30.0, -30.0],
    deriv_specials=[(0.0, 1.1283791670955126), (-0.0, 1.1283791670955126), (math.inf, 0.0),
                    (-math.inf, 0.0), (math.nan, math.nan), (1000.0, 0.0), (-1000.0, 0.0)],
    deriv_warnings={v: [] for v in (1.0, -1.0, math.inf, -math.inf, math.nan, 10.0, 26.6, 27.0,
                                    30.0, 1e300)},
    deriv_tail_probe=9.0,                          # 2/sqrt(pi) exp(-81) = 2^-116.7: normal in float
)

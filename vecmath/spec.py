"""The promise of every function and tier, in one place.

The generator, the tests, the accuracy tool and the docs all read this module: the ULP bound of
each (function, tier, dtype), the float64 sampling regions, and the C99 Annex F special values.
"""
import math

FUNCTIONS = ("exp", "log", "tanh", "atan")
TIERS = ("accurate", "fast", "approx")
DTYPES = ("float16", "float32", "float64")
ALIASES = {"arctan": "atan"}  # NumPy's name -> ours, in every tier


def numpy_name(fn):
    """NumPy's name of one of FUNCTIONS (atan -> arctan)."""
    return {ours: theirs for theirs, ours in ALIASES.items()}.get(fn, fn)

# Max error in ULPs that each tier promises.  "cr" means correctly rounded (max error <= 0.5 ULP
# and every result equal to the correctly rounded value).  float16 is computed through the
# float64 kernel of the same tier and rounded once, so every tier is within 1 ULP there.
BOUNDS = {
    ("accurate", "float16"): "cr",
    ("accurate", "float32"): "cr",
    ("accurate", "float64"): 1.0,   # strict: every measured error must be < 1 ULP
    ("fast", "float16"): 1.0,
    ("fast", "float32"): 1.0,       # faithful: every input (exhaustive test)
    ("fast", "float64"): 1.0,       # faithful: sampled regions and every shipped worst case
    ("approx", "float16"): 1.0,
    ("approx", "float32"): 2048.0,
    ("approx", "float64"): float(2 ** 26),
}
# Goal (not contract) for the float64 accurate tier.
GOAL_ACCURATE_F64 = 0.52

# Tiers allowed to flush subnormal results to zero (documented in docs/tiers.md).
FLUSHES_SUBNORMAL_RESULTS = {"approx"}


# Bounds that every measured error must stay strictly below (the others allow equality).
STRICT_BOUNDS = {("accurate", "float64")}


def bound(tier, dtype):
    """Max ULP error allowed; correctly rounded tiers give 0.5."""
    b = BOUNDS[(tier, dtype)]
    return 0.5 if b == "cr" else b


# Max error in ULPs of the derivative ufuncs (deriv.<fn>, and the derivative output of
# <fn>_and_deriv).  float16 goes through the float64 kernel and is rounded once: 1 ULP.  The
# approx tier's derivatives keep the approx tier's own bound.
DERIV_BOUNDS = {"accurate": 2.0, "fast": 8.0}


def deriv_bound(tier, dtype):
    """Max ULP error allowed for a derivative ufunc of the tier in dtype."""
    if dtype == "float16":
        return 1.0
    return DERIV_BOUNDS.get(tier) or bound(tier, dtype)


# Where each kernel leaves its branch-free path or saturates: (value, why).  The generator
# writes them into the kernels' constant blocks (csrc/generated/vm_data.h, vecmath/_data.py),
# which the C and numba kernels read; nobody types them into a kernel.
LIMITS = {
    "exp": {
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
    "tanh": {
        "deriv_tail_f64": (354.0, "|x| above: exp(-2|x|) is subnormal, so tanh' = (2 exp(-|x|))^2"),
        "deriv_tail_f32": (43.0, "the same in float arithmetic (fast and approx float32)"),
        "deriv_zero_f64": (380.0, "|x| above: tanh' = 4 exp(-2|x|) < 2^-1075, rounds to +0"),
        "f32_cr_window": (2.0 ** 20, "accurate float32: double ulps around a float midpoint within "
                                     "which the first pass (vm_tanh_f32_first_k's bound, 2^-35.5 "
                                     "relative = 2^17.5 ulps) cannot decide the rounding: 5.6x "
                                     "margin, about 2^-8 of inputs take the double-double path"),
    },
    "atan": {
        "f64_branch_free_abs": (2.0 ** 400, "|x| below: a times the node of a > 30 (2^600) and its "
                                            "reciprocal are normal doubles; above: +-pi/2 rounded"),
        "f32_cr_window": (8192.0, "accurate float32: double ulps around a float midpoint within which "
                                  "the first pass on the float grid (2^-42.2 relative = 2^10.8 "
                                  "ulps) cannot decide the rounding: 4.5x margin, about 2^-15 of "
                                  "inputs take the double-double path"),
        "f32_grid_clamp": (2.0 ** 100, "fast float32: |x| is clamped to it (inf included; NaN "
                                       "passes), so a c stays finite, tau = 1/c and the result is "
                                       "float(pi/2)"),
    },
    "log": {
        "f32_cr_window": (16384.0, "accurate float32: double ulps around a float midpoint within which "
                                   "the first pass (2^-41 relative = 2^12 ulps) cannot decide the "
                                   "rounding: 4x margin, about 2^-14 of inputs take the exact path"),
    },
}


def limit(func, name):
    return LIMITS[func][name][0]


# float64 sampling regions, per function: (kind, lo, hi) with kind "uniform" (in value),
# "loguniform" (in magnitude, both signs when lo/hi are positive and 'signed' is set) or
# "around" (lo = centre, hi = half-width in ULPs: every neighbour is sampled).
EXP_OVERFLOW_F64 = 709.782712893384     # largest x with finite exp(x) (rounded up)
EXP_SUBNORMAL_F64 = -708.3964185322641  # exp(x) < 2^-1022 below this
EXP_ZERO_F64 = -745.1332191019411       # exp(x) rounds to 0 below this
REGIONS = {
    "exp": [
        ("uniform", -745.2, 709.8),
        ("uniform", -1.0, 1.0),
        ("loguniform_signed", 1e-320, 1e-3),
        ("around", EXP_OVERFLOW_F64, 4096),
        ("around", EXP_SUBNORMAL_F64, 4096),
        ("around", EXP_ZERO_F64, 4096),
        ("uniform", -745.2, -708.3),   # subnormal results
    ],
    "log": [
        ("loguniform", 5e-324, 1.7e308),
        ("uniform", 0.5, 2.0),
        ("uniform", 1.0 - 2.0 ** -20, 1.0 + 2.0 ** -20),
        ("around", 1.0, 4096),
        ("loguniform", 5e-324, 2.2250738585072014e-308),   # subnormal inputs
    ],
    "tanh": [
        ("uniform", -25.0, 25.0),
        ("uniform", -1.0, 1.0),
        ("uniform", -0.04, 0.04),      # exp(2a) with k = 1, 2: fast float64's worst
        ("loguniform_signed", 1e-320, 1e-2),
        ("loguniform_signed", 1.0, 1e308),
    ],
    "atan": [
        ("uniform", -10.0, 10.0),
        ("uniform", -1.0, 1.0),
        ("loguniform_signed", 1e-320, 1e-2),
        ("loguniform_signed", 1e-2, 1e308),
    ],
}

# C99 Annex F special values, checked bit for bit in every tier and dtype.  1000.0 is exact in
# every dtype (float16 holds it); exp(1000) overflows to inf in all of them.
INF, NAN = math.inf, math.nan
SPECIALS = {
    "exp": [(NAN, NAN), (INF, INF), (-INF, 0.0), (0.0, 1.0), (-0.0, 1.0),
            (1000.0, INF), (-1000.0, 0.0)],
    "log": [(NAN, NAN), (INF, INF), (-INF, NAN), (0.0, -INF), (-0.0, -INF), (1.0, 0.0),
            (-1.0, NAN)],
    "tanh": [(NAN, NAN), (INF, 1.0), (-INF, -1.0), (0.0, 0.0), (-0.0, -0.0),
             (1000.0, 1.0), (-1000.0, -1.0)],
    "atan": [(NAN, NAN), (INF, "pi/2"), (-INF, "-pi/2"), (0.0, 0.0), (-0.0, -0.0)],
}

# The float64 hardest-to-round lists each function is tested on, shipped xz-compressed in
# vecmath/accuracy/worstcases/ (CORE-MATH's lists, MIT; see the README there).
WORSTCASE_FILES = {"exp": "exp.wc", "log": "log.wc", "tanh": "tanh.wc", "atan": "atan.wc"}
WORSTCASE_ODD = {"tanh", "atan"}  # test the negatives too

"""The promise of every tier, and each function's facts gathered from its descriptor.

The generator, the tests, the accuracy tool and the docs all read this module: the ULP bound of
each (tier, dtype), and, per function, what its descriptor (vecmath/functions/<fn>.py) holds:
the float64 sampling regions, the C99 Annex F special values, the kernels' thresholds and the
hardest-to-round list.
"""
from . import functions as _functions

TIERS = ("accurate", "fast", "approx")
DTYPES = ("float16", "float32", "float64")
FUNCTIONS = _functions.FUNCTIONS      # exp, log, tanh, atan, ...: one descriptor each
ALIASES = _functions.ALIASES          # alias -> ours, in every tier (arctan -> atan, expit -> sigmoid)


def numpy_name(fn):
    """NumPy's name of one of FUNCTIONS (atan -> arctan), or None where NumPy has none."""
    return _functions.get(fn).numpy


def peer(fn):
    """The peer's "MODULE:ATTR" (numpy:arctan, scipy.special:expit), or None."""
    return _functions.get(fn).peer_ref


def peer_callable(fn):
    """The peer function itself, or None (no peer, or its module does not import)."""
    return _functions.get(fn).peer_callable()


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
    # bfloat16 (vecmath.torch: NumPy has no such dtype) is computed as float16 is
    ("accurate", "bfloat16"): "cr",
    ("fast", "bfloat16"): 1.0,
    ("approx", "bfloat16"): 1.0,
}
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


# Where each kernel leaves its branch-free path or saturates: {fn: {name: (value, why)}}.  The
# generator writes them into the kernels' constant blocks (csrc/generated/vm_data.h,
# vecmath/_data.py), which the C and numba kernels read; nobody types them into a kernel.
LIMITS = {f: _functions.BY_NAME[f].limits for f in FUNCTIONS}


def limit(func, name):
    return LIMITS[func][name][0]


# float64 sampling regions, per function: (kind, lo, hi) with kind "uniform" (in value),
# "loguniform" (in magnitude), "loguniform_signed" (both signs) or "around" (lo = centre, hi =
# half-width in ULPs: every neighbour is sampled).
REGIONS = {f: _functions.BY_NAME[f].regions for f in FUNCTIONS}

# C99 Annex F special values, checked bit for bit in every tier and dtype.
SPECIALS = {f: _functions.BY_NAME[f].specials for f in FUNCTIONS}

# The float64 hardest-to-round lists each function is tested on, shipped xz-compressed in
# vecmath/accuracy/worstcases/ (CORE-MATH's lists, MIT; see the README there).
WORSTCASE_FILES = {f: _functions.BY_NAME[f].worstcases for f in FUNCTIONS}
WORSTCASE_ODD = {f for f in FUNCTIONS if _functions.BY_NAME[f].odd}  # test the negatives too

__all__ = [n for n in dir() if not n.startswith("_")]

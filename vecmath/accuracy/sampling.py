"""Sampled inputs, reproducible by seed: mostly for float64, where no sweep is possible.

n inputs: a quarter are uniform bit patterns over the whole domain (NaNs, infinities and
subnormals included), the rest are spread evenly over the function's spec.REGIONS:
uniform in value, log-uniform in magnitude (with both signs for "loguniform_signed") and
"around" a centre, which takes every neighbour within the given number of ulps.  Every step is
integer or correctly rounded arithmetic (NumPy's Generator), never a libm or SIMD call, so a seed
gives the same inputs on every machine: NumPy's own np.exp gives other bits on AVX-512 than on
AVX2, which once made the recorded proof set differ between CPUs.  For float64
the worst-case inputs of the function (spec.WORSTCASE_FILES; negatives too for
spec.WORSTCASE_ODD) are added on top of the n.
"""
import functools
import lzma
import math
import os
from pathlib import Path

import numpy as np

from .. import spec
from .formats import fmt

UNIFORM_BITS_SHARE = 0.25
WORSTCASES_ENV = "VECMATH_WORSTCASES"


def sample_inputs(func, n, seed=0, dtype="float64", worstcases=None):
    """n inputs of dtype for func (plus the worst cases; by default for float64 only)."""
    f = fmt(dtype)
    rng = np.random.default_rng([seed, spec.FUNCTIONS.index(func)])
    n_bits = int(n * UNIFORM_BITS_SHARE)
    parts = [rng.integers(0, 2 ** (8 * f.dtype.itemsize), n_bits, dtype=np.uint64).astype(f.uint).view(f.dtype)]
    regions = spec.REGIONS[func]
    budget = n - n_bits
    share = budget // len(regions)
    around = [r for r in regions if r[0] == "around"]
    sizes = {id(r): min(2 * int(r[2]) + 1, share) for r in around}
    spread = [r for r in regions if r[0] != "around"]
    left = budget - sum(sizes.values())
    for i, r in enumerate(spread):
        sizes[id(r)] = left // len(spread) + (i < left % len(spread))
    for r in regions:
        parts.append(region_inputs(rng, *r, sizes[id(r)], f.dtype))
    if worstcases or (worstcases is None and f.name == "float64"):
        parts.append(worstcase_inputs(func).astype(f.dtype))
    return np.concatenate(parts)


def region_inputs(rng, kind, lo, hi, count, dtype):
    """count inputs of one spec.REGIONS entry, in dtype."""
    dtype = np.dtype(dtype)
    if kind == "around":
        return _neighbours(dtype.type(lo), int(hi), count, rng)
    if kind == "uniform":
        v = rng.uniform(lo, hi, count)
    elif kind in ("loguniform", "loguniform_signed"):
        v = loguniform(rng, lo, hi, count, signed=kind == "loguniform_signed")
    else:
        raise ValueError(f"unknown region kind {kind!r}")
    with np.errstate(over="ignore"):
        return v.astype(dtype)


def loguniform(rng, lo, hi, count, signed=False):
    """count float64 magnitudes in [lo, hi] (0 < lo < hi), uniform over the float64 bit patterns
    between them: every binade gets the same share (log-uniform at the resolution of binades),
    uniform within each.  Drawn as integers, so the same on every machine; signed: each sign
    with probability 1/2."""
    a, b = (int(np.float64(v).view(np.uint64)) for v in (lo, hi))
    v = rng.integers(a, b, count, dtype=np.uint64, endpoint=True).view(np.float64)
    if signed:
        v = np.where(rng.integers(0, 2, count).astype(bool), -v, v)
    return v


def _neighbours(centre, half_width, count, rng):
    """Every number within half_width ulps of centre (a random `count` of them if fewer)."""
    f = fmt(centre.dtype)
    if not np.isfinite(centre):
        return np.empty(0, f.dtype)
    steps = np.arange(-half_width, half_width + 1)
    if count < len(steps):
        steps = np.sort(rng.choice(steps, count, replace=False))
    # along the bit patterns, away from zero is +1 for positive centres and -1 for negative ones
    bits = np.uint64(int(np.array(centre).view(f.uint))) + steps.astype(np.uint64)   # wraps: b + s
    return bits.astype(f.uint).view(f.dtype)


SHIPPED_WORSTCASES = Path(__file__).resolve().parent / "worstcases"


def worstcase_dir():
    """Directory of the worst-case lists: $VECMATH_WORSTCASES if set, else the package's own."""
    env = os.environ.get(WORSTCASES_ENV)
    return Path(env) if env else SHIPPED_WORSTCASES


def worstcase_inputs(func):
    """float64 hardest-to-round inputs of func (empty if spec lists none); odd functions get
    their negatives too.  Reads NAME or NAME.xz from worstcase_dir()."""
    name = spec.WORSTCASE_FILES.get(func)
    if name is None:
        return np.empty(0)
    return _read_worstcases(worstcase_dir(), name, func in spec.WORSTCASE_ODD).copy()


@functools.lru_cache(maxsize=None)
def _read_worstcases(directory, name, odd):
    for path in (directory / name, directory / (name + ".xz")):
        if path.is_file():
            break
    else:
        raise FileNotFoundError(
            f"worst-case file {directory / name}[.xz] not found, so float64 inputs that are hardest "
            f"to round cannot be checked. Unset {WORSTCASES_ENV} to use the lists shipped with "
            f"vecmath, or point it at a directory holding "
            f"{', '.join(sorted(spec.WORSTCASE_FILES.values()))}.")
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt") as fh:
        x = np.array([v for v in map(_parse, fh) if v is not None])
    return np.concatenate([x, -x]) if odd else x


def _parse(line):
    """A .wc line: C hex float or a special value name; comments and notes like ', ERANGE' dropped."""
    token = line.split("#")[0].split(",")[0].strip()
    if not token:
        return None
    if token.lstrip("+-") == "snan":
        return math.nan          # a quiet NaN stands in: NumPy cannot hold a signalling one reliably
    return float.fromhex(token)

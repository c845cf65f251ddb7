"""Correctly rounded reference values from mpmath, by Ziv's strategy.

For each input an enclosure (lo, hi) of the exact f(x) is computed at 100 bits.  When every
value inside it rounds to the same number of the target format and has the same ulp, that
number is the correctly rounded result; otherwise the enclosure is recomputed at 256 and then
1024 bits.  mpmath's result at precision P is trusted to 2^-(P - SLACK_BITS) relative: it keeps
guard bits and lands within about one unit of its last place, so the slack is a wide margin.

Where a function meets its first-order approximation (exp(x) ~ 1 and tanh(x) ~ atan(x) ~ x for
tiny x, tanh(x) ~ +-1 for large x) the exact value can sit closer to a power of two than any
fixed precision resolves, and the ulp of the exact value changes across a power of two.  There
a truncated series with a proven remainder bound gives the enclosure instead.

Rounding is done on mpmath's (sign, mantissa, exponent) integers, never through float(): that
rounds to 53 bits and then scales, which double-rounds subnormal results.
"""
import math
from dataclasses import dataclass

import numpy as np
from mpmath import libmp
from mpmath.libmp import from_float, mpf_add, mpf_shift, mpf_sub, to_float

from .. import functions
from ..functions import _mpf
from .formats import fmt
from .parallel import default_processes, map_chunks

PRECISIONS = (100, 256, 1024)
SLACK_BITS = 10
# f(t, prec, rnd) on mpf tuples: mpmath.libmp's, or a descriptor helper's (vecmath/functions/_mpf.py)
MPMATH = {f.name: getattr(_mpf, f.mpmath, None) or getattr(libmp, f.mpmath) for f in functions.BY_NAME.values()}
# ulp_exp is capped here (exp(1e308) has a 2^(1.4e308) ulp): past it, y * 2^-ulp_exp is 0 for
# every finite y, so the cap changes no error, and the exponent fits an int32.
ULP_EXP_CAP = 1 << 20


@dataclass
class Reference:
    """Correctly rounded f(x) for an array of inputs, with what the ULP error of any result needs.

    rounded_err is (anchor - exact) / ulp(exact), where the anchor is the rounded value, or
    +-max of the format when that is +-inf; ulp_exp is log2 ulp(exact).  bits is the mpmath
    precision that settled each value (0: exact by definition or by a series enclosure).
    """
    func: str
    dtype: str
    x: np.ndarray
    rounded: np.ndarray
    rounded_err: np.ndarray
    ulp_exp: np.ndarray
    bits: np.ndarray

    def __len__(self):
        return len(self.x)

    def subset(self, index):
        return Reference(self.func, self.dtype, self.x[index], self.rounded[index],
                         self.rounded_err[index], self.ulp_exp[index], self.bits[index])


def reference(func, x, dtype=None, processes=None, progress=None):
    """Reference for f(x) over an array, in x's dtype unless `dtype` says otherwise.

    The mpmath work is spread over `processes` processes (default: up to 2); `progress` is an
    optional callable(done, total) for long runs.
    """
    f = fmt(dtype or np.asarray(x).dtype)
    dtype = f.name
    x = np.asarray(x, dtype=f.dtype).ravel()
    columns = map_chunks(_reference_chunk, [(func, dtype, part) for part in np.array_split(x, max(1, len(x) // 4096))],
                         processes=processes or default_processes(), progress=progress)
    rounded, err, ulp_exp, bits = (np.concatenate([c[i] for c in columns]) if columns else np.empty(0)
                                   for i in range(4))
    return Reference(func, dtype, x, rounded.astype(f.dtype), err.astype(np.float64),
                     ulp_exp.astype(np.int32), bits.astype(np.int16))


def _reference_chunk(args):
    func, dtype, x = args
    out = [correctly_rounded(func, float(v), dtype) for v in x]
    return tuple(np.array(col) for col in zip(*out)) if out else (np.empty(0),) * 4


def correctly_rounded(func, x, dtype):
    """(rounded, rounded_err, ulp_exp, bits) for f(x), x a float exactly representable in dtype."""
    f = fmt(dtype)
    exact = exact_value(func, x)
    if exact is not None:
        return exact, _exact_err(exact), ulp_exp_of_float(exact, f), 0
    for bits, enclosure in _enclosures(func, x):
        settled = enclosure and _resolve(*enclosure, f)
        if settled:
            rounded, ulp_exp = settled
            err = _rounded_err(rounded, ulp_exp, *enclosure, f)
            return rounded, err, min(ulp_exp, ULP_EXP_CAP), bits
    raise ArithmeticError(f"{func}({x.hex()}) in {f.name} is not settled at {PRECISIONS[-1]} bits")


def correctly_rounded_constant(compute, dtype):
    """A constant, correctly rounded to dtype; compute(prec) gives it to within 2^-(prec - SLACK_BITS)."""
    f = fmt(dtype)
    for prec in PRECISIONS:
        enclosure = _widen(compute(prec), prec - SLACK_BITS)
        settled = _resolve(*enclosure, f)
        if settled:
            return settled[0]
    raise ArithmeticError(f"constant not settled in {f.name} at {PRECISIONS[-1]} bits")


def exact_value(func, x):
    """f(x) when it is exactly a float (C99 Annex F values and fixed points), else None."""
    if math.isnan(x):
        return math.nan
    return functions.get(func).exact(x)


def _exact_err(exact):
    # an infinite exact value is infinitely far from the finite anchor (+-max)
    return -exact if math.isinf(exact) else 0.0


def _enclosures(func, x):
    """(bits, (lo, hi)) with lo < f(x) < hi, ever tighter; (bits, None) when one fails."""
    t = from_float(x)
    series = _series_enclosure(func, t)
    if series:
        yield 0, series
    for prec in PRECISIONS:
        v = MPMATH[func](t, prec, "n")
        yield prec, (_widen(v, prec - SLACK_BITS) if v[1] else None)


def _widen(v, bits):
    """(v - |v| 2^-bits, v + |v| 2^-bits), exactly."""
    sign, man, exp, bc = v
    d = (0, man, exp - bits, bc)
    return mpf_sub(v, d), mpf_add(v, d)


def _series_enclosure(func, t):
    """Enclosure from a truncated series where the function is nearly trivial (the
    descriptor's series: exp(x) ~ 1 + x, tanh(x) ~ atan(x) ~ x, ...), else None."""
    series = functions.get(func).series
    return series(t) if series else None


def _resolve(lo, hi, f):
    """(rounded, ulp_exp) shared by every value of the open interval (lo, hi), else None."""
    if lo[0] != hi[0] or not lo[1] or not hi[1]:
        return None                        # the interval reaches zero
    rounded = round_mpf(lo, f)
    if rounded != round_mpf(hi, f):
        return None
    inner, outer = (lo, hi) if not lo[0] else (hi, lo)
    ulp_exp = mpf_ulp_exp(inner, f)
    # values just inside an outer end that is a power of two lie in the binade below it
    outer_top = outer[2] + outer[3] - 1 - (outer[1] == 1)
    if ulp_exp != max(outer_top, f.emin) - f.p + 1:
        return None
    return rounded, ulp_exp


def round_mpf(t, dtype):
    """Round a finite nonzero mpmath value (raw tuple) to nearest-even in dtype; a Python float.

    Subnormal results are rounded once, at their own spacing; values at or beyond
    max + ulp(max)/2 become inf.
    """
    f = fmt(dtype)
    sign, man, exp, bc = t
    q = max(exp + bc - 1, f.emin) - f.p + 1        # exponent of the spacing at |t|
    shift = q - exp
    if shift > bc:
        n = 0                                       # below half the spacing
    elif shift > 0:
        n = man >> shift
        rem = man & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if rem > half or (rem == half and n & 1):
            n += 1
    else:
        n = man << -shift
    if n and int(n).bit_length() + q - 1 > f.emax:
        return -math.inf if sign else math.inf
    v = math.ldexp(int(n), q)
    return -v if sign else v


def mpf_ulp_exp(t, dtype):
    """log2 ulp of a finite nonzero mpmath value (raw tuple) in dtype."""
    f = fmt(dtype)
    return max(t[2] + t[3] - 1, f.emin) - f.p + 1


def ulp_exp_of_float(v, f):
    if v == 0 or not math.isfinite(v):
        return f.min_ulp_exp if v == 0 else f.max_ulp_exp
    return max(math.frexp(v)[1] - 1, f.emin) - f.p + 1


def _rounded_err(rounded, ulp_exp, lo, hi, f):
    anchor = math.copysign(f.max, rounded) if math.isinf(rounded) else rounded
    middle = mpf_shift(mpf_add(lo, hi), -1)
    err = mpf_shift(mpf_sub(from_float(anchor), middle, 60, "n"), -ulp_exp)
    if err[1] and err[2] + err[3] < -1100:       # rounds to +-0 in float64; to_float cannot take
        return -0.0 if err[0] else 0.0           # an exponent this far below (an enclosure of 2^-10^600)
    return to_float(err)

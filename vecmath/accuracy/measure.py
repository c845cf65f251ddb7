"""ULP errors of results against a Reference, and the summary of a run (Result).

The error of y is |y - exact| / ulp(exact) (see formats.py).  An infinite y counts as
2^(emax+1) unless the exact value rounds to that same infinity (error 0); a NaN is right only
where the exact value is NaN, and infinitely wrong elsewhere.
"""
import math
import time
from dataclasses import asdict, dataclass, field

import numpy as np

from .formats import fmt, same_bits

# Histogram bins: [0, 0.5], (0.5, 1], (1, 2], ... (2^61, 2^62], (2^62, inf), inf
HIST_EDGES = np.array([0.0] + [0.5 * 2.0 ** k for k in range(64)])
HIST_LABELS = ([f"{_lo:g}-{_hi:g}" if _hi <= 1024 else f"2^{int(math.log2(_lo))}-2^{int(math.log2(_hi))}"
                for _lo, _hi in zip(HIST_EDGES[:-1], HIST_EDGES[1:])] + [">2^62", "inf"])


def histogram(errors):
    """Counts of errors per bin of HIST_LABELS."""
    errors = np.asarray(errors, dtype=np.float64)
    above = errors[errors > 0.5]             # most errors are in the first bin: bin the rest only
    m, e = np.frexp(2 * above)               # 2 err = m 2^e; bin k holds 2 err in (2^(k-1), 2^k]
    index = np.minimum(e - (m == 0.5), len(HIST_LABELS) - 2)
    index[np.isinf(above)] = len(HIST_LABELS) - 1
    counts = np.bincount(index, minlength=len(HIST_LABELS))
    counts[0] = len(errors) - len(above)
    return counts


def evaluate(func, x):
    """func(x) as an array of x's dtype and shape, with floating-point warnings silenced."""
    with np.errstate(all="ignore"):
        y = func(x)
    y = np.asarray(y.numpy() if hasattr(y, "numpy") and not isinstance(y, np.ndarray) else y)
    if y.shape != x.shape or y.dtype != x.dtype:
        raise TypeError(f"{getattr(func, '__name__', func)} returned {y.dtype}{list(y.shape)} "
                        f"for {x.dtype}{list(x.shape)} input")
    return y


def ulp_errors(y, ref):
    """ULP error of every result y against the Reference ref."""
    y = np.asarray(y)
    errors = cr_errors(ref)
    wrong = np.flatnonzero(~same_bits(y, ref.rounded))
    errors[wrong] = _errors_of_wrong(y[wrong], ref.subset(wrong))
    return errors


def cr_errors(ref):
    """Error of the correctly rounded results themselves (0 at infinities and NaN)."""
    return np.where(np.isfinite(ref.rounded), np.abs(ref.rounded_err), 0.0)


def _errors_of_wrong(y, ref):
    """Errors of results that are not the correctly rounded ones."""
    f = fmt(ref.dtype)
    y, rounded = y.astype(np.float64), ref.rounded.astype(np.float64)
    anchor = np.where(np.isinf(rounded), np.copysign(f.max, rounded), rounded)
    y_inf = np.isinf(y)
    y_finite = np.where(y_inf, np.copysign(f.max, y), y)
    beyond_max = np.where(y_inf, np.copysign(2.0 ** f.max_ulp_exp, y), 0.0)   # inf = 2^(emax+1)
    u = -ref.ulp_exp
    with np.errstate(all="ignore"):
        diff = y_finite - anchor                 # exact whenever y is near the anchor
        scaled = np.ldexp(diff, u)
        overflow = np.isinf(diff)                # +-max against -+max in float64
        scaled[overflow] = np.ldexp(y_finite[overflow], u[overflow]) - np.ldexp(anchor[overflow], u[overflow])
        errors = np.abs(scaled + np.ldexp(beyond_max, u) + ref.rounded_err)   # y - exact
    errors[np.isnan(y) != np.isnan(rounded)] = np.inf
    errors[np.isnan(y) & np.isnan(rounded)] = 0.0
    return errors


@dataclass
class Result:
    """Accuracy of one callable on one set of inputs of one function and dtype."""
    func: str
    dtype: str
    label: str                 # what was measured, e.g. "vecmath.fast.exp" or "numpy:exp"
    inputs: str                # "exhaustive", "samples n=... seed=...", "specials"
    n: int
    max_ulp: float
    worst_input: float
    worst_value: float
    worst_expected: float
    not_cr: int
    histogram: dict = field(default_factory=dict)   # bin label -> count, nonzero bins only
    seconds: float = math.nan
    flushed: int = 0           # subnormal results flushed to zero, where allowed: not in n

    @property
    def cr_percent(self):
        return 100.0 * (self.n - self.not_cr) / self.n if self.n else 100.0

    def line(self):
        """One summary line; its last fields are max_ulp=<value> not_cr=<count>."""
        show = lambda v: str(fmt(self.dtype).dtype.type(v))
        return (f"{self.func} {self.dtype} {self.label} [{self.inputs}] n={self.n} "
                f"cr={self.cr_percent:.4f}% worst: x={show(self.worst_input)} got={show(self.worst_value)} "
                f"want={show(self.worst_expected)} time={self.seconds:.1f}s "
                + (f"flushed={self.flushed} " if self.flushed else "") +
                f"max_ulp={self.max_ulp:.6g} not_cr={self.not_cr}")

    def keeps(self, bound, strict=False):
        """Whether this result keeps a bound: "cr" (every result correctly rounded) or a number
        of ULPs (strict: the error must stay below it)."""
        if bound == "cr":
            return self.not_cr == 0
        return self.max_ulp < bound if strict else self.max_ulp <= bound

    @classmethod
    def overall(cls, results):
        """One Result for one callable's several sets of inputs: the worst of them, the sums."""
        first, worst = results[0], max(results, key=lambda r: r.max_ulp)
        hist = {}
        for r in results:
            for key, count in r.histogram.items():
                hist[key] = hist.get(key, 0) + count
        return cls(first.func, first.dtype, first.label, "overall: " + " + ".join(r.inputs for r in results),
                   sum(r.n for r in results), worst.max_ulp, worst.worst_input, worst.worst_value,
                   worst.worst_expected, sum(r.not_cr for r in results), hist,
                   sum(r.seconds for r in results), sum(r.flushed for r in results))

    def to_dict(self):
        """JSON-ready: floats that JSON cannot hold (inf, NaN) and dtype values become strings."""
        d = asdict(self)
        for key in ("worst_input", "worst_value", "worst_expected"):
            d[key] = str(fmt(self.dtype).dtype.type(d[key]))
        for key in ("max_ulp", "seconds"):
            d[key] = d[key] if math.isfinite(d[key]) else str(d[key])
        d["cr_percent"] = self.cr_percent
        return d


class Tally:
    """Running summary of one callable over chunks of inputs."""

    def __init__(self):
        self.n = self.not_cr = self.flushed = 0
        self.max_ulp = -1.0
        self.worst = (math.nan,) * 3
        self.counts = np.zeros(len(HIST_LABELS), dtype=np.int64)
        self.seconds = 0.0

    def add(self, ref, y, shared=None, flush_below=0.0):
        """Fold in results y for ref's inputs; `shared` is prepare(ref), reused across callables.

        Zeros where the correctly rounded result is nonzero and below flush_below in magnitude
        are counted as flushed and left out (see flush_threshold).
        """
        if flush_below:
            flushed = (y == 0) & (ref.rounded != 0) & (np.abs(ref.rounded) < flush_below)
            if flushed.any():
                self.flushed += int(flushed.sum())
                ref, y, shared = ref.subset(~flushed), y[~flushed], None
        if not len(y):
            return
        base, base_counts, base_worst = shared or prepare(ref)
        wrong_mask = ~same_bits(y, ref.rounded)
        wrong = np.flatnonzero(wrong_mask)
        errors = _errors_of_wrong(y[wrong], ref.subset(wrong))
        self.counts += base_counts - histogram(base[wrong]) + histogram(errors)
        self.n += len(y)
        self.not_cr += len(wrong)
        worst, worst_err = (wrong[np.argmax(errors)], errors.max()) if len(wrong) else (0, -1.0)
        if base[base_worst] > worst_err:        # a right result may still have the largest error
            right = np.where(wrong_mask, -1.0, base) if len(wrong) else base
            best = int(np.argmax(right))
            if right[best] > worst_err:
                worst, worst_err = best, right[best]
        if worst_err > self.max_ulp:
            self.max_ulp = float(worst_err)
            self.worst = (float(ref.x[worst]), float(y[worst]), float(ref.rounded[worst]))

    def merge(self, other):
        self.n += other.n
        self.not_cr += other.not_cr
        self.flushed += other.flushed
        self.counts += other.counts
        self.seconds += other.seconds
        if other.max_ulp > self.max_ulp:
            self.max_ulp, self.worst = other.max_ulp, other.worst

    def result(self, func, dtype, label, inputs, seconds=None):
        hist = {lab: int(c) for lab, c in zip(HIST_LABELS, self.counts) if c}
        return Result(func, dtype, label, inputs, self.n, max(self.max_ulp, 0.0), *self.worst,
                      self.not_cr, hist, self.seconds if seconds is None else seconds, self.flushed)


def prepare(ref):
    """What every callable measured against ref shares: the errors of the correctly rounded
    results, their histogram and the index of the largest."""
    base = cr_errors(ref)
    return base, histogram(base), int(np.argmax(base)) if len(base) else 0


def flush_threshold(dtype, bound):
    """Magnitude below which a tier within `bound` ULP may flush its result to zero: its
    unflushed value lies below the smallest normal only if the exact one is below this."""
    f = fmt(dtype)
    return 2.0 ** f.emin + bound * 2.0 ** f.min_ulp_exp


def measure(ref, callables, inputs="samples", flush_below=None):
    """Result of each callable (a dict label -> callable) against the Reference ref.

    flush_below: optional dict label -> threshold for callables allowed to flush subnormal
    results to zero (see flush_threshold).
    """
    shared = prepare(ref)
    results = {}
    for label, func in callables.items():
        start = time.perf_counter()
        tally = Tally()
        tally.add(ref, evaluate(func, ref.x), shared, (flush_below or {}).get(label, 0.0))
        results[label] = tally.result(ref.func, ref.dtype, label, inputs, time.perf_counter() - start)
    return results

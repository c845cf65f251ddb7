"""Exhaustive sweeps: every float16 input against mpmath, every float32 input against float64.

float16 has 65,536 inputs: each is settled by the mpmath reference directly.

float32 has 2^32 inputs (NaNs included; for log, negatives included), swept in chunks of 2^22
on every core.  The reference is NumPy's float64 function on the float64-converted input, and
the sweep assumes its relative error is at most 2^-45: more than 100 times the worst error of
NumPy's float64 exp, log, tanh and arctan measured against mpmath (at most about 1.15 ULP of
float64, i.e. 2^-51.8 relative).  Each sweep re-verifies that assumption on a few thousand inputs (check_float64_reference)
and stops if it fails.  With it:

* an input whose float64 reference lies within 2^-45 (relative) of a float32 rounding boundary,
  i.e. a midpoint between two float32 numbers measured in float32 ulps at that point (so
  subnormal results are covered too), is recomputed with mpmath before anything is measured;
* elsewhere the float64 reference rounds to the correctly rounded float32, and the measured
  error of a result is off by at most 2^-45 * 2^24 = 2^-21 ULP;
* where the float64 reference cannot give the ulp of the exact value (it lies within 2^-45 of a
  power of two, or the float64 result overflows while the float32 one is inf), the rounded value
  is still certain, and a result that differs from it is measured against mpmath.

Several callables share one sweep, so the reference is paid once per function.

The float64 reference is the descriptor's peer (NumPy's; SciPy's for sigmoid, erf and erfc), a
library independent of vecmath's kernels.  For erfc, measured on the sweep's own inputs (16
chunks of 2^22 bit patterns spread over all 2^32, 2^16 blocks, one thread, AMD EPYC family 26
model 2 shared with other work, load average 9-11): SciPy's erfc 14.7 ns per input, which is
11% of the sweep's time (the rest of float64_reference, NumPy's bookkeeping, 33% before it was
done in place, which took 12-15% off the sweep's CPU time; the accurate tier's float32 erfc 27%;
tallying 18%); torch.special.erfc is slower there (18.2 ns); JAX's
XLA erfc is faster (2.5 ns, max relative error 1.4e-15 on 20,000 inputs, SciPy's 1.2e-15) but
the sweep forks its workers, and XLA's thread pools, once started in the parent, do not survive
a fork: not worth a possible hang for about a tenth of one sweep.
"""
import time
from dataclasses import dataclass

import numpy as np
from mpmath.libmp import from_float, mpf_abs, mpf_div, mpf_sub, to_float

from .callables import numpy_callable
from .formats import FORMATS, same_bits
from .measure import Tally, evaluate, measure, prepare
from .parallel import ProgressBar, default_processes, map_chunks
from .reference import MPMATH, Reference, reference

ASSUMED_REL_ERR = 2.0 ** -45
CHUNK_BITS = 22          # one task per 2^22 inputs...
BLOCK = 1 << 16          # ...worked through in blocks of 2^16, which fit in cache
FLOAT32 = FORMATS["float32"]


@dataclass
class Sweep:
    """Results of a float32 sweep, per callable label, with what the sweep itself found."""
    func: str
    results: dict
    recomputed: int = 0            # inputs settled by mpmath instead of float64
    checked: int = 0               # inputs of the float64 cross-check
    max_rel_err: float = 0.0       # worst relative error of the float64 reference seen there
    seconds: float = 0.0           # wall time
    cpu_seconds: float = 0.0       # CPU time of the workers, whatever else the machine ran

    def line(self):
        return (f"{self.func} float32 sweep: float64 reference checked on {self.checked} inputs, "
                f"max rel err {self.max_rel_err:.3g} (assumed <= {ASSUMED_REL_ERR:.3g}); "
                f"{self.recomputed} inputs recomputed with mpmath; {self.seconds:.0f} s wall, "
                f"{self.cpu_seconds:.0f} s CPU")


def sweep_float16(func, callables, processes=None, progress=True, flush_below=None):
    """Result per label of every float16 input, against mpmath (flush_below: see measure)."""
    start = time.perf_counter()
    x = np.arange(2 ** 16, dtype=np.uint16).view(np.float16)
    bar = ProgressBar(f"{func} float16 reference") if progress else None
    ref = reference(func, x, processes=processes or default_processes(), progress=bar)
    results = measure(ref, callables, "exhaustive", flush_below)
    for r in results.values():
        r.seconds += time.perf_counter() - start
    return results


def sweep_float32(func, callables, processes=None, progress=True, flush_below=None, first=0,
                  stop=2 ** 32, chunk_bits=CHUNK_BITS, check_inputs=4096, seed=0):
    """Sweep float32 bit patterns [first, stop) (all of them by default) for every callable.

    callables: dict label -> callable taking and returning float32 arrays; flush_below: see
    measure.measure.
    """
    start_time = time.perf_counter()
    checked, max_rel = check_float64_reference(func, check_inputs, seed)
    global _SWEEP
    chunk = 1 << chunk_bits
    _SWEEP = (func, callables, flush_below or {}, chunk, stop)      # inherited by the forked workers
    starts = range(first, stop, chunk)
    bar = ProgressBar(f"{func} float32 sweep") if progress else None
    parts = map_chunks(_sweep_chunk, starts, processes or default_processes(), bar)
    tallies = {label: Tally() for label in callables}
    recomputed = cpu = 0
    for part_tallies, part_recomputed, part_cpu in parts:
        recomputed += part_recomputed
        cpu += part_cpu
        for label, tally in part_tallies.items():
            tallies[label].merge(tally)
    inputs = "exhaustive" if (first, stop) == (0, 2 ** 32) else f"bits {first:#x}-{stop:#x}"
    results = {label: t.result(func, "float32", label, inputs) for label, t in tallies.items()}
    return Sweep(func, results, recomputed, checked, max_rel, time.perf_counter() - start_time, cpu)


_SWEEP = None

# Odd, and near 2^32 / golden ratio: i * WEYL_STEP mod 2^32 visits every bit pattern once per 2^32
# steps, and any 2^k consecutive steps spread evenly over all of them (exponents, signs, NaNs).
WEYL_STEP = 0x9E3779B9


def sample_float32(func, callables, n=1 << 20, flush_below=None, offset=0):
    """Like sweep_float32, on n bit patterns spread evenly over all 2^32 (a Weyl sequence from
    offset) instead of every one: the same reference, the same measure, on one core.  Returns
    {label: Result}."""
    check_float64_reference(func, 1024, seed=offset)
    tallies = {label: Tally() for label in callables}
    for first in range(0, n, BLOCK):
        i = np.arange(first, min(first + BLOCK, n), dtype=np.uint64) + np.uint64(offset)
        x = (i * np.uint64(WEYL_STEP)).astype(np.uint32).view(np.float32)     # mod 2^32
        block_tallies, _ = _measure_block(func, callables, flush_below or {}, x)
        for label, tally in block_tallies.items():
            tallies[label].merge(tally)
    inputs = f"{n} bit patterns (Weyl step {WEYL_STEP:#x} from {offset})"
    return {label: t.result(func, "float32", label, inputs) for label, t in tallies.items()}


def _sweep_chunk(first):
    """Tallies per label for one chunk, processed in blocks that stay in the CPU's cache."""
    func, callables, flush_below, chunk, stop = _SWEEP
    cpu_start = time.process_time()
    tallies = {label: Tally() for label in callables}
    recomputed = 0
    for block in range(first, min(first + chunk, stop), BLOCK):
        block_tallies, block_recomputed = _sweep_block(func, callables, flush_below, block,
                                                       min(block + BLOCK, stop))
        recomputed += block_recomputed
        for label, tally in block_tallies.items():
            tallies[label].merge(tally)
    return tallies, recomputed, time.process_time() - cpu_start


def _sweep_block(func, callables, flush_below, first, stop):
    x = np.arange(first, stop, dtype=np.uint32).view(np.float32)     # stop may be 2^32: arange allows it
    return _measure_block(func, callables, flush_below, x)


def _measure_block(func, callables, flush_below, x):
    """Tallies per label on the float32 inputs x (a block that fits in cache), and how many
    inputs mpmath settled."""
    ref, unsure, recomputed = float32_reference(func, x)
    shared = prepare(ref)
    tallies = {}
    for label, f in callables.items():
        start = time.perf_counter()
        y = evaluate(f, x)
        candidates = np.flatnonzero(unsure)
        wrong_unsure = candidates[~same_bits(y[candidates], ref.rounded[candidates])]
        if len(wrong_unsure):
            recomputed += _settle(ref, wrong_unsure)
            unsure[wrong_unsure] = False
            shared = prepare(ref)
        tally = Tally()
        tally.add(ref, y, shared, flush_below.get(label, 0.0))
        tally.seconds = time.perf_counter() - start
        tallies[label] = tally
    return tallies, recomputed


def _settle(ref, index):
    """Replace ref's values at index by mpmath's; returns how many."""
    if len(index):
        exact = reference(ref.func, ref.x[index], processes=1)
        for name in ("rounded", "rounded_err", "ulp_exp", "bits"):
            getattr(ref, name)[index] = getattr(exact, name)
    return len(index)


def float32_reference(func, x):
    """Reference for float32 inputs x: NumPy's float64, and mpmath near rounding boundaries.

    Returns (ref, unsure, recomputed): unsure marks the inputs whose exact ulp only mpmath
    knows (their rounded value is right), recomputed counts the inputs mpmath settled.
    """
    ref, near_midpoint, unsure = float64_reference(func, x)
    return ref, unsure, _settle(ref, np.flatnonzero(near_midpoint))


def float64_reference(func, x):
    """Reference for float32 inputs x from NumPy's float64 function.

    Returns (ref, near_midpoint, unsure): inputs to recompute with mpmath before measuring, and
    inputs whose rounded value is certain but whose exact ulp is not (see the module docstring).
    """
    with np.errstate(all="ignore"):           # signalling NaNs raise 'invalid' on conversion
        x64 = x.astype(np.float64)
        r = numpy_callable(func)(x64)
        rounded = r.astype(np.float32)
    # read exponent and mantissa off the float64 bits: floor(log2|r|) = biased - 1023.  (In place
    # and in int32 where the values fit: this bookkeeping cost the sweep more than the reference
    # call itself; the same arithmetic, the same bits.)
    r_bits = r.view(np.uint64)
    biased = (r_bits >> np.uint64(52)).astype(np.int32)
    biased &= 0x7FF
    mantissa = r_bits & np.uint64((1 << 52) - 1)
    ulp_exp = np.maximum(biased, 1023 + FLOAT32.emin)
    ulp_exp -= 1023 + FLOAT32.p - 1
    to_ulps = np.subtract(1023, ulp_exp, dtype=np.int64)
    to_ulps <<= 52
    to_ulps = to_ulps.view(np.float64)                           # 2^-ulp_exp, exactly
    with np.errstate(invalid="ignore"):
        in_ulps = r * to_ulps
        dist = np.floor(in_ulps)                                 # |in_ulps - floor - 0.5|
        np.subtract(in_ulps, dist, out=dist)
        dist -= 0.5
        np.abs(dist, out=dist)
        np.abs(in_ulps, out=in_ulps)
        in_ulps *= ASSUMED_REL_ERR
        near_midpoint = dist <= in_ulps
        rounded_err = rounded.astype(np.float64)                 # the anchor: rounded, +-max for inf
        np.clip(rounded_err, -FLOAT32.max, FLOAT32.max, out=rounded_err)
        rounded_err -= r
        rounded_err *= to_ulps
    # within the bound of a power of two with a normal binade below it: ulp(exact) unsure
    slack = np.uint64(2 * ASSUMED_REL_ERR * 2 ** 52)
    near_power = mantissa <= slack
    near_power |= mantissa >= np.uint64(1 << 52) - slack
    unsure = near_power & (biased >= 1023 + FLOAT32.emin) & (biased != 0x7FF)
    unsure |= (biased == 0x7FF) & (mantissa == 0) & np.isfinite(x64)   # float64 overflow, finite exact
    ref = Reference(func, "float32", x, rounded, rounded_err, ulp_exp, np.zeros(len(x), np.int16))
    return ref, near_midpoint, unsure


def check_float64_reference(func, n=4096, seed=0):
    """Check NumPy's float64 function against mpmath on n float32 inputs; returns (n, max rel err).

    Raises AssertionError if the error exceeds ASSUMED_REL_ERR anywhere the float32 result
    depends on it (exact results of float64 normal size).
    """
    from .sampling import sample_inputs

    if n <= 0:
        return 0, 0.0
    with np.errstate(all="ignore"):
        x = sample_inputs(func, n, seed, dtype="float32").astype(np.float64)
        r = numpy_callable(func)(x)
    worst, worst_x = 0.0, None
    for xi, ri in zip(x.tolist(), r.tolist()):
        if not np.isfinite(ri) or ri == 0 or not np.isfinite(xi):
            continue
        exact = MPMATH[func](from_float(xi), 128, "n")
        if not exact[1] or abs(ri) < 2.0 ** -1022:
            continue                      # float64 subnormal: far below every float32 result
        rel = to_float(mpf_abs(mpf_div(mpf_sub(from_float(ri), exact), exact, 64)))
        if rel > worst:
            worst, worst_x = rel, xi
    assert worst <= ASSUMED_REL_ERR, (f"NumPy's float64 {func} errs by {worst:.3g} (relative) at "
                                      f"x={worst_x!r}: beyond the {ASSUMED_REL_ERR:.3g} the sweep assumes")
    return len(x), worst

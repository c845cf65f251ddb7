"""One measurement run: a function, a dtype, some callables, and the inputs the dtype calls for."""
from dataclasses import dataclass, field

from .exhaustive import sweep_float16, sweep_float32
from .measure import measure
from .parallel import ProgressBar
from .reference import reference
from .sampling import sample_inputs
from .specials import check_specials

DEFAULT_SAMPLES = 10 ** 6


@dataclass
class Run:
    results: list = field(default_factory=list)   # Result per callable and set of inputs
    sweep: object = None                          # the float32 Sweep, when there was one
    reference: object = None                      # the sampled Reference, when there was one


def sample_reference(func, dtype, n, seed=0, processes=None, progress=False):
    """Reference on sample_inputs(func, n, seed, dtype): the inputs a sampled run measures."""
    x = sample_inputs(func, n, seed, dtype)
    bar = ProgressBar(f"{func} {dtype} reference") if progress else None
    return reference(func, x, dtype, processes, bar)


def run(func, dtype, callables, exhaustive=None, samples=None, seed=0, processes=None, progress=True,
        specials=True, flush_below=None):
    """Measure callables (dict label -> callable) on func in dtype.

    float16 and float32 are exhaustive unless `samples` is given; float64 takes `samples`
    inputs (DEFAULT_SAMPLES by default) plus its worst cases.  The special values come last.
    flush_below: dict label -> threshold for callables allowed to flush subnormal results.
    """
    if exhaustive is None:
        exhaustive = samples is None and dtype != "float64"
    if exhaustive and dtype == "float64":
        raise ValueError("float64 cannot be swept exhaustively; give a number of samples")
    out = Run()
    if exhaustive and dtype == "float32":
        out.sweep = sweep_float32(func, callables, processes, progress, flush_below)
        out.results += out.sweep.results.values()
    elif exhaustive:
        out.results += sweep_float16(func, callables, processes, progress, flush_below).values()
    else:
        n = samples or DEFAULT_SAMPLES
        out.reference = sample_reference(func, dtype, n, seed, processes, progress)
        out.results += measure(out.reference, callables, f"samples n={n} seed={seed}", flush_below).values()
    if specials:
        out.results += check_specials(func, dtype, callables).values()
    return out

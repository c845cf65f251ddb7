"""Accuracy tooling of vecmath: correctly rounded mpmath references, ULP errors, exhaustive
float16/float32 sweeps, float64 sampling and special values, for any callable.

Run `python -m vecmath.accuracy --help`; `python -m vecmath.accuracy.report` writes
docs/accuracy.md.  Nothing here imports vecmath's compiled ufuncs until a tier is asked for.

    ref = reference("exp", x)                       # correctly rounded, for any inputs
    measure(ref, {"numpy": np.exp})                 # -> {label: Result}
    sweep_float32("exp", {"numpy": np.exp})         # -> Sweep; .results {label: Result}
    sweep_float16("exp", {...}); check_specials("exp", "float32", {...})
    sample_reference("log", "float64", 10**6, seed=0)
"""
from .callables import (canonical, load_callable, numpy_callable, tier_callable, tier_flush_below, tier_label,
                        torch_callable)
from .exhaustive import (ASSUMED_REL_ERR, Sweep, check_float64_reference, float32_reference, float64_reference,
                         sample_float32, sweep_float16, sweep_float32)
from .formats import FORMATS, Format, same_bits, ulp_exponents
from .measure import Result, Tally, evaluate, flush_threshold, measure, ulp_errors
from .reference import Reference, correctly_rounded, reference, round_mpf
from .runs import Run, run, sample_reference
from .sampling import sample_inputs, worstcase_dir, worstcase_inputs
from .specials import check_specials, special_failures, special_reference

__all__ = ["ASSUMED_REL_ERR", "FORMATS", "Format", "Reference", "Result", "Run", "Sweep", "Tally", "canonical",
           "check_float64_reference", "check_specials", "correctly_rounded", "evaluate", "float32_reference",
           "float64_reference", "flush_threshold", "load_callable", "measure", "numpy_callable", "reference",
           "round_mpf", "run", "same_bits", "sample_float32", "sample_inputs", "sample_reference", "special_failures",
           "special_reference", "sweep_float16", "sweep_float32", "tier_callable", "tier_flush_below",
           "tier_label", "torch_callable", "ulp_errors", "ulp_exponents", "worstcase_dir", "worstcase_inputs"]

"""Every function, tier and dtype keeps its bound in vecmath.spec, against a correctly rounded
mpmath reference (vecmath.accuracy).

float64: F64_SAMPLES sampled inputs per function plus its worst cases, one reference per
function shared by the tiers.  float16: every input.  float32: every input, one sweep per
function for the three tiers (marked `exhaustive`).  Special values: bit for bit, everywhere.
"""
import numpy as np
import pytest

try:
    import vecmath
except ImportError as e:
    pytest.skip(f"vecmath is not built: {e}", allow_module_level=True)

from vecmath import spec
from vecmath.accuracy import (measure, reference, sample_reference, special_failures, sweep_float32, tier_callable,
                              tier_flush_below, tier_label)

F64_SAMPLES = 10 ** 6
SEED = 0


def require(func):
    if not hasattr(vecmath.accurate, func):
        pytest.skip(f"vecmath has no {func} kernels yet")


def reference_inputs(func, dtype):
    if dtype == "float64":
        return sample_reference(func, dtype, F64_SAMPLES, SEED)
    return reference(func, np.arange(2 ** 16, dtype=np.uint16).view(np.float16))


# One test per function and dtype measures the three tiers on one reference (one sweep for
# float32): the tests spread over pytest-xdist's workers with nothing computed twice.
CASES = [pytest.param(func, dtype, id=f"{func}-{dtype}", marks=[pytest.mark.exhaustive] if dtype == "float32" else [])
         for func in spec.FUNCTIONS for dtype in spec.DTYPES]


@pytest.mark.parametrize("func,dtype", CASES)
def test_bound(func, dtype):
    require(func)
    labels = {tier_label(t, func): t for t in spec.TIERS}
    callables = {label: tier_callable(t, func) for label, t in labels.items()}
    flush_below = {label: tier_flush_below(t, dtype) for label, t in labels.items()}
    if dtype == "float32":
        results = sweep_float32(func, callables, progress=False, flush_below=flush_below).results
    else:
        inputs = f"samples n={F64_SAMPLES} seed={SEED}" if dtype == "float64" else "exhaustive"
        results = measure(reference_inputs(func, dtype), callables, inputs, flush_below)
    broken = [results[label].line() for label, tier in labels.items()
              if not results[label].keeps(spec.BOUNDS[(tier, dtype)], (tier, dtype) in spec.STRICT_BOUNDS)]
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("func,tier,dtype", [(f, t, d) for f in spec.FUNCTIONS for t in spec.TIERS for d in spec.DTYPES])
def test_special_values(func, tier, dtype):
    require(func)
    failures = special_failures(func, dtype, tier_callable(tier, func))
    assert not failures, f"{tier_label(tier, func)} {dtype}: (input, got, wanted) {failures}"

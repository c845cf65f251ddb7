"""Every function, tier and dtype keeps its bound in vecmath.spec, against a correctly rounded
mpmath reference (vecmath.accuracy), on a sample: the proofs themselves (every float32 input,
10^6 float64 samples and every hardest-to-round case) are `python -m vecmath.accuracy.prove`
(tests/test_prove.py checks that its record covers every kernel and keeps today's bounds).

float64: F64_SAMPLES sampled inputs per function plus every WORSTCASE_STRIDE-th of its worst
cases, one reference per function shared by the tiers.  float16: every input.  float32:
F32_SAMPLES bit patterns spread evenly over all 2^32 (a Weyl sequence).  Special values: bit for
bit, everywhere.
"""
import numpy as np
import pytest

try:
    import vecmath
except ImportError as e:
    pytest.skip(f"vecmath is not built: {e}", allow_module_level=True)

from vecmath import spec
from vecmath.accuracy import (measure, reference, sample_float32, sample_inputs, special_failures, tier_callable,
                              tier_flush_below, tier_label, worstcase_inputs)
from vecmath.accuracy.prove import keeps

F64_SAMPLES = 20_000
WORSTCASE_STRIDE = 16
F32_SAMPLES = 1 << 20
SEED = 0


def require(func):
    if not hasattr(vecmath.accurate, func):
        pytest.skip(f"vecmath has no {func} kernels yet")


def reference_inputs(func, dtype):
    if dtype == "float64":
        x = np.concatenate([sample_inputs(func, F64_SAMPLES, SEED, dtype, worstcases=False),
                            worstcase_inputs(func)[::WORSTCASE_STRIDE]])
        return reference(func, x)
    return reference(func, np.arange(2 ** 16, dtype=np.uint16).view(np.float16))


# One test per function and dtype measures the three tiers on one reference: the tests spread
# over pytest-xdist's workers with nothing computed twice.
CASES = [pytest.param(func, dtype, id=f"{func}-{dtype}") for func in spec.FUNCTIONS for dtype in spec.DTYPES]


@pytest.mark.parametrize("func,dtype", CASES)
def test_bound(func, dtype):
    require(func)
    labels = {tier_label(t, func): t for t in spec.TIERS}
    callables = {label: tier_callable(t, func) for label, t in labels.items()}
    flush_below = {label: tier_flush_below(t, dtype) for label, t in labels.items()}
    if dtype == "float32":
        results = sample_float32(func, callables, F32_SAMPLES, flush_below)
    else:
        inputs = (f"samples n={F64_SAMPLES} seed={SEED} + every {WORSTCASE_STRIDE}th worst case"
                  if dtype == "float64" else "exhaustive")
        results = measure(reference_inputs(func, dtype), callables, inputs, flush_below)
    broken = [results[label].line() for label, tier in labels.items() if not keeps(results[label], tier, dtype)]
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("func,tier,dtype", [(f, t, d) for f in spec.FUNCTIONS for t in spec.TIERS for d in spec.DTYPES])
def test_special_values(func, tier, dtype):
    require(func)
    failures = special_failures(func, dtype, tier_callable(tier, func))
    assert not failures, f"{tier_label(tier, func)} {dtype}: (input, got, wanted) {failures}"

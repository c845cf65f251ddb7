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


@pytest.fixture(scope="session")
def reference_for():
    """The mpmath reference of a (function, dtype), computed once per session."""
    cache = {}

    def get(func, dtype):
        if (func, dtype) not in cache:
            if dtype == "float64":
                cache[func, dtype] = sample_reference(func, dtype, F64_SAMPLES, SEED)
            else:
                cache[func, dtype] = reference(func, np.arange(2 ** 16, dtype=np.uint16).view(np.float16))
        return cache[func, dtype]
    return get


@pytest.fixture(scope="session")
def float32_sweep():
    """The float32 sweep of a function, all tiers at once, run once per session."""
    cache = {}

    def get(func):
        if func not in cache:
            labels = {tier_label(t, func): t for t in spec.TIERS}
            cache[func] = sweep_float32(func, {label: tier_callable(t, func) for label, t in labels.items()},
                                        progress=False,
                                        flush_below={label: tier_flush_below(t, "float32") for label, t in labels.items()})
        return cache[func]
    return get


# one xdist group per function: its sweep and reference, cached per session, are made once
CASES = [pytest.param(func, tier, dtype, id=f"{func}-{tier}-{dtype}",
                      marks=[pytest.mark.xdist_group(func)] + ([pytest.mark.exhaustive] if dtype == "float32" else []))
         for func in spec.FUNCTIONS for tier in spec.TIERS for dtype in spec.DTYPES]


@pytest.mark.parametrize("func,tier,dtype", CASES)
def test_bound(func, tier, dtype, reference_for, float32_sweep):
    require(func)
    label = tier_label(tier, func)
    if dtype == "float32":
        result = float32_sweep(func).results[label]
    else:
        inputs = f"samples n={F64_SAMPLES} seed={SEED}" if dtype == "float64" else "exhaustive"
        result = measure(reference_for(func, dtype), {label: tier_callable(tier, func)}, inputs,
                         {label: tier_flush_below(tier, dtype)})[label]
    bound = spec.BOUNDS[(tier, dtype)]
    if bound == "cr":
        assert result.not_cr == 0, result.line()
    elif (tier, dtype) == ("accurate", "float64"):
        assert result.max_ulp < bound, result.line()        # strictly below 1 ULP
    else:
        assert result.max_ulp <= bound, result.line()


@pytest.mark.parametrize("func,tier,dtype", [(f, t, d) for f in spec.FUNCTIONS for t in spec.TIERS for d in spec.DTYPES])
def test_special_values(func, tier, dtype):
    require(func)
    failures = special_failures(func, dtype, tier_callable(tier, func))
    assert not failures, f"{tier_label(tier, func)} {dtype}: (input, got, wanted) {failures}"

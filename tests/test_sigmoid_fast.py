"""sigmoid's fast float32 tier (float arithmetic, csrc/kernels/sigmoid-inl.h): every float32 of
the ranges where it changes path, against the accurate float64 kernel (< 0.51 double ULP, so a
reference to ~2^-28 float ULP).  The whole of float32 is the exhaustive test's
(tests/test_accuracy.py); these ranges run in seconds: the scaled pass (|x| > 70: subnormal
results rounded once more, never flushed) and its seams, and the kernels that reuse the tier
(the fused value-and-derivative ufunc, softplus' derivative) give its bits."""
import numpy as np
import pytest

import vecmath
from vecmath import spec


def floats_between(lo, hi):
    """every float32 in [lo, hi] (lo < hi, same sign)"""
    a, b = np.array([lo, hi], dtype=np.float32).view(np.int32)
    lo_i, hi_i = min(a, b), max(a, b)
    return np.arange(lo_i, hi_i + 1, dtype=np.int32).view(np.float32)


def float32_ulp_errors(y, x):
    ref = vecmath.accurate.sigmoid(x.astype(np.float64))
    e = np.maximum(np.floor(np.log2(np.maximum(np.abs(ref), 2.0 ** -126))), -126)
    return np.abs(y.astype(np.float64) - ref) / np.ldexp(1.0, (e - 23).astype(np.int64))


ABS = spec.limit("sigmoid", "f32_fast_abs")
CLAMP = spec.limit("sigmoid", "f32_fast_clamp")


@pytest.mark.parametrize("lo,hi", [
    (-CLAMP - 2, -86.0),          # the scaled pass: results from normal down to +0
    (-ABS - 1, -ABS + 1),         # the seam between the passes, both sides
    (ABS - 1, ABS + 1),
    (-2.0 ** -20, -2.0 ** -21),   # small x: s = 1/2 + x/4 - ..
    (2.0 ** -24, 2.0 ** -23),
    (2.0 ** -149, 2.0 ** -140),   # subnormal x: 1/2
    (-17.0, -15.0), (15.0, 17.0),
])
def test_fast_float32_within_one_ulp(lo, hi):
    x = floats_between(lo, hi)
    y = vecmath.fast.sigmoid(x)
    err = float32_ulp_errors(y, x)
    assert err.max() < 1.0, f"max {err.max()} ULP at x = {x[np.argmax(err)]!r}"


def test_fast_float32_keeps_subnormal_results():
    """no flush to zero: every x with s(x) at least the smallest subnormal gets a nonzero result"""
    x = floats_between(-103.2, -87.4)     # s from ~2^-149 up to ~2^-126
    y = vecmath.fast.sigmoid(x)
    assert (y > 0).all() and (y < np.float32(2.0 ** -126)).any()


def test_fast_float32_specials():
    x = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1000.0, -1000.0, -104.0, 104.0],
                 dtype=np.float32)
    y = vecmath.fast.sigmoid(x)
    assert np.array_equal(y[:2].view(np.uint32), (x[:2] + x[:2]).view(np.uint32))  # x + x
    assert y[2:].tolist() == [1.0, 0.0, 0.5, 0.5, 1.0, 0.0, 0.0, 1.0]


def test_reusers_give_the_tier_bits():
    """the fused ufunc's value and softplus' derivative are the fast tier's own bits"""
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.uniform(-120, 120, 4001), rng.uniform(-12, 12, 4001)]).astype(np.float32)
    y = vecmath.fast.sigmoid(x)
    value, _ = vecmath.fast.deriv.sigmoid_and_deriv(x)
    assert np.array_equal(value.view(np.uint32), y.view(np.uint32))
    assert np.array_equal(vecmath.fast.deriv.softplus(x).view(np.uint32), y.view(np.uint32))

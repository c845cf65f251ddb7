"""vecmath.numba's derivatives give the bits of the derivative ufuncs, for every function with
numba kernels, tier and dtype, inside @njit (scalars inline, arrays call the C kernels)."""
import functools

import numpy as np
import pytest

numba = pytest.importorskip("numba")

import vecmath  # noqa: E402
import vecmath.numba as vn  # noqa: E402
from vecmath import spec  # noqa: E402
from vecmath.accuracy.deriv import deriv_samples  # noqa: E402

TIERS = {"accurate": vn.accurate, "fast": vn.fast, "approx": vn.approx}
UFUNCS = {"accurate": vecmath.accurate, "fast": vecmath.fast, "approx": vecmath.approx}
NAMES = [(tier, name) for tier in spec.TIERS for name in TIERS[tier].deriv.__all__
         if name not in spec.ALIASES and not name.startswith(tuple(spec.ALIASES))]


@functools.cache
def loop_of(f, nout):
    if nout == 1:
        @numba.njit
        def loop(x, y, dy):
            for i in range(x.size):
                y[i] = f(x[i])
    else:
        @numba.njit
        def loop(x, y, dy):
            for i in range(x.size):
                y[i], dy[i] = f(x[i])
    return loop


def inputs(name, dtype):
    fn = name.split("_")[0]
    x = deriv_samples(fn, dtype, 400, seed=3)
    if name.endswith("_from_output"):
        x = np.tanh(x.astype(np.float64)).astype(dtype)
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e-310, 3e38, 1e300])
    with np.errstate(all="ignore"):
        return np.concatenate([x, specials.astype(dtype)])


def same(a, b):
    """Same dtype, shape and bits (NaN payloads included)."""
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("tier,name", NAMES, ids=[f"{t}.{n}" for t, n in NAMES])
def test_same_bits_as_the_ufunc(tier, name, dtype):
    f = getattr(TIERS[tier].deriv, name)
    uf = getattr(UFUNCS[tier].deriv, name)
    x = inputs(name, dtype)
    rng = np.random.default_rng(5)
    # the whole sample, then every length 0-33 (vector body, epilogue, one-lane rest)
    for xs in [x] + [rng.permutation(x)[:n] for n in range(34)]:
        y, dy = np.empty_like(xs), np.empty_like(xs)
        loop_of(f, uf.nout)(xs, y, dy)
        with np.errstate(all="ignore"):
            want = uf(xs)
        if uf.nout == 1:
            assert same(y, want), xs.size
        else:
            assert same(y, want[0]) and same(dy, want[1]), xs.size


# The overloads of the ufuncs are one code path for every tier (the kernels differ, and the
# test above checks them all): the accurate tier's names cover it, at a fraction of the compiling.
ACCURATE_NAMES = [(t, n) for t, n in NAMES if t == "accurate"]


@pytest.mark.parametrize("tier,name", ACCURATE_NAMES, ids=[f"{t}.{n}" for t, n in ACCURATE_NAMES])
def test_ufunc_inside_njit(tier, name):
    uf = getattr(UFUNCS[tier].deriv, name)

    @numba.njit
    def call(x):
        return uf(x), uf(x[0]), uf(x.astype(np.float32))

    x = inputs(name, np.float64)[:50]
    with np.errstate(all="ignore"):
        arr, scalar, arr32 = call(x)
        want, want32 = uf(x), uf(x.astype(np.float32))
    if uf.nout == 1:
        assert same(arr, want) and same(arr32, want32) and same(scalar, want[0])
    else:
        assert same(arr[0], want[0]) and same(arr[1], want[1]) and same(arr32[1], want32[1])
        assert same(scalar[0], want[0][0]) and same(scalar[1], want[1][0])


def test_namespaces():
    assert vn.deriv is vn.accurate.deriv
    for tier in spec.TIERS:
        assert "exp" in TIERS[tier].deriv.__all__ and "exp_and_deriv" in TIERS[tier].deriv.__all__
    assert vn.deriv.exp(1.0) == vecmath.deriv.exp(1.0)

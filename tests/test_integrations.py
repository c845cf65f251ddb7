"""vecmath's ufuncs where other libraries keep tables per ufunc: numpy.ma (domains), dask (the
two-output ufuncs, also on a distributed cluster of worker processes), and the attributes
NumPy's ufuncs carry (pickle, numpy.ma and dask read them)."""
import inspect
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import vecmath
from vecmath import functions, spec

TIERS = [vecmath.accurate, vecmath.fast, vecmath.approx]
VALUE = [(t, fn) for t in TIERS for fn in spec.FUNCTIONS]


def every_ufunc():
    for tier in TIERS:
        for fn in spec.FUNCTIONS:
            yield getattr(tier, fn)
            yield getattr(tier.deriv, fn)
            yield getattr(tier.deriv, fn + "_and_deriv")
        yield tier.deriv.tanh_from_output


VALUE_IDS = [f"{t.__name__.split('.')[-1]}.{fn}" for t, fn in VALUE]


@pytest.mark.parametrize("uf", list(every_ufunc()), ids=lambda u: f"{u.__module__}:{u.__name__}")
def test_attributes_as_numpys_ufuncs_have(uf):
    # NumPy caches __signature__ into a ufunc's __dict__ on the first inspect.signature() call, so
    # np.exp carries it or not depending on which tests ran before: compare without it, and ask
    # inspect for the signature itself
    assert set(np.exp.__dict__) - {"__signature__"} <= set(uf.__dict__)
    assert str(inspect.signature(uf)).startswith("(x")
    assert uf.__qualname__ == uf.__name__
    obj = sys.modules[uf.__module__]
    for part in uf.__qualname__.split("."):
        obj = getattr(obj, part)
    assert obj is uf
    assert pickle.loads(pickle.dumps(uf)) is uf


def test_two_output_names_are_unique_across_tiers():
    names = [t.deriv.exp_and_deriv.__name__ for t in TIERS]
    assert len(set(names)) == len(TIERS)


# --- numpy.ma -----------------------------------------------------------------------------------

MASKED_INPUTS = [1.0, -1.0, 0.0, -0.0, np.inf, -np.inf, np.nan, 2.5, 1e-300, 800.0, -800.0]


def masked_outcome(f, x):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        y = f(x)
    ys = y if isinstance(y, tuple) else (y,)
    return ([(np.ma.getmaskarray(v).tolist(), v.filled(-7.0).tolist()) for v in ys],
            sorted(str(w.message).split(" encountered")[0] for w in caught))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("tier,fn", VALUE, ids=VALUE_IDS)
def test_masked_arrays_as_numpy(tier, fn, dtype):
    """Same mask, same filled values (accurate tier: same bits) and same warnings as NumPy."""
    x = np.ma.array(np.array(MASKED_INPUTS, dtype), mask=[0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
    peer = spec.peer_callable(fn)            # NumPy's ufunc, or SciPy's (sigmoid: expit)
    if spec.peer(fn) is None:
        pytest.skip(f"{fn} has no ufunc peer to compare numpy.ma's outcome with")
    if peer is None:
        pytest.skip(f"{fn}'s peer {spec.peer(fn)} does not import")
    ours, theirs = masked_outcome(getattr(tier, fn), x), masked_outcome(peer, x)
    assert ours[0][0][0] == theirs[0][0][0]                       # the mask
    assert ours[1] == theirs[1]                                   # the warnings
    if tier is vecmath.accurate:
        got, want = np.array(ours[0][0][1], dtype), np.array(theirs[0][0][1], dtype)
        assert np.allclose(got, want, rtol=4 * np.finfo(dtype).eps, equal_nan=True)


@pytest.mark.parametrize("tier", TIERS, ids=lambda t: t.__name__)
def test_masked_log_derivatives_mask_the_domain(tier):
    x = np.ma.array([2.0, -1.0, 0.0, 4.0], mask=[0, 0, 0, 1])
    for y in (tier.deriv.log(x), *tier.deriv.log_and_deriv(x)):
        assert np.ma.getmaskarray(y).tolist() == [False, True, True, True]
    y, dy = tier.deriv.log_and_deriv(x)
    assert y[0] == tier.log(2.0) and dy[0] == tier.deriv.log(2.0)


def test_registration_does_not_depend_on_import_order():
    """numpy.ma and dask imported before vecmath, or after it: the same behaviour."""
    check = ("import numpy as np, vecmath, dask.array as da\n"
             "m = vecmath.log(np.ma.array([1.0, -1.0]))\n"
             "assert np.ma.getmaskarray(m).tolist() == [False, True], m\n"
             "y, dy = vecmath.deriv.tanh_and_deriv(da.ones(4, chunks=2))\n"
             "assert isinstance(y, da.Array)\n")
    pytest.importorskip("dask.array")
    for first in ("import vecmath, numpy.ma, dask.array\n", "import numpy.ma, dask.array, vecmath\n"):
        r = subprocess.run([sys.executable, "-W", "ignore", "-c", first + check], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


# --- dask ---------------------------------------------------------------------------------------

def dask_inputs(da):
    x = np.random.default_rng(3).uniform(-4.0, 4.0, 1000)
    x[::97] = np.abs(x[::97]) + 0.5
    return x, da.from_array(x, chunks=128)


@pytest.mark.parametrize("tier", TIERS, ids=lambda t: t.__name__)
def test_dask_two_outputs_lazy_with_numpys_bits(tier):
    da = pytest.importorskip("dask.array")
    x, d = dask_inputs(da)
    for fn in spec.FUNCTIONS:
        xs, ds = functions.get(fn).into_domain(x), functions.get(fn).into_domain(d)
        uf = getattr(tier.deriv, fn + "_and_deriv")
        lazy = uf(ds)
        assert isinstance(lazy, tuple) and all(isinstance(v, da.Array) for v in lazy)
        for got, want in zip(lazy, uf(xs)):
            assert got.dtype == want.dtype
            assert np.array_equal(got.compute().view(np.uint64), want.view(np.uint64)), fn


def test_dask_distributed_cluster_with_worker_processes():
    """Tasks pickled to other processes give the in-process bits, for both kinds of ufunc."""
    da = pytest.importorskip("dask.array")
    distributed = pytest.importorskip("distributed")
    x, d = dask_inputs(da)
    lazy, want = [], []
    for tier in TIERS:
        for fn in spec.FUNCTIONS:
            xs, ds = functions.get(fn).into_domain(x), functions.get(fn).into_domain(d)
            for uf in (getattr(tier, fn), getattr(tier.deriv, fn + "_and_deriv")):
                outs, wanted = uf(ds), uf(xs)
                lazy += outs if uf.nout == 2 else [outs]
                want += wanted if uf.nout == 2 else [wanted]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        got = client.compute(lazy, sync=True)
        assert len(client.scheduler_info()["workers"]) == 2
    assert len(got) == len(want) == len(TIERS) * len(spec.FUNCTIONS) * 3   # value; fused value, derivative
    for g, w, a in zip(got, want, lazy):
        assert np.array_equal(np.asarray(g).view(np.uint64), w.view(np.uint64)), a.name


def test_dask_cluster_example_runs():
    pytest.importorskip("distributed")
    example = Path(__file__).resolve().parents[1] / "examples" / "dask_cluster.py"
    r = subprocess.run([sys.executable, str(example), "--n", "600", "--chunk", "200"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "cluster bits identical to this process: True" in r.stdout

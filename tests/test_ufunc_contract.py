"""vecmath's ufuncs are usable wherever numpy's are (design brief: the ufunc contract)."""
import pickle

import numpy as np
import pytest

import vecmath
from vecmath import spec

TIERS = [vecmath.accurate, vecmath.fast, vecmath.approx]
FUNCS = [(t, name) for t in TIERS for name in t.__all__ if name in spec.FUNCTIONS]


def ids(p):
    return f"{p[0].__name__.split('.')[-1]}.{p[1]}" if isinstance(p, tuple) else None


@pytest.fixture(params=FUNCS, ids=ids)
def uf(request):
    tier, name = request.param
    return getattr(tier, name)


def numpy_twin(uf):
    twin = spec.peer_callable(uf.__name__)   # NumPy's ufunc, or SciPy's (sigmoid: expit)
    if twin is None:
        pytest.skip(f"{uf.__name__}'s peer {spec.peer(uf.__name__)} does not import")
    return twin


def sample(dtype, n=1000, seed=0):
    x = np.random.default_rng(seed).uniform(0.01, 3.0, n)
    return x.astype(dtype)


def test_is_a_ufunc(uf):
    assert isinstance(uf, np.ufunc)
    assert uf.nin == 1 and uf.nout == 1
    assert {"e->e", "f->f", "d->d"} <= set(uf.types)


def test_default_tier_is_accurate():
    for name in vecmath.accurate.__all__:
        assert getattr(vecmath, name) is getattr(vecmath.accurate, name)
    if hasattr(vecmath, "atan"):
        for t in TIERS:
            assert t.arctan is t.atan


@pytest.mark.parametrize("value", [0.5, 2, True, np.float32(0.5), np.float16(0.5), np.int8(2),
                                   np.int32(2), np.uint64(2), [0.5, 1.5], [[1, 2], [3, 4]],
                                   np.array(0.5)])
def test_output_types_match_numpy(uf, value):
    # NumPy's type rules (float16 in, float16 out; integers -> float64) hold for every function;
    # one without a NumPy peer (sigmoid: SciPy's expit returns float32 for float16) is held to
    # them through np.exp, the same rule for any unary float ufunc
    twin = numpy_twin(uf) if spec.numpy_name(uf.__name__) else np.exp
    got, want = uf(value), twin(value)
    assert type(got) is type(want)
    assert np.asarray(got).dtype == np.asarray(want).dtype
    assert np.shape(got) == np.shape(want)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_layouts_give_identical_bits(uf, dtype):
    x = sample(dtype, 4099)
    y = uf(x)
    assert np.array_equal(uf(x[::-1]), y[::-1])                 # negative stride
    assert np.array_equal(uf(x[::3]), y[::3])                   # non-contiguous
    x2 = np.stack([x, x], axis=1)
    assert np.array_equal(uf(x2)[:, 1], y)                      # 2-d, strided column
    assert np.array_equal(uf(np.asfortranarray(x2)), uf(x2))    # Fortran order
    raw = np.zeros(x.nbytes + 1, np.uint8)                      # misaligned
    mis = raw[1:].view(dtype)
    mis[:] = x
    assert np.array_equal(uf(mis), y)
    swapped = x.astype(x.dtype.newbyteorder())                 # byte-swapped
    assert np.array_equal(uf(swapped), y)
    out = np.empty_like(x)
    assert uf(x, out=out) is out and np.array_equal(out, y)    # out=
    z = x.copy()
    uf(z, out=z)                                                # in place
    assert np.array_equal(z, y)
    assert uf(x[:0]).shape == (0,) and uf(x[:0]).dtype == dtype  # empty


def test_where_dtype_casting_broadcast(uf):
    x = sample(np.float64, 10)
    out = np.full(10, -7.0)
    mask = np.arange(10) % 2 == 0
    uf(x, out=out, where=mask)
    assert np.array_equal(out[mask], uf(x)[mask]) and np.all(out[~mask] == -7.0)
    assert uf(x, dtype=np.float32).dtype == np.float32
    assert np.array_equal(uf(x, dtype=np.float32), uf(x.astype(np.float32)))
    with pytest.raises(TypeError):
        uf(x, out=np.empty(10, np.float32), casting="no")
    big = np.empty((3, 10))
    uf(x, out=big)                                              # broadcast into out
    assert all(np.array_equal(row, uf(x)) for row in big)
    a = x.copy()
    uf.at(a, [0, 2])
    assert a[0] == uf(x[0]) and a[1] == x[1]


@pytest.mark.parametrize("dtype", [np.longdouble, np.complex64, np.complex128, object])
def test_other_dtypes_give_numpys_result(uf, dtype):
    x = sample(np.float64, 50).astype(dtype)
    if spec.numpy_name(uf.__name__) is None:
        # no NumPy peer to lend its loops (sigmoid's is SciPy's, not imported by vecmath):
        # these dtypes have no loop, and say so (docs/design.md, "Adding a function")
        with pytest.raises(TypeError):
            uf(x)
        return
    if dtype is object:  # NumPy calls each element's method of the same name, or raises
        def outcome(f):
            try:
                return list(f(x))
            except Exception as e:  # noqa: BLE001  the same error is the same behaviour
                return type(e), str(e)
        assert outcome(uf) == outcome(numpy_twin(uf))
        return
    got, want = uf(x), numpy_twin(uf)(x)
    assert got.dtype == want.dtype
    assert np.array_equal(got, want)


def test_pickle_roundtrip(uf):
    assert pickle.loads(pickle.dumps(uf)) is uf


def test_dask_stays_lazy(uf):
    da = pytest.importorskip("dask.array")
    x = sample(np.float64, 1000)
    d = da.from_array(x, chunks=100)
    lazy = uf(d)
    assert isinstance(lazy, da.Array)
    assert np.array_equal(lazy.compute(), uf(x))


def test_xarray_keeps_coordinates(uf):
    xr = pytest.importorskip("xarray")
    x = sample(np.float64, 5)
    a = xr.DataArray(x, coords={"t": np.arange(5)}, dims="t")
    b = uf(a)
    assert isinstance(b, xr.DataArray) and "t" in b.coords
    assert np.array_equal(b.values, uf(x))

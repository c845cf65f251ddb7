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


def fn_of(uf):
    """The function a ufunc computes: its __name__ is "<tier>.<fn>" (fast.exp)."""
    return uf.__name__.rpartition(".")[2]


def numpy_twin(uf):
    twin = spec.peer_callable(fn_of(uf))   # NumPy's ufunc, or SciPy's (sigmoid: expit)
    if twin is None:
        pytest.skip(f"{fn_of(uf)}'s peer {spec.peer(fn_of(uf))} does not import")
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
    twin = numpy_twin(uf) if spec.numpy_name(fn_of(uf)) else np.exp
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
def test_other_dtypes_give_the_peers_result(uf, dtype):
    # the peer ufunc lends its loops for the dtypes vecmath does not compute (NumPy's when
    # vecmath is imported, SciPy's at the first call that needs one); a dtype the peer has no
    # loop for raises NumPy's TypeError, as the peer does (docs/design.md, "The ufunc contract")
    x = sample(np.float64, 50).astype(dtype)
    twin = numpy_twin(uf) if spec.peer(fn_of(uf)) else None    # softplus: no peer, no loops
    if twin is None or np.dtype(dtype).char not in {t[0] for t in twin.types}:
        with pytest.raises(TypeError, match="not supported for the input types"):
            uf(x)
        return
    if dtype is object:  # NumPy calls each element's method of the same name, or raises
        def outcome(f):
            try:
                return list(f(x))
            except Exception as e:  # noqa: BLE001  the same error is the same behaviour
                return type(e), str(e)
        assert outcome(uf) == outcome(twin)
        return
    got, want = uf(x), twin(x)
    assert got.dtype == want.dtype
    assert np.array_equal(got, want)


def test_scipy_loops_are_lent_lazily_and_only_with_scipy():
    """SciPy-peered ufuncs (sigmoid, erf, erfc) import scipy.special at their first call on a
    dtype vecmath does not compute, never at `import vecmath` nor on float or integer inputs;
    without SciPy those dtypes raise NumPy's TypeError, every time."""
    import subprocess
    import sys
    scipy_peered = [fn for fn in spec.FUNCTIONS if (spec.peer(fn) or "").startswith("scipy.special:")]
    if not scipy_peered:
        pytest.skip("no SciPy-peered function")
    code = f"""
import sys
if sys.argv[1] == "without":
    sys.modules["scipy"] = sys.modules["scipy.special"] = None      # SciPy not installed
import numpy as np, vecmath
fns = {scipy_peered!r}
for fn in fns:
    uf = vecmath.fast.__dict__[fn]
    uf(np.float32(0.5)), uf(np.arange(3)), uf(np.float16(1)), uf(0.5, dtype=np.float32)
assert "scipy.special" not in sys.modules or sys.argv[1] == "without"
for fn in fns:
    for tier in ("accurate", "fast", "approx"):
        uf = getattr(vecmath, tier).__dict__[fn]
        for attempt in range(2):
            try:
                y = uf(np.array([0.5 + 0.25j]))
                print(fn, tier, "complex", y.dtype)
            except TypeError as e:
                assert "not supported for the input types" in str(e), e
                print(fn, tier, "complex", "TypeError")
        print(fn, tier, "types", " ".join(uf.types))
"""
    out = {}
    for mode in ("with", "without"):
        r = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        out[mode] = r.stdout.splitlines()
    assert all(line.endswith("TypeError") for line in out["without"] if " complex " in line)
    assert all(line.endswith("e->e f->f d->d") for line in out["without"] if " types " in line)
    try:
        import scipy.special
    except ImportError:
        return
    for fn in scipy_peered:
        peer_types = getattr(scipy.special, spec.peer(fn).partition(":")[2]).types
        complex_loop = any(t[0] in "FD" for t in peer_types)
        for tier in spec.TIERS:
            assert out["with"].count(f"{fn} {tier} complex " + ("complex128" if complex_loop else "TypeError")) == 2
            lent = [t for t in peer_types if t[0] not in "efd"]
            want = ["e->e", "f->f", "d->d"] + sorted(lent, key=lambda t: np.dtype(t[0]).num)
            if complex_loop:      # the complex call lent them; expit's longdouble loop needs a longdouble
                assert f"{fn} {tier} types " + " ".join(want) in out["with"]


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

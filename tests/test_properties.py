"""Property tests (Hypothesis) of the ufunc contract against NumPy's own ufuncs: for random shapes
(0-d and empty included), strides (positive, negative, zero), byte orders, dtypes (float16/32/64,
integers, bool), out= (overlapping the input too), where=, dtype=, casting= and broadcasting,
vecmath's exp/log/tanh/atan (every tier) do what np.exp/np.log/np.tanh/np.arctan do: same
shape, dtype, exception type, warnings and memory outside `out`, and values equal but for their
last bits (a tolerance per tier: the tier's error bound plus NumPy's own).

The profile is fixed (derandomize=True: the examples depend only on the test code; bounded
max_examples; no example database), so every run tries the same examples; the whole file runs
in well under 60 s."""
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import vecmath

settings.register_profile(
    "vecmath-contract", derandomize=True, max_examples=500, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much])
CONTRACT = settings.get_profile("vecmath-contract")

PAIRS = [("exp", np.exp), ("log", np.log), ("tanh", np.tanh), ("atan", np.arctan)]
TIERS = ["accurate", "fast", "approx"]
FLOATS = [np.float16, np.float32, np.float64]
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.bool_]
# relative tolerance per tier and result dtype: the tier's bound (docs/tiers.md) plus NumPy's
# own error (<= 4 ULP), with margin
RTOL = {("accurate", "float16"): 2.0**-9, ("fast", "float16"): 2.0**-9, ("approx", "float16"): 2.0**-9,
        ("accurate", "float32"): 2.0**-20, ("fast", "float32"): 2.0**-19, ("approx", "float32"): 2.0**-11,
        ("accurate", "float64"): 2.0**-49, ("fast", "float64"): 2.0**-48, ("approx", "float64"): 2.0**-25}


def pair(data):
    name, np_uf = data.draw(st.sampled_from(PAIRS), label="function")
    tier = data.draw(st.sampled_from(TIERS), label="tier")
    return tier, getattr(getattr(vecmath, tier), name), np_uf


def warning_kinds(record):
    """NumPy's floating-point warnings by condition (the message names the ufunc: atan/arctan)."""
    kinds = set()
    for w in record:
        text = str(w.message)
        kind = next((k for k in ("overflow", "underflow", "divide by zero", "invalid value")
                     if k in text), text)
        kinds.add((w.category, kind))
    return kinds


def call(uf, *args, **kwargs):
    """(result or exception type, warnings) of one call, under NumPy's default error state."""
    with warnings.catch_warnings(record=True) as record, np.errstate(all="warn", under="ignore"):
        warnings.simplefilter("always")
        try:
            out = uf(*args, **kwargs)
        except Exception as e:   # noqa: BLE001 -- the exception type is compared with NumPy's
            out = type(e)
    return out, warning_kinds(record)


def computed_in(*dtypes):
    """The least precise float among the dtypes a call involves (inputs, out, dtype=): the loop's
    own precision is at most that (integers: the float NumPy casts them to safely)."""
    size = 8
    for dt in dtypes:
        if dt is None:
            continue
        dt = np.dtype(dt)
        if dt.kind == "f":
            size = min(size, dt.itemsize)
        elif dt.kind in "biu":
            size = min(size, 2 if dt.itemsize == 1 else 4 if dt.itemsize == 2 else 8)
    return np.dtype(f"f{size}")


def assert_like_numpy(uf, np_uf, x, tier):
    """uf(x) as NumPy's own ufunc gives it: values within the tier's bound, same warnings."""
    got, got_w = call(uf, x)
    want, want_w = call(np_uf, x)
    assert_close(got, want, tier)
    assert got_w == want_w


def assert_close(got, want, tier, loop=None):
    """Same type, shape and dtype; NaN where NumPy has NaN, the same infinities; finite values
    within the tier's tolerance for the precision computed in (`loop`, else the result's dtype;
    subnormal results: the approx tier may flush them)."""
    assert type(got) is type(want), (type(got), type(want))
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    if got.dtype.kind != "f":   # dtypes vecmath hands to NumPy's loops: NumPy's exact result
        assert np.array_equal(got, want, equal_nan=True)
        return
    g, w = got.astype(np.float64), want.astype(np.float64)
    assert np.array_equal(np.isnan(g), np.isnan(w)), (got, want)
    inf = np.isinf(w) | np.isinf(g)
    assert np.array_equal(g[inf], w[inf]), (got, want)
    fin = ~np.isnan(w) & ~inf
    loop = np.dtype(loop or got.dtype)
    if loop.itemsize > got.dtype.itemsize:
        loop = got.dtype
    tol = RTOL[(tier, loop.name)] * np.abs(w[fin]) + 4 * float(np.finfo(loop).smallest_subnormal)
    if tier == "approx":
        tol = tol + float(np.finfo(loop).tiny)
    assert np.all(np.abs(g[fin] - w[fin]) <= tol), (got, want)


def float_arrays(dtypes=FLOATS, min_dims=0):
    return st.sampled_from(dtypes).flatmap(lambda dt: hnp.arrays(
        dt, hnp.array_shapes(min_dims=min_dims, max_dims=3, min_side=0, max_side=6),
        elements=hnp.from_dtype(np.dtype(dt), allow_nan=True, allow_infinity=True)))


@st.composite
def strided_views(draw, dtypes=FLOATS):
    """A view with any strides: slices with steps of either sign, transposes, a zero stride
    (as_strided), a byte-swapped copy, an unaligned start."""
    base = draw(float_arrays(dtypes, min_dims=1))
    x = base
    for axis in range(x.ndim):
        step = draw(st.sampled_from([1, 2, -1, -2]))
        x = x[(slice(None),) * axis + (slice(None, None, step),)]
    if draw(st.booleans()):
        x = x.T
    if x.ndim and draw(st.booleans()):   # repeat along a new axis through a zero stride
        reps = draw(st.integers(0, 3))
        x = np.lib.stride_tricks.as_strided(x, shape=(reps,) + x.shape, strides=(0,) + x.strides,
                                            writeable=False)
    if draw(st.booleans()):
        x = x.astype(x.dtype.newbyteorder())   # same values, other byte order
    if draw(st.booleans()) and x.dtype.itemsize > 1:   # unaligned: a view at an odd byte offset
        buf = np.zeros(x.size * x.dtype.itemsize + 1, np.uint8)
        y = buf[1:].view(x.dtype).reshape(x.shape)
        y[...] = x
        x = y
    return x


@CONTRACT
@given(st.data())
def test_values_shapes_and_dtypes_on_any_strides(data):
    tier, uf, np_uf = pair(data)
    x = data.draw(strided_views(), label="x")
    assert_like_numpy(uf, np_uf, x, tier)


@CONTRACT
@given(st.data())
def test_scalars_zero_d_and_integer_inputs(data):
    tier, uf, np_uf = pair(data)
    kind = data.draw(st.sampled_from(["int_array", "python", "numpy_scalar", "zero_d"]), label="kind")
    if kind == "int_array":
        dt = data.draw(st.sampled_from(INTS), label="dtype")
        x = data.draw(hnp.arrays(dt, hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=5)))
    elif kind == "python":
        x = data.draw(st.one_of(st.integers(-10**6, 10**6), st.floats(), st.booleans()))
    else:
        dt = data.draw(st.sampled_from(FLOATS + INTS[:4]), label="dtype")
        x = data.draw(hnp.arrays(dt, ()))
        x = x[()] if kind == "numpy_scalar" else x
    assert_like_numpy(uf, np_uf, x, tier)


@CONTRACT
@given(st.data())
def test_out_overlapping_the_input(data):
    """out= anywhere in the input's buffer (before, after, the same, reversed): NumPy's overlap
    rules make the result that of a copied input; memory outside out is untouched."""
    tier, uf, np_uf = pair(data)
    dt = data.draw(st.sampled_from(FLOATS), label="dtype")
    buf = data.draw(hnp.arrays(dt, st.integers(2, 40),
                               elements=hnp.from_dtype(np.dtype(dt), allow_nan=False, allow_infinity=False)))
    n = data.draw(st.integers(1, len(buf)), label="n")
    i = data.draw(st.integers(0, len(buf) - n), label="x start")
    j = data.draw(st.integers(0, len(buf) - n), label="out start")
    sx, so = data.draw(st.sampled_from([1, -1])), data.draw(st.sampled_from([1, -1]))
    results = []
    for f in (uf, np_uf):
        b = buf.copy()
        x = b[i:i + n][::sx]
        out = b[j:j + n][::so]
        r, w = call(f, x, out=out)
        assert r is out or isinstance(r, type) and issubclass(r, Exception)
        results.append((b, w))
    (gb, gw), (wb, ww) = results
    assert_close(gb, wb, tier)
    outside = np.ones(len(buf), bool)
    outside[j:j + n] = False
    assert np.array_equal(gb[outside].view(f"u{gb.itemsize}"), buf[outside].view(f"u{buf.itemsize}"))
    assert gw == ww


@CONTRACT
@given(st.data())
def test_where_dtype_casting_and_broadcasting(data):
    tier, uf, np_uf = pair(data)
    x = data.draw(float_arrays(FLOATS + [np.int16, np.int64]), label="x")
    out_shape = data.draw(st.one_of(st.none(), hnp.broadcastable_shapes(x.shape, min_dims=0, max_dims=3, max_side=6)
                                    .map(lambda s: np.broadcast_shapes(s, x.shape)),
                                    hnp.array_shapes(min_dims=0, max_dims=2, max_side=4)), label="out shape")
    out_dt = data.draw(st.sampled_from(FLOATS + [np.int32]), label="out dtype")
    kwargs = {}
    if out_shape is not None:
        kwargs["out"] = np.full(out_shape, 7, out_dt)
    if data.draw(st.booleans(), label="where"):
        shape = out_shape if out_shape is not None else x.shape
        kwargs["where"] = data.draw(hnp.arrays(np.bool_, hnp.broadcastable_shapes(shape, max_dims=3, max_side=6)),
                                    label="where mask")
    if data.draw(st.booleans(), label="dtype="):
        kwargs["dtype"] = data.draw(st.sampled_from(FLOATS + [np.int64, np.complex128]), label="dtype")
    if data.draw(st.booleans(), label="casting="):
        kwargs["casting"] = data.draw(st.sampled_from(["no", "equiv", "safe", "same_kind", "unsafe"]))
    loop = computed_in(x.dtype, kwargs["out"].dtype if "out" in kwargs else None, kwargs.get("dtype"))
    outs = []
    for f in (uf, np_uf):
        kw = dict(kwargs)
        if "out" in kw:
            kw["out"] = kw["out"].copy()
        r, w = call(f, x, **kw)
        if "out" in kw and not isinstance(r, type):
            assert r is kw["out"]
        if "where" in kw and "out" not in kw and not isinstance(r, type):
            r = None   # unset elements are uninitialised memory: compare the where=True ones only
        outs.append((r, kw.get("out"), w))
    (g, gout, gw), (w_, wout, ww) = outs
    if isinstance(w_, type):
        assert g is w_, (g, w_)
    else:
        assert not isinstance(g, type), g
        if g is not None and w_ is not None:
            if np.asarray(w_).dtype.kind == "c":   # complex: NumPy's own loop, exact
                assert np.array_equal(g, w_, equal_nan=True)
            else:
                assert_close(g, w_, tier, loop)
        if gout is not None:
            if gout.dtype.kind == "i":
                assert np.array_equal(gout, wout)
            else:
                assert_close(gout, wout, tier, loop)
    if cast_overflows(x, loop):
        # a finite input the loop's dtype cannot hold overflows in NumPy's cast, before any loop
        # runs; NumPy reports that flag as 'overflow encountered in cast' for 1-D arrays and, for
        # others, leaves it to the loop: its exp keeps it, its tanh and arctan clear it.  vecmath
        # keeps it for every function, so the overflow kind is not compared there.
        gw, ww = ({k for k in w if k[1] != "overflow"} for w in (gw, ww))
    assert gw == ww


def cast_overflows(x, loop):
    """Whether a finite element of x becomes infinite in the float type of the loop."""
    if loop is None or np.dtype(loop).kind != "f" or x.dtype.kind != "f" or x.dtype.itemsize <= np.dtype(loop).itemsize:
        return False
    finite = x[np.isfinite(x)]
    return bool(finite.size) and bool(np.any(np.abs(finite) > np.finfo(loop).max))


@CONTRACT
@given(st.data())
def test_methods_refused_or_done_as_numpy_does(data):
    """reduce, accumulate, reduceat and outer are refused (ValueError, as for every unary ufunc);
    at works in place, with repeated indices."""
    tier, uf, np_uf = pair(data)
    x = data.draw(hnp.arrays(np.float64, st.integers(1, 8),
                             elements=st.floats(0.01, 5)), label="x")
    for method, args in (("reduce", (x,)), ("accumulate", (x,)), ("reduceat", (x, [0])),
                         ("outer", (x, x))):
        got, _ = call(getattr(uf, method), *args)
        want, _ = call(getattr(np_uf, method), *args)
        assert isinstance(got, type) and got is want, (method, got, want)
    idx = data.draw(st.lists(st.integers(0, len(x) - 1), max_size=6), label="indices")
    a, b, c = x.copy(), x.copy(), x.copy()
    with np.errstate(all="ignore"):
        uf.at(a, idx)
        for i in idx:                  # repeated indices apply the function again: vecmath's bits
            c[i] = uf(c[i])
        np_uf.at(b, sorted(set(idx)))  # against NumPy once per index (twice compounds the tier's error)
    assert np.array_equal(a.view(np.uint64), c.view(np.uint64))
    once = x.copy()
    with np.errstate(all="ignore"):
        uf.at(once, sorted(set(idx)))
    assert_close(once, b, tier)

"""Floating-point warnings match NumPy's for the same input, under np.errstate."""
import numpy as np
import pytest

import vecmath
from vecmath import functions, spec

KINDS = ("over", "under", "divide", "invalid")
def raised(f, x):
    kinds = []
    for kind in KINDS:
        try:
            with np.errstate(all="ignore", **{kind: "raise"}):
                f(x)
        except FloatingPointError:
            kinds.append(kind)
    return kinds


def expected(fn, theirs, x):
    """NumPy's warnings, except where NumPy's own are erratic: its float32 exp raises
    underflow for only some subnormal results (alternating along [-103.9, -87.34], an artifact
    of its internal path).  vecmath follows IEEE 754 there: underflow whenever the result is
    tiny and inexact (docs/tiers.md).  NumPy's arctan of a subnormal x raises underflow on its
    libm path (CPUs without AVX-512) and nothing on its AVX-512 path; its expm1 and log1p of a
    subnormal x raise underflow on AArch64 (glibc's libm) and nothing on x86-64; vecmath raises
    nothing for them on every path, like NumPy's tanh on all of them (docs/design.md)."""
    kinds = raised(theirs, x)
    if spec.numpy_name(fn) is None and x.dtype == np.float16:
        # a SciPy peer (sigmoid: expit) has no float16 loop: it returns float32, with no
        # warning.  vecmath returns float16, narrowed once from float64, and that narrowing
        # reports underflow for a tiny and inexact float16 result, for every function
        # (csrc/float16.c; NumPy's float16 convention): the expected warnings add it.
        from vecmath.accuracy import reference
        y = float(reference(fn, x.astype(np.float64), processes=1).rounded[0])   # f(x) in float64, exactly rounded
        with np.errstate(all="ignore"):
            tiny_inexact = (0 < abs(y) < np.finfo(np.float16).tiny
                            and float(np.float16(y)) != y)
        if tiny_inexact and "under" not in kinds:
            kinds = sorted(kinds + ["under"], key=KINDS.index)
    if fn in ("atan", "expm1", "log1p") and 0 < abs(x[0]) < np.finfo(x.dtype).tiny:
        kinds = [k for k in kinds if k != "under"]
    if fn == "exp" and x.dtype == np.float32:
        with np.errstate(all="ignore"):
            y = np.exp(x.astype(np.float64))
        if 0 < y[0] < np.finfo(np.float32).tiny and "under" not in kinds:
            kinds = sorted(kinds + ["under"], key=KINDS.index)
    return kinds


@pytest.mark.parametrize("tier", spec.TIERS)
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("fn", [f for f in spec.FUNCTIONS if hasattr(vecmath, f)])
def test_same_warnings_as_numpy(fn, dtype, tier):
    ours = getattr(getattr(vecmath, tier), fn)
    theirs = spec.peer_callable(fn)         # NumPy's ufunc, or SciPy's (sigmoid: expit)
    if spec.peer(fn) is None:
        pytest.skip(f"{fn} has no ufunc peer: test_peerless_warnings_follow_ieee holds it to its rule")
    if theirs is None:
        pytest.skip(f"{fn}'s peer {spec.peer(fn)} does not import")
    for v in functions.get(fn).warning_probes:
        with np.errstate(all="ignore"):
            x = np.array([v]).astype(dtype)
        want = expected(fn, theirs, x)
        assert raised(ours, x) == want, (fn, dtype, v)
        # the same input inside a long array (vector path plus special lanes)
        xs = np.concatenate([np.full(37, dtype(1)), x, np.full(37, dtype(1))])
        assert raised(ours, xs) == want, (fn, dtype, v, "in array")


@pytest.mark.parametrize("tier", spec.TIERS)
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("fn", [f for f in spec.FUNCTIONS if spec.peer(f) is None])
def test_peerless_warnings_follow_ieee(fn, dtype, tier):
    """A function with no ufunc peer to copy (softplus) states its own rule (its descriptor's
    docstring): underflow where the result is tiny (below the smallest normal) and inexact, as
    IEEE 754 and vecmath's exp do, and nothing else.  Its finite inputs never give an exact
    tiny result, so the rule is: a finite x whose float64 result, correctly rounded, is below
    the dtype's smallest normal (float16: reported by the narrowing)."""
    from vecmath.accuracy import reference

    ours = getattr(getattr(vecmath, tier), fn)
    for v in functions.get(fn).warning_probes:
        with np.errstate(all="ignore"):
            x = np.array([v]).astype(dtype)
        y = float(reference(fn, x.astype(np.float64), processes=1).rounded[0])
        want = ["under"] if np.isfinite(x[0]) and abs(y) < np.finfo(dtype).tiny else []
        assert raised(ours, x) == want, (fn, dtype, v)
        xs = np.concatenate([np.full(37, dtype(1)), x, np.full(37, dtype(1))])
        assert raised(ours, xs) == want, (fn, dtype, v, "in array")


@pytest.mark.parametrize("fn", [f for f in spec.FUNCTIONS if hasattr(vecmath, f)])
def test_ordinary_inputs_raise_nothing(fn):
    x = np.random.default_rng(3).uniform(0.001, 50, 100_000)
    for tier in spec.TIERS:
        for dt in (np.float32, np.float64):
            with np.errstate(all="raise"):
                getattr(getattr(vecmath, tier), fn)(x.astype(dt))


def test_warning_does_not_leak_between_calls():
    # a spurious flag must not be left set for a later NumPy operation to report
    with np.errstate(all="raise"):
        vecmath.exp(np.array([1e-300, 1e-310, 0.5]))
        np.add(1.0, 1.0)

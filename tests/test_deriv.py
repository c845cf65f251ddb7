"""Derivative ufuncs (vecmath.deriv, vecmath.<tier>.deriv): accuracy against f'(x) from mpmath
over the whole domain, tails included; the fused kernel gives the same bits as the function
and its derivative; special values, warnings and the ufunc contract."""
import pathlib
import pickle
import re

import numpy as np
import pytest

import vecmath
from vecmath import _ad, functions, spec
from vecmath.accuracy.deriv import deriv_samples, deriv_ulp_errors

ROOT = pathlib.Path(__file__).resolve().parents[1]
TIER_MODULES = {"accurate": vecmath.accurate, "fast": vecmath.fast, "approx": vecmath.approx}
PAIRS = _ad.differentiable()


def deriv_bound(tier, dtype):
    return spec.deriv_bound(tier, np.dtype(dtype).name)


def pair_id(p):
    return f"{p[1]}.{p[0]}"


def deriv_of(fn, tier):
    return getattr(TIER_MODULES[tier].deriv, fn)


def samples(fn, dtype, n=1500, seed=7):
    return deriv_samples(fn, dtype, n, seed)


def test_every_function_has_derivative_kernels():
    text = (ROOT / "csrc" / "vm_kernels.h").read_text()
    assert re.search(r"#define VM_DERIV_LIST\(X\) VM_KERNEL_LIST\(X\)", text)
    assert sorted(PAIRS) == sorted((fn, tier) for fn in spec.FUNCTIONS for tier in spec.TIERS)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_accuracy_against_mpmath(pair, dtype):
    fn, tier = pair
    x = samples(fn, dtype)
    with np.errstate(all="ignore"):
        dy = deriv_of(fn, tier)(x)
    errors = deriv_ulp_errors(fn, x, dy)
    worst = int(np.argmax(errors))
    bound = deriv_bound(tier, dtype)
    if tier == "approx":  # may flush subnormal results to zero, as the function may
        tiny = np.abs(dy) < np.finfo(dtype).tiny
        errors = np.where(tiny & (np.abs(dy) <= np.finfo(dtype).tiny), 0.0, errors)
        worst = int(np.argmax(errors))
    assert errors[worst] <= bound, f"x={x[worst]!r} got {dy[worst]!r}: {errors[worst]:.3g} ULP"


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_float16_every_input(pair):
    fn, tier = pair
    x = np.arange(65536, dtype=np.uint16).view(np.float16)
    x = x[np.isfinite(x)][::7]
    with np.errstate(all="ignore"):
        dy = deriv_of(fn, tier)(x)
    assert deriv_ulp_errors(fn, x, dy).max() <= 1.0


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_fused_gives_the_same_bits(pair, dtype):
    fn, tier = pair
    with np.errstate(over="ignore"):
        x = np.concatenate([samples(fn, np.float64, 200), [np.nan, np.inf, -np.inf, 0]]).astype(dtype)
    d = TIER_MODULES[tier].deriv
    with np.errstate(all="ignore"):
        y, dy = getattr(d, f"{fn}_and_deriv")(x)
        want_y, want_dy = getattr(TIER_MODULES[tier], fn)(x), getattr(d, fn)(x)
    assert y.tobytes() == want_y.tobytes() and dy.tobytes() == want_dy.tobytes()


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_fused_into_preallocated_outputs(pair):
    fn, tier = pair
    vd = getattr(TIER_MODULES[tier].deriv, f"{fn}_and_deriv")
    x = np.linspace(0.1, 3, 1001)
    y, dy = np.empty_like(x), np.empty_like(x)
    r = vd(x, out=(y, dy))
    assert r[0] is y and r[1] is dy
    want = vd(x)
    # strided, in place, and with where=
    ys, dys = np.zeros(2002)[::2], np.zeros(2002)[::2]
    vd(x, out=(ys, dys))
    assert np.array_equal(ys, want[0]) and np.array_equal(dys, want[1])
    xc = x.copy()
    vd(xc, out=(xc, dy))
    assert np.array_equal(xc, want[0]) and np.array_equal(dy, want[1])
    mask = np.arange(x.size) % 3 == 0
    y2, dy2 = np.full_like(x, -1.0), np.full_like(x, -1.0)
    vd(x, out=(y2, dy2), where=mask)
    assert np.array_equal(y2[mask], want[0][mask]) and np.all(y2[~mask] == -1)


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_ufunc_basics(pair):
    fn, tier = pair
    d = TIER_MODULES[tier].deriv
    for uf, nout in ((getattr(d, fn), 1), (getattr(d, f"{fn}_and_deriv"), 2)):
        assert isinstance(uf, np.ufunc) and uf.nin == 1 and uf.nout == nout
        assert pickle.loads(pickle.dumps(uf)) is uf
        x = np.linspace(0.5, 2.0, 12)
        full = uf(x)
        assert np.array_equal(uf(x.reshape(3, 4)) if nout == 1 else uf(x.reshape(3, 4))[0],
                              (full if nout == 1 else full[0]).reshape(3, 4))
        assert np.asarray(uf(2) if nout == 1 else uf(2)[0]).dtype == np.float64
        assert np.asarray(uf(np.float32(2)) if nout == 1 else uf(np.float32(2))[0]).dtype == np.float32
        y = uf(x[::-1]) if nout == 1 else uf(x[::-1])[0]
        assert np.array_equal(y, (full if nout == 1 else full[0])[::-1])


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_special_values(pair, dtype):
    fn, tier = pair
    for x, want in functions.get(fn).deriv_specials:   # x -> f'(x), every tier and dtype
        with np.errstate(all="ignore"):
            got = deriv_of(fn, tier)(np.array([x]).astype(dtype))[0]
            want = np.array([want]).astype(dtype)[0]
        assert (np.isnan(got) and np.isnan(want)) or got == want, (fn, tier, x, got, want)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_no_collapse_in_the_tails(pair, dtype):
    """f'(x) stays nonzero and finite wherever the exact value is a normal number."""
    fn, tier = pair
    f = functions.get(fn)
    big = f.deriv_tail_probe
    x = np.array([big, -big if f.odd else big], dtype=dtype)
    dy = deriv_of(fn, tier)(x)
    assert np.all(np.isfinite(dy)) and np.all(dy != 0), (x, dy)   # erfc' < 0


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


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_warnings(pair):
    fn, tier = pair
    d = TIER_MODULES[tier].deriv
    # the warnings of the closed form (the descriptor's deriv_warnings): exp' is exp (its own
    # warnings, checked against NumPy's in test_warnings.py), log' is 1/x on log's domain, ...
    for v, want in functions.get(fn).deriv_warnings.items():
        for dtype in (np.float32, np.float64):
            x = np.concatenate([np.ones(20), [v], np.ones(20)]).astype(dtype)
            kinds = raised(getattr(TIER_MODULES[tier], want), x) if isinstance(want, str) else want
            if fn == "log" and dtype == np.float64 and v == 4.0:   # 1/x's own: subnormal x, huge x
                for tiny_or_huge, kind in ((1e-310, ["over"]), (1e308, ["under"])):
                    x[20] = tiny_or_huge
                    assert raised(getattr(d, fn), x) == kind, (fn, tier, tiny_or_huge)
                x[20] = v
            assert raised(getattr(d, fn), x) == kinds, (fn, tier, v, dtype)
            # the fused ufunc reports the value's warnings too (softplus(-740): underflow, while
            # its derivative, sigmoid, reports none)
            both = sorted(set(kinds) | set(raised(getattr(TIER_MODULES[tier], fn), x)), key=KINDS.index)
            assert raised(getattr(d, f"{fn}_and_deriv"), x) == both, (fn, tier, v, dtype)


def test_from_output_forms():
    y = np.tanh(np.linspace(-3, 3, 101))
    for d in (vecmath.deriv, vecmath.fast.deriv, vecmath.approx.deriv):
        assert d.tanh_from_output is vecmath.deriv.tanh_from_output
    for dtype in (np.float32, np.float64):
        yd = y.astype(dtype)
        got = vecmath.deriv.tanh_from_output(yd)
        assert got.dtype == dtype
        assert np.array_equal(got, (1 - yd) * (1 + yd))


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_cffi_kernels_match_ufuncs(pair):
    from vecmath.kernels import ffi, lib

    fn, tier = pair
    for dtype, sfx, ctype in ((np.float64, "f64", "double[]"), (np.float32, "f32", "float[]")):
        x = functions.get(fn).into_domain(np.linspace(-3, 3, 1001).astype(dtype))
        y, dy, d = np.empty_like(x), np.empty_like(x), np.empty_like(x)
        buf = lambda a: ffi.from_buffer(ctype, a)
        getattr(lib, f"vm_{fn}_{tier}_vd_{sfx}")(buf(x), buf(y), buf(dy), x.size)
        getattr(lib, f"vm_{fn}_{tier}_deriv_{sfx}")(buf(x), buf(d), x.size)
        want = getattr(TIER_MODULES[tier].deriv, f"{fn}_and_deriv")(x)
        assert np.array_equal(y, want[0]) and np.array_equal(dy, want[1]) and np.array_equal(d, dy)

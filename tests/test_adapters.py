"""The AD adapters (vecmath.jax, vecmath.torch, vecmath.autograd): values are the ufuncs' bits;
first and second derivatives match the framework's own function and finite differences, in
every tier, under each framework's transformations.  Each part skips when its framework is
not installed."""
import numpy as np
import pytest

import vecmath
from vecmath import _ad, functions, spec

PAIRS = _ad.differentiable()
TIER_MODULES = {"accurate": vecmath.accurate, "fast": vecmath.fast, "approx": vecmath.approx}
RTOL = {"accurate": 1e-13, "fast": 1e-12, "approx": 1e-6}   # float64, against the exact derivative
# Central differences with h = 1e-6 resolve ~1e-8 of relative change: the approx tier's own
# error (up to 2^-26 relative, not smooth) shows in them, its derivative does not.
FD_RTOL = {"accurate": 1e-6, "fast": 1e-6, "approx": 1e-3}
X = np.linspace(0.3, 2.5, 9)                                # in every function's domain


def pair_id(p):
    return f"{p[1]}.{p[0]}"


def exact_first_second(fn, x):
    """f'(x) and f''(x) from mpmath (its own function, differentiated at 40 digits)."""
    import mpmath

    from vecmath.accuracy.reference import MPMATH

    # mpmath's own, else the descriptor's raw-tuple function (softplus: _mpf.mpf_softplus)
    f = getattr(mpmath, fn, None) or (
        lambda v: mpmath.mpf(MPMATH[fn](mpmath.mpf(v)._mpf_, mpmath.mp.prec, "n")))
    with mpmath.workdps(40):
        d = [[float(mpmath.diff(f, mpmath.mpf(float(v)), n)) for v in x] for n in (1, 2)]
    return np.array(d[0]), np.array(d[1])


def central_difference(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)



def own_function(lib, fn):
    """The AD library's own version of fn: its NumPy namespace's function of the peer's name
    (jax.numpy.arctan), or, for a SciPy peer, its scipy.special's (jax.scipy.special.expit,
    autograd.scipy.special.expit)."""
    import importlib

    if spec.peer(fn) is None:
        # no ufunc peer (softplus): the library's own (jax.nn.softplus,
        # torch.nn.functional.softplus), else the descriptor's NumPy expression on the
        # library's NumPy (autograd.numpy.logaddexp(0, x))
        for path in (f"{lib.__name__}.nn", f"{lib.__name__}.nn.functional"):
            try:
                found = getattr(importlib.import_module(path), fn, None)
            except ImportError:
                found = None
            if found is not None:
                return found
        equivalent = functions.get(fn).equivalent_callable()
        xp = importlib.import_module(f"{lib.__name__}.numpy")
        return lambda v: equivalent(v, xp=xp)
    module, _, attr = spec.peer(fn).partition(":")
    sub = "numpy" if module == "numpy" else module
    return getattr(importlib.import_module(f"{lib.__name__}.{sub}"), attr)

# ---- JAX ----

@pytest.fixture(scope="module")
def jax():
    jax = pytest.importorskip("jax")
    jax.config.update("jax_enable_x64", True)
    return jax


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_jax(jax, pair):
    import jax.numpy as jnp
    import vecmath.jax as vj

    fn, tier = pair
    f = getattr(getattr(vj, tier), fn)
    own = own_function(jax, fn)
    x = jnp.asarray(X)
    d1, d2 = exact_first_second(fn, X)
    rtol = RTOL[tier]
    assert np.asarray(f(x)).tobytes() == getattr(TIER_MODULES[tier], fn)(X).tobytes()
    total = lambda v: f(v).sum()
    np.testing.assert_allclose(jax.jit(jax.grad(total))(x), d1, rtol=rtol)
    np.testing.assert_allclose(jax.grad(total)(x), jax.grad(lambda v: own(v).sum())(x), rtol=rtol)
    np.testing.assert_allclose(jax.vmap(jax.grad(f))(x), d1, rtol=rtol)
    np.testing.assert_allclose(np.diag(jax.jacfwd(f)(x)), d1, rtol=rtol)
    np.testing.assert_allclose(np.diag(jax.jacrev(f)(x)), d1, rtol=rtol)
    np.testing.assert_allclose(np.diag(jax.jit(jax.hessian(total))(x)), d2, rtol=max(rtol, 1e-12))
    np.testing.assert_allclose(jax.grad(total)(x), central_difference(lambda v: np.asarray(f(v)), X),
                               rtol=FD_RTOL[tier])
    third = jax.grad(jax.grad(jax.grad(f)))(1.5)
    np.testing.assert_allclose(third, jax.grad(jax.grad(jax.grad(own)))(1.5), rtol=max(rtol, 1e-12))


def test_jax_float32_and_batching(jax):
    import jax.numpy as jnp
    import vecmath.jax as vj

    x = jnp.asarray(X, dtype=jnp.float32).reshape(3, 3)
    y = jax.jit(jax.vmap(vj.exp))(x)
    assert y.dtype == jnp.float32
    assert np.asarray(y).tobytes() == vecmath.exp(np.asarray(x)).tobytes()
    g = jax.vmap(jax.grad(lambda v: vj.fast.exp(v).sum()))(x)
    assert g.dtype == jnp.float32


def test_jax_float16_and_the_derivative_ufunc_bits(jax):
    import jax.numpy as jnp
    import vecmath.jax as vj

    x16 = jnp.asarray(X, dtype=jnp.float16)          # float16 goes through pure_callback
    assert np.asarray(jax.jit(vj.tanh)(x16)).tobytes() == vecmath.tanh(np.asarray(x16)).tobytes()
    x = jnp.asarray(X)
    dy = jax.jit(jax.grad(lambda v: vj.atan(v).sum()))(x)
    assert np.asarray(dy).tobytes() == vecmath.deriv.atan(X).tobytes()


JAX_FFI_SCRIPT = """if True:
    import warnings, numpy as np, jax, jax.numpy as jnp
    jax.config.update("jax_enable_x64", True)
    import vecmath, vecmath.jax as vj
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x = np.linspace(-3, 3, 101)
        y = jax.jit(vj.exp)(jnp.asarray(x))
    assert np.asarray(y).tobytes() == vecmath.exp(x).tobytes()
    info = vj.ffi_info()
    print(sorted(info), info.get("built_now"), info.get("ffi_api_version"), len(caught))
"""


def run_jax_script(tmp_path, **env):
    import os
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", JAX_FFI_SCRIPT], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "VECMATH_CACHE_DIR": str(tmp_path), **env})
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_jax_ffi_builds_from_a_clean_cache_then_reuses_it(jax, tmp_path):
    out = run_jax_script(tmp_path)
    assert out.startswith("['built_now', 'ffi_api_version', 'jaxlib', 'library'] True (0,") and out.endswith(" 0")
    assert len(list(tmp_path.glob("vecmath_jax_ffi-*.so"))) == 1
    assert " False " in run_jax_script(tmp_path)          # the cached library, not a new build


def test_jax_ffi_falls_back_with_one_warning(jax, tmp_path):
    out = run_jax_script(tmp_path, CC="false")             # a "compiler" that always fails
    assert out.startswith("['fallback'] None None 1")


# ---- PyTorch ----

@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_torch(torch, pair):
    import vecmath.torch as vt

    fn, tier = pair
    f = getattr(getattr(vt, tier), fn)
    own = getattr(torch, fn, None) or own_function(torch, fn)
    x = torch.tensor(X, requires_grad=True)
    assert f(x).detach().numpy().tobytes() == getattr(TIER_MODULES[tier], fn)(X).tobytes()
    tol = {} if tier != "approx" else {"atol": 1e-4, "rtol": 1e-3}
    assert torch.autograd.gradcheck(f, (x,), **tol)
    assert torch.autograd.gradgradcheck(f, (x,), **tol)
    (g,) = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    (g_own,) = torch.autograd.grad(own(x).sum(), x, create_graph=True)
    np.testing.assert_allclose(g.detach(), g_own.detach(), rtol=RTOL[tier])
    (h,) = torch.autograd.grad(g.sum(), x)
    np.testing.assert_allclose(h, exact_first_second(fn, X)[1], rtol=max(RTOL[tier], 1e-12))
    g_func = torch.func.grad(lambda v: f(v).sum())(x.detach())
    assert torch.equal(g_func, g.detach())
    with torch.no_grad():
        assert f(x).grad_fn is None


def test_torch_compile(torch):
    import vecmath.torch as vt

    fns = [getattr(getattr(vt, tier), fn) for fn, tier in PAIRS]

    def loss(x):
        return sum((f(x) * (i + 1)).sum() for i, f in enumerate(fns))

    compiled = torch.compile(loss, fullgraph=True)   # a graph break is an error
    x1 = torch.tensor(X, requires_grad=True)
    x2 = torch.tensor(X, requires_grad=True)
    loss(x1).backward()
    compiled(x2).backward()
    assert torch.equal(x1.grad, x2.grad)
    with torch.no_grad():
        assert torch.equal(torch.compile(vt.exp, fullgraph=True)(x2), vt.exp(x2))


@pytest.mark.parametrize("pair", PAIRS[:1] + PAIRS[-1:], ids=pair_id)
def test_torch_custom_ops(torch, pair):
    """The ops torch.compile sees: values, gradgradcheck and the fake implementation."""
    import vecmath.torch  # noqa: F401  registers the ops

    fn, tier = pair
    value = getattr(torch.ops.vecmath, f"{fn}_{tier}")
    vd = getattr(torch.ops.vecmath, f"{fn}_{tier}_vd")
    x = torch.tensor(X, requires_grad=True)
    assert torch.equal(value(x), vd(x)[0])
    assert torch.autograd.gradcheck(lambda v: value(v), (x,), atol=1e-4, rtol=1e-3)
    assert torch.autograd.gradgradcheck(lambda v: vd(v)[0], (x,), atol=1e-4, rtol=1e-3)
    torch.library.opcheck(vd, (x,))


def test_torch_dtypes(torch):
    import vecmath.torch as vt

    for dtype in (torch.float16, torch.float32, torch.float64):
        x = torch.tensor(X, dtype=dtype)
        assert vt.exp(x).dtype == dtype
        assert vt.exp(x).numpy().tobytes() == vecmath.exp(x.numpy()).tobytes()
    assert vt.exp(torch.tensor(X, dtype=torch.bfloat16)).dtype == torch.bfloat16   # tests/test_torch_modes.py
    assert vt.exp(torch.arange(3)).dtype == torch.get_default_dtype()
    with pytest.raises(TypeError, match="real tensors"):
        vt.exp(torch.tensor(X, dtype=torch.complex128))


# ---- autograd (HIPS) ----

@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_autograd(pair):
    autograd = pytest.importorskip("autograd")
    import autograd.numpy as anp
    import vecmath.autograd as va

    fn, tier = pair
    f = getattr(getattr(va, tier), fn)
    own = own_function(autograd, fn)
    d1, d2 = exact_first_second(fn, X)
    rtol = RTOL[tier]
    assert f(X).tobytes() == getattr(TIER_MODULES[tier], fn)(X).tobytes()
    egrad = autograd.elementwise_grad
    np.testing.assert_allclose(egrad(f)(X), egrad(own)(X), rtol=rtol)
    np.testing.assert_allclose(egrad(f)(X), central_difference(f, X), rtol=FD_RTOL[tier])
    np.testing.assert_allclose(egrad(egrad(f))(X), d2, rtol=max(rtol, 1e-12))
    h = autograd.hessian(lambda v: anp.sum(f(v)))(X)
    np.testing.assert_allclose(np.diag(h), d2, rtol=max(rtol, 1e-12))

"""vecmath.torch in every mode PyTorch users run (issue 48): complex tensors refused, any
strides (eager, torch.compile with dynamic shapes, torch.library.opcheck), forward-mode AD,
torch.func.vmap, torch.jit.trace and script, bfloat16 (every input, against mpmath), out=.
One function of each kind: exp (exp-like), tanh (bounded), log (restricted domain).
Compiled functions are shared across cases: each graph costs seconds on a CPU."""
import numpy as np
import pytest

import vecmath
from test_adapters import RTOL, X, exact_first_second
from vecmath import _ad, spec

torch = pytest.importorskip("torch")
import vecmath.torch as vt  # noqa: E402

FNS = ("exp", "tanh", "log")
CASES = [(fn, tier) for fn in FNS for tier in spec.TIERS]
PAIRS = _ad.differentiable()
TIER_MODULES = {"accurate": vecmath.accurate, "fast": vecmath.fast, "approx": vecmath.approx}


def case_id(c):
    return f"{c[1]}.{c[0]}"


def f_of(fn, tier):
    return getattr(getattr(vt, tier), fn)


def deriv_module(tier):
    """vecmath.deriv, vecmath.fast.deriv, vecmath.approx.deriv."""
    return TIER_MODULES[tier].deriv


def grid(rows, cols):
    """rows x cols float64 values inside every function's domain."""
    return torch.linspace(0.3, 2.5, rows * cols, dtype=torch.float64).reshape(rows, cols)


def layouts():
    """Every kind of stride: what torch.empty_like keeps (dense ones) and what it makes
    contiguous (sliced, expanded)."""
    x = grid(4, 6)
    return {"contiguous": x, "transposed": x.t(), "permuted": grid(2, 12).reshape(2, 3, 4).permute(2, 0, 1),
            "sliced": x[:, ::2], "expanded": x[:1].expand(3, 6), "zero-size": x[:0], "0-d": x[0, 0]}


def significant_strides(t):
    """Strides of the dimensions longer than one (the rest never address an element)."""
    return tuple(s for s, n in zip(t.stride(), t.shape) if n > 1) if t.numel() else ()


def same_layout_as_empty_like(y, x):
    return y.shape == x.shape and significant_strides(y) == significant_strides(torch.empty_like(x))


# ---- item 1: no silent wrong result ----

@pytest.mark.parametrize("fn", FNS)
def test_complex_tensors_raise(fn):
    z = torch.tensor([1 + 1j, 0.5 - 2j])
    for f in (f_of(fn, "accurate"), f_of(fn, "approx")):
        with pytest.raises(TypeError, match="real tensors"):
            f(z)
        with pytest.raises(TypeError, match="real tensors"):
            f(z.to(torch.complex128), out=torch.empty(2, dtype=torch.complex128))


# ---- strides: eager, the custom ops, torch.compile, opcheck ----

@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_any_strides_eager_and_ops(case):
    """Each layout gives f's bits, laid out as torch.empty_like(x), as the fake kernels say."""
    fn, tier = case
    f = f_of(fn, tier)
    value, vd = getattr(torch.ops.vecmath, f"{fn}_{tier}"), getattr(torch.ops.vecmath, f"{fn}_{tier}_vd")
    for name, x in layouts().items():
        want = getattr(TIER_MODULES[tier], fn)(x.contiguous().numpy())
        for y in (f(x), value(x), vd(x)[0]):
            assert same_layout_as_empty_like(y, x), name
            assert y.contiguous().numpy().tobytes() == np.asarray(want).tobytes(), name
        dy = vd(x)[1]
        assert same_layout_as_empty_like(dy, x), name
        dwant = getattr(deriv_module(tier), fn)(x.contiguous().numpy())
        assert dy.contiguous().numpy().tobytes() == np.asarray(dwant).tobytes(), name
        for dtype in (torch.float16, torch.float32, torch.bfloat16):
            assert same_layout_as_empty_like(f(x.to(dtype)), x), (name, dtype)


@pytest.fixture(scope="module")
def compiled():
    """One compiled value function and one compiled loss, dynamic shapes, shared by the cases."""
    fns = [vt.exp, vt.fast.tanh, vt.approx.log]   # the three kinds; every tier's op is alike

    def values(v):
        return [f(v) for f in fns]

    def loss(v):
        return sum((f(v) * (i + 1)).sum() for i, f in enumerate(fns))

    return fns, torch.compile(values, fullgraph=True, dynamic=True), torch.compile(loss, fullgraph=True, dynamic=True)


def test_compile_any_strides(compiled):
    fns, values, _ = compiled
    cases = layouts()
    del cases["0-d"]
    cases["transposed, another shape"] = grid(6, 10).t()   # dynamic: the same graph, new sizes
    for name, x in cases.items():
        for f, y in zip(fns, values(x)):
            assert torch.equal(y, f(x.contiguous())), name
            assert same_layout_as_empty_like(y, x), name


def test_compile_gradients_any_strides(compiled):
    fns, _, loss = compiled
    for v in (grid(4, 6).t(), grid(4, 6)[:, ::2], grid(6, 10).t()):
        a, b = v.detach().requires_grad_(), v.detach().requires_grad_()   # detach keeps the strides
        assert a.stride() == v.stride()
        loss(a).backward()
        sum((f(b) * (i + 1)).sum() for i, f in enumerate(fns)).backward()
        assert torch.equal(a.grad, b.grad)


@pytest.mark.parametrize("tier", spec.TIERS)
def test_opcheck_every_function_and_tier(tier):
    """opcheck for both ops of every (function, tier), on contiguous and non-contiguous inputs,
    with and without requires_grad.  Its costly part (aot_dispatch_dynamic, ~0.2 s a call, the
    same code for every function) runs with requires_grad, on the transposed input for every
    op and on every layout for this file's three functions."""
    x = grid(4, 6)
    inputs = [x, x.t(), x[:, ::2], x[:1].expand(3, 6)]
    cheap = ("test_schema", "test_autograd_registration", "test_faketensor")
    for fn in [fn for fn, t in PAIRS if t == tier]:
        for op in (getattr(torch.ops.vecmath, f"{fn}_{tier}"), getattr(torch.ops.vecmath, f"{fn}_{tier}_vd")):
            for v in inputs:
                for grad in (False, True):
                    args = (v.detach().requires_grad_(grad),)    # detach keeps the strides
                    full = grad and ((fn in FNS and tier == "accurate") or v is inputs[1])
                    torch.library.opcheck(op, args, **({} if full else {"test_utils": cheap}))


# ---- forward mode, vmap, higher orders ----

@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward_mode_and_vmap(case):
    """Tangents are t * f'(x) with f' the bits of vecmath.deriv; jvp, jacfwd, hessian
    (jacfwd of jacrev), vmap and vmap of grad agree with the exact derivatives."""
    import torch.autograd.forward_ad as fwad

    fn, tier = case
    f = f_of(fn, tier)
    deriv = deriv_module(tier)
    x = torch.tensor(X)
    d1, d2 = exact_first_second(fn, X)
    dbits = torch.from_numpy(getattr(deriv, fn)(X))
    rtol = RTOL[tier]
    t = torch.linspace(-1, 2, len(X), dtype=torch.float64)
    with fwad.dual_level():
        y = f(fwad.make_dual(x, t))
        primal, tangent = fwad.unpack_dual(y)
    assert torch.equal(primal, f(x)) and torch.equal(tangent, t * dbits)
    value, tangent = torch.func.jvp(f, (x,), (torch.ones_like(x),))
    assert torch.equal(value, f(x)) and torch.equal(tangent, dbits)
    assert torch.equal(torch.diag(torch.func.jacfwd(f)(x)), dbits)
    hessian = torch.func.hessian(lambda v: f(v).sum())(x)        # jacfwd(jacrev(.))
    np.testing.assert_allclose(torch.diag(hessian), d2, rtol=max(rtol, 1e-12))
    np.testing.assert_allclose(torch.diag(torch.func.jacrev(torch.func.jacfwd(f))(x).sum(0)), d2,
                               rtol=max(rtol, 1e-12))
    np.testing.assert_allclose(torch.func.vmap(torch.func.grad(f))(x), d1, rtol=rtol)
    batch = x.reshape(3, 3)
    assert torch.equal(torch.func.vmap(f, in_dims=1, out_dims=1)(batch), f(batch))
    assert torch.equal(torch.func.vmap(torch.func.jacrev(f))(batch), torch.diag_embed(dbits.reshape(3, 3)))
    with pytest.raises(NotImplementedError, match="jacfwd"):    # forward over forward: refused
        torch.func.jacfwd(torch.func.jacfwd(f))(x)


def test_compile_with_forward_mode_and_transforms():
    """Under torch.compile, dual tensors and torch.func transforms take the eager path (the
    custom ops have no forward-mode rules): the right tangents and batches, not dropped ones."""
    import torch.autograd.forward_ad as fwad

    x = torch.tensor(X)
    t = torch.linspace(-1, 2, len(X), dtype=torch.float64)
    exp_tangent = t * torch.from_numpy(vecmath.deriv.exp(X))
    assert torch.equal(torch.compile(lambda v: torch.func.jvp(vt.exp, (v,), (t,))[1])(x), exp_tangent)
    compiled = torch.compile(vt.exp)
    with fwad.dual_level():
        assert torch.equal(fwad.unpack_dual(compiled(fwad.make_dual(x, t))).tangent, exp_tangent)
    assert torch.equal(torch.compile(torch.func.vmap(torch.func.grad(vt.tanh)))(x),
                       torch.from_numpy(vecmath.deriv.tanh(X)))
    assert torch.equal(torch.compile(torch.func.vmap(vt.log))(grid(4, 6)), vt.log(grid(4, 6)))
    # those eager runs leave the functions compilable (dynamo had marked their code to skip)
    assert torch.equal(torch.compile(vt.exp, fullgraph=True)(x), vt.exp(x))


# ---- TorchScript ----

def test_jit_trace_records_the_op():
    x = torch.tensor(X)
    traced = torch.jit.trace(lambda v: vt.exp(v) + vt.fast.log(v), (x,))
    assert "vecmath::exp_accurate" in str(traced.graph) and "vecmath::log_fast" in str(traced.graph)
    new = x + 1
    assert torch.equal(traced(new), vt.exp(new) + vt.fast.log(new))    # not the traced constant
    xg = x.clone().requires_grad_()
    traced = torch.jit.trace(lambda v: vt.tanh(v), (xg,))
    assert "vecmath::tanh_accurate" in str(traced.graph)
    (g,) = torch.autograd.grad(traced(xg).sum(), xg, create_graph=True)
    assert torch.equal(g, torch.from_numpy(vecmath.deriv.tanh(X)))
    (h,) = torch.autograd.grad(g.sum(), xg)
    np.testing.assert_allclose(h, exact_first_second("tanh", X)[1], rtol=1e-12)


def test_jit_script_records_the_op():
    @torch.jit.script
    def scripted(v):
        return vt.tanh(v) * vt.approx.log(v)

    assert "vecmath::tanh_accurate" in str(scripted.graph) and "vecmath::log_approx" in str(scripted.graph)
    x = torch.tensor(X, requires_grad=True)
    y = scripted(x)
    assert torch.equal(y, vt.tanh(x) * vt.approx.log(x))
    (g,) = torch.autograd.grad(y.sum(), x)
    (want,) = torch.autograd.grad((vt.tanh(x) * vt.approx.log(x)).sum(), x)
    np.testing.assert_allclose(g, want, rtol=1e-15)


# ---- bfloat16 ----

@pytest.mark.parametrize("fn", FNS)
def test_bfloat16_every_input(fn):
    """Every bfloat16 input, every tier, against the correctly rounded mpmath reference: the
    tier's float64 kernel rounded once keeps the tier's float16 bound (accurate: correctly
    rounded)."""
    ml_dtypes = pytest.importorskip("ml_dtypes")
    from vecmath.accuracy import measure, reference, tier_flush_below
    from vecmath.accuracy.prove import keeps

    def through_torch(f):
        to_torch = lambda v: torch.from_numpy(v.view(np.int16)).view(torch.bfloat16)
        return lambda v: f(to_torch(v)).view(torch.int16).numpy().view(ml_dtypes.bfloat16)

    x = np.arange(2 ** 16, dtype=np.uint16).view(ml_dtypes.bfloat16)
    results = measure(reference(fn, x), {t: through_torch(f_of(fn, t)) for t in spec.TIERS}, "exhaustive",
                      {t: tier_flush_below(t, "bfloat16") for t in spec.TIERS})
    broken = [results[t].line() for t in spec.TIERS if not keeps(results[t], t, "bfloat16")]
    assert not broken, "\n".join(broken)


def test_bfloat16_rounds_once():
    """float64 -> bfloat16 through float32 rounded to odd is the correctly rounded bfloat16,
    where float64 -> float32 -> bfloat16 by nearest-even (torch's .to) double-rounds: values
    just above and below bfloat16 midpoints, against the reference's own rounding."""
    from mpmath.libmp import from_float

    from vecmath.accuracy.reference import round_mpf

    rng = np.random.default_rng(0)
    mid = (rng.integers(0x0080, 0x7F7F, 4000).astype(np.uint32) << 16 | 0x8000).view(np.float32).astype(np.float64)
    y = np.concatenate([mid * (1 + 2.0 ** -40), mid * (1 - 2.0 ** -40), rng.standard_normal(2000) * 1e3,
                        [1 + 2 ** -8 + 2 ** -30, 2.0 ** -140, -3.4e38, 1e39, 0.0, -0.0, np.inf]])
    got = torch.from_numpy(_ad.round_to_odd_float32(y)).to(torch.bfloat16).double().numpy()
    want = np.array([round_mpf(from_float(v), "bfloat16") if v and np.isfinite(v) else v for v in y])
    assert got.tobytes() == want.tobytes()
    assert (torch.from_numpy(y).to(torch.bfloat16).double().numpy() != want).any()   # the double rounding


def test_bfloat16_derivatives():
    """The gradient and the tangent of a bfloat16 input: vecmath.deriv's float64 bits, rounded once."""
    xb = torch.tensor(X, dtype=torch.bfloat16)
    want = torch.from_numpy(_ad.round_to_odd_float32(vecmath.deriv.log(xb.double().numpy()))).to(torch.bfloat16)
    xg = xb.clone().requires_grad_()
    (g,) = torch.autograd.grad(vt.log(xg).sum(), xg)
    assert g.dtype == torch.bfloat16 and torch.equal(g, want)
    assert torch.equal(torch.func.jvp(vt.log, (xb,), (torch.ones_like(xb),))[1], want)


# ---- out= ----

def test_out():
    x = grid(4, 6)
    for f, fn in ((vt.exp, "exp"), (vt.fast.tanh, "tanh"), (vt.approx.log, "log")):
        out = torch.empty(4, 6, dtype=torch.float64)
        assert f(x, out=out) is out and torch.equal(out, f(x))
        out = torch.empty(6, 4, dtype=torch.float64).t()                # a non-contiguous out
        assert f(x, out=out) is out and torch.equal(out, f(x)) and out.stride() == (1, 4)
        out = torch.empty(4, 6, dtype=torch.float32)                    # cast, as torch.exp does
        assert torch.equal(f(x, out=out), f(x).float())
        out = torch.empty(0, dtype=torch.float64)                       # resized, silently when empty
        assert f(x, out=out).shape == (4, 6) and torch.equal(out, f(x))
        with pytest.warns(UserWarning, match="resized"):
            f(x, out=torch.empty(3, dtype=torch.float64))
        with pytest.raises(RuntimeError, match="can't be cast"):
            f(x, out=torch.empty(4, 6, dtype=torch.int64))
        xg = x.clone().requires_grad_()
        with pytest.raises(RuntimeError, match="automatic differentiation"):
            f(xg, out=torch.empty(4, 6, dtype=torch.float64))
        with torch.no_grad():                                            # allowed there, as in torch
            assert torch.equal(f(xg, out=torch.empty(4, 6, dtype=torch.float64)), f(x))
        y = x.clone()
        assert f(y, out=y) is y and torch.equal(y, f(x))                # in place
    o = torch.empty(6, 4, dtype=torch.float64)
    compiled = torch.compile(lambda v, o: vt.exp(v, out=o), fullgraph=True)
    assert compiled(x.t(), o) is o and torch.equal(o, vt.exp(x.t()))


def test_export_records_the_op():
    class Model(torch.nn.Module):
        def forward(self, v):
            return vt.tanh(v.t()) * 2

    x = grid(4, 6)
    exported = torch.export.export(Model(), (x,))
    assert "vecmath.tanh_accurate" in str([n.target for n in exported.graph.nodes])
    assert torch.equal(exported.module()(x + 1), Model()(x + 1))

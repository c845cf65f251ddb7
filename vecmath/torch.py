"""vecmath for PyTorch: vecmath.torch.exp(x) etc. (accurate tier) and vecmath.torch.fast.exp,
vecmath.torch.approx.exp, differentiable to any order in reverse and forward mode, usable inside
torch.compile, torch.func transforms (grad, vjp, jvp, jacrev, jacfwd, hessian, vmap) and
torch.jit (trace and script record the custom op), with `out=` as torch's unary functions.

When x needs a gradient the function computes value and derivative from one call of the fused
ufunc and saves the derivative, so backward is one multiply and f is evaluated once; otherwise
the value ufunc alone.  The backward and the forward-mode (jvp) rules are written in
differentiable tensor operations (second derivative through y and dy, vecmath._ad.SECOND), so
gradgradcheck, hessian and higher orders work; tangents are t * f'(x) with f' from the same
fused kernel, the bits of vecmath.deriv.

Under torch.compile and torch.jit each (function, tier) is two torch.library custom ops,
vecmath::<fn>_<tier> (the value) and vecmath::<fn>_<tier>_vd (value and derivative), with fake
implementations for tracing, vmap rules and the same autograd.  Eager code skips the custom-op
dispatcher (about 10 us per call) and calls the ufuncs directly, through a
torch.autograd.Function where a gradient, a tangent or a torch.func transform needs one: the
same bits either way.  Results are laid out as torch.empty_like(x) (x's strides where x is
non-overlapping and dense, else contiguous), in the real ops and the fake ones alike.

CPU tensors of float16, float32, float64 and bfloat16 (the tier's float64 kernel, rounded once,
as float16 is); CUDA tensors of float16, float32 and float64 go through vecmath.cuda (the "cuda"
extra), with the same bits.  Complex tensors raise TypeError.
"""
import warnings

import numpy as np
import torch
from torch.autograd import forward_ad

from . import _ad

_DTYPES = (torch.float16, torch.float32, torch.float64)     # NumPy's own; bfloat16 on the CPU too


def _value(k, x):
    if x.is_cpu and x.dtype in _DTYPES:      # the common case first: this runs on every call
        if x.requires_grad:
            x = x.detach()
        if x.is_contiguous():   # NumPy allocates: cheaper than torch.empty_like, same layout
            return torch.from_numpy(np.asarray(k.value(x.numpy())))   # asarray: 0-d gives a NumPy scalar
        y = torch.empty_like(x)
        k.value(x.numpy(), out=y.numpy())
        return y
    if x.is_cuda:
        return _gpu(k, x, 1)
    return _bfloat16(x, k.value(_double(x)))


def _value_and_deriv(k, x):
    if x.is_cpu and x.dtype in _DTYPES:
        if x.requires_grad:
            x = x.detach()
        if x.is_contiguous():
            y, dy = k.vd(x.numpy())
            return torch.from_numpy(np.asarray(y)), torch.from_numpy(np.asarray(dy))
        y, dy = torch.empty_like(x), torch.empty_like(x)
        k.vd(x.numpy(), out=(y.numpy(), dy.numpy()))
        return y, dy
    if x.is_cuda:
        return _gpu(k, x, 2)
    y, dy = k.vd(_double(x))
    return _bfloat16(x, y), _bfloat16(x, dy)


def _double(x):
    """A bfloat16 CPU tensor as float64 NumPy (exactly); any other tensor vecmath does not compute raises."""
    if not x.is_cpu:
        raise ValueError(f"vecmath.torch computes CPU and CUDA tensors, not {x.device}")
    if x.dtype != torch.bfloat16:
        raise TypeError(f"vecmath.torch computes float16, bfloat16, float32 and float64, not {x.dtype}")
    return x.detach().double().numpy()


def _bfloat16(x, y):
    """A float64 result rounded once to bfloat16 (through float32 rounded to odd), laid out as x."""
    return torch.empty_like(x).copy_(torch.from_numpy(np.asarray(_ad.round_to_odd_float32(y))))


def _gpu(k, x, nout):
    """CUDA tensors through vecmath.cuda's kernels (the CPU's bits), on torch's current stream."""
    import vecmath.cuda as vc
    from numba import cuda

    if x.dtype not in _DTYPES:   # float16: the tier's float64 kernel, rounded once, as on the CPU
        raise TypeError(f"vecmath.torch computes float16, float32 and float64 CUDA tensors, not {x.dtype} "
                        "(bfloat16: on the CPU, or x.float() on the GPU)")
    tier = getattr(vc, k.tier)
    f = getattr(tier, k.fn) if nout == 1 else getattr(tier.deriv, k.fn + "_and_deriv")
    stream = cuda.external_stream(torch.cuda.current_stream(x.device).cuda_stream)
    r = f(x.detach().contiguous(), stream=stream)
    if x.is_contiguous():
        return r
    # torch.empty_like(x)'s layout, as on the CPU and in the fake kernels
    outs = tuple(torch.empty_like(x).copy_(torch.as_tensor(v, device=x.device)) for v in (r if nout == 2 else (r,)))
    return outs if nout == 2 else outs[0]


def _vd_setup(ctx, x, y, dy):
    ctx.set_materialize_grads(False)   # no work for an output nobody differentiates
    ctx.save_for_backward(x, y, dy)


def _vd_backward(k, ctx, gy, gdy):
    """Gradient of (y, dy) = (f(x), f'(x)) in differentiable operations."""
    x, y, dy = ctx.saved_tensors
    grad = None if gy is None else gy * dy
    if gdy is not None:
        term = gdy * k.second(x, y, dy)
        grad = term if grad is None else grad + term
    return grad


class _Function(torch.autograd.Function):
    """apply(x, k) without Function.apply's per-call argument binding."""

    @classmethod
    def apply(cls, x, k):
        # Function.apply binds the arguments through inspect.signature on every call (about
        # 10 us); ours are positional and complete, so outside functorch transforms go
        # straight to the C implementation, as Function.apply itself then does.
        if torch._C._are_functorch_transforms_active():
            return super().apply(x, k)
        (x,) = torch._functorch.utils.unwrap_dead_wrappers((x,))
        return super(torch.autograd.Function, cls).apply(x, k)


class _ValueAndDeriv(_Function):
    """Eager (y, dy) = (f(x), f'(x)) with its backward, jvp and vmap rules (setup_context
    style, so torch.func's transforms work too)."""

    @staticmethod
    def forward(x, k):
        return _value_and_deriv(k, x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = inputs[1]
        _vd_setup(ctx, inputs[0], *output)
        ctx.save_for_forward(inputs[0], *output)

    @staticmethod
    def backward(ctx, gy, gdy):
        return _vd_backward(ctx.k, ctx, gy, gdy), None

    @staticmethod
    def jvp(ctx, t, _):
        x, y, dy = ctx.saved_tensors
        return t * dy, t * ctx.k.second(x, y, dy)

    @staticmethod
    def vmap(info, in_dims, x, k):   # elementwise: the batch dimension stays where it is
        return _ValueAndDeriv.apply(x, k), (in_dims[0], in_dims[0])


class _Value(_Function):
    """Eager y = f(x) where a tangent or a torch.func transform may be watching; derivatives
    through _ValueAndDeriv, so they are differentiable again."""

    @staticmethod
    def forward(x, k):
        return _value(k, x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = inputs[1]
        ctx.save_for_backward(inputs[0])
        ctx.save_for_forward(inputs[0])

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * _ValueAndDeriv.apply(x, ctx.k)[1], None

    @staticmethod
    def jvp(ctx, t, _):
        (x,) = ctx.saved_tensors
        return t * _ValueAndDeriv.apply(x, ctx.k)[1]

    @staticmethod
    def vmap(info, in_dims, x, k):
        return _Value.apply(x, k), in_dims[0]


# The ops are defined on a Library with plain CPU and CUDA kernels: torch.library.custom_op's
# Python wrapper layers cost ~10 us more per call, which a compiled graph pays on every call.
_LIB = torch.library.Library("vecmath", "DEF")


def _define(name, schema, kernel, fake, backward, setup_context, vmap):
    _LIB.define(name + schema)
    for key in ("CPU", "CUDA"):
        _LIB.impl(name, kernel, key)
    qualname = f"vecmath::{name}"
    torch.library.register_fake(qualname, fake, lib=_LIB)
    torch.library.register_autograd(qualname, backward, setup_context=setup_context, lib=_LIB)
    torch.library.register_vmap(qualname, vmap, lib=_LIB)
    return getattr(torch.ops.vecmath, name).default


def _value_op(k):
    def vmap(info, in_dims, x):
        return op(x), in_dims[0]

    # backward reached only when the caller skipped the fused path (e.g. requires_grad set later)
    op = _define(f"{k.fn}_{k.tier}", "(Tensor x) -> Tensor", lambda x: _value(k, x), torch.empty_like,
                 lambda ctx, g: g * _vd_op(k)(ctx.saved_tensors[0])[1],
                 lambda ctx, inputs, output: ctx.save_for_backward(inputs[0]), vmap)
    return op


def _vd_op(k):
    name = f"{k.fn}_{k.tier}_vd"
    if name in _OPS:
        return _OPS[name]

    def vmap(info, in_dims, x):
        return op(x), (in_dims[0], in_dims[0])

    op = _define(name, "(Tensor x) -> (Tensor, Tensor)", lambda x: _value_and_deriv(k, x),
                 lambda x: (torch.empty_like(x), torch.empty_like(x)),
                 lambda ctx, gy, gdy: _vd_backward(k, ctx, gy, gdy),
                 lambda ctx, inputs, output: _vd_setup(ctx, inputs[0], *output), vmap)
    _OPS[name] = op
    return op


_OPS = {}


def _into(f, name, x, out):
    """f(x) written into out, as torch.exp(x, out=out) does it."""
    if torch.is_grad_enabled() and (x.requires_grad or out.requires_grad):
        raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic "
                           "differentiation, but one of the arguments requires grad.")
    if out.device != x.device:
        raise RuntimeError(f"Expected out tensor to have device {x.device}, but got {out.device} instead")
    y = f(x)
    if not (out.is_floating_point() or out.is_complex()):   # torch.can_cast of a float result
        raise RuntimeError(f"result type {y.dtype} can't be cast to the desired output type {out.dtype}")
    if out.shape != y.shape:
        if out.numel():
            warnings.warn(f"An output with one or more elements was resized since it had shape {list(out.shape)}, "
                          f"which does not match the required output shape {list(y.shape)}.", UserWarning,
                          stacklevel=3)
        out.resize_(y.shape)
    return out.copy_(y)


def _one_forward_level(name):
    """Refuse forward over forward mode (jvp of jvp, jacfwd of jacfwd): torch runs an
    autograd.Function's jvp rule with forward AD off, so the outer tangent would be silently
    dropped."""
    from torch._C._functorch import TransformType
    from torch._functorch.pyfunctorch import retrieve_all_functorch_interpreters

    # (torch itself refuses nested forward_ad.dual_level()s, and torch.func.jvp inside one)
    if sum(i.key() == TransformType.Jvp for i in retrieve_all_functorch_interpreters()) > 1:
        raise NotImplementedError(
            f"vecmath.torch.{name}: forward-mode AD nested in forward mode (jvp of jvp, jacfwd of jacfwd) "
            "is not supported (torch.autograd.Function's jvp rules are not differentiable in forward mode); "
            "take the outer derivatives in reverse mode: jacfwd(jacrev(f)), jacrev(jacfwd(f)) or jacrev(jacrev(f))")


def _forget_skip(f):
    """Where a graph break in a compiled transform (torch.compile(vmap(f))) runs it eagerly,
    dynamo tries f's frame under the transform, fails ("functorch tracing attempt") and marks
    f's code (shared by every function here) never to compile again: torch.compile(vecmath.torch.exp)
    would then run eagerly.  Reset it from that eager run (dynamo's callback is set only there):
    a direct compile of a vecmath.torch function compiles afresh next time."""
    try:
        frames = torch._C._dynamo.eval_frame
        if frames.get_eval_frame_callback():
            frames.reset_code(f.__code__)
    except AttributeError:
        pass


@torch.compiler.disable
def _eager(f, x):
    """f(x) left out of torch.compile's graph: dynamo runs it eagerly."""
    return f(x)


def _make(k):
    value, vd = _value_op(k), _vd_op(k)

    def f(x, *, out=None):
        if not isinstance(x, torch.Tensor):
            x = torch.as_tensor(x)
        if not x.is_floating_point():
            if x.is_complex():   # a cast would drop the imaginary part
                raise TypeError(f"vecmath.torch.{k.fn} computes real tensors, not {x.dtype}")
            x = x.to(torch.get_default_dtype())
        if out is not None:
            return _into(f, k.fn, x, out)
        grad = x.requires_grad and torch.is_grad_enabled()
        if torch.compiler.is_compiling():
            if forward_ad._current_level >= 0 or torch._C._are_functorch_transforms_active():
                return _eager(f, x)    # the custom ops have no forward-mode or functorch rules
            return vd(x)[0] if grad else value(x)      # the custom ops: graphs record them
        if torch._C._is_tracing():   # one graph whatever the grad mode (trace checks rerun it)
            return value(x)
        if forward_ad._current_level >= 0 or torch._C._are_functorch_transforms_active():
            _one_forward_level(k.fn)                   # a tangent or a transform may be watching
            _forget_skip(f)
            return _ValueAndDeriv.apply(x, k)[0] if grad else _Value.apply(x, k)
        return _ValueAndDeriv.apply(x, k)[0] if grad else _value(k, x)

    f.__doc__ = (f"vecmath {k.tier} {k.fn}(x, *, out=None) for PyTorch (custom op; any order of derivative, "
                 "reverse and forward mode).")
    try:   # torch.jit.script compiles a call of f to the value op
        from torch.jit._builtins import _register_builtin
        _register_builtin(f, f"vecmath::{k.fn}_{k.tier}")
    except ImportError:
        pass
    return f


def _never_compiled(*functions):
    """Dynamo starts no frame at these (host code it cannot trace; under torch.compile they are
    reached only through the custom ops): where a graph break runs a transform eagerly
    (torch.compile of vmap(f)) it would otherwise try each of them, to no avail."""
    try:
        from torch._dynamo.eval_frame import skip_code
    except ImportError:
        return
    for fn in functions:
        skip_code(fn.__code__)


_never_compiled(_value, _value_and_deriv, _double, _bfloat16, _gpu, _ValueAndDeriv.forward, _Value.forward,
                _Function.apply.__func__)

__all__ = _ad.build(__name__, globals(), _make)

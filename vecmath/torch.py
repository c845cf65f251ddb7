"""vecmath for PyTorch: vecmath.torch.exp(x) etc. (accurate tier) and vecmath.torch.fast.exp,
vecmath.torch.approx.exp, differentiable to any order, usable inside torch.compile.

When x needs a gradient the function computes value and derivative from one call of the fused
ufunc and saves the derivative, so backward is one multiply and f is evaluated once; otherwise
the value ufunc alone.  The backward is written in differentiable tensor operations (second
derivative through y and dy, vecmath._ad.SECOND), so gradgradcheck and higher orders work.

Under torch.compile each (function, tier) is two torch.library custom ops,
vecmath::<fn>_<tier> (the value) and vecmath::<fn>_<tier>_vd (value and derivative), with fake
implementations for tracing and the same autograd.  Eager code skips the custom-op dispatcher
(about 10 us per call) and calls the ufuncs directly, through a torch.autograd.Function where
a gradient is needed: the same bits either way.  CPU tensors of float16, float32, float64;
CUDA tensors of float16, float32 and float64 go through vecmath.cuda (the "cuda" extra), with the same bits.
"""
import numpy as np
import torch

from . import _ad

_DTYPES = (torch.float16, torch.float32, torch.float64)


def _value(k, x):
    if x.is_cuda:
        return _gpu(k, x, 1)
    return torch.from_numpy(np.asarray(k.value(_host(x))))   # asarray: 0-d gives a NumPy scalar


def _value_and_deriv(k, x):
    if x.is_cuda:
        return _gpu(k, x, 2)
    y, dy = k.vd(_host(x))          # NumPy allocates both outputs: cheaper than torch.empty_like
    return torch.from_numpy(np.asarray(y)), torch.from_numpy(np.asarray(dy))


def _gpu(k, x, nout):
    """CUDA tensors through vecmath.cuda's kernels (the CPU's bits), on torch's current stream."""
    import vecmath.cuda as vc
    from numba import cuda

    if x.dtype not in _DTYPES:   # float16: the tier's float64 kernel, rounded once, as on the CPU
        raise TypeError(f"vecmath.torch computes float16, float32 and float64 CUDA tensors, not {x.dtype}")
    tier = getattr(vc, k.tier)
    f = getattr(tier, k.fn) if nout == 1 else getattr(tier.deriv, k.fn + "_and_deriv")
    x = x.detach().contiguous()
    stream = cuda.external_stream(torch.cuda.current_stream(x.device).cuda_stream)
    return f(x, stream=stream)


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


class _ValueAndDeriv(torch.autograd.Function):
    """Eager (y, dy) = (f(x), f'(x)) with its autograd (setup_context style, so torch.func.grad
    and jacrev work too)."""

    @staticmethod
    def forward(x, k):
        return _value_and_deriv(k, x)

    @classmethod
    def apply(cls, x, k):
        # Function.apply binds the arguments through inspect.signature on every call (about
        # 10 us); ours are positional and complete, so outside functorch transforms go
        # straight to the C implementation, as Function.apply itself then does.
        if torch._C._are_functorch_transforms_active():
            return super().apply(x, k)
        (x,) = torch._functorch.utils.unwrap_dead_wrappers((x,))
        return super(torch.autograd.Function, cls).apply(x, k)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = inputs[1]
        _vd_setup(ctx, inputs[0], *output)

    @staticmethod
    def backward(ctx, gy, gdy):
        return _vd_backward(ctx.k, ctx, gy, gdy), None


def _host(x):
    """The NumPy view of x (a CPU tensor of a dtype vecmath computes), contiguous.  Every check
    here is a cheap attribute: this runs on every call."""
    if not x.is_cpu:
        raise ValueError(f"vecmath.torch computes CPU and CUDA tensors, not {x.device}")
    if x.dtype not in _DTYPES:
        raise TypeError(f"vecmath.torch computes float16, float32 and float64, not {x.dtype}")
    if x.requires_grad:
        x = x.detach()
    return (x if x.is_contiguous() else x.contiguous()).numpy()


def _value_op(k):
    def value(x: torch.Tensor) -> torch.Tensor:
        return _value(k, x)

    op = torch.library.custom_op(f"vecmath::{k.fn}_{k.tier}", value, mutates_args=())
    op.register_fake(lambda x: torch.empty_like(x))
    # Reached only when the caller skipped the fused path (e.g. requires_grad set later).
    op.register_autograd(lambda ctx, g: g * _vd_op(k)(ctx.saved_tensors[0])[1],
                         setup_context=lambda ctx, inputs, output: ctx.save_for_backward(inputs[0]))
    return op


def _vd_op(k):
    name = f"vecmath::{k.fn}_{k.tier}_vd"
    if name in _OPS:
        return _OPS[name]

    def value_and_deriv(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return _value_and_deriv(k, x)

    op = torch.library.custom_op(name, value_and_deriv, mutates_args=())
    op.register_fake(lambda x: (torch.empty_like(x), torch.empty_like(x)))
    op.register_autograd(lambda ctx, gy, gdy: _vd_backward(k, ctx, gy, gdy),
                         setup_context=lambda ctx, inputs, output: _vd_setup(ctx, inputs[0], *output))
    _OPS[name] = op
    return op


_OPS = {}


def _make(k):
    value, vd = _value_op(k), _vd_op(k)

    def f(x):
        if not isinstance(x, torch.Tensor):
            x = torch.as_tensor(x)
        if not x.is_floating_point():
            x = x.to(torch.get_default_dtype())
        grad = x.requires_grad and torch.is_grad_enabled()
        if torch.compiler.is_compiling():
            return vd(x)[0] if grad else value(x)
        return _ValueAndDeriv.apply(x, k)[0] if grad else _value(k, x)

    f.__doc__ = f"vecmath {k.tier} {k.fn} for PyTorch (custom op; any order of derivative)."
    return f


__all__ = _ad.build(__name__, globals(), _make)

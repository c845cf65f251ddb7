"""vecmath for PyTorch: vecmath.torch.exp(x) etc. (accurate tier) and vecmath.torch.fast.exp,
vecmath.torch.approx.exp, differentiable to any order, usable inside torch.compile.

Each (function, tier) is two torch.library custom ops on CPU tensors, vecmath::<fn>_<tier>
(the value) and vecmath::<fn>_<tier>_vd (value and derivative from one call of the fused
ufunc), each with a fake implementation for tracing.  When x needs a gradient the function
runs the fused op and saves the derivative, so backward is one multiply and f is evaluated
once; otherwise the value op alone.  The fused op's backward is written in differentiable
tensor operations (second derivative through y and dy, vecmath._ad.SECOND), so gradgradcheck
and higher orders work.  dtypes: float16, float32, float64.
"""
import numpy as np
import torch

from . import _ad

_DTYPES = (torch.float16, torch.float32, torch.float64)


def _host(x):
    """x as a contiguous CPU tensor vecmath computes, and its NumPy view."""
    if x.device.type != "cpu":
        raise ValueError(f"vecmath.torch computes CPU tensors, not {x.device}")
    if x.dtype not in _DTYPES:
        raise TypeError(f"vecmath.torch computes float16, float32 and float64, not {x.dtype}")
    x = x.detach().contiguous()
    return x, x.numpy()


def _value_op(k):
    def value(x: torch.Tensor) -> torch.Tensor:
        x, a = _host(x)
        y = torch.empty_like(x)
        k.value(a, out=y.numpy())
        return y

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
        x, a = _host(x)
        y, dy = torch.empty_like(x), torch.empty_like(x)
        k.vd(a, out=(y.numpy(), dy.numpy()))
        return y, dy

    op = torch.library.custom_op(name, value_and_deriv, mutates_args=())
    op.register_fake(lambda x: (torch.empty_like(x), torch.empty_like(x)))

    def setup_context(ctx, inputs, output):
        ctx.set_materialize_grads(False)   # no work for an output nobody differentiates
        ctx.save_for_backward(inputs[0], *output)

    def backward(ctx, gy, gdy):
        x, y, dy = ctx.saved_tensors
        grad = None if gy is None else gy * dy
        if gdy is not None:
            term = gdy * k.second(x, y, dy)
            grad = term if grad is None else grad + term
        return grad

    op.register_autograd(backward, setup_context=setup_context)
    _OPS[name] = op
    return op


_OPS = {}


def _make(k):
    value, vd = _value_op(k), _vd_op(k)

    def f(x):
        x = torch.as_tensor(x)
        if not x.is_floating_point():
            x = x.to(torch.get_default_dtype())
        if torch.is_grad_enabled() and x.requires_grad:
            return vd(x)[0]
        return value(x)

    f.__doc__ = f"vecmath {k.tier} {k.fn} for PyTorch (custom op; any order of derivative)."
    return f


__all__ = _ad.build(__name__, globals(), _make)

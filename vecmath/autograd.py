"""vecmath for autograd (HIPS): vecmath.autograd.exp(x) etc. (accurate tier) and
vecmath.autograd.fast.exp, vecmath.autograd.approx.exp, differentiable to any order.

Each function is an autograd primitive with a vjp (defvjp).  exp's vjp uses the saved output
(exp' = y); the others call the derivative ufunc of x, itself a primitive whose vjp gives the
second derivative (vecmath._ad.SECOND), so elementwise_grad and hessians nest.
"""
from autograd.extend import defvjp, primitive

from . import _ad


def _make(k):
    value = primitive(lambda x: k.value(x))
    deriv = primitive(lambda x: k.deriv(x))
    if k.fn == "exp":
        defvjp(value, lambda y, x: lambda g: g * y)
    else:
        defvjp(value, lambda y, x: lambda g: g * deriv(x))
    defvjp(deriv, lambda dy, x: lambda g: g * k.second(x, value(x), dy))

    def f(x):
        return value(x)

    f.__doc__ = f"vecmath {k.tier} {k.fn} for autograd (primitive with a vjp; any order)."
    return f


__all__ = _ad.build(__name__, globals(), _make)

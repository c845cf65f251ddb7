"""vecmath for JAX: vecmath.jax.exp(x) etc. (accurate tier) and vecmath.jax.fast.exp,
vecmath.jax.approx.exp, differentiable to any order.

Each function is a jax.custom_jvp around the C kernel, called as an XLA custom call (the
kernels' XLA FFI handlers, vecmath._ufuncs.xla_ffi_handlers: no Python and no copies at run
time; float16 goes through jax.pure_callback and the ufunc instead).  Both work under jit and
vmap.  The jvp takes value and derivative from one call of the fused kernel, which is itself a
custom_jvp whose rule gives the second derivative through y and dy (vecmath._ad.SECOND).
Forward and reverse mode both work: grad, jacfwd, jacrev, hessian.  CPU arrays of float16,
float32, float64 (float64 needs jax_enable_x64); integers become floats.
"""
import jax
import jax.numpy as jnp
import numpy as np

from . import _ad, _ufuncs

_DTYPES = (np.float16, np.float32, np.float64)
_FFI_DTYPES = (np.float32, np.float64)


def _register_ffi_targets():
    """Register every kernel's XLA FFI handler as the custom-call target vecmath_<kernel>."""
    for name, capsule in _ufuncs.xla_ffi_handlers().items():
        jax.ffi.register_ffi_target(f"vecmath_{name}", capsule, platform="cpu")


_register_ffi_targets()


def _call(kernel, ufunc, x, nout):
    """The kernel (e.g. "exp_accurate_vd") on x, shaped and typed like x; nout arrays."""
    like = jax.ShapeDtypeStruct(x.shape, x.dtype)
    result = (like, like) if nout == 2 else like
    if x.dtype in _FFI_DTYPES:
        return jax.ffi.ffi_call(f"vecmath_{kernel}", result, vmap_method="broadcast_all")(x)

    def host(a):   # float16: the ufunc computes it through the float64 kernel
        out = ufunc(np.asarray(a))
        return out if nout == 2 else out.astype(a.dtype, copy=False)

    return jax.pure_callback(host, result, x, vmap_method="expand_dims")


def _as_float(x):
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(jnp.result_type(float))
    if x.dtype not in _DTYPES:
        raise TypeError(f"vecmath.jax computes float16, float32 and float64, not {x.dtype}")
    return x


def _make(k):
    @jax.custom_jvp
    def value_and_deriv(x):
        return _call(f"{k.fn}_{k.tier}_vd", k.vd, x, 2)

    @value_and_deriv.defjvp
    def _value_and_deriv_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y, dy = value_and_deriv(x)
        return (y, dy), (dy * t, k.second(x, y, dy) * t)

    @jax.custom_jvp
    def value(x):
        return _call(f"{k.fn}_{k.tier}", k.value, x, 1)

    @value.defjvp
    def _value_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y, dy = value_and_deriv(x)
        return y, dy * t

    def f(x):
        return value(_as_float(x))

    f.__doc__ = f"vecmath {k.tier} {k.fn} for JAX (custom_jvp; any order of derivative)."
    return f


__all__ = _ad.build(__name__, globals(), _make)

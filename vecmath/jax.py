"""vecmath for JAX: vecmath.jax.exp(x) etc. (accurate tier) and vecmath.jax.fast.exp,
vecmath.jax.approx.exp, differentiable to any order.

Each function is a jax.custom_jvp around vecmath's kernel, called as an XLA FFI target (the
handlers are compiled on first use against the installed jaxlib's headers and cached:
vecmath/_jax_ffi.py; vecmath.jax.ffi_info() says which library and FFI version) or, for float16
and where the FFI cannot be built, through jax.pure_callback and the ufunc; both work under jit
and vmap and give the ufunc's bits.  Its jvp takes value and derivative from one call of the fused
ufunc, which is itself a custom_jvp whose rule gives the second derivative through y and dy
(vecmath._ad.SECOND).  Forward and reverse mode both work: grad, jacfwd, jacrev, hessian.
CPU arrays of float16, float32, float64 (float64 needs jax_enable_x64); integers become floats.
On NVIDIA GPUs (jax[cuda]), float32 and float64 arrays run vecmath's GPU kernels (the CPU's bits)
through XLA FFI handlers for platform CUDA (vecmath/_jax_ffi_cuda.c, built the same way, no nvcc);
float16, or where those cannot be built, goes through the host callback.
"""
import jax
import jax.numpy as jnp
import numpy as np

from . import _ad, _jax_ffi

_DTYPES = (np.float16, np.float32, np.float64)
ffi_info = _jax_ffi.info


def _call(k, x, nout):
    """The kernel of k (value, or value and derivative when nout == 2) on x: through its FFI
    target for float32 and float64, else through the ufunc on the host."""
    targets = _jax_ffi.setup()
    if targets is None or x.dtype == np.float16:
        return _callback(k.vd if nout == 2 else k.value, x, nout)
    like = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def ffi(x):
        return jax.ffi.ffi_call(targets[k.fn, k.tier, nout], (like, like) if nout == 2 else like,
                                vmap_method="broadcast_all")(x)

    if not _jax_ffi.cuda_backend():   # CPU only: the CPU handlers
        return ffi(x)
    # with a GPU backend: the same target on CPU and (where its handlers load) CUDA, else the
    # host callback; each lowering picks the branch of its platform
    branches = {"cpu": ffi, **({"cuda": ffi} if _jax_ffi.setup_cuda() else {})}
    return jax.lax.platform_dependent(x, default=lambda x: _callback(k.vd if nout == 2 else k.value, x, nout),
                                      **branches)


def _callback(ufunc, x, nout):
    """ufunc(x) on the host, shaped and typed like x (nout arrays when nout == 2)."""
    like = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def host(a):
        out = ufunc(np.asarray(a))
        return out if nout == 2 else out.astype(a.dtype, copy=False)

    return jax.pure_callback(host, (like, like) if nout == 2 else like, x,
                             vmap_method="expand_dims")


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
        return _call(k, x, 2)

    @value_and_deriv.defjvp
    def _value_and_deriv_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y, dy = value_and_deriv(x)
        return (y, dy), (dy * t, k.second(x, y, dy) * t)

    @jax.custom_jvp
    def value(x):
        return _call(k, x, 1)

    @value.defjvp
    def _value_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y, dy = value_and_deriv(x)
        return y, dy * t

    def f(x):
        return value(_as_float(x))

    f.__doc__ = f"vecmath {k.tier} {k.fn} for JAX (custom_jvp; any order of derivative)."
    return f


__all__ = _ad.build(__name__, globals(), _make) + ["ffi_info"]

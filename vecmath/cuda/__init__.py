"""vecmath on NVIDIA GPUs, through numba-cuda (`pip install "vecmath[cuda]"`).

Inside your own `@cuda.jit` kernels (float32 or float64 scalars):

    vecmath.cuda.exp(x), .log, .tanh, .atan (.arctan), .expm1, .log1p
                                                          accurate tier: the CPU ufunc's bits
    vecmath.cuda.fast.exp(x), vecmath.cuda.approx.exp(x)  the other tiers: their CPU bits too
    vecmath.cuda.deriv.exp(x), vecmath.cuda.deriv.exp_and_deriv(x) -> (y, dy)   (every tier)
    vecmath.cuda.hardware.exp(x), .log, .tanh             float32 hardware approximations
                                                          (ex2/lg2/tanh.approx): NOT the CPU's bits

On GPU arrays (anything with __cuda_array_interface__: numba device arrays, CuPy, PyTorch CUDA
tensors), the same names compute elementwise: `vecmath.cuda.exp(arr, out=None, stream=0)`
returns the same kind of array (CuPy in, CuPy out; torch in, torch out).  Host arrays are refused.

The tiers are the CPU kernel source compiled once more (csrc/cuda/vecmath_cuda.cu) by NVRTC
with vecmath's own flags into vecmath_cuda.ptx, which numba LINKS into the user's kernel: the
user's fastmath or NVVM's contraction never reach it (docs/cuda.md).
"""
import sys
import types as _pytypes

try:
    import numba
    from numba import cuda
    from numba.core import sigutils, types
    from numba.cuda.extending import lower_builtin, type_callable
except ImportError as e:  # numba-cuda is the optional extra
    raise ImportError(f'vecmath.cuda needs numba-cuda: pip install "vecmath[cuda]" ({e})') from None

import pathlib

import numpy as np

from .. import functions, spec

PTX = str(pathlib.Path(__file__).with_name("vecmath_cuda.ptx"))
_FLOATS = {np.dtype(np.float32): types.float32, np.dtype(np.float64): types.float64}
_THREADS = 256


def _device_function(pyname, variants):
    """A Python function usable inside @cuda.jit kernels on float scalars (variants: numba float
    type -> declared device function) and, called from the host, on GPU arrays."""
    def host(x, out=None, stream=0):
        return _apply(host, x, out, stream)

    host.__name__ = host.__qualname__ = pyname
    # outputs per element, from the declared return type: (y, dy) for the fused forms
    host._nout = 2 if isinstance(_RETURN[next(iter(variants.values()))], types.BaseTuple) else 1

    @type_callable(host)
    def _type(context):
        def typer(x, out=None, stream=None):
            stub = variants.get(x)
            if stub is not None and out is None and stream is None:
                return _RETURN[stub]
        return typer

    for t, stub in variants.items():
        @lower_builtin(host, t)
        def _lower(context, builder, sig, args, stub=stub):
            return context.compile_internal(builder, lambda x: stub(x), sig, args)

    return host


_RETURN = {}   # declared device function -> its return type


def _declare(name, sig):
    stub = cuda.declare_device(name, sig, link=[PTX])
    _RETURN[stub] = sigutils.normalize_signature(sig)[1]
    return stub


# ---- the array entry points ------------------------------------------------------------------

_KERNELS = {}


def _kernel(f, nout):
    key = (f, nout)
    if key not in _KERNELS:
        if nout == 1:
            @cuda.jit
            def run(x, y):
                i = cuda.grid(1)
                if i < x.size:
                    y[i] = f(x[i])
        else:
            @cuda.jit
            def run(x, y, dy):
                i = cuda.grid(1)
                if i < x.size:
                    y[i], dy[i] = f(x[i])
        _KERNELS[key] = run
    return _KERNELS[key]


def _like(x, array):
    """An empty array of the same kind as x (CuPy, torch or numba), shaped like `array`."""
    module = type(x).__module__.split(".")[0]
    if module == "cupy":
        import cupy
        return cupy.empty(array.shape, array.dtype)
    if module == "torch":
        import torch
        return torch.empty(array.shape, dtype=x.dtype, device=x.device)
    return cuda.device_array(array.shape, array.dtype)


def _apply(func, x, out, stream):
    if not hasattr(x, "__cuda_array_interface__"):
        raise TypeError(f"vecmath.cuda.{func.__name__} computes GPU arrays (objects with "
                        f"__cuda_array_interface__); copy a host array first, e.g. numba.cuda.to_device(x)")
    xa = cuda.as_cuda_array(x)
    if np.dtype(xa.dtype) not in _FLOATS:
        raise TypeError(f"vecmath.cuda computes float32 and float64 arrays, not {xa.dtype}")
    if not xa.is_c_contiguous():
        raise ValueError("vecmath.cuda computes contiguous arrays")
    nout = func._nout
    outs = (out if isinstance(out, tuple) else (out,)) if out is not None else \
        tuple(_like(x, xa) for _ in range(nout))
    arrays = [cuda.as_cuda_array(o) for o in outs]
    if len(arrays) != nout or any(a.shape != xa.shape or a.dtype != xa.dtype or not a.is_c_contiguous()
                                  for a in arrays):
        raise ValueError(f"out must be {nout} contiguous GPU array(s) of x's shape and dtype")
    n = xa.size
    if n:
        blocks = (n + _THREADS - 1) // _THREADS
        _kernel(func, nout)[blocks, _THREADS, stream](xa.reshape(n), *[a.reshape(n) for a in arrays])
    return outs if nout == 2 else outs[0]


# ---- the namespaces --------------------------------------------------------------------------

def _module(name, doc):
    """A submodule object (numba resolves attributes of modules inside kernels)."""
    mod = _pytypes.ModuleType(f"{__name__}.{name}", doc)
    sys.modules[mod.__name__] = mod
    return mod


def _tier_namespace(tier):
    ns = _module(tier, f"vecmath's {tier} tier as CUDA device functions (and array entry points).")
    deriv = _module(f"{tier}.deriv", f"Derivatives of the {tier} tier: <fn> and <fn>_and_deriv.")
    for fn in spec.FUNCTIONS:
        base = f"vm_cuda_{fn}_{tier}"
        value = _device_function(fn, {
            types.float64: _declare(f"{base}_f64", "float64(float64)"),
            types.float32: _declare(f"{base}_f32", "float32(float32)")})
        d = _device_function(fn, {
            types.float64: _declare(f"{base}_deriv_f64", "float64(float64)"),
            types.float32: _declare(f"{base}_deriv_f32", "float32(float32)")})
        vd = _device_function(f"{fn}_and_deriv", {
            types.float64: _declare(f"{base}_vd_f64", "UniTuple(float64, 2)(float64)"),
            types.float32: _declare(f"{base}_vd_f32", "UniTuple(float32, 2)(float32)")})
        setattr(ns, fn, value)
        setattr(deriv, fn, d)
        setattr(deriv, f"{fn}_and_deriv", vd)
        for alias, target in spec.ALIASES.items():
            if target == fn:
                setattr(ns, alias, value)
                setattr(deriv, alias, d)
                setattr(deriv, f"{alias}_and_deriv", vd)
    ns.deriv = deriv
    return ns


accurate = _tier_namespace("accurate")
fast = _tier_namespace("fast")
approx = _tier_namespace("approx")
deriv = accurate.deriv
for _public in spec.FUNCTIONS + tuple(spec.ALIASES):   # vecmath.cuda.exp is the accurate tier's
    globals()[_public] = getattr(accurate, _public)

hardware = _module("hardware", "float32 hardware approximations (ex2.approx, lg2.approx, tanh.approx): "
                               "the GPU's own bits, not the CPU's; bounds in docs/cuda.md.")
HARDWARE = {fn: f.cuda_hardware for fn, f in functions.BY_NAME.items() if f.cuda_hardware}
for _fn in HARDWARE:
    setattr(hardware, _fn, _device_function(_fn, {types.float32: _declare(f"vm_cuda_hw_{_fn}_f32",
                                                                           "float32(float32)")}))

__all__ = [*spec.FUNCTIONS, *spec.ALIASES, "accurate", "fast", "approx", "deriv", "hardware", "PTX"]

"""vecmath on NVIDIA GPUs, through numba-cuda (`pip install "vecmath-ufuncs[cuda]"`).

Inside your own `@cuda.jit` kernels (float32 or float64 scalars):

    vecmath.cuda.exp(x), .log, .tanh, .atan (.arctan), .expm1, .log1p, .sigmoid (.expit), .softplus, .erf, .erfc
                                                          accurate tier: the CPU ufunc's bits
    vecmath.cuda.fast.exp(x), vecmath.cuda.approx.exp(x)  the other tiers: their CPU bits too
    vecmath.cuda.deriv.exp(x), vecmath.cuda.deriv.exp_and_deriv(x) -> (y, dy)   (every tier)
    vecmath.cuda.hardware.exp(x), .log, .tanh             float32 hardware approximations
                                                          (ex2/lg2/tanh.approx): NOT the CPU's bits

On GPU arrays (anything with __cuda_array_interface__: numba device arrays, CuPy, PyTorch CUDA
tensors), the same names compute elementwise: `vecmath.cuda.exp(arr, out=None, stream=0)`
returns the same kind of array (CuPy in, CuPy out; torch in, torch out), float16, float32 or
float64 (float16: the tier's float64 function, rounded once, as on the CPU).  Host arrays are refused.

The tiers are the CPU kernel source compiled once more (csrc/cuda/vecmath_cuda.cu) by NVRTC
into LTO-IR (vecmath_cuda12.ltoir, vecmath_cuda13.ltoir), which nvJitLink inlines into the
user's kernel, and into PTX (vecmath_cuda.ptx), linked as called functions where nvJitLink is
absent or too old; every floating-point operation is explicitly rounded, so neither the link's
options nor the user's fastmath change a bit.  vecmath.cuda.LINK and show_config() say which
path this process uses (docs/cuda.md).
"""
import sys
import types as _pytypes

try:
    import numba
    from numba import cuda
    from numba.core import sigutils, types
    from numba.cuda.extending import lower_builtin, type_callable
except ImportError as e:  # numba-cuda is the optional extra
    raise ImportError(f'vecmath.cuda needs numba-cuda: pip install "vecmath-ufuncs[cuda]" ({e})') from None

import os
import pathlib

import numpy as np

from .. import functions, spec

PTX = str(pathlib.Path(__file__).with_name("vecmath_cuda.ptx"))
_FLOATS = {np.dtype(np.float32): types.float32, np.dtype(np.float64): types.float64}
_THREADS = 256


# ---- which code user kernels link: LTO-IR (inlined at link time) or PTX (called) -------------

def _nvjitlink_version():
    """(major, minor) of the nvJitLink numba-cuda links with, or None where it has none."""
    try:
        from numba.cuda.cudadrv import driver
        if not driver._have_nvjitlink():
            return None
        from cuda.bindings import nvjitlink
        return tuple(nvjitlink.version())
    except Exception:   # no cuda-bindings, no library: numba-cuda links PTX with the driver
        return None


def _choose_link():
    """(kind, file, reason): "ltoir" with the LTO-IR for nvJitLink's major version where that
    nvJitLink is at least as new as the NVRTC that made it (it refuses newer LTO-IR, and LTO-IR
    of another major version), else "ptx".  $VECMATH_CUDA_LINK=ptx forces the PTX."""
    from ._ltoir_versions import NVRTC

    here = pathlib.Path(__file__).parent
    if os.environ.get("VECMATH_CUDA_LINK", "").lower() == "ptx":
        return "ptx", PTX, "VECMATH_CUDA_LINK=ptx"
    have = _nvjitlink_version()
    if have is None:
        return "ptx", PTX, "no nvJitLink (numba-cuda links with the driver, without LTO)"
    made_by = NVRTC.get(have[0])
    path = here / f"vecmath_cuda{have[0]}.ltoir"
    if made_by is None or not path.is_file():
        return "ptx", PTX, f"no LTO-IR for nvJitLink {have[0]}.{have[1]}'s major version"
    if have < made_by:
        return "ptx", PTX, (f"nvJitLink {have[0]}.{have[1]} is older than the NVRTC {made_by[0]}.{made_by[1]} "
                            f"that made {path.name}")
    return "ltoir", str(path), f"nvJitLink {have[0]}.{have[1]} links {path.name} (NVRTC {made_by[0]}.{made_by[1]})"


LINK, LINK_FILE, LINK_REASON = _choose_link()
_LTOIR = cuda.LTOIR(pathlib.Path(LINK_FILE).read_bytes(), name=pathlib.Path(LINK_FILE).name) \
    if LINK == "ltoir" else None


def _link(context):
    """Add vecmath's code to the link of the kernel or device function being compiled: the LTO-IR
    where this process links it, else the PTX; the PTX too for code compiled with debug=True
    (numba-cuda then links without LTO: LTO with debug is a linker error there).  The choice
    cannot follow each kernel's own LTO flag: a user's device function does not know the kernel
    it ends in, and a kernel linking both files would define every function twice.  A kernel
    compiled without LTO but not for debugging (lto=False) still links the LTO-IR: numba-cuda's
    linker then runs nvJitLink with LTO for it, and vecmath's code is called, not inlined."""
    library = context.active_code_library
    debug = "g" in (getattr(library, "_nvvm_options", None) or {})
    library.add_linking_file(_LTOIR if _LTOIR is not None and not debug else PTX)


def config():
    """How this process links vecmath's device code: link ("ltoir" or "ptx"), file, reason, and
    the versions behind the choice."""
    from ._ltoir_versions import NVRTC

    have = _nvjitlink_version()
    return {"link": LINK, "file": pathlib.Path(LINK_FILE).name, "reason": LINK_REASON,
            "nvjitlink": ".".join(map(str, have)) if have else None,
            "ltoir_nvrtc": {f"vecmath_cuda{m}.ltoir": f"{v[0]}.{v[1]}" for m, v in sorted(NVRTC.items())},
            "numba_cuda": getattr(sys.modules.get("numba_cuda"), "__version__", None)}


def show_config():
    c = config()
    print(f"vecmath.cuda links {c['link']} ({c['file']}): {c['reason']}")


def _device_function(pyname, variants):
    """A Python function usable inside @cuda.jit kernels on float scalars (variants: numba float
    type -> declared device function) and, called from the host, on GPU arrays."""
    def host(x, out=None, stream=0):
        return _apply(host, x, out, stream)

    host.__name__ = host.__qualname__ = pyname
    # outputs per element, from the declared return type: (y, dy) for the fused forms
    host._nout = 2 if isinstance(_RETURN[next(iter(variants.values()))], types.BaseTuple) else 1
    host._has_f64 = types.float64 in variants   # float16 arrays compute through it

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
            _link(context)
            return context.compile_internal(builder, lambda x: stub(x), sig, args)

    return host


_RETURN = {}   # declared device function -> its return type


def _declare(name, sig):
    stub = cuda.declare_device(name, sig)   # its code: added per kernel, by _link
    _RETURN[stub] = sigutils.normalize_signature(sig)[1]
    return stub


# ---- the array entry points ------------------------------------------------------------------
# Grid-stride kernels: at most _WAVES resident grids of _THREADS-thread blocks, each thread
# looping over its elements; the device functions inline into them through the LTO-IR.  float16
# arrays: the tier's float64 function between the exact widening and one rounding (_half.py), as
# the CPU ufuncs compute float16.  (Several elements per loop iteration were not measured: no
# GPU was lent to the session that wrote this; docs/cuda.md.)

_KERNELS = {}
_WAVES = 4


def _kernel(f, nout, half):
    key = (f, nout, half)
    if key in _KERNELS:
        return _KERNELS[key]
    if half:
        if nout == 1:
            @cuda.jit
            def run(x, y):
                for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
                    y[i] = _f64_to_half(f(_half_to_f64(np.uint32(x[i]))))
        else:
            @cuda.jit
            def run(x, y, dy):
                for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
                    v, d = f(_half_to_f64(np.uint32(x[i])))
                    y[i] = _f64_to_half(v)
                    dy[i] = _f64_to_half(d)
    elif nout == 1:
        @cuda.jit
        def run(x, y):
            for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
                y[i] = f(x[i])
    else:
        @cuda.jit
        def run(x, y, dy):
            for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
                y[i], dy[i] = f(x[i])
    _KERNELS[key] = run
    return run


def _internal(name, sig):
    """A device-only function of vecmath's code (no array entry point), linked as the others."""
    stub = _declare(name, sig)
    argtype = sigutils.normalize_signature(sig)[0][0]

    def call(x):
        raise TypeError(f"{name} is a device function")

    @type_callable(call)
    def _type(context):
        def typer(x):
            if x == argtype:
                return _RETURN[stub]
        return typer

    @lower_builtin(call, argtype)
    def _lower(context, builder, sig, args):
        _link(context)
        return context.compile_internal(builder, lambda x: stub(x), sig, args)

    return call


# float16 bits (in a uint32) <-> float64: exact widening, one rounding (csrc/cuda/vm_half_bits.h)
_half_to_f64 = _internal("vm_cuda_half_to_f64", "float64(uint32)")
_f64_to_half = _internal("vm_cuda_f64_to_half", "uint32(float64)")


_RESIDENT = {}   # device id -> blocks of _THREADS resident at once


def _blocks(n):
    """Blocks for n elements: one element per thread up to _WAVES full waves of the GPU, then
    a grid-stride loop."""
    dev = cuda.get_current_device()
    if dev.id not in _RESIDENT:
        _RESIDENT[dev.id] = dev.MULTIPROCESSOR_COUNT * max(1, dev.MAX_THREADS_PER_MULTIPROCESSOR // _THREADS)
    return max(1, min((n + _THREADS - 1) // _THREADS, _WAVES * _RESIDENT[dev.id]))


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


_ARRAY_DTYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _apply(func, x, out, stream):
    if not hasattr(x, "__cuda_array_interface__"):
        raise TypeError(f"vecmath.cuda.{func.__name__} computes GPU arrays (objects with "
                        f"__cuda_array_interface__); copy a host array first, e.g. numba.cuda.to_device(x)")
    xa = cuda.as_cuda_array(x)
    dtype = np.dtype(xa.dtype)
    if dtype not in _ARRAY_DTYPES or (dtype == np.float16 and not func._has_f64):
        raise TypeError(f"vecmath.cuda.{func.__name__} computes float16, float32 and float64 arrays, not {xa.dtype}"
                        if func._has_f64 else f"vecmath.cuda.{func.__name__} computes float32 arrays, not {xa.dtype}")
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
        half = dtype == np.float16
        flat = [a.reshape(n) for a in (xa, *arrays)]
        if half:   # the kernels move the bits: numba has no float16 arithmetic to do here
            flat = [a.view(np.uint16) for a in flat]
        _kernel(func, nout, half)[_blocks(n), _THREADS, stream](*flat)
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

__all__ = [*spec.FUNCTIONS, *spec.ALIASES, "accurate", "fast", "approx", "deriv", "hardware", "PTX", "LINK",
           "config", "show_config"]

"""The raw C array kernels through cffi: ffi, lib, and a NumPy-array convenience wrapper.

    from vecmath.kernels import ffi, lib
    lib.vm_exp_accurate_f64(ffi.from_buffer("double[]", x), ffi.from_buffer("double[]", y), n)

Each returns VM_FE_* bits (lib.VM_FE_OVERFLOW, ...).  The CPU path is the one vecmath uses.
"""
import numpy as np

from ._kernels import ffi, lib

__all__ = ["ffi", "lib", "call"]

if lib.vm_init() != 0:
    raise ImportError("vecmath: " + ffi.string(lib.vm_init_error()).decode())

_CTYPE = {np.dtype(np.float64): ("f64", "double[]"), np.dtype(np.float32): ("f32", "float[]")}


def call(fn, tier, x, out=None):
    """y = fn(x) through the raw kernel; x contiguous float32/float64.  Returns (y, flags)."""
    x = np.ascontiguousarray(x)
    suffix, ctype = _CTYPE[x.dtype]
    y = np.empty_like(x) if out is None else out
    if y.dtype != x.dtype or y.shape != x.shape or not y.flags.c_contiguous:
        raise ValueError("out must be a C-contiguous array of x's dtype and shape")
    kernel = getattr(lib, f"vm_{fn}_{tier}_{suffix}")
    flags = kernel(ffi.from_buffer(ctype, x), ffi.from_buffer(ctype, y, require_writable=True), x.size)
    return y, flags

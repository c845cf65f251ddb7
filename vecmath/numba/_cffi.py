"""The C array kernels as numba external functions, bound by symbol name (so that a user's
cache=True function can be reloaded in another process), and a raw data pointer for arrays."""
import llvmlite.binding as llvm
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from ..kernels import ffi, lib  # importing vecmath.kernels runs vm_init(): the CPU dispatch

_CTYPE = {"f64": types.float64, "f32": types.float32}


def array_kernel(fn, tier, suffix):
    """int vm_<fn>_<tier>_<suffix>(const T *x, T *y, size_t n) as a numba ExternalFunction."""
    name = f"vm_{fn}_{tier}_{suffix}"
    llvm.add_symbol(name, int(ffi.cast("uintptr_t", ffi.addressof(lib, name))))
    ptr = types.CPointer(_CTYPE[suffix])
    return types.ExternalFunction(name, types.int32(ptr, ptr, types.uintp))


@intrinsic
def data_ptr(typingctx, arr):
    """Pointer to a contiguous array's first element."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, sig, args):
        return cgutils.create_struct_proxy(sig.args[0])(context, builder, value=args[0]).data

    return types.CPointer(arr.dtype)(arr), codegen

"""The public scalar functions and the overloads of vecmath's ufuncs inside @njit code.

For every (function, tier) with kernels, one typer serves both vecmath.numba.<tier>.<fn> and the
ufunc vecmath.<tier>.<fn>: scalars call the C kernel of their dtype through its lane entry
points (see _lanes: in a vectorized loop, once per register) or, for the three kernels that
measured faster so, inline it (_inline); integers and bools go through float64 as in NumPy;
arrays call the C array kernel (see _cffi) into a new array.
"""
import importlib

import numpy as np
from numba import types
from numba.extending import overload

from .. import spec
from ._cffi import array_kernel, data_ptr
from ._inline import KERNELS as INLINE
from ._lanes import lane_function

# The overloads keep the kernels' roundings (fastmath off whatever the caller's flags) and are
# always inlined by LLVM: the user's loop must see the kernel's call to vectorize it.
JIT_OPTIONS = {"fastmath": False, "forceinline": True}

# KERNELS[fn][tier, "f64" | "f32"]: the @njit function of one float for every (fn, tier) the
# spec lists: the C kernel vm_<fn>_<tier>_<f64|f32> called through its lane entry points, or
# where that measured slower, the same kernel inlined (_inline).
KERNELS = {fn: {(tier, suffix): INLINE.get((fn, tier, suffix))
                or lane_function(f"vm_{fn}_{tier}_{suffix}", suffix)
                for tier in spec.TIERS for suffix in ("f64", "f32")}
           for fn in spec.FUNCTIONS}


def ufunc_of(fn, tier):
    return getattr(importlib.import_module(f"vecmath.{tier}"), fn, None)


def typer(fn, tier):
    """numba overload body for fn in tier: picks the implementation from the argument type."""
    return one_output(KERNELS[fn][tier, "f32"], KERNELS[fn][tier, "f64"],
                      array_kernel(fn, tier, "f32"), array_kernel(fn, tier, "f64"))


def one_output(k32, k64, c32, c64):
    """numba overload body of x -> f(x) from scalar kernels (k32, k64) and C array kernels
    x -> y (c32, c64); the derivatives' typers (_deriv_api) use it too."""
    def scalar32(x):
        return k32(x)

    def scalar64(x):
        return k64(np.float64(x))

    def array32(x):
        xc = np.ascontiguousarray(x)
        y = np.empty(xc.shape, np.float32)
        c32(data_ptr(xc), data_ptr(y), xc.size)  # VM_FE_* status: no NumPy warnings in @njit
        return y

    def array64(x):
        xc = np.ascontiguousarray(x).astype(np.float64)  # no copy when already float64
        y = np.empty(xc.shape, np.float64)
        c64(data_ptr(xc), data_ptr(y), xc.size)
        return y

    return choose_by_type(scalar32, scalar64, array32, array64)


def choose_by_type(scalar32, scalar64, array32, array64):
    """numba overload body: the implementation for the argument's type (float32 and float32
    arrays stay float32; other floats, integers and booleans go through float64)."""
    def choose(x):
        if x == types.float32:
            return scalar32
        if isinstance(x, (types.Float, types.Integer, types.Boolean)):
            return scalar64
        if isinstance(x, types.Array):
            if x.dtype == types.float32:
                return array32
            if isinstance(x.dtype, (types.Float, types.Integer, types.Boolean)):
                return array64
        return None
    return choose


def make_stub(fn, tier):
    """vecmath.numba.<tier>.<fn>: in Python the C ufunc (the same bits), in @njit the kernel."""
    ufunc = ufunc_of(fn, tier)

    def stub(x):
        return ufunc(x)

    stub.__name__ = stub.__qualname__ = fn
    stub.__module__ = f"vecmath.numba.{tier}"
    stub.__doc__ = (f"{fn}(x), {tier} tier: inlines into @njit code, same bits as "
                    f"vecmath.{tier}.{fn}; float32 stays float32, other numbers become float64.")
    overload(stub, jit_options=JIT_OPTIONS)(typer(fn, tier))
    return stub


def _register_ufuncs():
    for fn in KERNELS:
        for tier in spec.TIERS:
            uf = ufunc_of(fn, tier)
            if uf is not None:
                overload(uf, jit_options=JIT_OPTIONS)(typer(fn, tier))


def export(namespace, tier):
    """Fill a tier module with its functions (and aliases); returns the names."""
    names = []
    for fn in KERNELS:
        if ufunc_of(fn, tier) is not None:
            namespace[fn] = make_stub(fn, tier)
            names.append(fn)
    for alias, fn in spec.ALIASES.items():
        if fn in namespace:
            namespace[alias] = namespace[fn]
            names.append(alias)
    return names


_register_ufuncs()

"""vecmath.numba.deriv (and .fast.deriv, .approx.deriv): the derivative functions for @njit
code, with the bits of the derivative ufuncs; and overloads of those ufuncs inside @njit.

    <fn>(x)              f'(x)
    <fn>_and_deriv(x)    (f(x), f'(x)); for exp one evaluation
    tanh_from_output(y)  tanh'(x) from y = tanh(x)

Scalars call the C kernels of _deriv (integers and bools go through float64); arrays call the
C array kernels into new arrays.  The fused function calls the value's kernel and the
derivative's (the C fused kernel gives the same bits from one evaluation; for exp the two are
one kernel, called once).
"""
import importlib
import types as pytypes

import numpy as np
from numba import types
from numba.extending import overload

from .. import spec
from ._api import KERNELS, choose_by_type as _choose, one_output as _one_output
from ._cffi import array_kernel, data_ptr, ffi, lib, llvm
from ._deriv import DERIV, FROM_OUTPUT

_CTYPE = {"f64": types.float64, "f32": types.float32}


def _array_kernel2(fn, tier, suffix):
    """int vm_<fn>_<tier>_vd_<suffix>(const T *x, T *y, T *dy, size_t n)."""
    name = f"vm_{fn}_{tier}_vd_{suffix}"
    llvm.add_symbol(name, int(ffi.cast("uintptr_t", ffi.addressof(lib, name))))
    ptr = types.CPointer(_CTYPE[suffix])
    return types.ExternalFunction(name, types.int32(ptr, ptr, ptr, types.uintp))


def _two_outputs(v32, v64, d32, d64, c32, c64):
    """Typer of x -> (f(x), f'(x)) from value and derivative kernels and C fused kernels;
    where the derivative kernel is the value's (exp), one evaluation serves both."""
    if d32 is v32 and d64 is v64:
        def scalar32(x):
            y = v32(x)
            return y, y

        def scalar64(x):
            y = v64(np.float64(x))
            return y, y
    else:
        def scalar32(x):
            return v32(x), d32(x)

        def scalar64(x):
            xd = np.float64(x)
            return v64(xd), d64(xd)

    def array32(x):
        xc = np.ascontiguousarray(x)
        y, dy = np.empty(xc.shape, np.float32), np.empty(xc.shape, np.float32)
        c32(data_ptr(xc), data_ptr(y), data_ptr(dy), xc.size)
        return y, dy

    def array64(x):
        xc = np.ascontiguousarray(x).astype(np.float64)
        y, dy = np.empty(xc.shape, np.float64), np.empty(xc.shape, np.float64)
        c64(data_ptr(xc), data_ptr(y), data_ptr(dy), xc.size)
        return y, dy

    return _choose(scalar32, scalar64, array32, array64)


def _typers(tier):
    """name -> (ufunc, typer) for the derivative functions of a tier."""
    ufuncs = importlib.import_module(f"vecmath.{tier}").deriv
    out = {}
    for fn in DERIV:
        if not hasattr(ufuncs, fn):
            continue
        d = DERIV[fn]
        out[fn] = (getattr(ufuncs, fn), _one_output(
            d[tier, "f32"], d[tier, "f64"], array_kernel(fn, f"{tier}_deriv", "f32"),
            array_kernel(fn, f"{tier}_deriv", "f64")))
        if fn in KERNELS:
            v = KERNELS[fn]
            out[f"{fn}_and_deriv"] = (getattr(ufuncs, f"{fn}_and_deriv"), _two_outputs(
                v[tier, "f32"], v[tier, "f64"], d[tier, "f32"], d[tier, "f64"],
                _array_kernel2(fn, tier, "f32"), _array_kernel2(fn, tier, "f64")))
    for fn, k in FROM_OUTPUT.items():
        if hasattr(ufuncs, f"{fn}_from_output"):
            out[f"{fn}_from_output"] = (getattr(ufuncs, f"{fn}_from_output"), _one_output(
                k["f32"], k["f64"], array_kernel(fn, "from_output", "f32"), array_kernel(fn, "from_output", "f64")))
    return out


def _stub(name, tier, ufunc, typer):
    def stub(x):
        return ufunc(x)

    stub.__name__ = stub.__qualname__ = name
    stub.__module__ = f"vecmath.numba.{tier}.deriv"
    stub.__doc__ = f"{name}(x), {tier} tier, for @njit code: the bits of vecmath.{tier}.deriv.{name}."
    overload(stub, jit_options={"fastmath": False})(typer)
    return stub


_TYPERS = {tier: _typers(tier) for tier in spec.TIERS}
_OVERLOADED = set()
for _tier, _entries in _TYPERS.items():
    for _name, (_ufunc, _typer) in _entries.items():
        if id(_ufunc) not in _OVERLOADED:   # tanh_from_output is one ufunc in every tier
            overload(_ufunc, jit_options={"fastmath": False})(_typer)
            _OVERLOADED.add(id(_ufunc))


def deriv_module(tier):
    """The module vecmath.numba.<tier>.deriv."""
    import sys

    mod = pytypes.ModuleType(f"vecmath.numba.{tier}.deriv", f"Derivatives, {tier} tier, for @njit code.")
    sys.modules[mod.__name__] = mod
    names = []
    for name, (ufunc, typer) in _TYPERS[tier].items():
        setattr(mod, name, _stub(name, tier, ufunc, typer))
        names.append(name)
    for alias, fn in spec.ALIASES.items():
        for suffix in ("", "_and_deriv"):
            if hasattr(mod, fn + suffix):
                setattr(mod, alias + suffix, getattr(mod, fn + suffix))
                names.append(alias + suffix)
    mod.__all__ = names
    return mod

"""What every AD adapter (vecmath.jax, vecmath.torch, vecmath.autograd) shares: which
functions have derivatives in which tier, their second derivatives, and the tier namespaces.

Second derivatives are written through x, y = f(x) and dy = f'(x) with plain arithmetic, so
the same expression works on JAX arrays, torch tensors and autograd boxes and is itself
differentiable by the framework (third and higher derivatives follow)."""
import sys
import types

from . import _ufuncs, functions
from .spec import ALIASES, FUNCTIONS, TIERS

# f''(x) through (x, y, dy), from each function's descriptor (vecmath/functions/<fn>.py)
SECOND = {fn: functions.BY_NAME[fn].second for fn in FUNCTIONS}


class Kernels:
    """The ufuncs of one (function, tier): value, deriv (x -> f'), vd (x -> (f, f'))."""

    def __init__(self, fn, tier):
        self.fn, self.tier = fn, tier
        self.value = getattr(_ufuncs, f"{fn}_{tier}")
        self.deriv = getattr(_ufuncs, f"{fn}_{tier}_deriv")
        self.vd = getattr(_ufuncs, f"{fn}_{tier}_vd")
        self.second = SECOND[fn]


def differentiable():
    """(fn, tier) pairs that have both value and derivative kernels."""
    return [(fn, tier) for tier in TIERS for fn in FUNCTIONS
            if hasattr(_ufuncs, f"{fn}_{tier}") and hasattr(_ufuncs, f"{fn}_{tier}_vd")]


def build(module_name, namespace, make):
    """Fill an adapter module: make(Kernels) -> the framework's function, for every
    differentiable (fn, tier); accurate ones at the top, every tier as <module>.<tier>."""
    tiers = {}
    for fn, tier in differentiable():
        if tier not in tiers:
            tiers[tier] = types.ModuleType(f"{module_name}.{tier}")
            tiers[tier].__all__ = []
            sys.modules[tiers[tier].__name__] = tiers[tier]
        mod = tiers[tier]
        f = make(Kernels(fn, tier))
        f.__name__ = f.__qualname__ = fn
        f.__module__ = mod.__name__
        setattr(mod, fn, f)
        mod.__all__.append(fn)
        for alias, target in ALIASES.items():
            if target == fn:
                setattr(mod, alias, f)
                mod.__all__.append(alias)
    names = []
    for tier, mod in tiers.items():
        namespace[tier] = mod
        names.append(tier)
    for name in tiers.get("accurate", types.SimpleNamespace(__all__=[])).__all__:
        namespace[name] = getattr(tiers["accurate"], name)
        names.append(name)
    return names


def round_to_odd_float32(y):
    """float64 -> float32 rounding to odd: the float32 next to y toward zero, its last bit set
    when y is inexact.  Rounding that to nearest-even in a format of at most 22 bits (bfloat16's
    8) gives y correctly rounded once, which float64 -> float32 -> bfloat16 by nearest-even
    does not (double rounding)."""
    import numpy as np

    y = np.asarray(y, dtype=np.float64)
    with np.errstate(over="ignore"):   # beyond float32: inf, then its odd neighbour below
        r = y.astype(np.float32)
    inexact = (r != y) & ~np.isnan(y)
    b = r.view(np.uint32)
    b -= (inexact & (np.abs(r) > np.abs(y))).astype(np.uint32)   # the magnitude toward zero
    b |= inexact.astype(np.uint32)
    return r

"""Finding the callables to measure: vecmath's tiers, NumPy, PyTorch, or any MODULE:ATTR.

vecmath itself is imported only here, and only when a tier is asked for, so the tool runs
(against NumPy or anything else) without vecmath's compiled ufuncs.
"""
import importlib

import numpy as np

from .. import spec
from ..functions import get as spec_function

def canonical(func):
    """Our name of a function: 'arctan' -> 'atan'."""
    func = spec.ALIASES.get(func, func)
    if func not in spec.FUNCTIONS:
        raise ValueError(f"unknown function {func!r}; vecmath has {', '.join(spec.FUNCTIONS)}")
    return func


def tier_label(tier, func):
    return f"vecmath.{tier}.{func}"


def tier_callable(tier, func):
    """vecmath.<tier>.<func> (the accurate tier is also vecmath.<func>); LookupError if absent."""
    import vecmath

    if tier not in spec.TIERS:
        raise ValueError(f"unknown tier {tier!r}; vecmath has {', '.join(spec.TIERS)}")
    found = getattr(getattr(vecmath, tier), func, None)
    if found is None and tier == "accurate":
        found = getattr(vecmath, func, None)
    if found is None:
        raise LookupError(f"vecmath.{tier} has no {func} yet")
    return found


def tier_flush_below(tier, dtype):
    """Magnitude below which spec lets the tier flush results to zero (0: not allowed)."""
    from .measure import flush_threshold

    if tier not in spec.FLUSHES_SUBNORMAL_RESULTS:
        return 0.0
    return flush_threshold(dtype, spec.bound(tier, dtype))


def numpy_callable(func):
    """The function's peer (numpy.arctan, scipy.special.expit), or where it has none its NumPy
    expression (softplus: np.logaddexp(0, x)); None where neither imports."""
    return spec_function(func).equivalent_callable()


def peer_label(func):
    """numpy.arctan, scipy.special.expit, the NumPy expression's name (softplus:
    np.logaddexp(0, x)), or None."""
    ref = spec.peer(func)
    if ref:
        return ref.replace(":", ".")
    f = numpy_callable(func)
    return getattr(f, "label", None) if f is not None else None


def load_callable(target, func):
    """The callable named by 'MODULE:ATTR' (ATTR may be dotted); 'MODULE' alone means the
    module's function of func's peer name or alias (numpy:arctan, scipy.special:expit,
    torch:atan, torch:sigmoid, ...)."""
    module_name, _, attr = target.partition(":")
    module = importlib.import_module(module_name)
    if not attr:
        desc = spec_function(func)
        peer_mod, _, peer_attr = (desc.peer_ref or "").partition(":")
        names = [peer_attr] if peer_mod == module_name else []
        names += [n for n in (desc.alias, desc.name) if n]
        attr = next((n for n in names if hasattr(module, n)), func)
    found = module
    for part in attr.split("."):
        found = getattr(found, part)
    if module_name.split(".")[0] == "torch":
        return torch_adapter(found)
    return found


def torch_adapter(torch_func):
    """A PyTorch function wrapped to take and return NumPy arrays."""
    def on_numpy(x):
        import torch

        return torch_func(torch.from_numpy(np.ascontiguousarray(x))).numpy()

    on_numpy.__name__ = getattr(torch_func, "__name__", "torch function")
    return on_numpy


def torch_callable(func):
    """PyTorch's func on NumPy arrays (torch.<func>, else torch.nn.functional.<func>: softplus),
    or None when torch does not import or has no such function."""
    try:
        import torch
    except ImportError:
        return None
    found = getattr(torch, func, None) or getattr(torch.nn.functional, func, None)
    return torch_adapter(found) if found is not None else None

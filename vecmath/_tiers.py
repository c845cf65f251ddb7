"""Fills a tier module (vecmath.accurate / .fast / .approx) with its ufuncs."""
from . import _ufuncs
from .spec import ALIASES, FUNCTIONS


def export(namespace, tier, module_name):
    """Put <fn> for every function with kernels into namespace; returns the names."""
    names = []
    for fn in FUNCTIONS:
        uf = getattr(_ufuncs, f"{fn}_{tier}", None)
        if uf is None:
            continue
        _name(uf, module_name)
        namespace[fn] = uf
        names.append(fn)
    for alias, fn in ALIASES.items():
        if fn in namespace:
            namespace[alias] = namespace[fn]
            names.append(alias)
    return names


def export_deriv(namespace, tier, module_name):
    """Put the derivative ufuncs of a tier into namespace: <fn> (x -> f'(x)), <fn>_and_deriv
    (x -> (f(x), f'(x)) from one evaluation) and <fn>_from_output (y -> f'(x)).  Their
    __name__ is "deriv.<name>" and __module__ the tier module, so pickle finds them; the
    two-output ones are "<tier>.deriv.<fn>_and_deriv" in module vecmath, a name unique across
    tiers because dask looks multi-output ufuncs up by name (vecmath._integrations)."""
    names = []
    for fn in FUNCTIONS:
        for name, attr in ((fn, f"{fn}_{tier}_deriv"), (f"{fn}_and_deriv", f"{fn}_{tier}_vd"),
                           (f"{fn}_from_output", f"{fn}_from_output")):
            uf = getattr(_ufuncs, attr, None)
            if uf is None:
                continue
            # the fused ones and the tier-independent _from_output resolve from vecmath itself
            _name(uf, module_name if attr == f"{fn}_{tier}_deriv" else "vecmath")
            namespace[name] = uf
            names.append(name)
    for alias, fn in ALIASES.items():
        for suffix in ("", "_and_deriv"):
            if fn + suffix in namespace:
                namespace[alias + suffix] = namespace[fn + suffix]
                names.append(alias + suffix)
    return names


def _name(uf, module_name):
    """__module__ and __qualname__ as NumPy's ufuncs have them: pickle, numpy.ma and dask find a
    ufunc by its module and (qualified) name."""
    uf.__module__ = module_name
    uf.__qualname__ = uf.__name__


def deriv_module(tier, tier_module_name):
    """The module <tier module>.deriv for the fast and approx tiers (vecmath.deriv is a file)."""
    import sys
    import types

    mod = types.ModuleType(f"{tier_module_name}.deriv",
                           f"Derivatives of the {tier} tier's functions, as ufuncs (see vecmath.deriv).")
    mod.__all__ = export_deriv(mod.__dict__, tier, tier_module_name)
    sys.modules[mod.__name__] = mod
    return mod

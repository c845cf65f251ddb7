"""Fills a tier module (vecmath.accurate / .fast / .approx) with its ufuncs."""
from . import _doc, _ufuncs
from .spec import ALIASES, FUNCTIONS


def export(namespace, tier):
    """Put <fn> for every function with kernels into namespace; returns the names."""
    names = []
    for fn in FUNCTIONS:
        uf = getattr(_ufuncs, f"{fn}_{tier}", None)
        if uf is None:
            continue
        _name(uf)
        _doc.set_doc(uf, _doc.value_doc(fn, tier, uf, _doc.signature_line(uf)))
        namespace[fn] = uf
        names.append(fn)
    for alias, fn in ALIASES.items():
        if fn in namespace:
            namespace[alias] = namespace[fn]
            names.append(alias)
    return names


def export_deriv(namespace, tier):
    """Put the derivative ufuncs of a tier into namespace: <fn> (x -> f'(x)), <fn>_and_deriv
    (x -> (f(x), f'(x)) from one evaluation) and <fn>_from_output (y -> f'(x)).  Their
    __name__ is "<tier>.deriv.<name>" (csrc/ufunc_module.c), unique across tiers, which dask
    needs: it looks multi-output ufuncs up by name (vecmath._integrations); the tier-independent
    _from_output ones are "deriv.<fn>_from_output"."""
    names = []
    for fn in FUNCTIONS:
        for name, attr, doc in ((fn, f"{fn}_{tier}_deriv", _doc.deriv_doc),
                                (f"{fn}_and_deriv", f"{fn}_{tier}_vd", _doc.value_and_deriv_doc),
                                (f"{fn}_from_output", f"{fn}_from_output", None)):
            uf = getattr(_ufuncs, attr, None)
            if uf is None:
                continue
            if "__module__" not in uf.__dict__:   # first sight (_from_output is in every tier)
                _name(uf)
                sig = _doc.signature_line(uf)
                _doc.set_doc(uf, doc(fn, tier, uf, sig) if doc else _doc.from_output_doc(fn, uf, sig))
            namespace[name] = uf
            names.append(name)
    for alias, fn in ALIASES.items():
        for suffix in ("", "_and_deriv"):
            if fn + suffix in namespace:
                namespace[alias + suffix] = namespace[fn + suffix]
                names.append(alias + suffix)
    return names


def _name(uf):
    """__module__ and __qualname__ as NumPy's ufuncs have them: pickle, numpy.ma and dask find a
    ufunc by its module and (qualified) name, "vecmath" and "fast.exp" (vecmath.fast.exp)."""
    uf.__module__ = "vecmath"
    uf.__qualname__ = uf.__name__


def deriv_module(tier, tier_module_name):
    """The module <tier module>.deriv for the fast and approx tiers (vecmath.deriv is a file)."""
    import sys
    import types

    mod = types.ModuleType(f"{tier_module_name}.deriv",
                           f"Derivatives of the {tier} tier's functions, as ufuncs (see vecmath.deriv).")
    mod.__all__ = export_deriv(mod.__dict__, tier)
    sys.modules[mod.__name__] = mod
    return mod

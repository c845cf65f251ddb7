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
        uf.__module__ = module_name  # pickle finds ufuncs by module and name
        namespace[fn] = uf
        names.append(fn)
    for alias, fn in ALIASES.items():
        if fn in namespace:
            namespace[alias] = namespace[fn]
            names.append(alias)
    return names

"""numba_extensions entry point: numba calls init() before it first compiles anything, so
vecmath's ufuncs work inside @njit without `import vecmath.numba` (and `import vecmath` never
imports numba)."""


def init():
    import vecmath.numba  # noqa: F401  registers the overloads

"""vecmath: vectorized exp, log, tanh, atan as NumPy ufuncs, in three accuracy tiers.

    vecmath.exp(x)         accurate tier (also vecmath.accurate.exp)
    vecmath.fast.exp(x)    <= 4 ULP
    vecmath.approx.exp(x)  about 11 (float32) / 26 (float64) correct bits
    vecmath.deriv.exp(x)   derivatives, and value-and-derivative kernels (every tier: .fast.deriv)
    vecmath.jax / .torch / .autograd   differentiable versions for those frameworks (lazy)

Every tier gives the same bits on every CPU path (scalar, AVX2, AVX-512); VECMATH_ISA forces
one.  show_config() says which path runs here.
"""
from . import _ufuncs, spec
from . import accurate, approx, deriv, fast
from .accurate import *  # noqa: F401,F403  the accurate ufuncs are vecmath.<fn>
from .accurate import __all__ as _accurate_names
from . import _integrations

_integrations.install()  # numpy.ma and dask tables, filled when those are imported

__version__ = "0.1.0"
__all__ = list(_accurate_names) + ["accurate", "fast", "approx", "deriv", "show_config", "config"]

_ADAPTERS = ("jax", "torch", "autograd")  # imported on first use: no hard dependency


def __getattr__(name):
    if name in _ADAPTERS:
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'vecmath' has no attribute {name!r}")


def config():
    """Dict of build and run facts: chosen ISA, ISAs this CPU runs, compiler, versions."""
    import numpy

    c = _ufuncs.config()
    c["available"] = [n for n, ok in zip(("scalar", "avx2", "avx512"), c["available"]) if ok]
    c["version"] = __version__
    c["numpy"] = numpy.__version__
    c["functions"] = [n for n in _accurate_names if n not in spec.ALIASES]
    c["flags"] = "-O3 -ffp-contract=off (explicit FMA only), no -ffast-math"
    return c


def show_config():
    """Print the CPU path in use and the build facts."""
    c = config()
    print(f"vecmath {c['version']} (numpy {c['numpy']})")
    print(f"  CPU path in use : {c['isa']}  (VECMATH_ISA forces scalar|avx2|avx512)")
    print(f"  paths this CPU runs: {', '.join(c['available'])}")
    print(f"  compiler        : {c['compiler']}; {c['flags']}")
    print(f"  functions       : {', '.join(c['functions'])} (arctan = atan) in tiers accurate, fast, approx")

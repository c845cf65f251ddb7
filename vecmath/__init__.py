"""vecmath: vectorized exp, log, tanh, atan, expm1, log1p, sigmoid, softplus, erf, erfc as NumPy ufuncs, in three accuracy tiers.

    vecmath.exp(x)         accurate tier (also vecmath.accurate.exp)
    vecmath.fast.exp(x)    faithful: <= 1 ULP
    vecmath.approx.exp(x)  about 11 (float32) / 26 (float64) correct bits
    vecmath.deriv.exp(x)   derivatives, and value-and-derivative kernels (every tier: .fast.deriv)
    vecmath.jax / .torch / .autograd   differentiable versions for those frameworks (lazy)

Every tier gives the same bits on every CPU path (scalar; AVX2, AVX-512 on x86-64; NEON, SVE on
AArch64); VECMATH_ISA forces one.  show_config() says which path runs here.
"""
from . import _ufuncs, spec
from . import accurate, approx, deriv, fast
from .accurate import *  # noqa: F401,F403  the accurate ufuncs are vecmath.<fn>
from .accurate import __all__ as _accurate_names
from . import _integrations

_integrations.install()  # numpy.ma and dask tables, filled when those are imported

__version__ = "0.1.0"
# the lazy adapters (jax, torch, autograd) are left out: `from vecmath import *` would import them
__all__ = list(_accurate_names) + ["accurate", "fast", "approx", "deriv", "spec", "show_config", "config",
                                   "get_num_threads", "set_num_threads", "num_threads"]

_ADAPTERS = ("jax", "torch", "autograd")  # imported on first use: no hard dependency


def __getattr__(name):
    if name in _ADAPTERS:
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'vecmath' has no attribute {name!r}")


def get_num_threads():
    """Threads a large ufunc call uses (calls below 2^18 elements run on the calling thread)."""
    return _ufuncs.get_num_threads()


def set_num_threads(n):
    """Set the threads large ufunc calls use, for the whole process (at least 1).  The default:
    $VECMATH_NUM_THREADS, else $OMP_NUM_THREADS, else the CPUs this process may run on.  The
    raw kernels of vecmath.kernels always run on the calling thread."""
    _ufuncs.set_num_threads(int(n))


class num_threads:
    """Context manager: `with vecmath.num_threads(1): ...` runs its block's ufunc calls on n
    threads and restores the previous setting (process-wide: other threads see it too)."""

    def __init__(self, n):
        self.n = int(n)

    def __enter__(self):
        self.previous = get_num_threads()
        set_num_threads(self.n)
        return self

    def __exit__(self, *exc):
        set_num_threads(self.previous)


def config():
    """Dict of build and run facts: chosen ISA, ISAs this CPU runs, compiler, versions."""
    import numpy

    c = _ufuncs.config()
    c["version"] = __version__
    c["numpy"] = numpy.__version__
    c["functions"] = [n for n in _accurate_names if n not in spec.ALIASES]
    c["flags"] = "-O3 -ffp-contract=off (explicit FMA only), no -ffast-math"
    c["num_threads"] = get_num_threads()
    return c


def show_config():
    """Print the CPU path in use and the build facts."""
    import sys

    c = config()
    print(f"vecmath {c['version']} (numpy {c['numpy']})")
    print(f"  CPU path in use : {c['isa']}  (VECMATH_ISA forces {'|'.join(c['paths'])})")
    print(f"  paths this CPU runs: {', '.join(c['available'])}")
    print(f"  compiler        : {c['compiler']}; {c['flags']}")
    print(f"  threads         : {c['num_threads']} for calls of 2^18 elements and more "
          f"(VECMATH_NUM_THREADS, set_num_threads)")
    aliases = ', '.join(f"{a} = {f}" for a, f in spec.ALIASES.items())
    print(f"  functions       : {', '.join(c['functions'])} ({aliases}) in tiers accurate, fast, approx")
    cuda = sys.modules.get("vecmath.cuda")   # never imported here: import vecmath stays CUDA-free
    if cuda is not None:
        cc = cuda.config()
        print(f"  CUDA            : links {cc['link']} ({cc['file']}): {cc['reason']}")
    else:
        print("  CUDA            : vecmath.cuda not imported (it reports LTO-IR or PTX once it is)")

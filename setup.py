"""Build: the kernels once, as one static library, then the two extensions that link it — the
ufunc extension (vecmath._ufuncs) and the cffi module of raw kernels (vecmath._kernels).

The kernels are compiled per ISA (csrc/isa_*.c select their target with #pragma GCC target) with
KERNEL_CFLAGS: -ffp-contract=off so the compiler adds no FMA of its own and no -ffast-math, so
every path gives the same bits.  Each ISA file compiles to nothing on another architecture.  build_ext links
every extension against the libraries build_clib made, so neither lists a kernel source.
"""
import glob

import numpy
from setuptools import Extension, setup

# every CPU path of csrc/isa_list.h has its csrc/isa_<name>.c, which compiles to nothing on
# another architecture
KERNEL_SOURCES = sorted(glob.glob("csrc/isa_*.c")) + ["csrc/dispatch.c", "csrc/lane_table.c"]
KERNEL_CFLAGS = ["-O3", "-std=c11", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=hidden",
                 "-fno-math-errno", "-fPIC"]
KERNEL_HEADERS = sorted(glob.glob("csrc/**/*.h", recursive=True))  # kernels come in by #include

kernels = ("vmkernels", {"sources": KERNEL_SOURCES, "include_dirs": ["csrc"], "cflags": KERNEL_CFLAGS,
                         "depends": KERNEL_HEADERS + sorted(glob.glob("csrc/*.c"))})

ufuncs = Extension(
    "vecmath._ufuncs",
    sources=["csrc/py_ufuncs.c", "csrc/vm_threads.c"],   # the thread pool: ufuncs only
    include_dirs=["csrc", numpy.get_include()],
    extra_compile_args=["-O3", "-std=c11", "-fvisibility=hidden", "-pthread"],
    extra_link_args=["-pthread"],
    libraries=["m"],
    depends=KERNEL_HEADERS,
)

setup(libraries=[kernels], ext_modules=[ufuncs], cffi_modules=["vecmath/_kernels_build.py:ffibuilder"])

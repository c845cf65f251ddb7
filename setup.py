"""Build: the ufunc extension and the cffi kernel module, each from the same C kernels.

Kernels are compiled once per ISA (csrc/isa_*.c select their target with #pragma GCC target),
with -ffp-contract=off so the compiler adds no FMA of its own and no -ffast-math anywhere:
every path then gives the same bits.  The x86 ISA files compile to nothing elsewhere.
"""
import glob

import numpy
from setuptools import Extension, setup

KERNEL_SOURCES = ["csrc/isa_scalar.c", "csrc/isa_avx2.c", "csrc/isa_avx512.c", "csrc/dispatch.c"]
CFLAGS = ["-O3", "-std=c11", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=hidden",
          "-fno-math-errno"]

ufuncs = Extension(
    "vecmath._ufuncs",
    sources=["csrc/py_ufuncs.c"] + KERNEL_SOURCES,
    include_dirs=["csrc", numpy.get_include()],
    extra_compile_args=CFLAGS,
    libraries=["m"],
    depends=sorted(glob.glob("csrc/**/*.[ch]", recursive=True)),  # kernels come in by #include
)

setup(ext_modules=[ufuncs], cffi_modules=["vecmath/_kernels_build.py:ffibuilder"])

"""Build: the kernels once, as one static library, then the two extensions that link it — the
ufunc extension (vecmath._ufuncs) and the cffi module of raw kernels (vecmath._kernels).

The kernels are compiled per ISA (csrc/isa_*.c select their target with #pragma GCC target) with
KERNEL_CFLAGS: -ffp-contract=off so the compiler adds no FMA of its own and no -ffast-math, so
every path gives the same bits.  Each ISA file compiles to nothing on another architecture; the
paths that need flags of their own (csrc/isa_list.h: SVE's fixed vector lengths) are compiled alone,
as libraries of their own, where they are built.  build_ext links every extension against the
libraries build_clib made, so neither lists a kernel source.
"""
import glob
import importlib.util
import os
import pathlib
import platform
import sys
import sysconfig

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

KERNEL_CFLAGS = ["-O3", "-std=c11", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=hidden",
                 "-fno-math-errno", "-fPIC"]
# Flags of a CPU path's own, from its row in csrc/isa_list.h (read by vecmath/_gen/isa_list.py,
# loaded by path: importing vecmath needs the extensions this builds)
_spec = importlib.util.spec_from_file_location("isa_list", "vecmath/_gen/isa_list.py")
isa_list = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(isa_list)
OWN_FLAGS = {f"csrc/isa_{isa}.c": flags for isa, flags in isa_list.own_flags().items()}
# every CPU path of csrc/isa_list.h has its csrc/isa_<name>.c, which compiles to nothing on
# another architecture
KERNEL_SOURCES = [f for f in sorted(glob.glob("csrc/isa_*.c")) if f not in OWN_FLAGS] + [
    "csrc/dispatch.c", "csrc/lane_table.c"]
KERNEL_HEADERS = sorted(glob.glob("csrc/**/*.h", recursive=True))  # kernels come in by #include
DEPENDS = KERNEL_HEADERS + sorted(glob.glob("csrc/*.c"))

kernels = [("vmkernels", {"sources": KERNEL_SOURCES, "include_dirs": ["csrc"], "cflags": KERNEL_CFLAGS,
                          "depends": DEPENDS})]
kernels += [(f"vmkernels_{pathlib.Path(f).stem}", {"sources": [f], "include_dirs": ["csrc"],
                                                   "cflags": KERNEL_CFLAGS + flags, "depends": DEPENDS})
            for f, flags in OWN_FLAGS.items()]

# The stable ABI of CPython 3.10 (PEP 384), through NumPy's headers, which support it: one wheel
# per architecture serves every CPython from 3.10 on (cp310-abi3), as the cffi module already does.
# A free-threaded CPython has no limited API: there the build is for that version alone.
LIMITED_API = not sysconfig.get_config_var("Py_GIL_DISABLED")
# glibc before 2.34 has pthread_create, pthread_mutex_trylock and pthread_sigmask in
# libpthread.so.0, not libc: name it, so that the old symbol versions csrc/vm_threads.c binds
# resolve whatever the interpreter links (a stub from glibc 2.34 on)
LIBPTHREAD = (["-Wl,--push-state,--no-as-needed", "-l:libpthread.so.0", "-Wl,--pop-state"]
              if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc" else [])

ufuncs = Extension(
    "vecmath._ufuncs",
    # the module API, its loops, the float16 codec, and the thread pool (ufuncs only)
    sources=["csrc/ufunc_module.c", "csrc/ufunc_loops.c", "csrc/float16.c", "csrc/vm_threads.c"],
    include_dirs=["csrc", numpy.get_include()],
    define_macros=[("Py_LIMITED_API", "0x030A0000")] if LIMITED_API else [],
    py_limited_api=LIMITED_API,
    # a function outside the limited API is undeclared there: an error, not a warning
    extra_compile_args=["-O3", "-std=c11", "-fvisibility=hidden", "-pthread",
                        "-Werror=implicit-function-declaration"],
    extra_link_args=["-pthread", *LIBPTHREAD],
    libraries=["m"],
    depends=KERNEL_HEADERS,
)

# Windows: no build.  MSVC has neither GCC's vector extensions and __builtin_cpu_supports, which
# the kernels are written with, nor POSIX threads (vm_threads.c): say so here, before any compiler
# runs, instead of failing in it (docs/design.md, "Platforms")
if sys.platform == "win32":
    sys.exit("vecmath cannot be built on Windows: its C kernels use GCC/clang vector extensions and "
             "POSIX threads, which MSVC lacks (docs/design.md, 'Platforms'). Use Linux, macOS or WSL.")

class BuildExt(build_ext):
    """In place, a version-specific _ufuncs left by a build from before the stable ABI would
    shadow the abi3 one (the interpreter tries its own suffix first): it goes."""

    def run(self):
        if self.inplace and LIMITED_API:
            for stale in glob.glob("vecmath/_ufuncs.cpython-*.so"):
                os.remove(stale)
        super().run()


setup(libraries=kernels, ext_modules=[ufuncs], cffi_modules=["vecmath/_kernels_build.py:ffibuilder"],
      cmdclass={"build_ext": BuildExt},
      options={"bdist_wheel": {"py_limited_api": "cp310"}} if LIMITED_API else {})

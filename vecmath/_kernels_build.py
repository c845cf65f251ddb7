"""cffi builder for vecmath._kernels: the raw array kernels as plain C functions.

For numba nopython code and anyone holding raw pointers:
    int vm_<fn>_<tier>_<f64|f32>(const T *x, T *y, size_t n)   (returns VM_FE_* bits)
"""
import pathlib
import re

from cffi import FFI

ROOT = pathlib.Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"


def kernel_names():
    """(fn, tier) pairs from csrc/vm_kernels.h, the list the C side is built from."""
    text = (CSRC / "vm_kernels.h").read_text()
    return re.findall(r"X\((\w+),\s*(\w+)\)", text)


def cdef():
    lines = ["int vm_init(void);", "const char *vm_init_error(void);", "const char *vm_isa(void);",
             "#define VM_FE_OVERFLOW 1", "#define VM_FE_UNDERFLOW 2",
             "#define VM_FE_DIVBYZERO 4", "#define VM_FE_INVALID 8"]
    for fn, tier in kernel_names():
        lines.append(f"int vm_{fn}_{tier}_f64(const double *x, double *y, size_t n);")
        lines.append(f"int vm_{fn}_{tier}_f32(const float *x, float *y, size_t n);")
    return "\n".join(lines)


ffibuilder = FFI()
ffibuilder.cdef(cdef())
ffibuilder.set_source(
    "vecmath._kernels",
    '#include "vecmath.h"',
    sources=[str(p.relative_to(ROOT)) for p in
             (CSRC / "isa_scalar.c", CSRC / "isa_avx2.c", CSRC / "isa_avx512.c", CSRC / "dispatch.c")],
    include_dirs=["csrc"],
    extra_compile_args=["-O3", "-std=c11", "-ffp-contract=off", "-fno-fast-math",
                        "-fvisibility=hidden", "-fno-math-errno"],
    libraries=["m"],
    depends=sorted(str(p.relative_to(ROOT)) for p in CSRC.rglob("*.[ch]")),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)

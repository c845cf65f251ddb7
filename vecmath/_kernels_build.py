"""cffi builder for vecmath._kernels: the raw array kernels as plain C functions.

For numba nopython code and anyone holding raw pointers (each returns VM_FE_* bits):
    int vm_<fn>_<tier>_<f64|f32>(const T *x, T *y, size_t n)             y = f(x)
    int vm_<fn>_<tier>_deriv_<f64|f32>(const T *x, T *dy, size_t n)      dy = f'(x)
    int vm_<fn>_<tier>_vd_<f64|f32>(const T *x, T *y, T *dy, size_t n)   both, one evaluation
    int vm_<fn>_from_output_<f64|f32>(const T *y, T *dy, size_t n)       dy = f'(x) from y
and the addresses of the one-output kernels' lane entry points by name (vm_lane_entries,
csrc/lane_table.c), which vecmath.numba registers with LLVM.
"""
import pathlib
import re

from cffi import FFI

ROOT = pathlib.Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"


def _list(name):
    """The X(...) entries of one X-macro list of csrc/generated/vm_functions.h (generated from the
    descriptors, vecmath/functions: this runs at build time, before vecmath imports)."""
    text = (CSRC / "generated" / "vm_functions.h").read_text()
    body = re.search(rf"#define {name}\(X\)((?:[^\n]*\\\n)*[^\n]*)", text).group(1)
    return [tuple(a.strip() for a in args.split(",")) for args in re.findall(r"X\(([^)]*)\)", body)]


def kernel_names():
    """(fn, tier) pairs, the list the C side is built from; each has derivative kernels too."""
    return _list("VM_KERNEL_LIST")


def from_output_names():
    """Functions whose derivative has a kernel from the saved output."""
    return [fn for (fn,) in _list("VM_FROM_OUTPUT_LIST")]


def cdef():
    lines = ["int vm_init(void);", "const char *vm_init_error(void);", "const char *vm_isa(void);",
             "#define VM_FE_OVERFLOW 1", "#define VM_FE_UNDERFLOW 2",
             "#define VM_FE_DIVBYZERO 4", "#define VM_FE_INVALID 8",
             "int vm_isa_available(const char *isa);", "const char *vm_isa_names(void);",
             "const char *vm_isa_features(const char *isa);",
             "typedef struct { const char *name; void *addr; const char *isa; } vm_lane_entry;",
             "size_t vm_lane_entries(const vm_lane_entry **table);"]
    for fn, tier in kernel_names():
        lines.append(f"int vm_{fn}_{tier}_f64(const double *x, double *y, size_t n);")
        lines.append(f"int vm_{fn}_{tier}_f32(const float *x, float *y, size_t n);")
    for fn, tier in kernel_names():
        for suffix, t in (("f64", "double"), ("f32", "float")):
            lines.append(f"int vm_{fn}_{tier}_deriv_{suffix}(const {t} *x, {t} *dy, size_t n);")
            lines.append(f"int vm_{fn}_{tier}_vd_{suffix}(const {t} *x, {t} *y, {t} *dy, size_t n);")
    for fn in from_output_names():
        for suffix, t in (("f64", "double"), ("f32", "float")):
            lines.append(f"int vm_{fn}_from_output_{suffix}(const {t} *y, {t} *dy, size_t n);")
    return "\n".join(lines)


ffibuilder = FFI()
ffibuilder.cdef(cdef())
ffibuilder.set_source(
    "vecmath._kernels",
    '#include "vecmath.h"\n#include "lane_table.h"',
    include_dirs=["csrc"],
    libraries=["m"],   # the kernels themselves: setup.py's static library, linked by build_ext
)


/* vecmath: vectorized exp, log, tanh, atan in three accuracy tiers (public C API).
 *
 * Every kernel has the form  int vm_<fn>_<tier>_<f64|f32>(const T *x, T *y, size_t n):
 * y[i] = fn(x[i]) for i < n (x == y is allowed; other overlaps are not).  It returns the IEEE
 * conditions of the results as VM_FE_* bits (what NumPy reports as warnings); the CPU's own
 * floating-point flags after a call are unspecified.  vm_init() picks the CPU path. */
#ifndef VECMATH_H
#define VECMATH_H
#include <stddef.h>
#include "vm_kernels.h"

#define VM_FE_OVERFLOW 1
#define VM_FE_UNDERFLOW 2
#define VM_FE_DIVBYZERO 4
#define VM_FE_INVALID 8

#define VM_DECLARE_KERNEL(fn, tier)                                  \
    int vm_##fn##_##tier##_f64(const double *x, double *y, size_t n); \
    int vm_##fn##_##tier##_f32(const float *x, float *y, size_t n);
VM_KERNEL_LIST(VM_DECLARE_KERNEL)

/* Choose the CPU path: the best this CPU runs, or VECMATH_ISA=scalar|avx2|avx512 if set.
 * Returns 0, or -1 with vm_init_error() saying why (unknown name, path the CPU lacks). */
int vm_init(void);
const char *vm_init_error(void);
const char *vm_isa(void);
/* 1 if this build has the path and this CPU runs it */
int vm_isa_available(const char *isa);

#endif

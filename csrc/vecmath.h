/* vecmath: vectorized exp, log, tanh, atan, expm1, log1p, sigmoid, softplus, erf, erfc in three accuracy tiers (public C API).
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

/* Derivatives (VM_DERIV_LIST): dy[i] = f'(x[i]); the fused form also writes y[i] = f(x[i]),
 * bit-identical to the function's own kernel, from one evaluation (y == x allowed).  Status
 * bits as for the closed form of f' (e.g. overflow for exp', divide-by-zero for log'(0)). */
#define VM_DECLARE_DERIV(fn, tier)                                                     \
    int vm_##fn##_##tier##_deriv_f64(const double *x, double *dy, size_t n);           \
    int vm_##fn##_##tier##_deriv_f32(const float *x, float *dy, size_t n);             \
    int vm_##fn##_##tier##_vd_f64(const double *x, double *y, double *dy, size_t n);   \
    int vm_##fn##_##tier##_vd_f32(const float *x, float *y, float *dy, size_t n);
VM_DERIV_LIST(VM_DECLARE_DERIV)

/* Derivatives from the saved output y = f(x) (VM_FROM_OUTPUT_LIST): dy[i] = f'(x[i]). */
#define VM_DECLARE_FROM_OUTPUT(fn)                                                     \
    int vm_##fn##_from_output_f64(const double *y, double *dy, size_t n);              \
    int vm_##fn##_from_output_f32(const float *y, float *dy, size_t n);
VM_FROM_OUTPUT_LIST(VM_DECLARE_FROM_OUTPUT)

/* Choose the CPU path: the best this CPU runs, or the one VECMATH_ISA names (vm_isa_names()).
 * Returns 0, or -1 with vm_init_error() saying why (unknown name, path the CPU lacks). */
int vm_init(void);
const char *vm_init_error(void);
const char *vm_isa(void);
/* the paths of this build, worst first, separated by spaces (csrc/isa_list.h) */
const char *vm_isa_names(void);
/* 1 if this build has the path and this CPU runs it */
int vm_isa_available(const char *isa);
/* the CPU features a path of this build needs, comma-separated in GCC's and LLVM's names
 * ("avx2,fma"; csrc/isa_list.h), or NULL for a name that is not a path of this build */
const char *vm_isa_features(const char *isa);

#endif

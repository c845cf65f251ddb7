/* Every (function, tier) that has kernels; each gets a float64 and a float32 kernel per ISA.
 * The lists are generated from the descriptors (vecmath/functions) by python -m vecmath._gen. */
#ifndef VM_KERNELS_H
#define VM_KERNELS_H
#include "generated/vm_functions.h" /* VM_KERNEL_LIST, VM_FROM_OUTPUT_LIST: from the descriptors */

/* Every (function, tier) has derivative kernels too (csrc/kernels/<function>_deriv-inl.h):
 *   vm_<fn>_<tier>_deriv_<f64|f32>(x, dy, n)   dy = f'(x)
 *   vm_<fn>_<tier>_vd_<f64|f32>(x, y, dy, n)   y = f(x) and dy = f'(x) from one evaluation
 * and the functions of VM_FROM_OUTPUT_LIST (descriptor: from_output) have
 *   vm_<fn>_from_output_<f64|f32>(y, dy, n)    dy = f'(x) from the saved output y = f(x). */
#define VM_DERIV_LIST(X) VM_KERNEL_LIST(X)

/* Every public kernel by name and shape, for code that handles them all alike (dispatch):
 * the user defines VM_K1(name) (x -> y) and VM_K2(name) (x -> y, dy), then expands
 * VM_ALL_KERNELS; name is e.g. exp_accurate, exp_accurate_deriv, exp_accurate_vd. */
#define VM_VALUE_KERNELS(fn, tier) VM_K1(fn##_##tier)
#define VM_DERIV_KERNELS(fn, tier) VM_K1(fn##_##tier##_deriv) VM_K2(fn##_##tier##_vd)
#define VM_FROM_OUTPUT_KERNELS(fn) VM_K1(fn##_from_output)
#define VM_ALL_KERNELS                                                       \
    VM_KERNEL_LIST(VM_VALUE_KERNELS) VM_DERIV_LIST(VM_DERIV_KERNELS)         \
    VM_FROM_OUTPUT_LIST(VM_FROM_OUTPUT_KERNELS)
#endif

/* Every (function, tier) that has kernels; each gets a float64 and a float32 kernel per ISA.
 * vecmath/spec.py lists the same functions and tiers; tests/test_api.py checks they agree. */
#ifndef VM_KERNELS_H
#define VM_KERNELS_H
#define VM_KERNEL_LIST(X) \
    X(exp, accurate)      \
    X(exp, fast)          \
    X(exp, approx)        \
    X(log, accurate)      \
    X(log, fast)          \
    X(log, approx)        \
    X(tanh, accurate)     \
    X(tanh, fast)         \
    X(tanh, approx)       \
    X(atan, accurate)     \
    X(atan, fast)         \
    X(atan, approx)

/* Every (function, tier) with derivative kernels (csrc/<function>_deriv.c):
 *   vm_<fn>_<tier>_deriv_<f64|f32>(x, dy, n)   dy = f'(x)
 *   vm_<fn>_<tier>_vd_<f64|f32>(x, y, dy, n)   y = f(x) and dy = f'(x) from one evaluation
 * tests/test_deriv.py checks that it lists every (function, tier) of VM_KERNEL_LIST. */
#define VM_DERIV_LIST(X) \
    X(exp, accurate)     \
    X(exp, fast)         \
    X(exp, approx)       \
    X(log, accurate)     \
    X(log, fast)         \
    X(log, approx)       \
    X(tanh, accurate)    \
    X(tanh, fast)        \
    X(tanh, approx)      \
    X(atan, accurate)    \
    X(atan, fast)        \
    X(atan, approx)

/* Functions whose derivative is cheap from the saved output y = f(x), the same in every tier:
 *   vm_<fn>_from_output_<f64|f32>(y, dy, n).  (exp's is y itself: no kernel.) */
#define VM_FROM_OUTPUT_LIST(X) X(tanh)

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

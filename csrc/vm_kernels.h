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
#endif

/* AVX2 + FMA build of every kernel (x86-64 only). */
#if defined(__x86_64__)
#if defined(__clang__) /* clang ignores #pragma GCC target: the same target for every function */
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#else
#pragma GCC target("avx2,fma")
#endif
#define VM_ISA_AVX2
#include "kernels_all.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#endif

/* AVX-512 (F, DQ, VL, BW) build of every kernel (x86-64 only). */
#if defined(__x86_64__)
#if defined(__clang__) /* clang ignores #pragma GCC target: the same target for every function */
#pragma clang attribute push(__attribute__((target("avx512f,avx512dq,avx512vl,avx512bw,avx2,fma"))), apply_to = function)
#else
#pragma GCC target("avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")
#endif
#define VM_ISA_AVX512
#include "kernels_all.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#endif

/* AVX2 + FMA build of every kernel (x86-64 only). */
#if defined(__x86_64__)
#pragma GCC target("avx2,fma")
#define VM_ISA_AVX2
#include "kernels_all.h"
#endif

/* AVX-512 (F, DQ, VL, BW) build of every kernel (x86-64 only). */
#if defined(__x86_64__)
#pragma GCC target("avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")
#define VM_ISA_AVX512
#include "kernels_all.h"
#endif

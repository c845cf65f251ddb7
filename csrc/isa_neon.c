/* AArch64 Advanced SIMD (NEON) build of every kernel (aarch64 only). */
#if defined(__aarch64__)
#define VM_ISA_NEON
#include "kernels_all.h"
#endif

/* SVE build of every kernel at a fixed vector length of 256 bits (aarch64 only).  setup.py
 * compiles this file alone with ISA_CFLAGS["sve256"] (-march=armv8.2-a+sve -msve-vector-bits=256);
 * dispatch.c runs it where the CPU's SVE vector length is 256 bits. */
#if defined(__aarch64__)
#if !defined(__ARM_FEATURE_SVE_BITS) || __ARM_FEATURE_SVE_BITS != 256
#error "csrc/isa_sve256.c needs -march=armv8.2-a+sve -msve-vector-bits=256 (setup.py: ISA_CFLAGS)"
#endif
#define VM_ISA_SVE256
#include "kernels_all.h"
#endif

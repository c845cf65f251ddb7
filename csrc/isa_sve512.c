/* SVE build of every kernel at a fixed vector length of 512 bits (aarch64 only).  setup.py
 * compiles this file alone with ISA_CFLAGS["sve512"] (-march=armv8.2-a+sve -msve-vector-bits=512);
 * dispatch.c runs it where the CPU's SVE vector length is 512 bits. */
#if defined(__aarch64__)
#if !defined(__ARM_FEATURE_SVE_BITS) || __ARM_FEATURE_SVE_BITS != 512
#error "csrc/isa_sve512.c needs -march=armv8.2-a+sve -msve-vector-bits=512 (setup.py: ISA_CFLAGS)"
#endif
#define VM_ISA_SVE512
#include "kernels_all.h"
#endif

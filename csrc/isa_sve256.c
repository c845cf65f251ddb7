/* SVE build of every kernel at a fixed vector length of 256 bits (AArch64): setup.py
 * compiles this file alone with the row's flags (-msve-vector-bits=256); dispatch.c runs it where
 * the CPU's SVE vector length is 256 bits.
 * Its facts (vector layer, features, lanes, flags) are its row in csrc/isa_list.h; where that
 * file has no row of this name (another architecture), this file compiles to nothing. */
#include "isa_list.h"
#if defined(VM_ISA_sve256)
#define VM_ISA sve256
#include "kernels_all.h"
#endif

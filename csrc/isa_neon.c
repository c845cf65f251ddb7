/* AArch64 Advanced SIMD (NEON) build of every kernel.
 * Its facts (vector layer, features, lanes, flags) are its row in csrc/isa_list.h; where that
 * file has no row of this name (another architecture), this file compiles to nothing. */
#include "isa_list.h"
#if defined(VM_ISA_neon)
#define VM_ISA neon
#include "kernels_all.h"
#endif

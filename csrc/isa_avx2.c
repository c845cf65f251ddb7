/* AVX2 + FMA build of every kernel (x86-64).
 * Its facts (vector layer, features, lanes, flags) are its row in csrc/isa_list.h; where that
 * file has no row of this name (another architecture), this file compiles to nothing. */
#include "isa_list.h"
#if defined(VM_ISA_avx2)
#define VM_ISA avx2
#include "kernels_all.h"
#endif

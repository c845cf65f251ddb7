/* Portable scalar build of every kernel: the path for CPUs without a vector path and for every other architecture.
 * Its facts (vector layer, features, lanes, flags) are its row in csrc/isa_list.h; where that
 * file has no row of this name (another architecture), this file compiles to nothing. */
#include "isa_list.h"
#if defined(VM_ISA_scalar)
#define VM_ISA scalar
#include "kernels_all.h"
#endif

/* Every kernel file, compiled once per ISA by isa_<name>.c. */
#include "simd/vm_simd.h"
#include "exp.c"
#include "log.c"
#include "atan.c"

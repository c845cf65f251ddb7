/* Every kernel file, compiled once per ISA by isa_<name>.c. */
#include "simd/vm_simd.h"
#include "exp.c"
#include "exp_deriv.c"
#include "tanh_deriv.c"

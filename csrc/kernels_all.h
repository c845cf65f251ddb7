/* Every kernel file, compiled once per ISA by isa_<name>.c: each function, then its
 * derivatives, which use the function's vector code (tanh and tanh' use exp's cores). */
#include "simd/vm_simd.h"
#include "exp.c"
#include "exp_deriv.c"
#include "log.c"
#include "log_deriv.c"
#include "tanh.c"
#include "tanh_deriv.c"
#include "atan.c"
#include "atan_deriv.c"

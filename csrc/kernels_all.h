/* Every kernel file, compiled once per ISA by isa_<name>.c (tanh uses exp's cores). */
#include "simd/vm_simd.h"
#include "exp.c"
#include "log.c"
#include "tanh.c"
#include "atan.c"

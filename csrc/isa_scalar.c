/* Portable scalar build of every kernel: the path for CPUs without AVX2 and for non-x86. */
#include "kernels_all.h"

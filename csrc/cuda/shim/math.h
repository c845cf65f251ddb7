/* NVRTC has no C library headers: its device math functions (fma, isnan, copysign, ...) are
 * built in; this adds the macro vecmath's kernels use. */
#pragma once
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fffffff)

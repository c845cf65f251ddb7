/* The float16 codec of the ufunc loops (csrc/float16.c): binary16 <-> binary64.
 *
 * Why float64: vecmath computes float16 through the float64 kernel of the tier and rounds once
 * (correctly rounded in the accurate tier), where NumPy goes through float32 and rounds twice.
 * Widening is exact, so the one rounding is vm_double_to_half's.  Why a file of its own: the
 * codec is plain C11 (no Python, no NumPy), so it could be built and checked apart from the
 * extension (today the float16 ufuncs test it); the loops (csrc/ufunc_loops.c) only move blocks
 * through it. */
#ifndef VM_FLOAT16_H
#define VM_FLOAT16_H
#include <stddef.h>
#include <stdint.h>

/* Exact.  A NaN keeps its sign and its 10-bit payload (quieted). */
double vm_half_to_double(uint16_t h);
/* Round to nearest-even once; ORs VM_FE_OVERFLOW / VM_FE_UNDERFLOW (vecmath.h) into *st as
 * NumPy's own conversion reports them: overflow of a finite value, underflow of a tiny and
 * inexact one.  A NaN keeps its sign and the top 10 bits of its payload, quiet. */
uint16_t vm_double_to_half(double d, int *st);

/* m elements of a strided float16 array (stride in bytes) to/from a contiguous double block:
 * one call per block, so the per-element conversions inline in float16.c. */
void vm_load_half(const char *in, ptrdiff_t is, double *buf, ptrdiff_t m);
void vm_store_half(const double *buf, char *out, ptrdiff_t os, ptrdiff_t m, int *st);

#endif

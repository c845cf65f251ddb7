/* float16 <-> float64 for the ufunc loops (see float16.h for why float64).  Widening is exact;
 * narrowing rounds to nearest-even once and reports overflow and underflow (tiny and inexact)
 * as NumPy's own conversion does.  Bit operations and exact double arithmetic, plus one
 * rounding to the subnormal grid by adding and subtracting 1.5 * 2^52, which needs IEEE
 * round-to-nearest without FTZ/DAZ (the loops guarantee that mode) and no -ffast-math. */
#include "float16.h"

#include <math.h>
#include <string.h>

#include "vecmath.h" /* VM_FE_* */

double vm_half_to_double(uint16_t h) {
    uint64_t sign = (uint64_t)(h & 0x8000) << 48;
    int e = (h >> 10) & 0x1f;
    double mag;
    if (e == 0x1f) {
        if (h & 0x3ff) {
            uint64_t b = sign | 0x7ff8000000000000ull | ((uint64_t)(h & 0x3ff) << 42);
            double d;
            memcpy(&d, &b, 8);
            return d;
        }
        mag = INFINITY;
    } else if (e == 0) {
        mag = (double)(h & 0x3ff) * 0x1p-24;
    } else {
        mag = ldexp((double)((h & 0x3ff) | 0x400), e - 25);
    }
    return sign ? -mag : mag;
}

uint16_t vm_double_to_half(double d, int *st) {
    uint64_t b;
    memcpy(&b, &d, 8);
    uint16_t sign = (uint16_t)((b >> 48) & 0x8000);
    double a = fabs(d);
    if (a != a) return sign | 0x7e00 | (uint16_t)((b >> 42) & 0x3ff);
    if (a >= 65520.0) { /* max half + half an ulp: rounds (to even) to inf */
        if (!isinf(a)) *st |= VM_FE_OVERFLOW;
        return sign | 0x7c00;
    }
    if (a < 0x1p-14) { /* subnormal half: round to the 2^-24 grid */
        double q = a * 0x1p24;
        double r = (q + 0x1.8p52) - 0x1.8p52;
        if (r != q) *st |= VM_FE_UNDERFLOW;
        return sign | (uint16_t)r;
    }
    int e = (int)((b >> 52) & 0x7ff) - 1023;
    uint64_t mant = b & 0xfffffffffffffull;
    uint64_t m = mant >> 42, rem = mant & ((1ull << 42) - 1), halfway = 1ull << 41;
    if (rem > halfway || (rem == halfway && (m & 1))) m++;
    return sign | (uint16_t)((((uint32_t)(e + 15)) << 10) + m); /* a carry bumps the exponent */
}

void vm_load_half(const char *in, ptrdiff_t is, double *buf, ptrdiff_t m) {
    for (ptrdiff_t j = 0; j < m; j++) {
        uint16_t h;
        memcpy(&h, in + j * is, 2);
        buf[j] = vm_half_to_double(h);
    }
}

void vm_store_half(const double *buf, char *out, ptrdiff_t os, ptrdiff_t m, int *st) {
    for (ptrdiff_t j = 0; j < m; j++) {
        uint16_t h = vm_double_to_half(buf[j], st);
        memcpy(out + j * os, &h, 2);
    }
}

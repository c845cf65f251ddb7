/* float16 <-> float64 on the GPU, as the CPU's codec (csrc/float16.c) computes it: widening is
 * exact, narrowing rounds to nearest-even once; a NaN keeps its sign and the top 10 bits of its
 * payload, quiet.  Integer operations on the bits only, so no floating-point operation that a
 * compiler or a link could contract or flush; plain C, so tests/test_cuda_lto.py compiles this
 * file for the CPU too and checks it against NumPy's conversions.  (No status: the GPU reports
 * no floating-point flags.) */
#ifndef VM_HALF_BITS_H
#define VM_HALF_BITS_H
#include <stdint.h>

/* the bits of the double equal to the half whose bits are h */
static inline uint64_t vm_half_bits_to_double_bits(uint16_t h) {
    uint64_t sign = (uint64_t)(h & 0x8000u) << 48, m = h & 0x3ffu;
    int e = (h >> 10) & 0x1f;
    if (e == 0x1f) return sign | (m ? 0x7ff8000000000000ull | (m << 42) : 0x7ff0000000000000ull);
    if (e == 0) {
        if (m == 0) return sign;
        int k = 9; /* m 2^-24 with m < 2^10: normalized on its top bit k */
        while (!(m >> k)) k--;
        return sign | ((uint64_t)(k - 24 + 1023) << 52) | ((m << (52 - k)) & 0xfffffffffffffull);
    }
    return sign | ((uint64_t)(e - 15 + 1023) << 52) | (m << 42);
}

/* the bits of the half nearest (ties to even) to the double whose bits are b */
static inline uint16_t vm_double_bits_to_half_bits(uint64_t b) {
    uint16_t sign = (uint16_t)((b >> 48) & 0x8000u);
    uint64_t a = b & 0x7fffffffffffffffull;
    if (a > 0x7ff0000000000000ull) return sign | 0x7e00u | (uint16_t)((b >> 42) & 0x3ffu); /* NaN */
    if (a >= 0x40effe0000000000ull) return sign | 0x7c00u; /* 65520 = max half + half an ulp: inf */
    int e = (int)(a >> 52);
    if (e < 1023 - 14) { /* below 2^-14: the subnormal grid 2^-24, a / 2^-24 = m >> s */
        int s = 1051 - e;
        if (s > 53) return sign; /* below half of 2^-24 */
        uint64_t m = (a & 0xfffffffffffffull) | 0x10000000000000ull;
        uint64_t q = m >> s, rem = m & ((1ull << s) - 1), half = 1ull << (s - 1);
        if (rem > half || (rem == half && (q & 1))) q++;
        return sign | (uint16_t)q;
    }
    uint64_t m = (a >> 42) & 0x3ff, rem = a & 0x3ffffffffffull, halfway = 1ull << 41;
    if (rem > halfway || (rem == halfway && (m & 1))) m++;
    return sign | (uint16_t)((((uint32_t)(e - 1023 + 15)) << 10) + m); /* a carry bumps the exponent */
}
#endif

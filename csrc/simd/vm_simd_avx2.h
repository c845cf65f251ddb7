/* AVX2 + FMA implementation of the vector layer: 4 doubles, 8 floats. */
#include <immintrin.h>

#define VD_W 4
#define VF_W 8
typedef __m256d vd;
typedef __m256i vdi;
typedef __m256d vdm; /* all-ones lanes */
typedef __m128 vfh;
typedef __m256 vf;
typedef __m256i vfi;
typedef __m256 vfm;
/* AVX2's costs shape two choices: vd_lookup_halves (vm_simd.h) reads the whole table, log's
 * float-float first pass reads a 16-entry table (kernels/log-inl.h) */
#define VM_ISA_AVX2 1

/* ---- double ---- */
static inline vd vd_set(double a) { return _mm256_set1_pd(a); }
static inline vd vd_load(const double *p) { return _mm256_loadu_pd(p); }
static inline void vd_store(double *p, vd a) { _mm256_storeu_pd(p, a); }
static inline double vd_first(vd a) { return _mm256_cvtsd_f64(a); }
static inline vd vd_add(vd a, vd b) { return _mm256_add_pd(a, b); }
static inline vd vd_sub(vd a, vd b) { return _mm256_sub_pd(a, b); }
static inline vd vd_mul(vd a, vd b) { return _mm256_mul_pd(a, b); }
static inline vd vd_div(vd a, vd b) { return _mm256_div_pd(a, b); }
static inline vd vd_fma(vd a, vd b, vd c) { return _mm256_fmadd_pd(a, b, c); }
static inline vd vd_fnma(vd a, vd b, vd c) { return _mm256_fnmadd_pd(a, b, c); }
static inline vdm vd_lt(vd a, vd b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
static inline vdm vd_le(vd a, vd b) { return _mm256_cmp_pd(a, b, _CMP_LE_OQ); }
static inline vdm vd_gt(vd a, vd b) { return _mm256_cmp_pd(a, b, _CMP_GT_OQ); }
static inline vdm vd_ge(vd a, vd b) { return _mm256_cmp_pd(a, b, _CMP_GE_OQ); }
static inline vd vd_min(vd a, vd b) { return _mm256_min_pd(a, b); } /* a < b ? a : b (b if NaN) */
static inline vd vd_max(vd a, vd b) { return _mm256_max_pd(a, b); } /* a > b ? a : b (b if NaN) */
static inline vdm vd_ne(vd a, vd b) { return _mm256_cmp_pd(a, b, _CMP_NEQ_UQ); }
static inline vdm vdm_or(vdm a, vdm b) { return _mm256_or_pd(a, b); }
static inline vdm vdm_and(vdm a, vdm b) { return _mm256_and_pd(a, b); }
static inline vdm vdm_not(vdm a) { return _mm256_xor_pd(a, _mm256_castsi256_pd(_mm256_set1_epi64x(-1))); }
static inline unsigned vdm_bits(vdm a) { return (unsigned)_mm256_movemask_pd(a); }
static inline vd vd_select(vdm m, vd a, vd b) { return _mm256_blendv_pd(b, a, m); }
static inline vdi vd_bits(vd a) { return _mm256_castpd_si256(a); }
static inline vd vd_from_bits(vdi a) { return _mm256_castsi256_pd(a); }
static inline vdi vdi_set(int64_t a) { return _mm256_set1_epi64x(a); }
static inline vdi vdi_add(vdi a, vdi b) { return _mm256_add_epi64(a, b); }
static inline vdi vdi_sub(vdi a, vdi b) { return _mm256_sub_epi64(a, b); }
static inline vdi vdi_and(vdi a, vdi b) { return _mm256_and_si256(a, b); }
static inline vdi vdi_or(vdi a, vdi b) { return _mm256_or_si256(a, b); }
static inline vdi vdi_xor(vdi a, vdi b) { return _mm256_xor_si256(a, b); }
#define vdi_shl(a, n) _mm256_slli_epi64((a), (n))
#define vdi_shr(a, n) _mm256_srli_epi64((a), (n))
static inline vdm vdi_eq(vdi a, vdi b) { return _mm256_castsi256_pd(_mm256_cmpeq_epi64(a, b)); }
static inline vdm vdi_none(vdi a, vdi m) { return vdi_eq(vdi_and(a, m), _mm256_setzero_si256()); } /* (a & m) == 0 */
static inline vdi vdi_select(vdm m, vdi a, vdi b) {
    return _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(b), _mm256_castsi256_pd(a), m));
}
/* Table lookups (the contract: vm_simd.h): entry idx mod n of t, n a power of two.  Register
 * permutes read only the low bits of idx; the other reads mask idx first.  Tables of 4 or 8
 * entries (64-bit) stay in registers: each 4-entry register
 * is permuted by the index (vpermd on the two 32-bit halves of each entry) and the results are
 * blended by the index's higher bits, a binary tree of blendv; larger 64-bit tables are read
 * one lane at a time (vm_avx2_load4: four scalar loads from indices moved to general registers,
 * which two lookups by the same index share), or, where a kernel reads several by one index,
 * as rows (vd_lookup_rows, below).  Measured on an AMD EPYC, family 26, in AVX2 exp
 * float64 fast (two 16-entry lookups per register): 0.72 ns/element with gathers, 0.81 with the
 * permute tree, 0.55 with scalar loads (a gather there costs more than its four loads); for
 * 32-bit entries the permute tree is faster up to 32, see vfi_lookup.  A gather
 * merges into its destination and clears its mask register: both must be fresh each call, or
 * every loop iteration waits for the previous one's.  Both come from vm_avx2_gather_zero/_ones,
 * the dependency-breaking idioms in asm the compiler cannot see through: given a visible
 * all-ones mask GCC treats the destination's old value as dead and merges into whatever
 * register it likes, at times the previous iteration's result (AVX2 exp approx float64 ran
 * 0.51 -> 0.83 ns/element after an unrelated change moved its registers; float32 accurate exp
 * 1.32 -> 0.91 once fixed). */
static inline __m256i vm_avx2_gather_zero(void) {
    __m256i z;
    __asm__("vpxor %x0, %x0, %x0" : "=x"(z));
    return z;
}
static inline __m256i vm_avx2_gather_ones(void) {
    __m256i m;
    __asm__("vpcmpeqd %0, %0, %0" : "=x"(m));
    return m;
}
/* The lookup trees' blends: the lane of b where m's sign bit is set, else of a.  In asm because
 * GCC turns a blendv by a shifted index into a compare of it with zero and then the blendv (one
 * more vector operation per mask; blendv reads only the sign bits).  Not volatile: lookups by
 * the same index share the work. */
static inline __m256i vm_avx2_blend_sign32(__m256i a, __m256i b, __m256i m) {
    __m256i r;
    __asm__("vblendvps %3, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b), "x"(m));
    return r;
}
static inline __m256i vm_avx2_blend_sign64(__m256i a, __m256i b, __m256i m) {
    __m256i r;
    __asm__("vblendvpd %3, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b), "x"(m));
    return r;
}
static inline __m256i vm_avx2_lookup64(const uint64_t *t, vdi idx, int n) {
    const __m256i *v = (const __m256i *)t;
    __m256i lane = _mm256_slli_epi64(_mm256_and_si256(idx, _mm256_set1_epi64x(3)), 1);
    __m256i pair = _mm256_or_si256(lane, _mm256_slli_epi64(_mm256_add_epi64(lane, _mm256_set1_epi64x(1)), 32));
    __m256i r[2];
    int k = n / 4;
    for (int j = 0; j < k; j++) r[j] = _mm256_permutevar8x32_epi32(_mm256_load_si256(v + j), pair);
    for (int bit = 2; k > 1; bit++, k /= 2) {
        __m256i m = _mm256_slli_epi64(idx, 63 - bit); /* sign bit = index bit */
        for (int j = 0; j < k / 2; j++) r[j] = vm_avx2_blend_sign64(r[2 * j], r[2 * j + 1], m);
    }
    return r[0];
}
static inline int vm_avx2_in_registers64(int n) { return n == 4 || n == 8; }
/* entries idx mod n of t, 64-bit, by four scalar loads */
static inline __m256d vm_avx2_load4(const double *t, vdi idx, int n) {
    idx = _mm256_and_si256(idx, _mm256_set1_epi64x(n - 1));
    __m128i lo = _mm256_castsi256_si128(idx), hi = _mm256_extracti128_si256(idx, 1);
    /* plain loads, not _mm_loadh_pd: GCC's alias analysis takes that builtin for a call that may
     * write memory, which kept VM_PAIR's probe word (vm_simd.h) in memory */
    __m128d a = _mm_set_pd(t[_mm_extract_epi64(lo, 1)], t[_mm_cvtsi128_si64(lo)]);
    __m128d b = _mm_set_pd(t[_mm_extract_epi64(hi, 1)], t[_mm_cvtsi128_si64(hi)]);
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(a), b, 1);
}
static inline vd vd_lookup(const double *t, vdi idx, int n) {
    if (vm_avx2_in_registers64(n)) return _mm256_castsi256_pd(vm_avx2_lookup64((const uint64_t *)t, idx, n));
    return vm_avx2_load4(t, idx, n);
}
static inline vdi vdi_lookup(const uint64_t *t, vdi idx, int n) {
    if (vm_avx2_in_registers64(n)) return vm_avx2_lookup64(t, idx, n);
    return _mm256_castpd_si256(vm_avx2_load4((const double *)t, idx, n));
}

/* ---- float, VD_W lanes ---- */
static inline vfh vfh_load(const float *p) { return _mm_loadu_ps(p); }
static inline void vfh_store(float *p, vfh a) { _mm_storeu_ps(p, a); }
static inline vd vd_from_vfh(vfh a) { return _mm256_cvtps_pd(a); }
static inline vfh vfh_from_vd(vd a) { return _mm256_cvtpd_ps(a); }
/* the low and high VD_W floats of a vf, and a vf from them (vm_simd.h: VM_HAS_VF_HALVES) */
#define VM_HAS_VF_HALVES 1
static inline vfh vf_lo(__m256 a) { return _mm256_castps256_ps128(a); }
static inline vfh vf_hi(__m256 a) { return _mm256_extractf128_ps(a, 1); }
static inline __m256 vf_from_halves(vfh lo, vfh hi) { return _mm256_insertf128_ps(_mm256_castps128_ps256(lo), hi, 1); }

/* ---- float, VF_W lanes ---- */
static inline vf vf_set(float a) { return _mm256_set1_ps(a); }
static inline vf vf_load(const float *p) { return _mm256_loadu_ps(p); }
static inline void vf_store(float *p, vf a) { _mm256_storeu_ps(p, a); }
static inline vf vf_add(vf a, vf b) { return _mm256_add_ps(a, b); }
static inline vf vf_sub(vf a, vf b) { return _mm256_sub_ps(a, b); }
static inline vf vf_mul(vf a, vf b) { return _mm256_mul_ps(a, b); }
static inline vf vf_div(vf a, vf b) { return _mm256_div_ps(a, b); }
static inline vf vf_fma(vf a, vf b, vf c) { return _mm256_fmadd_ps(a, b, c); }
static inline vf vf_fnma(vf a, vf b, vf c) { return _mm256_fnmadd_ps(a, b, c); }
static inline vfm vf_lt(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
static inline vfm vf_le(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
static inline vfm vf_gt(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
static inline vfm vf_ge(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
static inline vf vf_min(vf a, vf b) { return _mm256_min_ps(a, b); } /* a < b ? a : b (b if NaN) */
static inline vf vf_max(vf a, vf b) { return _mm256_max_ps(a, b); } /* a > b ? a : b (b if NaN) */
static inline vfm vfm_and(vfm a, vfm b) { return _mm256_and_ps(a, b); }
static inline vfm vfm_or(vfm a, vfm b) { return _mm256_or_ps(a, b); }
static inline vfm vf_ne(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_NEQ_UQ); } /* NaN is != */
static inline vfm vfm_not(vfm a) { return _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }
static inline unsigned vfm_bits(vfm a) { return (unsigned)_mm256_movemask_ps(a); }
static inline vf vf_select(vfm m, vf a, vf b) { return _mm256_blendv_ps(b, a, m); }
static inline vfi vf_bits(vf a) { return _mm256_castps_si256(a); }
static inline vf vf_from_bits(vfi a) { return _mm256_castsi256_ps(a); }
static inline vfi vfi_set(int32_t a) { return _mm256_set1_epi32(a); }
static inline vfi vfi_add(vfi a, vfi b) { return _mm256_add_epi32(a, b); }
static inline vfi vfi_sub(vfi a, vfi b) { return _mm256_sub_epi32(a, b); }
static inline vfi vfi_and(vfi a, vfi b) { return _mm256_and_si256(a, b); }
static inline vfi vfi_or(vfi a, vfi b) { return _mm256_or_si256(a, b); }
static inline vfi vfi_xor(vfi a, vfi b) { return _mm256_xor_si256(a, b); }
#define vfi_shl(a, n) _mm256_slli_epi32((a), (n))
#define vfi_shr(a, n) _mm256_srli_epi32((a), (n))
#define vfi_sra(a, n) _mm256_srai_epi32((a), (n))
static inline vfi vfi_minu(vfi a, vfi b) { return _mm256_min_epu32(a, b); } /* unsigned */
static inline vfi vfi_max(vfi a, vfi b) { return _mm256_max_epi32(a, b); }  /* signed */
static inline vfi vfi_select(vfm m, vfi a, vfi b) {
    return _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(b), _mm256_castsi256_ps(a), m));
}
static inline vf vf_from_vfi(vfi a) { return _mm256_cvtepi32_ps(a); }
/* 8, 16 or 32 entries: vpermd per 8-entry register, then blendv on the index's bits 3 and 4 */
static inline vfi vfi_lookup(const uint32_t *t, vfi idx, int n) {
    const __m256i *v = (const __m256i *)t;
    if (n == 8 || n == 16 || n == 32) {
        __m256i r[4];
        int k = n / 8;
        for (int j = 0; j < k; j++) r[j] = _mm256_permutevar8x32_epi32(_mm256_load_si256(v + j), idx);
        for (int bit = 3; k > 1; bit++, k /= 2) {
            __m256i m = _mm256_slli_epi32(idx, 31 - bit); /* sign bit = index bit */
            for (int j = 0; j < k / 2; j++) r[j] = vm_avx2_blend_sign32(r[2 * j], r[2 * j + 1], m);
        }
        return r[0];
    }
    idx = _mm256_and_si256(idx, _mm256_set1_epi32(n - 1));
    return _mm256_mask_i32gather_epi32(vm_avx2_gather_zero(), (const int *)t, idx,
                                       vm_avx2_gather_ones(), 4);
}
static inline vf vf_lookup(const float *t, vfi idx, int n) {
    return _mm256_castsi256_ps(vfi_lookup((const uint32_t *)t, idx, n));
}
/* Row lookups (VM_HAS_VF_LOOKUP_ROWS8; AVX2 only): where seven or eight 32-entry float tables are
 * read by one index (the fast float32 slots of tanh, erf and erfc), their rows (vm_data.h's *_rows
 * tables, the generator's rows(): row i holds entry i of each table, padded to 8 floats) cost one
 * load per lane and a transpose, in place of 4 vpermd and 3 blends per table.  Measured (AMD EPYC
 * family 26 model 2): tanh fast float32 0.68 -> 0.615 ns/element, erf/erfc about 8 % (docs/tiers.md).
 * For log's three tables (rows of 4) and atan's two (rows of 2) the same reading was slower than
 * the permute trees (log fast float32 0.43 -> 0.48, atan 0.40 -> 0.42), so they keep vf_lookup.
 * vf_lookup_rows8(rows, idx, n, out) sets out[k] to entry idx mod n of table k; outputs a kernel
 * leaves unused cost nothing. */
#define VM_HAS_VF_LOOKUP_ROWS8 1
/* the byte offsets of rows idx mod n, 2^shift bytes each, as eight integers: two per vmovq /
 * vpextrq (one and two vector uops; vpextrd takes two per offset, and a store with eight reloads
 * was slower).  Split by scalar shifts and 32-bit moves, each written out: from an array of the
 * four halves GCC's SLP vectorizer stored them and reloaded them as one vector (a store-forwarding
 * stall per call, and a frame realigned to 32 bytes) */
static inline void vm_avx2_row_offsets(int64_t off[8], vfi idx, int n, int shift) {
    __m256i o = _mm256_slli_epi32(_mm256_and_si256(idx, _mm256_set1_epi32(n - 1)), shift);
    __m128i lo = _mm256_castsi256_si128(o), hi = _mm256_extracti128_si256(o, 1);
    uint64_t q0 = (uint64_t)_mm_cvtsi128_si64(lo), q1 = (uint64_t)_mm_extract_epi64(lo, 1);
    uint64_t q2 = (uint64_t)_mm_cvtsi128_si64(hi), q3 = (uint64_t)_mm_extract_epi64(hi, 1);
    off[0] = (uint32_t)q0, off[1] = (int64_t)(q0 >> 32), off[2] = (uint32_t)q1, off[3] = (int64_t)(q1 >> 32);
    off[4] = (uint32_t)q2, off[5] = (int64_t)(q2 >> 32), off[6] = (uint32_t)q3, off[7] = (int64_t)(q3 >> 32);
}
/* lanes j and j + 4 of the 16 bytes at byte b of their rows: [row_j | row_j+4]; vbroadcastf128
 * is a load alone, the blend runs on any vector pipe */
static inline __m256 vm_avx2_row_pair(const float *rows, const int64_t *off, int j, int b) {
    return _mm256_blend_ps(_mm256_broadcast_ps((const __m128 *)((const char *)rows + off[j] + b)),
                           _mm256_broadcast_ps((const __m128 *)((const char *)rows + off[j + 4] + b)), 0xf0);
}
/* 4x4 transpose within each 128-bit half: r[j] holds lanes j, j + 4 of four tables */
static inline void vm_avx2_transpose4(__m256 r0, __m256 r1, __m256 r2, __m256 r3, vf *out) {
    __m256d t0 = _mm256_castps_pd(_mm256_unpacklo_ps(r0, r1)), t1 = _mm256_castps_pd(_mm256_unpackhi_ps(r0, r1));
    __m256d t2 = _mm256_castps_pd(_mm256_unpacklo_ps(r2, r3)), t3 = _mm256_castps_pd(_mm256_unpackhi_ps(r2, r3));
    out[0] = _mm256_castpd_ps(_mm256_unpacklo_pd(t0, t2));
    out[1] = _mm256_castpd_ps(_mm256_unpackhi_pd(t0, t2));
    out[2] = _mm256_castpd_ps(_mm256_unpacklo_pd(t1, t3));
    out[3] = _mm256_castpd_ps(_mm256_unpackhi_pd(t1, t3));
}
static inline void vf_lookup_rows8(const float *rows, vfi idx, int n, vf out[8]) {
    int64_t off[8];
    vm_avx2_row_offsets(off, idx, n, 5);
    for (int b = 0; b < 2; b++)
        vm_avx2_transpose4(vm_avx2_row_pair(rows, off, 0, 16 * b), vm_avx2_row_pair(rows, off, 1, 16 * b),
                           vm_avx2_row_pair(rows, off, 2, 16 * b), vm_avx2_row_pair(rows, off, 3, 16 * b),
                           out + 4 * b);
}

/* Row lookups of 64-bit tables (VM_HAS_VD_LOOKUP_ROWS; AVX2 only): where several 16- or 32-entry
 * tables are read by one index (the fast float64 coefficients of erf and erfc, exp's scale and
 * tail for N = 16 and 32: exp_core.h's exp_f64_scale16_tail), their rows (vm_data.h's *_rows tables, the generator's rows(): row i holds entry i
 * of each table, padded to `width` values, a power of two) cost, per pair of tables, one 16-byte
 * load per lane, two blends and two unpacks, in place of 8 scalar loads and 6 shuffles
 * (vm_avx2_load4, twice); the offsets leave the vector once for all tables.  The same entries,
 * so the same bits.  Measured (AMD EPYC family 26 model 2, AVX2, ns/element): erf fast float64
 * 3.2 -> 1.95, exp fast float64 0.62 -> 0.56.  A 32-byte row load with vperm2f128, or a blend
 * from memory, in place of the 16-byte loads: the same speed (the index's way to the general
 * registers and back, not the instruction count, sets the pace there).
 * vd_lookup_rows(rows, idx, n, width, out) sets out[k] to entry idx mod n of table k for
 * k < width; outputs a kernel leaves unused cost nothing. */
#define VM_HAS_VD_LOOKUP_ROWS 1
static inline void vd_lookup_rows(const void *rows, vdi idx, int n, int width, vd *out) {
    __m256i o = _mm256_slli_epi64(_mm256_and_si256(idx, _mm256_set1_epi64x(n - 1)), __builtin_ctz(8 * width));
    __m128i lo = _mm256_castsi256_si128(o), hi = _mm256_extracti128_si256(o, 1);
    const char *r0 = (const char *)rows + _mm_cvtsi128_si64(lo), *r1 = (const char *)rows + _mm_extract_epi64(lo, 1);
    const char *r2 = (const char *)rows + _mm_cvtsi128_si64(hi), *r3 = (const char *)rows + _mm_extract_epi64(hi, 1);
    for (int k = 0; k < width; k += 2) {
        /* [lane 0 | lane 2] and [lane 1 | lane 3] of tables k, k + 1; vbroadcastf128 is a load
         * alone, the blend runs on any vector pipe */
        __m256d a = _mm256_blend_pd(_mm256_broadcast_pd((const __m128d *)(r0 + 8 * k)),
                                    _mm256_broadcast_pd((const __m128d *)(r2 + 8 * k)), 0xc);
        __m256d b = _mm256_blend_pd(_mm256_broadcast_pd((const __m128d *)(r1 + 8 * k)),
                                    _mm256_broadcast_pd((const __m128d *)(r3 + 8 * k)), 0xc);
        out[k] = _mm256_unpacklo_pd(a, b);
        out[k + 1] = _mm256_unpackhi_pd(a, b);
    }
}

/* NaN, +-0, +-inf, subnormal or negative (vm_simd.h's contract) in two integer operations instead
 * of two compares, an and and a not: positive normal bits b, and only they, give b + 0x7f800000
 * (mod 2^32) in [INT32_MIN, -2^24 - 1]; the same in 64 bits with 0x7ff0000000000000 and
 * -2^53 - 1.  The same lanes, so the same bits. */
#define VM_HAS_NOT_POSITIVE_NORMAL 1
static inline vdm vd_not_positive_normal(vd a) {
    __m256i t = _mm256_add_epi64(_mm256_castpd_si256(a), _mm256_set1_epi64x(0x7ff0000000000000)), m;
    __asm__("vpcmpgtq %2, %1, %0" : "=x"(m) : "x"(t), "x"(_mm256_set1_epi64x(-(1ll << 53) - 1)));
    return _mm256_castsi256_pd(m);
}
/* the compare in asm: GCC otherwise made it a vpminsd and a vpcmpeqd */
static inline vfm vf_not_positive_normal(vf a) {
    __m256i t = _mm256_add_epi32(_mm256_castps_si256(a), _mm256_set1_epi32(0x7f800000)), m;
    __asm__("vpcmpgtd %2, %1, %0" : "=x"(m) : "x"(t), "x"(_mm256_set1_epi32(-(1 << 24) - 1)));
    return _mm256_castsi256_ps(m);
}

/* lane 0 of a float vector (one instruction; vm_simd.h's generic one goes through memory) */
#define VM_HAS_VF_FIRST 1
static inline float vf_first(vf a) { return _mm256_cvtss_f32(a); }

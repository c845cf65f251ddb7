/* AVX-512 (F, DQ, VL, BW) implementation of the vector layer: 8 doubles, 16 floats. */
#include <immintrin.h>

#define VM_ISA_AVX512 1
#define VD_W 8
#define VF_W 16
typedef __m512d vd;
typedef __m512i vdi;
typedef __mmask8 vdm;
typedef __m256 vfh; /* VD_W floats, for float32 kernels evaluated in double */
typedef __m512 vf;
typedef __m512i vfi;
typedef __mmask16 vfm;
/* ---- double ---- */
static inline vd vd_set(double a) { return _mm512_set1_pd(a); }
static inline vd vd_load(const double *p) { return _mm512_loadu_pd(p); }
static inline void vd_store(double *p, vd a) { _mm512_storeu_pd(p, a); }
static inline double vd_first(vd a) { return _mm512_cvtsd_f64(a); }
static inline vd vd_add(vd a, vd b) { return _mm512_add_pd(a, b); }
static inline vd vd_sub(vd a, vd b) { return _mm512_sub_pd(a, b); }
static inline vd vd_mul(vd a, vd b) { return _mm512_mul_pd(a, b); }
static inline vd vd_div(vd a, vd b) { return _mm512_div_pd(a, b); }
static inline vd vd_fma(vd a, vd b, vd c) { return _mm512_fmadd_pd(a, b, c); }
static inline vd vd_fnma(vd a, vd b, vd c) { return _mm512_fnmadd_pd(a, b, c); }
static inline vdm vd_lt(vd a, vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ); }
static inline vdm vd_le(vd a, vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ); }
static inline vdm vd_gt(vd a, vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ); }
static inline vdm vd_ge(vd a, vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ); }
static inline vd vd_min(vd a, vd b) { return _mm512_min_pd(a, b); } /* a < b ? a : b (b if NaN) */
static inline vd vd_max(vd a, vd b) { return _mm512_max_pd(a, b); } /* a > b ? a : b (b if NaN) */
static inline vdm vd_ne(vd a, vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_NEQ_UQ); }
static inline vdm vdm_or(vdm a, vdm b) { return a | b; }
static inline vdm vdm_and(vdm a, vdm b) { return a & b; }
static inline vdm vdm_not(vdm a) { return (vdm)~a; }
/* NaN, +-0, +-inf, subnormal or negative: one vfpclasspd (vm_simd.h has the compares elsewhere) */
#define VM_HAS_FPCLASS 1
static inline vdm vd_not_positive_normal(vd a) { return _mm512_fpclass_pd_mask(a, 0xFF); }
static inline unsigned vdm_bits(vdm a) { return a; }
static inline vd vd_select(vdm m, vd a, vd b) { return _mm512_mask_blend_pd(m, b, a); }
static inline vdi vd_bits(vd a) { return _mm512_castpd_si512(a); }
static inline vd vd_from_bits(vdi a) { return _mm512_castsi512_pd(a); }
static inline vdi vdi_set(int64_t a) { return _mm512_set1_epi64(a); }
static inline vdi vdi_add(vdi a, vdi b) { return _mm512_add_epi64(a, b); }
static inline vdi vdi_sub(vdi a, vdi b) { return _mm512_sub_epi64(a, b); }
static inline vdi vdi_and(vdi a, vdi b) { return _mm512_and_si512(a, b); }
static inline vdi vdi_or(vdi a, vdi b) { return _mm512_or_si512(a, b); }
static inline vdi vdi_xor(vdi a, vdi b) { return _mm512_xor_si512(a, b); }
#define vdi_shl(a, n) _mm512_slli_epi64((a), (n))
#define vdi_shr(a, n) _mm512_srli_epi64((a), (n))
/* AVX-512DQ converts int64 lanes to double in one vcvtqq2pd; AVX2 has neither that nor a
 * 64-bit arithmetic shift, so its kernels use the 2^52 trick instead. */
#define VM_HAS_INT64_CONVERT 1
#define vdi_sra(a, n) _mm512_srai_epi64((a), (n))
static inline vd vd_from_vdi(vdi a) { return _mm512_cvtepi64_pd(a); }
static inline vdm vdi_eq(vdi a, vdi b) { return _mm512_cmpeq_epi64_mask(a, b); }
static inline vdm vdi_none(vdi a, vdi m) { return _mm512_testn_epi64_mask(a, m); } /* (a & m) == 0 */
static inline vdi vdi_select(vdm m, vdi a, vdi b) { return _mm512_mask_blend_epi64(m, b, a); }
/* Table lookups (the contract: vm_simd.h): entry idx mod n of t, n a power of two, t aligned to
 * 64 bytes.  Tables of 8 to 32 entries are register permutes, which read only the low bits of
 * idx; other sizes are gathered, from idx masked first. */
static inline vd vd_lookup(const double *t, vdi idx, int n) {
    if (n == 8) return _mm512_permutexvar_pd(idx, _mm512_load_pd(t));
    if (n == 16) return _mm512_permutex2var_pd(_mm512_load_pd(t), idx, _mm512_load_pd(t + 8));
    if (n == 32) {
        vd lo = _mm512_permutex2var_pd(_mm512_load_pd(t), idx, _mm512_load_pd(t + 8));
        vd hi = _mm512_permutex2var_pd(_mm512_load_pd(t + 16), idx, _mm512_load_pd(t + 24));
        return _mm512_mask_blend_pd(_mm512_test_epi64_mask(idx, _mm512_set1_epi64(16)), lo, hi);
    }
    /* a mask made from idx, not kxnor of a reused k register: the gather that clears it would
     * otherwise chain every loop iteration to the previous one's gather */
    idx = _mm512_and_si512(idx, _mm512_set1_epi64(n - 1));
    return _mm512_mask_i64gather_pd(_mm512_setzero_pd(), _mm512_cmpeq_epi64_mask(idx, idx), idx, t, 8);
}
static inline vdi vdi_lookup(const uint64_t *t, vdi idx, int n) {
    const __m512i *v = (const __m512i *)t;
    if (n == 8) return _mm512_permutexvar_epi64(idx, _mm512_load_si512(v));
    if (n == 16) return _mm512_permutex2var_epi64(_mm512_load_si512(v), idx, _mm512_load_si512(v + 1));
    if (n == 32) {
        vdi lo = _mm512_permutex2var_epi64(_mm512_load_si512(v), idx, _mm512_load_si512(v + 1));
        vdi hi = _mm512_permutex2var_epi64(_mm512_load_si512(v + 2), idx, _mm512_load_si512(v + 3));
        return _mm512_mask_blend_epi64(_mm512_test_epi64_mask(idx, _mm512_set1_epi64(16)), lo, hi);
    }
    idx = _mm512_and_si512(idx, _mm512_set1_epi64(n - 1));
    return _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), _mm512_cmpeq_epi64_mask(idx, idx), idx,
                                       (const void *)t, 8);
}

/* ---- float, VD_W lanes, for float32 kernels computed in double ---- */
static inline vfh vfh_load(const float *p) { return _mm256_loadu_ps(p); }
static inline void vfh_store(float *p, vfh a) { _mm256_storeu_ps(p, a); }
static inline vd vd_from_vfh(vfh a) { return _mm512_cvtps_pd(a); }
static inline vfh vfh_from_vd(vd a) { return _mm512_cvtpd_ps(a); }
/* the low and high VD_W floats of a vf, and a vf from them (vm_simd.h: VM_HAS_VF_HALVES) */
#define VM_HAS_VF_HALVES 1
static inline vfh vf_lo(__m512 a) { return _mm512_castps512_ps256(a); }
static inline vfh vf_hi(__m512 a) { return _mm512_extractf32x8_ps(a, 1); }
static inline __m512 vf_from_halves(vfh lo, vfh hi) { return _mm512_insertf32x8(_mm512_castps256_ps512(lo), hi, 1); }
/* |xf| < lim on the floats themselves (x = xf in double is ignored): a 256-bit compare costs
 * half a 512-bit one on AMD Zen 4, which runs 512-bit operations as two halves */
static inline vdm vfh_abs_lt(vfh xf, vd x, float lim) {
    (void)x;
    return _mm256_cmp_ps_mask(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xf), _mm256_set1_ps(lim), _CMP_LT_OQ);
}
#define VM_HAS_VFH_COMPARE 1

/* ---- float, VF_W lanes ---- */
static inline vf vf_set(float a) { return _mm512_set1_ps(a); }
static inline vf vf_load(const float *p) { return _mm512_loadu_ps(p); }
static inline void vf_store(float *p, vf a) { _mm512_storeu_ps(p, a); }
static inline vf vf_add(vf a, vf b) { return _mm512_add_ps(a, b); }
static inline vf vf_sub(vf a, vf b) { return _mm512_sub_ps(a, b); }
static inline vf vf_mul(vf a, vf b) { return _mm512_mul_ps(a, b); }
static inline vf vf_div(vf a, vf b) { return _mm512_div_ps(a, b); }
static inline vf vf_fma(vf a, vf b, vf c) { return _mm512_fmadd_ps(a, b, c); }
static inline vf vf_fnma(vf a, vf b, vf c) { return _mm512_fnmadd_ps(a, b, c); }
static inline vfm vf_lt(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
static inline vfm vf_le(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
static inline vfm vf_gt(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
static inline vfm vf_ge(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
static inline vf vf_min(vf a, vf b) { return _mm512_min_ps(a, b); } /* a < b ? a : b (b if NaN) */
static inline vf vf_max(vf a, vf b) { return _mm512_max_ps(a, b); } /* a > b ? a : b (b if NaN) */
static inline vfm vfm_and(vfm a, vfm b) { return a & b; }
static inline vfm vfm_or(vfm a, vfm b) { return a | b; }
static inline vfm vf_ne(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_NEQ_UQ); } /* NaN is != */
static inline vfm vfm_not(vfm a) { return (vfm)~a; }
static inline vfm vf_not_positive_normal(vf a) { return _mm512_fpclass_ps_mask(a, 0xFF); }
static inline unsigned vfm_bits(vfm a) { return a; }
static inline vf vf_select(vfm m, vf a, vf b) { return _mm512_mask_blend_ps(m, b, a); }
static inline vfi vf_bits(vf a) { return _mm512_castps_si512(a); }
static inline vf vf_from_bits(vfi a) { return _mm512_castsi512_ps(a); }
static inline vfi vfi_set(int32_t a) { return _mm512_set1_epi32(a); }
static inline vfi vfi_add(vfi a, vfi b) { return _mm512_add_epi32(a, b); }
static inline vfi vfi_sub(vfi a, vfi b) { return _mm512_sub_epi32(a, b); }
static inline vfi vfi_and(vfi a, vfi b) { return _mm512_and_si512(a, b); }
static inline vfi vfi_or(vfi a, vfi b) { return _mm512_or_si512(a, b); }
static inline vfi vfi_xor(vfi a, vfi b) { return _mm512_xor_si512(a, b); }
#define vfi_shl(a, n) _mm512_slli_epi32((a), (n))
#define vfi_shr(a, n) _mm512_srli_epi32((a), (n))
#define vfi_sra(a, n) _mm512_srai_epi32((a), (n))
static inline vfi vfi_minu(vfi a, vfi b) { return _mm512_min_epu32(a, b); } /* unsigned */
static inline vfi vfi_max(vfi a, vfi b) { return _mm512_max_epi32(a, b); }  /* signed */
static inline vfi vfi_select(vfm m, vfi a, vfi b) { return _mm512_mask_blend_epi32(m, b, a); }
static inline vf vf_from_vfi(vfi a) { return _mm512_cvtepi32_ps(a); }
/* 8 entries: the table broadcast to both halves of one register, read mod 16 */
static inline vfi vfi_lookup(const uint32_t *t, vfi idx, int n) {
    const __m512i *v = (const __m512i *)t;
    if (n == 8) return _mm512_permutexvar_epi32(idx, _mm512_broadcast_i64x4(_mm256_load_si256((const __m256i *)t)));
    if (n == 16) return _mm512_permutexvar_epi32(idx, _mm512_load_si512(v));
    if (n == 32) return _mm512_permutex2var_epi32(_mm512_load_si512(v), idx, _mm512_load_si512(v + 1));
    idx = _mm512_and_si512(idx, _mm512_set1_epi32(n - 1));
    return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), _mm512_cmpeq_epi32_mask(idx, idx), idx,
                                       (const void *)t, 4);
}
static inline vf vf_lookup(const float *t, vfi idx, int n) {
    if (n == 8) return _mm512_castsi512_ps(vfi_lookup((const uint32_t *)t, idx, 8));
    if (n == 16) return _mm512_permutexvar_ps(idx, _mm512_load_ps(t));
    if (n == 32) return _mm512_permutex2var_ps(_mm512_load_ps(t), idx, _mm512_load_ps(t + 16));
    idx = _mm512_and_si512(idx, _mm512_set1_epi32(n - 1));
    return _mm512_mask_i32gather_ps(_mm512_setzero_ps(), _mm512_cmpeq_epi32_mask(idx, idx), idx, t, 4);
}

/* lane 0 of a float vector (one instruction; vm_simd.h's generic one goes through memory) */
#define VM_HAS_VF_FIRST 1
static inline float vf_first(vf a) { return _mm512_cvtss_f32(a); }

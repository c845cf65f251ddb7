/* AArch64 Advanced SIMD (NEON) implementation of the vector layer: 2 doubles, 4 floats, one
 * 128-bit register each.  One register, not a pair: the kernels are chains of dependent
 * operations, and a pair doubles every instruction without shortening the chain; loops get
 * their parallelism from the out-of-order core running consecutive iterations (a pair can be
 * measured once an ARM machine is at hand).
 *
 * Semantics follow the x86 paths exactly where IEEE leaves a choice: min/max give their second
 * operand when either is NaN (minpd), by compare and select (NEON's fmin returns the NaN);
 * conversions round to nearest (FPCR's default); comparisons are ordered except vd_ne and vf_ne. */
#include <arm_neon.h>

#define VD_W 2
#define VF_W 4
typedef float64x2_t vd;
typedef uint64x2_t vdi;
typedef uint64x2_t vdm; /* all-ones lanes */
typedef float32x2_t vfh;
typedef float32x4_t vf;
typedef uint32x4_t vfi;
typedef uint32x4_t vfm;

/* ---- double ---- */
static inline vd vd_set(double a) { return vdupq_n_f64(a); }
static inline vd vd_load(const double *p) { return vld1q_f64(p); }
static inline void vd_store(double *p, vd a) { vst1q_f64(p, a); }
static inline double vd_first(vd a) { return vgetq_lane_f64(a, 0); }
static inline vd vd_add(vd a, vd b) { return vaddq_f64(a, b); }
static inline vd vd_sub(vd a, vd b) { return vsubq_f64(a, b); }
static inline vd vd_mul(vd a, vd b) { return vmulq_f64(a, b); }
static inline vd vd_div(vd a, vd b) { return vdivq_f64(a, b); }
static inline vd vd_fma(vd a, vd b, vd c) { return vfmaq_f64(c, a, b); }  /* a*b + c */
static inline vd vd_fnma(vd a, vd b, vd c) { return vfmsq_f64(c, a, b); } /* c - a*b */
static inline vdm vd_lt(vd a, vd b) { return vcltq_f64(a, b); }
static inline vdm vd_le(vd a, vd b) { return vcleq_f64(a, b); }
static inline vdm vd_gt(vd a, vd b) { return vcgtq_f64(a, b); }
static inline vdm vd_ge(vd a, vd b) { return vcgeq_f64(a, b); }
static inline vd vd_min(vd a, vd b) { return vbslq_f64(vcltq_f64(a, b), a, b); } /* b if NaN */
static inline vd vd_max(vd a, vd b) { return vbslq_f64(vcgtq_f64(a, b), a, b); } /* b if NaN */
static inline vdm vdm_not(vdm a) { return vreinterpretq_u64_u32(vmvnq_u32(vreinterpretq_u32_u64(a))); }
static inline vdm vd_ne(vd a, vd b) { return vdm_not(vceqq_f64(a, b)); } /* unordered: NaN is != */
static inline vdm vdm_or(vdm a, vdm b) { return vorrq_u64(a, b); }
static inline vdm vdm_and(vdm a, vdm b) { return vandq_u64(a, b); }
/* lane j's mask as bit j: one AND and one horizontal add (the special-lane test) */
static inline unsigned vdm_bits(vdm a) {
    static const uint64_t lane_bit[2] = {1, 2};
    return (unsigned)vaddvq_u64(vandq_u64(a, vld1q_u64(lane_bit)));
}
static inline vd vd_select(vdm m, vd a, vd b) { return vbslq_f64(m, a, b); }
static inline vdi vd_bits(vd a) { return vreinterpretq_u64_f64(a); }
static inline vd vd_from_bits(vdi a) { return vreinterpretq_f64_u64(a); }
static inline vdi vdi_set(int64_t a) { return vdupq_n_u64((uint64_t)a); }
static inline vdi vdi_add(vdi a, vdi b) { return vaddq_u64(a, b); }
static inline vdi vdi_sub(vdi a, vdi b) { return vsubq_u64(a, b); }
static inline vdi vdi_and(vdi a, vdi b) { return vandq_u64(a, b); }
static inline vdi vdi_or(vdi a, vdi b) { return vorrq_u64(a, b); }
static inline vdi vdi_xor(vdi a, vdi b) { return veorq_u64(a, b); }
#define vdi_shl(a, n) vshlq_n_u64((a), (n))
#define vdi_shr(a, n) vshrq_n_u64((a), (n))
static inline vdm vdi_eq(vdi a, vdi b) { return vceqq_u64(a, b); }
static inline vdm vdi_none(vdi a, vdi m) { return vceqzq_u64(vandq_u64(a, m)); } /* (a & m) == 0 */
static inline vdi vdi_select(vdm m, vdi a, vdi b) { return vbslq_u64(m, a, b); }

/* Table lookups (the contract: vm_simd.h): entry idx mod n of t, n a power of two.  Up to 64
 * bytes (8 doubles, 16 floats) the table is a byte table for one tbl instruction (vqtbl1q-4q),
 * indexed by each lane's byte offsets; larger tables are read with one load per lane into the
 * register (ld1 to a lane: NEON's gather, two for doubles), the way ARM's optimized-routines
 * read theirs. */
static inline uint8x16_t vm_neon_table_bytes(const void *t, uint8x16_t bytes, int size) {
    const uint8_t *b = (const uint8_t *)t;
    if (size <= 16) return vqtbl1q_u8(vld1q_u8(b), bytes);
    if (size <= 32) return vqtbl2q_u8(vld1q_u8_x2(b), bytes);
    if (size <= 48) return vqtbl3q_u8(vld1q_u8_x3(b), bytes);
    return vqtbl4q_u8(vld1q_u8_x4(b), bytes);
}
static inline uint64x2_t vm_neon_lookup64(const uint64_t *t, vdi idx, int n) {
    vdi i = vandq_u64(idx, vdupq_n_u64((uint64_t)(n - 1)));
    if (n <= 8) {
        /* byte k of lane j reads byte 8 i_j + k: i_j * 8 broadcast to the lane's bytes, plus k */
        static const uint8_t spread[16] = {0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8};
        static const uint8_t offset[16] = {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7};
        uint8x16_t base = vqtbl1q_u8(vreinterpretq_u8_u64(vshlq_n_u64(i, 3)), vld1q_u8(spread));
        return vreinterpretq_u64_u8(vm_neon_table_bytes(t, vaddq_u8(base, vld1q_u8(offset)), 8 * n));
    }
    uint64x2_t r = vld1q_dup_u64(t + vgetq_lane_u64(i, 0));
    return vld1q_lane_u64(t + vgetq_lane_u64(i, 1), r, 1);
}
static inline vd vd_lookup(const double *t, vdi idx, int n) {
    return vreinterpretq_f64_u64(vm_neon_lookup64((const uint64_t *)t, idx, n));
}
static inline vdi vdi_lookup(const uint64_t *t, vdi idx, int n) { return vm_neon_lookup64(t, idx, n); }

/* ---- float, VD_W lanes, for float32 kernels computed in double ---- */
static inline vfh vfh_load(const float *p) { return vld1_f32(p); }
static inline void vfh_store(float *p, vfh a) { vst1_f32(p, a); }
static inline vd vd_from_vfh(vfh a) { return vcvt_f64_f32(a); }
static inline vfh vfh_from_vd(vd a) { return vcvt_f32_f64(a); }
/* the low and high VD_W floats of a vf, and a vf from them (vm_simd.h: VM_HAS_VF_HALVES) */
#define VM_HAS_VF_HALVES 1
static inline vfh vf_lo(float32x4_t a) { return vget_low_f32(a); }
static inline vfh vf_hi(float32x4_t a) { return vget_high_f32(a); }
static inline float32x4_t vf_from_halves(vfh lo, vfh hi) { return vcombine_f32(lo, hi); }

/* ---- float, VF_W lanes ---- */
static inline vf vf_set(float a) { return vdupq_n_f32(a); }
static inline vf vf_load(const float *p) { return vld1q_f32(p); }
static inline void vf_store(float *p, vf a) { vst1q_f32(p, a); }
static inline vf vf_add(vf a, vf b) { return vaddq_f32(a, b); }
static inline vf vf_sub(vf a, vf b) { return vsubq_f32(a, b); }
static inline vf vf_mul(vf a, vf b) { return vmulq_f32(a, b); }
static inline vf vf_div(vf a, vf b) { return vdivq_f32(a, b); }
static inline vf vf_fma(vf a, vf b, vf c) { return vfmaq_f32(c, a, b); }
static inline vf vf_fnma(vf a, vf b, vf c) { return vfmsq_f32(c, a, b); }
static inline vfm vf_lt(vf a, vf b) { return vcltq_f32(a, b); }
static inline vfm vf_le(vf a, vf b) { return vcleq_f32(a, b); }
static inline vfm vf_gt(vf a, vf b) { return vcgtq_f32(a, b); }
static inline vfm vf_ge(vf a, vf b) { return vcgeq_f32(a, b); }
static inline vf vf_min(vf a, vf b) { return vbslq_f32(vcltq_f32(a, b), a, b); } /* b if NaN */
static inline vf vf_max(vf a, vf b) { return vbslq_f32(vcgtq_f32(a, b), a, b); } /* b if NaN */
static inline vfm vfm_and(vfm a, vfm b) { return vandq_u32(a, b); }
static inline vfm vfm_not(vfm a) { return vmvnq_u32(a); }
static inline vfm vfm_or(vfm a, vfm b) { return vorrq_u32(a, b); }
static inline vfm vf_ne(vf a, vf b) { return vmvnq_u32(vceqq_f32(a, b)); } /* unordered: NaN is != */
static inline unsigned vfm_bits(vfm a) {
    static const uint32_t lane_bit[4] = {1, 2, 4, 8};
    return vaddvq_u32(vandq_u32(a, vld1q_u32(lane_bit)));
}
static inline vf vf_select(vfm m, vf a, vf b) { return vbslq_f32(m, a, b); }
static inline vfi vf_bits(vf a) { return vreinterpretq_u32_f32(a); }
static inline vf vf_from_bits(vfi a) { return vreinterpretq_f32_u32(a); }
static inline vfi vfi_set(int32_t a) { return vdupq_n_u32((uint32_t)a); }
static inline vfi vfi_add(vfi a, vfi b) { return vaddq_u32(a, b); }
static inline vfi vfi_sub(vfi a, vfi b) { return vsubq_u32(a, b); }
static inline vfi vfi_and(vfi a, vfi b) { return vandq_u32(a, b); }
static inline vfi vfi_or(vfi a, vfi b) { return vorrq_u32(a, b); }
static inline vfi vfi_xor(vfi a, vfi b) { return veorq_u32(a, b); }
#define vfi_shl(a, n) vshlq_n_u32((a), (n))
#define vfi_shr(a, n) vshrq_n_u32((a), (n))
#define vfi_sra(a, n) vreinterpretq_u32_s32(vshrq_n_s32(vreinterpretq_s32_u32(a), (n)))
static inline vfi vfi_minu(vfi a, vfi b) { return vminq_u32(a, b); } /* unsigned */
static inline vfi vfi_max(vfi a, vfi b) {                           /* signed */
    return vreinterpretq_u32_s32(vmaxq_s32(vreinterpretq_s32_u32(a), vreinterpretq_s32_u32(b)));
}
static inline vfi vfi_select(vfm m, vfi a, vfi b) { return vbslq_u32(m, a, b); }
static inline vf vf_from_vfi(vfi a) { return vcvtq_f32_s32(vreinterpretq_s32_u32(a)); }
static inline vfi vfi_lookup(const uint32_t *t, vfi idx, int n) {
    vfi i = vandq_u32(idx, vdupq_n_u32((uint32_t)(n - 1)));
    if (n <= 16) {
        static const uint8_t spread[16] = {0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12};
        static const uint8_t offset[16] = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};
        uint8x16_t base = vqtbl1q_u8(vreinterpretq_u8_u32(vshlq_n_u32(i, 2)), vld1q_u8(spread));
        return vreinterpretq_u32_u8(vm_neon_table_bytes(t, vaddq_u8(base, vld1q_u8(offset)), 4 * n));
    }
    uint32x4_t r = vld1q_dup_u32(t + vgetq_lane_u32(i, 0));
    r = vld1q_lane_u32(t + vgetq_lane_u32(i, 1), r, 1);
    r = vld1q_lane_u32(t + vgetq_lane_u32(i, 2), r, 2);
    return vld1q_lane_u32(t + vgetq_lane_u32(i, 3), r, 3);
}
static inline vf vf_lookup(const float *t, vfi idx, int n) {
    return vreinterpretq_f32_u32(vfi_lookup((const uint32_t *)t, idx, n));
}
/* lane 0 of a float vector (vm_simd.h's generic one goes through memory) */
#define VM_HAS_VF_FIRST 1
static inline float vf_first(vf a) { return vgetq_lane_f32(a, 0); }

/* AArch64 SVE implementation of the vector layer at one fixed vector length, VM_SVE_BITS
 * (-msve-vector-bits=N: 256 for Graviton3-class cores, 512 for A64FX): N/64 doubles, N/32
 * floats.  Fixed-length types (arm_sve_vector_bits) keep the layer's contract of a compile-time
 * width (VD_W, the fix-ups' arrays, the array kernels' tails); one build per length, chosen at
 * run time by the CPU's vector length (dispatch.c).  On 128-bit SVE cores (Graviton4, Grace)
 * the NEON build runs: the same width, and no build is needed for it.
 *
 * Every operation runs on all lanes (svptrue); x86 semantics where IEEE leaves a choice, as in
 * vm_simd_neon.h: min/max give their second operand when either is NaN, conversions round to
 * nearest, comparisons are ordered except vd_ne and vf_ne.  Predicates of float64 and float32 lanes are
 * both svbool_t: vdm only with vd/vdi, vfm only with vf/vfi. */
#include <arm_sve.h>
#if !defined(__ARM_FEATURE_SVE_BITS)
#error "the SVE layer needs its path's flags (-msve-vector-bits: csrc/isa_list.h, compiled by setup.py)"
#endif

#define VM_SVE_BITS __ARM_FEATURE_SVE_BITS
#define VM_SVE_FIXED __attribute__((arm_sve_vector_bits(VM_SVE_BITS)))
#define VD_W (VM_SVE_BITS / 64)
#define VF_W (VM_SVE_BITS / 32)
typedef svfloat64_t vd VM_SVE_FIXED;
typedef svuint64_t vdi VM_SVE_FIXED;
typedef svbool_t vdm VM_SVE_FIXED;
typedef svfloat32_t vfh VM_SVE_FIXED; /* VD_W floats in the low lanes */
typedef svfloat32_t vf VM_SVE_FIXED;
typedef svuint32_t vfi VM_SVE_FIXED;
typedef svbool_t vfm VM_SVE_FIXED;
#define VM_ALL64 svptrue_b64()
#define VM_ALL32 svptrue_b32()

/* ---- double ---- */
static inline vd vd_set(double a) { return svdup_n_f64(a); }
static inline vd vd_load(const double *p) { return svld1_f64(VM_ALL64, p); }
static inline void vd_store(double *p, vd a) { svst1_f64(VM_ALL64, p, a); }
static inline double vd_first(vd a) { return svlasta_f64(svpfalse_b(), a); } /* lane 0 */
static inline vd vd_add(vd a, vd b) { return svadd_f64_x(VM_ALL64, a, b); }
static inline vd vd_sub(vd a, vd b) { return svsub_f64_x(VM_ALL64, a, b); }
static inline vd vd_mul(vd a, vd b) { return svmul_f64_x(VM_ALL64, a, b); }
static inline vd vd_div(vd a, vd b) { return svdiv_f64_x(VM_ALL64, a, b); }
static inline vd vd_fma(vd a, vd b, vd c) { return svmla_f64_x(VM_ALL64, c, a, b); }  /* a*b + c */
static inline vd vd_fnma(vd a, vd b, vd c) { return svmls_f64_x(VM_ALL64, c, a, b); } /* c - a*b */
static inline vdm vd_lt(vd a, vd b) { return svcmplt_f64(VM_ALL64, a, b); }
static inline vdm vd_le(vd a, vd b) { return svcmple_f64(VM_ALL64, a, b); }
static inline vdm vd_gt(vd a, vd b) { return svcmpgt_f64(VM_ALL64, a, b); }
static inline vdm vd_ge(vd a, vd b) { return svcmpge_f64(VM_ALL64, a, b); }
static inline vd vd_min(vd a, vd b) { return svsel_f64(svcmplt_f64(VM_ALL64, a, b), a, b); } /* b if NaN */
static inline vd vd_max(vd a, vd b) { return svsel_f64(svcmpgt_f64(VM_ALL64, a, b), a, b); } /* b if NaN */
static inline vdm vdm_not(vdm a) { return svnot_b_z(VM_ALL64, a); }
static inline vdm vd_ne(vd a, vd b) { return vdm_not(svcmpeq_f64(VM_ALL64, a, b)); } /* NaN is != */
static inline vdm vdm_or(vdm a, vdm b) { return svorr_b_z(VM_ALL64, a, b); }
static inline vdm vdm_and(vdm a, vdm b) { return svand_b_z(VM_ALL64, a, b); }
/* lane j's predicate as bit j: the OR over the active lanes of 1 << j */
static inline unsigned vdm_bits(vdm a) {
    return (unsigned)svorv_u64(a, svlsl_u64_x(VM_ALL64, svdup_n_u64(1), svindex_u64(0, 1)));
}
static inline vd vd_select(vdm m, vd a, vd b) { return svsel_f64(m, a, b); }
static inline vdi vd_bits(vd a) { return svreinterpret_u64_f64(a); }
static inline vd vd_from_bits(vdi a) { return svreinterpret_f64_u64(a); }
static inline vdi vdi_set(int64_t a) { return svdup_n_u64((uint64_t)a); }
static inline vdi vdi_add(vdi a, vdi b) { return svadd_u64_x(VM_ALL64, a, b); }
static inline vdi vdi_sub(vdi a, vdi b) { return svsub_u64_x(VM_ALL64, a, b); }
static inline vdi vdi_and(vdi a, vdi b) { return svand_u64_x(VM_ALL64, a, b); }
static inline vdi vdi_or(vdi a, vdi b) { return svorr_u64_x(VM_ALL64, a, b); }
static inline vdi vdi_xor(vdi a, vdi b) { return sveor_u64_x(VM_ALL64, a, b); }
#define vdi_shl(a, n) svlsl_n_u64_x(VM_ALL64, (a), (n))
#define vdi_shr(a, n) svlsr_n_u64_x(VM_ALL64, (a), (n))
static inline vdm vdi_eq(vdi a, vdi b) { return svcmpeq_u64(VM_ALL64, a, b); }
static inline vdm vdi_none(vdi a, vdi m) { return svcmpeq_n_u64(VM_ALL64, vdi_and(a, m), 0); } /* (a & m) == 0 */
static inline vdi vdi_select(vdm m, vdi a, vdi b) { return svsel_u64(m, a, b); }
/* Table lookups (the contract: vm_simd.h): entry idx mod n of t, n a power of two.  A table
 * that fits one register is one tbl; a larger one is one gather (SVE's own). */
static inline vdi vdi_lookup(const uint64_t *t, vdi idx, int n) {
    vdi i = vdi_and(idx, vdi_set(n - 1));
    if (n <= VD_W) return svtbl_u64(svld1_u64(svwhilelt_b64(0, n), t), i);
    return svld1_gather_u64index_u64(VM_ALL64, t, i);
}
static inline vd vd_lookup(const double *t, vdi idx, int n) {
    return svreinterpret_f64_u64(vdi_lookup((const uint64_t *)t, idx, n));
}

/* ---- float, VD_W lanes (the low lanes of a float vector), for float32 kernels in double ---- */
static inline vfh vfh_load(const float *p) { return svld1_f32(svwhilelt_b32(0, VD_W), p); }
static inline void vfh_store(float *p, vfh a) { svst1_f32(svwhilelt_b32(0, VD_W), p, a); }
/* float lane j to double lane j: the conversion reads the even float lanes, so spread first */
static inline vd vd_from_vfh(vfh a) { return svcvt_f64_f32_x(VM_ALL64, svzip1_f32(a, a)); }
static inline vfh vfh_from_vd(vd a) {
    vf r = svcvt_f32_f64_x(VM_ALL64, a); /* into the even float lanes */
    return svuzp1_f32(r, r);
}

/* ---- float, VF_W lanes ---- */
static inline vf vf_set(float a) { return svdup_n_f32(a); }
static inline vf vf_load(const float *p) { return svld1_f32(VM_ALL32, p); }
static inline void vf_store(float *p, vf a) { svst1_f32(VM_ALL32, p, a); }
static inline vf vf_add(vf a, vf b) { return svadd_f32_x(VM_ALL32, a, b); }
static inline vf vf_sub(vf a, vf b) { return svsub_f32_x(VM_ALL32, a, b); }
static inline vf vf_mul(vf a, vf b) { return svmul_f32_x(VM_ALL32, a, b); }
static inline vf vf_div(vf a, vf b) { return svdiv_f32_x(VM_ALL32, a, b); }
static inline vf vf_fma(vf a, vf b, vf c) { return svmla_f32_x(VM_ALL32, c, a, b); }
static inline vf vf_fnma(vf a, vf b, vf c) { return svmls_f32_x(VM_ALL32, c, a, b); }
static inline vfm vf_lt(vf a, vf b) { return svcmplt_f32(VM_ALL32, a, b); }
static inline vfm vf_le(vf a, vf b) { return svcmple_f32(VM_ALL32, a, b); }
static inline vfm vf_gt(vf a, vf b) { return svcmpgt_f32(VM_ALL32, a, b); }
static inline vfm vf_ge(vf a, vf b) { return svcmpge_f32(VM_ALL32, a, b); }
static inline vf vf_min(vf a, vf b) { return svsel_f32(svcmplt_f32(VM_ALL32, a, b), a, b); } /* b if NaN */
static inline vf vf_max(vf a, vf b) { return svsel_f32(svcmpgt_f32(VM_ALL32, a, b), a, b); } /* b if NaN */
static inline vfm vfm_and(vfm a, vfm b) { return svand_b_z(VM_ALL32, a, b); }
static inline vfm vfm_not(vfm a) { return svnot_b_z(VM_ALL32, a); }
static inline vfm vfm_or(vfm a, vfm b) { return svorr_b_z(VM_ALL32, a, b); }
static inline vfm vf_ne(vf a, vf b) { return svnot_b_z(VM_ALL32, svcmpeq_f32(VM_ALL32, a, b)); } /* NaN is != */
static inline unsigned vfm_bits(vfm a) {
    return (unsigned)svorv_u32(a, svlsl_u32_x(VM_ALL32, svdup_n_u32(1), svindex_u32(0, 1)));
}
static inline vf vf_select(vfm m, vf a, vf b) { return svsel_f32(m, a, b); }
static inline vfi vf_bits(vf a) { return svreinterpret_u32_f32(a); }
static inline vf vf_from_bits(vfi a) { return svreinterpret_f32_u32(a); }
static inline vfi vfi_set(int32_t a) { return svdup_n_u32((uint32_t)a); }
static inline vfi vfi_add(vfi a, vfi b) { return svadd_u32_x(VM_ALL32, a, b); }
static inline vfi vfi_sub(vfi a, vfi b) { return svsub_u32_x(VM_ALL32, a, b); }
static inline vfi vfi_and(vfi a, vfi b) { return svand_u32_x(VM_ALL32, a, b); }
static inline vfi vfi_or(vfi a, vfi b) { return svorr_u32_x(VM_ALL32, a, b); }
static inline vfi vfi_xor(vfi a, vfi b) { return sveor_u32_x(VM_ALL32, a, b); }
#define vfi_shl(a, n) svlsl_n_u32_x(VM_ALL32, (a), (n))
#define vfi_shr(a, n) svlsr_n_u32_x(VM_ALL32, (a), (n))
#define vfi_sra(a, n) svreinterpret_u32_s32(svasr_n_s32_x(VM_ALL32, svreinterpret_s32_u32(a), (n)))
static inline vfi vfi_minu(vfi a, vfi b) { return svmin_u32_x(VM_ALL32, a, b); } /* unsigned */
static inline vfi vfi_max(vfi a, vfi b) {                                        /* signed */
    return svreinterpret_u32_s32(svmax_s32_x(VM_ALL32, svreinterpret_s32_u32(a), svreinterpret_s32_u32(b)));
}
static inline vfi vfi_select(vfm m, vfi a, vfi b) { return svsel_u32(m, a, b); }
static inline vf vf_from_vfi(vfi a) { return svcvt_f32_s32_x(VM_ALL32, svreinterpret_s32_u32(a)); }
static inline vfi vfi_lookup(const uint32_t *t, vfi idx, int n) {
    vfi i = vfi_and(idx, vfi_set(n - 1));
    if (n <= VF_W) return svtbl_u32(svld1_u32(svwhilelt_b32(0, n), t), i);
    return svld1_gather_u32index_u32(VM_ALL32, t, i);
}
static inline vf vf_lookup(const float *t, vfi idx, int n) {
    return svreinterpret_f32_u32(vfi_lookup((const uint32_t *)t, idx, n));
}
#define VM_HAS_VF_FIRST 1
static inline float vf_first(vf a) { return svlasta_f32(svpfalse_b(), a); }

/* What every one-lane backend of the vector layer shares (the portable scalar path and CUDA,
 * one lane per thread): types, comparisons, masks, selects, integer operations, lookups and
 * loads.  The backends add the floating-point arithmetic, bit casts and conversions. */
#ifndef VM_SIMD_LANE_H
#define VM_SIMD_LANE_H
#define VD_W 1
#define VF_W 1
typedef double vd;
typedef uint64_t vdi;
typedef int vdm;
typedef float vfh;
typedef float vf;
typedef uint32_t vfi;
typedef int vfm;

static inline vd vd_set(double a) { return a; }
static inline vd vd_load(const double *p) { return *p; }
static inline void vd_store(double *p, vd a) { *p = a; }
static inline double vd_first(vd a) { return a; }
static inline vdm vd_lt(vd a, vd b) { return a < b; }
static inline vdm vd_le(vd a, vd b) { return a <= b; }
static inline vdm vd_gt(vd a, vd b) { return a > b; }
static inline vdm vd_ge(vd a, vd b) { return a >= b; }
static inline vd vd_min(vd a, vd b) { return a < b ? a : b; } /* as x86 minpd: b if NaN */
static inline vd vd_max(vd a, vd b) { return a > b ? a : b; } /* as x86 maxpd: b if NaN */
static inline vdm vd_ne(vd a, vd b) { return a != b; }
static inline vdm vdm_or(vdm a, vdm b) { return a | b; }
static inline vdm vdm_and(vdm a, vdm b) { return a & b; }
static inline vdm vdm_not(vdm a) { return !a; }
static inline unsigned vdm_bits(vdm a) { return (unsigned)a; }
static inline vd vd_select(vdm m, vd a, vd b) { return m ? a : b; }
static inline vdi vdi_set(int64_t a) { return (vdi)a; }
static inline vdi vdi_add(vdi a, vdi b) { return a + b; }
static inline vdi vdi_sub(vdi a, vdi b) { return a - b; }
static inline vdi vdi_and(vdi a, vdi b) { return a & b; }
static inline vdi vdi_or(vdi a, vdi b) { return a | b; }
static inline vdi vdi_xor(vdi a, vdi b) { return a ^ b; }
#define vdi_shl(a, n) ((vdi)(a) << (n))
#define vdi_shr(a, n) ((vdi)(a) >> (n))
static inline vdm vdi_eq(vdi a, vdi b) { return a == b; }
static inline vdm vdi_none(vdi a, vdi m) { return (a & m) == 0; }
static inline vdi vdi_select(vdm m, vdi a, vdi b) { return m ? a : b; }
static inline vd vd_lookup(const double *t, vdi idx, int n) { return t[idx & (vdi)(n - 1)]; }
static inline vdi vdi_lookup(const uint64_t *t, vdi idx, int n) { return t[idx & (vdi)(n - 1)]; }
static inline vfh vfh_load(const float *p) { return *p; }
static inline void vfh_store(float *p, vfh a) { *p = a; }
static inline vd vd_from_vfh(vfh a) { return (double)a; }
static inline vf vf_set(float a) { return a; }
static inline vf vf_load(const float *p) { return *p; }
static inline void vf_store(float *p, vf a) { *p = a; }
static inline vfm vf_lt(vf a, vf b) { return a < b; }
static inline vfm vf_le(vf a, vf b) { return a <= b; }
static inline vfm vf_gt(vf a, vf b) { return a > b; }
static inline vfm vf_ge(vf a, vf b) { return a >= b; }
static inline vf vf_min(vf a, vf b) { return a < b ? a : b; } /* as x86 minps: b if NaN */
static inline vf vf_max(vf a, vf b) { return a > b ? a : b; } /* as x86 maxps: b if NaN */
static inline vfm vfm_and(vfm a, vfm b) { return a & b; }
static inline vfm vfm_or(vfm a, vfm b) { return a | b; }
static inline vfm vf_ne(vf a, vf b) { return a != b; }
static inline vfm vfm_not(vfm a) { return !a; }
static inline unsigned vfm_bits(vfm a) { return (unsigned)a; }
static inline vf vf_select(vfm m, vf a, vf b) { return m ? a : b; }
static inline vfi vfi_set(int32_t a) { return (vfi)a; }
static inline vfi vfi_add(vfi a, vfi b) { return a + b; }
static inline vfi vfi_sub(vfi a, vfi b) { return a - b; }
static inline vfi vfi_and(vfi a, vfi b) { return a & b; }
static inline vfi vfi_or(vfi a, vfi b) { return a | b; }
static inline vfi vfi_xor(vfi a, vfi b) { return a ^ b; }
#define vfi_shl(a, n) ((vfi)(a) << (n))
#define vfi_shr(a, n) ((vfi)(a) >> (n))
#define vfi_sra(a, n) ((vfi)((int32_t)(a) >> (n)))
static inline vfi vfi_minu(vfi a, vfi b) { return a < b ? a : b; } /* unsigned */
static inline vfi vfi_max(vfi a, vfi b) { return (int32_t)a > (int32_t)b ? a : b; } /* signed */
static inline vfi vfi_select(vfm m, vfi a, vfi b) { return m ? a : b; }
static inline vfi vfi_lookup(const uint32_t *t, vfi idx, int n) { return t[idx & (vfi)(n - 1)]; }
static inline vf vf_lookup(const float *t, vfi idx, int n) { return t[idx & (vfi)(n - 1)]; }

#endif

/* CUDA implementation of the vector layer: one lane per thread.  Every floating-point operation
 * is an explicitly rounded intrinsic (__dadd_rn, __fmul_rn, __fma_rn, ...): NVVM and ptxas may
 * contract a plain a*b + c into an FMA, but never an intrinsic, so the device code performs the
 * same operations, in the same order, as the CPU paths and gives the same bits.  Compiled by
 * NVRTC with -default-device (vecmath/cuda/_build.py); tables live in global memory. */
#define VD_W 1
#define VF_W 1
typedef double vd;
typedef uint64_t vdi;
typedef int vdm;
typedef float vfh;
typedef float vf;
typedef uint32_t vfi;
typedef int vfm;

/* ---- double ---- */
static inline vd vd_set(double a) { return a; }
static inline double vd_first(vd a) { return a; }
static inline vd vd_add(vd a, vd b) { return __dadd_rn(a, b); }
static inline vd vd_sub(vd a, vd b) { return __dsub_rn(a, b); }
static inline vd vd_mul(vd a, vd b) { return __dmul_rn(a, b); }
static inline vd vd_div(vd a, vd b) { return __ddiv_rn(a, b); }
static inline vd vd_fma(vd a, vd b, vd c) { return __fma_rn(a, b, c); }
static inline vd vd_fnma(vd a, vd b, vd c) { return __fma_rn(-a, b, c); }
static inline vdm vd_lt(vd a, vd b) { return a < b; }
static inline vdm vd_le(vd a, vd b) { return a <= b; }
static inline vdm vd_gt(vd a, vd b) { return a > b; }
static inline vdm vd_ge(vd a, vd b) { return a >= b; }
static inline vdm vd_ne(vd a, vd b) { return a != b; }
static inline vdm vdm_or(vdm a, vdm b) { return a | b; }
static inline vdm vdm_and(vdm a, vdm b) { return a & b; }
static inline vdm vdm_not(vdm a) { return !a; }
static inline unsigned vdm_bits(vdm a) { return (unsigned)a; }
static inline vd vd_select(vdm m, vd a, vd b) { return m ? a : b; }
static inline vdi vd_bits(vd a) { return (vdi)__double_as_longlong(a); }
static inline vd vd_from_bits(vdi a) { return __longlong_as_double((long long)a); }
static inline vdi vdi_set(int64_t a) { return (vdi)a; }
static inline vdi vdi_add(vdi a, vdi b) { return a + b; }
static inline vdi vdi_sub(vdi a, vdi b) { return a - b; }
static inline vdi vdi_and(vdi a, vdi b) { return a & b; }
static inline vdi vdi_or(vdi a, vdi b) { return a | b; }
static inline vdi vdi_xor(vdi a, vdi b) { return a ^ b; }
#define vdi_shl(a, n) ((vdi)(a) << (n))
#define vdi_shr(a, n) ((vdi)(a) >> (n))
static inline vdm vdi_eq(vdi a, vdi b) { return a == b; }
static inline vdm vdi_gt(vdi a, vdi b) { return (int64_t)a > (int64_t)b; }
static inline vdi vdi_select(vdm m, vdi a, vdi b) { return m ? a : b; }
static inline vd vd_lookup(const double *t, vdi idx, int n) { (void)n; return t[idx]; }
static inline vdi vdi_lookup(const uint64_t *t, vdi idx, int n) { (void)n; return t[idx]; }

/* ---- float, computed in double (vfh) or in float (vf) ---- */
static inline vd vd_from_vfh(vfh a) { return (double)a; }
static inline vfh vfh_from_vd(vd a) { return __double2float_rn(a); }
static inline vf vf_set(float a) { return a; }
static inline vf vf_add(vf a, vf b) { return __fadd_rn(a, b); }
static inline vf vf_sub(vf a, vf b) { return __fsub_rn(a, b); }
static inline vf vf_mul(vf a, vf b) { return __fmul_rn(a, b); }
static inline vf vf_div(vf a, vf b) { return __fdiv_rn(a, b); }
static inline vf vf_fma(vf a, vf b, vf c) { return __fmaf_rn(a, b, c); }
static inline vf vf_fnma(vf a, vf b, vf c) { return __fmaf_rn(-a, b, c); }
static inline vfm vf_lt(vf a, vf b) { return a < b; }
static inline vfm vf_le(vf a, vf b) { return a <= b; }
static inline vfm vf_gt(vf a, vf b) { return a > b; }
static inline vfm vf_ge(vf a, vf b) { return a >= b; }
static inline vfm vfm_and(vfm a, vfm b) { return a & b; }
static inline vfm vfm_not(vfm a) { return !a; }
static inline unsigned vfm_bits(vfm a) { return (unsigned)a; }
static inline vf vf_select(vfm m, vf a, vf b) { return m ? a : b; }
static inline vfi vf_bits(vf a) { return (vfi)__float_as_uint(a); }
static inline vf vf_from_bits(vfi a) { return __uint_as_float(a); }
static inline vfi vfi_set(int32_t a) { return (vfi)a; }
static inline vfi vfi_add(vfi a, vfi b) { return a + b; }
static inline vfi vfi_sub(vfi a, vfi b) { return a - b; }
static inline vfi vfi_and(vfi a, vfi b) { return a & b; }
static inline vfi vfi_or(vfi a, vfi b) { return a | b; }
static inline vfi vfi_xor(vfi a, vfi b) { return a ^ b; }
#define vfi_shl(a, n) ((vfi)(a) << (n))
#define vfi_shr(a, n) ((vfi)(a) >> (n))
#define vfi_sra(a, n) ((vfi)((int32_t)(a) >> (n)))
static inline vfm vfi_gt(vfi a, vfi b) { return (int32_t)a > (int32_t)b; }
static inline vfi vfi_minu(vfi a, vfi b) { return a < b ? a : b; } /* unsigned */
static inline vfi vfi_select(vfm m, vfi a, vfi b) { return m ? a : b; }
static inline vf vf_from_vfi(vfi a) { return __int2float_rn((int32_t)a); }
static inline vfi vfi_lookup(const uint32_t *t, vfi idx, int n) { (void)n; return t[idx]; }
static inline vf vf_lookup(const float *t, vfi idx, int n) { (void)n; return t[idx]; }

/* one lane: the array helpers of vm_simd.h see a pointer to it */
static inline vd vd_load(const double *p) { return *p; }
static inline void vd_store(double *p, vd a) { *p = a; }
static inline vfh vfh_load(const float *p) { return *p; }
static inline void vfh_store(float *p, vfh a) { *p = a; }
static inline vf vf_load(const float *p) { return *p; }
static inline void vf_store(float *p, vf a) { *p = a; }

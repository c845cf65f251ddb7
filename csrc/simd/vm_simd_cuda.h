/* CUDA implementation of the vector layer: one lane per thread.  Every floating-point operation
 * is an explicitly rounded intrinsic (__dadd_rn, __fmul_rn, __fma_rn, ...): NVVM and ptxas may
 * contract a plain a*b + c into an FMA, but never an intrinsic, so the device code performs the
 * same operations, in the same order, as the CPU paths and gives the same bits.  Compiled by
 * NVRTC with -default-device (vecmath/cuda/_build.py); tables live in global memory. */
#include "vm_simd_lane.h"

static inline vd vd_add(vd a, vd b) { return __dadd_rn(a, b); }
static inline vd vd_sub(vd a, vd b) { return __dsub_rn(a, b); }
static inline vd vd_mul(vd a, vd b) { return __dmul_rn(a, b); }
static inline vd vd_div(vd a, vd b) { return __ddiv_rn(a, b); }
static inline vd vd_fma(vd a, vd b, vd c) { return __fma_rn(a, b, c); }
static inline vd vd_fnma(vd a, vd b, vd c) { return __fma_rn(-a, b, c); }
static inline vdi vd_bits(vd a) { return (vdi)__double_as_longlong(a); }
static inline vd vd_from_bits(vdi a) { return __longlong_as_double((long long)a); }
static inline vfh vfh_from_vd(vd a) { return __double2float_rn(a); }
static inline vf vf_add(vf a, vf b) { return __fadd_rn(a, b); }
static inline vf vf_sub(vf a, vf b) { return __fsub_rn(a, b); }
static inline vf vf_mul(vf a, vf b) { return __fmul_rn(a, b); }
static inline vf vf_div(vf a, vf b) { return __fdiv_rn(a, b); }
static inline vf vf_fma(vf a, vf b, vf c) { return __fmaf_rn(a, b, c); }
static inline vf vf_fnma(vf a, vf b, vf c) { return __fmaf_rn(-a, b, c); }
static inline vfi vf_bits(vf a) { return (vfi)__float_as_uint(a); }
static inline vf vf_from_bits(vfi a) { return __uint_as_float(a); }
static inline vf vf_from_vfi(vfi a) { return __int2float_rn((int32_t)a); }

/* The scalar special routines' arithmetic (VM_FADD & co., vm_simd.h): the same intrinsics, by
 * type; two values of different types do not compile (no silent conversion). */
static inline double vm_cuda_add(double a, double b) { return __dadd_rn(a, b); }
static inline double vm_cuda_sub(double a, double b) { return __dsub_rn(a, b); }
static inline double vm_cuda_mul(double a, double b) { return __dmul_rn(a, b); }
static inline double vm_cuda_div(double a, double b) { return __ddiv_rn(a, b); }
static inline float vm_cuda_add(float a, float b) { return __fadd_rn(a, b); }
static inline float vm_cuda_sub(float a, float b) { return __fsub_rn(a, b); }
static inline float vm_cuda_mul(float a, float b) { return __fmul_rn(a, b); }
static inline float vm_cuda_div(float a, float b) { return __fdiv_rn(a, b); }
/* nextafterf(x, y) for x and y not NaN, on the bits: the neighbour of x towards y (y if equal;
 * from +-0 the smallest subnormal of y's sign) */
static inline float vm_cuda_nextafterf(float x, float y) {
    uint32_t b = __float_as_uint(x);
    if (x == y) return y;
    if ((b & 0x7fffffffu) == 0) return __uint_as_float((__float_as_uint(y) & 0x80000000u) | 1u);
    return __uint_as_float((x < y) == (x > 0.0f) ? b + 1u : b - 1u);
}

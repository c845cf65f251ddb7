/* sigmoid'(x) = s(x) (1 - s(x)) = e / (1 + e)^2 with e = exp(-|x|) (even in x).
 *
 * The e form has no cancellation (its condition number in e is (1 - e)/(1 + e) < 1), so the
 * derivative keeps full relative accuracy in both tails, where s (1 - s) collapses to 0 once s
 * rounds to 1 (x > 37.4 in float64).  e comes from the tier's exp core, as the value's.
 *   accurate float64  (1/D) (e/D) from two double-double quotients (sigmoid_quot_dd): e's
 *                     2^-58.3 relative + 2^-100 + the final rounding: ~0.53 ULP
 *   float32 accurate  in double, e from exp_f32_first_core, e/(D D) rounded once: 0.5 + 2^-13
 *     and fast        ULP (beyond |x| > 87: exp(-|x|) in double, rounded once)
 *   fast float64      e/(D D) on exp_f64_fast_core: e's 0.64 ULP, D's rounding twice and
 *                     D D's and the quotient's: < 2.64 units of 2^-53 relative, so < 5.3 ULP
 *                     (within fast's 8; measured 3.02: docs/ad.md)
 *   approx            the same on the tier's exp core (float arithmetic for float32)
 *   tails             |x| beyond the value's clamp: s' = e (1 - 2e + ..) = exp(-|x|) to far
 *                     below an ulp: the tier's exp of -|x| (approx may flush)
 * sigmoid' reports no flags, as sigmoid.  NaN lanes are x's NaN quieted (x + x, sign kept),
 * selected at the end.  From the saved output (reverse mode): y (1 - y), the same in every
 * tier (at the end). */

#include "exp_core.h"

/* accurate float64: u = 1/D and v = e/D as double-doubles, their product rounded once */
static inline vd sigmoid_f64_accurate_deriv_vec(vd x, int *st) {
    (void)st;
    vd a = vd_abs(x), scale, el, ul, vl;
    vd ac = vd_min(a, vd_set(SIG_LIM.f64_clamp));
    vd tmp = exp_f64_accurate_core(vd_neg(ac), &scale);
    vd eh = exp_f64_split(scale, tmp, &el);
    vd uh = sigmoid_quot_dd(vd_lt(a, vd_set(-1.0)), eh, el, &ul); /* no lane: n = 1 */
    vd vh = sigmoid_quot_dd(vd_ge(a, vd_set(-1.0)), eh, el, &vl); /* every lane but NaN: n = e */
    vd dy = vd_fma(uh, vh, vd_fma(uh, vl, vd_mul(ul, vh)));
    vdm tail = vdm_not(vd_le(a, vd_set(SIG_LIM.f64_clamp)));
    if (VM_RARE(vdm_bits(tail))) {
        int ignored = 0;
        dy = vd_select(tail, exp_f64_accurate_vec(vd_neg(a), &ignored), dy);
    }
    return sigmoid_nan_f64(x, dy);
}

/* fast and approx float64: e/(D D) on the tier's exp core, a clamped; tails: the tier's exp */
#define SIGMOID_DERIV_F64(tier)                                                             \
    static inline vd sigmoid_f64_##tier##_deriv_vec(vd x, int *st) {                       \
        (void)st;                                                                           \
        vd a = vd_abs(x), scale;                                                            \
        vd tmp = exp_f64_##tier##_core(vd_neg(vd_min(a, vd_set(SIG_LIM.f64_clamp))), &scale); \
        vd e = vd_fma(scale, tmp, scale);                                                   \
        vd d = vd_add(vd_set(1.0), e);                                                      \
        vd dy = vd_div(e, vd_mul(d, d));                                                    \
        vdm tail = vdm_not(vd_le(a, vd_set(SIG_LIM.f64_clamp)));                            \
        if (VM_RARE(vdm_bits(tail))) {                                                      \
            int ignored = 0;                                                                \
            dy = vd_select(tail, exp_f64_##tier##_vec(vd_neg(a), &ignored), dy);            \
        }                                                                                   \
        return sigmoid_nan_f64(x, dy);                                                      \
    }
SIGMOID_DERIV_F64(fast)   /* sigmoid_f64_fast_deriv_vec */
SIGMOID_DERIV_F64(approx) /* sigmoid_f64_approx_deriv_vec */

/* float32 accurate and fast: in double, e/(D D) from the first pass's exp (2^-37.9), rounded
 * once; |x| > 87: exp(-|x|) from exp's accurate float64 tier, rounded once (subnormal floats:
 * within 1 ULP) */
static inline vfh sigmoid_f32_deriv_in_f64(vfh xf) {
    vd x = vd_from_vfh(xf), a = vd_abs(x), scale;
    vd tmp = exp_f32_first_core(vd_neg(vd_min(a, vd_set(SIG_LIM.f32_branch_free_abs))), &scale);
    vd e = vd_fma(scale, tmp, scale);
    vd d = vd_add(vd_set(1.0), e);
    vd dy = vd_div(e, vd_mul(d, d));
    vdm tail = vdm_not(vd_le(a, vd_set(SIG_LIM.f32_branch_free_abs)));
    if (VM_RARE(vdm_bits(tail))) {
        int ignored = 0;
        dy = vd_select(tail, exp_f64_accurate_vec(vd_neg(a), &ignored), dy);
    }
    return vfh_from_vd(sigmoid_nan_f64(x, dy));
}
static inline vfh sigmoid_f32_accurate_deriv_vec(vfh x, int *st) {
    (void)st;
    return sigmoid_f32_deriv_in_f64(x);
}
static inline vfh sigmoid_f32_fast_deriv_vec(vfh x, int *st) {
    (void)st;
    return sigmoid_f32_deriv_in_f64(x);
}

/* approx float32: float, e/(D D) on exp_f32_approx_core (a clamped to 86); beyond: exp's
 * approx float32 tier of -|x| (may flush) */
static inline vf sigmoid_f32_approx_deriv_vec(vf x, int *st) {
    (void)st;
    vf a = vf_abs(x), scale;
    vf tmp = exp_f32_approx_core(vf_neg(vf_min(a, vf_set((float)SIG_LIM.f32_approx_clamp))), &scale);
    vf e = vf_fma(scale, tmp, scale);
    vf d = vf_add(vf_set(1.0f), e);
    vf dy = vf_div(e, vf_mul(d, d));
    vfm tail = vfm_not(vf_le(a, vf_set((float)SIG_LIM.f32_approx_clamp)));
    if (VM_RARE(vfm_bits(tail))) {
        int ignored = 0;
        dy = vf_select(tail, exp_f32_approx_vec(vf_neg(a), &ignored), dy);
    }
    return sigmoid_nan_f32(x, dy);
}

/* The fused kernels (value, then derivative: two evaluations of e): sigmoid_f64_accurate_vd_vec,
 * sigmoid_f32_accurate_vd_vec, sigmoid_f64_fast_vd_vec, sigmoid_f32_fast_vd_vec,
 * sigmoid_f64_approx_vd_vec, sigmoid_f32_approx_vd_vec; float32 fast: the value in float (vf), the
 * derivative in double on each half */
VM_VD_FROM_PARTS(sigmoid, f64, accurate, vd) VM_VD_FROM_PARTS(sigmoid, f32, accurate, vfh)
VM_VD_FROM_PARTS(sigmoid, f64, fast, vd)
VM_ON_HALVES_DEFINE(sigmoid_f32_fast_deriv_vec) /* a memory path, where the layer has no register halves */
static inline vf sigmoid_f32_fast_vd_vec(vf x, vf *dy, int *st) { /* the derivative in double */
    *dy = VM_ON_HALVES(sigmoid_f32_fast_deriv_vec, x, st);
    return sigmoid_f32_fast_vf(x, st);
}
VM_VD_FROM_PARTS(sigmoid, f64, approx, vd) VM_VD_FROM_PARTS(sigmoid, f32, approx, vf)
/* the array kernels: vm_sigmoid_accurate_deriv_f64, vm_sigmoid_accurate_deriv_f32,
 * vm_sigmoid_accurate_vd_f64, vm_sigmoid_accurate_vd_f32, vm_sigmoid_fast_deriv_f64,
 * vm_sigmoid_fast_deriv_f32, vm_sigmoid_fast_vd_f64, vm_sigmoid_fast_vd_f32,
 * vm_sigmoid_approx_deriv_f64, vm_sigmoid_approx_deriv_f32, vm_sigmoid_approx_vd_f64,
 * vm_sigmoid_approx_vd_f32 */
VM_DERIV_ARRAYS(sigmoid, accurate, F32_IN_F64)
VM_ARRAY_F64(vm_sigmoid_fast_deriv_f64, sigmoid_f64_fast_deriv_vec)
VM_ARRAY_F32_IN_F64(vm_sigmoid_fast_deriv_f32, sigmoid_f32_fast_deriv_vec)
VM_ARRAY2_F64(vm_sigmoid_fast_vd_f64, sigmoid_f64_fast_vd_vec)
VM_ARRAY2_F32(vm_sigmoid_fast_vd_f32, sigmoid_f32_fast_vd_vec)
VM_DERIV_ARRAYS(sigmoid, approx, F32)

/* From the saved output (reverse mode): y (1 - y), the same in every tier: 1 - y is exact for
 * y >= 1/2 (Sterbenz), one rounding below; it inherits y's own error and is 0 where y rounded
 * to 1: use the derivative of x there. */
static inline vd sigmoid_f64_from_output_vec(vd y, int *st) {
    (void)st;
    return vd_mul(y, vd_sub(vd_set(1.0), y));
}
static inline vf sigmoid_f32_from_output_vec(vf y, int *st) {
    (void)st;
    return vf_mul(y, vf_sub(vf_set(1.0f), y));
}
VM_ARRAY_F64(vm_sigmoid_from_output_f64, sigmoid_f64_from_output_vec)
VM_ARRAY_F32(vm_sigmoid_from_output_f32, sigmoid_f32_from_output_vec)

/* tanh'(x) = 1 - tanh(x)^2 = 4e / (1 + e)^2 with e = exp(-2|x|).
 *
 * The e form has no cancellation anywhere (its condition number in e is |1 - e|/(1 + e) < 1),
 * so tanh' keeps full relative accuracy in the tails, where 1 - tanh^2 collapses to 0 long
 * before the true value underflows (|x| > 19.1 in float64).  e comes from the tier's exp.
 * Each tier's budget is beside its code below; measured maxima: docs/ad.md; the contract is
 * spec.DERIV_BOUNDS.
 *   accurate float64  4e / (1 + e)^2 with (1 + e)^2 as a double-double: ~1.01 ULP estimated
 *   accurate float32  the plain formula in double, rounded once
 *   fast, approx      the plain formula on the tier's exp (fast < 5 ULP)
 *   tails             where e would be subnormal, (2E)^2 with E = exp(-|x|)
 * tanh' reports no flags, as tanh: exp's under/overflow reports are dropped.  It computes on
 * |x|, which loses a NaN's sign, so NaN lanes are x's NaN quieted, selected at the end
 * (tanh_deriv_nan_*: one compare, one addition, one select).
 * From the saved output (reverse mode): (1 - y)(1 + y), the same in every tier (at the end). */

#include "exp_core.h" /* exp's cores: exp_f64_round_k, exp_f64_scale16, the tiers' exp */

#define TANH_LIM vm_tanh_limits /* thresholds, from vecmath.spec.LIMITS */

/* dy, and x + x (x's NaN quieted, sign and payload kept) where a = |x| is NaN */
static inline vd tanh_deriv_nan_f64(vd x, vd a, vd dy) {
    return vd_select(vdm_not(vd_ge(a, vd_set(0.0))), vd_add(x, x), dy);
}
static inline vf tanh_deriv_nan_f32(vf x, vf a, vf dy) {
    return vf_select(vfm_not(vf_ge(a, vf_set(0.0f))), vf_add(x, x), dy);
}

/* Tails: where e would be subnormal (|x| > 354; float arithmetic: |x| > 43), e = E^2 with
 * E = exp(-|x|), a normal number, and tanh' = (2E)^2.
 * fast and approx: (2E)^2, E = exp(-a) rounded, where any lane's a is beyond the tail
 * threshold: twice E's error + 1/2.  A statement: it defines no name. */
#define TANH_DERIV_TAILS(V, exp_vec, a, dy, limit)                                      \
    do {                                                                                \
        V##m tail = V##_gt(a, V##_set(limit));                                          \
        if (V##m_bits(tail)) {                                                          \
            int ignored = 0;                                                            \
            V twice = V##_mul(exp_vec(V##_neg(a), &ignored), V##_set(2));               \
            dy = V##_select(tail, V##_mul(twice, twice), dy);                           \
        }                                                                               \
    } while (0)

/* accurate float64's tail: 4 exp(-a)^2 for deriv_tail_f64 < a <= deriv_zero_f64 (beyond: 0).
 * E = scale (1 + tmp) from exp's core, unrounded, squared as a double-double 2^128 times
 * larger and scaled back in one rounding: ~0.5 ULP, subnormal results included. */
static inline vd tanh_deriv_tail_accurate(vd a) {
    vdm beyond = vd_gt(a, vd_set(TANH_LIM.deriv_zero_f64));
    vd scale;
    vd tmp = exp_f64_accurate_core(vd_neg(vd_select(beyond, vd_set(TANH_LIM.deriv_zero_f64), a)), &scale);
    vd s = vd_mul(scale, vd_set(0x1p65)); /* 2^64 * 2 * scale: its square stays normal */
    vd s2 = vd_mul(s, s);
    vd s2l = vd_fma(s, s, vd_neg(s2));
    vd m = vd_mul(tmp, vd_add(vd_set(2.0), tmp)); /* (1 + tmp)^2 = 1 + m */
    vd dy = vd_mul(vd_add(s2, vd_fma(s2, m, s2l)), vd_set(0x1p-128));
    return vd_select(beyond, vd_set(0.0), dy);
}

/* accurate float64: 1 + e = dh + dl exactly (|e| <= 1), (dh + dl)^2 = s + sl to ~2^-100, and
 * the quotient 4e / (s + sl) with one division and a remainder correction: the error is e's
 * (<= 0.51 ULP, not magnified) + the final rounding, ~1.01 ULP by this estimate, which is not
 * a proof: docs/ad.md measures a larger maximum.  The contract is spec.DERIV_BOUNDS. */
static inline vd tanh_f64_accurate_deriv_vec(vd x, int *st) {
    (void)st;
    int ignored = 0;
    vd a = vd_abs(x), one = vd_set(1.0);
    vd e = exp_f64_accurate_vec(vd_mul(a, vd_set(-2.0)), &ignored);
    vd dh = vd_add(one, e);
    vd dl = vd_add(vd_sub(one, dh), e);
    vd s = vd_mul(dh, dh);
    vd sl = vd_fma(vd_add(dh, dh), dl, vd_fma(dh, dh, vd_neg(s)));
    vd e4 = vd_mul(e, vd_set(4.0));
    vd inv = vd_div(one, s);
    vd q = vd_mul(e4, inv);
    vd r = vd_fnma(q, sl, vd_fnma(q, s, e4)); /* e4 - q (s + sl), the first term exact */
    vd dy = vd_fma(r, inv, q);
    vdm tail = vd_gt(a, vd_set(TANH_LIM.deriv_tail_f64));
    if (VM_RARE(vdm_bits(tail))) dy = vd_select(tail, tanh_deriv_tail_accurate(a), dy);
    return tanh_deriv_nan_f64(x, a, dy);
}

/* fast and approx: 4e / (1 + e)^2, plain, on the tier's exp (V: vd or vf): e's error + 3
 * roundings (fast < 5 ULP).  Makes tanh_<T>_<tier>_deriv_vec: below, tanh_f64_fast_deriv_vec,
 * tanh_f64_approx_deriv_vec, tanh_f32_fast_deriv_vec and tanh_f32_approx_deriv_vec. */
#define TANH_DERIV_PLAIN(T, tier, V, one, minus_two, four, limit)                        \
    static inline V tanh_##T##_##tier##_deriv_vec(V x, int *st) {                      \
        (void)st;                                                                       \
        int ignored = 0;                                                                \
        V a = V##_abs(x);                                                               \
        V e = exp_##T##_##tier##_vec(V##_mul(a, V##_set(minus_two)), &ignored);         \
        V d = V##_add(V##_set(one), e);                                                 \
        V dy = V##_div(V##_mul(e, V##_set(four)), V##_mul(d, d));                       \
        TANH_DERIV_TAILS(V, exp_##T##_##tier##_vec, a, dy, limit);                      \
        return tanh_deriv_nan_##T(x, a, dy);                                            \
    }
TANH_DERIV_PLAIN(f64, fast, vd, 1.0, -2.0, 4.0, TANH_LIM.deriv_tail_f64)
TANH_DERIV_PLAIN(f64, approx, vd, 1.0, -2.0, 4.0, TANH_LIM.deriv_tail_f64)
TANH_DERIV_PLAIN(f32, fast, vf, 1.0f, -2.0f, 4.0f, (float)TANH_LIM.deriv_tail_f32)
TANH_DERIV_PLAIN(f32, approx, vf, 1.0f, -2.0f, 4.0f, (float)TANH_LIM.deriv_tail_f32)

/* accurate float32: the plain formula in double (error ~2^-50), rounded once to float. */
static inline vfh tanh_f32_accurate_deriv_vec(vfh xf, int *st) {
    (void)st;
    int ignored = 0;
    vd x = vd_from_vfh(xf), a = vd_abs(x);
    vd e = exp_f64_fast_vec(vd_mul(a, vd_set(-2.0)), &ignored); /* 2^-52: plenty for float */
    vd d = vd_add(vd_set(1.0), e);
    return vfh_from_vd(tanh_deriv_nan_f64(x, a, vd_div(vd_mul(e, vd_set(4.0)), vd_mul(d, d))));
}

/* The fused kernel is tanh's own evaluation and then the derivative's: two exps where
 * |x| >= 1/8 (tanh's own and the derivative's), since tanh's kernels keep E = exp(2|x|)
 * internal.  The fused vector functions tanh_f64_accurate_vd_vec, tanh_f32_accurate_vd_vec (in
 * double on vfh, as the derivative: the value by the double path, tanh_f32_accurate_half, the
 * same bits as the float-float kernel), tanh_f64_fast_vd_vec, tanh_f32_fast_vd_vec,
 * tanh_f64_approx_vd_vec, tanh_f32_approx_vd_vec: */
static inline vfh tanh_f32_accurate_vd_vec(vfh x, vfh *dy, int *st) {
    *dy = tanh_f32_accurate_deriv_vec(x, st);
    return tanh_f32_accurate_half(x, st);
}
VM_VD_FROM_PARTS(tanh, f64, accurate, vd)
VM_VD_FROM_PARTS(tanh, f64, fast, vd) VM_VD_FROM_PARTS(tanh, f32, fast, vf)
VM_VD_FROM_PARTS(tanh, f64, approx, vd) VM_VD_FROM_PARTS(tanh, f32, approx, vf)
/* the array kernels (and the lane entry points of the one-output ones):
 * vm_tanh_accurate_deriv_f64, vm_tanh_accurate_deriv_f32, vm_tanh_accurate_vd_f64, vm_tanh_accurate_vd_f32,
 * vm_tanh_fast_deriv_f64, vm_tanh_fast_deriv_f32, vm_tanh_fast_vd_f64, vm_tanh_fast_vd_f32,
 * vm_tanh_approx_deriv_f64, vm_tanh_approx_deriv_f32, vm_tanh_approx_vd_f64, vm_tanh_approx_vd_f32 */
VM_DERIV_ARRAYS_TIERS(tanh, F32_IN_F64)

/* From the saved output (reverse mode): (1 - y)(1 + y), the same in every tier.  Both factors
 * are exact for |y| >= 1/2 (Sterbenz) and the product is one rounding, so the result is within
 * about 1 ULP of 1 - y^2 for the given y; it inherits y's own error, and it is 0 where y
 * rounded to +-1: use the derivative of x there. */
static inline vd tanh_f64_from_output_vec(vd y, int *st) {
    (void)st;
    return vd_mul(vd_sub(vd_set(1.0), y), vd_add(vd_set(1.0), y));
}
static inline vf tanh_f32_from_output_vec(vf y, int *st) {
    (void)st;
    return vf_mul(vf_sub(vf_set(1.0f), y), vf_add(vf_set(1.0f), y));
}
VM_ARRAY_F64(vm_tanh_from_output_f64, tanh_f64_from_output_vec)
VM_ARRAY_F32(vm_tanh_from_output_f32, tanh_f32_from_output_vec)

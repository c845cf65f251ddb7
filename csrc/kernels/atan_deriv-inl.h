/* atan'(x) = 1/(1 + x^2), the same in every tier (it costs one division).
 *
 * |x| <= 2^500 (float: 2^60): 1/fma(x, x, 1), two roundings: < 1 ULP.  Beyond, where x^2 would
 * overflow, (1/x)^2: 1/(1 + x^2) differs from 1/x^2 by < 2^-1000 relative, so three roundings:
 * < 1.5 ULP, and the result is subnormal or zero from |x| > 2^511 on, as it should be (no
 * overflow, no collapse to 0 while the exact value is representable).  float32 accurate
 * computes in double and rounds once.  atan' reports no flags, as atan.  One division per lane:
 * the branch picks its operand. */

static inline vd atan_deriv_f64(vd x, int *st) {
    (void)st;
    vdm big = vd_gt(vd_abs(x), vd_set(0x1p500));
    vd u = vd_div(vd_set(1.0), vd_select(big, x, vd_fma(x, x, vd_set(1.0))));
    return vd_select(big, vd_mul(u, u), u);
}
static inline vfh atan_deriv_f32_in_f64(vfh xf, int *st) {
    (void)st;
    vd x = vd_from_vfh(xf);   /* x^2 < 2^257: no overflow in double */
    return vfh_from_vd(vd_div(vd_set(1.0), vd_fma(x, x, vd_set(1.0))));
}
static inline vf atan_deriv_f32(vf x, int *st) {
    (void)st;
    vfm big = vf_gt(vf_abs(x), vf_set(0x1p60f));
    vf u = vf_div(vf_set(1.0f), vf_select(big, x, vf_fma(x, x, vf_set(1.0f))));
    return vf_select(big, vf_mul(u, u), u);
}

/* atan_f64_accurate_deriv_vec, atan_f32_accurate_deriv_vec, atan_f64_fast_deriv_vec,
 * atan_f32_fast_deriv_vec, atan_f64_approx_deriv_vec, atan_f32_approx_deriv_vec */
VM_DERIV_EVERY_TIER(atan, F32_IN_F64, atan_deriv_f64, atan_deriv_f32_in_f64, atan_deriv_f32)
/* the fused vector functions atan_f64_accurate_vd_vec, atan_f32_accurate_vd_vec (in double on
 * vfh, as the derivative: the value by the double path, atan_f32_accurate_half, the same bits
 * as the float-float kernel), atan_f64_fast_vd_vec, atan_f32_fast_vd_vec,
 * atan_f64_approx_vd_vec, atan_f32_approx_vd_vec */
static inline vfh atan_f32_accurate_vd_vec(vfh x, vfh *dy, int *st) {
    *dy = atan_f32_accurate_deriv_vec(x, st);
    return atan_f32_accurate_half(x, st);
}
VM_VD_FROM_PARTS(atan, f64, accurate, vd)
VM_VD_FROM_PARTS(atan, f64, fast, vd) VM_VD_FROM_PARTS(atan, f32, fast, vf)
VM_VD_FROM_PARTS(atan, f64, approx, vd) VM_VD_FROM_PARTS(atan, f32, approx, vf)

/* the array kernels (and their lane entry points):
 * vm_atan_accurate_deriv_f64, vm_atan_accurate_deriv_f32, vm_atan_accurate_vd_f64, vm_atan_accurate_vd_f32,
 * vm_atan_fast_deriv_f64, vm_atan_fast_deriv_f32, vm_atan_fast_vd_f64, vm_atan_fast_vd_f32,
 * vm_atan_approx_deriv_f64, vm_atan_approx_deriv_f32, vm_atan_approx_vd_f64, vm_atan_approx_vd_f32 */
VM_DERIV_ARRAYS_TIERS(atan, F32_IN_F64)

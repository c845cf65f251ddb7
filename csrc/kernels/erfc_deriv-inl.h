/* erfc'(x) = -erf'(x) = -2/sqrt(pi) exp(-x^2): erf's derivative (erf_deriv-inl.h) negated,
 * in every tier (negation is exact; NaN keeps x's own NaN, x + x, unnegated). */

static inline vd erfc_neg_f64(vd x, vd d) { return vd_select(vd_ne(x, x), d, vd_neg(d)); }

static inline vd erfc_f64_deriv(vd x, int *st) { return erfc_neg_f64(x, erf_f64_deriv_any(x, st)); }
static inline vfh erfc_f32_deriv_acc(vfh xf, int *st) {
    (void)st;
    return vfh_from_vd(erfc_neg_f64(vd_from_vfh(xf), vd_from_vfh(erf_f32_deriv_any(xf))));
}
static inline vf erfc_f32_deriv_vf(vf x, int *st) {
    vf d = erf_f32_deriv_vf(x, st);
    return vf_select(vf_ne(x, x), d, vf_neg(d));
}

/* erfc_f64_<tier>_deriv_vec, erfc_f32_<tier>_deriv_vec (tier: accurate, fast, approx); the fused
 * kernels erfc_f64_accurate_vd_vec, erfc_f32_accurate_vd_vec, erfc_f64_fast_vd_vec,
 * erfc_f32_fast_vd_vec, erfc_f64_approx_vd_vec, erfc_f32_approx_vd_vec; the array kernels
 * vm_erfc_accurate_deriv_f64, vm_erfc_accurate_deriv_f32, vm_erfc_accurate_vd_f64,
 * vm_erfc_accurate_vd_f32, vm_erfc_fast_deriv_f64, vm_erfc_fast_deriv_f32, vm_erfc_fast_vd_f64,
 * vm_erfc_fast_vd_f32, vm_erfc_approx_deriv_f64, vm_erfc_approx_deriv_f32,
 * vm_erfc_approx_vd_f64, vm_erfc_approx_vd_f32 */
VM_DERIV_EVERY_TIER(erfc, F32_IN_F64, erfc_f64_deriv, erfc_f32_deriv_acc, erfc_f32_deriv_vf)
VM_VD_FROM_PARTS_TIERS(erfc, F32_IN_F64)
VM_DERIV_ARRAYS_TIERS(erfc, F32_IN_F64)

/* erf'(x) = 2/sqrt(pi) exp(-x^2) (even in x), every tier the same bits: exp(-a^2) as erf's
 * double-double (erf_exp_dd: -a^2 split exactly, ~2^-62 relative) times 2/sqrt(pi) as a
 * double-double, rounded once: 0.5 + 2^-8 ULP.  a above f64_erfc_normal (25.5, results
 * leave double's normal range) and NaN: one lane at a time, exp(-a^2/2) twice, the product
 * scaled by 2^600 and rounded once to the subnormal grid; 0 beyond f64_zero.  float32: in
 * double, a clamped to 11 (the float result is 0 from 10.3), the double rounded to float once
 * more (0.5 + 2^-29 ULP), in every tier.  No status bits (the value's warnings: none).  erfc' = -erf'
 * (erfc_deriv-inl.h). */

/* 2/sqrt(pi) exp(-a^2) as h + *l, a <= f64_erfc_normal */
static inline vd erf_deriv_dd(vd a, vd *l) {
    vd a2h = vd_mul(a, a);
    vd a2l = vd_fma(a, a, vd_neg(a2h));
    vd el;
    vd eh = erf_exp_dd(vd_neg(a2h), vd_neg(a2l), &el);
    return erf_mul_dd(eh, el, vd_set(vm_erf_small_k.c0h), vd_set(vm_erf_small_k.c0l), l);
}

/* erf' of NaN (x + x) and |x| > f64_erfc_normal: scaled by 2^600, rounded once; 0 beyond
 * f64_zero */
VM_COLD static double erf_deriv_f64_special(double x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    double a = fabs(x);
    if (a > ERF_LIM.f64_zero) return 0.0;
    vd av = vd_set(a);
    vd a2h = vd_mul(av, av);
    vd a2l = vd_fma(av, av, vd_neg(a2h));
    vd el, pl, l;
    vd eh = erf_exp_dd(vd_mul(a2h, vd_set(-0.5)), vd_mul(a2l, vd_set(-0.5)), &el);
    vd ph = erf_mul_dd(eh, el, vd_set(vm_erf_small_k.c0h), vd_set(vm_erf_small_k.c0l), &pl);
    vd h = erf_mul_dd(ph, pl, vd_mul(eh, vd_set(0x1p600)), vd_mul(el, vd_set(0x1p600)), &l);
    return erf_round_scaled(vd_first(h), vd_first(l), 0x1p600, 0x1p-600, 0x1p-422);
}

static inline vd erf_f64_deriv_any(vd x, int *st) {
    vd a = vd_abs(x), l;
    vd h = erf_deriv_dd(vd_min(a, vd_set(ERF_LIM.f64_erfc_normal)), &l);
    vd y = vd_add(h, l);
    vdm special = vdm_not(vd_le(a, vd_set(ERF_LIM.f64_erfc_normal)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, erf_deriv_f64_special, st);
    return y;
}
static inline vfh erf_f32_deriv_any(vfh xf) {
    vd x = vd_from_vfh(xf), l;
    vd h = erf_deriv_dd(vd_min(vd_abs(x), vd_set(ERF_LIM.f32_deriv_clamp)), &l);
    return vfh_from_vd(vd_select(vd_ne(x, x), vd_add(x, x), h));
}

/* the accurate tier's float32 on vfh (in double, as its value); fast and approx float32 on vf
 * (their values are float arithmetic): erf_f32_deriv_any on each VD_W-lane part of the register
 * (through memory), the same bits in every tier */
static inline vfh erf_f32_deriv_acc(vfh x, int *st) {
    (void)st;
    return erf_f32_deriv_any(x);
}
static inline vf erf_f32_deriv_vf(vf x, int *st) {
    float xs[VF_W], ys[VF_W];
    (void)st;
    vf_store(xs, x);
    for (int j = 0; j < VF_W; j += VD_W) vfh_store(ys + j, erf_f32_deriv_any(vfh_load(xs + j)));
    return vf_load(ys);
}

/* erf_f64_<tier>_deriv_vec, erf_f32_<tier>_deriv_vec (tier: accurate, fast, approx); the fused
 * kernels erf_f64_accurate_vd_vec, erf_f32_accurate_vd_vec, erf_f64_fast_vd_vec,
 * erf_f32_fast_vd_vec, erf_f64_approx_vd_vec, erf_f32_approx_vd_vec; the array kernels
 * vm_erf_accurate_deriv_f64, vm_erf_accurate_deriv_f32, vm_erf_accurate_vd_f64,
 * vm_erf_accurate_vd_f32, vm_erf_fast_deriv_f64, vm_erf_fast_deriv_f32, vm_erf_fast_vd_f64,
 * vm_erf_fast_vd_f32, vm_erf_approx_deriv_f64, vm_erf_approx_deriv_f32, vm_erf_approx_vd_f64,
 * vm_erf_approx_vd_f32 */
VM_DERIV_EVERY_TIER(erf, F32_IN_F64, erf_f64_deriv_any, erf_f32_deriv_acc, erf_f32_deriv_vf)
VM_VD_FROM_PARTS_TIERS(erf, F32_IN_F64)
VM_DERIV_ARRAYS_TIERS(erf, F32_IN_F64)

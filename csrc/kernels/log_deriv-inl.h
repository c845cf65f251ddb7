/* log'(x) = 1/x: one IEEE division, correctly rounded, in every tier (float32 divides in float;
 * float32 accurate divided in double before issue 25, which gives the same bits: 53 >= 2*24 + 2
 * bits make the double rounding innocuous).  Lanes outside
 * [2^-1022, 2^1022] (float: [2^-126, 2^126]) or NaN take the scalar routine, which gives
 * log'(+-0) = +inf (divide-by-zero), NaN below 0 (invalid, as log: the default NaN, sign
 * set), a NaN x quieted, and reports overflow (subnormal x) and underflow (subnormal results)
 * as 1/x does.  The fused kernel is log's own
 * evaluation plus the division. */

VM_COLD static double log_f64_deriv_special(double x, int *st) {
    if (isnan(x)) return VM_FADD(x, x);
    if (x == 0) {
        *st |= VM_FE_DIVBYZERO;
        return INFINITY;
    }
    if (x < 0) {
        *st |= VM_FE_INVALID;
        return LOG_INVALID_NAN; /* log-inl.h: the x86 default NaN, sign set */
    }
    if (isinf(x)) return 0.0;
    double d = VM_FDIV(1.0, x);
    if (isinf(d)) *st |= VM_FE_OVERFLOW;
    else if (d < 0x1p-1022 && fma(d, x, -1.0) != 0) *st |= VM_FE_UNDERFLOW;
    return d;
}
VM_COLD static float log_f32_deriv_special(float x, int *st) {
    float d = (float)log_f64_deriv_special((double)x, st);   /* exact range: no flags in double */
    if (isinf(d) && x > 0 && !isinf(x)) *st |= VM_FE_OVERFLOW;
    else if (d != 0 && d < 0x1p-126f && fmaf(d, x, -1.0f) != 0) *st |= VM_FE_UNDERFLOW;
    return d;
}

static inline vd log_deriv_f64(vd x, int *st) {
    vd d = vd_div(vd_set(1.0), x);
    vdm special = vdm_not(vdm_and(vd_ge(x, vd_set(0x1p-1022)), vd_le(x, vd_set(0x1p1022))));
    if (VM_RARE(vdm_bits(special))) d = vd_fixup(x, d, special, log_f64_deriv_special, st);
    return d;
}
static inline vf log_deriv_f32(vf x, int *st) {
    vf d = vf_div(vf_set(1.0f), x);
    vfm special = vfm_not(vfm_and(vf_ge(x, vf_set(0x1p-126f)), vf_le(x, vf_set(0x1p126f))));
    if (VM_RARE(vfm_bits(special))) d = vf_fixup(x, d, special, log_f32_deriv_special, st);
    return d;
}

/* log_f64_accurate_deriv_vec, log_f32_accurate_deriv_vec, log_f64_fast_deriv_vec,
 * log_f32_fast_deriv_vec, log_f64_approx_deriv_vec, log_f32_approx_deriv_vec */
VM_DERIV_EVERY_TIER(log, F32, log_deriv_f64, log_deriv_f32, log_deriv_f32)
/* the fused vector functions log_f64_accurate_vd_vec, log_f32_accurate_vd_vec,
 * log_f64_fast_vd_vec, log_f32_fast_vd_vec, log_f64_approx_vd_vec, log_f32_approx_vd_vec */
VM_VD_FROM_PARTS_TIERS(log, F32)

/* the array kernels (and the lane entry points of the one-output ones):
 * vm_log_accurate_deriv_f64, vm_log_accurate_deriv_f32, vm_log_accurate_vd_f64, vm_log_accurate_vd_f32,
 * vm_log_fast_deriv_f64, vm_log_fast_deriv_f32, vm_log_fast_vd_f64, vm_log_fast_vd_f32,
 * vm_log_approx_deriv_f64, vm_log_approx_deriv_f32, vm_log_approx_vd_f64, vm_log_approx_vd_f32 */
VM_DERIV_ARRAYS_TIERS(log, F32)

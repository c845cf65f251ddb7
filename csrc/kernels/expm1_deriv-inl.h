/* expm1'(x) = exp(x), from expm1's own core in every tier: the fused kernel evaluates the core
 * once and ends it twice, expm1 = (scale - 1) + scale (1 + ..) - scale and exp = scale (1 + ..).
 *
 * float64 accurate and fast: exp(x) = scale + ph + lo2 (expm1_f64_<tier>_core), scale + ph by
 *   Fast2Sum (|ph| <= 0.022 scale) and the rest added before the last rounding: 0.5 ULP + the
 *   core's < 2^-60 -> < 0.51 ULP (exp's own kernels: 0.51, 0.62); not exp's bits, its bound.
 * float64 approx: fma(scale, E, scale) on the approx core: E's 2^-31.6 relative times |E| <=
 *   0.022 -> < 2^18 ULP.
 * float32 accurate: fma(scale, E, scale) on the first pass, in double: relative error < 2^-45
 *   (E's 2^-41 times |E| <= 0.022, the table's 2^-53, the reduction's 2^-47), so expm1's window
 *   (2^13 double ulps, from its bound 2^-41) decides the rounding here too; the lanes it does
 *   not, and x outside exp's normal band (-86, 88), take exp_f32_special (exp's correctly
 *   rounded float): every result is exp's correctly rounded value, vecmath.exp's bits.
 * float32 fast: exp(x) = scale + ph + lo2 of the float core, as float64's (faithful); float32
 *   approx: the float core's fma(scale, E, scale) (E's 2^-14.6 times 0.022 and the roundings).
 * Special lanes (outside exp's band: float64 |x| >= 704, float32 (-86, 88)) take exp's own
 * accurate special routine (exp_f64_special, exp_f32_special), so expm1' reports exp's
 * warnings: overflow above ln(DBL_MAX) or ln(FLT_MAX), underflow for subnormal and zero results.
 * NaN lanes are those routines' x + x. */

#include "exp_core.h" /* exp_f64_special, exp_f32_special, exp's reduction */

/* exp(x) = scale + ph + lo2 of the float64 cores, one rounding after Fast2Sum(scale, ph) */
static inline vd expm1_deriv_f64_exp(vd scale, vd ph, vd lo2) {
    vd eh = vd_add(scale, ph);
    vd ee = vd_sub(ph, vd_sub(eh, scale));
    return vd_add(eh, vd_add(lo2, ee));
}

/* exp's special lanes of float64: |x| >= 704 or NaN (the same band as expm1's) */
static inline vd expm1_deriv_f64_finish(vd x, vd dy, int *st) {
    vdm special = vdm_not(vd_lt(vd_abs(x), vd_set(EXPM1_LIM.f64_branch_free_abs)));
    if (VM_RARE(vdm_bits(special))) dy = vd_fixup(x, dy, special, exp_f64_special, st);
    return dy;
}

/* The accurate and fast float64 derivative and fused kernels.  Makes
 * expm1_f64_accurate_deriv_vec, expm1_f64_accurate_vd_vec, expm1_f64_fast_deriv_vec and
 * expm1_f64_fast_vd_vec. */
#define EXPM1_DERIV_F64(TIER)                                                               \
    static inline vd expm1_f64_##TIER##_deriv_vec(vd x, int *st) {                          \
        vd scale, lo2;                                                                      \
        vd ph = expm1_f64_##TIER##_core(x, &scale, &lo2);                                   \
        return expm1_deriv_f64_finish(x, expm1_deriv_f64_exp(scale, ph, lo2), st);          \
    }                                                                                       \
    static inline vd expm1_f64_##TIER##_vd_vec(vd x, vd *dy, int *st) {                     \
        vd scale, lo2, t;                                                                   \
        vd ph = expm1_f64_##TIER##_core(x, &scale, &lo2);                                   \
        vd sh = expm1_f64_sum(scale, ph, lo2, &t);                                          \
        *dy = expm1_deriv_f64_finish(x, expm1_deriv_f64_exp(scale, ph, lo2), st);           \
        return expm1_f64_finish(x, vd_add(sh, t), st);                                      \
    }
EXPM1_DERIV_F64(accurate) /* expm1_f64_accurate_deriv_vec, expm1_f64_accurate_vd_vec */
EXPM1_DERIV_F64(fast)     /* expm1_f64_fast_deriv_vec, expm1_f64_fast_vd_vec */

static inline vd expm1_f64_approx_deriv_vec(vd x, int *st) {
    vd scale;
    vd e = expm1_f64_approx_core(x, &scale);
    return expm1_deriv_f64_finish(x, vd_fma(scale, e, scale), st);
}
static inline vd expm1_f64_approx_vd_vec(vd x, vd *dy, int *st) {
    vd scale;
    vd e = expm1_f64_approx_core(x, &scale);
    *dy = expm1_deriv_f64_finish(x, vd_fma(scale, e, scale), st);
    return expm1_f64_finish(x, vd_fma(scale, e, vd_sub(scale, vd_set(1.0))), st);
}

/* float32 in double: exp(x) from the first pass; special lanes outside exp's normal band
 * (-86, 88) (exp_f32_special reports its overflow and underflow), and in the accurate tier the
 * lanes within the window of a float midpoint. */
static inline vdm expm1_deriv_f32_outside(vfh xf, vd x) {
    (void)xf;
    const double mid = (EXPM1_LIM.f32_branch_free_lo + EXPM1_LIM.f32_branch_free_hi) / 2;
    const double half = (EXPM1_LIM.f32_branch_free_hi - EXPM1_LIM.f32_branch_free_lo) / 2;
    return vdm_not(vd_lt(vd_abs(vd_sub(x, vd_set(mid))), vd_set(half)));
}

static inline vfh expm1_deriv_f32_exp(vfh xf, vd x, vd scale, vd e, int accurate, int *st) {
    vd d = vd_fma(scale, e, scale);
    vdm special = expm1_deriv_f32_outside(xf, x);
    if (accurate)
        special = vdm_or(special, vd_near_f32_midpoint(d, (int64_t)vm_expm1_f32_first_k.window));
    vfh df = vfh_from_vd(d);
    if (VM_RARE(vdm_bits(special))) df = vfh_fixup(xf, df, special, exp_f32_special, st);
    return df;
}

/* Makes expm1_f32_<TIER>_deriv_vec and expm1_f32_<TIER>_vd_vec: below, expm1_f32_accurate_deriv_vec
 * and expm1_f32_accurate_vd_vec (ACC: 1 for the accurate tier's window, 0 for none). */
#define EXPM1_DERIV_F32(TIER, ACC)                                                          \
    static inline vfh expm1_f32_##TIER##_deriv_vec(vfh xf, int *st) {                       \
        vd x = vd_from_vfh(xf), scale, e;                                                   \
        (void)expm1_f32_first(x, &scale, &e);                                               \
        return expm1_deriv_f32_exp(xf, x, scale, e, ACC, st);                               \
    }                                                                                       \
    static inline vfh expm1_f32_##TIER##_vd_vec(vfh xf, vfh *dy, int *st) {                 \
        vd x = vd_from_vfh(xf), scale, e;                                                   \
        vd y = expm1_f32_first(x, &scale, &e);                                              \
        *dy = expm1_deriv_f32_exp(xf, x, scale, e, ACC, st);                                \
        return expm1_f32_##TIER##_from_first(xf, x, y, st);                                 \
    }
EXPM1_DERIV_F32(accurate, 1) /* expm1_f32_accurate_deriv_vec, expm1_f32_accurate_vd_vec */

/* fast float32, float arithmetic: exp(x) = scale + ph + lo2 of expm1's float core */
static inline vf expm1_f32_fast_exp(vf x, vf scale, vf ph, vf lo2, int *st) {
    vf eh = vf_add(scale, ph);
    vf dy = vf_add(eh, vf_add(lo2, vf_sub(ph, vf_sub(eh, scale))));
    vfm special = expm1_f32_outside(x);
    if (VM_RARE(vfm_bits(special))) dy = vf_fixup(x, dy, special, exp_f32_special, st);
    return dy;
}
static inline vf expm1_f32_fast_deriv_vec(vf x, int *st) {
    vf scale, lo2;
    vf ph = expm1_f32_fast_core(x, &scale, &lo2);
    return expm1_f32_fast_exp(x, scale, ph, lo2, st);
}
static inline vf expm1_f32_fast_vd_vec(vf x, vf *dy, int *st) {
    vf scale, lo2;
    vf ph = expm1_f32_fast_core(x, &scale, &lo2);
    *dy = expm1_f32_fast_exp(x, scale, ph, lo2, st);
    return expm1_f32_fast_from_core(x, scale, ph, lo2, st);
}

static inline vf expm1_f32_approx_deriv_vec(vf x, int *st) {
    vf scale;
    vf e = expm1_f32_approx_core(x, &scale);
    vf dy = vf_fma(scale, e, scale);
    vfm special = expm1_f32_outside(x);
    if (VM_RARE(vfm_bits(special))) dy = vf_fixup(x, dy, special, exp_f32_special, st);
    return dy;
}
static inline vf expm1_f32_approx_vd_vec(vf x, vf *dy, int *st) {
    vf scale;
    vf e = expm1_f32_approx_core(x, &scale);
    vf d = vf_fma(scale, e, scale);
    vf y = vf_copysign(vf_fma(scale, e, vf_sub(scale, vf_set(1.0f))), x);
    vfm special = expm1_f32_outside(x);
    if (VM_RARE(vfm_bits(special))) {
        d = vf_fixup(x, d, special, exp_f32_special, st);
        y = vf_fixup(x, y, special, expm1_f32_special, st);
    }
    *dy = d;
    return y;
}

/* the array kernels (and the lane entry points of the one-output ones):
 * vm_expm1_accurate_deriv_f64, vm_expm1_accurate_deriv_f32, vm_expm1_accurate_vd_f64, vm_expm1_accurate_vd_f32,
 * vm_expm1_fast_deriv_f64, vm_expm1_fast_deriv_f32, vm_expm1_fast_vd_f64, vm_expm1_fast_vd_f32,
 * vm_expm1_approx_deriv_f64, vm_expm1_approx_deriv_f32, vm_expm1_approx_vd_f64, vm_expm1_approx_vd_f32 */
VM_DERIV_ARRAYS_TIERS(expm1, F32_IN_F64)

/* exp'(x) = exp(x): the derivative kernels are exp's own, so they give exp's bits, bound and
 * flags in every tier; the fused kernel evaluates exp once and stores it twice. */

#include "exp_core.h" /* the tiers' exp: exp_<f64|f32>_<tier>_vec */

/* exp_<T>_<tier>_deriv_vec and exp_<T>_<tier>_vd_vec from exp_<T>_<tier>_vec (each use names
 * its two) */
#define EXP_DERIV_TIER(T, tier, VT)                                                 \
    static inline VT exp_##T##_##tier##_deriv_vec(VT x, int *st) {                  \
        return exp_##T##_##tier##_vec(x, st);                                       \
    }                                                                               \
    static inline VT exp_##T##_##tier##_vd_vec(VT x, VT *dy, int *st) {             \
        return *dy = exp_##T##_##tier##_vec(x, st);                                 \
    }
EXP_DERIV_TIER(f64, accurate, vd)  /* exp_f64_accurate_deriv_vec, exp_f64_accurate_vd_vec */
EXP_DERIV_TIER(f32, accurate, vfh) /* exp_f32_accurate_deriv_vec, exp_f32_accurate_vd_vec */
EXP_DERIV_TIER(f64, fast, vd)      /* exp_f64_fast_deriv_vec, exp_f64_fast_vd_vec */
EXP_DERIV_TIER(f32, fast, vf)      /* exp_f32_fast_deriv_vec, exp_f32_fast_vd_vec */
EXP_DERIV_TIER(f64, approx, vd)    /* exp_f64_approx_deriv_vec, exp_f64_approx_vd_vec */
EXP_DERIV_TIER(f32, approx, vf)    /* exp_f32_approx_deriv_vec, exp_f32_approx_vd_vec */

/* the array kernels (and the lane entry points of the one-output ones):
 * vm_exp_accurate_deriv_f64, vm_exp_accurate_deriv_f32, vm_exp_accurate_vd_f64, vm_exp_accurate_vd_f32,
 * vm_exp_fast_deriv_f64, vm_exp_fast_deriv_f32, vm_exp_fast_vd_f64, vm_exp_fast_vd_f32,
 * vm_exp_approx_deriv_f64, vm_exp_approx_deriv_f32, vm_exp_approx_vd_f64, vm_exp_approx_vd_f32 */
VM_DERIV_ARRAYS_TIERS(exp, F32_IN_F64)

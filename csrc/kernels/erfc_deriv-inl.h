/* erfc'(x) = -erf'(x) = -2/sqrt(pi) exp(-x^2): erf's derivative (erf_deriv-inl.h) negated,
 * in every tier (negation is exact; NaN keeps x's own NaN, x + x, unnegated). */

static inline vd erfc_neg_f64(vd x, vd d) { return vd_select(vd_ne(x, x), d, vd_neg(d)); }

#define ERFC_DERIV_TIER(tier)                                                               \
    static inline vd erfc_f64_##tier##_deriv_vec(vd x, int *st) {                           \
        return erfc_neg_f64(x, erf_f64_deriv_any(x, st));                                   \
    }                                                                                       \
    static inline vfh erfc_f32_##tier##_deriv_vec(vfh xf, int *st) {                        \
        (void)st;                                                                           \
        vd x = vd_from_vfh(xf);                                                             \
        return vfh_from_vd(erfc_neg_f64(x, vd_from_vfh(erf_f32_deriv_any(xf))));            \
    }
ERFC_DERIV_TIER(accurate) /* erfc_f64_accurate_deriv_vec, erfc_f32_accurate_deriv_vec */
ERFC_DERIV_TIER(fast)     /* erfc_f64_fast_deriv_vec, erfc_f32_fast_deriv_vec */
ERFC_DERIV_TIER(approx)   /* erfc_f64_approx_deriv_vec, erfc_f32_approx_deriv_vec */

/* The fused kernels: erfc_f64_accurate_vd_vec, erfc_f32_accurate_vd_vec, erfc_f64_fast_vd_vec,
 * erfc_f32_fast_vd_vec, erfc_f64_approx_vd_vec, erfc_f32_approx_vd_vec (float32 in double) */
VM_VD_FROM_PARTS(erfc, f64, accurate, vd) VM_VD_FROM_PARTS(erfc, f32, accurate, vfh)
VM_VD_FROM_PARTS(erfc, f64, fast, vd) VM_VD_FROM_PARTS(erfc, f32, fast, vfh)
VM_VD_FROM_PARTS(erfc, f64, approx, vd) VM_VD_FROM_PARTS(erfc, f32, approx, vfh)
/* the array kernels: vm_erfc_accurate_deriv_f64, vm_erfc_accurate_deriv_f32,
 * vm_erfc_accurate_vd_f64, vm_erfc_accurate_vd_f32, vm_erfc_fast_deriv_f64,
 * vm_erfc_fast_deriv_f32, vm_erfc_fast_vd_f64, vm_erfc_fast_vd_f32,
 * vm_erfc_approx_deriv_f64, vm_erfc_approx_deriv_f32, vm_erfc_approx_vd_f64,
 * vm_erfc_approx_vd_f32 */
VM_DERIV_ARRAYS(erfc, accurate, F32_IN_F64)
VM_DERIV_ARRAYS(erfc, fast, F32_IN_F64)
VM_DERIV_ARRAYS(erfc, approx, F32_IN_F64)

/* exp'(x) = exp(x): the derivative kernels are exp's own, so they give exp's bits (and its
 * bound and flags) in every tier; the fused kernel evaluates exp once and stores it twice. */

#define EXP_DERIV_TIER(tier, f64_vec, f32_vec, F32_ARRAY, F32_ARRAY2, vt32)          \
    static inline vd exp_f64_##tier##_vd(vd x, vd *dy, int *st) {                   \
        return *dy = f64_vec(x, st);                                                \
    }                                                                               \
    static inline vt32 exp_f32_##tier##_vd(vt32 x, vt32 *dy, int *st) {             \
        return *dy = f32_vec(x, st);                                                \
    }                                                                               \
    VM_ARRAY_F64(vm_exp_##tier##_deriv_f64, f64_vec)                                \
    F32_ARRAY(vm_exp_##tier##_deriv_f32, f32_vec)                                   \
    VM_ARRAY2_F64(vm_exp_##tier##_vd_f64, exp_f64_##tier##_vd)                      \
    F32_ARRAY2(vm_exp_##tier##_vd_f32, exp_f32_##tier##_vd)

EXP_DERIV_TIER(accurate, exp_f64_accurate_vec, exp_f32_accurate_vec, VM_ARRAY_F32_IN_F64,
               VM_ARRAY2_F32_IN_F64, vfh)
EXP_DERIV_TIER(fast, exp_f64_fast_vec, exp_f32_fast_vec, VM_ARRAY_F32, VM_ARRAY2_F32, vf)
EXP_DERIV_TIER(approx, exp_f64_approx_vec, exp_f32_approx_vec, VM_ARRAY_F32, VM_ARRAY2_F32, vf)

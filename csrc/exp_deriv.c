/* exp'(x) = exp(x): the derivative kernels are exp's own, so they give exp's bits, bound and
 * flags in every tier; the fused kernel evaluates exp once and stores it twice. */

#include "exp_core.h" /* exp's cores: exp_f64_round_k, exp_f64_scale16, the tiers' exp */

#define EXP_DERIV_TIER(T, tier, VT)                                                 \
    static inline VT exp_##T##_##tier##_deriv_vec(VT x, int *st) {                  \
        return exp_##T##_##tier##_vec(x, st);                                       \
    }                                                                               \
    static inline VT exp_##T##_##tier##_vd_vec(VT x, VT *dy, int *st) {             \
        return *dy = exp_##T##_##tier##_vec(x, st);                                 \
    }
EXP_DERIV_TIER(f64, accurate, vd)
EXP_DERIV_TIER(f32, accurate, vfh)
EXP_DERIV_TIER(f64, fast, vd)
EXP_DERIV_TIER(f32, fast, vf)
EXP_DERIV_TIER(f64, approx, vd)
EXP_DERIV_TIER(f32, approx, vf)

VM_DERIV_ARRAYS(exp, accurate, F32_IN_F64)
VM_DERIV_ARRAYS(exp, fast, F32)
VM_DERIV_ARRAYS(exp, approx, F32)

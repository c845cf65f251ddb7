/* log1p'(x) = 1/(1 + x).
 *
 * accurate float64: 1 + x = u + d exactly (log1p-inl.h's Fast2Sum), q = 1/u, and the quotient
 *   corrected for both the division's remainder and d: 1/(u + d) = q (1 + rho) with
 *   rho = (1 - u q) - d q to 2^-104 (1 - u q exact by one FMA), dy = q + q rho by one FMA:
 *   ~0.5 ULP (bound spec.DERIV_BOUNDS: 2).
 * accurate float32: 1/u in double, u = 1 + x exact for 2^-29 <= |x| < 2^53 (elsewhere within
 *   2^-53), rounded once to float: within 0.5 ULP + 2^-28.
 * fast and approx: 1/u with u = 1 + x rounded (in the kernel's own arithmetic): u's rounding
 *   (< 1/2 ULP relative; none near x = -1, where 1 + x is exact by Sterbenz) and the
 *   division's: < 1.5 ULP.
 * Lanes with u outside [2^-1022, 2^1022] (float: [2^-126, 2^126]) or NaN take the scalar
 * routine: log1p'(-1) = +inf with divide-by-zero (1/(1 + x) in NumPy raises it too), NaN with
 * invalid below -1 (-inf included: log1p's NaN), 0 at +inf, a NaN x quieted, and underflow
 * where 1/u is subnormal and inexact (x > 2^1022, float 2^126), as NumPy's 1/(1 + x).
 * The fused kernels share u (and d) between log1p's evaluation and the derivative. */

/* 1/(u + d), corrected (accurate float64) */
static inline vd log1p_deriv_accurate_of(vd u, vd d) {
    vd q = vd_div(vd_set(1.0), u);
    vd rho = vd_fnma(d, q, vd_fnma(u, q, vd_set(1.0)));
    return vd_fma(q, rho, q);
}

/* The special lanes.  LOG1P_DERIV_SPECIAL(NAME, T, TINY, FMA, DY) defines NAME, returning DY
 * (of x, u = 1 + x and q = 1/u) for x > -1, with NumPy's underflow of 1/(1 + x) (q subnormal
 * and inexact): log1p_f64_deriv_special (accurate: 1/(u + d) corrected),
 * log1p_f64_deriv_special_plain (1/u), log1p_f32_deriv_special (float: 1/u). */
#define LOG1P_DERIV_SPECIAL(NAME, T, TINY, FMA, DY)                                         \
    VM_COLD static T NAME(T x, int *st) {                                                   \
        if (isnan(x)) return VM_FADD(x, x);                                                 \
        if (x == -1) {                                                                      \
            *st |= VM_FE_DIVBYZERO;                                                         \
            return INFINITY;                                                                \
        }                                                                                   \
        if (x < -1) {                                                                       \
            *st |= VM_FE_INVALID;                                                           \
            return LOG_INVALID_NAN;                                                         \
        }                                                                                   \
        if (isinf(x)) return 0;                                                             \
        T u = VM_FADD(x, (T)1), q = VM_FDIV((T)1, u);                                       \
        if (q < (TINY) && FMA(q, u, -1) != 0) *st |= VM_FE_UNDERFLOW;                       \
        return DY;                                                                          \
    }
static inline double log1p_deriv_accurate_one(double x) {
    vd d;
    vd u = log1p_sum_exact_f64(vd_set(x), &d);
    return vd_first(log1p_deriv_accurate_of(u, d));
}
LOG1P_DERIV_SPECIAL(log1p_f64_deriv_special, double, 0x1p-1022, fma, log1p_deriv_accurate_one(x))
LOG1P_DERIV_SPECIAL(log1p_f64_deriv_special_plain, double, 0x1p-1022, fma, q)
LOG1P_DERIV_SPECIAL(log1p_f32_deriv_special, float, 0x1p-126f, fmaf, q)
/* float32 accurate: 1/u in double, rounded once; NumPy's float 1/(1 + x) underflows where the
 * float result is subnormal and inexact */
VM_COLD static float log1p_f32_deriv_special_in_f64(float x, int *st) {
    if (!(x > -1) || isinf(x)) return log1p_f32_deriv_special(x, st);
    double q = VM_FDIV(1.0, VM_FADD((double)x, 1.0));
    float dy = (float)q;
    if (dy < 0x1p-126f && (double)dy != q) *st |= VM_FE_UNDERFLOW;
    return dy;
}

/* u outside [2^-1022, 2^1022] (float: [2^-126, 2^126]) or NaN: a superset of log1p's own
 * special lanes (u not positive normal) */
static inline vdm log1p_deriv_special_mask_f64(vd u) {
    return vdm_not(vdm_and(vd_ge(u, vd_set(0x1p-1022)), vd_le(u, vd_set(0x1p1022))));
}
static inline vdm log1p_deriv_special_mask_f32_in_f64(vd u) {
    return vdm_not(vdm_and(vd_ge(u, vd_set(0x1p-126)), vd_le(u, vd_set(0x1p126))));
}
static inline vfm log1p_deriv_special_mask_f32(vf u) {
    return vfm_not(vfm_and(vf_ge(u, vf_set(0x1p-126f)), vf_le(u, vf_set(0x1p126f))));
}

/* accurate float64: the fused kernel shares u (and d with the derivative) */
static inline vd log1p_f64_accurate_deriv_vec(vd x, int *st) {
    vd d;
    vd u = log1p_sum_exact_f64(x, &d);
    vd dy = log1p_deriv_accurate_of(u, d);
    vdm special = log1p_deriv_special_mask_f64(u);
    if (VM_RARE(vdm_bits(special))) dy = vd_fixup(x, dy, special, log1p_f64_deriv_special, st);
    return dy;
}
static inline vd log1p_f64_accurate_vd_vec(vd x, vd *dy, int *st) {
    vd d;
    vd u = log1p_sum_exact_f64(x, &d);
    /* the value kernel's core on the same u (its d from x and u: log1p-inl.h) */
    vd y = vd_min(log1p_f64_accurate_core_x(x, u), x);
    vd q = log1p_deriv_accurate_of(u, d);
    vdm dspecial = log1p_deriv_special_mask_f64(u);
    if (VM_RARE(vdm_bits(dspecial))) {
        q = vd_fixup(x, q, dspecial, log1p_f64_deriv_special, st);
        vdm special = log1p_f64_special_mask(u);
        if (vdm_bits(special)) y = vd_fixup(x, y, special, log1p_f64_special, st);
    }
    *dy = q;
    return y;
}

/* accurate float32, in double; its fused kernel is the two side by side on VD_W lanes (they
 * share one addition), the value by the double path (log1p_f32_accurate_half: the same bits as
 * the float-float kernel) */
static inline vfh log1p_f32_accurate_deriv_vec(vfh xf, int *st) {
    vd x = vd_from_vfh(xf);
    vd u = vd_add(x, vd_set(1.0));
    vfh dy = vfh_from_vd(vd_div(vd_set(1.0), u));
    vdm special = log1p_deriv_special_mask_f32_in_f64(u);
    if (VM_RARE(vdm_bits(special))) dy = vfh_fixup(xf, dy, special, log1p_f32_deriv_special_in_f64, st);
    return dy;
}
static inline vfh log1p_f32_accurate_vd_vec(vfh x, vfh *dy, int *st) {
    *dy = log1p_f32_accurate_deriv_vec(x, st);
    return log1p_f32_accurate_half(x, st);
}

/* fast and approx: 1/u on the u = 1 + x of the tier's evaluation.  LOG1P_DERIV_TIER(T, V, TIER,
 * DSPECIAL) defines log1p_<T>_<TIER>_deriv_vec and log1p_<T>_<TIER>_vd_vec:
 * log1p_f64_fast_deriv_vec, log1p_f64_fast_vd_vec, log1p_f64_approx_deriv_vec,
 * log1p_f64_approx_vd_vec, log1p_f32_fast_deriv_vec, log1p_f32_fast_vd_vec,
 * log1p_f32_approx_deriv_vec, log1p_f32_approx_vd_vec. */
#define LOG1P_DERIV_TIER(T, V, TIER, DSPECIAL)                                              \
    static inline V log1p_##T##_##TIER##_deriv_vec(V x, int *st) {                          \
        V u = V##_add(x, V##_set(1));                                                       \
        V dy = V##_div(V##_set(1), u);                                                      \
        V##m special = log1p_deriv_special_mask_##T(u);                                     \
        if (VM_RARE(V##m_bits(special))) dy = V##_fixup(x, dy, special, DSPECIAL, st);      \
        return dy;                                                                          \
    }                                                                                       \
    static inline V log1p_##T##_##TIER##_vd_vec(V x, V *dy, int *st) {                      \
        V u;                                                                                \
        V y = log1p_##T##_##TIER##_eval(x, &u);                                             \
        V q = V##_div(V##_set(1), u);                                                       \
        V##m dspecial = log1p_deriv_special_mask_##T(u);                                    \
        if (VM_RARE(V##m_bits(dspecial))) {                                                 \
            q = V##_fixup(x, q, dspecial, DSPECIAL, st);                                    \
            V##m special = log1p_##T##_special_mask(u);                                     \
            if (V##m_bits(special)) y = V##_fixup(x, y, special, log1p_##T##_##TIER##_special, st); \
        }                                                                                   \
        *dy = q;                                                                            \
        return y;                                                                           \
    }
LOG1P_DERIV_TIER(f64, vd, fast, log1p_f64_deriv_special_plain)
LOG1P_DERIV_TIER(f64, vd, approx, log1p_f64_deriv_special_plain)
LOG1P_DERIV_TIER(f32, vf, fast, log1p_f32_deriv_special)
LOG1P_DERIV_TIER(f32, vf, approx, log1p_f32_deriv_special)

/* vm_log1p_<tier>_deriv_<f64|f32> and vm_log1p_<tier>_vd_<f64|f32> (VM_DERIV_ARRAYS_TIERS) */
VM_DERIV_ARRAYS_TIERS(log1p, F32_IN_F64)

/* exp's evaluation, shared by every kernel file that needs exp: exp-inl.h (exp's own array
 * kernels), exp_deriv-inl.h, tanh-inl.h, tanh_deriv-inl.h, expm1-inl.h, expm1_deriv-inl.h,
 * sigmoid-inl.h, sigmoid_deriv-inl.h, softplus-inl.h.  The method and the
 * tiers' overview: exp-inl.h's opening comment; each tier's error budget is beside its core below,
 * and the measured worst inputs beside exp's array kernels in exp-inl.h (tests/test_docs.py reads
 * the .c files).  Needs simd/vm_simd.h (included by kernels_all.h first).
 * Defines the reduction and scale helpers (exp_f64_round_k, exp_f32_round_k, exp_f64_scale32,
 * exp_f64_scale16, exp_f64_scale32_tail, exp_f64_scale16_tail, exp_f32_scale16), the cores
 * (exp_f64_accurate_core, exp_f64_fast_core, exp_f64_approx_core, exp_f32_first_core,
 * exp_f32_fast_core, exp_f32_approx_core), the special
 * routines and every tier's vector function: exp_f64_accurate_vec, exp_f32_accurate_vec,
 * exp_f64_fast_vec, exp_f32_fast_vec, exp_f64_approx_vec, exp_f32_approx_vec; and, at the end,
 * exp with the reduction's low part kept (exp_f64_dd_reduce, exp_f64_dd_poly, exp_f64_dd). */
#ifndef VM_EXP_CORE_H
#define VM_EXP_CORE_H

#define EXP_K vm_exp_accurate_k
#define EXP_LIM vm_exp_limits /* thresholds, from vecmath.spec.LIMITS */

/* k = round(x * inv_ln2_n) as a double; its integer bits (low mantissa of z) in *ki. */
static inline vd exp_f64_round_k(vd x, double inv_ln2_n, double shift, vdi *ki) {
    vd z = vd_fma(x, vd_set(inv_ln2_n), vd_set(shift));
    *ki = vd_bits(z);
    return vd_sub(z, vd_set(shift));
}
static inline vf exp_f32_round_k(vf x, float inv_ln2_n, float shift, vfi *ki) {
    vf z = vf_fma(x, vf_set(inv_ln2_n), vf_set(shift));
    *ki = vf_bits(z);
    return vf_sub(z, vf_set(shift));
}

/* 2^(k/32) (rounded) for k in the double exponent range (the lookup reads entry k mod 32) */
static inline vd exp_f64_scale32(vdi ki) {
    return vd_from_bits(vdi_add(vdi_lookup(vm_exp_tab32_bits, ki, 32), vdi_shl(ki, 47)));
}
/* 2^(k/16) (rounded) for k in the double exponent range */
static inline vd exp_f64_scale16(vdi ki) {
    return vd_from_bits(vdi_add(vdi_lookup(vm_exp_tab16_bits, ki, 16), vdi_shl(ki, 48)));
}
/* 2^(k/N) (exp_f64_scale32, _scale16) and in *tail entry k mod N of vm_exp_tabN_tail (2^(k/N) =
 * scale (1 + tail)); AVX2 reads both from one row of vm_exp_tabN_rows (vd_lookup_rows) */
#if defined(VM_HAS_VD_LOOKUP_ROWS)
#define EXP_F64_SCALE_TAIL(N, SHIFT)                                                        \
    static inline vd exp_f64_scale##N##_tail(vdi ki, vd *tail) {                           \
        vd row[2];                                                                          \
        vd_lookup_rows(vm_exp_tab##N##_rows, ki, N, 2, row);                                \
        *tail = row[1];                                                                     \
        return vd_from_bits(vdi_add(vd_bits(row[0]), vdi_shl(ki, SHIFT)));                 \
    }
#else
#define EXP_F64_SCALE_TAIL(N, SHIFT)                                                        \
    static inline vd exp_f64_scale##N##_tail(vdi ki, vd *tail) {                           \
        *tail = vd_lookup(vm_exp_tab##N##_tail, ki, N);                                     \
        return exp_f64_scale##N(ki);                                                        \
    }
#endif
EXP_F64_SCALE_TAIL(32, 47) /* exp_f64_scale32_tail */
EXP_F64_SCALE_TAIL(16, 48) /* exp_f64_scale16_tail */
/* 2^(k/16) rounded to float, for k in the float exponent range */
static inline vf exp_f32_scale16(vfi ki) {
    return vf_from_bits(vfi_add(vfi_lookup(vm_exp_tab16_f32_bits, ki, 16), vfi_shl(ki, 19)));
}

/* p with exp(r) = 1 + r + r^2 p(r) for |r| <= ln2/64 (relative error 2^-63.2); r2 = r*r. */
static inline vd exp_f64_accurate_poly(vd r, vd r2) {
    vd p56 = vd_fma(r, vd_set(EXP_K.c6), vd_set(EXP_K.c5));
    vd p34 = vd_fma(r, vd_set(EXP_K.c4), vd_set(EXP_K.c3));
    return vd_fma(r, vd_fma(r2, p56, p34), vd_set(EXP_K.c2));
}

/* exp(x) = scale * (1 + tmp) for the accurate tiers: x = kd ln2/32 + r (r rounded once),
 * 2^(kd/32) = scale * (1 + tail).  Valid for |x| < 746.
 * accurate float64 (< 1 ULP): N = 32 plus tails (2^(j/32) to ~2^-106), degree 6 (2^-63.2).
 *   Budget: 0.5 ULP final rounding (scale + scale*tmp in one FMA) + 2^-63 polynomial + the
 *   roundings in tmp (r, r + r^2 p, tail + ..: each <= 2^-60 beside 1 + tmp, up to 2^-7 ULP
 *   where the result lies low in its binade) -> ~0.51 ULP, < 0.53 with every rounding at its
 *   worst (the measured maximum: exp-inl.h). */
static inline vd exp_f64_accurate_core(vd x, vd *scale) {
    vdi ki;
    vd kd = exp_f64_round_k(x, EXP_K.inv_ln2_n, EXP_K.shift, &ki);
    vd r = vd_fnma(kd, vd_set(EXP_K.ln2_lo_n), vd_fnma(kd, vd_set(EXP_K.ln2_hi_n), x));
    vd tail;
    *scale = exp_f64_scale32_tail(ki, &tail);
    vd r2 = vd_mul(r, r);
    return vd_add(tail, vd_fma(r2, exp_f64_accurate_poly(r, r2), r));
}

/* exp's special inputs that need no evaluation: NaN, x above the overflow limit (+inf,
 * overflow for finite x) and below the zero limit (+0, underflow for finite x) give their
 * result in *y and return 1; any other x returns 0. */
#define EXP_SPECIAL_VALUE(NAME, T, OVER, ZERO)                                              \
    static inline int NAME(T x, T *y, int *st) {                                            \
        if (isnan(x)) *y = VM_FADD(x, x);                                                   \
        else if (x > (T)(OVER)) {                                                           \
            if (!isinf(x)) *st |= VM_FE_OVERFLOW;                                           \
            *y = INFINITY;                                                                  \
        } else if (x < (T)(ZERO)) {                                                         \
            if (!isinf(x)) *st |= VM_FE_UNDERFLOW;                                          \
            *y = 0;                                                                         \
        } else return 0;                                                                    \
        return 1;                                                                           \
    }
EXP_SPECIAL_VALUE(exp_f64_special_value, double, EXP_LIM.f64_overflow_above, EXP_LIM.f64_zero_below)
EXP_SPECIAL_VALUE(exp_f32_special_value, float, EXP_LIM.f32_overflow_above, EXP_LIM.f32_zero_below)

/* Accurate exp for any double: NaN, overflow and zero constants beyond the limits; between
 * them 2^(k/32) built 2^1009 smaller (k > 0: it may overflow) or 2^1022 larger (k <= 0: it may
 * underflow), and a subnormal result rounded once from the exact scale + scale*tmp. */
VM_COLD static double exp_f64_special(double x, int *st) {
    double y;
    if (exp_f64_special_value(x, &y, st)) return y;
    vd scale_unused;
    double tmp = vd_first(exp_f64_accurate_core(vd_set(x), &scale_unused));
    int64_t k = (int64_t)vd_first(vd_sub(vd_fma(vd_set(x), vd_set(EXP_K.inv_ln2_n),
                                                vd_set(EXP_K.shift)), vd_set(EXP_K.shift)));
    uint64_t sbits = vm_exp_tab32_bits[k & 31] + ((uint64_t)k << 47);
    if (k > 0) { /* x is at most the overflow limit: the result is finite */
        double scale = vm_asdouble(sbits - (1009ull << 52));
        return VM_FMUL(0x1p1009, fma(scale, tmp, scale));
    }
    double scale = vm_asdouble(sbits + (1022ull << 52)); /* 2^1022 larger: normal */
    y = fma(scale, tmp, scale);
    if (y < 1.0) {
        /* Result is subnormal after scaling by 2^-1022: round once, to 2^-52 steps of the
         * scaled value (= subnormal ulps), from the exact sum scale + scale*tmp. */
        double lo = fma(scale, tmp, VM_FSUB(scale, y)); /* y + lo = scale + scale*tmp, to 2^-106 */
        double hi = VM_FADD(1.0, y);
        lo = VM_FADD(VM_FADD(VM_FSUB(1.0, hi), y), lo); /* 1 - hi + y + lo */
        y = VM_FSUB(VM_FADD(hi, lo), 1.0);
        if (y == 0.0) y = 0.0; /* never -0 */
        *st |= VM_FE_UNDERFLOW;
    }
    return VM_FMUL(0x1p-1022, y);
}

/* The fast and approx tiers' special lanes (exp_*_special_of): NaN, overflow and zero
 * constants beyond the limits; between them the tier's own core, with 2^(k/N) built 2^64
 * smaller (x > 0) or larger (x <= 0), where it may itself overflow or underflow (its bits
 * wrap; the offset puts the exponent back in range), then scaled back by one multiplication:
 * a subnormal result is rounded twice (< 0.5 ULP more).  Where the result is normal this is
 * the hot path's scale + scale*tmp exactly scaled, the same bits, so the numba kernels run it
 * on every lane.  At or below the overflow limit (the largest x with a finite exp(x)) an
 * overflow is the tier's own error: the largest finite value instead. */
static inline vd exp_f64_scaled(vd x, vd scale, vd tmp) {
    vdm up = vd_gt(x, vd_set(0.0));
    vd s = vd_from_bits(vdi_add(vd_bits(scale),
                                vdi_select(up, vdi_set(-(64ll << 52)), vdi_set(64ll << 52))));
    return vd_mul(vd_fma(s, tmp, s), vd_select(up, vd_set(0x1p64), vd_set(0x1p-64)));
}

static inline double exp_f64_special_of(double x, int *st, vd (*core)(vd, vd *)) {
    double y;
    if (exp_f64_special_value(x, &y, st)) return y;
    vd scale;
    vd tmp = core(vd_set(x), &scale);
    y = vd_first(exp_f64_scaled(vd_set(x), scale, tmp));
    if (isinf(y)) y = 0x1.fffffffffffffp1023; /* DBL_MAX */
    if (y < 0x1p-1022) *st |= VM_FE_UNDERFLOW;
    return y;
}

/* y = scale + scale*tmp, with special lanes recomputed by the tier's special routine */
static inline vd exp_f64_finish(vd x, vd scale, vd tmp, vm_special_f64 special_fn, int *st) {
    vd y = vd_fma(scale, tmp, scale);
    vdm special = vdm_not(vd_lt(vd_abs(x), vd_set(EXP_LIM.f64_branch_free_abs)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, special_fn, st);
    return y;
}

static inline vd exp_f64_accurate_vec(vd x, int *st) {
    vd scale;
    vd tmp = exp_f64_accurate_core(x, &scale);
    return exp_f64_finish(x, scale, tmp, exp_f64_special, st);
}

/* exp(x) = scale * (1 + tmp) for the fast float64 tier (N = 16, degree 6, |x| < 704).
 * fast float64 (faithful): N = 16 (one register permute on AVX-512, where N = 32 took two and
 *   a blend) with the table's tails (2^(j/16) = scale (1 + tail) to 2^-106: one more permute
 *   and one addition, tmp = tail + (r + r^2 p)), degree 6 (2^-56.3): final rounding 0.5 + the
 *   polynomial's 0.1 + tmp's roundings (< 2^-58 relative) < 0.62 ULP.  Without the tails,
 *   scale's own rounding added up to 0.5 ULP (measured 1.08).  Subnormal results come from
 *   exp_f64_special_of, rounded twice (< 0.5 ULP more): the measured worst (exp-inl.h) is one. */
static inline vd exp_f64_fast_core(vd x, vd *scale) {
#define K vm_exp_fast_f64_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vd r = vd_fnma(kd, vd_set(K.ln2_hi_n), x);
    r = vd_fnma(kd, vd_set(K.ln2_lo_n), r);
    vd r2 = vd_mul(r, r);
    vd p = vd_fma(r2, vd_fma(r2, vd_set(K.c6), vd_fma(r, vd_set(K.c5), vd_set(K.c4))),
                  vd_fma(r, vd_set(K.c3), vd_set(K.c2)));
    /* the table's tail: 2^(k/16) = scale (1 + tail) to 2^-106, so scale's rounding costs nothing */
    vd tail;
    *scale = exp_f64_scale16_tail(ki, &tail);
    return vd_add(tail, vd_fma(r2, p, r));
#undef K
}

/* exp(x) = scale (1 + tmp) as eh + *el (|tmp| < 2^-6): eh = scale + scale tmp rounded once,
 * el its rounding error, rounded (2^-106 of e): scale - eh is exact by Sterbenz.  For the
 * kernels that carry e's low part (sigmoid, softplus and their derivatives). */
static inline vd exp_f64_split(vd scale, vd tmp, vd *el) {
    vd eh = vd_fma(scale, tmp, scale);
    *el = vd_fma(scale, tmp, vd_sub(scale, eh));
    return eh;
}

/* The float32 accurate and fast tiers of sigmoid and softplus, whose float32 runs in double
 * from e = exp(-|x|): FN_f32_first_pass(x) (double), FN_f32_special (one lane, correctly
 * rounded: results that may be subnormal, x < -LIM.f32_branch_free_abs, and NaN) and DD(x, &lo)
 * (the double-double for the accurate tier's unsure lanes).  Makes FN_f32_accurate_vec: the
 * first pass rounded to float unless it lies within LIM.f32_cr_window double ulps of a float
 * midpoint, where DD rounded once (vm_round_dd_f32) decides; and FN_f32_fast_vec: the first
 * pass rounded.  Both send the special lanes to FN_f32_special.  EXP_F32_IN_F64_ACCURATE makes
 * the accurate one alone (sigmoid's fast float32 runs in float). */
#define EXP_F32_IN_F64_TIERS(FN, LIM, DD)                                                   \
    EXP_F32_IN_F64_ACCURATE(FN, LIM, DD)                                                    \
    static inline vfh FN##_f32_fast_vec(vfh xf, int *st) {                                  \
        vd x = vd_from_vfh(xf);                                                             \
        vfh yf = vfh_from_vd(FN##_f32_first_pass(x));                                       \
        vdm special = vdm_not(vd_ge(x, vd_set(-LIM.f32_branch_free_abs)));                  \
        if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, FN##_f32_special, st); \
        return yf;                                                                          \
    }
#define EXP_F32_IN_F64_ACCURATE(FN, LIM, DD)                                                \
    static inline vfh FN##_f32_accurate_vec(vfh xf, int *st) {                              \
        vd x = vd_from_vfh(xf);                                                             \
        vd y = FN##_f32_first_pass(x);                                                      \
        vdm hard = vd_near_f32_midpoint(y, (int64_t)LIM.f32_cr_window);                     \
        vdm special = vdm_not(vd_ge(x, vd_set(-LIM.f32_branch_free_abs)));                  \
        if (VM_RARE(vdm_bits(hard))) {                                                      \
            vd lo;                                                                          \
            vd s = DD(x, &lo);                                                              \
            y = vd_select(hard, vd_from_vfh(vm_round_dd_f32(s, lo)), y);                    \
        }                                                                                   \
        vfh yf = vfh_from_vd(y);                                                            \
        if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, FN##_f32_special, st); \
        return yf;                                                                          \
    }

/* A fast or approx tier from its core: the special lanes run that core, scaled
 * (exp_*_special_of); the others scale + scale*tmp (exp_*_finish).  T: f64 or f32, C its
 * C type, V its vector.  Makes exp_<T>_<TIER>_special and exp_<T>_<TIER>_vec: below, for
 * exp_f64_fast_special, exp_f64_fast_vec, exp_f64_approx_special, exp_f64_approx_vec,
 * exp_f32_fast_special, exp_f32_fast_vec, exp_f32_approx_special, exp_f32_approx_vec (each
 * use names its two). */
#define EXP_TIER(T, C, V, TIER)                                                             \
    VM_COLD static C exp_##T##_##TIER##_special(C x, int *st) {                             \
        return exp_##T##_special_of(x, st, exp_##T##_##TIER##_core);                        \
    }                                                                                       \
    static inline V exp_##T##_##TIER##_vec(V x, int *st) {                                  \
        V scale;                                                                            \
        V tmp = exp_##T##_##TIER##_core(x, &scale);                                         \
        return exp_##T##_finish(x, scale, tmp, exp_##T##_##TIER##_special, st);             \
    }
EXP_TIER(f64, double, vd, fast) /* exp_f64_fast_special, exp_f64_fast_vec */

/* exp(x) = scale * (1 + tmp) for the approx float64 tier (N = 16, |x| < 704).
 * approx float64 (bound 2^26 ULP): N = 16, degree 3 (2^-29.2), one-constant reduction (ln2/16
 *   in one double; N = 32 gave 2^-33.2 and < 2^21 ULP but ran 29 % slower): < 2^24 ULP. */
static inline vd exp_f64_approx_core(vd x, vd *scale) {
#define K vm_exp_approx_f64_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vd r = vd_fnma(kd, vd_set(K.ln2_n), x);
    *scale = exp_f64_scale16(ki);
    return vd_fma(vd_mul(r, r), vd_fma(r, vd_set(K.c3), vd_set(K.c2)), r);
#undef K
}

EXP_TIER(f64, double, vd, approx) /* exp_f64_approx_special, exp_f64_approx_vec */

/* Accurate exp for any float: the float64 accurate evaluation as an exact double-double
 * s + e (error < 2^-58 relative), rounded once: the float32 accurate tier's unsure lanes and
 * those outside float's normal range (|x| >= vm_exp_limits.f32_accurate_branch_free_abs, 86). */
VM_COLD static float exp_f32_special(float x, int *st) {
    float y;
    if (exp_f32_special_value(x, &y, st)) return y;
    vd scale;
    vd tmp = exp_f64_accurate_core(vd_set((double)x), &scale);
    vd t = vd_mul(scale, tmp);
    vd s = vd_add(scale, t);
    vd e = vd_sub(t, vd_sub(s, scale)); /* |t| < scale: s + e = scale + t exactly */
    y = vm_round_dd_f32_any(vd_first(s), vd_first(e));
    if (isinf(y)) *st |= VM_FE_OVERFLOW;
    if (y < 0x1p-126f) *st |= VM_FE_UNDERFLOW;
    return y;
}

/* exp(x) = scale (1 + tmp) for the float32 first try (and tanh's): N = 16 without tails, degree
 * 4, in double; relative error bound in vm_exp_f32_accurate_k's comment.  |x| < 2^11 ln2/16. */
static inline vd exp_f32_first_core(vd x, vd *scale) {
#define K vm_exp_f32_accurate_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vd r = vd_fnma(kd, vd_set(K.ln2_n), x);
    *scale = exp_f64_scale16(ki);
    return vd_fma(vd_mul(r, r), vd_fma(r, vd_fma(r, vd_set(K.c4), vd_set(K.c3)), vd_set(K.c2)), r);
#undef K
}

/* accurate float32 (correctly rounded): in double, exp_f32_first_core (N = 16, degree 4); the
 *   generator sums the error bound (polynomial, table, reduction, roundings:
 *   vm_exp_f32_accurate_k's comment) and turns it into a window in double ulps, rounded up to
 *   a power of two (2^17: one bit test): float(y) is the correctly rounded result unless y lies
 *   within it of a float midpoint (about 2^-11 of inputs).  Those, and results outside float's
 *   normal range, take exp_f32_special: the float64 accurate evaluation kept as an exact
 *   double-double (error < 2^-58) and rounded once; the exhaustive test proves every float
 *   input correctly rounded. */
static inline vfh exp_f32_accurate_vec(vfh xf, int *st) {
#define K vm_exp_f32_accurate_k
    vd x = vd_from_vfh(xf);
    vd scale;
    vd tmp = exp_f32_first_core(x, &scale);
    vd y = vd_fma(scale, tmp, scale);
    vdm unsure = vd_near_f32_midpoint(y, (int64_t)K.window);
    vdm special = vdm_or(unsure, vdm_not(vfh_abs_lt(xf, x, (float)EXP_LIM.f32_accurate_branch_free_abs)));
    vfh yf = vfh_from_vd(y);
    if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, exp_f32_special, st);
    return yf;
#undef K
}

/* the float version of exp_f64_scaled and exp_f64_special_of */
static inline vf exp_f32_scaled(vf x, vf scale, vf tmp) {
    vfm up = vf_gt(x, vf_set(0.0f));
    vf s = vf_from_bits(vfi_add(vf_bits(scale),
                                vfi_select(up, vfi_set(-(64 << 23)), vfi_set(64 << 23))));
    return vf_mul(vf_fma(s, tmp, s), vf_select(up, vf_set(0x1p64f), vf_set(0x1p-64f)));
}

static inline float exp_f32_special_of(float x, int *st, vf (*core)(vf, vf *)) {
    float y;
    if (exp_f32_special_value(x, &y, st)) return y;
    vf scale;
    vf tmp = core(vf_set(x), &scale);
    y = vf_first(exp_f32_scaled(vf_set(x), scale, tmp));
    if (isinf(y)) y = 0x1.fffffep127f; /* FLT_MAX: x <= the largest x with a finite exp(x) */
    if (y < 0x1p-126f) *st |= VM_FE_UNDERFLOW;
    return y;
}

/* y = scale + scale*tmp in float, with special lanes recomputed by the tier's routine */
static inline vf exp_f32_finish(vf x, vf scale, vf tmp, vm_special_f32 special_fn, int *st) {
    vf y = vf_fma(scale, tmp, scale);
    /* lo < x < hi as |x - mid| < half: one compare, and x - mid is exact near the bounds
     * (they and mid are small integers: x and x - mid share their ulp there) */
    const float mid = (float)((EXP_LIM.f32_branch_free_lo + EXP_LIM.f32_branch_free_hi) / 2);
    const float half = (float)((EXP_LIM.f32_branch_free_hi - EXP_LIM.f32_branch_free_lo) / 2);
    vfm special = vfm_not(vf_lt(vf_abs(vf_sub(x, vf_set(mid))), vf_set(half)));
    if (VM_RARE(vfm_bits(special))) y = vf_fixup(x, y, special, special_fn, st);
    return y;
}

/* exp(x) = scale (1 + tmp), the fast float32 tier: float, N = 16, degree 3
 * fast float32 (faithful): float arithmetic, N = 16 float table, two-part reduction, degree 3
 *   (2^-29.2): < 2 ULP by the sum of its errors; the exhaustive test proves every float input
 *   within 1 ULP (the maximum: exp-inl.h). */
static inline vf exp_f32_fast_core(vf x, vf *scale) {
#define K vm_exp_fast_f32_k
    vfi ki;
    vf kf = exp_f32_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vf r = vf_fnma(kf, vf_set(K.ln2_hi_n), x);
    r = vf_fnma(kf, vf_set(K.ln2_lo_n), r);
    vf q = vf_fma(r, vf_fma(r, vf_set(K.c3), vf_set(K.c2)), vf_set(K.c1));
    *scale = exp_f32_scale16(ki);
    return vf_mul(r, q);
#undef K
}

EXP_TIER(f32, float, vf, fast) /* exp_f32_fast_special, exp_f32_fast_vec */

/* exp(x) = scale (1 + tmp), the approx float32 tier: N = 16, degree 2, one-constant reduction
 * approx float32 (bound 2^11 ULP): float, degree 2 (2^-21.2): < 2^4 ULP. */
static inline vf exp_f32_approx_core(vf x, vf *scale) {
#define K vm_exp_approx_f32_k
    vfi ki;
    vf kf = exp_f32_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vf r = vf_fnma(kf, vf_set(K.ln2_n), x);
    vf q = vf_fma(r, vf_set(K.c2), vf_set(K.c1));
    *scale = exp_f32_scale16(ki);
    return vf_mul(r, q);
#undef K
}

EXP_TIER(f32, float, vf, approx) /* exp_f32_approx_special, exp_f32_approx_vec */

/* exp with the reduction's low part kept, for results needed to ~2^-63 (tanh's accurate and fast
 * float64 E = exp(2a), sigmoid's and softplus's accurate float64 e = exp(-a)): 2^(k/16) (1 + tail)
 * exp(r) from exp's N = 16 table and its tails (one register permute each on AVX-512) and a
 * polynomial of degree 7 on |r| <= ln2/32 (vm_tanh_exp_k, made by _gen/tanh.py: 2^-65.3).
 * exp(x) for |x| < 2^15 ln2/16: x = kd ln2/16 + r_hi (r_hi exact: ln2_hi_n has 37 bits),
 * r = r_hi - kd ln2_lo_n rounded, delta = -kd ln2_lo_n (r_hi + delta = x - k ln2/16 to 2^-87);
 * exp(x) = scale (1 + tail) exp(r). */
static inline vd exp_f64_dd_reduce(vd x, vd *r_hi, vd *delta, vd *scale, vd *tail) {
#define K vm_tanh_exp_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    *r_hi = vd_fnma(kd, vd_set(K.ln2_hi_n), x); /* exact */
    *delta = vd_mul(kd, vd_set(-K.ln2_lo_n));
    *scale = exp_f64_scale16_tail(ki, tail);
    return vd_fnma(kd, vd_set(K.ln2_lo_n), *r_hi);
#undef K
}

/* p with exp(r) = 1 + r + r^2 p(r) for |r| <= ln2/32 (2^-65.3); r2 = r*r; Estrin. */
static inline vd exp_f64_dd_poly(vd r, vd r2) {
#define K vm_tanh_exp_k
    vd p23 = vd_fma(r, vd_set(K.c3), vd_set(K.c2));
    vd p45 = vd_fma(r, vd_set(K.c5), vd_set(K.c4));
    vd p67 = vd_fma(r, vd_set(K.c7), vd_set(K.c6));
    return vd_fma(vd_mul(r2, r2), p67, vd_fma(r2, p45, p23));
#undef K
}

/* exp(x) = eh + el (~2^-63 relative) for -745 < x <= 0 with a normal result (sigmoid's and
 * softplus's accurate float64 e = exp(-a), a <= 700): exp(x) = scale (1 + r_hi + lo),
 * lo = delta + r^2 p(r) + tail (1 + r) (its terms' roundings below 2^-53 of |lo| <= 2^-11),
 * summed by Fast2Sum into m + m_lo (|r_hi| >= |lo| or both below 2^-33) and scaled into
 * eh + el (scale - eh exact by Sterbenz). */
static inline vd exp_f64_dd(vd x, vd *el) {
    vd r_hi, delta, scale, tail;
    vd r = exp_f64_dd_reduce(x, &r_hi, &delta, &scale, &tail);
    vd r2 = vd_mul(r, r);
    vd lo = vd_fma(r2, exp_f64_dd_poly(r, r2), vd_add(vd_fma(tail, r, tail), delta));
    vd m = vd_add(r_hi, lo);
    vd m_lo = vd_add(vd_sub(r_hi, m), lo);
    vd eh = vd_fma(scale, m, scale);
    *el = vd_fma(scale, m_lo, vd_fma(scale, m, vd_sub(scale, eh)));
    return eh;
}

#endif /* VM_EXP_CORE_H */

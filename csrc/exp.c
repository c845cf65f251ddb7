/* exp(x) for float64 and float32, three tiers.
 *
 * Method: x = k ln2/N + r, |r| <= ln2/(2N), k = round(x N/ln2) by the 1.5*2^52 shift trick;
 * exp(x) = 2^(k/N) exp(r) with 2^(j/N) from a table (j = k mod N) and exp(r) from a minimax
 * polynomial.  Tables and coefficients: csrc/generated/vm_data.h (python -m vecmath._gen).
 *
 * accurate float64: N = 32 table plus tails (2^(j/32) to ~2^-106), degree 6 (2^-63.2
 *   relative), result scale + scale*tmp in one FMA.  Budget: 0.5 ULP final rounding + 2^-63
 *   polynomial + ~2^-60 rounding inside tmp (|tmp| < 2^-6.5) ~ 0.51 ULP.
 * accurate float32: the same evaluation in double on (double)x, ending in a double-double
 *   (s, e) whose error is below 2^-58 relative; rounding it to float is exact unless exp(x)
 *   lies within 2^-58 of a float midpoint, which the exhaustive test shows happens for no
 *   float input: every result is correctly rounded.
 * fast float64: N = 16 table without tails, degree 6 (2^-56.3): table rounding 2^-53 relative
 *   + final rounding -> < 2 ULP.
 * approx float64: N = 16, degree 3 (2^-29.2 relative) -> < 2^24 ULP.
 * fast float32: float arithmetic, no table, |r| <= ln2/2, degree 6 (2^-28): < 2 ULP.
 * approx float32: float, degree 4 (2^-18.1 relative): < 2^7 ULP.
 *
 * Special inputs leave the branch-free path through one compare: NaN, |x| beyond the range
 * where 2^k needs no care (float64 |x| >= 704, float32 outside (-86, 88)), go to the scalar
 * exp_f64_special / exp_f32_special, which give the accurate result for every input (so fast
 * and approx keep correct subnormal results) and report overflow/underflow. */

#define EXP_K vm_exp_accurate_k

/* The accurate tiers' reduction: x = kd ln2/32 + r + r_lo (r_lo: what rounding r dropped),
 * 2^(kd/32) = scale * (1 + tail).  Valid for |x| < 746. */
static inline vd exp_accurate_reduce(vd x, vd *kd_out, vd *r_lo, vd *scale, vd *tail) {
    vd z = vd_fma(x, vd_set(EXP_K.inv_ln2_n), vd_set(EXP_K.shift));
    vdi ki = vd_bits(z);
    vd kd = vd_sub(z, vd_set(EXP_K.shift));
    vd r_hi = vd_fnma(kd, vd_set(EXP_K.ln2_hi_n), x); /* exact */
    vd r = vd_fnma(kd, vd_set(EXP_K.ln2_lo_n), r_hi);
    *r_lo = vd_fnma(kd, vd_set(EXP_K.ln2_lo_n), vd_sub(r_hi, r));
    vdi idx = vdi_and(ki, vdi_set(31));
    *scale = vd_from_bits(vdi_add(vdi_lookup(vm_exp_tab32_bits, idx, 32), vdi_shl(ki, 47)));
    *tail = vd_lookup(vm_exp_tab32_tail, idx, 32);
    *kd_out = kd;
    return r;
}

/* p with exp(r) = 1 + r + r^2 p(r) for |r| <= ln2/64 (relative error 2^-63.2); r2 = r*r. */
static inline vd exp_accurate_poly(vd r, vd r2) {
    vd p56 = vd_fma(r, vd_set(EXP_K.c6), vd_set(EXP_K.c5));
    vd p34 = vd_fma(r, vd_set(EXP_K.c4), vd_set(EXP_K.c3));
    return vd_fma(r, vd_fma(r2, p56, p34), vd_set(EXP_K.c2));
}

/* exp(x) = scale * (1 + tmp) for the accurate tiers; tmp and scale valid for |x| < 746. */
static inline vd exp_accurate_core(vd x, vd *kd_out, vd *scale) {
    vd r_lo, tail;
    vd r = exp_accurate_reduce(x, kd_out, &r_lo, scale, &tail);
    vd r2 = vd_mul(r, r);
    return vd_add(tail, vd_fma(r2, exp_accurate_poly(r, r2), r));
}

/* Accurate exp for any double: NaN, infinities, overflow and subnormal results. */
static double exp_f64_special(double x, int *st) {
    if (isnan(x)) return x + x;
    if (x > 710.0) {
        if (!isinf(x)) *st |= VM_FE_OVERFLOW;
        return INFINITY;
    }
    if (x < -746.0) {
        if (!isinf(x)) *st |= VM_FE_UNDERFLOW;
        return 0.0;
    }
    vd kdv, scalev;
    double tmp = vd_first(exp_accurate_core(vd_set(x), &kdv, &scalev));
    int64_t k = (int64_t)vd_first(kdv);
    uint64_t sbits = vm_exp_tab32_bits[k & 31] + ((uint64_t)k << 47);
    double y;
    if (k > 0) { /* 2^(k/32) may overflow: build it 2^1009 smaller, scale back at the end */
        double scale = vm_asdouble(sbits - (1009ull << 52));
        y = 0x1p1009 * fma(scale, tmp, scale);
        if (isinf(y)) *st |= VM_FE_OVERFLOW;
        return y;
    }
    double scale = vm_asdouble(sbits + (1022ull << 52)); /* 2^1022 larger: normal */
    y = fma(scale, tmp, scale);
    if (y < 1.0) {
        /* Result is subnormal after scaling by 2^-1022: round once, to 2^-52 steps of the
         * scaled value (= subnormal ulps), from the exact sum scale + scale*tmp. */
        double lo = fma(scale, tmp, scale - y); /* y + lo = scale + scale*tmp, to 2^-106 */
        double hi = 1.0 + y;
        lo = 1.0 - hi + y + lo;
        y = (hi + lo) - 1.0;
        if (y == 0.0) y = 0.0; /* never -0 */
        *st |= VM_FE_UNDERFLOW;
    }
    return 0x1p-1022 * y;
}

static inline vd exp_f64_accurate_vec(vd x, int *st) {
    vd kd, scale;
    vd tmp = exp_accurate_core(x, &kd, &scale);
    vd y = vd_fma(scale, tmp, scale);
    vdm special = vdm_not(vd_lt(vd_abs(x), vd_set(704.0)));
    if (vdm_bits(special)) y = vd_fixup(x, y, special, exp_f64_special, st);
    return y;
}

/* Accurate float32 result from the double evaluation: the exact sum scale + scale*tmp as a
 * double-double, rounded once. */
static inline vd exp_f32_dd(vd x, vd *e) {
    vd kd, scale;
    vd tmp = exp_accurate_core(x, &kd, &scale);
    vd t = vd_mul(scale, tmp);
    vd s = vd_add(scale, t);
    *e = vd_sub(t, vd_sub(s, scale)); /* |t| < scale: exact */
    return s;
}

/* Accurate exp for any float, used by every float32 tier outside its fast range. */
static float exp_f32_special(float x, int *st) {
    if (isnan(x)) return x + x;
    if (x > 89.0f) {
        if (!isinf(x)) *st |= VM_FE_OVERFLOW;
        return INFINITY;
    }
    if (x < -104.0f) {
        if (!isinf(x)) *st |= VM_FE_UNDERFLOW;
        return 0.0f;
    }
    vd e;
    double s = vd_first(exp_f32_dd(vd_set((double)x), &e));
    float y = vm_round_dd_f32_any(s, vd_first(e));
    if (isinf(y)) *st |= VM_FE_OVERFLOW;
    if (y < 0x1p-126f) *st |= VM_FE_UNDERFLOW;
    return y;
}

static inline vfh exp_f32_accurate_vec(vfh xf, int *st) {
    vd x = vd_from_vfh(xf), e;
    vd s = exp_f32_dd(x, &e);
    vfh y = vm_round_dd_f32(s, e);
    vdm special = vdm_not(vdm_and(vd_gt(x, vd_set(-86.0)), vd_lt(x, vd_set(88.0))));
    if (vdm_bits(special)) y = vfh_fixup(xf, y, special, exp_f32_special, st);
    return y;
}

/* fast / approx float64: N = 16, 2^(j/16) from one 16-entry table (a register permute on
 * AVX-512), polynomial 1 + r + r^2 q(r).  CORE declares scale and tmp, exp(x) = scale (1 + tmp). */
#define EXP_F64_TABLE16_CORE(K, Q)                                                     \
    vd z = vd_fma(x, vd_set(K.inv_ln2_n), vd_set(K.shift));                            \
    vdi ki = vd_bits(z);                                                               \
    vd kd = vd_sub(z, vd_set(K.shift));                                                \
    vd r = vd_fnma(kd, vd_set(K.ln2_hi_n), x);                                         \
    r = vd_fnma(kd, vd_set(K.ln2_lo_n), r);                                            \
    vdi idx = vdi_and(ki, vdi_set(15));                                                \
    vd scale = vd_from_bits(vdi_add(vdi_lookup(vm_exp_tab16_bits, idx, 16), vdi_shl(ki, 48))); \
    vd r2 = vd_mul(r, r);                                                              \
    vd tmp = vd_fma(r2, (Q), r);
#define EXP_F64_TABLE16_FINISH                                                         \
    vd y = vd_fma(scale, tmp, scale);                                                  \
    vdm special = vdm_not(vd_lt(vd_abs(x), vd_set(704.0)));                            \
    if (vdm_bits(special)) y = vd_fixup(x, y, special, exp_f64_special, st);           \
    return y;

/* exp(x) = scale * (1 + tmp) for the fast float64 tier (2^-53 relative, |x| < 704); tanh's
 * approx tier uses it too. */
static inline vd exp_fast_f64_core(vd x, vd *scale_out) {
#define K vm_exp_fast_f64_k
    EXP_F64_TABLE16_CORE(K, vd_fma(r, vd_fma(r2, vd_fma(r, vd_set(K.c6), vd_set(K.c5)),
                                             vd_fma(r, vd_set(K.c4), vd_set(K.c3))),
                                   vd_set(K.c2)))
#undef K
    *scale_out = scale;
    return tmp;
}

static inline vd exp_f64_fast_vec(vd x, int *st) {
    vd scale;
    vd tmp = exp_fast_f64_core(x, &scale);
    EXP_F64_TABLE16_FINISH
}

static inline vd exp_f64_approx_vec(vd x, int *st) {
#define K vm_exp_approx_f64_k
    EXP_F64_TABLE16_CORE(K, vd_fma(r, vd_set(K.c3), vd_set(K.c2)))
    EXP_F64_TABLE16_FINISH
#undef K
}

/* fast / approx float32: 2^k p(r) in float arithmetic, 2^k added to p's exponent field. */
#define EXP_F32_NO_TABLE(K, P)                                                         \
    vf z = vf_fma(x, vf_set(K.inv_ln2), vf_set(K.shift));                              \
    vfi ki = vf_bits(z);                                                               \
    vf kf = vf_sub(z, vf_set(K.shift));                                                \
    vf r = vf_fnma(kf, vf_set(K.ln2_hi), x);                                           \
    r = vf_fnma(kf, vf_set(K.ln2_lo), r);                                              \
    vf p = (P);                                                                        \
    vf y = vf_from_bits(vfi_add(vf_bits(p), vfi_shl(ki, 23)));                         \
    vfm special = vfm_not(vfm_and(vf_gt(x, vf_set(-86.0f)), vf_lt(x, vf_set(88.0f))));  \
    if (vfm_bits(special)) y = vf_fixup(x, y, special, exp_f32_special, st);           \
    return y;

static inline vf exp_f32_fast_vec(vf x, int *st) {
#define K vm_exp_fast_f32_k
    EXP_F32_NO_TABLE(K, vf_add(vf_set(1.0f),
        vf_fma(vf_mul(r, r),
               vf_fma(r, vf_fma(r, vf_fma(r, vf_fma(r, vf_set(K.c6), vf_set(K.c5)), vf_set(K.c4)),
                                vf_set(K.c3)), vf_set(K.c2)),
               r)))
#undef K
}

static inline vf exp_f32_approx_vec(vf x, int *st) {
#define K vm_exp_approx_f32_k
    EXP_F32_NO_TABLE(K, vf_fma(r, vf_fma(r, vf_fma(r, vf_fma(r, vf_set(K.c4), vf_set(K.c3)),
                                                    vf_set(K.c2)), vf_set(K.c1)), vf_set(1.0f)))
#undef K
}

VM_ARRAY_F64(vm_exp_accurate_f64, exp_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_exp_accurate_f32, exp_f32_accurate_vec)
VM_ARRAY_F64(vm_exp_fast_f64, exp_f64_fast_vec)
VM_ARRAY_F32(vm_exp_fast_f32, exp_f32_fast_vec)
VM_ARRAY_F64(vm_exp_approx_f64, exp_f64_approx_vec)
VM_ARRAY_F32(vm_exp_approx_f32, exp_f32_approx_vec)

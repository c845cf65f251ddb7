/* erfc(x) = 1 - erf(x) for float64 and float32, three tiers, on erf's evaluation (erf-inl.h,
 * included before this file: erf_small_dd, erfc_big_dd, erf_exp_dd, erf_round_scaled).
 *
 * Method (a = |x|):
 *   a < 1/2:            1 - erf(x) from erf_small_dd (erf(a) <= 0.52, so its relative error
 *                       reaches erfc at most 1.09 times), 1 - h by Fast2Sum;
 *   a >= 1/2, x > 0:    erfc_big_dd: exp(-a^2) erfcx(a) (2^-59 relative);
 *   x <= -1/2:          2 - erfc(a) (Fast2Sum: 2 > erfc(a)), a clamped to f64_erfc_normal
 *                       (25.5: 2 - erfc rounds to 2 long before);
 *   x > f64_erfc_normal (25.5, where erfc nears double's subnormal range) and NaN:
 *                       one lane at a time (erfc_f64_special): exp(-a^2) = exp(-a^2/2)^2, each
 *                       factor normal, the product scaled by 2^600 and rounded once to the
 *                       subnormal grid (erf_round_scaled); +0 beyond f64_zero (27.5) and +inf.
 * erfc(-inf) = 2, erfc(+inf) = +0, NaN propagates (x + x).  erfc reports no status bits, as
 * SciPy's erfc (its underflow to subnormal results and 0 included, under np.errstate).
 *
 * Tiers (bound; measured maxima: docs/accuracy.md): as erf's, every tier rounds the same
 * double-double:
 *   accurate float64  < 1 ULP (goal 0.52)  rounded once: 0.5 + 2^-6
 *   accurate float32  correctly rounded    rounded to float once (vm_round_dd_f32); x above
 *                                          f32_erfc_normal (9: float results may be subnormal)
 *                                          and NaN one lane at a time (vm_round_dd_f32_any)
 *   fast, approx      faithful             the double, rounded to float for float32 */

/* erfc(x) as h + *l for x <= f64_erfc_normal (NaN gives a number: the caller's special lanes) */
static inline vd erfc_dd(vd x, vd *l) {
    vd a = vd_abs(x), one = vd_set(1.0), two = vd_set(2.0);
    vdm small = vd_lt(a, vd_set(ERF_LIM.poly_limit));
    vdm neg = vd_lt(x, vd_set(0.0));
    vd h = one, lo = vd_set(0.0);
    if (vdm_bits(vdm_not(small))) {
        vd el, dl;
        vd eh = erfc_big_dd(vd_min(a, vd_set(ERF_LIM.f64_erfc_normal)), &el);
        vd d = erf_fast2sum(two, vd_neg(eh), &dl);
        vd nh = erf_fast2sum(d, vd_sub(dl, el), &dl);
        h = vd_select(neg, nh, eh);
        lo = vd_select(neg, dl, el);
    }
    if (vdm_bits(small)) {
        vd sl, dl;
        vd s = erf_small_dd(a, &sl);
        s = vd_copysign(s, x);
        sl = vd_select(neg, vd_neg(sl), sl);
        vd d = erf_fast2sum(one, vd_neg(s), &dl);
        vd sh = erf_fast2sum(d, vd_sub(dl, sl), &dl);
        h = vd_select(small, sh, h);
        lo = vd_select(small, dl, lo);
    }
    *l = lo;
    return h;
}

/* erfc(a) for f64_erfc_normal < a <= f64_zero as h + *l scaled by 2^600: exp(-a^2/2) twice
 * (a^2/2 exact as halves), erfcx between them, every partial product normal */
static inline vd erfc_far_dd_scaled(vd a, vd *l) {
    vd a2h = vd_mul(a, a);
    vd a2l = vd_fma(a, a, vd_neg(a2h));
    vd el, ql, pl;
    vd eh = erf_exp_dd(vd_mul(a2h, vd_set(-0.5)), vd_mul(a2l, vd_set(-0.5)), &el);
    vd qh = erfcx_dd(a, &ql);
    vd ph = erf_mul_dd(eh, el, qh, ql, &pl);
    vd sh = vd_mul(eh, vd_set(0x1p600)), sl = vd_mul(el, vd_set(0x1p600));
    return erf_mul_dd(ph, pl, sh, sl, l);
}

/* erfc of NaN (x + x) and of x > f64_erfc_normal: rounded once to the subnormal grid, +0 beyond
 * f64_zero (erfc < 2^-1100 there) */
VM_COLD static double erfc_f64_special(double x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    if (x > ERF_LIM.f64_zero) return 0.0;
    vd l;
    double h = vd_first(erfc_far_dd_scaled(vd_set(x), &l));
    return erf_round_scaled(h, vd_first(l), 0x1p600, 0x1p-600, 0x1p-422);
}

/* accurate float64 (< 1 ULP, goal 0.52): erfc_dd rounded once.  The worst lies at the start of
 * erfcx's first slot (t = -1/8 on [1/2, 3/4): the low terms c1 t and t^2 R are largest).
 *   Worst measured: erfc accurate float64 0.512487 ULP at x = 0.5000000000004391 */
static inline vd erfc_f64_accurate_vec(vd x, int *st) {
    vd l;
    vd h = erfc_dd(x, &l);
    vd y = vd_add(h, l);
    vdm special = vdm_not(vd_le(x, vd_set(ERF_LIM.f64_erfc_normal)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, erfc_f64_special, st);
    return y;
}
/* fast and approx float64: the accurate tier's bits
 *   Worst measured: erfc fast float64 0.512487 ULP at x = 0.5000000000004391
 *   Worst measured: erfc approx float64 0.512487 ULP at x = 0.5000000000004391 */
static inline vd erfc_f64_fast_vec(vd x, int *st) { return erfc_f64_accurate_vec(x, st); }
static inline vd erfc_f64_approx_vec(vd x, int *st) { return erfc_f64_accurate_vec(x, st); }

/* float32 results that may be below float's normal range (x > f32_erfc_normal) and NaN: the
 * double-double rounded once, any magnitude (erfc rounds to 0 in float long before 25.5) */
VM_COLD static float erfc_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    vd l;
    double h = vd_first(erfc_dd(vd_set((double)x), &l));
    return vm_round_dd_f32_any(h, vd_first(l));
}

/* accurate float32 (correctly rounded): erfc_dd rounded to float once (vm_round_dd_f32) */
/*   Worst measured: erfc accurate float32 0.5 ULP at x = -1.4103805e-05 */
static inline vfh erfc_f32_accurate_vec(vfh xf, int *st) {
    vd x = vd_from_vfh(xf), l;
    vd h = erfc_dd(x, &l);
    vfh yf = vm_round_dd_f32(h, l);
    vdm special = vdm_not(vd_le(x, vd_set(ERF_LIM.f32_erfc_normal)));
    if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, erfc_f32_special, st);
    return yf;
}

/* fast and approx float32 (faithful): erfc_dd's double rounded to float (x clamped to 25.5,
 * where float's result is 0 already); NaN: x + x */
/*   Worst measured: erfc fast float32 0.5 ULP at x = -1.4103805e-05
 *   Worst measured: erfc approx float32 0.5 ULP at x = -1.4103805e-05 */
static inline vfh erfc_f32_fast_vec(vfh xf, int *st) {
    (void)st;
    vd x = vd_from_vfh(xf), l;
    vd y = erfc_dd(vd_min(x, vd_set(ERF_LIM.f64_erfc_normal)), &l);
    return vfh_from_vd(vd_select(vd_ne(x, x), vd_add(x, x), y));
}
static inline vfh erfc_f32_approx_vec(vfh xf, int *st) { return erfc_f32_fast_vec(xf, st); }

VM_ARRAY_F64(vm_erfc_accurate_f64, erfc_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_erfc_accurate_f32, erfc_f32_accurate_vec)
VM_ARRAY_F64(vm_erfc_fast_f64, erfc_f64_fast_vec)
VM_ARRAY_F32_IN_F64(vm_erfc_fast_f32, erfc_f32_fast_vec)
VM_ARRAY_F64(vm_erfc_approx_f64, erfc_f64_approx_vec)
VM_ARRAY_F32_IN_F64(vm_erfc_approx_f32, erfc_f32_approx_vec)

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
 * Tiers (bound; measured maxima: docs/accuracy.md): as erf's, the accurate tiers round the
 * double-double:
 *   accurate float64  < 1 ULP (goal 0.52)  rounded once: 0.5 + 2^-6
 *   accurate float32  correctly rounded    a first pass in double (erfc_f32_accurate_vec), its
 *                                          lanes near a float midpoint the double-double
 *                                          rounded to float once (vm_round_dd_f32); x above
 *                                          f32_erfc_normal (9: float results may be subnormal)
 *                                          and NaN one lane at a time (vm_round_dd_f32_any)
 *   fast, approx      faithful             evaluations of their own: erfc_f64_fast_vec,
 *                                          erfc_f32_fast_vec below */

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
/* fast and approx float64 (faithful, <= 1 ULP; approx runs fast's code): erf's fast float64
 * slots (erf-inl.h: ERF64_Q) on a = min(|x|, clamp = 27.5: erfc rounds to +0 beyond, inf
 * needs nothing of its own), slot i = bits(2 + a) >> 49 mod 32 (a < 30), t = a - s_i (exact:
 * s_0 = 0, Sterbenz beyond), G = c0 + t Q(t) = erfcx(a) over the tables vm_erfc_fast_f64 (slot 0:
 * c0 = erfcx(0) = 1), erfc(a) = exp(-a^2) G for every a (no branch at 1/2), 2 - erfc(a) for
 * x < 0.  Vectors whose every a lies below 6 read 16 entries (one register permute on AVX-512),
 * the others 32 (two and a blend): the same entries, so the same bits.  exp(-a^2): a^2 = h + l
 * exactly (FMA), exp's reduction with the low part kept (vm_tanh_exp_k: N = 16, r_hi exact) of
 * -h, -l added to r (r = r_hi - k ln2_lo/16 - l, two roundings: <= 2^-58 relative), p = r +
 * r^2 P(r) (exp_f64_dd_poly, 2^-65) plus the table's tail (2^(j/16) = T_j (1 + tail), tail p
 * dropped: 2^-58), scale = 2^(k/16 + 128) (normal down to erfc's 2^-1075), so exp(-a^2) 2^128 =
 * scale (1 + p).  erfc(a) 2^128 = scale (c0 + w), w = t Q + G p in one FMA (|w| <= 0.3 c0),
 * scale (c0 + w) = fma(scale, c0, scale w) (the product scale c0 exact inside), then 2^-128
 * (exact, or the one rounding of a subnormal result: the 53-bit value's error is at most half
 * a subnormal ulp there).
 * Budget: 0.5 + w's and scale w's roundings (<= 0.07 each where |w| <= 0.13 c0, a >= 1/4;
 *   <= 0.13 each in slot 0, where erfc >= 0.72) + t Q's (<= 0.07) + the fit (certified: the
 *   generated header) + exp (2^-57: 0.12) < 0.9 ULP; x < 0: 2 - erfc(a) (erfc(a) <= 1 and
 *   ulp(erfc(a)) <= ulp(2 - erfc(a)) / 2: <= 0.5 + 0.9 / 2 < 0.95).  NaN: x + x (selected).
 *   Worst measured: erfc fast float64 0.840114 ULP at x = 0.22983199047953495
 *   Worst measured: erfc approx float64 0.840114 ULP at x = 0.22983199047953495 */
static inline vd erfc_f64_fast_eval(vd x, vd a, int n) {
#define K vm_erfc_fast_f64_k
#define E vm_tanh_exp_k
#define C(k) ERF64_C(vm_erfc_fast_f64, k, idx, n)
    ERF64_ROW_LOCALS;
    vdi idx = vdi_shr(vd_bits(vd_add(a, vd_set(K.slot_offset))), 49), ki;
    ERF64_ROWS(vm_erfc_fast_f64, idx, n);
    vd t = vd_sub(a, ERF64_S(vm_erfc_fast_f64, idx, n)), v = t;
    vd q = ERF64_Q(C), c0 = C(0);
    vd mh = vd_fnma(a, a, vd_set(0.0)); /* -a^2 rounded */
    vd l = vd_fma(a, a, mh);
    vd kd = exp_f64_round_k(mh, E.inv_ln2_n, E.shift, &ki);
    vd r = vd_sub(vd_fnma(kd, vd_set(E.ln2_lo_n), vd_fnma(kd, vd_set(E.ln2_hi_n), mh)), l);
    vd r2 = vd_mul(r, r);
    /* the tail of entry k + scale_k mod 16, k's: scale_k is a multiple of 16 */
    vd tail, scale = exp_f64_scale16_tail(vdi_add(ki, vdi_set((int64_t)K.scale_k)), &tail);
    vd p = vd_add(vd_fma(r2, exp_f64_dd_poly(r, r2), r), tail);
    vd w = vd_fma(t, q, vd_mul(vd_fma(t, q, c0), p));
    vd e = vd_mul(vd_fma(scale, c0, vd_mul(scale, w)), vd_set(K.scale_down));
    return vd_select(vd_lt(x, vd_set(0.0)), vd_sub(vd_set(2.0), e), e);
#undef C
#undef E
#undef K
}
static inline vd erfc_f64_fast_vec(vd x, int *st) {
    (void)st;
    vd a = vd_min(vd_set(vm_erfc_fast_f64_k.clamp), vd_abs(x));
    vd y = vdm_bits(vd_ge(a, vd_set(vm_erfc_fast_f64_k.wide))) ? erfc_f64_fast_eval(x, a, 32)
                                                               : erfc_f64_fast_eval(x, a, 16);
    return vd_select(vd_ne(x, x), vd_add(x, x), y);
}
static inline vd erfc_f64_approx_vec(vd x, int *st) { return erfc_f64_fast_vec(x, st); }

/* float32 results that may be below float's normal range (x > f32_erfc_normal) and NaN: the
 * double-double rounded once, any magnitude (erfc rounds to 0 in float long before 25.5) */
VM_COLD static float erfc_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    vd l;
    double h = vd_first(erfc_dd(vd_set((double)x), &l));
    return vm_round_dd_f32_any(h, vd_first(l));
}

/* accurate float32 (correctly rounded): a first pass in double (issue 35) on one table of slots
 * (erf-inl.h: erfc_f32_first_poly; bound and window in vm_erfc_f32_first_k): G = erf(a) below
 * 1/2, erfc = 1 - sign(x) G; G = erfcx(a) beyond, erfc(a) = exp(-a^2) G, exp(-a^2) from exp's
 * float32 first try (exp_f32_first_core: a^2 exact in double), 2 - erfc(a) for x < 0 (a clamped
 * to 10.5: erfc(-a) is 2 in float long before, and exp's scale stays normal).  float(y) unless y
 * lies within the window of a float midpoint; those lanes redo the vector as the kernel before
 * issue 35: erfc_dd rounded to float once (vm_round_dd_f32). */
/*   Worst measured: erfc accurate float32 0.5 ULP at x = -1.4103805e-05 */
static inline vfh erfc_f32_accurate_vec(vfh xf, int *st) {
#define K vm_erfc_f32_first_k
    vd x = vd_from_vfh(xf), a = vd_min(vd_set(K.clamp), vd_abs(x));
    vd g = erfc_f32_first_poly(a);
    vdm small = vd_lt(a, vd_set(K.poly_limit));
    vd y = vd_sub(vd_set(1.0), vd_copysign(g, x));
    if (vdm_bits(vdm_not(small))) {
        vd scale;
        vd e = exp_f32_first_core(vd_neg(vd_mul(a, a)), &scale);
        vd q = vd_mul(vd_fma(scale, e, scale), g);
        y = vd_select(small, y, vd_select(vd_lt(x, vd_set(0.0)), vd_sub(vd_set(2.0), q), q));
    }
    vfh yf = vfh_from_vd(y);
    vdm redo = vd_near_f32_midpoint(y, (int64_t)K.window);
    if (VM_RARE(vdm_bits(redo))) {
        vd l;
        vd h = erfc_dd(x, &l);
        yf = vm_round_dd_f32(vd_select(redo, h, y), vd_select(redo, l, vd_set(0.0)));
    }
    vdm special = vdm_not(vd_le(x, vd_set(ERF_LIM.f32_erfc_normal)));
    if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, erfc_f32_special, st);
    return yf;
#undef K
}

/* fast and approx float32: erf's float32 slots (erf-inl.h: ERF32_SLOT_<tier>, ERF32_S1_<D>) on
 * a = min(|x|, clamp = 10.5; erfc rounds to 0 from 10.06, so inf needs nothing of its own), one
 * Horner S1 for every lane, whose tables (vm_erfc_fast_f32, vm_erfc_approx_f32) hold two kinds
 * of slots: below poly_limit = 1/2, erf's (E = c0 + t S1 = erf(a)), and erfc = 1 - sign(x) E;
 * beyond, erfcx's (G = c0 + t S1 = erfcx(a)), and erfc(a) = exp(-a^2) G, 2 - erfc(a) for x < 0.
 * exp(-a^2): a^2 = h + l exactly (FMA), exp's float32 reduction of -h (vm_exp_fast_f32_k or
 * vm_exp_approx_f32_k: N = 16, |k| < 2^12), scale = 2^(k/16 + 64) from exp's float table
 * (exp_f32_scale16; 2^64 keeps it normal down to erfc's 2^-150), the result scaled back by
 * 2^-64 in one last multiplication (exact, or the one rounding of a subnormal result).  Whole
 * vectors on one side of 1/2 skip the other side; NaN: x + x (selected).
 *
 * fast float32 (faithful, <= 1 ULP): degree 6 (fit <= 2^-28.1, certified), exp's fast
 *   reduction with -l added to r (|l| <= 2^-18) and its degree 3 (2^-29.2); the table's
 *   rounding taken back by its tail tau_j = 2^(j/16)/T_j - 1 (vm_erfc_f32_exp_tail), so
 *   exp(-a^2) 2^64 = scale (1 + p'), p' = p + tau (|p'| <= 0.045, tau p dropped: 2^-29.5).
 *   erfc(a) 2^64 = scale (c0 + w), w = t S1 + G p' (one FMA, G = c0 + t S1 rounded) and
 *   scale (c0 + w) = fma(scale, c0, scale w): the exact product scale c0 plus the small
 *   |scale w| <= 0.17 |y| in one rounding.  Budget: 0.5 + w's and scale w's roundings (<= 0.09
 *   each) + t S1's (<= 0.07) + fit and exp (<= 0.2) < 0.95 ULP; x <= -1/2: 2 - erfc(a) (erfc(a)
 *   <= 0.48: its error costs <= 1/4 of itself) < 0.75 ULP.  Below 1/2: U = 1 - sign(x) B
 *   (B = c0, or t in slot 31) and its rounding error d exactly (1 - U is exact: U in [1/2, 2]),
 *   erfc = U + (d - sign(x) t S1): < 0.5 + 0.13 + 0.3 (the fit, as erf's: erf/erfc <= 1.09).
 *   Worst measured: erfc fast float32 0.790392 ULP at x = 9.225338
 * approx float32 (bound 2^11 ULP): degree 3 (fit <= 2^-15.3, certified), exp's approx reduction
 *   (one constant) and degree 2 (2^-21.2) without l, erfc = scale G (1 + p) in one FMA, and
 *   1 - sign(x) E rounded twice: < 2^9 ULP (the fit's 2^-15.3 is 2^8.7 ULP).
 *   Worst measured: erfc approx float32 478.567 ULP at x = 8.329986 */
#define ERFC32_K(TIER) vm_erfc_##TIER##_f32_k
#define ERFC_F32_HEAD(TIER, D)                                                              \
    ERF32_LOCALS_##TIER;                                                                    \
    (void)st;                                                                               \
    vf a = vf_min(vf_set(ERFC32_K(TIER).clamp), vf_abs(x));                                 \
    vf t = ERF32_SLOT_##TIER(vm_erfc_##TIER##_f32, a, ERFC32_K(TIER).index_base);           \
    vf s1 = ERF32_S1_##D(vm_erfc_##TIER##_f32), c0 = ERF32_C(vm_erfc_##TIER##_f32, 0);      \
    vfm small = vf_lt(a, vf_set(ERFC32_K(TIER).poly_limit));                                \
    vf sg = vf_copysign(vf_set(1.0f), x), y = vf_set(0.0f);                                 \
    vf b = vf_select(vf_lt(a, vf_set(ERFC32_K(TIER).small)), t, c0)
/* 2^(k/16 + 64): exp_f32_scale16(ki + 64 * 16) with the 2^64 added to the bits after the lookup
 * (the same sum mod 2^32), whose index is then ki itself, as the tail's (AVX2: the permute
 * tree's masks shared) */
#define ERFC_F32_SCALE(ki) vf_from_bits(vfi_add(vf_bits(exp_f32_scale16(ki)), vfi_set(64 << 23)))
/* erfc(a) 2^64 for the lanes at or beyond 1/2 (ERFC_F32_BIG_fast, ERFC_F32_BIG_approx), then
 * 2^-64 and 2 - it for x < 0 */
#define ERFC_F32_TAIL(R)                                                                    \
    vf yb = vf_mul(R, vf_set(0x1p-64f));                                                   \
    y = vf_select(vf_lt(x, vf_set(0.0f)), vf_sub(vf_set(2.0f), yb), yb)

static inline vf erfc_f32_fast_vec(vf x, int *st) {
#define K vm_exp_fast_f32_k
    ERFC_F32_HEAD(fast, 6);
    if (vfm_bits(small) != (1u << VF_W) - 1u) { /* some lane at or beyond 1/2 */
        vfi ki;
        vf h = vf_mul(a, a), mh = vf_neg(h);
        vf l = vf_fma(a, a, mh);
        vf kf = exp_f32_round_k(mh, K.inv_ln2_n, K.shift, &ki);
        vf r = vf_sub(vf_fnma(kf, vf_set(K.ln2_lo_n), vf_fnma(kf, vf_set(K.ln2_hi_n), mh)), l);
        vf p = vf_mul(r, vf_fma(r, vf_fma(r, vf_set(K.c3), vf_set(K.c2)), vf_set(K.c1)));
        p = vf_add(p, vf_lookup(vm_erfc_f32_exp_tail, ki, 16));
        vf scale = ERFC_F32_SCALE(ki);
        vf w = vf_fma(t, s1, vf_mul(vf_fma(t, s1, c0), p));
        ERFC_F32_TAIL(vf_fma(scale, c0, vf_mul(scale, w)));
    }
    if (vfm_bits(small)) {
        vf u = vf_fnma(sg, b, vf_set(1.0f));
        vf d = vf_fnma(sg, b, vf_sub(vf_set(1.0f), u));
        y = vf_select(small, vf_add(u, vf_fnma(vf_mul(sg, t), s1, d)), y);
    }
    return vf_select(vf_ne(x, x), vf_add(x, x), y);
#undef K
}

static inline vf erfc_f32_approx_vec(vf x, int *st) {
#define K vm_exp_approx_f32_k
    ERFC_F32_HEAD(approx, 3);
    if (vfm_bits(small) != (1u << VF_W) - 1u) { /* some lane at or beyond 1/2 */
        vfi ki;
        vf mh = vf_neg(vf_mul(a, a));
        vf kf = exp_f32_round_k(mh, K.inv_ln2_n, K.shift, &ki);
        vf r = vf_fnma(kf, vf_set(K.ln2_n), mh);
        vf p = vf_mul(r, vf_fma(r, vf_set(K.c2), vf_set(K.c1)));
        vf sG = vf_mul(ERFC_F32_SCALE(ki), vf_fma(t, s1, c0));
        ERFC_F32_TAIL(vf_fma(sG, p, sG));
    }
    if (vfm_bits(small)) y = vf_select(small, vf_fnma(sg, vf_fma(t, s1, b), vf_set(1.0f)), y);
    return vf_select(vf_ne(x, x), vf_add(x, x), y);
#undef K
}

VM_ARRAY_F64(vm_erfc_accurate_f64, erfc_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_erfc_accurate_f32, erfc_f32_accurate_vec)
VM_ARRAY_F64(vm_erfc_fast_f64, erfc_f64_fast_vec)
VM_ARRAY_F32(vm_erfc_fast_f32, erfc_f32_fast_vec)
VM_ARRAY_F64(vm_erfc_approx_f64, erfc_f64_approx_vec)
VM_ARRAY_F32(vm_erfc_approx_f32, erfc_f32_approx_vec)

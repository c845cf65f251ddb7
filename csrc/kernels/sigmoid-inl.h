/* sigmoid(x) = 1 / (1 + exp(-x)) (SciPy's expit) for float64 and float32, three tiers.
 *
 * Method (accurate and approx tiers, fast float32's scaled pass): a = |x|, e = exp(-a) in
 * (0, 1] from exp's shared cores (exp_core.h), D = 1 + e in [1, 2], and s = n / D with n = 1 for
 * x >= 0 and n = e for x < 0 (so no 1 - e cancellation anywhere: the result's condition number
 * in e is e/(1 + e) <= 1/2 for x >= 0 and 1/(1 + e) <= 1 for x < 0).  The fast tiers take
 * s = 1/(1 + E) with E = exp(-x) itself for |x| <= 700 (float32: 70): its condition number in E
 * is E/(1 + E) <= 1 too, and n = 1 on both sides saves a select and a product.  -0 and +0
 * give 1/2.
 * Beyond the thresholds of vm_sigmoid_limits (vecmath/functions/sigmoid.py):
 *   x < -700 (float64): s = e/(1 + e) = exp(x) (1 - e + ..) with e < 2^-1009, so s is exp(x) to
 *     far below half an ulp of any double: the tier's own exp (exp_f64_<tier>_vec), which
 *     returns subnormal results (approx: may flush) and +0 below -745.2 and for -inf;
 *   a >= 700 for x >= 0 (inf included): a clamped to 700 (fast: s = 1); 1/(1 + e) rounds to 1;
 *   float32 below -87 (float results may be subnormal): one lane at a time, the accurate
 *     float64 double-double rounded once by vm_round_dd_f32_any (accurate, fast); approx:
 *     exp_f32_approx_vec(x), which may flush.
 * NaN returns x + x (x quieted, sign and payload kept), selected at the end.  sigmoid reports
 * no status bits: SciPy's expit raises none (not underflow either) under np.errstate.
 *
 * Tiers (bound; budget beside each tier's code; measured maxima: docs/accuracy.md):
 *   accurate float64  < 1 ULP (goal 0.52)  e as a double-double from exp_f64_dd (N = 16 with
 *                                          tails, degree 7), 1/D by one division and a
 *                                          remainder step, n/D as a double-double:
 *                                          0.5 + 2^-9.5 ULP
 *   accurate float32  correctly rounded    the first pass in double (exp_f32_first_core, one
 *                                          division) + float midpoint window; unsure lanes take
 *                                          the float64 double-double (or a Taylor series to
 *                                          x^9 for |x| < 2^-5) rounded once
 *   fast float64      <= 1 ULP             s = 1/(1 + E), E = exp(-x) from exp_f64_fast_core,
 *                                          one division and a remainder step: < 0.66 ULP
 *   fast float32      <= 1 ULP             the same in float (exp(-x) of its own, degree 3):
 *                                          < 0.61 ULP
 *   approx float64    2^26 ULP             exp_f64_approx_core, one division: < 2^24.2 ULP
 *   approx float32    2^11 ULP             float: exp_f32_approx_core, one division: < 2^4.2 ULP */

#include "exp_core.h" /* exp's cores: exp_f64_dd (accurate), exp_f64_fast_core, ... */

#define SIG_LIM vm_sigmoid_limits /* thresholds, from vecmath.spec.LIMITS */

/* x + x (x quieted) where x is NaN, else y */
static inline vd sigmoid_nan_f64(vd x, vd y) { return vd_select(vd_ne(x, x), vd_add(x, x), y); }
static inline vf sigmoid_nan_f32(vf x, vf y) { return vf_select(vf_ne(x, x), vf_add(x, x), y); }

/* s = n/D as sh + sl (returned sh, *sl), |sl| <= ulp(sh)/2, from e = eh + el (0 < e <= 1, el
 * below ulp(eh)): n = e where neg, else 1.
 *   D = dh + dl: 1 + eh by Fast2Sum (1 >= eh), plus el.  1/D = q + yl: q = 1/dh (one
 *   division), 1 - q dh exact (FMA), rem = 1 - q dh - q dl, yl = rem q: error ~rem^2 = 2^-106.
 *   n/D = nh q (exact as p + pl) + (nh yl + nl q): every dropped term below 2^-104 of s. */
static inline vd sigmoid_quot_dd(vdm neg, vd eh, vd el, vd *sl) {
    vd one = vd_set(1.0), zero = vd_set(0.0);
    vd dh = vd_add(one, eh);
    vd dl = vd_add(vd_add(vd_sub(one, dh), eh), el);
    vd q = vd_div(one, dh);
    vd yl = vd_mul(vd_fnma(q, dl, vd_fnma(q, dh, one)), q);
    vd nh = vd_select(neg, eh, one), nl = vd_select(neg, el, zero);
    vd p = vd_mul(nh, q);
    vd low = vd_add(vd_fma(nh, q, vd_neg(p)), vd_fma(nh, yl, vd_mul(nl, q)));
    vd sh = vd_add(p, low);
    *sl = vd_sub(low, vd_sub(sh, p)); /* Fast2Sum: |p| >= |low| */
    return sh;
}

/* accurate float64 as a double-double (the float32 accurate tier's unsure lanes use sl):
 *   e = exp(-a), a clamped to 700, from exp_f64_dd (exp_core.h, tanh's exp with the low part
 *   kept): -a = kd ln2/16 + r_hi (r_hi exact: ln2_hi_n has 37 bits, k <
 *   2^16), e = scale (1 + r_hi + lo), lo = delta + r^2 p(r) + tail (1 + r) (p of degree 7:
 *   2^-65.3; the table's tails to 2^-106; delta the reduction's low part, to 2^-87), summed by
 *   Fast2Sum into m + m_lo and scaled into eh + el (scale - eh exact by Sterbenz): the dropped
 *   roundings are those of lo's terms, each below 2^-53 of |lo| <= 2^-11, so e is within about
 *   2^-63 relative.  (exp_f64_accurate_core, with r rounded once, measured 0.5209 ULP here.)
 *   e's relative error reaches s multiplied by e/(1 + e) <= 1/2 (x >= 0) or 1/(1 + e) <= 1
 *   (x < 0); the quotient's own dropped terms are below 2^-104.  So sh + sl is within ~2^-62.5
 *   of s, relative, and sh within 0.5 + 2^-9.5 ULP (the measured maximum: docs/accuracy.md).
 *   Lanes with x < -700 (and NaN) are set by the caller. */
static inline vd sigmoid_f64_accurate_dd(vd x, vd *sl) {
    vd el;
    vd eh = exp_f64_dd(vd_max(vd_nabs(x), vd_set(-SIG_LIM.f64_clamp)), &el);
    return sigmoid_quot_dd(vd_lt(x, vd_set(0.0)), eh, el, sl);
}

/* the tier's exp(x) where x < -700, x + x where x is NaN, else s */
#define SIGMOID_F64_TAIL(exp_vec, x, s)                                                     \
    do {                                                                                    \
        vdm tail_ = vdm_not(vd_ge(x, vd_set(-SIG_LIM.f64_clamp)));                          \
        if (VM_RARE(vdm_bits(tail_))) {                                                     \
            int ignored_ = 0;                                                               \
            s = vd_select(tail_, exp_vec(x, &ignored_), s);                                 \
        }                                                                                   \
    } while (0)

/* accurate float64 (< 1 ULP; budget at sigmoid_f64_accurate_dd).  Below -700: exp's accurate
 * tier (< 0.53 ULP), subnormal results rounded once.
 *   Worst measured: sigmoid accurate float64 0.505782 ULP at x = -700.0000000000705 */
static inline vd sigmoid_f64_accurate_vec(vd x, int *st) {
    (void)st;
    vd sl;
    vd s = sigmoid_f64_accurate_dd(x, &sl);
    SIGMOID_F64_TAIL(exp_f64_accurate_vec, x, s);
    return s;
}

/* fast float64 (faithful): s = 1/D, D = 1 + E, E = exp(-x) (not exp(-|x|): n = 1 on both sides,
 *   so no sign select and no product n/D), from exp_f64_fast_core (N = 16 with tails, degree 6:
 *   2^-56.3, tmp's roundings < 2^-58: E within 2^-55.9 relative).  D as dh + dl: 1 + scale by
 *   TwoSum (exact; either may be the larger), plus u = scale tmp (its rounding, 2^-53 of
 *   |u| <= 2^-5.5 scale, is dropped: 2^-58.5 of D) by Fast2Sum (1 + scale >= |u|).  t = 1/dh (the
 *   one division), rem = 1 - t dh - t dl (the first exact), s = t + t rem (rem^2 ~ 2^-105
 *   dropped).  E's error and u's rounding reach s times E/(1 + E) <= 1: s within 0.5 ULP +
 *   2^-55.7 relative < 0.66 ULP (measured 0.6487 at x = -605.83 on 10^6 samples; the worst
 *   below is exp's subnormal tail).  |x| <= 700: E and t normal (E <= 2^1010).
 *   Beyond (and NaN), for those vectors only: x > 700 gives 1 (s rounds to 1 from x > 37.5); x < -700
 *   exp's fast tier (s = exp(x) to 2^-1009 relative: faithful; its subnormal results are rounded
 *   twice, the measured worst); NaN x + x (from exp).
 *   Worst measured: sigmoid fast float64 0.749064 ULP at x = -708.547070702922 */
static inline vd sigmoid_f64_fast_vec(vd x, int *st) {
    (void)st;
    vd scale, one = vd_set(1.0);
    vd tmp = exp_f64_fast_core(vd_neg(x), &scale);
    vd h1 = vd_add(one, scale), b1 = vd_sub(h1, one);
    vd l1 = vd_add(vd_sub(one, vd_sub(h1, b1)), vd_sub(scale, b1));
    vd u = vd_mul(scale, tmp);
    vd dh = vd_add(h1, u);
    vd dl = vd_add(vd_add(vd_sub(h1, dh), u), l1);
    vd t = vd_div(one, dh);
    vd s = vd_fma(t, vd_fnma(t, dl, vd_fnma(t, dh, one)), t);
    vdm in = vd_le(vd_abs(x), vd_set(SIG_LIM.f64_clamp)); /* not NaN; all set: no negation */
    if (VM_RARE(vdm_bits(in) != (1u << VD_W) - 1u)) {
        int ignored = 0;
        vd far = vd_select(vd_gt(x, vd_set(0.0)), one, exp_f64_fast_vec(x, &ignored));
        s = vd_select(in, s, far);
    }
    return s;
}

/* approx float64 (bound 2^26 ULP): e = scale + scale tmp from exp_f64_approx_core (< 2^24 ULP
 *   relative), s = n / (1 + e): e's error times at most 1, plus 3 roundings: < 2^24.2 ULP.
 *   Below -700: exp's approx tier (it may flush subnormal results, as the tier allows).
 *   Worst measured: sigmoid approx float64 1.41352e+07 ULP at x = -375.00658853845016 */
static inline vd sigmoid_f64_approx_vec(vd x, int *st) {
    (void)st;
    vd scale;
    vd tmp = exp_f64_approx_core(vd_max(vd_nabs(x), vd_set(-SIG_LIM.f64_clamp)), &scale);
    vd e = vd_fma(scale, tmp, scale);
    vd s = vd_div(vd_select(vd_lt(x, vd_set(0.0)), e, vd_set(1.0)), vd_add(vd_set(1.0), e));
    SIGMOID_F64_TAIL(exp_f64_approx_vec, x, s);
    return sigmoid_nan_f64(x, s);
}

/* float32, first pass in double: n/(1 + e), e = exp(-a) from exp_f32_first_core (N = 16
 * without tails, degree 4: relative error below vm_exp_f32_accurate_k's certified bound, 2^-37.48), a
 * clamped to 87; the error reaches s times at most 1, plus three roundings (scale + scale tmp,
 * 1 + e, the division: 2^-51.4): within 2^-37.4 relative, 2^15.6 double ulps. */
static inline vd sigmoid_f32_first_pass(vd x) {
    vd scale;
    vd tmp = exp_f32_first_core(vd_max(vd_nabs(x), vd_set(-SIG_LIM.f32_branch_free_abs)), &scale);
    vd e = vd_fma(scale, tmp, scale);
    return vd_div(vd_select(vd_lt(x, vd_set(0.0)), e, vd_set(1.0)), vd_add(vd_set(1.0), e));
}

/* sigmoid(x) as a double-double for the float32 accurate tier's unsure lanes: the float64
 * accurate double-double (~2^-62.5 relative), except for |x| < 2^-5, where sigmoid(x) lies
 * within 2^-70 of float midpoints for some inputs (1/2 + x/4 is a midpoint: x = +-2^-23 ..,
 * the cubic term decides): there 1/2 + x/4 (exact in double for float x, |x| >= 2^-28; below,
 * the float result is 1/2 whatever the rounding) + t, t = -x^3/48 + x^5/480 - 17 x^7/80640 +
 * 31 x^9/1451520 (the next term is below 2^-73.8 for |x| < 2^-5; t's roundings 2^-52 of
 * |t| <= 2^-20.6), normalized by Fast2Sum. */
static inline vd sigmoid_f32_dd(vd x, vd *sl) {
    vd s = sigmoid_f64_accurate_dd(x, sl);
    vdm small = vd_lt(vd_abs(x), vd_set(SIG_LIM.f32_series_abs));
    if (vdm_bits(small)) {
        vd u = vd_mul(x, x);
        vd P = vd_fma(u, vd_fma(u, vd_fma(u, vd_set(31.0 / 1451520.0), vd_set(-17.0 / 80640.0)),
                                vd_set(1.0 / 480.0)),
                      vd_set(-1.0 / 48.0));
        vd t = vd_mul(vd_mul(x, u), P);
        vd h = vd_fma(x, vd_set(0.25), vd_set(0.5));
        vd hs = vd_add(h, t);
        vd hl = vd_sub(t, vd_sub(hs, h));
        s = vd_select(small, hs, s);
        *sl = vd_select(small, hl, *sl);
    }
    return s;
}

/* float32 results that may be subnormal (x < -87, and NaN): one lane at a time, the double-
 * double rounded once (any magnitude) */
VM_COLD static float sigmoid_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    vd sl;
    vd s = sigmoid_f32_dd(vd_set((double)x), &sl);
    return vm_round_dd_f32_any(vd_first(s), vd_first(sl));
}

/* accurate float32 (correctly rounded): the first pass decides the rounding unless it lies
 * within f32_cr_window double ulps (2^20, 21x the first pass's 2^15.6) of a float midpoint;
 * those lanes take sigmoid_f32_dd rounded once (vm_round_dd_f32); x < -87 (subnormal float
 * results possible) and NaN lanes take sigmoid_f32_special.  The exhaustive test finds every
 * float32 result correctly rounded.
 *   Worst measured: sigmoid accurate float32 0.5 ULP at x = -5.9604645e-08 */
EXP_F32_IN_F64_ACCURATE(sigmoid, SIG_LIM, sigmoid_f32_dd)

/* fast float32 (faithful), in float, as fast float64 (s = 1/D, D = 1 + E, E = exp(-x): no
 * sign select, no product n/D; the form n/D with e = exp(-|x|) took a compare and a product more).
 *   E = 2^(k/16) (1 + tail_j)(1 + r + c2 r^2 + c3 r^3) (vm_sigmoid_fast_f32_k, made by
 *   _gen/sigmoid.py: 2^-29.2; tail_j: exp's float table T_j's rounding; r = -x - k ln2/16 in
 *   two parts, rounded once: 2^-30 of |r| <= 2^-5.5), tmp = tail + (r + r^2 p) (two roundings,
 *   2^-30 each): E = B (1 + tmp) within 2^-27.7 relative.  D as dh + dl: 1 + B by TwoSum
 *   (exact), plus u = B tmp (its rounding dropped: 2^-29.4 of D) by Fast2Sum (1 + B >= |u|).
 *   t = 1/dh (the one division), rem = 1 - t dh (exact) - t dl, s = t + t rem (rem^2 ~ 2^-48
 *   dropped).  E's error reaches s times E/(1 + E) <= 1: s within 0.5 ULP + 2^-27.3 relative
 *   < 0.61 ULP.
 *   |x| <= 70 (f32_fast_abs): E in [2^-101, 2^101], so t, s and every intermediate is normal.
 *   |x| > 70 and NaN: the scaled pass below (the n/D form), for those lanes only.
 *   Worst measured: sigmoid fast float32 0.770681 ULP at x = -87.40735 (a subnormal result) */
#define K vm_sigmoid_fast_f32_k
static inline vf sigmoid_nabs_f32(vf x) { return vf_from_bits(vfi_or(vf_bits(x), vfi_set(VM_SIGN32))); }
/* exp(y) (x) 2^(off/16) = *big (1 + tmp), tmp returned: off = 0 (shift) or 1024 (shift64: 2^64) */
static inline vf sigmoid_f32_exp_parts(vf y, float shift, vf *big) {
    vfi ki;
    vf kf = exp_f32_round_k(y, K.inv_ln2_n, shift, &ki); /* ki's low bits: k + off */
    vf r = vf_fnma(kf, vf_set(K.ln2_hi_n), y);
    r = vf_fnma(kf, vf_set(K.ln2_lo_n), r);
    vf p = vf_fma(r, vf_set(K.c3), vf_set(K.c2));
    *big = exp_f32_scale16(ki); /* 2^((k + off)/16) */
    return vf_add(vf_lookup(vm_sigmoid_tab16_f32_tail, ki, 16), vf_fma(vf_mul(r, r), p, r));
}
/* the same as mh + *ml (Sterbenz for B - mh), y = -a */
static inline vf sigmoid_f32_exp(vf na, float shift, vf *ml) {
    vf big, tmp = sigmoid_f32_exp_parts(na, shift, &big);
    vf mh = vf_fma(big, tmp, big);
    *ml = vf_fma(big, tmp, vf_sub(big, mh));
    return mh;
}
/* n/D, n = mh + ml where neg, else one (1 or 2^64, the scale of mh) */
static inline vf sigmoid_f32_quot(vfm neg, vf mh, vf ml, vf dh, vf dl, vf one) {
    vf t = vf_div(vf_set(1.0f), dh);
    vf nh = vf_select(neg, mh, one), nl = vf_select(neg, ml, vf_set(0.0f));
    vf q = vf_mul(nh, t);
    vf rem = vf_add(vf_fnma(q, dl, vf_fnma(q, dh, nh)), nl);
    return vf_fma(t, rem, q);
}
/* |x| > 70 and NaN: e 2^64 (B = 2^(k/16 + 64) from k + 1024), normal for every a <= 104 (|x|
 * clamped to f32_fast_clamp, 104: s(-104) < 2^-150 rounds to +0 as every s below does), so
 * subnormal results keep their precision until the last product, s 2^64 times 2^-64, which
 * rounds once more there (< 1 ULP); D's parts by FMAs (e 2^64 * 2^-64 exact into the sum).
 * NaN: x + x. */
static inline vf sigmoid_f32_fast_scaled(vf x) {
    vf ml, na = vf_max(sigmoid_nabs_f32(x), vf_set((float)-SIG_LIM.f32_fast_clamp));
    vf mh = sigmoid_f32_exp(na, K.shift64, &ml);
    vf down = vf_set(0x1p-64f), one = vf_set(1.0f);
    vf dh = vf_fma(mh, down, one);
    vf dl = vf_fma(ml, down, vf_fma(mh, down, vf_sub(one, dh)));
    vf s = vf_mul(sigmoid_f32_quot(vf_lt(x, vf_set(0.0f)), mh, ml, dh, dl, vf_set(0x1p64f)), down);
    return vf_select(vf_ne(x, x), vf_add(x, x), s);
}
static inline vf sigmoid_f32_fast_vf(vf x, int *st) {
    (void)st;
    vf one = vf_set(1.0f);
    vfm in = vf_le(vf_abs(x), vf_set((float)SIG_LIM.f32_fast_abs)); /* not NaN */
    vf big, tmp = sigmoid_f32_exp_parts(vf_neg(x), K.shift, &big);
    vf h1 = vf_add(one, big), b1 = vf_sub(h1, one);
    vf l1 = vf_add(vf_sub(one, vf_sub(h1, b1)), vf_sub(big, b1));
    vf u = vf_mul(big, tmp);
    vf dh = vf_add(h1, u);
    vf dl = vf_add(vf_add(vf_sub(h1, dh), u), l1);
    vf t = vf_div(one, dh);
    vf s = vf_fma(t, vf_fnma(t, dl, vf_fnma(t, dh, one)), t);
    if (VM_RARE(vfm_bits(in) != (1u << VF_W) - 1u)) s = vf_select(in, s, sigmoid_f32_fast_scaled(x));
    return s;
}
#undef K
/* the same on VD_W floats (vfh) where they are one float (CUDA, scalar): the name CUDA's entries
 * take; the CPU's fused float32 kernels (sigmoid_and_deriv, softplus') run on vf */
#if VF_W == VD_W
static inline vfh sigmoid_f32_fast_vec(vfh x, int *st) { return sigmoid_f32_fast_vf(x, st); }
#endif

/* approx float32 (bound 2^11 ULP): float arithmetic, e = scale + scale tmp from
 *   exp_f32_approx_core (< 2^4 ULP), a clamped to 86 (where 1/(1 + e) rounds to 1), s = n/(1 + e)
 *   (3 roundings): < 2^4.2 ULP.  x < -86: exp_f32_approx_vec(x) (e/(1 + e) = e to 2^-124;
 *   it may flush subnormal results, as the tier allows).
 *   Worst measured: sigmoid approx float32 11.3439 ULP at x = -86.66504 */
static inline vf sigmoid_f32_approx_vec(vf x, int *st) {
    (void)st;
    vf a = vf_min(vf_abs(x), vf_set((float)SIG_LIM.f32_approx_clamp));
    vf scale;
    vf tmp = exp_f32_approx_core(vf_neg(a), &scale);
    vf e = vf_fma(scale, tmp, scale);
    vf s = vf_div(vf_select(vf_lt(x, vf_set(0.0f)), e, vf_set(1.0f)), vf_add(vf_set(1.0f), e));
    vfm tail = vfm_not(vf_ge(x, vf_set((float)-SIG_LIM.f32_approx_clamp)));
    if (VM_RARE(vfm_bits(tail))) {
        int ignored = 0;
        s = vf_select(tail, exp_f32_approx_vec(x, &ignored), s);
    }
    return sigmoid_nan_f32(x, s);
}

VM_ARRAY_F64(vm_sigmoid_accurate_f64, sigmoid_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_sigmoid_accurate_f32, sigmoid_f32_accurate_vec)
VM_ARRAY_F64(vm_sigmoid_fast_f64, sigmoid_f64_fast_vec)
VM_ARRAY_F32(vm_sigmoid_fast_f32, sigmoid_f32_fast_vf)
VM_ARRAY_F64(vm_sigmoid_approx_f64, sigmoid_f64_approx_vec)
VM_ARRAY_F32(vm_sigmoid_approx_f32, sigmoid_f32_approx_vec)

/* erf(x) for float64 and float32, three tiers, and the evaluation erfc-inl.h shares.
 *
 * Method (a = |x|; coefficients: csrc/generated/vm_data.h from vecmath/_gen/erf.py):
 *   a < 1/2:  erf(a) = a (c0 + c1 u + u^2 P(u)), u = a^2 (exact as uh + ul), c0 = 2/sqrt(pi)
 *             and c1 = -c0/3 double-doubles, P of degree 11 (vm_erf_small_k: 2^-61.9), the
 *             sum c0 + c1 u by Fast2Sum and a (..) as a double-double (erf_small_dd);
 *   a >= 1/2: erfc(a) = exp(-a^2) erfcx(a) (erfc_big_dd): erfcx by a polynomial of degree 13 in
 *             t = a - m_i on the slot i of a (eighth binades of 2 + a: slot = bits(2 + a) >> 49,
 *             a 32-entry table, one register permute pair on AVX-512; t exact by Sterbenz), c0
 *             and c1 double-doubles (vm_erfcx_k: 2^-60.2); exp(-a^2) from -a^2 = -(a2h + a2l)
 *             split exactly by an FMA, reduced as tanh's exp (exp_f64_dd_reduce: N = 16 with
 *             tails, degree 7) with -a2l added to the reduction's low part, so exp(-a^2) keeps
 *             ~2^-62 relative; the product as a double-double; erf(a) = 1 - erfc(a) (erfc(a) <=
 *             0.48 there, so its relative error reaches erf at most 0.92 times).
 * The accurate tiers round this double-double (float64's fast and approx tiers and float32's
 * have evaluations of their own, below): relative error below 2^-59 (polynomials 2^-60.2 / 2^-61.9, exp 2^-62,
 * the roundings of the low parts), so the float64 result is within 0.5 + 2^-6 ULP.
 * Special lanes, one at a time (erf_f64_special): NaN (x + x), and a < 2^-900 (float64), where
 *   erf(x) = 2x/sqrt(pi) to far below an ulp: computed on a scaled by 2^64 and rounded once to
 *   the subnormal grid (erf_round_scaled), so +-0 give +-0 and subnormal results are exact.
 * erf reports no status bits, as SciPy's erf (no underflow either, under np.errstate).
 *
 * Tiers (bound; measured maxima: docs/accuracy.md):
 *   accurate float64  < 1 ULP (goal 0.52)  the double-double rounded once: 0.5 + 2^-6
 *   accurate float32  correctly rounded    a first pass in double on the fast tier's slots
 *                                          (degree 8, 2^-37), float(y) where y is provably far
 *                                          from a float midpoint; the other lanes redo the vector:
 *                                          the same double-double (2^-59) rounded to float once
 *                                          (vm_round_dd_f32); results below float's normal range
 *                                          one lane at a time (vm_round_dd_f32_any); the
 *                                          exhaustive test finds every input correctly rounded
 *   fast, approx      <= 1 ULP / bounds    float64: plain-double slots (erf_f64_fast_vec);
 *                                          float32: float slots (erf_f32_fast_vec) */

#include "exp_core.h"
/* exp(-a^2) takes exp_core.h's reduction with the low part kept (exp_f64_dd_reduce,
 * exp_f64_dd_poly) */

#define ERF_LIM vm_erf_limits /* thresholds, from vecmath.spec.LIMITS */

/* h + l = a + b exactly, |a| >= |b| (or a = 0) */
static inline vd erf_fast2sum(vd a, vd b, vd *l) {
    vd h = vd_add(a, b);
    *l = vd_sub(b, vd_sub(h, a));
    return h;
}

/* erf(a) for 0 <= a < 1/2 as h + *l (relative error 2^-61): a (c0 + c1 u + u^2 P(u)) with
 * u = uh + ul exact, c1 u's product c1h uh exact (FMA), the sum c0h + c1h uh by Fast2Sum
 * (|c1h uh| <= 0.094 < c0h); the low terms c0l, c1h ul, c1l uh and u^2 P (<= 2^-7.3 of the
 * result) in double; then a times the double-double, its product's error by FMA. */
static inline vd erf_small_dd(vd a, vd *l) {
#define K vm_erf_small_k
    vd uh = vd_mul(a, a);
    vd ul = vd_fma(a, a, vd_neg(uh));
    vd u2 = vd_mul(uh, uh), u4 = vd_mul(u2, u2);
    /* P = p5 + p7 u + .. + p27 u^11 by Estrin */
    vd q0 = vd_fma(uh, vd_set(K.p7), vd_set(K.p5));
    vd q1 = vd_fma(uh, vd_set(K.p11), vd_set(K.p9));
    vd q2 = vd_fma(uh, vd_set(K.p15), vd_set(K.p13));
    vd q3 = vd_fma(uh, vd_set(K.p19), vd_set(K.p17));
    vd q4 = vd_fma(uh, vd_set(K.p23), vd_set(K.p21));
    vd q5 = vd_fma(uh, vd_set(K.p27), vd_set(K.p25));
    vd r0 = vd_fma(u2, q1, q0), r1 = vd_fma(u2, q3, q2), r2 = vd_fma(u2, q5, q4);
    vd P = vd_fma(u4, vd_fma(u4, r2, r1), r0);
    vd m = vd_mul(vd_set(K.c1h), uh);
    vd ml = vd_fma(vd_set(K.c1h), uh, vd_neg(m));
    vd sl;
    vd s = erf_fast2sum(vd_set(K.c0h), m, &sl);
    vd low = vd_add(vd_add(sl, ml), vd_fma(vd_set(K.c1l), uh, vd_fma(vd_set(K.c1h), ul, vd_set(K.c0l))));
    low = vd_fma(u2, P, low);
    vd ph = vd_mul(a, s);
    vd pl = vd_fma(a, low, vd_fma(a, s, vd_neg(ph)));
    return erf_fast2sum(ph, pl, l);
#undef K
}

/* exp(xh + xl) as h + *l, |xl| <= 2^-52 |xh|, xh in [-746, 0]: exp_f64_dd_reduce of xh
 * (r_hi exact, delta its low part) with xl added to delta, the polynomial on r = r_hi + delta;
 * ~2^-62 relative.  h is scale (1 + ..): the caller keeps 2^(k/16) in double's normal range. */
static inline vd erf_exp_dd(vd xh, vd xl, vd *l) {
    vd r_hi, delta, scale, tail;
    (void)exp_f64_dd_reduce(xh, &r_hi, &delta, &scale, &tail);
    delta = vd_add(delta, xl);
    vd r = vd_add(r_hi, delta);
    vd r2 = vd_mul(r, r);
    vd lo = vd_fma(r2, exp_f64_dd_poly(r, r2), vd_add(vd_fma(tail, r, tail), delta));
    vd m = vd_add(r_hi, lo);
    vd m_lo = vd_add(vd_sub(r_hi, m), lo); /* Fast2Sum: |r_hi| >= |lo| or both tiny */
    vd eh = vd_fma(scale, m, scale);
    *l = vd_fma(scale, m_lo, vd_fma(scale, m, vd_sub(scale, eh)));
    return eh;
}

/* (ah + al) (bh + bl) as h + *l (the low products in double) */
static inline vd erf_mul_dd(vd ah, vd al, vd bh, vd bl, vd *l) {
    vd ph = vd_mul(ah, bh);
    vd pl = vd_fma(ah, bl, vd_fma(al, bh, vd_fma(ah, bh, vd_neg(ph))));
    return erf_fast2sum(ph, pl, l);
}

/* erfcx(a) for 1/2 <= a < 30 as h + *l: the slot's polynomial (vm_erfcx_k, 2^-60.2): c0 + c1 t
 * in double-double (c1h t exact by FMA, Fast2Sum: |c1 t| < c0 / 8), t^2 R(t) (<= 2^-6.8 of
 * the result) by Horner in double */
static inline vd erfcx_dd(vd a, vd *l) {
#define C(k) vd_lookup(vm_erfcx_c##k, idx, 32)
    vdi idx = vdi_shr(vd_bits(vd_add(a, vd_set(vm_erfcx_k.slot_offset))), 49);
    vd t = vd_sub(a, vd_lookup(vm_erfcx_mid, idx, 32)); /* exact */
    vd R = vd_fma(t, C(13), C(12));
    R = vd_fma(t, R, C(11));
    R = vd_fma(t, R, C(10));
    R = vd_fma(t, R, C(9));
    R = vd_fma(t, R, C(8));
    R = vd_fma(t, R, C(7));
    R = vd_fma(t, R, C(6));
    R = vd_fma(t, R, C(5));
    R = vd_fma(t, R, C(4));
    R = vd_fma(t, R, C(3));
    R = vd_fma(t, R, C(2));
    vd c1h = C(1h), m = vd_mul(c1h, t);
    vd ml = vd_fma(c1h, t, vd_neg(m));
    vd sl;
    vd s = erf_fast2sum(C(0h), m, &sl);
    vd low = vd_add(vd_add(sl, ml), vd_fma(C(1l), t, C(0l)));
    low = vd_fma(t, vd_mul(t, R), low);
    return erf_fast2sum(s, low, l);
#undef C
}

/* erfc(a) for 1/2 <= a <= vm_erf_limits.f64_erfc_normal (erfc normal, exp's scale too) as
 * h + *l: exp(-a^2) erfcx(a), ~2^-59 relative */
static inline vd erfc_big_dd(vd a, vd *l) {
    vd a2h = vd_mul(a, a);
    vd a2l = vd_fma(a, a, vd_neg(a2h));
    vd el, ql;
    vd eh = erf_exp_dd(vd_neg(a2h), vd_neg(a2l), &el);
    vd qh = erfcx_dd(a, &ql);
    return erf_mul_dd(eh, el, qh, ql, l);
}

/* erf(a) as h + *l for every a >= 0 but NaN (a >= 6 gives 1): the small polynomial below 1/2,
 * 1 - erfc(a) beyond (1 - eh by Fast2Sum, 1 >= eh); whole vectors on one side skip the other */
static inline vd erf_dd(vd a, vd *l) {
    vdm small = vd_lt(a, vd_set(ERF_LIM.poly_limit));
    vd h = vd_set(1.0), lo = vd_set(0.0);
    if (vdm_bits(vdm_not(small))) {
        vd el, dl;
        vd eh = erfc_big_dd(vd_min(a, vd_set(ERF_LIM.erf_clamp)), &el);
        vd d = erf_fast2sum(vd_set(1.0), vd_neg(eh), &dl);
        h = erf_fast2sum(d, vd_sub(dl, el), &lo);
    }
    if (vdm_bits(small)) {
        vd sl;
        vd s = erf_small_dd(a, &sl);
        h = vd_select(small, s, h);
        lo = vd_select(small, sl, lo);
    }
    *l = lo;
    return h;
}

/* h + l (h + l = V 2^S, |l| <= ulp(h)) as the double V rounded once, subnormal or not:
 * below 2^(S-1022) the sum with T = 2^(S-1022) rounds h to the subnormal grid scaled by 2^S,
 * its error kept exactly, and l added with it in one more rounding */
static inline double erf_round_scaled(double h, double l, double two_s, double two_minus_s,
                                      double T) {
    if (h >= T) return vd_first(vd_mul(vd_add(vd_set(h), vd_set(l)), vd_set(two_minus_s)));
    (void)two_s;
    vd e;
    vd hi = erf_fast2sum(vd_set(T), vd_set(h), &e);
    vd y = vd_add(hi, vd_add(e, vd_set(l)));
    return vd_first(vd_mul(vd_sub(y, vd_set(T)), vd_set(two_minus_s)));
}

/* erf of a NaN or of |x| < 2^-900: x + x, or 2x/sqrt(pi) (the cubic term is 2^-1800 below)
 * from x scaled by 2^64, rounded once (subnormal results included; +-0 stay +-0) */
VM_COLD static double erf_f64_special(double x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    double A = VM_FMUL(fabs(x), 0x1p64);
    vd ph = vd_mul(vd_set(A), vd_set(vm_erf_small_k.c0h));
    vd pl = vd_fma(vd_set(A), vd_set(vm_erf_small_k.c0l),
                   vd_fma(vd_set(A), vd_set(vm_erf_small_k.c0h), vd_neg(ph)));
    double y = erf_round_scaled(vd_first(ph), vd_first(pl), 0x1p64, 0x1p-64, 0x1p-958);
    return copysign(y, x);
}

/* accurate float64 (< 1 ULP, goal 0.52): erf_dd rounded once, x's sign put back; a < 2^-900
 * and NaN: erf_f64_special.  The worst lies just below 1/2, where u^2 P(u) is largest.
 *   Worst measured: erf accurate float64 0.512523 ULP at x = 0.45110675479227536 */
static inline vd erf_f64_accurate_vec(vd x, int *st) {
    vd a = vd_abs(x), l;
    vd h = erf_dd(a, &l);
    vd y = vd_copysign(vd_add(h, l), x);
    vdm special = vdm_not(vd_ge(a, vd_set(ERF_LIM.f64_tiny)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, erf_f64_special, st);
    return y;
}
/* fast and approx float64 (faithful, <= 1 ULP; approx runs fast's code): one polynomial per
 * slot in plain double, no double-double, no division, no gather (tables: vecmath/_gen/erf.py,
 * f64_tables): a = min(|x|, clamp = 5.97; erf rounds to 1 from 5.92, inf and NaN need no
 * branch), slot i = bits(2 + a) >> 49 mod 16 (the eighth binades of 2 + a: 1/4 wide below 2,
 * 1/2 up to 6; one register permute per coefficient on AVX-512), t = a - s_i (exact: s_i = 0 in
 * slot 0, near the middle elsewhere); Q = c1 + c2 v + .. + c12 v^11 by Horner and y = t Q + b in
 * one FMA, where slots 1.. take v = t, b = c0 = erf(s_i) rounded (s_i chosen where erf(s_i) lies
 * within 2^-12 ulp of a double, or half a slot below [5.5, 6), so c0 costs the fit nothing), and
 * slot 0 ([0, 1/4)) the odd a + a Q(a^2): v = a^2, b = a (subnormal x rounded once, +-0 kept).
 * x's sign put back; NaN: x + x (selected).  ERF64_Q(C) is Q over a lookup C(k) of c_k.
 * Budget: the final rounding 0.5 + t Q's (|t Q| <= 0.13 |y| in slot 1, the largest: <= 0.07) +
 *   Q's deeper roundings (~0.02) + the fit (certified in the generated header: 2^-55.7, that is
 *   <= 0.15 ULP, where erf > 0.99; slot 0 2^-56.3, elsewhere below 2 ~2^-59) < 0.75 ULP.
 *   Worst measured: erf fast float64 0.722063 ULP at x = -0.2516380663996982
 *   Worst measured: erf approx float64 0.722063 ULP at x = -0.2516380663996982 */
#define ERF64_H(k, in) vd_fma(v, in, C(k))
#define ERF64_Q(C)                                                                          \
    ERF64_H(1, ERF64_H(2, ERF64_H(3, ERF64_H(4, ERF64_H(5, ERF64_H(6, ERF64_H(7, ERF64_H(8, \
        ERF64_H(9, ERF64_H(10, ERF64_H(11, C(12))))))))))))
/* ERF64_ROWS(P, idx, n): AVX2 reads the slot's s, c0..c12 as one row of P_rows (vd_lookup_rows:
 * the same entries, so the same bits), into row[] (ERF64_ROW_LOCALS); S and C(k) read them.  The
 * other paths read each table (one register permute on AVX-512). */
#if defined(VM_HAS_VD_LOOKUP_ROWS)
#define ERF64_ROW_LOCALS vd row[16]
#define ERF64_ROWS(P, idx, n) vd_lookup_rows(P##_rows, idx, n, 16, row)
#define ERF64_S(P, idx, n) row[0]
#define ERF64_C(P, k, idx, n) row[(k) + 1]
#else
#define ERF64_ROW_LOCALS
#define ERF64_ROWS(P, idx, n) ((void)0)
#define ERF64_S(P, idx, n) vd_lookup(P##_s, idx, n)
#define ERF64_C(P, k, idx, n) vd_lookup(P##_c##k, idx, n)
#endif
static inline vd erf_f64_fast_vec(vd x, int *st) {
#define K vm_erf_fast_f64_k
#define C(k) ERF64_C(vm_erf_fast_f64, k, idx, 16)
    ERF64_ROW_LOCALS;
    (void)st;
    vd a = vd_min(vd_set(K.clamp), vd_abs(x));
    vd z = vd_add(a, vd_set(K.slot_offset));
    vdi idx = vdi_shr(vd_bits(z), 49);
    ERF64_ROWS(vm_erf_fast_f64, idx, 16);
    vd t = vd_sub(a, ERF64_S(vm_erf_fast_f64, idx, 16));
    vdm small = vd_lt(z, vd_set(K.slot_offset + K.small)); /* slot 0: z, not a (2 + a rounds up) */
    vd v = vd_select(small, vd_mul(a, a), t);
    vd b = vd_select(small, t, C(0));
    vd y = vd_copysign(vd_fma(t, ERF64_Q(C), b), x);
    return vd_select(vd_ne(x, x), vd_add(x, x), y);
#undef C
#undef K
}
static inline vd erf_f64_approx_vec(vd x, int *st) { return erf_f64_fast_vec(x, st); }

/* float32 whose result may be below float's normal range (|x| < f32_tiny) or NaN: the
 * double-double rounded once, any magnitude */
VM_COLD static float erf_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    vd l;
    double h = vd_first(erf_dd(vd_set(fabs((double)x)), &l));
    return copysignf(vm_round_dd_f32_any(h, vd_first(l)), x);
}

/* accurate float32's first pass (issue 35), in double: the fast tier's 32 slots of a (quarter
 * binades from 1/8, slot 31 for [0, 1/8)) read from a's double bits, c0 + t S1(t) of degree 8
 * with double coefficients, t = a - m_i exact (m_i the slot's midpoint; slot 31: m = 0, c0 = 0),
 * the tables P_m, P_c0..P_c8 and block P_k of vecmath/_gen/erf.py (f32_first_tables): erf's
 * (vm_erf_f32_first) and erfc's (vm_erfc_f32_first: erf's slots below 1/2, erfcx's beyond).
 * NAME(a) for 0 <= a <= P_k.clamp (NaN: a number, for lanes redone elsewhere). */
#define ERF_F32_FIRST_POLY(NAME, P)                                                         \
    static inline vd NAME(vd a) {                                                           \
        vdi idx = vdi_sub(vdi_shr(vd_bits(a), 50), vdi_set((int64_t)P##_k.index_base));     \
        idx = vdi_select(vd_lt(a, vd_set(P##_k.small)), vdi_set(31), idx);                  \
        vd t = vd_sub(a, vd_lookup(P##_m, idx, 32));                                        \
        vd s = vd_fma(t, vd_lookup(P##_c8, idx, 32), vd_lookup(P##_c7, idx, 32));           \
        s = vd_fma(t, s, vd_lookup(P##_c6, idx, 32));                                       \
        s = vd_fma(t, s, vd_lookup(P##_c5, idx, 32));                                       \
        s = vd_fma(t, s, vd_lookup(P##_c4, idx, 32));                                       \
        s = vd_fma(t, s, vd_lookup(P##_c3, idx, 32));                                       \
        s = vd_fma(t, s, vd_lookup(P##_c2, idx, 32));                                       \
        s = vd_fma(t, s, vd_lookup(P##_c1, idx, 32));                                       \
        return vd_fma(t, s, vd_lookup(P##_c0, idx, 32));                                    \
    }
ERF_F32_FIRST_POLY(erf_f32_first_poly, vm_erf_f32_first)
ERF_F32_FIRST_POLY(erfc_f32_first_poly, vm_erfc_f32_first) /* erfc-inl.h's */

/* accurate float32 (correctly rounded): the first pass y (erf_f32_first_poly, bound and window
 * in vm_erf_f32_first_k), float(y) unless y lies within the window of a float midpoint; those
 * lanes (about 2^-13 of uniform inputs) redo the vector as the kernel before issue 35: erf_dd in
 * double (2^-59 relative) rounded to float once by vm_round_dd_f32 (exact for the double-double;
 * its own error decides only within 2^-59 of a midpoint: the exhaustive test finds none wrong);
 * |x| < f32_tiny and NaN one lane at a time (erf_f32_special). */
/*   Worst measured: erf accurate float32 0.5 ULP at x = 0.0001839803 */
static inline vfh erf_f32_accurate_vec(vfh xf, int *st) {
#define K vm_erf_f32_first_k
    vd x = vd_from_vfh(xf), a = vd_abs(x);
    vd y = vd_copysign(erf_f32_first_poly(vd_min(vd_set(K.clamp), a)), x);
    vfh yf = vfh_from_vd(y);
    vdm redo = vd_near_f32_midpoint(y, (int64_t)K.window);
    if (VM_RARE(vdm_bits(redo))) {
        vd l;
        vd h = erf_dd(a, &l);
        yf = vm_round_dd_f32(vd_select(redo, vd_copysign(h, x), y),
                             vd_select(redo, vd_copysign(l, vd_mul(l, x)), vd_set(0.0)));
    }
    vdm special = vdm_not(vd_ge(a, vd_set(ERF_LIM.f32_tiny)));
    if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, erf_f32_special, st);
    return yf;
#undef K
}

/* fast and approx float32: float arithmetic, no division, no double (16 lanes per AVX-512
 * register), on piecewise polynomials read from a's bits as tanh's fast float32 (tables:
 * vecmath/_gen/erf.py, f32_tables): a = min(|x|, clamp); slot i = min_unsigned((bits(a) >> 21)
 * - index_base, 31): slots 0.. are the linear quarter binades from 1/8, slot 31 is [0, 1/8)
 * (and NaN: the unsigned min); t = a - s_i, exact (Sterbenz), s_i a float near the slot's middle
 * where the slot's function lies within 2^-12 ulp of a float, so c0 = that float costs nothing
 * and |t| <= a/8; S1 = c1 + c2 t + .. by Horner over 32-entry tables (one register permute each
 * on AVX-512, no gather).  Slot 31 has s = 0 and stores c1 - 1: its polynomial is t + t S1.
 * erf_f32_index gives the slot, ERF32_SLOT_<tier>(P, a, base) t (its locals: ERF32_LOCALS_<tier>),
 * ERF32_C(P, k) reads coefficient k of the tables P (vm_erf_fast_f32, vm_erf_approx_f32,
 * vm_erfc_fast_f32, vm_erfc_approx_f32: P_s, P_c0, ..) and ERF32_S1_<D> is S1 for the tables'
 * degree D (vecmath/_gen/erf.py: F32_DEGREES). */
static inline vfi erf_f32_index(vf a, float index_base) {
    return vfi_minu(vfi_sub(vfi_shr(vf_bits(a), 21), vfi_set((int32_t)index_base)), vfi_set(31));
}
#if defined(VM_ISA_AVX2)
/* AVX2 (no register permute of 16 floats): the fast tier reads its 8 tables from one row per
 * slot (P_rows: s, c0..c6) by 8 loads and a transpose (vf_lookup_rows8), where 32-entry permute
 * trees took 7 instructions per table; the same entries, so the same bits.  ERF32_SLOT_fast
 * fills row[] and gives t; ERF32_SLOT_approx (5 tables) keeps the permute trees. */
#define ERF32_LOCALS_fast vf row[8]
#define ERF32_SLOT_fast(P, a, base) (vf_lookup_rows8(P##_rows, erf_f32_index(a, base), 32, row), vf_sub(a, row[0]))
#define ERF32_C_fast(P, k) row[(k) + 1]
#else
#define ERF32_LOCALS_fast vfi idx
#define ERF32_SLOT_fast(P, a, base) (idx = erf_f32_index(a, base), vf_sub(a, vf_lookup(P##_s, idx, 32)))
#define ERF32_C_fast(P, k) vf_lookup(P##_c##k, idx, 32)
#endif
#define ERF32_LOCALS_approx vfi idx
#define ERF32_SLOT_approx(P, a, base) (idx = erf_f32_index(a, base), vf_sub(a, vf_lookup(P##_s, idx, 32)))
#define ERF32_C_approx(P, k) vf_lookup(P##_c##k, idx, 32)
#define ERF32_C_vm_erf_fast_f32 ERF32_C_fast
#define ERF32_C_vm_erfc_fast_f32 ERF32_C_fast
#define ERF32_C_vm_erf_approx_f32 ERF32_C_approx
#define ERF32_C_vm_erfc_approx_f32 ERF32_C_approx
#define ERF32_C(P, k) ERF32_C_##P(P, k)
#define ERF32_H(P, k, in) vf_fma(t, in, ERF32_C(P, k))
#define ERF32_S1_3(P) ERF32_H(P, 1, ERF32_H(P, 2, ERF32_C(P, 3)))
#define ERF32_S1_5(P) ERF32_H(P, 1, ERF32_H(P, 2, ERF32_H(P, 3, ERF32_H(P, 4, ERF32_C(P, 5)))))
#define ERF32_S1_6(P) ERF32_H(P, 1, ERF32_H(P, 2, ERF32_H(P, 3, ERF32_H(P, 4, ERF32_H(P, 5, ERF32_C(P, 6))))))

/* erf_f32_fast_vec, erf_f32_approx_vec: y = c0 + t S1 (slot 31: t + t S1) in one FMA, x's sign
 * put back (+-0 stay, subnormal x give erf rounded once); a >= 4 (the clamp, inf included) takes
 * the clamp's slot, 1 (erf rounds to 1 from 3.92); NaN: x + x (selected).
 * fast float32 (faithful, <= 1 ULP): degree 6, fit <= 2^-29.5 (certified; the generated
 *   header; degree 5 reached only 2^-24.8); budget: final rounding 0.5 + t S1's rounding
 *   (|t S1| <= 0.13 |y|: <= 0.13 ULP) + the deeper Horner steps (~0.02) + the fit (<= 0.09)
 *   < 0.75 ULP.
 *   Worst measured: erf fast float32 0.620916 ULP at x = 0.013571179
 * approx float32 (bound 2^11 ULP): degree 3, fit <= 2^-16.2 (certified; 2^-24 is 0.5 to 1 ULP):
 *   < 2^8 ULP.
 *   Worst measured: erf approx float32 225.246 ULP at x = 2.40719 */
#define ERF_F32_TIER(TIER, D)                                                               \
    static inline vf erf_f32_##TIER##_vec(vf x, int *st) {                                  \
        ERF32_LOCALS_##TIER;                                                                \
        (void)st;                                                                           \
        vf a = vf_min(vf_set(vm_erf_##TIER##_f32_k.clamp), vf_abs(x));                      \
        vf t = ERF32_SLOT_##TIER(vm_erf_##TIER##_f32, a, vm_erf_##TIER##_f32_k.index_base); \
        vf b = vf_select(vf_lt(a, vf_set(vm_erf_##TIER##_f32_k.small)), t,                  \
                         ERF32_C(vm_erf_##TIER##_f32, 0));                                  \
        vf y = vf_copysign(vf_fma(t, ERF32_S1_##D(vm_erf_##TIER##_f32), b), x);             \
        return vf_select(vf_ne(x, x), vf_add(x, x), y);                                     \
    }
ERF_F32_TIER(fast, 6)   /* erf_f32_fast_vec */
ERF_F32_TIER(approx, 3) /* erf_f32_approx_vec */

VM_ARRAY_F64(vm_erf_accurate_f64, erf_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_erf_accurate_f32, erf_f32_accurate_vec)
VM_ARRAY_F64(vm_erf_fast_f64, erf_f64_fast_vec)
VM_ARRAY_F32(vm_erf_fast_f32, erf_f32_fast_vec)
VM_ARRAY_F64(vm_erf_approx_f64, erf_f64_approx_vec)
VM_ARRAY_F32(vm_erf_approx_f32, erf_f32_approx_vec)

/* tanh(x) for float64 and float32, three tiers.
 *
 * Every tier but approx computes on a = |x| and puts x's sign back at the end (tanh is odd;
 * this keeps -0 and the sign of tiny results); approx's rational is odd and takes x itself.
 * No input needs a special path: NaN propagates through the arithmetic, a >= sat (infinity
 * included) selects 1 (fast: a is clamped where the result rounds to 1), tiny and subnormal
 * a come back unchanged from a + a^3 P(a^2) (fast: expm1(2a)/(expm1(2a) + 2); approx:
 * a P(u) / Q(u) with P(0) = Q(0) = 1).  tanh reports no status bits.  Coefficients and
 * tables: csrc/generated/vm_data.h (python -m vecmath._gen).
 *
 * Tiers (bound; each tier's method and error budget beside its code below, with the maximum
 * and worst input measured by python -m vecmath.accuracy.report, docs/accuracy.md, which
 * tests/test_docs.py holds these quotes to):
 *   accurate float64  < 1 ULP            a < 1/32: a + a^3 P(a^2); beyond, 1 - 2/(E + 1),
 *                                        E = exp(2a) from exp's N = 16 table with tails and
 *                                        tanh's own degree 7: ~0.5 + 0.03 ULP
 *   accurate float32  correctly rounded  a float-float first pass in float (piecewise degree 7
 *                                        on the fast tier's slots, Ziv test); unsure lanes redo
 *                                        their half by the double path: a first pass in double +
 *                                        midpoint window, the float64 accurate evaluation as a
 *                                        double-double for the rest
 *   fast float64      <= 1 ULP           N/D, N = expm1(2a) and D = N + 2 as double-doubles, the
 *                                        division's remainder corrected: < 0.61 ULP
 *   fast float32      <= 1 ULP           float, no division: 31-slot piecewise polynomial of
 *                                        degree 5 read from a's bits: < 0.93 ULP
 *   approx            2^26 / 2^11        no table: one odd rational, one division: <= 2^25 /
 *                                        <= 64 ULP
 * The float64 accurate and fast tiers share E = exp(2a) (exp_f64_dd_reduce, exp_f64_dd_poly);
 * float32 accurate's double path takes exp's float32 first try (exp_f32_first_core). */

#include "exp_core.h" /* exp's cores: exp_f64_dd_reduce, exp_f64_dd_poly, the tiers' exp */
#include "log_core.h" /* LOG_F32_REDO: the float32 accurate tier's fallback on VD_W-lane parts */

/* tanh(a) for a = |x| (or NaN) as a double-double s + e, |e| <= ulp(s)/2: accurate tiers.
 * s alone is the float64 result (within 0.51 ULP).
 * accurate float64 (< 1 ULP): a < 1/32: odd minimax a + a^3 P(a^2) of degree 9 (relative
 *   error: generated header); beyond, a clamped to 20 (where the result rounds to 1; tanh rounds
 *   to 1 from 19.06): tanh(a) = 1 - 2/D = 1 - 1/Dh, Dh = D/2 = (E + 1)/2, E = exp(2a) =
 *   2^(k/16) exp(rt) with rt = r_hi + dt, r_hi = 2a - k ln2_hi exact, dt = -k ln2_lo + tail (the
 *   table's tail folded into the argument: 2^(k/16) = scale (1 + tail) and (1 + tail) exp(r) =
 *   exp(r + tail) to 2^-106), so Dh = sh (1 + r_hi + lo) + 1/2, lo = dt + rt^2 p(rt), sh = scale/2
 *   (exp's shift less 16: k - 16 goes into the exponent); Dh = dh + dl with no Fast2Sum of
 *   r_hi + lo: dh = sh m + (sh + 1/2), m = r_hi + lo, both rounded; (sh - dh) + 1/2 is exact
 *   (Sterbenz: scale >= 2^(1/16), so dh < 2 sh) and dl = sh lo + (sh r_hi + that), whose inner
 *   rounding is < 2^-66 of Dh (|lo| < 2^-12).  y = 1/dh (one division), rho = 1 - y dh - y dl
 *   (1 - y dh exact), 1 - 1/Dh = h + l: h = 1 - y, l = ((1 - h) - y) - rho y ((1 - h) - y exact).
 *   Budget, relative errors: E's (polynomial 2^-65.3, rt's rounding in rt^2 p 2^-64.1, r2's and
 *   Estrin's roundings 2^-64.5 and 2^-65, lo's 2^-66: <= 2^-62.5) are magnified by
 *   2E/(E^2 - 1) <= 16 at a = 1/32, D's own (2^-66) by 2/(E - 1) <= 31: <= 2^-58.2, 0.027 ULP;
 *   rho's neglected rho^2 and the roundings of rho and l are below 2^-100.  The polynomial side
 *   adds ~2.5 roundings of a term <= a^2/3 <= 2^-11.6 of the result, <= 2^-63.3.  Bound
 *   ~0.5 + 0.03 ULP.
 *   (The measured worst: tanh_f64_accurate_vec.) */
static inline vd tanh_f64_accurate_dd(vd a, vd *e_out) {
#define K vm_tanh_accurate_f64_k
    vd one = vd_set(1.0);
    vdm small = vd_lt(a, vd_set(K.poly_limit));
    vd s = one, e = vd_set(0.0);
    if (vdm_bits(vdm_not(small))) { /* whole vectors on one side skip the other side */
        /* a >= 1/32: E = exp(2a) = 2 sh (1 + r_hi + lo), a clamped to 20 (inf included; NaN
         * passes: vd_min's second operand), where 1 - 2/D rounds to 1 (2/D = 2^-56.7).
         * exp_f64_dd_reduce's steps with exp's shift 16 less, so that the table's scale comes
         * halved (sh: 1/Dh = 2/D needs no doubling), and the tail folded into dt (no
         * tail (1 + r) term, no separate r) */
        vdi ki;
        vd ac = vd_min(vd_set(vm_tanh_fast_f64_k.clamp), a);
        vd x2 = vd_add(ac, ac), tail, half = vd_set(0.5);
        vd kd = exp_f64_round_k(x2, vm_tanh_exp_k.inv_ln2_n, vm_tanh_exp_k.shift - 16.0, &ki);
        vd r_hi = vd_fnma(kd, vd_set(vm_tanh_exp_k.ln2_hi_n), x2); /* exact */
        vd sh = exp_f64_scale16_tail(ki, &tail);
        vd dt = vd_add(vd_mul(kd, vd_set(-vm_tanh_exp_k.ln2_lo_n)), tail);
        vd rt = vd_add(r_hi, dt);
        vd r2 = vd_mul(rt, rt);
        vd lo = vd_fma(r2, exp_f64_dd_poly(rt, r2), dt);
        /* Dh = (E + 1)/2 = dh + dl (above: no Fast2Sum, (sh - dh) + 1/2 exact) */
        vd m = vd_add(r_hi, lo);
        vd d0 = vd_add(sh, half);
        vd dh = vd_fma(sh, m, d0);
        vd w1 = vd_add(vd_sub(sh, dh), half);
        vd dl = vd_fma(sh, lo, vd_fma(sh, r_hi, w1));
        /* 1/Dh = y (1 + rho), 1 - 1/Dh = h + l by Fast2Sum.  The division runs beside the
         * FMA pipes: a bit-trick seed and two cubic steps in its place (seven FMA-pipe
         * operations) made the kernel 1.2x slower (AMD EPYC family 26 model 2) */
        vd y = vd_div(one, dh);
        vd rho = vd_fnma(y, dl, vd_fnma(y, dh, one)); /* 1 - y dh is exact */
        vd h = vd_sub(one, y);
        vd l = vd_fnma(rho, y, vd_sub(vd_sub(one, h), y)); /* (1 - h) - y is exact */
        s = vd_add(h, l);
        e = vd_sub(l, vd_sub(s, h));
    }
    if (vdm_bits(small)) {
        /* a < 1/32: a + a^3 P(u), u = a^2, P by Estrin */
        vd u = vd_mul(a, a);
        vd P = vd_fma(vd_mul(u, u), vd_fma(u, vd_set(K.c9), vd_set(K.c7)),
                      vd_fma(u, vd_set(K.c5), vd_set(K.c3)));
        vd a3 = vd_mul(a, u);
        vd s_poly = vd_fma(a3, P, a);
        vd e_poly = vd_fma(a3, P, vd_sub(a, s_poly)); /* a - s_poly is exact */
        s = vd_select(small, s_poly, s);
        e = vd_select(small, e_poly, e);
    }
    *e_out = e;
    return s;
#undef K
}

/* v with its sign flipped where x is negative */
static inline vd tanh_xorsign(vd v, vd x) {
    return vd_from_bits(vdi_xor(vd_bits(v), vdi_and(vd_bits(x), vdi_set(VM_SIGN64))));
}

/* accurate float64: s of tanh_f64_accurate_dd, x's sign put back.  The worst lies just above
 * 1/32, where E's error is magnified most (2/(E - 1) <= 31).
 *   Worst measured: tanh accurate float64 0.502929 ULP at x = 0.03175663627836867 */
static inline vd tanh_f64_accurate_vec(vd x, int *st) {
    (void)st;
    vd e; /* unused: s is tanh rounded to double */
    return vd_copysign(tanh_f64_accurate_dd(vd_abs(x), &e), x);
}

/* fast float64 (faithful): expm1(2a) / (exp(2a) + 1) for every a, both terms formed relative
 *   to scale, exp(2a) = scale (1 + m + m_lo) (exp_f64_dd_reduce: the table's tails kept), a
 *   clamped to 20 (N/D rounds to 1 there).  No polynomial side: for 2a < ln2/32 (k = 0) scale
 *   is 1 and N = m + m_lo, and for k >= 1 scale - 1 >= 2^(1/16) - 1 keeps N well
 *   conditioned; tiny and subnormal a come back as a.  N = expm1(2a) is carried as nh + nl:
 *   m + m_lo = r_hi + lo exactly (lo the reduction's low part, the table's tail and r^2 p),
 *   nh = (scale - 1) + scale m in one FMA, whose rounding error a second FMA gives ((scale - 1)
 *   - nh is exact: Sterbenz for k >= 1, 0 for k = 0), nl = that + scale m_lo; D = nh + 2 by
 *   Fast2Sum on max/min(nh, 2), plus nl.  q = nh/dh (one division), the remainder nh - q dh
 *   exact, and y = q + (nh - q dh + nl - q dl) w in one FMA, w ~ 1/D from the bit-trick seed
 *   (5.1 %: the correction is a few ulps of q, so its error is < 0.1 ULP).  Budget: 0.5 final
 *   rounding + the correction's < 0.1 + N's 2^-60 relative (polynomial 2^-65.3 / N) < 0.61
 *   ULP.  Before (N = scale tmp + (scale - 1) rounded, D = N + 2 rounded, q alone): 3.3 ULP,
 *   worst near the first k boundaries (a ~ 1/8, 1/4).
 *   Worst measured: tanh fast float64 0.580726 ULP at x = 0.01303629930280268 */
static inline vd tanh_f64_fast_vec(vd x, int *st) {
#define K vm_tanh_fast_f64_k
    /* a clamped to where N/D rounds to 1 (inf included; NaN passes: vd_min's second operand) */
    vd a = vd_min(vd_set(K.clamp), vd_abs(x));
    vd r_hi, delta, scale, tail, one = vd_set(1.0), two = vd_set(2.0);
    (void)st;
    vd r = exp_f64_dd_reduce(vd_add(a, a), &r_hi, &delta, &scale, &tail);
    vd r2 = vd_mul(r, r);
    /* exp(2a) = scale (1 + m + m_lo), m + m_lo = r_hi + lo exactly (Fast2Sum: |r_hi| >= |lo|
     * or both below 2^-33), so that nh below carries all but a few ulps of N */
    vd lo = vd_fma(r2, exp_f64_dd_poly(r, r2), vd_add(vd_fma(tail, r, tail), delta));
    vd m = vd_add(r_hi, lo);
    vd m_lo = vd_add(vd_sub(r_hi, m), lo);
    /* N = expm1(2a) = (scale - 1) + scale (m + m_lo) as nh + nl: scale - 1 is exact, and so
     * is (scale - 1) - nh (Sterbenz for k >= 1, where |scale m| < (scale - 1)/2; 0 for k = 0),
     * so the inner FMA gives nh's rounding error */
    vd sm1 = vd_sub(scale, one);
    vd nh = vd_fma(scale, m, sm1);
    vd nl = vd_fma(scale, m_lo, vd_fma(scale, m, vd_sub(sm1, nh)));
    /* D = N + 2 = dh + dl (Fast2Sum on the larger of nh and 2) */
    vd dh = vd_add(nh, two);
    vd dl = vd_add(vd_add(vd_sub(vd_max(nh, two), dh), vd_min(nh, two)), nl);
    /* N/D = q + (nh - q dh + nl - q dl)/D: the remainder nh - q dh is exact, the correction is
     * a few ulps of q, and 1/D from a bit-trick seed (within 5.1 % below it: one integer
     * subtraction) is all it needs; the last FMA is the one rounding at the result's size */
    vd q = vd_div(nh, dh);
    vd rem = vd_fnma(q, dl, vd_add(vd_fnma(q, dh, nh), nl));
    vd w = vd_from_bits(vdi_sub(vdi_set((int64_t)vm_tanh_fast_f64_bits.recip_magic), vd_bits(dh)));
    vd y = vd_fma(rem, w, q);
    return vd_copysign(y, x);
#undef K
}

/* approx (float64, and float32 in float arithmetic below): one odd rational
 * a (1 + p1 u + ..) / (1 + q1 u + ..), u = a^2, on [0, sat), 1 beyond; no table, one division,
 * coefficients fitted by a rational Remez and the error certified by Sollya
 * (vecmath/_gen/tanh.py).  sat is where 1 - tanh(sat) = 2^-b, b beyond the fit's error and the
 * roundings, so the rational stays below 1; x^2 >= sat_sq (sat^2 rounded) selects +-1.
 * Evaluated as x P(u) / Q(u), u = x^2 (odd: no abs, no sign to restore), below sat, +-1 where
 * u >= sat_sq (NaN fails the compare and propagates; the rational's overflow beyond sat is
 * never selected).
 * approx float64 (bound 2^26 ULP): degrees 4/5, b = 28 (sat 10.05), fit 2^-28.2 plus ~6 double
 *   roundings, and 1 - tanh(sat) = 2^-28 beyond: <= 2^25 ULP; the worst is just past sat, 1
 *   in place of 1 - 2^-28.
 *   Worst measured: tanh approx float64 3.35392e+07 ULP at x = 10.050861268646536 */
static inline vd tanh_f64_approx_vec(vd x, int *st) {
#define K vm_tanh_approx_f64_k
    vd u = vd_mul(x, x);
    vd P = vd_fma(u, vd_fma(u, vd_fma(u, vd_fma(u, vd_set(K.p4), vd_set(K.p3)), vd_set(K.p2)),
                            vd_set(K.p1)),
                  vd_set(1.0));
    vd Q = vd_fma(u, vd_fma(u, vd_fma(u, vd_fma(u, vd_fma(u, vd_set(K.q5), vd_set(K.q4)),
                                                     vd_set(K.q3)), vd_set(K.q2)), vd_set(K.q1)),
                  vd_set(1.0));
    (void)st;
    return vd_select(vd_ge(u, vd_set(K.sat_sq)), vd_copysign(vd_set(1.0), x), vd_div(vd_mul(x, P), Q));
#undef K
}

/* fast float32 (faithful: <= 1 ULP, every input): float arithmetic, no division.  a = min(|x|,
 *   10); the slot i = min_unsigned((bits(a) >> 21) - bits(2^-4) >> 21, 31): slots 0..28 are the
 *   linear quarter binades [2^e (1 + q/4), 2^e (1 + (q+1)/4)) from 2^-4 to 10, slot 29 the
 *   clamp's [10, 12) (its polynomial is 1), slot 31 [0, 2^-4) (and NaN).  t = a - s_i, s_i a
 *   float just below the slot's start (exact: Sterbenz) whose tanh lies within 2^-12 ulp of a
 *   float, so c0 = tanh(s_i) rounded costs nothing; y = c0 + t S1(t), S1 = c1 + .. + c5 t^4 by
 *   Horner over 32-entry tables (one permute each on AVX-512); slot 31 has s = 0 and takes
 *   y = t + t S1(t) (c1 stored as c1 - 1; B = t selected below 2^-4).  Coefficients rounded to
 *   float one at a time with the higher ones refitted; the rounded polynomial's relative error
 *   is certified by Sollya (2^-26.3, the generated header: <= 0.21 ULP).  Budget: final
 *   rounding 0.5 + t S1's rounding (|t S1| <= 0.19 |y|: <= 0.19 ULP) + the deeper Horner
 *   steps (~0.03) + the fit (<= 0.21) < 0.93 ULP.  The previous kernel, N/(N + 2) with
 *   N = expm1(2a) from an 8-entry table, reached 3.25 ULP (N's, N + 2's and the division's
 *   roundings).
 * a is clamped to 10 (inf included; NaN passes: vf_min's second operand), whose slot gives 1;
 * NaN goes to slot 31 (unsigned min) and propagates through t.  C(k) reads the slot's
 * coefficient k: vm_tanh_fast_f32_c0, vm_tanh_fast_f32_c1, vm_tanh_fast_f32_c2,
 * vm_tanh_fast_f32_c3, vm_tanh_fast_f32_c4, vm_tanh_fast_f32_c5.
 *   Worst measured: tanh fast float32 0.709777 ULP at x = 4.9316893 */
static inline vf tanh_f32_fast_vec(vf x, int *st) {
#define K vm_tanh_fast_f32_k
    vf a = vf_min(vf_set(K.clamp), vf_abs(x));
    vfi idx = vfi_minu(vfi_sub(vfi_shr(vf_bits(a), 21), vfi_set((int32_t)K.index_base)), vfi_set(31));
#if defined(VM_HAS_VF_LOOKUP_ROWS8) /* AVX2: the seven tables as rows, one load per lane */
    vf row[8];
    vf_lookup_rows8(vm_tanh_fast_f32_rows, idx, 32, row);
#define C(k) row[(k) + 1]
    vf t = vf_sub(a, row[0]);
#else
#define C(k) vf_lookup(vm_tanh_fast_f32_c##k, idx, 32)
    vf t = vf_sub(a, vf_lookup(vm_tanh_fast_f32_s, idx, 32));
#endif
    vf s1 = vf_fma(t, vf_fma(t, vf_fma(t, vf_fma(t, C(5), C(4)), C(3)), C(2)), C(1));
    vf b = vf_select(vf_lt(a, vf_set(K.small)), t, C(0));
    (void)st;
    /* copysign, not an xor of x's sign: a NaN's sign after the arithmetic depends on the path
     * (the scalar path's fnma negates its operand), so only x's own sign gives its NaN back */
    return vf_copysign(vf_fma(t, s1, b), x);
#undef C
#undef K
}

/* approx float32 (bound 2^11 ULP): the float64 approx form in float, P and Q of degree 3 in u,
 *   b = 18 (sat 6.58), fit 2^-20.4 plus float roundings (Horner of P and Q, a P, the division:
 *   ~5 ULP), and 2^-18 beyond: <= 64 ULP, reached just past sat (exhaustive).
 *   Worst measured: tanh approx float32 64 ULP at x = 6.584897 */
static inline vf tanh_f32_approx_vec(vf x, int *st) {
#define K vm_tanh_approx_f32_k
    vf u = vf_mul(x, x);
    vf P = vf_fma(u, vf_fma(u, vf_fma(u, vf_set(K.p3), vf_set(K.p2)), vf_set(K.p1)), vf_set(1.0f));
    vf Q = vf_fma(u, vf_fma(u, vf_fma(u, vf_set(K.q3), vf_set(K.q2)), vf_set(K.q1)), vf_set(1.0f));
    (void)st;
    return vf_select(vf_ge(u, vf_set(K.sat_sq)), vf_copysign(vf_set(1.0f), x), vf_div(vf_mul(x, P), Q));
#undef K
}

/* accurate float32, first pass: tanh(a), a = |x| (or NaN), in double within 2^-35.5 relative
 * (vm_tanh_f32_first_k, the generator's bound): a + a^3 P(a^2), P of degree 3 in u (2^-45.7)
 * below 1/8, 1 - 2/(E + 1) beyond with E = exp(2a) from exp's float32 first try (no tails,
 * degree 4: 2^-37.5, times 3.96 at a = 1/8), 1 beyond float's saturation (9.01); whole vectors
 * on one side skip the other side. */
static inline vd tanh_f32_first_pass(vd a) {
#define K vm_tanh_f32_first_k
    vd one = vd_set(1.0);
    vdm small = vd_lt(a, vd_set(K.poly_limit));
    vd y = one;
    if (vdm_bits(vdm_not(small))) {
        vd scale;
        vd tmp = exp_f32_first_core(vd_add(a, a), &scale);
        vd q = vd_div(vd_set(2.0), vd_add(vd_fma(scale, tmp, scale), one));
        y = vd_select(vd_ge(a, vd_set(K.sat)), one, vd_sub(one, q));
    }
    if (vdm_bits(small)) {
        vd u = vd_mul(a, a);
        vd P = vd_fma(vd_mul(u, u), vd_fma(u, vd_set(K.c9), vd_set(K.c7)),
                      vd_fma(u, vd_set(K.c5), vd_set(K.c3)));
        y = vd_select(small, vd_fma(vd_mul(a, u), P, a), y);
    }
    return y;
#undef K
}

/* accurate float32, the double path (the float-float pass's fallback, and the whole kernel before
 * issue 37): the first pass decides the rounding unless its result lies within `window` double
 * ulps of a float midpoint (vecmath.spec.LIMITS: 2^20, about 2^-8 of the inputs); those lanes
 * take the accurate float64 evaluation ended as a double-double (s, e) (relative error below
 * 2^-59), rounded once by vm_round_dd_f32.  The exhaustive test finds every float32 result
 * correctly rounded. */
static inline vfh tanh_f32_accurate_half(vfh xf, int *st) {
    vd x = vd_from_vfh(xf);
    vd y = vd_copysign(tanh_f32_first_pass(vd_abs(x)), x);
    vdm hard = vd_near_f32_midpoint(y, (int64_t)vm_tanh_limits.f32_cr_window);
    (void)st;
    if (VM_RARE(vdm_bits(hard))) {
        vd e;
        vd s = tanh_f64_accurate_dd(vd_abs(x), &e);
        /* copysign on s (>= 0, or NaN: its sign would otherwise depend on operand order) */
        vfh cr = vm_round_dd_f32(vd_copysign(s, x), tanh_xorsign(e, x));
        y = vd_select(hard, vd_from_vfh(cr), y);
    }
    return vfh_from_vd(y);
}

#if !defined(VM_HAS_VF_LOOKUP_ROWS8) /* AVX2 runs the double path alone (the array kernel below) */
/* accurate float32, the float-float first pass (issue 37), float arithmetic on VF_W lanes, no
 * division: the fast tier's quarter binades read as bits(a) >> 21 mod 32 from tables stored
 * rotated (vm_tanh_f32_ff_k: [2^-4, 16) is exactly 32 slots; a = min(|x|, 10), whose slot [10, 12)
 * holds the polynomial 1; max(bits >> 21, small_index) sends a < 2^-4 to the entry of [14, 16),
 * never reached otherwise, which holds [0, 2^-4) with s = 0 and c0 = 0).  t = a - s exact (s a
 * float near the slot's centre whose tanh lies within 2^-12 ulp of a float, c0 = tanh(s)
 * rounded); y = c0 + t S1, S1 = c1 + c2 t + t^2 S3, S3 = c3 + .. + c7 t^4 by Horner in float:
 *   S1 = S1h + S1l: t c2 = p - np exactly (FMA), S1h = c1h + p by Fast2Sum, S1l = e1 + (c1l - nw)
 *     with nw = np - t2 S3 (t2 = t^2 rounded), the one float-rounded term: |t^3 S3| <= 2^-10.6 y;
 *   y = yh + yl: t S1h = p0 - np0 exactly, yh = c0 + p0 by Fast2Sum (|t S1| <= c0 / 8, or c0 = 0),
 *     yl = e0 - (np0 - t S1l).
 * The errors are negated (fnma) so that no fms is needed; rounding is symmetric.  Per slot, the
 * certified error of the rounded polynomial plus the evaluation's roundings (vecmath/_gen/tanh.py,
 * ff_eval_bound: 2^-30.7 in [0, 2^-4), 2^-31.9 to 2^-40 elsewhere) is eps (vm_tanh_f32_ff_eps):
 * Ziv's test with d = eps yh, y1 = yh + (yl + d) and y2 = yh + (yl - d) equal, is tanh(a)
 * correctly rounded.  No tiny or subnormal a needs a test: below 2^-40, S1h = c1h = 1 exactly,
 * p0 = a, |yl| and d <= 2^-29 a, so y1 = y2 = a, the correctly rounded result (a < 2^-13), in
 * IEEE mode (the kernels' mode: vm_fpmode.h); 0 gives yh = yl = d = 0.  NaN gives NaN (y1 != y2,
 * redone).  Returns y1, sets *y2. */
static inline vf tanh_f32_ff_first(vf a, vf *y2) {
#define F vm_tanh_f32_ff_k
    vfi idx = vfi_max(vfi_shr(vf_bits(a), 21), vfi_set((int32_t)F.small_index));
#define L(name) vf_lookup(vm_tanh_f32_ff_##name, idx, 32)
    vf s = L(s), c0 = L(c0), c1h = L(c1hi), c1l = L(c1lo), c2 = L(c2), c3 = L(c3), c4 = L(c4);
    vf c5 = L(c5), c6 = L(c6), c7 = L(c7), eps = L(eps);
#undef L
    vf t = vf_sub(a, s);
    vf s3 = vf_fma(t, vf_fma(t, vf_fma(t, vf_fma(t, c7, c6), c5), c4), c3);
    vf p = vf_mul(t, c2);
    vf np = vf_fnma(t, c2, p); /* p - t c2, exact */
    vf s1h = vf_add(c1h, p);
    vf e1 = vf_add(vf_sub(c1h, s1h), p);
    vf nw = vf_fnma(vf_mul(t, t), s3, np);
    vf s1l = vf_add(e1, vf_sub(c1l, nw));
    vf p0 = vf_mul(t, s1h);
    vf np0 = vf_fnma(t, s1h, p0); /* p0 - t s1h, exact */
    vf yh = vf_add(c0, p0);
    vf yl = vf_sub(vf_add(vf_sub(c0, yh), p0), vf_fnma(t, s1l, np0));
    vf d = vf_mul(yh, eps);
    *y2 = vf_add(yh, vf_sub(yl, d));
    return vf_add(yh, vf_add(yl, d));
#undef F
}

/* accurate float32, registers whose every lane has a < 2^-4 (vm_tanh_f32_ff_small_k): the odd
 * polynomial a + a^3 P(a^2), P = c3 + c5 a^2 + c7 a^4, c3 = c3h + c3l, without lookups, its
 * roundings relative to the correction a^3 P (<= 2^-9.6 of the result) rather than to the result
 * as slot [0, 2^-4) of the table pass (2^-30.7 there, a quarter of such registers unsure):
 *   a^2 = uh + ul (FMA), m = c3l + uh (c5 + c7 uh), uh c3h = v + ve (FMA), w = ul c3h + ve + uh m
 *   (uh P = v + w, ul m dropped), a v = rh + rl (FMA), y = a + rh + (rl + a w) as yh + yl by
 *   Fast2Sum (rh <= a / 48).
 * The errors are negated (fnma), as in the table pass.  The polynomial (2^-44.1, certified) and
 * these roundings (vecmath/_gen/tanh.py, ff_small_bound) are within eps = 2^-39.9; the Ziv test and
 * tiny a as in tanh_f32_ff_first (below 2^-40, y1 = y2 = a).  Returns y1, sets *y2. */
static inline vf tanh_f32_ff_small(vf a, vf *y2) {
#define K vm_tanh_f32_ff_small_k
    vf uh = vf_mul(a, a);
    vf nul = vf_fnma(a, a, uh);                 /* uh - a^2, exact */
    vf m = vf_fma(uh, vf_fma(uh, vf_set(K.c7), vf_set(K.c5)), vf_set(K.c3lo));
    vf v = vf_mul(uh, vf_set(K.c3hi));
    vf nve = vf_fnma(uh, vf_set(K.c3hi), v);    /* v - uh c3h, exact */
    vf nw = vf_fnma(uh, m, vf_fma(nul, vf_set(K.c3hi), nve));
    vf rh = vf_mul(a, v);
    vf nrl = vf_fnma(a, v, rh);                 /* rh - a v, exact */
    vf yh = vf_add(a, rh);
    vf yl = vf_sub(vf_add(vf_sub(a, yh), rh), vf_fma(a, nw, nrl));
    vf d = vf_mul(yh, vf_set(K.eps));
    *y2 = vf_add(yh, vf_sub(yl, d));
    return vf_add(yh, vf_add(yl, d));
#undef K
}

LOG_F32_REDO(tanh_f32_redo_parts, tanh_f32_accurate_half)

/* every lane of a register small (NaN is not): the lookup-free pass applies */
static inline int tanh_f32_all_small(vf a) {
    return vfm_bits(vf_lt(a, vf_set(vm_tanh_f32_ff_small_k.limit))) == (1u << VF_W) - 1u;
}

/* accurate float32, a register whose every a < 2^-4: tanh_f32_ff_small, its unsure lanes redone
 * by the double path as the table pass's */
static inline vf tanh_f32_accurate_small(vf x, vf a, int *st) {
    vf y2;
    vf y = tanh_f32_ff_small(a, &y2);
    vfm redo = vf_ne(y, y2);
    y = vf_copysign(y, x);
    if (VM_RARE(vfm_bits(redo))) y = tanh_f32_redo_parts(x, y, redo, st);
    return y;
}

/* accurate float32, the table pass; its unsure lanes (y1 != y2, NaN included) redo their
 * VD_W-lane part by the double path (tanh_f32_accurate_half: the same bits, correct rounding is
 * unique).  An unsure register whose every lane is small sets *small_run (the array kernel then
 * runs the lookup-free pass on the registers that follow, while they are all small). */
static inline vf tanh_f32_accurate_table(vf x, vf a, int *st, int *small_run) {
    vf y2;
    vf y = tanh_f32_ff_first(a, &y2);
    vfm redo = vf_ne(y, y2);
    y = vf_copysign(y, x);
    if (VM_RARE(vfm_bits(redo))) {
        *small_run = tanh_f32_all_small(a);
        y = tanh_f32_redo_parts(x, y, redo, st);
    }
    return y;
}

/* accurate float32 (correctly rounded), one register (the lane entry points, CUDA): registers
 * whose every lane is small take the lookup-free pass, the others the table pass.  Exhaustive:
 * every float input correctly rounded, the same outputs as the double path.
 *   Worst measured: tanh accurate float32 0.5 ULP at x = 0.0014914835 */
static inline vf tanh_f32_accurate_vec(vf x, int *st) {
    vf a = vf_min(vf_set(vm_tanh_f32_ff_k.clamp), vf_abs(x));
    int small_run;
    if (tanh_f32_all_small(a)) return tanh_f32_accurate_small(x, a, st);
    return tanh_f32_accurate_table(x, a, st, &small_run);
}
#endif

VM_ARRAY_F64(vm_tanh_accurate_f64, tanh_f64_accurate_vec)
#if defined(VM_HAS_VF_LOOKUP_ROWS8)
/* AVX2: the double path four lanes a step, as before issue 37 (on both halves of an 8-lane
 * register, tanh_f32_accurate_vec, it took 1.10-1.13x that time) */
VM_ARRAY_F32_IN_F64(vm_tanh_accurate_f32, tanh_f32_accurate_half)
#elif defined(VM_ISA_CUDA)
VM_ARRAY_F32(vm_tanh_accurate_f32, tanh_f32_accurate_vec)
#else
/* The lookup-free pass on whole registers from x[i] on, while every lane is small; returns
 * where it stopped (a register not all small, or the tail).  Out of line: in the array kernel's
 * loop, a test ahead of the table pass or the small pass's constants cost uniform inputs
 * 10-11 % (the table pass's constants rematerialized per register; AMD EPYC family 26). */
static VM_NOINLINE size_t tanh_f32_small_run(const float *x, float *y, size_t i, size_t n, int *st) {
    for (; n - i >= VF_W; i += VF_W) {
        vf xv = vf_load(x + i);
        vf a = vf_min(vf_set(vm_tanh_f32_ff_k.clamp), vf_abs(xv));
        if (!tanh_f32_all_small(a)) break;
        vf_store(y + i, tanh_f32_accurate_small(xv, a, st));
    }
    return i;
}

/* The array kernel: the table pass, until an unsure register is all small (a quarter of the
 * registers of inputs in (-1/16, 1/16) are unsure in the table pass); then the lookup-free pass
 * while the registers stay all small.  Tail as VM_DEFINE_ARRAY's. */
VM_FLATTEN int VM_NAME(vm_tanh_accurate_f32)(const float *x, float *y, size_t n) {
    int st = 0, small_run = 0;
    float bx[VF_W], by[VF_W];
    for (size_t i = 0; i < n; i += VF_W) {
        const float *src = x + i;
        float *dst = y + i;
        size_t m = n - i;
        if (VM_RARE(m < VF_W)) {
            for (size_t j = 0; j < VF_W; j++) bx[j] = j < m ? x[i + j] : 1.0f;
            src = bx;
            dst = by;
        }
        vf xv = vf_load(src);
        vf a = vf_min(vf_set(vm_tanh_f32_ff_k.clamp), vf_abs(xv));
        vf_store(dst, tanh_f32_accurate_table(xv, a, &st, &small_run));
        if (VM_RARE(m < VF_W))
            for (size_t j = 0; j < m; j++) y[i + j] = by[j];
        else if (VM_RARE(small_run)) {
            small_run = 0;
            i = tanh_f32_small_run(x, y, i + VF_W, n, &st) - VF_W;
        }
    }
    return st;
}
VM_LANES_F32(vm_tanh_accurate_f32, tanh_f32_accurate_vec)
#endif
VM_ARRAY_F64(vm_tanh_fast_f64, tanh_f64_fast_vec)
VM_ARRAY_F32(vm_tanh_fast_f32, tanh_f32_fast_vec)
VM_ARRAY_F64(vm_tanh_approx_f64, tanh_f64_approx_vec)
VM_ARRAY_F32(vm_tanh_approx_f32, tanh_f32_approx_vec)

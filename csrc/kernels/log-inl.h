/* log(x) for float64 and float32, three tiers.
 *
 * Method: x = 2^k z, z in [OFF, 2 OFF), OFF ~ 0.7 (integer arithmetic on the bits); the top
 * mantissa bits of z - OFF pick c from an N-entry table, and
 *     log(x) = k ln2 + log c + log1p(r),  r = z (1/c) - 1,
 * with log1p(r) from a minimax polynomial.  The generator (vecmath/_gen/log.py) puts 1.0 at
 * the centre of one entry, whose c is 1, so near x = 1 the result is log1p(x - 1) with k = 0:
 * relative accuracy, no cancellation.  Every 1/c has at most 7 bits, on the coarsest binary
 * grid that keeps r = fma(z, 1/c, -1) exact for every double (and float) z of its entry:
 * |r| <= 0.0342 for N = 16, 0.0198 for N = 32.  r carries no rounding error in any tier.
 *
 * accurate float64: N = 16; log c = hi + lo with hi a multiple of 2^-42, so w = k ln2_hi + hi is
 *   exact; log1p(r) = r - r^2/2 + r^3 H(r), H of degree 7 by Horner (2^-59.6 relative to
 *   log1p(r): the generated header).  w + r is added by Fast2Sum (|w| >= |r| by the table),
 *   then -r^2/2 by one FMA on hr = -r/2 (exact), whose rounding error a second FMA gives
 *   (|w + r| > 2^-7 > r^2/2 outside the c = 1 entry); what they leave, k ln2_lo + lo and
 *   r^3 H(r), is one small term t with |t| < 2^-11 |result|, whose roundings cost < 2^-62
 *   relative.  s = hi + t: 0.5 ULP final rounding + < 0.003 ULP + H's error, < 0.012 ULP
 *   (|log1p(r)| <= 1.1 |result| outside the c = 1 entry).  Measured maximum, over sampled
 *   inputs and every worst case of log.wc: docs/accuracy.md.
 * accurate float32 (correctly rounded; issue 25): a float-float first pass on VF_W float lanes
 *   (16 on AVX-512), the fast float32 tier's reduction and N = 32 tables (N = 16 on AVX2, where
 *   a 32-entry float lookup costs 4 vpermd and 3 blends: vm_log_logc16_hi_f/_lo_f on the same
 *   2^-16 grid, H of degree 4).  r is exact, w = k ln2_hi + hi exact (|k| < 2^8), tail =
 *   k ln2_lo + lo; w + r = hi + lo by Fast2Sum; hi - r^2/2 = hi2 + lo2 exactly (hr = -r/2 exact,
 *   hi - hi2 exact by Sterbenz); t = r^3 H(r) + ((lo + lo2) + tail), H of degree 3 in float
 *   (Sollya fpminimax: 2^-38.9 relative to log1p(r), certified; N = 16: 2^-38.6).  hi2 + t is
 *   within delta of log x, relative to |log x| (k = 0 entries next to 1 the worst):
 *     log c as hi + float lo (<= 2^-42 absolute where |y| >= 2^-6)     <= 2^-36
 *     k ln2 as ln2_hi + float ln2_lo (k != 0: |y| >= 0.29)             <= 2^-40
 *     t's two roundings (|t| <= 2^-11.5 |y|)                           2 x 2^-35.5
 *     H's approximation (certified; |log1p(r)| <= 1.1 |y|)             <= 2^-38.7
 *     r^3's, H's and the FMA's roundings                               <= 2^-36
 *     delta                                                            <= 2^-33.7
 *   measured over every float: 2^-34.37 (x = 0x1.0408e6p+0; N = 16: 2^-33.40, x = 0x1.0826ep+0).
 *   Ziv's test: y1 = hi2 + (t + d), y2 = hi2 + (t - d), d = f32_ff_eps |hi2| = 2^-33 |hi2|
 *   (vecmath.spec.LIMITS: delta plus the rounding of t +- d, ulp/2 <= 2^-35.5 |y|, needs
 *   >= 2^-33.3); y1 == y2 is then the correctly rounded log x.  Lanes where they differ (2^-8.50
 *   of the positive normal floats: 5,889,025 with N = 32, 5,889,078 with N = 16), and x <= 0,
 *   NaN, +inf and subnormal x, send their VD_W-lane part of the vector to the double path below
 *   (log_f32_redo), whose own near lanes take the accurate double-double core as a vector and
 *   whose special lanes take log_f32_special.  Exhaustive check: every float input gives the
 *   same bits and status as the double kernel alone (and so the correctly rounded result), on
 *   avx512 (N = 32), avx2 (N = 16) and scalar.
 * accurate float32, the double path (the fallback above; log1p's float32 first pass is built the
 *   same way): a first pass in plain double arithmetic, N = 16, log c rounded to double,
 *   y = (k ln2 + log c) + (r + r^2 G(r)), G of degree 5 (2^-42.5): relative error < 2^-41
 *   (polynomial 2^-42.5 |log1p(r)| <= 2^-41.2 |y|, roundings about 10 * 2^-53).  Rounding y to
 *   float is then correct unless y lies within 2^12 double ulps of a float midpoint; lanes
 *   within LOG_F32_NEAR = 2^14 ulps (vecmath.spec.LIMITS; 4x margin, about 1 lane in 2^14) round
 *   the accurate float64 evaluation as a double-double (s, e) (error ~2^-62 relative) with
 *   vm_round_dd_f32, as a vector; the special inputs take log_f32_special, which does the same
 *   with vm_round_dd_f32_any.  Float subnormals are normal doubles here.
 * fast float64 (faithful): N = 16, the accurate tier's split without its second-order terms:
 *   w = k ln2_hi + log c hi (exact), w + r = s + e by Fast2Sum, and
 *   y = s + ((e + k ln2_lo + log c lo) + r^2 G), G of degree 7 (c2..c9, 2^-54.7 relative to
 *   log1p(r), <= 1.1 |y| outside the c = 1 entry): 0.5 final rounding + G's 0.34 + the small
 *   term's roundings (|r^2 G + e + tail| < 2^-9 |y|) < 0.85 ULP.  Before (w = k ln2 + log c
 *   rounded, y = w + (r + r^2 G)): w's and p's roundings where they cancel, 2.6 ULP.
 * approx float64: N = 16, G of degree 3 (2^-30.2), y = k ln2 + (log c + p): < 2^24 ULP
 *   (measured 2^22.6, near the c != 1 entries where r cancels part of log c).
 * fast float32 (faithful: every input): float arithmetic, N = 32 (one register permute of floats
 *   on AVX-512), the float64 fast split in float: log c = hi + lo with hi a multiple of 2^-16
 *   like ln2_hi (16 bits), so w = k ln2_hi + hi is exact for |k| < 2^8 (subnormal x included),
 *   w + r = s + e by Fast2Sum, y = s + ((e + k ln2_lo + lo) + r^2 G), G of degree 2 (2^-27.4):
 *   0.5 + 0.1 + the small term's roundings < 0.62 ULP (exhaustive maximum: docs/accuracy.md).
 *   Before (w = k ln2 + log c rounded to float): 2.27 ULP where r cancels half of log c.
 * approx float32: float, N = 16, G of degree 1 (2^-17.7), y = k ln2 + (log c + p):
 *   exhaustive max 74 ULP.
 *
 * Special inputs (x <= 0, NaN, +inf, and subnormal x except in the float32 accurate kernel)
 * leave through one compare to a scalar routine: -inf with divide-by-zero for +-0, NaN with
 * invalid for x < 0 (-inf included), x for +inf and NaN; a subnormal x takes the tier's own
 * evaluation on 2^52 x (float: 2^23 x) with k biased back (the accurate tiers: the accurate
 * evaluation), so the numba kernels choose these results branch-free at little cost. */

#include "log_core.h"

/* Accurate log for any double: NaN, zeros, negatives, +inf and subnormals. */
VM_COLD static double log_f64_special(double x, int *st) {
    double y;
    if (log_f64_special_value(x, &y, st)) return y;
    double kbias = 0.0;
    if (x < 0x1p-1022) { /* subnormal: 2^52 x is normal */
        x = VM_FMUL(x, 0x1p52);
        kbias = 52.0;
    }
    vd e;
    return vd_first(log_f64_accurate_core(vd_set(x), kbias, &e));
}

/* not positive, normal and finite: one vfpclasspd on AVX-512 */
static inline vdm log_f64_special_mask(vd x) { return vd_not_positive_normal(x); }

/* accurate float64: the core of log_core.h (budget there: 0.5 + < 0.015 ULP).
 *   Worst measured: log accurate float64 0.500531 ULP at x = 0.884726240076375 */
static inline vd log_f64_accurate_vec(vd x, int *st) {
    vd e;
    vd y = log_f64_accurate_core(x, 0.0, &e);
    vdm special = log_f64_special_mask(x);
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, log_f64_special, st);
    return y;
}

/* Accurate log for any float: the float32 accurate tier's special and unsure lanes. */
VM_COLD static float log_f32_special(float x, int *st) {
    float y;
    if (log_f32_special_value(x, &y, st)) return y;
    vd e;
    double s = vd_first(log_f64_accurate_core(vd_set((double)x), 0.0, &e));
    return vm_round_dd_f32_any(s, vd_first(e));
}

/* The double first pass rounds to the right float unless it lies within 2^-41 relative, i.e.
 * 2^12 double ulps, of a float midpoint (low 29 bits 0x10000000); lanes within LOG_F32_NEAR ulps
 * (vecmath.spec.LIMITS: 4x margin, about 1 lane in 2^14) take the accurate core. */
#define LOG_F32_NEAR ((int64_t)vm_log_limits.f32_cr_window)

/* The float32 accurate tier's fallback, on VD_W lanes in double: the double first pass; its
 * lanes near a float midpoint take the double-double accurate core as a vector, rounded once by
 * vm_round_dd_f32 (log of a float is 0 or in float's normal range); x <= 0, NaN and +inf
 * (float subnormals are normal doubles) take log_f32_special one lane at a time.  The kernel
 * before issue 25 (every such lane through log_f32_special) gave the same bits. */
static inline vfh log_f32_accurate_half(vfh xf, int *st) {
    vd x = vd_from_vfh(xf);
    vd y = log_f32_first_pass(x);
    vdm special = vd_not_positive_normal(x);
    vdm near = vdm_and(vd_near_f32_midpoint(y, LOG_F32_NEAR), vdm_not(special));
    if (vdm_bits(near)) {
        vd e;
        vd s = log_f64_accurate_core(x, 0.0, &e);
        y = vd_select(near, vd_from_vfh(vm_round_dd_f32(s, e)), y);
    }
    vfh yf = vfh_from_vd(y);
    if (vdm_bits(special)) yf = vfh_fixup(xf, yf, special, log_f32_special, st);
    return yf;
}

/* The float-float first pass on VF_W float lanes (issue 25): y1 and y2 = hi2 + (t +- d), d =
 * f32_ff_eps |hi2| (vecmath.spec.LIMITS); equal, they are the correctly rounded log x.  N and its
 * tables: LOG_FF_N (log_core.h). */
static inline vf log_f32_ff_first(vf x, vf *y2) {
    vfi idx;
    vf kf;
    vf z = LOG_FF_REDUCE(x, &idx, &kf);
    vf r = vf_fma(z, vf_lookup(LOG_FF_INVC, idx, LOG_FF_N), vf_set(-1.0f)); /* exact */
    LOG_F32_FF_SUM(r, idx, kf, y2);
}

LOG_F32_REDO(log_f32_redo, log_f32_accurate_half)

/* accurate float32: the float-float first pass, its unsure lanes redone by the double kernel.
 *   Worst measured: log accurate float32 0.5 ULP at x = 1.2783784e+23 */
static inline vf log_f32_accurate_vec(vf x, int *st) {
    vf y2;
    vf y = log_f32_ff_first(x, &y2);
    /* unsure (y != y2), or x <= 0, NaN, +inf, subnormal */
    vfm redo = vfm_or(vf_ne(y, y2), vf_not_positive_normal(x));
    if (VM_RARE(vfm_bits(redo))) y = log_f32_redo(x, y, redo, st);
    return y;
}

/* LOG_TIER(T, C, V, TIER, ...) defines log_<T>_<TIER>_special and log_<T>_<TIER>_vec: here
 * log_f64_fast_vec, log_f64_approx_vec, log_f32_fast_vec, log_f32_approx_vec.
 * The fast and approx tiers' special lanes run the tier's own evaluation: on 2^52 x with k
 * biased by 52 for a subnormal double (2^23 x and 23 for a float), the constants of
 * log_*_special_value elsewhere.  log_<T>_<TIER>_eval(x, kbias) is the tier's evaluation
 * of a positive normal x. */
#define LOG_TIER(T, C, V, TIER, SUB_SCALE, SUB_K)                                            \
    VM_COLD static C log_##T##_##TIER##_special(C x, int *st) {                             \
        C y;                                                                                \
        if (log_##T##_special_value(x, &y, st)) return y;                                   \
        return V##_first(log_##T##_##TIER##_eval(V##_set(VM_FMUL(x, (SUB_SCALE))), (SUB_K))); \
    }                                                                                       \
    static inline V log_##T##_##TIER##_vec(V x, int *st) {                                  \
        V y = log_##T##_##TIER##_eval(x, 0);                                                \
        V##m special = log_##T##_special_mask(x);                                           \
        if (VM_RARE(V##m_bits(special))) y = V##_fixup(x, y, special, log_##T##_##TIER##_special, st); \
        return y;                                                                           \
    }

/* fast / approx float64: N = 16, r exact, log1p(r) = r + r^2 G(r).
 *   Worst measured: log fast float64 0.747849 ULP at x = 1.029154300281102 */
static inline vd log_f64_fast_eval(vd x, double kbias) {
    vdi idx;
    vd kd;
    vd z = log_reduce16(x, kbias, &idx, &kd);
    vd r = vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0));
    vd r2 = vd_mul(r, r);
    vd g = log_f64_fast_g(r, r2);
    /* the accurate tier's split: w = k ln2_hi + log c hi exact, w + r by Fast2Sum (|w| >= |r| or
     * w = 0), and every small term (its error, k ln2_lo + log c lo, r^2 G) in one FMA */
    vd w = vd_fma(kd, vd_set(LOG_K.ln2_hi), vd_lookup(vm_log_logc16_hi, idx, 16)); /* exact */
    vd tail = vd_fma(kd, vd_set(LOG_K.ln2_lo), vd_lookup(vm_log_logc16_lo, idx, 16));
    vd s = vd_add(w, r);
    vd e = vd_add(vd_sub(w, s), r);
    return vd_add(s, vd_fma(r2, g, vd_add(e, tail)));
}
LOG_TIER(f64, double, vd, fast, 0x1p52, 52.0)

/* approx float64: its worst inputs lie near the c != 1 entries, where r cancels part of log c.
 *   Worst measured: log approx float64 6.4808e+06 ULP at x = 1.0312112174456156 */
static inline vd log_f64_approx_eval(vd x, double kbias) {
    vdi idx;
    vd kd;
    vd z = log_reduce16(x, kbias, &idx, &kd);
    vd r = vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0));
    return log_f64_approx_from_r(r, idx, kd);
}
LOG_TIER(f64, double, vd, approx, 0x1p52, 52.0)

static inline vfm log_f32_special_mask(vf x) { return vf_not_positive_normal(x); }

/* fast / approx float32: float arithmetic, r exact (1/c has at most 7 bits); k - kbias is
 * exact (small integers).
 *   Worst measured: log fast float32 0.549027 ULP at x = 1.0157416 */
static inline vf log_f32_fast_eval(vf x, float kbias) {
#define K vm_log_fast_f32_k
    vfi idx;
    vf kf;
    vf z = log_reduce32_f(x, &idx, &kf);
    if (kbias != 0.0f) kf = vf_sub(kf, vf_set(kbias)); /* folded away on the hot path */
    vf r = vf_fma(z, vf_lookup(vm_log_invc32_f, idx, 32), vf_set(-1.0f)); /* exact */
    vf w = vf_fma(kf, vf_set(K.ln2_hi), vf_lookup(vm_log_logc32_f, idx, 32)); /* exact */
    vf tail = vf_fma(kf, vf_set(K.ln2_lo), vf_lookup(vm_log_logc32_lo_f, idx, 32));
    vf s = vf_add(w, r);
    vf e = vf_add(vf_sub(w, s), r); /* w + r = s + e: Fast2Sum (|w| >= |r| or w = 0) */
    vf r2 = vf_mul(r, r);
    vf g = log_f32_fast_g(r, r2);
    return vf_add(s, vf_fma(r2, g, vf_add(e, tail)));
#undef K
}
LOG_TIER(f32, float, vf, fast, 0x1p23f, 23.0f)

/*   Worst measured: log approx float32 74.1651 ULP at x = 1.0312567 */
static inline vf log_f32_approx_eval(vf x, float kbias) {
    vfi idx;
    vf kf;
    vf z = log_reduce16_f(x, &idx, &kf);
    if (kbias != 0.0f) kf = vf_sub(kf, vf_set(kbias)); /* folded away on the hot path */
    vf r = vf_fma(z, vf_lookup(vm_log_invc16_f, idx, 16), vf_set(-1.0f));
    return log_f32_approx_from_r(r, idx, kf);
}
LOG_TIER(f32, float, vf, approx, 0x1p23f, 23.0f)

VM_ARRAY_F64(vm_log_accurate_f64, log_f64_accurate_vec)
VM_ARRAY_F32(vm_log_accurate_f32, log_f32_accurate_vec)
VM_ARRAY_F64(vm_log_fast_f64, log_f64_fast_vec)
VM_ARRAY_F32(vm_log_fast_f32, log_f32_fast_vec)
VM_ARRAY_F64(vm_log_approx_f64, log_f64_approx_vec)
VM_ARRAY_F32(vm_log_approx_f32, log_f32_approx_vec)

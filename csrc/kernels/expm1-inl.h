/* expm1(x) = e^x - 1 for float64 and float32, three tiers, on exp's reduction and tables.
 *
 * Method: x = k ln2/N + r as in exp (exp_core.h: the shift trick, exp's constants and its
 * 2^(j/N) tables, N = 32 or 16), exp(x) = scale (1 + tail) (1 + E), E = expm1(r) from a
 * polynomial r + r^2 p(r) fitted and certified RELATIVE TO expm1(r) (vecmath/_gen/expm1.py), so
 * that for k = 0 (|x| < ln2/2N, scale = 1) the result is E itself with E's relative error: no
 * cancellation near 0, tiny and subnormal x come back as x + x^2 p = x.  For k != 0,
 * expm1(x) = (scale - 1) + scale (1 + tail)(1 + E) - scale, where |expm1(x)| >= 0.0107 and
 * |scale - 1| >= 2 scale |r| (so scale - 1 dominates scale r: Fast2Sum applies).  Every tier's
 * result takes x's sign at the end (expm1 keeps the sign: -0 -> -0 where the sum gives +0).
 * Coefficients and bounds: csrc/generated/vm_data.h (vm_expm1_*_k).
 *
 * accurate float64: N = 32 with exp's tails (two lookups), r = r_hi + delta with r_hi = x -
 *   k ln2_hi/32 exact (37-bit ln2_hi, |k| < 2^16, |x| >= 2^-6.5 where k != 0) and delta = -k
 *   ln2_lo/32; E of degree 7 (Estrin), 2^-64.0 relative.  exp(x) = scale (1 + r_hi + lo), lo =
 *   delta + r^2 p + tail (1 + r) (tail r^2 p < 2^-66 dropped); scale r_hi = ph + pl exactly (an
 *   FMA), lo2 = scale lo + pl; scale - 1 = s1 + s1e exactly (TwoSum: s1e = 0 for |k| <= 32);
 *   s1 + ph = sh + se (Fast2Sum); y = sh + ((lo2 + s1e) + se).  sh + se + s1e + pl + scale lo is
 *   expm1's exact double-double; the tail sum is < 2^-51 |y| (k = 1: s1 <= 2|y|), so its
 *   roundings cost < 2^-103.  Budget: 0.5 final rounding + the polynomial 2^-64 times scale
 *   |E| / |y| <= 1.02 + the roundings of r^2 p (r^2, p, the FMA, and r's own rounding twice:
 *   ~5 x 2^-53 x r^2/2, where r^2/2 <= 2^-7.6 |y| at k = +-1, |r| = ln2/64) -> ~0.5 + 0.016
 *   ULP: worst measured 0.5139 (x = -0.011400191421454417: k = -1, r near ln2/64).  The same
 *   sum, rounded as s + e by Fast2Sum, is the double-double (< 2^-58 relative) of the float32
 *   exact path.
 * fast float64 (faithful): the same on N = 16 (exp's 16-entry table and tails: one register
 *   permute each on AVX-512, where 32 entries take two and a blend), degree 7 on |r| <= ln2/32
 *   (2^-58.8): 0.5 + 2^-58.8 x 1.03 (0.03 ULP) + r^2 p's roundings (r^2/2 <= 2^-6.6 |y|: ~0.03)
 *   -> < 0.57 ULP; worst measured 0.5221 (x = 0.019449401978268416).
 * approx float64: N = 16 without tails, exp's one-constant reduction, E of degree 4 (2^-31.6),
 *   y = fma(scale, E, scale - 1): 2^-31.6 x 1.05 + table 2^-53 x exp(x)/|expm1(x)| (<= 47)
 *   -> < 2^22 ULP (bound 2^26); worst measured 2.68e6 = 2^21.4 ULP.
 * accurate float32 (correctly rounded): a float-float first pass (issue 37; expm1_f32_ff_first:
 *   its method and budget), float arithmetic on 16 lanes per AVX-512 register: the fast tier's
 *   table, tails and sum with a three-part reduction and r + r^2/2 kept exactly as two floats,
 *   2^-34.4 relative; Ziv's test y1 = sh + (t + eps sh) == y2 = sh + (t - eps sh), eps = 2^-34.
 *   Unsure lanes (2^-9.3 of the bench's uniform (-20, 20)) and |x| >= 86 redo their VD_W-lane
 *   half by the former kernel, the double path below (the same bits: correct rounding is unique).
 *   The double path: in double, N = 16 without tails, one-constant reduction (exp's float32 first
 *   try), E of degree 5 (2^-41.1), y = fma(scale, E, scale - 1); total relative bound 2^-41.0
 *   (the generator's f32_first_bound: the table's 2^-53 is magnified up to 47 times where k =
 *   +-1) turned into a window of 2^13 double ulps around a float midpoint (about 2^-15 of
 *   inputs); those lanes, and |x| >= 88, take expm1_f32_special: the float64 accurate sum as a
 *   double-double, rounded once (vm_round_dd_f32_any).  Exhaustive: all 2^32 inputs correctly
 *   rounded (0 not correctly rounded).
 * fast float32 (faithful): the float64 accurate method in float arithmetic (16 lanes per AVX-512
 *   register): N = 16, exp's float table with float tails of its entries (vm_expm1_tab16_f32_tail,
 *   2^-48), exp's fast float32 two-part reduction (12-bit ln2_hi: r_hi exact for |k| < 2^12),
 *   E of degree 4 (2^-31.5), the same TwoProd / TwoSum / Fast2Sum ending in float.  Budget: 0.5
 *   final rounding + lo's float roundings (|lo| <= r^2/2 + |delta| + |tail|, r^2/2 <= 2^-6.6 |y|:
 *   ~4 x 2^-24 of it -> 0.03 ULP for k = +-1, less elsewhere) + the polynomial (< 0.01) -> < 0.55
 *   ULP; exhaustive maximum 0.5202.  (The double first pass of the accurate tier, rounded
 *   once, measured 0.500006 but ran at NumPy's speed, 0.28 ns against 0.215 ns.)
 * approx float32: float arithmetic, N = 16 float table, exp's one-constant float reduction,
 *   E = r (c1 + c2 r) (2^-14.6), y = fma(scale, E, scale - 1) in float: 2^-14.6 x 1.05 +
 *   the reduction's k 2^-29.5 + float roundings -> < 2^10 ULP (bound 2048); exhaustive maximum
 *   657 ULP (x = -1.1920929e-07: E = c1 r, c1 = 1 + 2^-14.6).
 *
 * Special inputs leave through one compare: float64 |x| >= 704 or NaN (vm_expm1_limits);
 * float32 in double |x| >= 88; float32 approx outside (-86, 88).  expm1_f64_special and
 * expm1_f32_special (every tier's special lanes): NaN -> x + x (quieted, sign and payload
 * kept); x below the band (-inf included) -> -1 (exp(x) < 2^-1015, or 2^-124 in float: -1 is
 * the rounded result, no flag); above the overflow limit -> +inf with VM_FE_OVERFLOW for finite
 * x; float64 704 <= x <= 709.78: exp's special evaluation (exp(x) - 1 rounds as exp(x));
 * float32: the double-double sum rounded once.  No underflow is ever reported: a subnormal
 * result comes only from a subnormal x, returned as x, and NumPy's np.expm1 raises nothing
 * there either (np.errstate(all='raise')). */

#include "exp_core.h" /* exp's reduction, scale tables and special routines */
#include "log_core.h" /* LOG_F32_REDO: the float32 accurate tier's fallback on VD_W-lane parts */
#include "simd/vm_poly.h"

#define EXPM1_LIM vm_expm1_limits /* thresholds, from vecmath.spec.LIMITS */

/* The float64 accurate and fast cores (N = 32 or 16): returns ph and sets *scale, *lo2 with
 * exp(x) = scale + ph + lo2 and expm1(x) = (scale - 1) + ph + lo2 (ph = scale r_hi rounded,
 * lo2 = its rounding error + scale lo, one rounding).  RK: exp's reduction constants, PK: E's
 * coefficients.  Makes expm1_f64_accurate_core (N = 32) and expm1_f64_fast_core (N = 16). */
#define EXPM1_F64_CORE(TIER, RK, PK, SCALE_TAIL)                                             \
    static inline vd expm1_f64_##TIER##_core(vd x, vd *scale, vd *lo2) {                     \
        vdi ki;                                                                             \
        vd kd = exp_f64_round_k(x, RK.inv_ln2_n, RK.shift, &ki);                            \
        vd r_hi = vd_fnma(kd, vd_set(RK.ln2_hi_n), x); /* exact */                          \
        vd delta = vd_mul(kd, vd_set(-RK.ln2_lo_n));                                        \
        vd r = vd_fnma(kd, vd_set(RK.ln2_lo_n), r_hi);                                      \
        vd tail, s = SCALE_TAIL(ki, &tail);                                                 \
        vd r2 = vd_mul(r, r);                                                               \
        vd p = vd_estrin6(r, r2, vd_mul(r2, r2), PK.c2, PK.c3, PK.c4, PK.c5, PK.c6, PK.c7);  \
        vd lo = vd_fma(r2, p, vd_add(vd_fma(tail, r, tail), delta));                        \
        vd ph = vd_mul(s, r_hi);                                                            \
        *lo2 = vd_fma(s, lo, vd_fma(s, r_hi, vd_neg(ph)));                                  \
        *scale = s;                                                                         \
        return ph;                                                                          \
    }
EXPM1_F64_CORE(accurate, vm_exp_accurate_k, vm_expm1_accurate_f64_k, exp_f64_scale32_tail)
EXPM1_F64_CORE(fast, vm_exp_fast_f64_k, vm_expm1_fast_f64_k, exp_f64_scale16_tail)

/* (scale - 1) + ph + lo2 as sh + *t, |t| <= ulp(sh): scale - 1 = s1 + s1e by TwoSum (exact),
 * s1 + ph = sh + se by Fast2Sum (|s1| >= |ph|, or s1 = 0), t = (lo2 + s1e) + se. */
static inline vd expm1_f64_sum(vd scale, vd ph, vd lo2, vd *t) {
    vd minus_one = vd_set(-1.0);
    vd s1 = vd_add(scale, minus_one);
    vd bb = vd_sub(s1, scale);
    vd s1e = vd_add(vd_sub(scale, vd_sub(s1, bb)), vd_sub(minus_one, bb));
    vd sh = vd_add(s1, ph);
    vd se = vd_sub(ph, vd_sub(sh, s1));
    *t = vd_add(vd_add(lo2, s1e), se);
    return sh;
}

/* expm1 for float64's special lanes (every tier): NaN, -1 below -704, exp's special evaluation
 * from 704 up to the overflow limit, +inf (overflow for finite x) above it. */
VM_COLD static double expm1_f64_special(double x, int *st) {
    if (isnan(x)) return VM_FADD(x, x);
    if (x < 0) return -1.0; /* x <= -704, -inf included */
    if (x > EXPM1_LIM.f64_overflow_above) {
        if (!isinf(x)) *st |= VM_FE_OVERFLOW;
        return INFINITY;
    }
    return exp_f64_special(x, st); /* 704 <= x <= 709.78: exp(x) - 1 rounds as exp(x) */
}

/* y with x's sign (expm1(-0) = -0), special lanes (|x| >= 704, NaN) recomputed */
static inline vd expm1_f64_finish(vd x, vd y, int *st) {
    y = vd_copysign(y, x);
    vdm special = vdm_not(vd_lt(vd_abs(x), vd_set(EXPM1_LIM.f64_branch_free_abs)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, expm1_f64_special, st);
    return y;
}

/* The accurate and fast float64 tiers from their cores.  Makes expm1_f64_accurate_vec and
 * expm1_f64_fast_vec.  Over 10^6 samples and every CORE-MATH worst case (python -m
 * vecmath.accuracy expm1 --dtype float64): accurate 0.5139 ULP, fast 0.5221 ULP.
 *   Worst measured: expm1 accurate float64 0.514413 ULP at x = 706.8234029380712
 *   Worst measured: expm1 fast float64 0.523191 ULP at x = 0.019272933752907326 */
#define EXPM1_F64_TIER(TIER)                                                                \
    static inline vd expm1_f64_##TIER##_vec(vd x, int *st) {                                \
        vd scale, lo2, t;                                                                   \
        vd ph = expm1_f64_##TIER##_core(x, &scale, &lo2);                                   \
        vd sh = expm1_f64_sum(scale, ph, lo2, &t);                                          \
        return expm1_f64_finish(x, vd_add(sh, t), st);                                      \
    }
EXPM1_F64_TIER(accurate)
EXPM1_F64_TIER(fast)

/* approx float64: E = r + r^2 (c2 + c3 r + c4 r^2) on exp's approx reduction (N = 16, one
 * constant, no tails); exp(x) = scale (1 + E).
 *   Worst measured: expm1 approx float64 2.67693e+06 ULP at x = 0.01526387500425569 */
static inline vd expm1_f64_approx_core(vd x, vd *scale) {
#define K vm_exp_approx_f64_k
#define P vm_expm1_approx_f64_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vd r = vd_fnma(kd, vd_set(K.ln2_n), x);
    *scale = exp_f64_scale16(ki);
    return vd_fma(vd_mul(r, r), vd_horner3(r, P.c2, P.c3, P.c4), r);
#undef P
#undef K
}

static inline vd expm1_f64_approx_vec(vd x, int *st) {
    vd scale;
    vd e = expm1_f64_approx_core(x, &scale);
    return expm1_f64_finish(x, vd_fma(scale, e, vd_sub(scale, vd_set(1.0))), st);
}

/* float32 in double, the first pass: y = fma(scale, E, scale - 1), E of degree 5 (Estrin) on
 * exp's float32 first-try reduction (N = 16, one constant, no tails); *scale and *e are kept
 * for exp(x) = fma(scale, E, scale) (the derivative).  |x| < 88. */
static inline vd expm1_f32_first(vd x, vd *scale, vd *e) {
#define K vm_exp_f32_accurate_k
#define P vm_expm1_f32_first_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vd r = vd_fnma(kd, vd_set(K.ln2_n), x);
    vd s = exp_f64_scale16(ki);
    vd r2 = vd_mul(r, r);
    vd E = vd_fma(r2, vd_estrin4(r, r2, P.c2, P.c3, P.c4, P.c5), r);
    *scale = s;
    *e = E;
    return vd_fma(s, E, vd_sub(s, vd_set(1.0)));
#undef P
#undef K
}

/* expm1 for any float, correctly rounded (every float32 tier's special lanes): NaN, overflow,
 * -1 far below 0, else the float64 accurate sum as a double-double s + e (< 2^-58 relative)
 * rounded once. */
VM_COLD static float expm1_f32_special(float x, int *st) {
    if (isnan(x)) return VM_FADD(x, x);
    if (x > (float)EXPM1_LIM.f32_overflow_above) {
        if (!isinf(x)) *st |= VM_FE_OVERFLOW;
        return INFINITY;
    }
    if (x <= -(float)EXPM1_LIM.f32_branch_free_abs) return -1.0f; /* exp(x) < 2^-126 */
    vd scale, lo2, t;
    vd ph = expm1_f64_accurate_core(vd_set((double)x), &scale, &lo2);
    vd sh = expm1_f64_sum(scale, ph, lo2, &t);
    vd s = vd_add(sh, t);
    vd e = vd_sub(t, vd_sub(s, sh)); /* Fast2Sum: |t| <= ulp(sh) */
    float y = vm_round_dd_f32_any(vd_first(vd_copysign(s, vd_set((double)x))), vd_first(e));
    if (isinf(y)) *st |= VM_FE_OVERFLOW;
    return y;
}

/* accurate float32, the double path (the float-float pass's fallback, and the whole kernel before
 * issue 37): the first pass, rounded to float where provably correct; lanes within the window of
 * a float midpoint and |x| >= 88 take expm1_f32_special. */
static inline vfh expm1_f32_accurate_from_first(vfh xf, vd x, vd y, int *st) {
    vdm unsure = vd_near_f32_midpoint(y, (int64_t)vm_expm1_f32_first_k.window);
    vdm special = vdm_or(unsure, vdm_not(vfh_abs_lt(xf, x, (float)EXPM1_LIM.f32_branch_free_abs)));
    vfh yf = vfh_from_vd(vd_copysign(y, x));
    if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, expm1_f32_special, st);
    return yf;
}
static inline vfh expm1_f32_accurate_half(vfh xf, int *st) {
    vd x = vd_from_vfh(xf), scale, e;
    return expm1_f32_accurate_from_first(xf, x, expm1_f32_first(x, &scale, &e), st);
}

/* approx float32, float arithmetic: E = r (c1 + c2 r) on exp's approx float32 reduction
 * (N = 16 float table, one constant).  exp(x) = scale (1 + E). */
static inline vf expm1_f32_approx_core(vf x, vf *scale) {
#define K vm_exp_approx_f32_k
#define P vm_expm1_approx_f32_k
    vfi ki;
    vf kf = exp_f32_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vf r = vf_fnma(kf, vf_set(K.ln2_n), x);
    *scale = exp_f32_scale16(ki);
    return vf_mul(r, vf_horner2(r, P.c1, P.c2));
#undef P
#undef K
}

/* x outside (lo, hi) = (-86, 88), or NaN: |x - mid| < half is one compare (exp_f32_finish's) */
static inline vfm expm1_f32_outside(vf x) {
    const float mid = (float)((EXPM1_LIM.f32_branch_free_lo + EXPM1_LIM.f32_branch_free_hi) / 2);
    const float half = (float)((EXPM1_LIM.f32_branch_free_hi - EXPM1_LIM.f32_branch_free_lo) / 2);
    return vfm_not(vf_lt(vf_abs(vf_sub(x, vf_set(mid))), vf_set(half)));
}

/* fast float32 core, float arithmetic: the float64 accurate core's method in float (N = 16,
 * exp's float table and the float tails vm_expm1_tab16_f32_tail, the 12-bit ln2_hi of exp's fast
 * float32 reduction: r_hi exact for |k| < 2^12).  Returns ph, sets *scale and *lo2 with
 * exp(x) = scale + ph + lo2, expm1(x) = (scale - 1) + ph + lo2. */
static inline vf expm1_f32_fast_core(vf x, vf *scale, vf *lo2) {
#define K vm_exp_fast_f32_k
#define P vm_expm1_fast_f32_k
    vfi ki;
    vf kf = exp_f32_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vf r_hi = vf_fnma(kf, vf_set(K.ln2_hi_n), x); /* exact */
    vf delta = vf_mul(kf, vf_set(-K.ln2_lo_n));
    vf r = vf_fnma(kf, vf_set(K.ln2_lo_n), r_hi);
    vf tail = vf_lookup(vm_expm1_tab16_f32_tail, ki, 16);
    vf r2 = vf_mul(r, r);
    vf lo = vf_fma(r2, vf_horner3(r, P.c2, P.c3, P.c4), vf_add(vf_fma(tail, r, tail), delta));
    vf s = exp_f32_scale16(ki);
    vf ph = vf_mul(s, r_hi);
    *lo2 = vf_fma(s, lo, vf_fma(s, r_hi, vf_neg(ph)));
    *scale = s;
    return ph;
#undef P
#undef K
}

/* expm1_f64_sum in float */
static inline vf expm1_f32_sum(vf scale, vf ph, vf lo2, vf *t) {
    vf minus_one = vf_set(-1.0f);
    vf s1 = vf_add(scale, minus_one);
    vf bb = vf_sub(s1, scale);
    vf s1e = vf_add(vf_sub(scale, vf_sub(s1, bb)), vf_sub(minus_one, bb));
    vf sh = vf_add(s1, ph);
    vf se = vf_sub(ph, vf_sub(sh, s1));
    *t = vf_add(vf_add(lo2, s1e), se);
    return sh;
}

/* fast float32 (faithful), float arithmetic.
 *   Worst measured: expm1 fast float32 0.52024 ULP at x = -0.015702693 */
static inline vf expm1_f32_fast_from_core(vf x, vf scale, vf ph, vf lo2, int *st) {
    vf t;
    vf sh = expm1_f32_sum(scale, ph, lo2, &t);
    vf y = vf_copysign(vf_add(sh, t), x);
    vfm special = expm1_f32_outside(x);
    if (VM_RARE(vfm_bits(special))) y = vf_fixup(x, y, special, expm1_f32_special, st);
    return y;
}
static inline vf expm1_f32_fast_vec(vf x, int *st) {
    vf scale, lo2;
    vf ph = expm1_f32_fast_core(x, &scale, &lo2);
    return expm1_f32_fast_from_core(x, scale, ph, lo2, st);
}

/* approx float32 (E = c1 r is 2^-14.6 off at the smallest |r|).
 *   Worst measured: expm1 approx float32 657 ULP at x = -1.1920929e-07 */
static inline vf expm1_f32_approx_vec(vf x, int *st) {
    vf scale;
    vf e = expm1_f32_approx_core(x, &scale);
    vf y = vf_copysign(vf_fma(scale, e, vf_sub(scale, vf_set(1.0f))), x);
    vfm special = expm1_f32_outside(x);
    if (VM_RARE(vfm_bits(special))) y = vf_fixup(x, y, special, expm1_f32_special, st);
    return y;
}

/* accurate float32, the float-float first pass (issue 37): float arithmetic on exp's N = 16
 * float table with the tails of its entries (as the fast tier) and a three-part reduction,
 * ln2/16 = hi + mid + lo (hi exp's fast 12-bit ln2_hi_n, mid a multiple of 2^-29 with a few
 * bits): for |k| < 2^11, k hi and k mid are exact and so is r = x - k hi - k mid (k != 0 only
 * where |x| > 2^-6, so x, k hi and k mid are multiples of 2^-29, and |r| < 2^-5); u = tail +
 * delta, delta = -k lo (< 2^-22), in one FMA.  exp(x) = scale (1 + tail)(1 + delta) exp(r),
 * expm1(r) = r + r^2/2 + r^3 q(r): eh = fma(r, r/2, r) and el = fma(r, r/2, r - eh) (r - eh
 * exact) hold r + r^2/2 to 2^-48 relative, so exp(x) / scale - 1 = eh + lo, lo = el +
 * ((r r/2)(2 r q) + u (1 + eh)) (tail delta and delta^2/2 dropped; el added last, which
 * shortens the chain of dependent operations); scale eh = ph + pl by an FMA (nlo2 = -lo2).
 * scale - 1 = s1 + s1e by Fast2Sum with the larger operand first, chosen by x's sign (x < 0:
 * scale <= 1, Fast2Sum(-1, scale); else scale >= 1, Fast2Sum(scale, -1)): a compare and two
 * blends instead of TwoSum's three more operations; s1 + ph = sh + se by Fast2Sum; t = (s1e +
 * se) - nlo2 (s1e + se off the chain).  Bound (vecmath/_gen/expm1.py, f32_ff_bound): 2^-34.4
 * relative, mostly the float roundings of lo where k = +-1 (scale / |y| <= 47); eps = 2^-34.
 * Returns y1 and sets *y2, y1,2 = sh + fma(+-eps, sh, t): equal, they are the correctly rounded
 * expm1(x), sign aside (-0: the caller's max(y, x)), for |x| < 86 (2^(k/16) a normal float). */
static inline vf expm1_f32_ff_first(vf x, vf *y2) {
#define K vm_exp_fast_f32_k
#define P vm_expm1_f32_ff_k
    vfi ki;
    vf kf = exp_f32_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vf r = vf_fnma(kf, vf_set(P.ln2_mid_n), vf_fnma(kf, vf_set(K.ln2_hi_n), x)); /* exact */
    vf u = vf_fnma(kf, vf_set(P.ln2_lo_n), vf_lookup(vm_expm1_tab16_f32_tail, ki, 16));
    vf hr = vf_mul(r, vf_set(0.5f));
    vf eh = vf_fma(r, hr, r);
    vf el = vf_fma(r, hr, vf_sub(r, eh));
    vf rq = vf_mul(r, vf_horner3(r, 2 * P.c3, 2 * P.c4, 2 * P.c5));
    vf lo = vf_add(el, vf_fma(vf_mul(r, hr), rq, vf_fma(u, eh, u)));
    vf s = exp_f32_scale16(ki);
    vf ph = vf_mul(s, eh);
    vf nlo2 = vf_fnma(s, lo, vf_fnma(s, eh, ph));
    vf minus_one = vf_set(-1.0f);
    vfm neg = vf_lt(x, vf_set(0.0f)); /* k <= 0: scale <= 1 */
    vf big = vf_select(neg, minus_one, s), small = vf_select(neg, s, minus_one);
    vf s1 = vf_add(s, minus_one);
    vf s1e = vf_sub(small, vf_sub(s1, big));
    vf sh = vf_add(s1, ph);
    vf se = vf_sub(ph, vf_sub(sh, s1));
    vf t = vf_sub(vf_add(s1e, se), nlo2);
    *y2 = vf_add(sh, vf_fnma(sh, vf_set(P.eps), t));
    return vf_add(sh, vf_fma(sh, vf_set(P.eps), t));
#undef P
#undef K
}

LOG_F32_REDO_AS(expm1_f32_redo, expm1_f32_accurate_half, inline)

/* accurate float32: the float-float first pass, its unsure lanes (y1 != y2) and those outside
 * (-86, 86) or NaN redone by the double path (expm1_f32_accurate_half, the kernel before issue
 * 37: the same bits).  Exhaustive: every float input correctly rounded (python -m
 * vecmath.accuracy expm1 --dtype float32 --tier accurate --exhaustive).
 *   Worst measured: expm1 accurate float32 0.5 ULP at x = 0.09488461 */
static inline vf expm1_f32_accurate_vec(vf x, int *st) {
    vf y2;
    vf y = expm1_f32_ff_first(x, &y2);
    /* |x| >= 86 (f32_branch_free_lo) or NaN; x >= 88 would wrap 2^(k/16)'s bits */
    vfm redo = vfm_or(vf_ne(y, y2), vfm_not(vf_lt(vf_abs(x), vf_set(-(float)EXPM1_LIM.f32_branch_free_lo))));
    /* x's sign for x = -0: expm1(x) >= x, so a sure y is >= x, and max(+0, -0) is its second
     * operand on every layer (a > b ? a : b) */
    y = vf_max(y, x);
    if (VM_RARE(vfm_bits(redo))) y = expm1_f32_redo(x, y, redo, st);
    return y;
}

/* vm_expm1_accurate_f64, vm_expm1_accurate_f32, vm_expm1_fast_f64, vm_expm1_fast_f32,
 * vm_expm1_approx_f64, vm_expm1_approx_f32 (and their lane entry points) */
VM_ARRAY_F64(vm_expm1_accurate_f64, expm1_f64_accurate_vec)
VM_ARRAY_F32_X2(vm_expm1_accurate_f32, expm1_f32_accurate_vec) /* two registers an iteration */
VM_ARRAY_F64(vm_expm1_fast_f64, expm1_f64_fast_vec)
VM_ARRAY_F32(vm_expm1_fast_f32, expm1_f32_fast_vec)
VM_ARRAY_F64(vm_expm1_approx_f64, expm1_f64_approx_vec)
VM_ARRAY_F32(vm_expm1_approx_f32, expm1_f32_approx_vec)

/* softplus(x) = log(1 + exp(x)) for float64 and float32, three tiers.
 *
 * Method (every tier): a = |x|, e = exp(-a) in (0, 1] from exp's shared cores (exp_core.h),
 * L = log1p(e) on log's reduction, tables and polynomials (log_core.h, log1p-inl.h), and
 * softplus(x) = max(x, 0) + L.  Both terms are positive, so relative errors never grow: e's
 * relative error reaches L multiplied by e/((1 + e) L) <= 1, and L's reaches the result
 * multiplied by L/(max(x, 0) + L) <= 1.  No coefficient of softplus's own; its only tables are
 * log's, re-indexed for u = 1 + e (vecmath/_gen/softplus.py, float64 accurate and fast).
 * No threshold cut for large x: x + L rounds to x exactly where that is the correctly rounded
 * result (float64 x > 48 ln2, float32 x > 21 ln2).  Beyond the thresholds of
 * vm_softplus_limits (vecmath/functions/softplus.py):
 *   x < -700 (float64): softplus = e^x (1 - e^x/2 + ..) = exp(x) to 2^-1009 relative: the
 *     tier's own exp (exp_f64_<tier>_vec), subnormal results and +0 below -745.13, with exp's
 *     underflow status (approx may flush);
 *   x > 700 (float64; +inf included): x (L < 2^-1009 is below half an ulp of x); e is computed
 *     at a = 700 (fast, approx, the double-double of float32) or replaced (accurate float64);
 *   float32 below -87 (results may be subnormal): one lane at a time, the accurate float64
 *     double-double rounded once (vm_round_dd_f32_any), underflow reported where the result is
 *     below 2^-126 (accurate, fast); approx: exp_f32_approx_vec(x), which may flush.
 * NaN returns x + x (x quieted, sign and payload kept), selected at the end.  softplus reports
 * underflow where its result is tiny and inexact (as exp) and nothing else.
 *
 * Tiers (bound; budget beside each tier's code; measured maxima: docs/accuracy.md):
 *   accurate float64  < 1 ULP (goal 0.52)  e = eh + el from softplus_exp_dd (2^-63.5), log1p(eh + el)
 *                                          by log's accurate steps on the fast tier's folded
 *                                          tables (no k), el kept in the reduced argument's
 *                                          low part, max(x, 0) + L summed as a
 *                                          double-double, rounded once: 0.5 + 0.015 ULP
 *   accurate float32  correctly rounded    the first pass in double (exp_f32_first_core, log's
 *                                          first pass) + float midpoint window; unsure lanes
 *                                          take the float64 double-double rounded once
 *   fast float64      <= 1 ULP             as accurate, e from exp_f64_fast_core and L from
 *                                          log's fast polynomial, reduced on log's tables
 *                                          with k folded in (u = 1 + e in [1, 2]): < 1 ULP
 *   fast float32      <= 1 ULP             accurate float32's first pass, rounded: < 0.51 ULP
 *   approx float64    2^26 ULP             exp_f64_approx_core, log1p's approx evaluation:
 *                                          < 2^24.5 ULP
 *   approx float32    2^11 ULP             float: exp_f32_approx_core, log1p's approx float
 *                                          evaluation: < 2^7 ULP */

#include "exp_core.h" /* exp's cores: exp_f64_dd_poly, exp_f64_fast_core, exp_f32_first_core, ... */
/* log's cores (log_core.h) and log1p's pieces (log1p_scale_f64, LOG1P_SPLIT, the approx
 * evaluations) come from log1p-inl.h, which vm_kernel_files.h includes before this file (the
 * descriptors' order: log1p 5, softplus 7); it has no include guard of its own */
#ifndef LOG1P_K
#error "softplus-inl.h needs log1p-inl.h first (csrc/generated/vm_kernel_files.h)"
#endif

#define SP_LIM vm_softplus_limits /* thresholds, from vecmath.spec.LIMITS */



/* x + x where x is NaN (x quieted) or +inf (softplus_sum_dd's NaN there: inf - inf), else y:
 * one compare for both (finite x > 700 need nothing: x + L rounds to x) */
static inline vd softplus_nan_inf_f64(vd x, vd y) {
    return vd_select(vdm_not(vd_lt(x, vd_set(INFINITY))), vd_add(x, x), y);
}
static inline vf softplus_nan_f32(vf x, vf y) { return vf_select(vf_ne(x, x), vf_add(x, x), y); }

/* log1p(eh + el)'s reduction for 0 < eh <= 1 (el below an ulp of eh), shared by the tiers:
 * 1 + eh = u + d exactly (Fast2Sum, 1 >= eh), then log's N = 16 subintervals with k folded into
 * them (vm_softplus_invc16 = 2^-k/c, vm_softplus_logc16_hi/_lo = k ln2 + log c as log's kernels
 * form it from its tables: vecmath/_gen/softplus.py), indexed straight from u's bits: entry j
 * takes u in [1 + (2j - 1)/32, 1 + (2j + 1)/32), and u >= 1 + 31/32 (clamped for the index
 * only) entry 15.  No k, no 2^-k, no k ln2 FMAs: the same values as log's tables with k except
 * for u in [1 + 31/32, 2] (|x| < 0.032), where c = 64/33 instead of 2 (r still within log's
 * range).  r = u/c - 1 is exact, and d and el reach the reduced argument as d/c and el/c
 * (products exact inside the FMAs): r + (d + el)/c = rh + *rl.  Where eh < 2^-53 (u = 1, the
 * c = 1 entry) rh = eh and rl = el exactly, so L keeps e's full double-double accuracy. */
static inline vd softplus_log1p_reduce(vd eh, vd el, vdi *idx, vd *rl) {
    vd one = vd_set(1.0);
    vd u = vd_add(one, eh);
    vd d = vd_add(vd_sub(one, u), eh); /* exact */
    *idx = vdi_shr(vdi_add(vd_bits(vd_min(u, vd_set(0x1.f7fffffffffffp0))), vdi_set(1ll << 47)), 48);
    vd invc = vd_lookup(vm_softplus_invc16, *idx, 16);
    vd r = vd_fma(u, invc, vd_set(-1.0)); /* exact */
    vd rh, rlo;
    LOG1P_SPLIT(vd, d, invc, r, rh, rlo);
    *rl = vd_fma(el, invc, rlo);
    return rh;
}

/* L = log1p(eh + el) = hi2 + *l_lo (unnormalized: |l_lo| < 2^-9 hi2): softplus_log1p_reduce,
 * then log's accurate steps (LOG_ACCURATE_T, as log1p_f64_accurate_core but for its final
 * Fast2Sum, which softplus_sum_dd's makes redundant) on rh + rl with w and tail from the folded
 * tables (the values log's steps form from k and its own tables).  rl / (1 + rh) ~ rl (1 - rh)
 * errs by rl rh^2 <= 2^-62 absolute, L >= 2^-5 where rl can be that large.  The core's own
 * error: log1p-inl.h, < 2^-59.6 relative (the polynomial's, certified). */
static inline vd softplus_log1p_dd(vd eh, vd el, vd *l_lo) {
    vdi idx;
    vd rl;
    vd rh = softplus_log1p_reduce(eh, el, &idx, &rl);
    vd w = vd_lookup(vm_softplus_logc16_hi, idx, 16);
    vd tail = vd_lookup(vm_softplus_logc16_lo, idx, 16);
    LOG_ACCURATE_T(rh, w, tail, t = vd_add(t, vd_fnma(rl, rh, rl)) /* rl / (1 + rh) */);
    *l_lo = t;
    return hi2;
}

/* max(x, 0) + (lh + ll) as a double-double r + *lo: x0 + lh by Fast2Sum on their max and min
 * (both >= 0), the error and ll added, renormalized.  Exact but for the last two additions
 * (|ll| < 2^-9 lh: 2^-62 of the result).  Finite x > 700 (L < 2^-1009) give r = x; x = +inf gives NaN here
 * (softplus_nan_inf_f64 selects x). */
static inline vd softplus_sum_dd(vd x, vd lh, vd ll, vd *lo) {
    vd x0 = vd_max(x, vd_set(0.0));
    vd big = vd_max(x0, lh), small = vd_min(x0, lh);
    vd s = vd_add(big, small);
    vd t = vd_add(vd_sub(small, vd_sub(s, big)), ll);
    vd r = vd_add(s, t);
    *lo = vd_sub(t, vd_sub(r, s));
    return r;
}

/* -min(|x|, 700) in two operations: exp's argument in every float64 tier */
static inline vd softplus_f64_neg_a(vd x) { return vd_max(vd_nabs(x), vd_set(-SP_LIM.f64_clamp)); }

/* e = exp(x) = eh + *el for -700 <= x <= 0 (accurate float64): exp_f64_dd's reduction and
 * polynomial (vm_tanh_exp_k: N = 16, 2^-65.3 on |r| <= ln2/32) with fewer operations and a
 * shorter chain of dependent ones (the loop's time follows that chain's length at its start,
 * AMD EPYC family 26 model 2): x = kd ln2/16 + r_hi + delta (r_hi exact, delta = -kd ln2_lo
 * inside an FMA), e = scale (1 + r_hi + lo), lo = delta + tail (1 + r) + r^2 p(r) (r = r_hi +
 * delta rounded: < 2^-64 of e inside lo's terms), p by Estrin with r^4 (q + r^2 p67) last, so lo
 * comes 3 operations after r^2; eh = RN(scale lo + RN(scale + scale r_hi)) (the inner FMA off
 * the chain: eh within 1.1 ulp of e, not always e rounded), and el = e - eh without m's
 * Fast2Sum: scale (1 + r_hi) - eh in one FMA (scale - eh exact by Sterbenz; the value, below
 * 2^-11.9 scale, rounded once: < 2^-64.9 of e), then + scale lo (exact product, one rounding of
 * el).  So eh + el is within 2^-63.5 of e (p's 2^-65.3 included) and |el| < 1.2 ulp(eh), which
 * softplus_log1p_dd's rl / (1 + rh) ~ rl (1 - rh) takes with < 2^-62 of L. */
static inline vd softplus_exp_dd(vd x, vd *el) {
#define K vm_tanh_exp_k
    vdi ki;
    vd kd = exp_f64_round_k(x, K.inv_ln2_n, K.shift, &ki);
    vd r_hi = vd_fnma(kd, vd_set(K.ln2_hi_n), x); /* exact */
    vd r = vd_fnma(kd, vd_set(K.ln2_lo_n), r_hi);
    vd scale = exp_f64_scale16(ki);
    vd tail = vd_lookup(vm_exp_tab16_tail, ki, 16);
    vd r2 = vd_mul(r, r);
    vd r4 = vd_mul(r2, r2);
    vd p23 = vd_fma(r, vd_set(K.c3), vd_set(K.c2));
    vd p45 = vd_fma(r, vd_set(K.c5), vd_set(K.c4));
    vd p67 = vd_fma(r, vd_set(K.c7), vd_set(K.c6));
    vd lo = vd_fma(r4, vd_fma(r2, p67, p45),
                   vd_fma(r2, p23, vd_fma(tail, r, vd_fnma(kd, vd_set(K.ln2_lo_n), tail))));
    vd eh = vd_fma(scale, lo, vd_fma(scale, r_hi, scale));
    *el = vd_fma(scale, lo, vd_fma(scale, r_hi, vd_sub(scale, eh)));
    return eh;
#undef K
}

/* max(x, 0) + log1p(e), e = exp(na) = eh + el, na = -|x| for |x| <= 700: the accurate float64
 * double-double, its terms
 *   e from softplus_exp_dd (2^-63.5 relative); L = log1p(e) as a double-double
 *   (softplus_log1p_dd: log's H within 2^-59.6 of log1p(r), which adds < 0.012 ULP as in log,
 *   the other steps < 2^-62 relative; e's error reaching L multiplied by at most 1);
 *   max(x, 0) + L summed exactly but for 2^-106 (softplus_sum_dd): each error reaching the
 *   result multiplied by at most 1, the high part within 0.5 + 0.015 ULP. */
static inline vd softplus_f64_dd_of(vd x, vd na, vd *lo) {
    vd el, ll;
    vd eh = softplus_exp_dd(na, &el);
    vd lh = softplus_log1p_dd(eh, el, &ll);
    return softplus_sum_dd(x, lh, ll, lo);
}

/* accurate float64 as a double-double for any x (the float32 accurate tier's unsure and special
 * lanes use lo): a = |x| clamped to 700 (finite x > 700 give x and a tiny lo; x < -700, +inf
 * and NaN are set by the callers). */
static inline vd softplus_f64_accurate_dd(vd x, vd *lo) {
    return softplus_f64_dd_of(x, softplus_f64_neg_a(x), lo);
}

/* the tier's exp(x) where x < -700 (with exp's status: underflow for subnormal and zero
 * results), x where x > 700, x + x where x is NaN or +inf, else y: all behind one test,
 * -|x| >= -700 (one compare; -|x| is exp's argument), so the accurate tier's y may be anything
 * on those lanes (it takes exp of -|x| unclamped: see softplus_f64_accurate_vec) */
#define SOFTPLUS_F64_TAIL(exp_vec, x, y, st)                                                \
    do {                                                                                    \
        vdm ok_ = vd_ge(vd_nabs(x), vd_set(-SP_LIM.f64_clamp));                             \
        if (VM_RARE(vdm_bits(vdm_not(ok_)))) {                                              \
            vdm tail_ = vd_lt(x, vd_set(-SP_LIM.f64_clamp));                                \
            if (vdm_bits(tail_)) y = vd_select(tail_, exp_vec(x, st), y);                   \
            y = vd_select(vd_gt(x, vd_set(SP_LIM.f64_clamp)), x, y);                        \
            y = softplus_nan_inf_f64(x, y);                                                 \
        }                                                                                   \
    } while (0)

/* accurate float64 (< 1 ULP, goal 0.52; budget at softplus_f64_dd_of).  exp's argument is
 * -|x| unclamped (one operation and its latency off the loop's critical path at its start:
 * 4-5 % of the kernel's time, AMD EPYC family 26 model 2): |x| > 700 lanes compute garbage
 * there, which SOFTPLUS_F64_TAIL replaces.  Below -700: exp's accurate tier (< 0.53 ULP),
 * subnormal results rounded once.
 *   Worst measured: softplus accurate float64 0.505782 ULP at x = -700.0000000000705 */
static inline vd softplus_f64_accurate_vec(vd x, int *st) {
    vd lo;
    vd y = softplus_f64_dd_of(x, vd_nabs(x), &lo);
    SOFTPLUS_F64_TAIL(exp_f64_accurate_vec, x, y, st);
    return y;
}

/* L = log1p(eh + el) = s + *l_lo (unnormalized: |l_lo| < 2^-5 s) for the fast tier: the
 * reduction of softplus_log1p_reduce, then log's fast polynomial (log_f64_fast_g: G degree 7,
 * 2^-54.7, as log1p's fast tier) with log c + rh by Fast2Sum (|log c| >= |rh| where c != 1)
 * and the small terms (log c's low part, rl) in one FMA: within 2^-54.3 of L, relative. */
static inline vd softplus_log1p_fast(vd eh, vd el, vd *l_lo) {
    vdi idx;
    vd rl;
    vd rh = softplus_log1p_reduce(eh, el, &idx, &rl);
    vd r2 = vd_mul(rh, rh);
    vd g = log_f64_fast_g(rh, r2);
    vd w = vd_lookup(vm_softplus_logc16_hi, idx, 16);
    vd s = vd_add(w, rh);
    vd e = vd_add(vd_sub(w, s), rh);
    *l_lo = vd_fma(r2, g, vd_add(vd_add(e, vd_lookup(vm_softplus_logc16_lo, idx, 16)), rl));
    return s;
}

/* fast float64 (faithful): the accurate structure on exp_f64_fast_core (N = 16 with tails,
 *   degree 6: 2^-56.3; tmp's roundings < 2^-58: e = eh + el within 2^-55.9 relative) and log's
 *   fast polynomial (softplus_log1p_fast: 2^-54.3), each error reaching the result multiplied
 *   by at most 1: 0.5 + 2^-1.0 ULP at the very worst (< 1, faithful; measured: docs/accuracy.md).
 *   Below -700: exp's fast tier (faithful; its subnormal results are rounded twice).
 *   Worst measured: softplus fast float64 0.776704 ULP at x = -708.7770902839666 */
static inline vd softplus_f64_fast_vec(vd x, int *st) {
    vd scale, el, ll, lo;
    vd tmp = exp_f64_fast_core(softplus_f64_neg_a(x), &scale);
    vd eh = exp_f64_split(scale, tmp, &el);
    vd lh = softplus_log1p_fast(eh, el, &ll);
    vd y = softplus_sum_dd(x, lh, ll, &lo);
    SOFTPLUS_F64_TAIL(exp_f64_fast_vec, x, y, st);
    return y;
}

/* approx float64 (bound 2^26 ULP): e = scale + scale tmp from exp_f64_approx_core (< 2^24 ULP
 *   relative), L from log1p's approx evaluation (< 2^22.7 ULP), max(x, 0) + L: each error
 *   reaching the result multiplied by at most 1, plus 2 roundings: < 2^24.5 ULP.  Below -700:
 *   exp's approx tier (it may flush subnormal results, as the tier allows).
 *   Worst measured: softplus approx float64 1.8688e+07 ULP at x = -3.480247729322386 */
static inline vd softplus_f64_approx_vec(vd x, int *st) {
    vd scale, u;
    vd tmp = exp_f64_approx_core(softplus_f64_neg_a(x), &scale);
    vd e = vd_fma(scale, tmp, scale);
    vd y = vd_add(vd_max(x, vd_set(0.0)), log1p_f64_approx_eval(e, &u));
    SOFTPLUS_F64_TAIL(exp_f64_approx_vec, x, y, st);
    return y;
}

/* float32, first pass in double: e = exp(-a) from exp_f32_first_core (a clamped to 87;
 * 2^-37.48 relative, vm_exp_f32_accurate_k's certified bound), 1 + e = u + d exactly, log's
 * first pass (2^-41) on r + d (d unscaled: d 2^-k = d but at e = 1, where d = 0; d/c - d is
 * below 2^-57 absolute where c != 1, next to L > 2^-5), max(x, 0) + L: within 2^-37.3
 * relative, < 2^15.7 double ulps (relative 2^-37.3 times at most 2^53 ulps per unit).  x > 87 gives x + e^-87 = x in double (x is a float). */
static inline vd softplus_f32_first_pass(vd x) {
    vd scale;
    vd tmp = exp_f32_first_core(vd_max(vd_nabs(x), vd_set(-SP_LIM.f32_branch_free_abs)), &scale);
    vd e = vd_fma(scale, tmp, scale);
    vd one = vd_set(1.0);
    vd u = vd_add(one, e);
    vd d = vd_add(vd_sub(one, u), e); /* exact */
    vdi idx;
    vd kd;
    vd z = log_reduce16(u, 0.0, &idx, &kd);
    vd r = vd_add(vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0)), d);
    return vd_add(vd_max(x, vd_set(0.0)), log_f32_first_pass_from_r(r, idx, kd));
}

/* float32 results that may be subnormal (x < -87, and NaN): one lane at a time, the double-
 * double rounded once (any magnitude); x <= -700 (and -inf) gives e^-700, which rounds to +0
 * as e^x does.  Underflow where the result is tiny (inexact for every finite x). */
VM_COLD static float softplus_f32_special(float x, int *st) {
    if (isnan(x)) return VM_FADD(x, x);
    if (isinf(x)) return x > 0 ? x : 0.0f;
    vd lo;
    vd s = softplus_f64_accurate_dd(vd_set((double)x), &lo);
    float y = vm_round_dd_f32_any(vd_first(s), vd_first(lo));
    if (y < 0x1p-126f) *st |= VM_FE_UNDERFLOW;
    return y;
}

/* accurate float32 (correctly rounded): the first pass decides the rounding unless it lies
 * within f32_cr_window double ulps (2^18, 4.9x the first pass's 2^15.7) of a float midpoint;
 * those lanes take softplus_f64_accurate_dd rounded once (vm_round_dd_f32); x < -87 (subnormal
 * float results possible) and NaN lanes take softplus_f32_special.  The exhaustive test finds
 * every float32 result correctly rounded.
 *   Worst measured: softplus accurate float32 0.5 ULP at x = 0.00044680992 */
/* fast float32 (faithful): the first pass (2^-37.3 relative) rounded once: < 0.5 + 2^-13 ULP;
 * x < -87 and NaN as the accurate tier (correctly rounded).
 *   Worst measured: softplus fast float32 0.500082 ULP at x = -11.117892 */
EXP_F32_IN_F64_TIERS(softplus, SP_LIM, softplus_f64_accurate_dd)

/* approx float32 (bound 2^11 ULP): float arithmetic, e = scale + scale tmp from
 *   exp_f32_approx_core (< 2^4 ULP), a clamped to 86 (x + e^-86 rounds to x beyond), L from
 *   log1p's approx float evaluation (< 2^6.3 ULP), max(x, 0) + L: < 2^7 ULP.  x < -86:
 *   exp_f32_approx_vec(x) (log1p(e) = e to 2^-124; it may flush subnormal results, as the tier
 *   allows, and reports underflow as exp).
 *   Worst measured: softplus approx float32 80.3066 ULP at x = -3.4584446 */
static inline vf softplus_f32_approx_vec(vf x, int *st) {
    vf a = vf_min(vf_abs(x), vf_set((float)SP_LIM.f32_approx_clamp));
    vf scale, u;
    vf tmp = exp_f32_approx_core(vf_neg(a), &scale);
    vf e = vf_fma(scale, tmp, scale);
    vf y = vf_add(vf_max(x, vf_set(0.0f)), log1p_f32_approx_eval(e, &u));
    vfm tail = vf_lt(x, vf_set((float)-SP_LIM.f32_approx_clamp));
    if (VM_RARE(vfm_bits(tail))) y = vf_select(tail, exp_f32_approx_vec(x, st), y);
    return softplus_nan_f32(x, y);
}

VM_ARRAY_F64(vm_softplus_accurate_f64, softplus_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_softplus_accurate_f32, softplus_f32_accurate_vec)
VM_ARRAY_F64(vm_softplus_fast_f64, softplus_f64_fast_vec)
VM_ARRAY_F32_IN_F64(vm_softplus_fast_f32, softplus_f32_fast_vec)
VM_ARRAY_F64(vm_softplus_approx_f64, softplus_f64_approx_vec)
VM_ARRAY_F32(vm_softplus_approx_f32, softplus_f32_approx_vec)

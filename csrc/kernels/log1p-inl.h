/* log1p(x) = log(1 + x) for float64 and float32, three tiers, on log's reduction, tables and
 * polynomials (csrc/kernels/log_core.h; vecmath/_gen/log1p.py checks log's tables for log1p and
 * certifies log's polynomials on the range log1p needs: csrc/generated/vm_data.h, vm_log1p_k).
 *
 * Method: u = 1 + x rounded and d = (1 + x) - u (exactly, or nearly: per tier below).  u is
 * reduced as log reduces x: u = 2^k z, c from the top bits of z, r = z (1/c) - 1 exact, and
 *     log1p(x) = k ln2 + log c + log1p(r + d 2^-k (1/c)).
 * d 2^-k is exact (2^-k built from k clamped at 1022, float 126: beyond, d 2^-k < 2^-1000 is
 * negligible), and r + d 2^-k (1/c) = rh + rl with rh = fma(d 2^-k, 1/c, r) and
 * rl = fma(d 2^-k, 1/c, r - rh): r - rh is exact (Sterbenz) unless |r| < 2 |d 2^-k / c|, where
 * both are below 2^-51 and rl errs by 2^-104 absolute, next to a result above 2^-6 (c != 1 or
 * k != 0).  In the entry of c = 1 with k = 0 (x in about [-0.03, 0.03]) r = u - 1 exactly and
 * d = x - r, so rh = x exactly and rl = 0: the result is log's polynomial on x itself, with
 * full relative accuracy and no cancellation, down to subnormal x (the result is x: no flag,
 * as NumPy).  |rh| exceeds log's r range by < 2^-51 (float 2^-21): the polynomials' errors on
 * the widened range and the Fast2Sum condition |w| >= |rh| are the generator's.
 * The sign: every term of a zero x is +0, so each tier ORs x's sign bit into the result
 * (log1p(x) has the sign of x; the OR changes nothing else), but for the float32 accurate
 * tier's float pass, which takes min(y, x) (one instruction: log1p(x) <= x).
 *
 * accurate float64: u = 1 + x rounded, d = x - (u - 1) (exact below 2^53; beyond, u - 1 errs by
 *   <= 1: < 0.016 ULP of a result > 36.7, where H's share is nil); log's accurate core on rh
 *   (csrc/kernels/log_core.h: Fast2Sum of w + rh, -rh^2/2 by two FMAs, rh^3 H(rh), H degree 7
 *   by Horner) with rl (1 - rh) added to its small term t (rl / (1 + rh) to 2^-62 relative):
 *   0.5 final rounding + < 0.003 + H's error (< 0.012), or + 0.016 above 2^53 -> < 0.52 ULP.
 *   Measured maximum: see below at log1p_f64_accurate_vec.
 * accurate float32 (correctly rounded): log's float-float first pass (issue 37; log-inl.h, issue
 *   25) on 1 + x = u + d exact in float, rh + rl as above in float (log1p_f32_ff_first: its
 *   budget), the Ziv test of log; unsure lanes (2^-8.45 of [0.5, 2), 2^-9.2 of the positive
 *   floats below 2^126, 2^-10.7 of (-1, 0)) and special ones
 *   redo their VD_W-lane half by the former kernel, in double: u = 1 + x is exact in double
 *   for every float 2^-29 <= |x| < 2^53, and for float x >= 2^53 u = x, which differs from
 *   1 + x by 2^-53 relative (2^-58 relative to the result, > 36); d = x - (u - 1) is nonzero
 *   only where |x| < 2^-29, in the c = 1 entry, so r + d = x exactly there, and at x = 2^53
 *   (d = 1, clamped to 2^-53, below 2^-58 of the result): log's first pass (degree 5,
 *   2^-41 relative) on r + d, rounded to float unless within 2^14 double ulps of a float
 *   midpoint (vm_log1p_limits.f32_cr_window: 4x margin, about 2^-14 of inputs); those lanes and
 *   the special ones take the float64 accurate evaluation as a double-double (s, e), rounded
 *   once (vm_round_dd_f32_any).  Float subnormal x are normal doubles: the result is x.
 * fast float64 (faithful): d = x - (u - 1) (2 operations: exact for x < 2^53; beyond, off by
 *   at most one unit of u's last place, < 2^-52 absolute in the logarithm, < 0.02 ULP of a
 *   result above 36); log's fast evaluation on rh (w + rh by Fast2Sum, G degree 7, 2^-54.7)
 *   with rl taken by the Fast2Sum's error term (rl rh dropped: < 0.04 ULP): < 0.85 + 0.06 ->
 *   < 0.91 ULP.
 * Both float64 tiers form d 2^-k/c as d 2^(1-k) times 1/(2c) from the reduction's bits
 *   (log1p_reduce_f64).
 * approx float64: d = x - (u - 1) kept where x < 1 (there k is -1, 0 or 1, so d 2^-k (1/c)
 *   differs from d by < 2^-53 absolute where the result is above 2^-6), r + d on log's approx
 *   evaluation (G degree 3): log's < 2^24 ULP.
 * fast float32 (faithful, every input): float arithmetic, the fast float64 method in float on
 *   log's N = 32 float tables (w = k ln2_hi + log c hi exact for |k| < 2^8, Fast2Sum of w + rh,
 *   G degree 2): d = x - (u - 1) is exact below 2^24, and off by one unit of u beyond.
 * approx float32: float, N = 16, as approx float64 (G degree 1).
 *
 * Special inputs: u = 1 + x not a positive normal number exactly where x <= -1, x is NaN or
 * +inf (u >= 2^-53, float 2^-24, for x > -1): one compare (one vfpclass on AVX-512) of u, and
 * a scalar routine: -inf with divide-by-zero at -1, NaN with invalid below -1 (-inf included:
 * log's NaN, the x86 default NaN with the sign set), x for +inf and NaN (quieted). */
#include "log_core.h"

#define LOG1P_K vm_log1p_k

/* log1p's special inputs: NaN, -1, x < -1 and +inf give their result in *y and return 1.
 * LOG1P_SPECIAL_VALUE(NAME, T) defines NAME: log1p_f64_special_value, log1p_f32_special_value. */
#define LOG1P_SPECIAL_VALUE(NAME, T)                                                        \
    static inline int NAME(T x, T *y, int *st) {                                            \
        if (isnan(x)) *y = VM_FADD(x, x);                                                   \
        else if (x == -1) {                                                                 \
            *st |= VM_FE_DIVBYZERO;                                                         \
            *y = -INFINITY;                                                                 \
        } else if (x < -1) {                                                                \
            *st |= VM_FE_INVALID;                                                           \
            *y = LOG_INVALID_NAN;                                                           \
        } else if (isinf(x)) *y = x;                                                        \
        else return 0;                                                                      \
        return 1;                                                                           \
    }
LOG1P_SPECIAL_VALUE(log1p_f64_special_value, double)
LOG1P_SPECIAL_VALUE(log1p_f32_special_value, float)

/* y with x's sign bit ORed in: -0 for x = -0, and no change for any other x > -1 */
static inline vd log1p_sign_f64(vd y, vd x) {
    return vd_from_bits(vdi_or(vd_bits(y), vdi_and(vd_bits(x), vdi_set(VM_SIGN64))));
}
static inline vf log1p_sign_f32(vf y, vf x) {
    return vf_from_bits(vfi_or(vf_bits(y), vfi_and(vf_bits(x), vfi_set(VM_SIGN32))));
}

/* 2^-min(k, 1022) from k as a double: 1023 - k lands in the low bits of 2^52 + 1023 - k */
static inline vd log1p_scale_f64(vd kd) {
    vd t = vd_sub(vd_set(0x1p52 + 1023.0), vd_min(kd, vd_set(LOG1P_K.kmax_f64)));
    return vd_from_bits(vdi_shl(vd_bits(t), 52));
}
static inline vf log1p_scale_f32(vf kf) {
    vf t = vf_sub(vf_set(0x1p23f + 127.0f), vf_min(kf, vf_set((float)LOG1P_K.kmax_f32)));
    return vf_from_bits(vfi_shl(vf_bits(t), 23));
}

/* log_reduce16 for log1p's float64 tiers (issue 37): the same z, index and k, with kb = k 2^52
 * (+ LOG_U_BIAS: u's bits less OFF, masked to their top 12 bits) kept, from which z = u 2^-k and
 * 2^(1-k) (log1p_pow2_1mk) each take one integer subtraction (log_reduce16's z: two operations;
 * 2^-k from kd: four).  With AVX-512DQ kd = k 2^52 is converted straight from kb, without a
 * shift, and the tiers multiply it by ln2's parts times 2^-52 (LOG1P_KD_SCALE): the same exact
 * products k ln2_hi, k ln2_lo, so the same bits on every path. */
#if defined(VM_HAS_INT64_CONVERT)
#define LOG1P_KD_SCALE 0x1p-52
#else
#define LOG1P_KD_SCALE 1.0
#endif
static inline vd log1p_reduce_f64(vd u, vdi *idx, vd *kd, vdi *kb) {
    vdi ui = vdi_add(vd_bits(u), vdi_set((int64_t)(LOG_U_BIAS - vm_log_reduce.off16)));
    *idx = vdi_shr(ui, 48); /* the lookups read its low 4 bits */
    *kb = vdi_and(ui, vdi_set((int64_t)0xfff0000000000000ull));
#if defined(VM_HAS_INT64_CONVERT)
    *kd = vd_from_vdi(*kb);
#else
    *kd = log_kd_of(ui, 0.0);
#endif
    return vd_from_bits(vdi_sub(vd_bits(u), vdi_sub(*kb, vdi_set((int64_t)LOG_U_BIAS))));
}
/* 2^(1-k) from kb: a normal number for every positive normal u with k <= 1023, and +0
 * at k = 1024 (u >= 2^1023 2 OFF, where d = 0); the tiers take d 2^(1-k) times 1/(2c)
 * (log1p_half: 1/c's bits less one exponent unit), which is d 2^-k/c exactly inside their FMAs.
 * (2^-k itself would be -inf at k = 1024, and 0 * inf a NaN: no clamp needed this way.) */
static inline vd log1p_pow2_1mk(vdi kb) {
    return vd_from_bits(vdi_sub(vdi_set((int64_t)((0x400ull << 52) + LOG_U_BIAS)), kb));
}
static inline vd log1p_half(vd a) { return vd_from_bits(vdi_sub(vd_bits(a), vdi_set(1ll << 52))); }
/* w = k ln2_hi + log c hi (exact) and tail = k ln2_lo + log c lo from log1p_reduce_f64's kd */
#define LOG1P_W_TAIL(kd, idx, w, tail)                                                      \
    vd w = vd_fma(kd, vd_set(LOG_K.ln2_hi * LOG1P_KD_SCALE), vd_lookup(vm_log_logc16_hi, idx, 16)); \
    vd tail = vd_fma(kd, vd_set(LOG_K.ln2_lo * LOG1P_KD_SCALE), vd_lookup(vm_log_logc16_lo, idx, 16))

/* 1 + x = u + d exactly for x >= -1 (Fast2Sum on max(1, x), min(1, x); a NaN x gives u = NaN) */
static inline vd log1p_sum_exact_f64(vd x, vd *d) {
    vd a = vd_max(vd_set(1.0), x), b = vd_min(vd_set(1.0), x);
    vd u = vd_add(a, b);
    *d = vd_sub(b, vd_sub(u, a));
    return u;
}

/* rh + rl = r + ds (1/c) (see the opening comment) */
#define LOG1P_SPLIT(V, ds, invc, r, rh, rl)                                                 \
    do {                                                                                    \
        rh = V##_fma(ds, invc, r);                                                          \
        rl = V##_fma(ds, invc, V##_sub(r, rh));                                             \
    } while (0)

/* log1p(x) = s + e, |e| <= ulp(s)/2, for x > -1 given 1 + x = u + d exactly (the float32
 * accurate tier's special and unsure lanes; the float64 tier has log1p_f64_accurate_core_x):
 * log's accurate steps (LOG_ACCURATE_SUM) on rh, with rl / (1 + rh) ~ rl (1 - rh) in the small
 * terms. */
static inline vd log1p_f64_accurate_core(vd u, vd d, vd *e) {
    vdi idx;
    vd kd;
    vd z = log_reduce16(u, 0.0, &idx, &kd);
    vd invc = vd_lookup(vm_log_invc16, idx, 16);
    vd r = vd_fma(z, invc, vd_set(-1.0)); /* exact */
    vd ds = vd_mul(d, log1p_scale_f64(kd)); /* d 2^-k, exact */
    vd rh, rl;
    LOG1P_SPLIT(vd, ds, invc, r, rh, rl);
    LOG_ACCURATE_SUM(rh, idx, kd, t = vd_add(t, vd_fnma(rl, rh, rl)) /* rl / (1 + rh) */, e);
}

/* The float64 accurate tier's core (issue 37) from x and u = 1 + x rounded: d = x - (u - 1),
 * two operations instead of the Fast2Sum's four (max, min and a subtraction), exact for
 * |x| < 2^53; beyond, u - 1 rounds by at most 1 (u >= 2^53), so d errs by <= 1 where
 * 1 + x >= 2^53: < 2^-53 absolute in the result (> 36.7, ulp 2^-47), < 0.016 ULP, where H's
 * share of the budget is nil (log1p(r) < 2^-4.8 next to > 36): 0.5 + 0.003 + 0.016 < 0.52.
 * Then log1p_reduce_f64 (d 2^-k/c as d 2^(1-k) times 1/(2c), both exact for every k) and log's
 * accurate steps as log1p_f64_accurate_core.  The value, special and fused kernels of the float64 tier
 * all evaluate this (the same bits); the float32 tier's special lanes keep the exact
 * log1p_f64_accurate_core. */
static inline vd log1p_f64_accurate_core_x(vd x, vd u) {
    vd d = vd_sub(x, vd_sub(u, vd_set(1.0)));
    vdi idx, kb;
    vd kd, e;
    vd z = log1p_reduce_f64(u, &idx, &kd, &kb);
    vd invc = vd_lookup(vm_log_invc16, idx, 16);
    vd r = vd_fma(z, invc, vd_set(-1.0)); /* exact */
    vd ds = vd_mul(d, log1p_pow2_1mk(kb)), ihalf = log1p_half(invc); /* d 2^(1-k), 1/(2c): exact */
    vd rh, rl;
    LOG1P_SPLIT(vd, ds, ihalf, r, rh, rl);
    LOG1P_W_TAIL(kd, idx, w, tail);
    LOG_ACCURATE_SUM_W(rh, w, tail, t = vd_add(t, vd_fnma(rl, rh, rl)) /* rl / (1 + rh) */, &e);
}

/* Accurate log1p for the special lanes (and any double). */
VM_COLD static double log1p_f64_special(double x, int *st) {
    double y;
    if (log1p_f64_special_value(x, &y, st)) return y;
    vd vx = vd_set(x);
    return vd_first(vd_min(log1p_f64_accurate_core_x(vx, vd_add(vx, vd_set(1.0))), vx));
}

/* not positive, normal and finite: x <= -1, NaN or +inf (one vfpclasspd on AVX-512) */
static inline vdm log1p_f64_special_mask(vd u) { return vd_not_positive_normal(u); }
static inline vfm log1p_f32_special_mask(vf u) { return vf_not_positive_normal(u); }

/* accurate float64 (python -m vecmath.accuracy log1p --dtype float64 --tier accurate --samples
 * 1000000: 0.515227 ULP at x = 9173820815901088.0, just above 2^53, where d errs; below 2^53
 * 0.5056 at x = 0x1.fe1f4225a8628p-6 before issue 37's d, the same bits there).  x's sign for x = -0 by
 * min(y, x): log1p(x) < x and y errs by < 1 ULP, so y <= x, and min(+0, -0) is its second
 * operand on every layer (one instruction instead of the OR's two).
 *   Worst measured: log1p accurate float64 0.515141 ULP at x = 9294927348237624.0 */
static inline vd log1p_f64_accurate_vec(vd x, int *st) {
    vd u = vd_add(x, vd_set(1.0));
    vd y = vd_min(log1p_f64_accurate_core_x(x, u), x);
    vdm special = log1p_f64_special_mask(u);
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, log1p_f64_special, st);
    return y;
}

/* Accurate log1p for any float: the float32 accurate tier's special and unsure lanes. */
VM_COLD static float log1p_f32_special(float x, int *st) {
    float y;
    if (log1p_f32_special_value(x, &y, st)) return y;
    if (x == 0) return x;
    vd d, e;
    vd u = log1p_sum_exact_f64(vd_set((double)x), &d);
    double s = vd_first(log1p_f64_accurate_core(u, d, &e));
    return vm_round_dd_f32_any(s, vd_first(e));
}

#define LOG1P_F32_NEAR ((int64_t)vm_log1p_limits.f32_cr_window)

/* accurate float32, the double path (the float-float pass's fallback): a first pass in double
 * (u = 1 + x exact for 2^-29 <= |x| < 2^53; d != 0 only below 2^-29, where r + d = x exactly):
 * log's first pass, 2^-41 relative; its near lanes and the special ones through
 * log1p_f32_special.  The kernel before issue 37 (this path alone) gave the same bits. */
static inline vfh log1p_f32_accurate_half(vfh xf, int *st) {
    vd x = vd_from_vfh(xf);
    vd u = vd_add(x, vd_set(1.0));
    /* d <= 2^-53 wherever |x| < 2^-29; the one other float with d != 0 is 2^53 (u = 2^53,
     * u - 1 exact, d = 1), where d = 2^-53 instead errs by 2^-58 relative to the result */
    vd d = vd_min(vd_sub(x, vd_sub(u, vd_set(1.0))), vd_set(0x1p-53));
    vdi idx;
    vd kd;
    vd z = log_reduce16(u, 0.0, &idx, &kd);
    vd r = vd_add(vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0)), d);
    vd y = log1p_sign_f64(log_f32_first_pass_from_r(r, idx, kd), x);
    vdm near = vd_near_f32_midpoint(y, LOG1P_F32_NEAR);
    vfh yf = vfh_from_vd(y);
    vdm redo = vdm_or(near, log1p_f64_special_mask(u));
    if (VM_RARE(vdm_bits(redo))) yf = vfh_fixup(xf, yf, redo, log1p_f32_special, st);
    return yf;
}

/* The float-float first pass (issue 37): log's (LOG_F32_FF_SUM, log_core.h) on 1 + x = u + d
 * exact in float (Fast2Sum on max(1, x), min(1, x); u itself as x + 1, the same sum, so that the
 * reduction does not wait for the max) and rh + rl = r + d 2^-k (1/c) (LOG1P_SPLIT in float: rl
 * exact but where |r| < 2 |d 2^-k / c|, both < 2^-22, and rl errs by 2^-46 absolute next to a
 * result above 2^-6), with rl / (1 + rh) ~ rl (1 - rh + rh^2) in the small terms (|rl| <=
 * ulp(rh)/2 <= 2^-30: the rl rh^3 left is < 2^-47 absolute, 2^-41 of a result above 2^-6; in the
 * c = 1 entry with k = 0, rh = x exactly and rl = 0).  rh exceeds r's range by < 2^-21 (float),
 * where H (vm_log_accurate_f32_ff32_k, ff16 on AVX2) is certified on log's range only: not yet by
 * the generator on the widened one (vm_log1p_k certifies the other polynomials there); the
 * exhaustive sweep checks every input.  So log's budget holds (delta <= 2^-33.7 + 2^-40) and
 * y1 == y2 is the correctly rounded log1p(x), sign aside (the caller's min(y, x) gives -0 for
 * x = -0); *uo = u.  log's steps written out rather than LOG_F32_FF_SUM (issue 37, second
 * round), with three changes that leave the bound as it was and log's bits alone: u = x + 1
 * need not wait for the max and min (the loop is partly bound by its chain of dependent
 * operations: 0.321 -> 0.300 ns from that alone, AMD EPYC family 26 model 2, a C loop over
 * 65,536 uniform (-0.999, 1000)); rl rh^2 rides in the FMA of rh^3 H, t + rh^2 (rh H + rl),
 * instead of rl (rh^2 - rh) beside it (two roundings there as in rh^3 H before: rh^2 and
 * rh H + rl for rh^2 and rh^3); and y1,2 = hi2 + fma(+-d, hi2, t) (t +- d |hi2| rounded once, as
 * before, one multiplication fewer): 0.296 ns with both. */
static inline vf log1p_f32_ff_first(vf x, vf *uo, vf *y2) {
    vf a = vf_max(vf_set(1.0f), x), b = vf_min(vf_set(1.0f), x);
    vf u = vf_add(x, vf_set(1.0f)); /* = a + b */
    vf d = vf_sub(b, vf_sub(u, a));
    *uo = u;
    vfi idx;
    vf kf;
    vf z = LOG_FF_REDUCE(u, &idx, &kf);
    vf invc = vf_lookup(LOG_FF_INVC, idx, LOG_FF_N);
    vf r = vf_fma(z, invc, vf_set(-1.0f)); /* exact */
    /* 2^-k (1/c) by adding bits(z) - bits(u) = -k 2^23 to the bits of 1/c (z = 2^-k u), one
     * integer addition instead of 2^-k and a multiplication: exact for k <= 125; for k = 126, 127
     * (x > 2^125) d 2^-k/c < 2^-125 is negligible and the bits give it or a subnormal stand-in
     * (1/c >= 1) or a NaN (1/c < 1); for k = 128 a huge negative number or a NaN, whose square
     * overflows in hi2, so y1 or y2 is NaN: either way the caller redoes those lanes */
    vf ic = vf_from_bits(vfi_add(vf_bits(invc), vfi_sub(vf_bits(z), vf_bits(u))));
    vf rh, rl;
    LOG1P_SPLIT(vf, d, ic, r, rh, rl);
    /* log's float-float sum (LOG_F32_FF_SUM) on rh */
    vf w = vf_fma(kf, vf_set(vm_log_fast_f32_k.ln2_hi), vf_lookup(LOG_FF_HI, idx, LOG_FF_N)); /* exact */
    vf tail = vf_fma(kf, vf_set(vm_log_fast_f32_k.ln2_lo), vf_lookup(LOG_FF_LO, idx, LOG_FF_N));
    vf h = LOG_FF_H(rh);
    vf hi = vf_add(w, rh);
    vf lo = vf_add(vf_sub(w, hi), rh); /* w + rh = hi + lo: Fast2Sum */
    vf hr = vf_mul(rh, vf_set(-0.5f));
    vf hi2 = vf_fma(hr, rh, hi); /* hi - rh^2/2 = hi2 + lo2 exactly */
    vf lo2 = vf_fma(hr, rh, vf_sub(hi, hi2));
    vf t = vf_add(vf_add(vf_add(lo, lo2), tail), vf_fnma(rl, rh, rl)); /* + rl (1 - rh) */
    t = vf_fma(vf_mul(rh, rh), vf_fma(rh, h, rl), t);                  /* + rh^3 H + rl rh^2 */
    vf eps = vf_set((float)vm_log_limits.f32_ff_eps);
    *y2 = vf_add(hi2, vf_fnma(hi2, eps, t));
    return vf_add(hi2, vf_fma(hi2, eps, t));
}

LOG_F32_REDO_AS(log1p_f32_redo, log1p_f32_accurate_half, inline)

/* accurate float32: the float-float first pass, its unsure lanes (y1 != y2) and special ones
 * (x <= -1, NaN, +inf) redone by the double path.  Exhaustive: every float input correctly
 * rounded (python -m vecmath.accuracy log1p --dtype float32 --tier accurate).
 *   Worst measured: log1p accurate float32 0.5 ULP at x = 7.152559e-07 */
static inline vf log1p_f32_accurate_vec(vf x, int *st) {
    vf u, y2;
    vf y = log1p_f32_ff_first(x, &u, &y2);
    vfm redo = vfm_or(vf_ne(y, y2), log1p_f32_special_mask(u));
    /* x's sign for x = -0 in one instruction: log1p(x) <= x, so a sure y (correctly rounded) is
     * <= x, and min(+0, -0) is its second operand on every layer (a < b ? a : b) */
    y = vf_min(y, x);
    if (VM_RARE(vfm_bits(redo))) y = log1p_f32_redo(x, y, redo, st);
    return y;
}

/* LOG1P_TIER(T, C, V, TIER) defines log1p_<T>_<TIER>_special and log1p_<T>_<TIER>_vec from
 * log1p_<T>_<TIER>_eval(x, &u): log1p_f64_fast_vec, log1p_f64_approx_vec, log1p_f32_fast_vec,
 * log1p_f32_approx_vec.  The special lanes (x <= -1, NaN, +inf) take the scalar values. */
#define LOG1P_TIER(T, C, V, TIER)                                                           \
    VM_COLD static C log1p_##T##_##TIER##_special(C x, int *st) {                           \
        C y;                                                                                \
        if (log1p_##T##_special_value(x, &y, st)) return y;                                 \
        V u;                                                                                \
        return V##_first(log1p_##T##_##TIER##_eval(V##_set(x), &u));                        \
    }                                                                                       \
    static inline V log1p_##T##_##TIER##_vec(V x, int *st) {                                \
        V u;                                                                                \
        V y = log1p_##T##_##TIER##_eval(x, &u);                                             \
        V##m special = log1p_##T##_special_mask(u);                                         \
        if (VM_RARE(V##m_bits(special))) y = V##_fixup(x, y, special, log1p_##T##_##TIER##_special, st); \
        return y;                                                                           \
    }

/* fast float64 (issue 37: 0.468 -> ~0.38 ns on AVX-512, AMD EPYC family 26 model 2): d 2^-k
 * and z from log1p_reduce_f64's kb by integer subtractions, kd without a shift, and rl not
 * formed: the Fast2Sum's error takes it, e = (w - s) + r + d 2^-k/c by one FMA, which is
 * w + r + d 2^-k/c - s to 2^-53 of itself (w - s exact; (w - s) + r ~ rl - d 2^-k/c + the
 * Fast2Sum's error: exact by Sterbenz where |r| is not tiny, else both < 2^-51), so e + tail
 * carries what e + tail + rl did, with one rounding fewer; in the c = 1 entry r - rh = -d exactly
 * and e = 0, as rl was.  x's sign by min(y, x) (y faithful, so y <= x: see the accurate tier).
 * Its worst inputs lie next to the c = 1 entry's edge (0.753 ULP at 0.02926741153190697 over
 * 10^6 samples).
 *   Worst measured: log1p fast float64 0.762928 ULP at x = 0.028857789451765273 */
static inline vd log1p_f64_fast_eval(vd x, vd *uo) {
    vd u = vd_add(x, vd_set(1.0));
    vd d = vd_sub(x, vd_sub(u, vd_set(1.0)));
    vdi idx, kb;
    vd kd;
    vd z = log1p_reduce_f64(u, &idx, &kd, &kb);
    vd invc = vd_lookup(vm_log_invc16, idx, 16);
    vd r = vd_fma(z, invc, vd_set(-1.0)); /* exact */
    vd ds = vd_mul(d, log1p_pow2_1mk(kb)), ihalf = log1p_half(invc); /* d 2^(1-k), 1/(2c): exact */
    vd rh = vd_fma(ds, ihalf, r);
    vd r2 = vd_mul(rh, rh);
    vd g = log_f64_fast_g(rh, r2);
    /* log's split: w = k ln2_hi + log c hi exact, w + rh by Fast2Sum, the small terms in one FMA */
    LOG1P_W_TAIL(kd, idx, w, tail);
    vd s = vd_add(w, rh);
    vd e = vd_fma(ds, ihalf, vd_add(vd_sub(w, s), r));
    *uo = u;
    return vd_min(vd_add(s, vd_fma(r2, g, vd_add(e, tail))), x);
}
LOG1P_TIER(f64, double, vd, fast)

/* approx float64: its worst inputs (2^22.7 ULP) lie in the entry next to c = 1, where r cancels
 * part of log c (log's approx maximum).
 *   Worst measured: log1p approx float64 6.62149e+06 ULP at x = 0.031249970666613586 */
static inline vd log1p_f64_approx_eval(vd x, vd *uo) {
    vd u = vd_add(x, vd_set(1.0));
    vd d = vd_select(vd_lt(x, vd_set(1.0)), vd_sub(x, vd_sub(u, vd_set(1.0))), vd_set(0.0));
    vdi idx;
    vd kd;
    vd z = log_reduce16(u, 0.0, &idx, &kd);
    vd r = vd_add(vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0)), d);
    *uo = u;
    return log1p_sign_f64(log_f64_approx_from_r(r, idx, kd), x);
}
LOG1P_TIER(f64, double, vd, approx)

/* fast float32 (0x1.0009e4p-6 below).
 *   Worst measured: log1p fast float32 0.574023 ULP at x = 0.015627358 */
static inline vf log1p_f32_fast_eval(vf x, vf *uo) {
#define K vm_log_fast_f32_k
    vf u = vf_add(x, vf_set(1.0f));
    vf d = vf_sub(x, vf_sub(u, vf_set(1.0f)));
    vfi idx;
    vf kf;
    vf z = log_reduce32_f(u, &idx, &kf);
    vf invc = vf_lookup(vm_log_invc32_f, idx, 32);
    vf r = vf_fma(z, invc, vf_set(-1.0f)); /* exact */
    vf ds = vf_mul(d, log1p_scale_f32(kf));
    vf rh, rl;
    LOG1P_SPLIT(vf, ds, invc, r, rh, rl);
    vf w = vf_fma(kf, vf_set(K.ln2_hi), vf_lookup(vm_log_logc32_f, idx, 32)); /* exact */
    vf tail = vf_fma(kf, vf_set(K.ln2_lo), vf_lookup(vm_log_logc32_lo_f, idx, 32));
    vf s = vf_add(w, rh);
    vf e = vf_add(vf_sub(w, s), rh);
    vf r2 = vf_mul(rh, rh);
    vf g = log_f32_fast_g(rh, r2);
    *uo = u;
    return log1p_sign_f32(vf_add(s, vf_fma(r2, g, vf_add(vf_add(e, tail), rl))), x);
#undef K
}
LOG1P_TIER(f32, float, vf, fast)

/* approx float32.
 *   Worst measured: log1p approx float32 76.251 ULP at x = 0.03127247 */
static inline vf log1p_f32_approx_eval(vf x, vf *uo) {
    vf u = vf_add(x, vf_set(1.0f));
    vf d = vf_select(vf_lt(x, vf_set(1.0f)), vf_sub(x, vf_sub(u, vf_set(1.0f))), vf_set(0.0f));
    vfi idx;
    vf kf;
    vf z = log_reduce16_f(u, &idx, &kf);
    vf r = vf_add(vf_fma(z, vf_lookup(vm_log_invc16_f, idx, 16), vf_set(-1.0f)), d);
    *uo = u;
    return log1p_sign_f32(log_f32_approx_from_r(r, idx, kf), x);
}
LOG1P_TIER(f32, float, vf, approx)

VM_ARRAY_F64(vm_log1p_accurate_f64, log1p_f64_accurate_vec)
VM_ARRAY_F32(vm_log1p_accurate_f32, log1p_f32_accurate_vec)
VM_ARRAY_F64(vm_log1p_fast_f64, log1p_f64_fast_vec)
VM_ARRAY_F32(vm_log1p_fast_f32, log1p_f32_fast_vec)
VM_ARRAY_F64(vm_log1p_approx_f64, log1p_f64_approx_vec)
VM_ARRAY_F32(vm_log1p_approx_f32, log1p_f32_approx_vec)

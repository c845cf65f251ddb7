/* log's shared cores, included by csrc/kernels/log-inl.h and csrc/kernels/log1p-inl.h (log1p(x) = log(1 + x) on the
 * same reduction, tables and polynomials): the reduction x = 2^k z with its table index
 * (LOG_REDUCE_F64 / LOG_REDUCE_F32), the accurate float64 core, the float32 first pass, the
 * polynomials of the tiers, and the special values (NaN, zeros, negatives) shared by both
 * functions.  Methods and error budgets: csrc/kernels/log-inl.h's opening comment. */
#ifndef VM_LOG_CORE_H
#define VM_LOG_CORE_H
#include "simd/vm_poly.h"

#define LOG_K vm_log_accurate_k

/* x = 2^k z on the bits of a positive normal double: z in [OFF, 2 OFF) and an index whose low
 * TBITS bits pick its entry in a 2^TBITS table (the lookups read only those).  kbias is
 * subtracted from k.  With AVX-512DQ, u = ix - OFF and k = u >> 52 (arithmetic) is converted in
 * one vcvtqq2pd; elsewhere u = ix - OFF + 2^62 stays positive, so logical shifts give k + 1024,
 * turned into a double by the 2^52 trick.  Both give the same z, index and k. */
#if defined(VM_HAS_INT64_CONVERT)
#define LOG_U_BIAS 0ull
static inline vd log_kd_of(vdi u, double kbias) {
    vd k = vd_from_vdi(vdi_sra(u, 52));
    return kbias == 0.0 ? k : vd_sub(k, vd_set(kbias));
}
#else
#define LOG_U_BIAS (1ull << 62)
static inline vd log_kd_of(vdi u, double kbias) {
    return vd_sub(vd_from_bits(vdi_or(vdi_shr(u, 52), vdi_set(0x4330000000000000))),
                  vd_set(0x1p52 + 1024.0 + kbias));
}
#endif
/* LOG_REDUCE_F64(NAME, ...) defines NAME; used for log_reduce16 (below). */
#define LOG_REDUCE_F64(NAME, OFF, TBITS)                                                    \
    static inline vd NAME(vd x, double kbias, vdi *idx, vd *kd) {                           \
        vdi u = vdi_add(vd_bits(x), vdi_set((int64_t)(LOG_U_BIAS - (OFF))));                \
        *idx = vdi_shr(u, 52 - (TBITS)); /* the lookups read its low TBITS bits */          \
        *kd = log_kd_of(u, kbias);                                                          \
        return vd_from_bits(vdi_add(vdi_and(u, vdi_set(0x000fffffffffffff)), vdi_set(OFF))); \
    }
LOG_REDUCE_F64(log_reduce16, vm_log_reduce.off16, 4)

/* The same for a positive normal float, with an arithmetic shift for k: defines NAME; used for
 * log_reduce32_f and log_reduce16_f (below). */
#define LOG_REDUCE_F32(NAME, OFF, TBITS)                                                    \
    static inline vf NAME(vf x, vfi *idx, vf *kf) {                                         \
        vfi u = vfi_sub(vf_bits(x), vfi_set((int32_t)(OFF)));                               \
        *idx = vfi_shr(u, 23 - (TBITS));                                                    \
        *kf = vf_from_vfi(vfi_sra(u, 23));                                                  \
        return vf_from_bits(vfi_add(vfi_and(u, vfi_set(0x007fffff)), vfi_set((int32_t)(OFF)))); \
    }
LOG_REDUCE_F32(log_reduce32_f, vm_log_reduce.off32_f, 5)
LOG_REDUCE_F32(log_reduce16_f, vm_log_reduce.off16_f, 4)

/* The accurate tier's log1p(r) = r - r^2/2 + r^3 H(r): H(r) = c3 + c4 r + .. + c10 r^7,
 * Horner: one operation fewer than Estrin, and the loop is bound by the count of operations,
 * not by latency. */
static inline vd log_accurate_h(vd r) {
    vd hpoly = vd_set(LOG_K.c10);
    hpoly = vd_fma(hpoly, r, vd_set(LOG_K.c9));
    hpoly = vd_fma(hpoly, r, vd_set(LOG_K.c8));
    hpoly = vd_fma(hpoly, r, vd_set(LOG_K.c7));
    hpoly = vd_fma(hpoly, r, vd_set(LOG_K.c6));
    hpoly = vd_fma(hpoly, r, vd_set(LOG_K.c5));
    hpoly = vd_fma(hpoly, r, vd_set(LOG_K.c4));
    return vd_fma(hpoly, r, vd_set(LOG_K.c3));
}

/* LOG_ACCURATE_SUM(r, idx, kd, SMALL, e): the accurate cores' common steps, which end their
 * function (log_f64_accurate_core below, log1p_f64_accurate_core in log1p-inl.h): from the
 * reduced r (exact), the table index and k, return s with log(2^k c) + log1p(r) = s + *e,
 * |e| <= ulp(s)/2.  SMALL is a statement on t, the sum of the small terms before r^3 H(r) is
 * added: log1p adds its rl / (1 + r) there; log's is empty.  A macro, not a function, so that
 * each core compiles to the code it had when it was written out (a function changed GCC's
 * inlining of the log kernels). */
#define LOG_ACCURATE_SUM(r, idx, kd, SMALL, e)                                              \
    vd w = vd_fma(kd, vd_set(LOG_K.ln2_hi), vd_lookup(vm_log_logc16_hi, idx, 16)); /* exact */ \
    vd tail = vd_fma(kd, vd_set(LOG_K.ln2_lo), vd_lookup(vm_log_logc16_lo, idx, 16));      \
    LOG_ACCURATE_SUM_W(r, w, tail, SMALL, e)
/* The same from w = k ln2_hi + log c hi (exact) and tail = k ln2_lo + log c lo given (softplus
 * reads both from tables with k folded in). */
#define LOG_ACCURATE_SUM_W(r, w, tail, SMALL, e)                                            \
    LOG_ACCURATE_T(r, w, tail, SMALL);                                                      \
    vd s = vd_add(hi2, t);                                                                  \
    *(e) = vd_add(vd_sub(hi2, s), t);                                                       \
    return s
/* Its steps up to hi2 + t, unnormalized (|t| < 2^-9 |hi2|), for a caller that adds more. */
#define LOG_ACCURATE_T(r, w, tail, SMALL)                                                   \
    vd hi = vd_add(w, r);                                                                   \
    vd lo = vd_add(vd_sub(w, hi), r);                                                       \
    /* hi - r^2/2 = hi2 + lo2: hr = -r/2 is exact (but for a subnormal r, whose square      \
     * vanishes anyway), so both FMAs see r^2 exactly; hi - hi2 is exact (r^2/2 < 2^-10.7  \
     * < |hi|/8 outside the c = 1 entry, and r^2/2 <= |r|/58 in it) */                     \
    vd hr = vd_mul(r, vd_set(-0.5));                                                        \
    vd hi2 = vd_fma(hr, r, hi);                                                             \
    vd lo2 = vd_fma(hr, r, vd_sub(hi, hi2));                                                \
    vd hpoly = log_accurate_h(r);                                                           \
    vd t = vd_add(vd_add(lo, lo2), tail);                                                   \
    SMALL;                                                                                  \
    t = vd_fma(vd_mul(vd_mul(r, r), r), hpoly, t)

/* log(2^-kbias x) = s + e, |e| <= ulp(s)/2, for positive normal x (the accurate tiers). */
static inline vd log_f64_accurate_core(vd x, double kbias, vd *e) {
    vdi idx;
    vd kd;
    vd z = log_reduce16(x, kbias, &idx, &kd);
    vd r = vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0)); /* exact */
    LOG_ACCURATE_SUM(r, idx, kd, (void)0, e);
}

/* log's special inputs that need no evaluation: NaN, zeros, negatives and +inf give their
 * result in *y and return 1; a positive finite x (a subnormal) returns 0.  A NaN x returns
 * itself quieted (x + x keeps its sign and payload); x < 0 gives LOG_INVALID_NAN. */
/* The NaN of an invalid operation: the x86 default NaN, sign bit set (0xfff8000000000000,
 * float 0xffc00000), what SSE's invalid operations and NumPy's log(-1) give, on every path. */
#define LOG_INVALID_NAN (-NAN)
/* LOG_SPECIAL_VALUE(NAME, T) defines NAME: log_f64_special_value and log_f32_special_value. */
#define LOG_SPECIAL_VALUE(NAME, T)                                                          \
    static inline int NAME(T x, T *y, int *st) {                                            \
        if (isnan(x)) *y = VM_FADD(x, x);                                                   \
        else if (x == 0) {                                                                  \
            *st |= VM_FE_DIVBYZERO;                                                         \
            *y = -INFINITY;                                                                 \
        } else if (x < 0) {                                                                 \
            *st |= VM_FE_INVALID;                                                           \
            *y = LOG_INVALID_NAN;                                                           \
        } else if (isinf(x)) *y = x;                                                        \
        else return 0;                                                                      \
        return 1;                                                                           \
    }
LOG_SPECIAL_VALUE(log_f64_special_value, double)
LOG_SPECIAL_VALUE(log_f32_special_value, float)

/* First pass: log(x) in plain double arithmetic, N = 16, within 2^-41 relative: from the
 * reduced r (exact), the table index and k.  G = c2 + .. + c7 r^5 by vd_estrin6 (vm_poly.h). */
static inline vd log_f32_first_pass_from_r(vd r, vdi idx, vd kd) {
#define K vm_log_accurate_f32_k
    vd r2 = vd_mul(r, r);
    vd g = vd_estrin6(r, r2, vd_mul(r2, r2), K.c2, K.c3, K.c4, K.c5, K.c6, K.c7);
    vd w = vd_fma(kd, vd_set(K.ln2), vd_lookup(vm_log_logc16, idx, 16));
    return vd_add(w, vd_fma(r2, g, r));
#undef K
}
static inline vd log_f32_first_pass(vd x) {
    vdi idx;
    vd kd;
    vd z = log_reduce16(x, 0.0, &idx, &kd);
    vd r = vd_fma(z, vd_lookup(vm_log_invc16, idx, 16), vd_set(-1.0));
    return log_f32_first_pass_from_r(r, idx, kd);
}

/* fast float64: G(r) = c2 + .. + c9 r^7 (Estrin in pairs), log1p(r) = r + r^2 G(r) */
static inline vd log_f64_fast_g(vd r, vd r2) {
#define K vm_log_fast_f64_k
    vd p01 = vd_fma(r, vd_set(K.c3), vd_set(K.c2));
    vd p23 = vd_fma(r, vd_set(K.c5), vd_set(K.c4));
    vd p45 = vd_fma(r, vd_set(K.c7), vd_set(K.c6));
    vd p67 = vd_fma(r, vd_set(K.c9), vd_set(K.c8));
    return vd_fma(vd_mul(r2, r2), vd_fma(r2, p67, p45), vd_fma(r2, p23, p01));
#undef K
}

/* approx float64: k ln2 + (log c + (r + r^2 G(r))), G of degree 3 by vd_estrin4, from the
 * reduced r */
static inline vd log_f64_approx_from_r(vd r, vdi idx, vd kd) {
#define K vm_log_approx_f64_k
    vd r2 = vd_mul(r, r);
    vd g = vd_estrin4(r, r2, K.c2, K.c3, K.c4, K.c5);
    vd p = vd_fma(r2, g, r);
    return vd_fma(kd, vd_set(K.ln2), vd_add(vd_lookup(vm_log_logc16, idx, 16), p));
#undef K
}

/* fast float32: G(r) = c2 + c3 r + c4 r^2 in float, log1p(r) = r + r^2 G(r) */
static inline vf log_f32_fast_g(vf r, vf r2) {
#define K vm_log_fast_f32_k
    return vf_fma(r2, vf_set(K.c4), vf_fma(r, vf_set(K.c3), vf_set(K.c2)));
#undef K
}

/* approx float32: k ln2 + (log c + r q), q = 1 + r G(r), from the reduced r (N = 16 floats):
 * log c + r q is one FMA, with no r^2 (7 % faster on AVX-512); q by vf_horner3 */
static inline vf log_f32_approx_from_r(vf r, vfi idx, vf kf) {
#define K vm_log_approx_f32_k
    vf q = vf_horner3(r, 1.0f, K.c2, K.c3);
    return vf_fma(kf, vf_set(K.ln2), vf_fma(r, q, vf_lookup(vm_log_logc16_f, idx, 16)));
#undef K
}

/* The float32 accurate tier's float-float first pass (issue 25; log-inl.h's opening comment,
 * shared by log and log1p): N = 32 (the fast tier's tables and reduction) except on AVX2, where
 * a 32-entry float lookup costs 4 vpermd and 3 blends and N = 16 (hi on the same 2^-16 grid, H of
 * degree 4) is faster. */
#if defined(VM_ISA_AVX2)
#define LOG_FF_N 16
#define LOG_FF_REDUCE log_reduce16_f
#define LOG_FF_INVC vm_log_invc16_f
#define LOG_FF_HI vm_log_logc16_hi_f
#define LOG_FF_LO vm_log_logc16_lo_f
#define LOG_FF_H(r) vf_horner5(r, vm_log_accurate_f32_ff16_k.c3, vm_log_accurate_f32_ff16_k.c4, \
                               vm_log_accurate_f32_ff16_k.c5, vm_log_accurate_f32_ff16_k.c6, \
                               vm_log_accurate_f32_ff16_k.c7)
#else
#define LOG_FF_N 32
#define LOG_FF_REDUCE log_reduce32_f
#define LOG_FF_INVC vm_log_invc32_f
#define LOG_FF_HI vm_log_logc32_f
#define LOG_FF_LO vm_log_logc32_lo_f
#define LOG_FF_H(r) vf_horner4(r, vm_log_accurate_f32_ff32_k.c3, vm_log_accurate_f32_ff32_k.c4, \
                               vm_log_accurate_f32_ff32_k.c5, vm_log_accurate_f32_ff32_k.c6)
#endif

/* LOG_F32_FF_SUM(r, idx, kf, y2): the float-float first pass from the reduced r, which ends its
 * function (log_f32_ff_first in log-inl.h; log1p_f32_ff_first in log1p-inl.h writes these steps
 * out with its own small terms): returns y1 and sets *y2, y1,2 = hi2 + (t +- d), d = f32_ff_eps
 * |hi2| (vm_log_limits); y1 == y2 is the correctly rounded result.  A macro like
 * LOG_ACCURATE_SUM. */
#define LOG_F32_FF_SUM(r, idx, kf, y2)                                                      \
    vf w = vf_fma(kf, vf_set(vm_log_fast_f32_k.ln2_hi), vf_lookup(LOG_FF_HI, idx, LOG_FF_N)); /* exact */ \
    vf tail = vf_fma(kf, vf_set(vm_log_fast_f32_k.ln2_lo), vf_lookup(LOG_FF_LO, idx, LOG_FF_N)); \
    vf h = LOG_FF_H(r);                                                                     \
    vf hi = vf_add(w, r);                                                                   \
    vf lo = vf_add(vf_sub(w, hi), r); /* w + r = hi + lo: Fast2Sum (|w| >= |r| or w = 0) */ \
    /* hi - r^2/2 = hi2 + lo2 exactly: hr = -r/2 is exact, hi - hi2 is exact (Sterbenz) */  \
    vf hr = vf_mul(r, vf_set(-0.5f));                                                       \
    vf hi2 = vf_fma(hr, r, hi);                                                             \
    vf lo2 = vf_fma(hr, r, vf_sub(hi, hi2));                                                \
    vf t = vf_add(vf_add(lo, lo2), tail);                                                   \
    t = vf_fma(vf_mul(vf_mul(r, r), r), h, t);                                              \
    vf dz = vf_mul(hi2, vf_set((float)vm_log_limits.f32_ff_eps));                           \
    *(y2) = vf_add(hi2, vf_sub(t, dz));                                                     \
    return vf_add(hi2, vf_add(t, dz))

/* LOG_F32_REDO(NAME, HALF) defines NAME(x, y, redo, st): the vectors with a lane to redo, their
 * VD_W-lane parts with one through HALF, the double path (whole parts: its sure lanes give the
 * same, correctly rounded, floats), in registers where the layer splits a vf in two
 * (VM_HAS_VF_HALVES), else through memory: log_f32_redo, log1p_f32_redo.  Out of line but not
 * VM_COLD: GCC optimizes cold functions for size, which made inputs whose every lane is unsure
 * take 2.2x the former kernel's time instead of 1.5x (AVX-512, AMD EPYC family 26 model 2).
 * LOG_F32_REDO_AS(NAME, HALF, ATTR) is the same with ATTR for VM_NOINLINE: log1p's and expm1's
 * give `inline`, so the array kernel (VM_FLATTEN) takes the rare redo in its loop without a
 * call, which clobbers every vector register and made the loop load its constants again
 * (issue 37: 2 % of their time on uniform inputs, AMD EPYC family 26 model 2). */
#if VF_W == VD_W /* one-lane backends: vf and vfh are both float */
#define LOG_F32_REDO_AS(NAME, HALF, ATTR)                                                   \
    ATTR static vf NAME(vf x, vf y, vfm redo, int *st) {                             \
        (void)y;                                                                            \
        (void)redo;                                                                         \
        return HALF(x, st);                                                                 \
    }
#elif defined(VM_HAS_VF_HALVES) && VF_W == 2 * VD_W
#define LOG_F32_REDO_AS(NAME, HALF, ATTR)                                                   \
    ATTR static vf NAME(vf x, vf y, vfm redo, int *st) {                             \
        unsigned bits = vfm_bits(redo);                                                     \
        vfh lo = (bits & ((1u << VD_W) - 1u)) ? HALF(vf_lo(x), st) : vf_lo(y);              \
        vfh hi = (bits >> VD_W) ? HALF(vf_hi(x), st) : vf_hi(y);                            \
        return vf_from_halves(lo, hi);                                                      \
    }
#else
#define LOG_F32_REDO_AS(NAME, HALF, ATTR)                                                   \
    ATTR static vf NAME(vf x, vf y, vfm redo, int *st) {                             \
        float xs[VF_W], ys[VF_W];                                                           \
        vf_store(xs, x);                                                                    \
        vf_store(ys, y);                                                                    \
        unsigned bits = vfm_bits(redo);                                                     \
        for (int j = 0; j < VF_W; j += VD_W)                                                \
            if (bits >> j & ((1u << VD_W) - 1u)) vfh_store(ys + j, HALF(vfh_load(xs + j), st)); \
        return vf_load(ys);                                                                 \
    }
#endif
#define LOG_F32_REDO(NAME, HALF) LOG_F32_REDO_AS(NAME, HALF, VM_NOINLINE)

#endif /* VM_LOG_CORE_H */

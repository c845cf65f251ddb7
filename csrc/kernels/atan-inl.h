/* atan(x) for float64 and float32, three tiers.
 *
 * Method (float64 accurate and fast, and float32 accurate's exact path): a = |x| is folded to u = a
 * (a <= 1) or u = 1/a (a > 1), and j = round(15 u) picks one of 16 nodes on each side.  The
 * index never divides: for a > 1 it rounds 15 r, r = r0 (2 - a r0) from a bit-trick seed r0,
 * within 0.26% below 1/a (this only widens the buckets).  With c_j the node of a's side
 * (~j/15 for a <= 1, ~15/j for a > 1, 2^600 for a > 30), one formula serves both:
 *     atan a = atan(c_j) + atan(tau),   tau = (a - c_j) / (1 + a c_j),   |tau| < 0.0337.
 * Every node lies within a factor 2 of every a of its bucket, so a - c_j is exact (Sterbenz);
 * for the 2^600 node it rounds to -c_j, 1 + a c_j to a c_j, and tau to -1/a within 2^-200.
 * Nodes and bases (atan(c_j), hi + lo) are 2 x 16-entry tables, a register permute each on
 * AVX-512.  |x| >= 2^400 (vecmath.spec.LIMITS) is special, so a c_j never overflows.
 * Tables, nodes and coefficients: csrc/generated/vm_data.h (python -m vecmath._gen).
 *
 * Tiers (bound; budget and measured maximum beside each tier's code below; maxima and worst inputs
 * from python -m vecmath.accuracy.report, docs/accuracy.md, which tests/test_docs.py holds these
 * quotes to):
 *   accurate float64  < 1 ULP        the 16-node reduction, tau to ~2^-100, degree 9: 0.5 + 2^-7
 *   accurate float32  correctly rounded  a float-float first pass on the fast grid + Ziv's test;
 *                                    its unsure lanes: a first pass in double on the float
 *                                    grid + midpoint window, the double-double accurate core
 *                                    for the lanes that leaves unsure
 *   fast float64      <= 1 ULP       float32 fast's 30-slot grid in double, uncorrected, degree 11
 *   fast float32      <= 1 ULP       float arithmetic on a 30-slot grid of a's float bits, degree 7
 *   approx            2^26 / 2^11    no table: min/max division and an odd rational / polynomial
 *
 * Special inputs (NaN, +-inf; float64 |x| >= 2^400) leave the branch-free path of float64
 * accurate and float32 accurate through one compare to the scalar atan_f64_special /
 * atan_f32_special, which give the accurate result for any input; the fast tiers clamp instead
 * and approx needs neither.  atan reports no status bits.  Tiny x: c = 0 (approx: t = a),
 * tau = x exactly and atan x = x - x^3/3 rounds to x, with subnormals kept in every tier. */

#include "log_core.h" /* LOG_F32_REDO: the float32 accurate tier's fallback on VD_W-lane parts */

#define ATAN_K vm_atan_k
#define ATAN_NODES 16 /* entries of vm_atan_node; vm_atan_base_hi/_lo have 2 x 16 */
#define ATAN_F64_BRANCH_FREE vm_atan_limits.f64_branch_free_abs /* vecmath.spec.LIMITS */

/* The float64 reduction of a = |x| (a < f64_branch_free_abs, or any value on lanes the caller
 * replaces): the node index j = round(15 u) in the low 4 bits (all the lookups read), u = a or
 * ~1/a (big = a > 1). */
static inline vdi atan_index(vd a, vdm big) {
    vd r0 = vd_from_bits(vdi_sub(vdi_set((int64_t)vm_atan_bits.recip_magic), vd_bits(a)));
    vd u = vd_select(big, vd_mul(r0, vd_fnma(a, r0, vd_set(2.0))), a);
    vd k = vd_fma(u, vd_set(ATAN_K.grid), vd_set(ATAN_K.shift));
    return vd_bits(k); /* the lookups read its low 4 bits: j */
}

/* atan(a) as s + e (|e| <= ulp(s)/2, error < 2^-61 relative) for 0 <= a < f64_branch_free_abs.
 * accurate float64 (< 1 ULP): num = a - c_j is exact and den's rounding error is one FMA away,
 *   so one division and a remainder give tau = t + tl to ~2^-100; atan(tau) = t + tl + t^3 p(t^2),
 *   p of degree 3 (c3..c9, 2^-61 relative); base + t by Fast2Sum (|base| >= |t| or base = 0),
 *   then + low parts.  Budget: final rounding 0.5 ULP + polynomial 2^-61 relative + the low
 *   part's rounding -> 0.5 + 2^-7.
 *   Worst measured: atan accurate float64 0.501872 ULP at x = 0.007212622487692055 */
static inline vd atan_f64_accurate_core(vd a, vd *e_out) {
    vdm big = vd_gt(a, vd_set(1.0));
    vdi j = atan_index(a, big);
    vd c = vd_lookup_halves(vm_atan_node, j, ATAN_NODES, big);
    vd num = vd_sub(a, c); /* exact (Sterbenz), or -c for the node of a > 30 */
    vd d0 = vd_fma(a, c, vd_set(1.0));
    vd dl = vd_fma(a, c, vd_sub(vd_set(1.0), d0)); /* (1 + a c) - d0; 1 - d0 is exact */
    vd inv = vd_div(vd_set(1.0), d0);
    vd t = vd_mul(num, inv);
    vd tl = vd_mul(vd_fnma(t, dl, vd_fnma(t, d0, num)), inv);
#define K vm_atan_f64_k
    vd t2 = vd_mul(t, t);
    /* Horner: one operation fewer than Estrin, and the loop is bound by the
     * count of operations, not by latency */
    vd p = vd_fma(vd_fma(vd_fma(vd_set(K.c9), t2, vd_set(K.c7)), t2, vd_set(K.c5)), t2, vd_set(K.c3));
#undef K
    vd q = vd_fma(vd_mul(t2, t), p, tl); /* atan(tau) = t + q */
    vd bh = vd_lookup_halves(vm_atan_base_hi, j, ATAN_NODES, big);
    vd bl = vd_lookup_halves(vm_atan_base_lo, j, ATAN_NODES, big);
    vd s = vd_add(bh, t); /* |bh| >= |t| or bh = 0: Fast2Sum */
    vd lo = vd_add(vd_add(vd_sub(bh, s), t), vd_add(bl, q));
    vd y = vd_add(s, lo);
    *e_out = vd_sub(lo, vd_sub(y, s));
    return y;
}

/* atan(+-inf) = +-pi/2 rounded; NaN -> NaN; any finite x -> the accurate result. */
VM_COLD static double atan_f64_special(double x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    if (!(fabs(x) < ATAN_F64_BRANCH_FREE)) return copysign(ATAN_K.pio2_hi, x); /* pi/2 - 1/x */
    vd e;
    return copysign(vd_first(atan_f64_accurate_core(vd_set(fabs(x)), &e)), x);
}

VM_COLD static float atan_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return VM_FADD(x, x);
    /* pi/2 rounded: pio2_hi is no float midpoint, so its low part cannot change the rounding */
    if (isinf(x)) return copysignf((float)ATAN_K.pio2_hi, x);
    vd e;
    double s = vd_first(atan_f64_accurate_core(vd_set(fabs((double)x)), &e));
    return copysignf(vm_round_dd_f32_any(s, vd_first(e)), x);
}

/* sign(x) * y for y >= 0, as a bit flip: sgn = bits(x) ^ bits(|x|) */
static inline vd atan_signed(vd y, vdi sgn) { return vd_from_bits(vdi_xor(vd_bits(y), sgn)); }

static inline vd atan_f64_accurate_vec(vd x, int *st) {
    vd a = vd_abs(x), e;
    vd y = atan_signed(atan_f64_accurate_core(a, &e), vdi_xor(vd_bits(x), vd_bits(a)));
    vdm special = vdm_not(vd_lt(a, vd_set(ATAN_F64_BRANCH_FREE)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, atan_f64_special, st);
    return y;
}

/* fast float64 (<= 1 ULP): the float32 fast grid's formula in double, without the accurate
 *   core's corrections (den's error, the division's remainder, base lo, Fast2Sum): bits(clamped
 *   a) >> 50 gives node 0 for a < 1/16 (tau = a exactly, base 0), the quarter binades from 1/16 to
 *   8 (28 slots) and, for a >= 8, a node near 8 + sqrt(65) (|tau| <= 0.0623, a - c rounded).
 *   Each quarter slot's node balances |tau| and is moved to a double within a factor 2 of the
 *   slot (a - c exact) whose atan lies within 2^-12 ulp of a double, so base = atan(c) rounded
 *   needs no low part.  Nodes and bases are 32-entry tables (two permutes and a blend each on
 *   AVX-512; the accurate core reads three 2 x 16 tables and computes a reciprocal for the
 *   index), stored rotated like float32's.  y = base + (t + t^3 p(t^2)), p of degree 4 in t^2
 *   (c3..c11, 2^-61.9 on |tau| <= 1/16).  Budget (vecmath/_gen/atan.py, asserted < 1): 0.5 +
 *   tau's two roundings (three in the last slot) and v's, 3 |tau| / |y| <= 0.37 ULP in slot 1
 *   (|tau| <= 0.125 |y| outside slot 0, where only p's error is left) + base 2^-11: 0.884 ULP.
 *   The accurate evaluation it replaces took 0.74 ns per element, this kernel 0.36 (libmvec
 *   0.54-0.59; AMD EPYC family 26, AVX-512, bench/bench_peers.py).  No special path: a is
 *   clamped to f64_branch_free_abs (inf gives pi/2 rounded; NaN passes vd_min and propagates).
 *   Worst measured: atan fast float64 0.664281 ULP at x = 0.2518647393779241 */
static inline vd atan_f64_fast_vec(vd x, int *st) {
#define K vm_atan_f64_fast_k
    vd a = vd_abs(x);
    vd ac = vd_min(vd_set(ATAN_F64_BRANCH_FREE), a);
    vdi slot = vdi_shr(vd_bits(vd_min(vd_set(K.slot_hi), vd_max(vd_set(K.slot_lo), ac))), 50);
    vd c = vd_lookup(vm_atan_f64_node, slot, 32);
    vd t = vd_div(vd_sub(ac, c), vd_fma(ac, c, vd_set(1.0)));
    vd t2 = vd_mul(t, t);
    vd p = vd_fma(vd_fma(vd_fma(vd_fma(vd_set(K.c11), t2, vd_set(K.c9)), t2, vd_set(K.c7)), t2,
                         vd_set(K.c5)), t2, vd_set(K.c3));
    vd y = vd_add(vd_lookup(vm_atan_f64_base, slot, 32), vd_fma(vd_mul(t2, t), p, t));
    (void)st;
    return atan_signed(y, vdi_xor(vd_bits(x), vd_bits(a)));
#undef K
}

/* approx (both dtypes, T = d or f; bounds 2^26 and 2^11 ULP): no table.  t = min(1, a) / max(1, a) (NaN passes both, as
 * their second operand; inf gives t = 0), r = R_OF_T_U ~ atan(t) with u = t^2, atan a = r
 * (a <= 1) or pi/2 - r; SIGNED(y) puts x's sign back. */
#define ATAN_APPROX(T, K, R_OF_T_U, SIGNED)                                            \
    v##T a = v##T##_abs(x), one = v##T##_set(1);                                       \
    v##T t = v##T##_div(v##T##_min(one, a), v##T##_max(one, a));                       \
    v##T u = v##T##_mul(t, t);                                                         \
    v##T r = (R_OF_T_U);                                                               \
    v##T y = v##T##_select(v##T##_gt(a, one), v##T##_sub(v##T##_set(K.pio2), r), r);   \
    (void)st;                                                                          \
    return SIGNED;

/* approx float64: r = t P(t^2) / Q(t^2), an odd rational of degrees 3/3 (2^-29.95, certified
 * by Sollya: vecmath/_gen/atan.py) + a few roundings: < 2^24 ULP; two divisions.
 *   Worst measured: atan approx float64 8.61477e+06 ULP at x = -0.5462924029435183 */
static inline vd atan_f64_approx_vec(vd x, int *st) {
#define K vm_atan_approx_f64_k
    ATAN_APPROX(d, K,
                vd_div(vd_mul(t, vd_fma(u, vd_fma(u, vd_fma(u, vd_set(K.p3), vd_set(K.p2)),
                                                  vd_set(K.p1)), one)),
                       vd_fma(u, vd_fma(u, vd_fma(u, vd_set(K.q3), vd_set(K.q2)), vd_set(K.q1)), one)),
                atan_signed(y, vdi_xor(vd_bits(x), vd_bits(a))))
#undef K
}

/* accurate float32, the double path (the float-float pass's fallback, and the whole kernel before
 * issue 37; the fused value-and-derivative kernel still runs it): a first pass in double on the float32 fast grid below
 * (no reciprocal, no halves: 16-entry double tables, the slot from bits(clamped a) >> 51, which
 * read the same entries as the float's bits >> 22), tau + tau^3 p(tau^2), p of degree 3
 * (2^-42.3 relative, |atan tau| <= |result|).  float(y) is then correctly rounded unless y lies
 * within ATAN_F32_WINDOW = 8192 double ulps (vecmath.spec.LIMITS: 4.5x the 2^10.8-ulp bound) of a
 * float midpoint, on either side (about 2^-15 of inputs): those lanes take the accurate
 * evaluation as a vector (atan_f32_redo), and NaN, inf and results below float's normal range
 * take atan_f32_special, one lane at a time: both keep the accurate evaluation as a
 * double-double (s, e) good to 2^-61 relative and round it once, correctly rounded unless
 * atan(x) lay within 2^-61 of a float midpoint, which the exhaustive test shows no float does. */
#define ATAN_F32_WINDOW ((int64_t)vm_atan_limits.f32_cr_window) /* vecmath.spec.LIMITS */
/* The lanes the first pass y leaves unsure, as a vector: the double-double accurate core on
 * |x|, rounded once by vm_round_dd_f32 (|x| >= 2^-125 here, so the result is a normal float),
 * the sign put back; then NaN, inf and |x| < 2^-125 (special), one lane at a time, through
 * atan_f32_special.  The same bits as sending every such lane to atan_f32_special (exhaustive
 * comparison over all 2^32 inputs), 12x faster where every lane is unsure (issue 25). */
VM_COLD static vfh atan_f32_redo(vfh xf, vd y, vdm unsure, vdm special, int *st) {
    vdm vec = vdm_and(unsure, vdm_not(special));
    if (vdm_bits(vec)) {
        vd x = vd_from_vfh(xf), e;
        vd s = atan_f64_accurate_core(vd_abs(x), &e);
        y = vd_select(vec, vd_copysign(vd_from_vfh(vm_round_dd_f32(s, e)), x), y);
    }
    vfh yf = vfh_from_vd(y);
    if (vdm_bits(special)) yf = vfh_fixup(xf, yf, special, atan_f32_special, st);
    return yf;
}
static inline vfh atan_f32_accurate_half(vfh xf, int *st) {
#define K vm_atan_grid_f64_k
    vd x = vd_from_vfh(xf);
    vd a = vd_abs(x);
    vdi slot = vdi_shr(vd_bits(vd_min(vd_set(K.slot_hi), vd_max(vd_set(K.slot_lo), a))), 51);
    vd c = vd_lookup(vm_atan_grid_node, slot, 16);
    vd t = vd_div(vd_sub(a, c), vd_fma(a, c, vd_set(1.0)));
    vd t2 = vd_mul(t, t);
    vd p = vd_fma(t2, vd_fma(t2, vd_fma(t2, vd_set(K.c9), vd_set(K.c7)), vd_set(K.c5)), vd_set(K.c3));
    vd y = vd_add(vd_lookup(vm_atan_grid_base, slot, 16), vd_fma(vd_mul(t2, t), p, t));
    y = atan_signed(y, vdi_xor(vd_bits(x), vd_bits(a)));
    vdm unsure = vd_near_f32_midpoint(y, ATAN_F32_WINDOW);
    vdm special = vdm_not(vdm_and(vd_lt(a, vd_set(INFINITY)), vd_ge(a, vd_set(0x1p-125))));
    if (VM_RARE(vdm_bits(vdm_or(unsure, special)))) return atan_f32_redo(xf, y, unsure, special, st);
    return vfh_from_vd(y);
#undef K
}

/* accurate float32, the float-float first pass (issue 37), float arithmetic on VF_W lanes: the
 * fast grid and polynomial with slot 29's node moved to 2^64 and a clamped to 2^27 (a c finite;
 * a - c rounds to -c and 1 + a c to a c: tau = -1/a within 2^-64; from 2^27 on the result is
 * float(pi/2)); tau = t + tl, t = num (1/den) by one division and tl from the remainder and den's
 * rounding error dl (1 - den exact: 1 <= den < 61); atan(c) = hi + lo (vm_atan_f32_ff_hi/_lo);
 * q = t^3 p(t^2) + tl, s = hi + t by Fast2Sum (|t| < hi, or hi = 0), lo = e + (lo_c + q).  The
 * float roundings of q, the polynomial's error relative to atan(t) - t (2^-22, certified) and
 * the dropped t^2 tl are relative to q, the rest to s (vecmath/_gen/atan.py, f32_ff_bound):
 * Ziv's test with d = eps s + qeps |q| (2^-42, 2^-19): y1 = s + (lo + d) and y2 = s + (lo - d),
 * equal, are atan(a) correctly rounded.  Returns y1, sets *y2; NaN gives NaN (redone). */
static inline vf atan_f32_ff_first(vf a, vf *y2) {
#define K vm_atan_fast_f32_k
#define F vm_atan_f32_ff_k
    const int32_t base = (int32_t)vm_atan_f32_grid.index_base;
    vf ac = vf_min(vf_set(F.clamp), a);
    vfi slot = vfi_minu(vfi_max(vfi_shr(vf_bits(ac), 21), vfi_set(base)), vfi_set(base + 29));
    vf c = vf_lookup(vm_atan_f32_ff_node, slot, 32);
    vf one = vf_set(1.0f);
    vf num = vf_sub(ac, c); /* exact (Sterbenz), or -c in slot 29 */
    vf den = vf_fma(ac, c, one);
    vf dl = vf_fma(ac, c, vf_sub(one, den)); /* (1 + a c) - den */
    vf inv = vf_div(one, den);
    vf t = vf_mul(num, inv);
    vf tl = vf_mul(vf_fnma(t, dl, vf_fnma(t, den, num)), inv);
    vf t2 = vf_mul(t, t);
    vf p = vf_fma(t2, vf_fma(t2, vf_set(K.c7), vf_set(K.c5)), vf_set(K.c3));
    vf q = vf_fma(vf_mul(t2, t), p, tl);
    vf bh = vf_lookup(vm_atan_f32_ff_hi, slot, 32);
    vf s = vf_add(bh, t);
    vf e = vf_add(vf_sub(bh, s), t);
    vf lo = vf_add(e, vf_add(vf_lookup(vm_atan_f32_ff_lo, slot, 32), q));
    vf d = vf_fma(s, vf_set(F.eps), vf_mul(vf_abs(q), vf_set(F.qeps)));
    *y2 = vf_add(s, vf_sub(lo, d));
    return vf_add(s, vf_add(lo, d));
#undef F
#undef K
}

LOG_F32_REDO(atan_f32_redo_parts, atan_f32_accurate_half)

/* accurate float32 (correctly rounded): the float-float first pass; its unsure lanes (y1 != y2,
 * NaN included) and |x| < 2^-125 (subnormal x: DAZ would read them as 0) redo their VD_W-lane
 * part by the double path (atan_f32_accurate_half: the same bits, correct rounding is unique).
 * Exhaustive: every float input correctly rounded, the same outputs as the double path.
 *   Worst measured: atan accurate float32 0.5 ULP at x = 0.069052 (every input correctly rounded) */
static inline vf atan_f32_accurate_vec(vf x, int *st) {
#if defined(VM_ISA_CUDA)
    /* one lane per thread: a warp with one unsure lane would run both passes (1.37x a copy
     * kernel on an H100 against the double path's 1.22x, docs/cuda.md); the same bits */
    return atan_f32_accurate_half(x, st);
#else
    vf a = vf_abs(x), y2;
    vf y = atan_f32_ff_first(a, &y2);
    vfm redo = vfm_or(vf_ne(y, y2), vf_lt(a, vf_set(0x1p-125f)));
    y = vf_from_bits(vfi_xor(vf_bits(y), vfi_xor(vf_bits(x), vf_bits(a))));
    if (VM_RARE(vfm_bits(redo))) y = atan_f32_redo_parts(x, y, redo, st);
    return y;
#endif
}

/* base + (tau + tau^3 p(tau^2)) in float arithmetic.
 * fast float32 (float arithmetic; faithful: <= 1 ULP, every input): the accurate float64 formula on a grid
 *   read from a's float bits: clamp(bits(a) >> 21, base, base + 29) - base gives node 0 for
 *   a < 1/16, the linear quarter binades from 1/16 to 8 (28 slots) and, for a >= 8, the node
 *   c = tan(F) rounded, F the float below pi/2 (tau ~ -1/a; a - c and 1 + a c rounded, like
 *   tau's own roundings).  Each quarter slot's node balances |tau| (<= 0.056) and is moved to a
 *   float within a factor 2 of the slot (a - c exact) whose atan lies within 2^-12 ulp of a
 *   float, so base = atan(c) rounded to float is exact to 2^-36 and needs no low part.  Nodes
 *   and bases are 32-entry tables (one permute each on AVX-512), stored rotated so that the
 *   clamped bits(a) >> 21 reads them directly.  y = base + (t + t^3 p(t^2)), p = c3 + c5 t^2 +
 *   c7 t^4 (2^-33.1 relative on |tau| <= 1/8): the sum is the only rounding at the result's
 *   size.  Budget: 0.5 + tau's two roundings and v's (|tau| <= 0.12 |y| outside slot 0, where
 *   tau = a exactly and base = 0: <= 0.37 ULP) + p's < 0.87 ULP; exhaustive maximum 0.73
 *   (docs/accuracy.md).  The previous grid (16 half-binade slots, base rounded to float,
 *   base + t q in one FMA) reached 1.38 ULP.
 * No special path: inf is clamped to f32_grid_clamp = 2^100 (vecmath.spec.LIMITS: tau = 1/c and
 * the result is float(pi/2)); NaN passes the clamp (vf_min gives its second operand), reads
 * slot 29 and propagates.
 *   Worst measured: atan fast float32 0.725574 ULP at x = 0.12503561 */
static inline vf atan_f32_fast_vec(vf x, int *st) {
#define K vm_atan_fast_f32_k
    const int32_t base = (int32_t)vm_atan_f32_grid.index_base;
    vf a = vf_abs(x);
    vf ac = vf_min(vf_set((float)vm_atan_limits.f32_grid_clamp), a);
    vfi slot = vfi_minu(vfi_max(vfi_shr(vf_bits(ac), 21), vfi_set(base)), vfi_set(base + 29));
    vf c = vf_lookup(vm_atan_f32_node, slot, 32);
    vf t = vf_div(vf_sub(ac, c), vf_fma(ac, c, vf_set(1.0f)));
    vf t2 = vf_mul(t, t);
    /* atan(tau) = t + t^3 (c3 + c5 t^2 + c7 t^4) rounded once, then the base (exact to 2^-36)
     * added: the last rounding is the result's own */
    vf p = vf_fma(t2, vf_fma(t2, vf_set(K.c7), vf_set(K.c5)), vf_set(K.c3));
    vf v = vf_fma(vf_mul(t2, t), p, t);
    vf y = vf_add(vf_lookup(vm_atan_f32_base, slot, 32), v);
    (void)st;
    return vf_from_bits(vfi_xor(vf_bits(y), vfi_xor(vf_bits(x), vf_bits(a))));
#undef K
}

/* approx float32: r = t + t^3 P(t^2), odd degree 9 (2^-14.8 relative: <= 2^9.2 ULP) + ~4 float
 * roundings: < 2^10 ULP (bound 2^11); one division (the rational of degrees 2/2 needed a second
 * one, 14 % slower; degree 11 was 10 % slower for 78 ULP on an AMD EPYC family 26, degree 7
 * exceeds the bound).  Horner.
 *   Worst measured: atan approx float32 590.7 ULP at x = 0.2553396 */
static inline vf atan_f32_approx_vec(vf x, int *st) {
#define K vm_atan_approx_f32_k
    ATAN_APPROX(f, K,
                vf_fma(vf_mul(t, u),
                       vf_fma(u, vf_fma(u, vf_fma(u, vf_set(K.c9), vf_set(K.c7)), vf_set(K.c5)),
                              vf_set(K.c3)),
                       t),
                vf_from_bits(vfi_xor(vf_bits(y), vfi_xor(vf_bits(x), vf_bits(a)))))
#undef K
}

VM_ARRAY_F64(vm_atan_accurate_f64, atan_f64_accurate_vec)
VM_ARRAY_F32(vm_atan_accurate_f32, atan_f32_accurate_vec)
VM_ARRAY_F64(vm_atan_fast_f64, atan_f64_fast_vec)
VM_ARRAY_F32(vm_atan_fast_f32, atan_f32_fast_vec)
VM_ARRAY_F64(vm_atan_approx_f64, atan_f64_approx_vec)
VM_ARRAY_F32(vm_atan_approx_f32, atan_f32_approx_vec)

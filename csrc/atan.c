/* atan(x) for float64 and float32, three tiers.
 *
 * Method (float64 tiers and the float32 accurate tier, in double): a = |x|, u = a (a <= 1) or
 * 1/a (a > 1), node c = k/32 with k = round(32 u) clamped to 31 (for a > 1, k comes from a
 * guess of 1/a: magic-constant bits and one cubic Newton step, 1.4e-4 relative).  Then
 *     atan a = B_j - atan(tau),  tau = num/den,  num = Q - P a,  den = Q a + P,
 * with (P, Q, j) = (1, c, k) for a <= 1 and (c, 1, 32 + k) for a > 1 (tau = (c - a)/(1 + c a)
 * or (1 - c a)/(a + c)); B_j = atan(k/32) or pi/2 - atan(k/32) from a 64-entry table as
 * hi + lo; |tau| < 0.016.  Because c has 5 fractional bits and |c - u| < 1/32, num is exact
 * and den's rounding error dl = fma(Q, a, P - den) is exact: one division gives tau.
 * Tables and coefficients: csrc/generated/vm_data.h (python -m vecmath._gen).
 *
 * accurate float64: tau = num * (1/den) with its correction tl = (num - tau*(den+dl))/den, so
 *   tau + tl is good to ~2^-100; atan(tau) = tau + tl + tau^3 p(tau^2), p of degree 3 (c3..c9,
 *   2^-68.6 relative); B_hi - tau by Fast2Sum, then + (B_lo - ... + error).  Budget: final
 *   rounding 0.5 ULP + polynomial 2^-68 + the rounding of the low part (< 2^-65 of the result)
 *   -> 0.5 + 2^-10 ULP.
 * accurate float32: the same evaluation on (double)x ending in a double-double (s, e) good to
 *   2^-64 relative, rounded once by vm_round_dd_f32: correctly rounded unless atan(x) lay within
 *   2^-64 of a float midpoint, which the exhaustive test shows no float input does.
 * fast float64: no lo parts or tau correction, p of degree 2 (c3..c7, 2^-57.7): B_hi rounding
 *   (<= 0.5 ULP of B < 1 ULP of the result), tau's two roundings times |tau|/atan(a) < 1.1
 *   (<= 1.1 ULP), final rounding 0.5 ULP -> < 3 ULP.
 * approx float64: tau from a float division refined by one Newton step (2^-47), p = c3 + c5
 *   tau^2 (2^-43): < 2^4 ULP.
 * fast / approx float32 (float arithmetic, no table: the three ranges are the table):
 *   tau = a (a <= tan(pi/8)), (a-1)/(a+1) (<= tan(3pi/8)) or -1/a, base m pi/4 (m = 0, 1, 2)
 *   with pi/4 as hi + lo, |tau| <= tan(pi/8); one division.  fast: degree 11 (2^-28.3),
 *   tau's error (<= 1.5 ULP of tau, scaled by 1/(1+tau^2)) + two roundings -> < 3 ULP.
 *   approx: degree 5 (2^-15.4) -> < 2^10 ULP.
 *
 * Special inputs (NaN, +-inf) leave the branch-free path through one compare to the scalar
 * atan_f64_special / atan_f32_special, which give the accurate result for any input.  atan
 * reports no status bits.  Tiny x: tau = -x exactly and atan x = x - x^3/3 rounds to x, with
 * subnormals kept in every tier. */

#define ATAN_K vm_atan_k

/* The float64 reduction: returns j and sets num, den (exact for num; den rounded) and the
 * factors P, Q of den = Q a + P. */
static inline vdi atan_reduce(vd a, vd *num, vd *den, vd *P, vd *Q) {
    vdm big = vd_gt(a, vd_set(1.0));
    vd ar = vd_select(vd_lt(a, vd_set(ATAN_K.recip_clamp)), a, vd_set(ATAN_K.recip_clamp));
    vd y = vd_from_bits(vdi_sub(vdi_set((int64_t)vm_atan_bits.recip_magic), vd_bits(ar)));
    vd e = vd_fnma(ar, y, vd_set(1.0));
    y = vd_fma(y, vd_fma(e, e, e), y); /* 1/ar to (5.1%)^3 */
    vd u = vd_select(big, y, a);
    u = vd_select(vd_gt(u, vd_set(ATAN_K.k_max)), vd_set(ATAN_K.k_max), u);
    vd z = vd_fma(u, vd_set(ATAN_K.n), vd_set(ATAN_K.shift));
    vd c = vd_mul(vd_sub(z, vd_set(ATAN_K.shift)), vd_set(ATAN_K.inv_n));
    *P = vd_select(big, c, vd_set(1.0));
    *Q = vd_select(big, vd_set(1.0), c);
    *num = vd_fnma(*P, a, *Q);
    *den = vd_fma(*Q, a, *P);
    return vdi_or(vdi_and(vd_bits(z), vdi_set(31)), vdi_select(big, vdi_set(32), vdi_set(0)));
}

/* atan|x| as s + e (|e| <= ulp(s)/2, error < 2^-64 relative) for finite x. */
static inline vd atan_accurate_core(vd a, vd *e_out) {
    vd num, den, P, Q;
    vdi j = atan_reduce(a, &num, &den, &P, &Q);
    vd dl = vd_fma(Q, a, vd_sub(P, den)); /* (Q a + P) - den, exact */
    vd inv = vd_div(vd_set(1.0), den);
    vd t = vd_mul(num, inv);
    vd tl = vd_mul(vd_fnma(t, dl, vd_fnma(t, den, num)), inv);
#define K vm_atan_accurate_k
    vd t2 = vd_mul(t, t);
    vd p = vd_fma(vd_mul(t2, t2), vd_fma(t2, vd_set(K.c9), vd_set(K.c7)),
                  vd_fma(t2, vd_set(K.c5), vd_set(K.c3)));
#undef K
    vd q = vd_fma(vd_mul(t2, t), p, tl); /* atan(tau) = t + q */
    vd bh = vd_lookup(vm_atan_base_hi, j, 64);
    vd bl = vd_lookup(vm_atan_base_lo, j, 64);
    vd s = vd_sub(bh, t); /* |bh| >= |t| or bh = 0: Fast2Sum */
    vd lo = vd_add(vd_sub(vd_sub(bh, s), t), vd_sub(bl, q));
    vd y = vd_add(s, lo);
    *e_out = vd_sub(lo, vd_sub(y, s));
    return y;
}

/* atan(+-inf) = +-pi/2 rounded; NaN -> NaN; any finite x -> the accurate result. */
static double atan_f64_special(double x, int *st) {
    (void)st;
    if (isnan(x)) return x + x;
    if (isinf(x)) return copysign(ATAN_K.pio2_hi, x);
    vd e;
    return copysign(vd_first(atan_accurate_core(vd_set(fabs(x)), &e)), x);
}

static float atan_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return x + x;
    double s = ATAN_K.pio2_hi, e = ATAN_K.pio2_lo;
    if (!isinf(x)) {
        vd ev;
        s = vd_first(atan_accurate_core(vd_set(fabs((double)x)), &ev));
        e = vd_first(ev);
    }
    return copysignf(vm_round_dd_f32_any(s, e), x);
}

/* sign(x) * y for y >= 0, as a bit flip: sgn = bits(x) ^ bits(|x|) */
static inline vd atan_signed(vd y, vdi sgn) { return vd_from_bits(vdi_xor(vd_bits(y), sgn)); }

static inline vd atan_f64_accurate_vec(vd x, int *st) {
    vd a = vd_abs(x), e;
    vd y = atan_signed(atan_accurate_core(a, &e), vdi_xor(vd_bits(x), vd_bits(a)));
    vdm special = vdm_not(vd_lt(a, vd_set(INFINITY)));
    if (vdm_bits(special)) y = vd_fixup(x, y, special, atan_f64_special, st);
    return y;
}

static inline vfh atan_f32_accurate_vec(vfh xf, int *st) {
    vd x = vd_from_vfh(xf), e;
    vd a = vd_abs(x);
    vdi sgn = vdi_xor(vd_bits(x), vd_bits(a));
    vd s = atan_accurate_core(a, &e);
    vfh y = vm_round_dd_f32(atan_signed(s, sgn), atan_signed(e, sgn));
    vdm special = vdm_not(vd_lt(a, vd_set(INFINITY)));
    if (vdm_bits(special)) y = vfh_fixup(xf, y, special, atan_f32_special, st);
    return y;
}

/* fast / approx float64: B_hi - (tau + tau^3 p(tau^2)); tau from 1/den given by INV. */
#define ATAN_F64_LEAN(INV, P_OF_T2)                                                    \
    vd a = vd_abs(x), num, den, P, Q;                                                  \
    vdi j = atan_reduce(a, &num, &den, &P, &Q);                                        \
    (void)P; (void)Q;                                                                  \
    vd t = vd_mul(num, (INV));                                                         \
    vd t2 = vd_mul(t, t);                                                              \
    vd v = vd_fma(vd_mul(t2, t), (P_OF_T2), t);                                        \
    vd y = vd_sub(vd_lookup(vm_atan_base_hi, j, 64), v);                               \
    y = atan_signed(y, vdi_xor(vd_bits(x), vd_bits(a)));                               \
    vdm special = vdm_not(vd_lt(a, vd_set(INFINITY)));                                 \
    if (vdm_bits(special)) y = vd_fixup(x, y, special, atan_f64_special, st);          \
    return y;

static inline vd atan_f64_fast_vec(vd x, int *st) {
#define K vm_atan_fast_f64_k
    ATAN_F64_LEAN(vd_div(vd_set(1.0), den),
                  vd_fma(t2, vd_fma(t2, vd_set(K.c7), vd_set(K.c5)), vd_set(K.c3)))
#undef K
}

static inline vd atan_f64_approx_vec(vd x, int *st) {
#define K vm_atan_approx_f64_k
    ATAN_F64_LEAN(vd_div(vd_set(1.0), den), vd_fma(t2, vd_set(K.c5), vd_set(K.c3)))
#undef K
}

/* fast / approx float32: m pi/4 + (tau + tau^3 p(tau^2)) in float arithmetic. */
#define ATAN_F32_RANGES(K, P_OF_T2)                                                    \
    vf a = vf_abs(x);                                                                  \
    vfm mid = vf_gt(a, vf_set(K.tan_pi8));                                             \
    vfm big = vf_gt(a, vf_set(K.tan_3pi8));                                            \
    vf one = vf_set(1.0f);                                                             \
    vf num = vf_select(big, vf_set(-1.0f), vf_select(mid, vf_sub(a, one), a));          \
    vf den = vf_select(big, a, vf_select(mid, vf_add(a, one), one));                   \
    vf m = vf_select(big, vf_set(2.0f), vf_select(mid, one, vf_set(0.0f)));             \
    vf t = vf_div(num, den);                                                           \
    vf t2 = vf_mul(t, t);                                                              \
    vf v = vf_fma(vf_mul(t2, t), (P_OF_T2), t);                                        \
    vf y = vf_fma(m, vf_set(K.pio4_hi), vf_fma(m, vf_set(K.pio4_lo), v));              \
    y = vf_from_bits(vfi_xor(vf_bits(y), vfi_xor(vf_bits(x), vf_bits(a))));            \
    vfm special = vfm_not(vf_lt(a, vf_set(INFINITY)));                                 \
    if (vfm_bits(special)) y = vf_fixup(x, y, special, atan_f32_special, st);          \
    return y;

static inline vf atan_f32_fast_vec(vf x, int *st) {
#define K vm_atan_fast_f32_k
    ATAN_F32_RANGES(K, vf_fma(t2, vf_fma(t2, vf_fma(t2, vf_fma(t2, vf_set(K.c11), vf_set(K.c9)),
                                                    vf_set(K.c7)), vf_set(K.c5)), vf_set(K.c3)))
#undef K
}

static inline vf atan_f32_approx_vec(vf x, int *st) {
#define K vm_atan_approx_f32_k
    ATAN_F32_RANGES(K, vf_fma(t2, vf_set(K.c5), vf_set(K.c3)))
#undef K
}

VM_ARRAY_F64(vm_atan_accurate_f64, atan_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_atan_accurate_f32, atan_f32_accurate_vec)
VM_ARRAY_F64(vm_atan_fast_f64, atan_f64_fast_vec)
VM_ARRAY_F32(vm_atan_fast_f32, atan_f32_fast_vec)
VM_ARRAY_F64(vm_atan_approx_f64, atan_f64_approx_vec)
VM_ARRAY_F32(vm_atan_approx_f32, atan_f32_approx_vec)

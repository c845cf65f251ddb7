/* atan(x) for float64 and float32, three tiers.
 *
 * Method (float64 tiers and the float32 accurate tier, in double): a = |x|; the table index j is
 * the exponent and 5 leading mantissa bits of a for 2^-6 <= a < 64 (j = 1..384, 2 integer ops
 * after clamping a), j = 0 below and 385 from 64 up.  Then
 *     atan a = B_j + atan(tau),  tau = (a - b_j) / (1 + a b_j),   tau = -1/a for j = 385,
 * with nodes b_j near their bucket centres (b_0 = 0), |tau| <= 2^-6 and |tau| <= 2^-5.7 atan(a).
 * The nodes have 20 significant bits and were chosen (Gal's accurate tables) so that B_j =
 * atan(b_j) is within 2^-62 relative of a double: one table lookup gives B_j, no low part
 * (except pi/2 for j = 385).  a - b_j is exact (Sterbenz) and so is dl = fma(a, b, 1 - den),
 * the rounding error of den = 1 + a b.  Tables, nodes and coefficients: csrc/generated/vm_data.h
 * (python -m vecmath._gen).
 *
 * accurate float64: tau = num * (1/den) with its correction tl = (num - tau*(den + dl))/den,
 *   so tau + tl is good to ~2^-100; atan(tau) = tau + tl + tau^3 p(tau^2), p of degree 3
 *   (c3..c9, 2^-69.7 relative); B + tau by Fast2Sum, then + low parts.  Budget: final rounding
 *   0.5 ULP + B_j 2^-62 + polynomial 2^-69 + rounding of the low part (2^-60 of the result)
 *   -> 0.5 + 2^-8 ULP.
 * accurate float32: first the fast float64 evaluation below on (double)x; float(y) is provably
 *   right unless y lies within 16 double ulps (vecmath.spec.LIMITS) of a float midpoint (about
 *   2^-24 of inputs).  Those
 *   take the accurate evaluation, kept as a double-double (s, e) good to 2^-61 relative and
 *   rounded once: correctly rounded unless atan(x) lay within 2^-61 of a float midpoint, which
 *   the exhaustive test shows no float input does.
 * fast float64: tau = num/den, p of degree 2 (c3..c7, 2^-58): B_j rounding 0.5 ULP of B
 *   (< 0.52 ULP of the result), tau's two roundings times |tau|/atan(a) (< 0.05 ULP, except
 *   j = 0 and 385, where tau is exact or one rounding), final rounding 0.5 ULP -> < 1.1 ULP.
 * approx float64: the same with p = c3 (2^-26 relative to tau, 2^-31.7 to atan(a)): < 2^21 ULP.
 * fast / approx float32 (float arithmetic, no table: the three ranges are the table):
 *   tau = a (a <= tan(pi/8)), (a-1)/(a+1) (<= tan(3pi/8)) or -1/a, base m pi/4 (m = 0, 1, 2)
 *   with pi/4 as hi + lo, |tau| <= tan(pi/8); one division.  fast: degree 11 (2^-28.3),
 *   tau's error (<= 1.5 ULP of tau, scaled by 1/(1+tau^2)) + two roundings -> < 3 ULP.
 *   approx: degree 5 (2^-15.4) -> < 2^10 ULP.
 *
 * Measured maxima and the inputs that reach them (float64: 10^6 samples plus every worst case of
 * atan.wc; float32: every input): docs/accuracy.md, from python -m vecmath.accuracy.report.
 *
 * Special inputs (NaN, +-inf) leave the branch-free path through one compare to the scalar
 * atan_f64_special / atan_f32_special, which give the accurate result for any input.  atan
 * reports no status bits.  Tiny x: j = 0, tau = x exactly and atan x = x - x^3/3 rounds to x,
 * with subnormals kept in every tier. */

#define ATAN_K vm_atan_k
#define ATAN_TABLE 386 /* entries of vm_atan_node and vm_atan_base */

/* The float64 reduction: j, b_j, and whether a >= 64 (or NaN): then tau = -1/a. */
static inline vdi atan_index(vd a, vdm *huge) {
    *huge = vdm_not(vd_lt(a, vd_set(ATAN_K.a_huge)));
    vd ac = vd_select(*huge, vd_set(ATAN_K.a_huge), a);
    ac = vd_select(vd_lt(ac, vd_set(ATAN_K.a_tiny)), vd_set(ATAN_K.a_below_tiny), ac);
    return vdi_shr(vdi_sub(vd_bits(ac), vdi_set((int64_t)vm_atan_bits.idx_bias)), 47);
}

/* atan(a) as s + e (|e| <= ulp(s)/2, error < 2^-61 relative) for finite a >= 0. */
static inline vd atan_f64_accurate_core(vd a, vd *e_out) {
    vdm huge;
    vdi j = atan_index(a, &huge);
    vd b = vd_lookup(vm_atan_node, j, ATAN_TABLE);
    vd num = vd_select(huge, vd_set(-1.0), vd_sub(a, b));
    vd d0 = vd_fma(a, b, vd_set(1.0));
    vd dl = vd_fma(a, b, vd_sub(vd_set(1.0), d0)); /* (1 + a b) - d0, exact; 0 when huge */
    vd den = vd_select(huge, a, d0);
    vd inv = vd_div(vd_set(1.0), den);
    vd t = vd_mul(num, inv);
    vd tl = vd_mul(vd_fnma(t, dl, vd_fnma(t, den, num)), inv);
#define K vm_atan_accurate_k
    vd t2 = vd_mul(t, t);
    vd p = vd_fma(vd_mul(t2, t2), vd_fma(t2, vd_set(K.c9), vd_set(K.c7)),
                  vd_fma(t2, vd_set(K.c5), vd_set(K.c3)));
#undef K
    vd q = vd_fma(vd_mul(t2, t), p, tl); /* atan(tau) = t + q */
    vd bh = vd_lookup(vm_atan_base, j, ATAN_TABLE);
    vd bl = vd_select(huge, vd_set(ATAN_K.pio2_lo), vd_set(0.0));
    vd s = vd_add(bh, t); /* |bh| >= |t| or bh = 0: Fast2Sum */
    vd lo = vd_add(vd_add(vd_sub(bh, s), t), vd_add(bl, q));
    vd y = vd_add(s, lo);
    *e_out = vd_sub(lo, vd_sub(y, s));
    return y;
}

/* atan(+-inf) = +-pi/2 rounded; NaN -> NaN; any finite x -> the accurate result. */
VM_COLD static double atan_f64_special(double x, int *st) {
    (void)st;
    if (isnan(x)) return x + x;
    if (isinf(x)) return copysign(ATAN_K.pio2_hi, x);
    vd e;
    return copysign(vd_first(atan_f64_accurate_core(vd_set(fabs(x)), &e)), x);
}

VM_COLD static float atan_f32_special(float x, int *st) {
    (void)st;
    if (isnan(x)) return x + x;
    double s = ATAN_K.pio2_hi, e = ATAN_K.pio2_lo;
    if (!isinf(x)) {
        vd ev;
        s = vd_first(atan_f64_accurate_core(vd_set(fabs((double)x)), &ev));
        e = vd_first(ev);
    }
    return copysignf(vm_round_dd_f32_any(s, e), x);
}

/* sign(x) * y for y >= 0, as a bit flip: sgn = bits(x) ^ bits(|x|) */
static inline vd atan_signed(vd y, vdi sgn) { return vd_from_bits(vdi_xor(vd_bits(y), sgn)); }

static inline vd atan_f64_accurate_vec(vd x, int *st) {
    vd a = vd_abs(x), e;
    vd y = atan_signed(atan_f64_accurate_core(a, &e), vdi_xor(vd_bits(x), vd_bits(a)));
    vdm special = vdm_not(vd_lt(a, vd_set(INFINITY)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, atan_f64_special, st);
    return y;
}

/* fast / approx float64 evaluation, B_j + (tau + tau^3 p(tau^2)) with tau = num/den and the
 * sign of x; NaN and +-inf lanes are left for the caller.  approx is a constant after inlining. */
static inline vd atan_lean(vd x, int approx) {
    vd a = vd_abs(x);
    vdm huge;
    vdi j = atan_index(a, &huge);
    vd b = vd_lookup(vm_atan_node, j, ATAN_TABLE);
    vd num = vd_select(huge, vd_set(-1.0), vd_sub(a, b));
    vd den = vd_select(huge, a, vd_fma(a, b, vd_set(1.0)));
    vd t = vd_div(num, den);
    vd t2 = vd_mul(t, t);
#define K vm_atan_fast_f64_k
    vd p = approx ? vd_set(vm_atan_approx_f64_k.c3)
                  : vd_fma(t2, vd_fma(t2, vd_set(K.c7), vd_set(K.c5)), vd_set(K.c3));
#undef K
    vd v = vd_fma(vd_mul(t2, t), p, t);
    vd y = vd_add(vd_lookup(vm_atan_base, j, ATAN_TABLE), v);
    return atan_signed(y, vdi_xor(vd_bits(x), vd_bits(a)));
}

static inline vd atan_f64_lean_vec(vd x, int approx, int *st) {
    vd y = atan_lean(x, approx);
    vdm special = vdm_not(vd_lt(vd_abs(x), vd_set(INFINITY)));
    if (VM_RARE(vdm_bits(special))) y = vd_fixup(x, y, special, atan_f64_special, st);
    return y;
}
static inline vd atan_f64_fast_vec(vd x, int *st) { return atan_f64_lean_vec(x, 0, st); }
static inline vd atan_f64_approx_vec(vd x, int *st) { return atan_f64_lean_vec(x, 1, st); }

/* accurate float32, first try: the fast float64 evaluation (< 1.1 ULP of double).  float(y) is
 * then correctly rounded unless y lies within ATAN_F32_WINDOW double ulps of a float midpoint
 * (8x that bound, on either side): those lanes, and NaN, inf and results below float's
 * normal range, take the exact double-double path of atan_f32_special. */
#define ATAN_F32_WINDOW ((int64_t)vm_atan_limits.f32_cr_window) /* vecmath.spec.LIMITS */
static inline vfh atan_f32_accurate_vec(vfh xf, int *st) {
    vd x = vd_from_vfh(xf);
    vd y = atan_lean(x, 0);
    vdi d = vdi_and(vdi_add(vd_bits(y), vdi_set(ATAN_F32_WINDOW - 0x10000000)),
                    vdi_set(0x1fffffff));
    vdm unsure = vdi_gt(vdi_set(2 * ATAN_F32_WINDOW), d);
    vd a = vd_abs(x);
    vdm special = vdm_or(unsure, vdm_not(vdm_and(vd_lt(a, vd_set(INFINITY)),
                                                 vd_ge(a, vd_set(0x1p-125)))));
    vfh yf = vfh_from_vd(y);
    if (VM_RARE(vdm_bits(special))) yf = vfh_fixup(xf, yf, special, atan_f32_special, st);
    return yf;
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
    if (VM_RARE(vfm_bits(special))) y = vf_fixup(x, y, special, atan_f32_special, st);          \
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

/* Polynomial evaluation over the vector layer, for vd (double) and vf (float), with one fixed
 * operation order each, so that a kernel that names a helper gives the same bits on every path
 * (the order is part of the result: Horner and Estrin round differently).
 *
 * Coefficients are passed lowest first, c0 + c1 x + c2 x^2 + ...; every step is one FMA
 * (vd_fma(a, b, c) = a*b + c rounded once), no step is a separate multiply and add.
 *
 *   hornerN(x, c0, .., c{N-1}):  c0 + x (c1 + x (c2 + .. + x c{N-1})), the innermost FMA first:
 *       h = fma(x, c{N-1}, c{N-2}); h = fma(x, h, c{N-3}); ...; h = fma(x, h, c0).
 *       N - 1 dependent FMAs: the shortest code, the longest chain.
 *   estrinN(x, x2, [x4,] c0, ..):  pairs first, p_i = fma(x, c{2i+1}, c{2i}) (independent), then
 *       estrin4 = fma(x2, p1, p0)
 *       estrin6 = fma(x4, p2, fma(x2, p1, p0))
 *       with x2 = x*x and x4 = x2*x2 computed by the caller (kernels often need x2 themselves).
 *       Chains of 2 (estrin4) and 3 (estrin6) dependent FMAs, pairs included, instead of
 *       Horner's 3 and 5.
 * Only the helpers some kernel uses are defined: vd_horner2, vd_horner3, vd_estrin4,
 * vd_estrin6 and vf_horner2 .. vf_horner5; a new one follows the same orders.
 * Where a kernel's error analysis depends on the order, it names the helper it uses. */
#ifndef VM_POLY_H
#define VM_POLY_H

/* The helpers the kernels use, written out so that each name has one findable definition. */
static inline vd vd_horner2(vd x, double c0, double c1) { return vd_fma(x, vd_set(c1), vd_set(c0)); }
static inline vd vd_horner3(vd x, double c0, double c1, double c2) {
    return vd_fma(x, vd_horner2(x, c1, c2), vd_set(c0));
}
static inline vd vd_estrin4(vd x, vd x2, double c0, double c1, double c2, double c3) {
    return vd_fma(x2, vd_horner2(x, c2, c3), vd_horner2(x, c0, c1));
}
static inline vd vd_estrin6(vd x, vd x2, vd x4, double c0, double c1, double c2, double c3, double c4,
                            double c5) {
    return vd_fma(x4, vd_horner2(x, c4, c5), vd_fma(x2, vd_horner2(x, c2, c3), vd_horner2(x, c0, c1)));
}

static inline vf vf_horner2(vf x, float c0, float c1) { return vf_fma(x, vf_set(c1), vf_set(c0)); }
static inline vf vf_horner3(vf x, float c0, float c1, float c2) {
    return vf_fma(x, vf_horner2(x, c1, c2), vf_set(c0));
}
static inline vf vf_horner4(vf x, float c0, float c1, float c2, float c3) {
    return vf_fma(x, vf_horner3(x, c1, c2, c3), vf_set(c0));
}
static inline vf vf_horner5(vf x, float c0, float c1, float c2, float c3, float c4) {
    return vf_fma(x, vf_horner4(x, c1, c2, c3, c4), vf_set(c0));
}

#endif /* VM_POLY_H */

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
 *       estrin5 = fma(x2, fma(x2, c4, p1), p0)
 *       estrin6 = fma(x4, p2, fma(x2, p1, p0))
 *       with x2 = x*x and x4 = x2*x2 computed by the caller (kernels often need x2 themselves).
 *       A chain of 3 FMAs (estrin4, estrin6: after the pairs) instead of 3 to 5.
 * Where a kernel's error analysis depends on the order, it names the helper it uses. */
#ifndef VM_POLY_H
#define VM_POLY_H

#define VM_POLY_DEFINE(V, T)                                                                  \
    static inline V V##_horner2(V x, T c0, T c1) { return V##_fma(x, V##_set(c1), V##_set(c0)); } \
    static inline V V##_horner3(V x, T c0, T c1, T c2) {                                    \
        return V##_fma(x, V##_horner2(x, c1, c2), V##_set(c0));                             \
    }                                                                                       \
    static inline V V##_horner4(V x, T c0, T c1, T c2, T c3) {                              \
        return V##_fma(x, V##_horner3(x, c1, c2, c3), V##_set(c0));                         \
    }                                                                                       \
    static inline V V##_horner5(V x, T c0, T c1, T c2, T c3, T c4) {                        \
        return V##_fma(x, V##_horner4(x, c1, c2, c3, c4), V##_set(c0));                     \
    }                                                                                       \
    static inline V V##_horner6(V x, T c0, T c1, T c2, T c3, T c4, T c5) {                  \
        return V##_fma(x, V##_horner5(x, c1, c2, c3, c4, c5), V##_set(c0));                 \
    }                                                                                       \
    static inline V V##_estrin4(V x, V x2, T c0, T c1, T c2, T c3) {                        \
        return V##_fma(x2, V##_horner2(x, c2, c3), V##_horner2(x, c0, c1));                 \
    }                                                                                       \
    static inline V V##_estrin5(V x, V x2, T c0, T c1, T c2, T c3, T c4) {                  \
        return V##_fma(x2, V##_fma(x2, V##_set(c4), V##_horner2(x, c2, c3)),                \
                       V##_horner2(x, c0, c1));                                             \
    }                                                                                       \
    static inline V V##_estrin6(V x, V x2, V x4, T c0, T c1, T c2, T c3, T c4, T c5) {      \
        return V##_fma(x4, V##_horner2(x, c4, c5),                                          \
                       V##_fma(x2, V##_horner2(x, c2, c3), V##_horner2(x, c0, c1)));        \
    }
/* Makes vd_horner2 .. vd_horner6, vd_estrin4, vd_estrin5, vd_estrin6 and the same vf_ names. */
VM_POLY_DEFINE(vd, double)
VM_POLY_DEFINE(vf, float)
#undef VM_POLY_DEFINE

#endif /* VM_POLY_H */

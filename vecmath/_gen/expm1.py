"""expm1: minimax polynomials of expm1(r) on exp's reduced interval, relative to expm1 itself.

expm1(x) = 2^(k/N) (1 + tail) (1 + E) - 1 with k, r and the tables of exp (vecmath/_gen/exp.py:
the reduction constants and 2^(j/N) tables are exp's, read by the kernels from exp's blocks, not
repeated here).  E = expm1(r) = r + r^2 (c2 + c3 r + ..): its error is fitted and certified
relative to expm1(r), not to exp(r) = 1 + expm1(r), so that near x = 0 (k = 0: the result is E
itself) the relative error stays that of the polynomial.
"""
import mpmath as mp

from .common import Block, Table, err_bits, split_hi, to_double, to_float
from .certify import certified_error
from .remez import fit

# |r| <= ln2/(2N), widened a little for the rounding of k (as exp's fits)
HW32 = mp.log(2) / 64 * (1 + mp.mpf(2) ** -20)
HW16 = mp.log(2) / 32 * (1 + mp.mpf(2) ** -20)
HW16_F32 = mp.log(2) / 32 * (1 + mp.mpf(2) ** -12)


def _fit_expm1(half_width, powers, conv):
    """Coefficients of expm1(r) = [r] + sum c_k r^k (r fixed where powers start at 2) on
    [-half_width, half_width], and the certified relative error with them rounded by conv."""
    fixed_terms = [(1, 1)] if powers[0] == 2 else []
    fixed = lambda r: sum(c * r ** k for k, c in fixed_terms)
    coeffs, _ = fit(mp.expm1, -half_width, half_width, powers, fixed=fixed)
    rounded = [mp.mpf(conv(c)) for c in coeffs]
    err = certified_error("expm1(x)", -half_width, half_width, fixed_terms + list(zip(powers, rounded)))
    return coeffs, err


def _poly_block(block, coeffs, powers, conv):
    for c, k in zip(coeffs, powers):
        block.add(f"c{k}", conv(c), f"r^{k}")


def f32_first_bound(err):
    """Relative error bound of accurate float32's first pass y = fma(scale, E, scale - 1) in
    double (N = 16 without tails, one-constant reduction, E of degree 5), |x| < 88:
      polynomial: err times scale |E| / |y| <= 1.05 (k = 1: 1.044 * 0.0219 / 0.0219);
      table: scale rounded (2^-53) times exp(x) / |expm1(x)| <= 47 (k = +-1);
      reduction: k ln2/16 rounded, |k| < 2^11: 2^-47 absolute in r (relative in exp(x) where
        |k| is large, and 47 * 2^-58 where |k| = 1);
      roundings: r, r^2, three in the polynomial, E, scale - 1 (|k| > 16; times |s1| / |y| <= 2)
        and the final FMA: <= 10 * 2^-53."""
    two = mp.mpf(2)
    return 1.05 * err + 47 * two ** -53 + two ** -47 + 47 * two ** -58 + 10 * two ** -53


def f32_ff_bound(err):
    """Relative error bound of accurate float32's float-float first pass (float arithmetic,
    expm1-inl.h's expm1_f32_ff_first), |x| < 88, as the sum of
      polynomial: err times scale |E| / |y| <= 1.05 (as f32_first_bound);
      table: 2^(j/16) = hi (1 + tail), tail in float: 2^-48 times exp(x) / |expm1(x)| <= 47;
      reduction: ln2/16 = hi + mid + lo, k (hi + mid) exact, lo (< 2^-32.9) in float and
        delta = k lo rounded (|k| < 2^11): 2 * 2^-46 absolute in r, relative in exp(x);
      dropped: delta^2 / 2 and tail delta (< 2^-44);
      float roundings of the small terms (r^2/2, r q and q's, r^3 q + el, + u, u eh, s lo, t and
        t +- d): 9, each 2^-24 of at most 2^-19.2 scale (|r|^3 / 6 at |r| = ln2/32), times
        scale / |y| <= 47 (k = +-1)."""
    two = mp.mpf(2)
    return (1.05 * err + 47 * two ** -48 + 2 * two ** -46 + 2 * two ** -44
            + 9 * two ** -24 * two ** -19.2 * 47)


def generate():
    out = []
    with mp.workdps(40):
        # accurate float64: N = 32 (exp's table and tails), degree 7 on |r| <= ln2/64
        powers = [2, 3, 4, 5, 6, 7]
        coeffs, err = _fit_expm1(HW32, powers, to_double)
        b = Block("vm_expm1_accurate_f64_k", "double",
                  f"accurate float64: expm1(r) = r + c2 r^2 + .. + c7 r^7 on |r| <= ln2/64 (exp's N=32"
                  f" table with tails), relative error <= 2^{err_bits(err)} (certified)")
        _poly_block(b, coeffs, powers, to_double)
        out.append(b)

        # fast float64: N = 16 (exp's table and tails, one register permute each on AVX-512), degree 7
        coeffs, err = _fit_expm1(HW16, powers, to_double)
        b = Block("vm_expm1_fast_f64_k", "double",
                  f"fast float64: expm1(r) = r + c2 r^2 + .. + c7 r^7 on |r| <= ln2/32 (exp's N=16"
                  f" table with tails), relative error <= 2^{err_bits(err)} (certified)")
        _poly_block(b, coeffs, powers, to_double)
        out.append(b)

        # approx float64: N = 16 without tails, one-constant reduction (exp's), degree 4
        powers = [2, 3, 4]
        coeffs, err = _fit_expm1(HW16, powers, to_double)
        b = Block("vm_expm1_approx_f64_k", "double",
                  f"approx float64: expm1(r) = r + c2 r^2 + c3 r^3 + c4 r^4 on |r| <= ln2/32,"
                  f" relative error <= 2^{err_bits(err)} (certified)")
        _poly_block(b, coeffs, powers, to_double)
        out.append(b)

        # accurate float32 first pass (and the fast float32 tier): in double, N = 16 without
        # tails (exp's float32 first try's reduction), degree 5; the window in double ulps
        # around a float midpoint, a power of two (one bit test: vm_simd.h)
        powers = [2, 3, 4, 5]
        coeffs, err = _fit_expm1(HW16, powers, to_double)
        bound = f32_first_bound(err)
        window = 2 ** int(mp.ceil(mp.log(2 * bound * 2 ** 53, 2)))
        b = Block("vm_expm1_f32_first_k", "double",
                  f"accurate and fast float32, first pass in double: expm1(r) = r + c2 r^2 + .. +"
                  f" c5 r^5 on |r| <= ln2/32, relative error <= 2^{err_bits(err)} (certified);"
                  f" total bound 2^{err_bits(bound)}")
        _poly_block(b, coeffs, powers, to_double)
        b.add("window", float(window), "result ulps around a float midpoint sent to the exact path")
        out.append(b)

        # fast float32: float arithmetic, exp's N = 16 float table with the tails of its entries
        # (2^(j/16) = hi (1 + tail), tail rounded to float: 2^-48 relative), degree 4
        with mp.workdps(40):
            tails = []
            for j in range(16):
                exact = mp.mpf(2) ** (mp.mpf(j) / 16)
                hi = mp.mpf(to_float(exact))
                tails.append(to_float((exact - hi) / hi))
        out.append(Table("vm_expm1_tab16_f32_tail", "float", tails,
                         "(2^(j/16) - hi) / hi, hi = 2^(j/16) rounded to float (exp's vm_exp_tab16_f32_bits)"
                         ": fast float32"))
        powers = [2, 3, 4]
        coeffs, err = _fit_expm1(HW16_F32, powers, to_float)
        b = Block("vm_expm1_fast_f32_k", "float",
                  f"fast float32: expm1(r) = r + c2 r^2 + c3 r^3 + c4 r^4 on |r| <= ln2/32 (exp's N=16"
                  f" float table, tails above), relative error <= 2^{err_bits(err)} (certified) (float"
                  f" coefficients)")
        _poly_block(b, coeffs, powers, to_float)
        out.append(b)

        # accurate float32, the float-float first pass: float arithmetic, exp's N = 16 float
        # table with the tails above, exp's fast float32 reduction made three-part (ln2/16 =
        # hi + mid + lo, hi exp's 12-bit ln2_hi_n, mid a multiple of 2^-29: k mid is exact and
        # so is x - k hi - k mid for |k| < 2^11), E = r + r^2/2 + r^3 (c3 + c4 r + c5 r^2) with
        # r + r^2/2 exact as two floats; Ziv's test with d = eps |y|, eps the bound rounded up
        # to a power of two
        ln2n = mp.log(2) / 16
        hi = mp.mpf(to_float(split_hi(ln2n, 12)))  # exp's vm_exp_fast_f32_k.ln2_hi_n
        mid = mp.nint((ln2n - hi) * 2 ** 29) / 2 ** 29
        lo = to_float(ln2n - hi - mid)
        powers = [3, 4, 5]
        fixed_terms = [(1, 1), (2, mp.mpf(1) / 2)]
        coeffs, _ = fit(mp.expm1, -HW16_F32, HW16_F32, powers, fixed=lambda r: r + r * r / 2)
        rounded = [mp.mpf(to_float(c)) for c in coeffs]
        err = certified_error("expm1(x)", -HW16_F32, HW16_F32, fixed_terms + list(zip(powers, rounded)))
        bound = f32_ff_bound(err)
        eps = mp.mpf(2) ** int(mp.ceil(mp.log(bound, 2)))
        b = Block("vm_expm1_f32_ff_k", "float",
                  f"accurate float32, float-float first pass: expm1(r) = r + r^2/2 + c3 r^3 + c4 r^4"
                  f" + c5 r^5 on |r| <= ln2/32, relative error <= 2^{err_bits(err)} (certified);"
                  f" total bound 2^{err_bits(bound)} (float coefficients)")
        b.add("ln2_mid_n", to_float(mid), "ln2/16 - ln2_hi_n to 2^-29 (a few bits): k*ln2_mid_n is exact")
        b.add("ln2_lo_n", lo, "ln2/16 - ln2_hi_n - ln2_mid_n")
        _poly_block(b, coeffs, powers, to_float)
        b.add("eps", float(eps), "Ziv's test: d = eps |y|, the total bound rounded up to a power of two")
        out.append(b)

        # approx float32: float arithmetic, N = 16 float table (exp's), r (c1 + c2 r)
        powers = [1, 2]
        coeffs, err = _fit_expm1(HW16_F32, powers, to_float)
        b = Block("vm_expm1_approx_f32_k", "float",
                  f"approx float32: expm1(r) = c1 r + c2 r^2 on |r| <= ln2/32, relative error"
                  f" <= 2^{err_bits(err)} (certified) (float coefficients)")
        _poly_block(b, coeffs, powers, to_float)
        out.append(b)

    return out

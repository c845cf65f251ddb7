"""exp: 2^(j/N) tables, reduction constants and minimax polynomials for every tier and dtype.

exp(x) = 2^(k/N) * exp(r), k = round(x * N / ln2), r = x - k * ln2 / N, |r| <= ln2 / (2N).
The table stores 2^(j/N) for j = k mod N as IEEE bits minus (j << (52 - log2 N)), so that adding
k << (52 - log2 N) yields 2^(k/N) rounded, with the exponent k div N already in place.
"""
import mpmath as mp

from .common import (SHIFT_F32, SHIFT_F64, Block, Table, double_bits, err_bits, float32_bits, rows,
                     split_hi, to_double, to_float)
from .certify import certified_error
from .remez import fit



def table_2jn(n):
    """(adjusted bits of 2^(j/n) rounded, relative tail) for j < n."""
    shift = 52 - (n.bit_length() - 1)
    bits, tails = [], []
    with mp.workdps(40):
        for j in range(n):
            exact = mp.mpf(2) ** (mp.mpf(j) / n)
            hi = to_double(exact)
            bits.append((double_bits(hi) - (j << shift)) % 2 ** 64)
            tails.append(to_double((exact - hi) / hi))
    return bits, tails


def _poly_block(block, coeffs, powers, conv):
    for c, k in zip(coeffs, powers):
        block.add(f"c{k}", conv(c), f"r^{k}")


def _fit_exp(half_width, powers, conv):
    """Minimax coefficients of exp on [-half_width, half_width] for the given powers (1 + r, or
    1, fixed), and the certified relative error with the coefficients rounded by conv."""
    fixed_terms = [(0, 1), (1, 1)] if powers[0] == 2 else [(0, 1)]
    fixed = lambda r: sum(c * r ** k for k, c in fixed_terms)
    coeffs, _ = fit(mp.exp, -half_width, half_width, powers, fixed=fixed)
    rounded = [mp.mpf(conv(c)) for c in coeffs]
    err = certified_error("exp(x)", -half_width, half_width, fixed_terms + list(zip(powers, rounded)))
    return coeffs, err


def _reduction_f64(block, n, hi_bits):
    ln2n = mp.log(2) / n
    hi = split_hi(ln2n, hi_bits)
    block.add("inv_ln2_n", to_double(n / mp.log(2)), "N/ln2")
    block.add("shift", SHIFT_F64, "round-to-integer shift, 1.5*2^52")
    block.add("ln2_hi_n", hi, f"ln2/N, {hi_bits} bits: k*ln2_hi_n is exact")
    block.add("ln2_lo_n", to_double(ln2n - hi), "ln2/N - ln2_hi_n")


def table_2jn_f32(n):
    """2^(j/n) rounded to float, as bits minus (j << (23 - log2 n))."""
    shift = 23 - (n.bit_length() - 1)
    out = []
    with mp.workdps(40):
        for j in range(n):
            hi = to_float(mp.mpf(2) ** (mp.mpf(j) / n))
            out.append((float32_bits(hi) - (j << shift)) % 2 ** 32)
    return out


def f32_first_try():
    """(coefficients, polynomial error, total relative error bound) of accurate float32's first
    try, exp(x) = 2^(k/16) (1 + r + c2 r^2 + c3 r^3 + c4 r^4) in double without tails (tanh's
    float32 first pass uses it too)."""
    hw16d = mp.log(2) / 32 * (1 + mp.mpf(2) ** -20)
    coeffs, err = _fit_exp(hw16d, [2, 3, 4], to_double)
    # polynomial + table rounding (2^-53) + one-constant reduction (|k| < 2^11, ln2/16
    # rounded: 2^-58 each -> 2^-47) + six roundings of the evaluation (2^-53 each)
    return coeffs, err, err + mp.mpf(2) ** -53 + mp.mpf(2) ** -47 + 6 * mp.mpf(2) ** -53


def generate():
    out = []
    with mp.workdps(40):
        bits32, tails32 = table_2jn(32)
        out.append(Table("vm_exp_tab32_bits", "uint64_t", bits32,
                         "2^(j/32) as bits - (j << 47): float64 tiers, float32 accurate"))
        out.append(Table("vm_exp_tab32_tail", "double", tails32,
                         "(2^(j/32) - hi) / hi: the part of 2^(j/32) the table's double misses"))
        out.append(rows("vm_exp_tab32_rows", out[-2:], 2, "vm_exp_tab32_bits and vm_exp_tab32_tail, AVX2"))
        bits16, tails16 = table_2jn(16)
        out.append(Table("vm_exp_tab16_bits", "uint64_t", bits16,
                         "2^(j/16) as bits - (j << 48): accurate float32's first try, tanh"))
        out.append(Table("vm_exp_tab16_tail", "double", tails16,
                         "(2^(j/16) - hi) / hi: tanh's exp(2a)"))
        # AVX2 reads both as one row (vm_simd_avx2.h: vd_lookup_rows; exp_core.h: exp_f64_scale16_tail)
        out.append(rows("vm_exp_tab16_rows", out[-2:], 2, "vm_exp_tab16_bits and vm_exp_tab16_tail, AVX2"))
        out.append(Table("vm_exp_tab16_f32_bits", "uint32_t", table_2jn_f32(16),
                         "2^(j/16) rounded to float, as bits - (j << 19): fast and approx float32"))

        # accurate float64 (and the exact fallback of accurate float32): N = 32 with tails, degree 6.
        hw32 = mp.log(2) / 64 * (1 + mp.mpf(2) ** -20)
        powers = [2, 3, 4, 5, 6]
        coeffs, err = _fit_exp(hw32, powers, to_double)
        b = Block("vm_exp_accurate_k", "double",
                  f"accurate: N=32 table with tails, 1 + r + c2 r^2 + .. + c6 r^6 on |r| <= ln2/64,"
                  f" relative error <= 2^{err_bits(err)} (certified)")
        _reduction_f64(b, 32, 37)
        _poly_block(b, coeffs, powers, to_double)
        out.append(b)

        # accurate float32, first try: N = 16 without tails, degree 4, in double.  The result y
        # is correctly rounded by float(y) unless y lies within the error bound of a float
        # midpoint; the window below (in double ulps of y) bounds that error.
        coeffs, err, bound = f32_first_try()
        # relative -> ulps of y (ulp >= 2^-53 y), up to a power of two (one bit test: vm_simd.h)
        window = 2 ** int(mp.ceil(mp.log(2 * bound * 2 ** 53, 2)))
        b = Block("vm_exp_f32_accurate_k", "double",
                  f"accurate float32 first try: N=16 table, degree 4 on |r| <= ln2/32, relative"
                  f" error <= 2^{err_bits(err)} (certified); total bound 2^{err_bits(bound)}")
        b.add("inv_ln2_n", to_double(16 / mp.log(2)), "N/ln2")
        b.add("shift", SHIFT_F64, "round-to-integer shift, 1.5*2^52")
        b.add("ln2_n", to_double(mp.log(2) / 16), "ln2/N in one double: |k| < 2^11 for float x")
        _poly_block(b, coeffs, [2, 3, 4], to_double)
        b.add("window", float(window), "result ulps around a float midpoint sent to the exact path")
        out.append(b)

        # fast float64: N = 16 without tails (one register permute on AVX-512; N = 32 took two
        # and a blend, which cost more than degree 6's extra FMA), degree 6.
        hw16_f64 = mp.log(2) / 32 * (1 + mp.mpf(2) ** -20)
        coeffs, err = _fit_exp(hw16_f64, [2, 3, 4, 5, 6], to_double)
        b = Block("vm_exp_fast_f64_k", "double",
                  f"fast float64: N=16 table, degree 6 on |r| <= ln2/32, relative error <="
                  f" 2^{err_bits(err)} (certified)")
        _reduction_f64(b, 16, 37)
        _poly_block(b, coeffs, [2, 3, 4, 5, 6], to_double)
        out.append(b)

        # approx float64: N = 16 (one register permute on AVX-512; N = 32 took two and a blend),
        # degree 3, one-constant reduction (error |k| 2^-58 < 2^-43).
        coeffs, err = _fit_exp(hw16_f64, [2, 3], to_double)
        b = Block("vm_exp_approx_f64_k", "double",
                  f"approx float64: N=16 table, 1 + r + c2 r^2 + c3 r^3 on |r| <= ln2/32,"
                  f" relative error <= 2^{err_bits(err)} (certified)")
        b.add("inv_ln2_n", to_double(16 / mp.log(2)), "N/ln2")
        b.add("shift", SHIFT_F64, "round-to-integer shift, 1.5*2^52")
        b.add("ln2_n", to_double(mp.log(2) / 16), "ln2/N")
        _poly_block(b, coeffs, [2, 3], to_double)
        out.append(b)

        # fast and approx float32: N = 16 float table, |r| <= ln2/32.
        hw16 = mp.log(2) / 32 * (1 + mp.mpf(2) ** -12)
        for tier, powers in (("fast", [1, 2, 3]), ("approx", [1, 2])):
            coeffs, err = _fit_exp(hw16, powers, to_float)
            b = Block(f"vm_exp_{tier}_f32_k", "float",
                      f"{tier} float32: 2^(k/16) p(r), degree {powers[-1]} on |r| <= ln2/32,"
                      f" relative error <= 2^{err_bits(err)} (certified) (float coefficients)")
            b.add("inv_ln2_n", to_float(16 / mp.log(2)), "N/ln2")
            b.add("shift", SHIFT_F32, "round-to-integer shift, 1.5*2^23")
            if tier == "fast":
                ln2_hi = to_float(split_hi(mp.log(2) / 16, 12))
                b.add("ln2_hi_n", ln2_hi, "ln2/N, 12 bits: k*ln2_hi_n is exact")
                b.add("ln2_lo_n", to_float(mp.log(2) / 16 - ln2_hi), "ln2/N - ln2_hi_n")
            else:
                b.add("ln2_n", to_float(mp.log(2) / 16), "ln2/N in one float")
            _poly_block(b, coeffs, powers, to_float)
            out.append(b)

    return out

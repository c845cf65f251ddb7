"""sigmoid: the fast float32 tier's constants; every other tier has none of its own.

Most kernels (csrc/kernels/sigmoid-inl.h) take e = exp(-|x|) from exp's cores and tables
(vecmath/_gen/exp.py, read from exp's blocks), and the float32 accurate tier's window is a
threshold of the descriptor (vecmath/functions/sigmoid.py: f32_cr_window), sized from exp's
certified first-try bound (vm_exp_f32_accurate_k: 2^-37.48 relative) plus three roundings.
The unsure lanes' Taylor series near 0 has the exact rationals 1/48, 1/480, 17/80640 and
31/1451520 of sigmoid(x) = 1/2 + tanh(x/2)/2, which the kernel divides at compile time.

The fast float32 tier runs in float (16 lanes on AVX-512) and carries e as a float-float, so it
needs exp(r) to ~2^-29 and 2^(j/16) beyond float's rounding: vm_sigmoid_fast_f32_k (N = 16
reduction, 1 + r + c2 r^2 + c3 r^3) and vm_sigmoid_tab16_f32_tail, the relative tails of exp's
float table vm_exp_tab16_f32_bits (2^(j/16) = T_j (1 + tail_j), T_j that table's float).
"""
import mpmath as mp

from .common import SHIFT_F32, Block, Table, err_bits, split_hi, to_float
from .exp import _fit_exp, _poly_block

# k's offset in the rounding shift: k + 1024 lands in the low bits, so (k + 1024) << 19 adds
# 2^64 to 2^(k/16) (the kernel's numerator scale) at no cost; 1024 is a multiple of 16, so the
# table index k mod 16 is unchanged.
K_OFFSET = 1024


def generate():
    out = []
    with mp.workdps(40):
        tails = []
        for j in range(16):
            exact = mp.mpf(2) ** (mp.mpf(j) / 16)
            hi = mp.mpf(to_float(exact))        # exp's float table entry (table_2jn_f32)
            tails.append(to_float((exact - hi) / hi))
        out.append(Table("vm_sigmoid_tab16_f32_tail", "float", tails,
                         "(2^(j/16) - T_j) / T_j, T_j = 2^(j/16) rounded to float "
                         "(vm_exp_tab16_f32_bits): fast float32 sigmoid"))
        hw16 = mp.log(2) / 32 * (1 + mp.mpf(2) ** -12)
        coeffs, err = _fit_exp(hw16, [2, 3], to_float)
        b = Block("vm_sigmoid_fast_f32_k", "float",
                  f"fast float32 sigmoid: e = exp(-a) = 2^(k/16) (1 + tail_j) (1 + r + c2 r^2 + c3 r^3)"
                  f" on |r| <= ln2/32, relative error <= 2^{err_bits(err)} (certified) "
                  f"(float coefficients)")
        b.add("inv_ln2_n", to_float(16 / mp.log(2)), "N/ln2")
        b.add("shift", SHIFT_F32, "round-to-integer shift, 1.5*2^23")
        b.add("shift64", SHIFT_F32 + K_OFFSET,
              "the same plus 1024: k + 1024 in the low bits, 2^(k/16) times 2^64 (|x| > 70)")
        ln2_hi = to_float(split_hi(mp.log(2) / 16, 12))
        b.add("ln2_hi_n", ln2_hi, "ln2/N, 12 bits: k*ln2_hi_n is exact (|k| < 2^12)")
        b.add("ln2_lo_n", to_float(mp.log(2) / 16 - ln2_hi), "ln2/N - ln2_hi_n")
        _poly_block(b, coeffs, [2, 3], to_float)
        out.append(b)
    return out

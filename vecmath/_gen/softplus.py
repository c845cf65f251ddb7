"""softplus: log1p's tables re-indexed for its argument (no coefficients of its own).

Its kernels (csrc/kernels/softplus-inl.h) take e = exp(-|x|) from exp's cores and tables
(vecmath/_gen/exp.py; accurate float64: vm_tanh_exp_k through exp_f64_dd) and log1p(e) from
log's (vecmath/_gen/log.py, certified for log1p's range by vecmath/_gen/log1p.py); the float32
accurate tier's window is a threshold of the descriptor (vecmath/functions/softplus.py:
f32_cr_window), sized from exp's certified first-try bound (2^-37.48) and log's first pass
(2^-41) plus the roundings of 1 + e and of the final sum.

The fast float64 tier reduces u = 1 + e in [1, 2] with log's N = 16 subintervals and k folded
into them (2^k c, k ln2 + log c): u = 2^k z puts k = 0 or 1 there, and the folded tables,
indexed straight from u's bits, save k's extraction and its two FMAs.  Entry j covers
u in [1 + (2j - 1)/32, 1 + (2j + 1)/32) (j = 0: [1, 1 + 1/32), c = 1), log's entry
(j + 9) mod 16 with k = 1 from j = 7 on; entry 15 also takes u in [1 + 31/32, 2] (log's
entry 9 with k = 1 there, c = 2): r = u/c - 1 stays inside log's range (rmax, 1/32, is
reached at u = 2).  The products and sums are those the kernel formed from log's tables
(1/c 2^-k exact, k ln2_hi + hi exact, k ln2_lo + lo rounded once), so the values are the same
bits wherever the subinterval is.
"""
from fractions import Fraction

import mpmath as mp

from . import log
from .common import Table, split_hi, to_double


def generate():
    with mp.workdps(50):
        off16, subs16, rng16 = log.subintervals(4)
        one = log.ONE_BITS
        assert (one - off16) >> 48 == 9 and subs16[9][2] == 1  # 1.0 inside entry 9, c = 1
        logc = [-mp.log(mp.mpf(iv.numerator) / iv.denominator) for _, _, iv in subs16]
        hi = [to_double(mp.nint(v * 2 ** log.LOGC_GRID) / 2 ** log.LOGC_GRID) for v in logc]
        lo = [to_double(v - h) for v, h in zip(logc, hi)]
        ln2_hi = split_hi(mp.log(2), log.LOGC_GRID)
        ln2_lo = to_double(mp.log(2) - ln2_hi)
        inv, hi_u, lo_u = [], [], []
        for j in range(16):
            e, k = (j + 9) % 16, int(j >= 7)
            zlo, zhi, ic = subs16[e]
            ulo = Fraction(1) if j == 0 else 1 + Fraction(2 * j - 1, 32)
            uhi = Fraction(2) if j == 15 else 1 + Fraction(2 * j + 1, 32)
            assert zlo * 2 ** k <= ulo and (uhi <= zhi * 2 ** k or j == 15), j  # log's subinterval
            icu = ic / 2 ** k
            assert rng16[0] <= ulo * icu - 1 and uhi * icu - 1 <= rng16[1], j
            inv.append(float(icu))
            h = k * ln2_hi + hi[e]
            assert Fraction(h) == k * Fraction(ln2_hi) + Fraction(hi[e])  # exact
            hi_u.append(h)
            lo_u.append(k * ln2_lo + lo[e])  # one rounding, as the kernel's FMA
        return [
            Table("vm_softplus_invc16", "double", inv,
                  "2^-k/c for u = 1 + e in [1, 2]: log's entry (j + 9) mod 16, k = (j >= 7)"),
            Table("vm_softplus_logc16_hi", "double", hi_u, "k ln2_hi + log c hi (exact)"),
            Table("vm_softplus_logc16_lo", "double", lo_u, "k ln2_lo + log c lo (rounded once)"),
        ]

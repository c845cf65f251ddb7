"""atan: base-value tables, reduction constants and minimax polynomials for every tier and dtype.

float64 tiers (and the float32 accurate tier, computed in double): nodes c = k/32, k < 32, on
u = |x| (|x| <= 1) or u = 1/|x| (|x| > 1); atan|x| = B_j - atan(tau) with
    j = k,      B_j = atan(k/32),        tau = (c - |x|) / (1 + c |x|)   for |x| <= 1,
    j = 32 + k, B_j = pi/2 - atan(k/32), tau = (1 - c |x|) / (|x| + c)   for |x| > 1,
|tau| <= 1/64 + (index slack) < TAU_MAX.  B_j is stored as hi + lo.
float32 fast and approx (float arithmetic): three ranges split at tan(pi/8) and tan(3pi/8),
tau = |x|, (|x| - 1) / (|x| + 1) or -1/|x|, base 0, pi/4 or pi/2, |tau| <= tan(pi/8).
"""
import mpmath as mp
import numpy as np

from .common import Block, Table, err_bits, to_double, to_float
from .remez import fit, max_error

N = 32
SHIFT_F64 = 1.5 * 2.0 ** 52
# |tau| bound for the float64 reduction: 1/64 for an exact index; the index for |x| > 1 uses
# 1/|x| to 1.4e-4 relative (reciprocal_magic + one cubic Newton step), and k is clamped to 31.
TAU_MAX = mp.mpf("0.016")
TAN_PI8 = mp.tan(mp.pi / 8)


def reciprocal_magic():
    """M minimising max |1 - a * asdouble(M - bits(a))| over one binade, in 2^44 steps."""
    a = np.linspace(1.0, 2.0, 100001)[:-1]
    bits = a.view(np.int64)
    best = None
    for d in range(0, 2 ** 52, 2 ** 44):
        m = (2046 << 52) - d
        err = float(np.max(np.abs(a * (np.int64(m) - bits).view(np.float64) - 1.0)))
        if best is None or err < best[0]:
            best = (err, m)
    return best


def base_tables():
    hi, lo = [], []
    for j in range(2 * N):
        c = mp.mpf(j % N) / N
        b = mp.atan(c) if j < N else mp.pi / 2 - mp.atan(c)
        h = to_double(b)
        hi.append(h)
        lo.append(to_double(b - h))
    return hi, lo


def _fit_atan(tau_max, powers, conv):
    coeffs, _ = fit(mp.atan, 0, tau_max, powers, fixed=lambda r: r, grid_points=800)
    rounded = [mp.mpf(conv(c)) for c in coeffs]
    err = max_error(mp.atan, 0, tau_max,
                    lambda r: r + sum(c * r ** k for c, k in zip(rounded, powers)),
                    grid_points=1500)
    return coeffs, err


def _poly_block(block, coeffs, powers, conv):
    for c, k in zip(coeffs, powers):
        block.add(f"c{k}", conv(c), f"tau^{k}")


def generate():
    out = []
    with mp.workdps(40):
        hi, lo = base_tables()
        out.append(Table("vm_atan_base_hi", "double", hi,
                         "atan: B_j = atan(j/32) (j < 32), pi/2 - atan((j-32)/32) (j >= 32)"))
        out.append(Table("vm_atan_base_lo", "double", lo, "atan: B_j - vm_atan_base_hi[j]"))
        merr, magic = reciprocal_magic()
        out.append(Block("vm_atan_bits", "uint64_t", "atan: integer constants")
                   .add("recip_magic", magic,
                        f"asdouble(recip_magic - bits(a)) ~ 1/a to {merr:.4f} relative"))

        b = Block("vm_atan_k", "double", "atan float64 reduction: c = k/32, k = round(32 u)")
        b.add("n", float(N), "nodes per unit")
        b.add("inv_n", 1.0 / N, "1/32")
        b.add("k_max", (N - 1) / N, "u is clamped to 31/32: k <= 31")
        b.add("shift", SHIFT_F64, "round-to-integer shift, 1.5*2^52")
        b.add("recip_clamp", 128.0, "a beyond this has k = 0; keeps the magic guess finite")
        pio2 = mp.pi / 2
        b.add("pio2_hi", to_double(pio2), "pi/2 rounded")
        b.add("pio2_lo", to_double(pio2 - to_double(pio2)), "pi/2 - pio2_hi")
        out.append(b)

        for tier, powers, target in (("accurate", [3, 5, 7, 9], "accurate"),
                                     ("fast_f64", [3, 5, 7], "fast float64"),
                                     ("approx_f64", [3, 5], "approx float64")):
            coeffs, err = _fit_atan(TAU_MAX, powers, to_double)
            b = Block(f"vm_atan_{tier}_k", "double",
                      f"atan {target}: tau + c3 tau^3 + .. + c{powers[-1]} tau^{powers[-1]} on"
                      f" |tau| <= {float(TAU_MAX)}, relative error 2^{err_bits(err)}")
            _poly_block(b, coeffs, powers, to_double)
            out.append(b)

        tmax = TAN_PI8 * (1 + mp.mpf(2) ** -20)
        for tier, powers in (("fast", [3, 5, 7, 9, 11]), ("approx", [3, 5])):
            coeffs, err = _fit_atan(tmax, powers, to_float)
            b = Block(f"vm_atan_{tier}_f32_k", "float",
                      f"atan {tier} float32: tau + c3 tau^3 + .. + c{powers[-1]} tau^{powers[-1]}"
                      f" on |tau| <= tan(pi/8), relative error 2^{err_bits(err)} (float coefficients)")
            b.add("tan_pi8", to_float(TAN_PI8), "below: tau = |x|")
            b.add("tan_3pi8", to_float(mp.tan(3 * mp.pi / 8)), "above: tau = -1/|x|")
            b.add("pio4_hi", to_float(mp.pi / 4), "pi/4 rounded")
            b.add("pio4_lo", to_float(mp.pi / 4 - to_float(mp.pi / 4)), "pi/4 - pio4_hi")
            _poly_block(b, coeffs, powers, to_float)
            out.append(b)
    return out

"""atan: node and base tables, index constants and minimax polynomials for every tier and dtype.

float64 tiers (and the float32 accurate tier, computed in double): the table index j comes from
the bits of a = |x|: its exponent and 5 leading mantissa bits for 2^-6 <= a < 64 (j = 1..384),
j = 0 below (node 0) and j = 385 above (node "infinity").  Then
    atan a = B_j + atan(tau),  tau = (a - b_j) / (1 + a b_j)   (tau = -1/a for j = 385),
with B_j = atan(b_j).  Each node b_j lies near its bucket's centre, has at most 20 significant
bits (so a - b_j is exact and the rounding error of 1 + a b_j is one FMA away) and is chosen so
that atan(b_j) is within 2^-62 (relative) of a double: B_j needs no low part (Gal's accurate
tables).  B_385 = pi/2 takes its low part from pio2_lo.
float32 fast and approx (float arithmetic): three ranges split at tan(pi/8) and tan(3pi/8),
tau = |x|, (|x| - 1) / (|x| + 1) or -1/|x|, base 0, pi/4 or pi/2, |tau| <= tan(pi/8).
"""
import mpmath as mp

from .. import spec
from .common import Block, Table, double_bits, err_bits, to_double, to_float
from .certify import certified_error
from .remez import fit

IDX_MANT_BITS = 5              # mantissa bits in the index: shift 52 - 5 = 47 in csrc/atan.c
E_MIN, E_MAX = -6, 6           # a in [2^E_MIN, 2^E_MAX) is bucketed
NODE_BITS = 20                 # significant bits of a node
NODE_ACCURACY = mp.mpf(2) ** -62
TAN_PI8 = mp.tan(mp.pi / 8)


def nodes():
    """(b_j, B_j rounded, max |tau| over the bucket) for j = 1 .. 384."""
    out = []
    nb = 2 ** IDX_MANT_BITS
    for e in range(E_MIN, E_MAX):
        step = mp.mpf(2) ** (e - NODE_BITS + 1)
        for m in range(nb):
            lo = mp.ldexp(1 + mp.mpf(m) / nb, e)
            hi = mp.ldexp(1 + mp.mpf(m + 1) / nb, e)
            n0 = int(mp.nint((lo + hi) / 2 / step))
            for i in range(2 ** (NODE_BITS - IDX_MANT_BITS - 1)):  # outward from the centre
                b = (n0 + (i + 1) // 2 * (1 if i % 2 else -1)) * step
                big = mp.atan(b)
                if abs(big - to_double(big)) <= abs(big) * NODE_ACCURACY:
                    break
            else:
                raise RuntimeError(f"no accurate node in bucket {e} {m}")
            tau = max(abs(lo - b) / (1 + lo * b), abs(hi - b) / (1 + hi * b))
            out.append((to_double(b), to_double(big), tau))
    return out


def _fit_atan(tau_max, powers, conv):
    coeffs, _ = fit(mp.atan, 0, tau_max, powers, fixed=lambda r: r, grid_points=800)
    rounded = [mp.mpf(conv(c)) for c in coeffs]
    err = certified_error("atan(x)", -tau_max, tau_max, [(1, 1)] + list(zip(powers, rounded)))
    return coeffs, err


def _poly_block(block, coeffs, powers, conv):
    for c, k in zip(coeffs, powers):
        block.add(f"c{k}", conv(c), f"tau^{k}")


def generate():
    out = []
    with mp.workdps(40):
        inner = nodes()
        a_tiny, a_huge = mp.ldexp(1, E_MIN), mp.ldexp(1, E_MAX)
        tau_max = max([t for _, _, t in inner] + [a_tiny, 1 / a_huge])
        out.append(Table("vm_atan_node", "double", [0.0] + [b for b, _, _ in inner] + [0.0],
                         "atan: node b_j (j = 0: 0; j = 385: unused, tau = -1/a)"))
        out.append(Table("vm_atan_base", "double",
                         [0.0] + [big for _, big, _ in inner] + [to_double(mp.pi / 2)],
                         "atan: B_j = atan(b_j) to 2^-62 relative (j = 385: pi/2 rounded)"))
        out.append(Block("vm_atan_bits", "uint64_t", "atan: index bias")
                   .add("idx_bias", double_bits(to_double(a_tiny)) - (1 << (52 - IDX_MANT_BITS)),
                        "j = (bits(a) - idx_bias) >> 47 for a in [2^-6, 64]"))
        b = Block("vm_atan_k", "double", "atan float64 reduction")
        b.add("a_tiny", to_double(a_tiny), "below: node 0")
        b.add("a_below_tiny", float.fromhex("0x1.fffffffffffffp-7"), "largest double < a_tiny")
        b.add("a_huge", to_double(a_huge), "from here: node infinity, tau = -1/a")
        pio2 = mp.pi / 2
        b.add("pio2_hi", to_double(pio2), "pi/2 rounded")
        b.add("pio2_lo", to_double(pio2 - to_double(pio2)), "pi/2 - pio2_hi")
        out.append(b)

        for tier, powers, target in (("accurate", [3, 5, 7, 9], "accurate"),
                                     ("fast_f64", [3, 5, 7], "fast float64"),
                                     ("approx_f64", [3], "approx float64")):
            coeffs, err = _fit_atan(tau_max, powers, to_double)
            b = Block(f"vm_atan_{tier}_k", "double",
                      f"atan {target}: tau + c3 tau^3 + .. + c{powers[-1]} tau^{powers[-1]} on"
                      f" |tau| <= {mp.nstr(tau_max, 6)}, relative error <= 2^{err_bits(err)} (certified)")
            _poly_block(b, coeffs, powers, to_double)
            out.append(b)

        tmax = TAN_PI8 * (1 + mp.mpf(2) ** -20)
        for tier, powers in (("fast", [3, 5, 7, 9, 11]), ("approx", [3, 5])):
            coeffs, err = _fit_atan(tmax, powers, to_float)
            b = Block(f"vm_atan_{tier}_f32_k", "float",
                      f"atan {tier} float32: tau + c3 tau^3 + .. + c{powers[-1]} tau^{powers[-1]}"
                      f" on |tau| <= tan(pi/8), relative error <= 2^{err_bits(err)} (certified) (float coefficients)")
            b.add("tan_pi8", to_float(TAN_PI8), "below: tau = |x|")
            b.add("tan_3pi8", to_float(mp.tan(3 * mp.pi / 8)), "above: tau = -1/|x|")
            b.add("pio4_hi", to_float(mp.pi / 4), "pi/4 rounded")
            b.add("pio4_lo", to_float(mp.pi / 4 - to_float(mp.pi / 4)), "pi/4 - pio4_hi")
            _poly_block(b, coeffs, powers, to_float)
            out.append(b)

    b = Block("vm_atan_limits", "double", "where atan's kernels change path (vecmath.spec.LIMITS)")
    for name, (value, why) in spec.LIMITS["atan"].items():
        b.add(name, value, why)
    out.append(b)
    return out

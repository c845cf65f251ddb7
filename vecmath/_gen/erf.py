"""erf and erfc: the odd polynomial near 0 and the piecewise erfcx polynomials beyond.

Both functions share one evaluation (csrc/kernels/erf-inl.h):
  a = |x| < 1/2:   erf(a) = a (c0 + c1 u + u^2 P(u)), u = a^2, c0 = 2/sqrt(pi) and
                   c1 = -2/(3 sqrt(pi)) as double-doubles (vm_erf_small_k);
  a >= 1/2:        erfc(a) = exp(-a^2) erfcx(a), erfcx(a) = exp(a^2) erfc(a) by a polynomial of
                   degree ERFCX_DEGREE in t = a - m_i on the slot i of a: the eighth binades of
                   2 + a (slot = bits(2 + a) >> 49 mod 32), a in [0, 30); the slots of a < 1/2
                   (0 and 1) are never read.  c0 and c1 of each slot are double-doubles.
erfcx is entire, so a polynomial of degree 13 reaches 2^-65 on every slot (the certified bounds
below).  The slot is read from bits, so a permute of a 32-entry table finds its coefficients
(AVX-512: two permutes and a blend) and t = a - m_i is exact (Sterbenz: m_i/2 <= a <= 2 m_i).
"""
import mpmath as mp

from .. import spec
from .common import Block, Table, err_bits, to_double
from .certify import certified_error
from .remez import fit

POLY_LIMIT = 0.5            # the odd polynomial below, erfcx beyond
SMALL_POWERS = list(range(5, 28, 2))   # a^5 .. a^27 beyond a c0 + a^3 c1
ERFCX_SLOTS = 32
ERFCX_DEGREE = 13
FIRST_SLOT = 2              # slots 0 and 1 ([0, 1/4), [1/4, 1/2)) are below POLY_LIMIT


def erfcx(x):
    return mp.erfc(x) * mp.exp(x * x)


def slots():
    """[(lo, hi)] of a per slot: 2 + a in the eighth binade j of [2, 32)."""
    out = []
    for e in range(1, 5):
        for q in range(8):
            out.append((2.0 ** e * (1 + q / 8) - 2, 2.0 ** e * (1 + (q + 1) / 8) - 2))
    return out


def _dd(c):
    hi = to_double(c)
    return hi, to_double(c - mp.mpf(hi))


def _small():
    c0 = 2 / mp.sqrt(mp.pi)
    c1 = -c0 / 3
    fixed = lambda a: a * (c0 + c1 * a * a)
    coeffs, _ = fit(mp.erf, mp.mpf(2) ** -30, mp.mpf(POLY_LIMIT), SMALL_POWERS, fixed=fixed,
                    grid_points=800)
    rounded = [mp.mpf(to_double(c)) for c in coeffs]
    c0h, c0l = _dd(c0)
    c1h, c1l = _dd(c1)
    with mp.workprec(300):
        terms = [(1, mp.mpf(c0h) + mp.mpf(c0l)), (3, mp.mpf(c1h) + mp.mpf(c1l))]
    err = certified_error("erf(x)", mp.mpf(2) ** -30, mp.mpf(POLY_LIMIT),
                          terms + list(zip(SMALL_POWERS, rounded)), pieces=4)
    b = Block("vm_erf_small_k", "double",
              f"erf(a) = a (c0 + c1 u + u^2 (p5 + p7 u + .. + p{SMALL_POWERS[-1]} u^"
              f"{len(SMALL_POWERS) - 1})), u = a^2, on |a| < {POLY_LIMIT}, relative error <= "
              f"2^{err_bits(err)} (certified); c0 = 2/sqrt(pi) and c1 = -c0/3 as double-doubles")
    b.add("c0h", c0h, "2/sqrt(pi), high part")
    b.add("c0l", c0l, "2/sqrt(pi) - c0h")
    b.add("c1h", c1h, "-2/(3 sqrt(pi)), high part")
    b.add("c1l", c1l, "-2/(3 sqrt(pi)) - c1h")
    for k, c in zip(SMALL_POWERS, coeffs):
        b.add(f"p{k}", to_double(c), f"a^{k}")
    return b


def _slot_fit(lo, hi):
    """erfcx(m + t) on [lo - m, hi - m], m the slot's midpoint: coefficients as mpf (c0 and c1
    to be split into double-doubles) and the certified relative error of the stored ones."""
    m = (lo + hi) / 2
    f = lambda t: erfcx(mp.mpf(m) + t)
    coeffs, _ = fit(f, mp.mpf(lo - m), mp.mpf(hi - m), list(range(ERFCX_DEGREE + 1)),
                    grid_points=300, iters=20)
    return m, coeffs


def _slot_tables():
    cols = {name: [] for name in ["mid", "c0h", "c0l", "c1h", "c1l"] +
            [f"c{k}" for k in range(2, ERFCX_DEGREE + 1)]}
    worst = mp.mpf(0)
    rows = []
    for i, (lo, hi) in enumerate(slots()):
        if i < FIRST_SLOT:
            rows.append(None)
            continue
        m, coeffs = _slot_fit(lo, hi)
        c0h, c0l = _dd(coeffs[0])
        c1h, c1l = _dd(coeffs[1])
        stored = [(0, None), (1, None)] + [(k, mp.mpf(to_double(coeffs[k])))
                                           for k in range(2, ERFCX_DEGREE + 1)]
        with mp.workprec(300):
            stored[0] = (0, mp.mpf(c0h) + mp.mpf(c0l))
            stored[1] = (1, mp.mpf(c1h) + mp.mpf(c1l))
        rows.append((m, c0h, c0l, c1h, c1l, [to_double(c) for c in coeffs[2:]], lo, hi, stored))
    from concurrent.futures import ThreadPoolExecutor

    def cert(row):
        m, lo, hi, stored = row[0], row[6], row[7], row[8]
        from .certify import exact
        return certified_error(f"erfc(x + {exact(mp.mpf(m))}) * exp((x + {exact(mp.mpf(m))})^2)",
                               mp.mpf(lo - m), mp.mpf(hi - m), stored)

    with ThreadPoolExecutor(4) as ex:
        errs = list(ex.map(cert, [r for r in rows if r is not None]))
    worst = max(errs)
    first = rows[FIRST_SLOT]
    for row in rows:
        row = row or first            # slots 0 and 1: never read; slot 2's values
        m, c0h, c0l, c1h, c1l, rest = row[:6]
        for name, v in zip(["mid", "c0h", "c0l", "c1h", "c1l"], [m, c0h, c0l, c1h, c1l]):
            cols[name].append(v)
        for k, v in enumerate(rest, start=2):
            cols[f"c{k}"].append(v)
    tables = [Table(f"vm_erfcx_{name}", "double", vals,
                    f"erf/erfc: erfcx on the slots of a (eighth binades of 2 + a): "
                    + ("the slot's midpoint m (t = a - m)" if name == "mid" else f"coefficient {name}"))
              for name, vals in cols.items()]
    b = Block("vm_erfcx_k", "double",
              f"erfcx(m + t) = c0 + c1 t + .. + c{ERFCX_DEGREE} t^{ERFCX_DEGREE} on each slot of a in "
              f"[1/2, 30) (c0, c1 double-doubles), relative error <= 2^{err_bits(worst)} (certified)")
    b.add("slot_offset", 2.0, "slot = bits(a + slot_offset) >> 49 (mod 32)")
    return [b] + tables


def generate():
    with mp.workdps(40):
        return [_small()] + _slot_tables()

"""atan: node and base tables, index constants and minimax polynomials for every tier and dtype.

float64 accurate and fast (and float32 accurate, computed in double): a = |x| is folded to
u = a (a <= 1) or u = 1/a (a > 1), and j = round(15 u) picks one of 16 nodes on each side.  1/a
is never computed for the index: r = r0 (2 - a r0) from the bit-trick seed r0 (recip_magic) is
within 0.26% below it, which only widens the buckets.  With c_j the node of a's side,
    atan a = atan(c_j) + atan(tau),  tau = (a - c_j) / (1 + a c_j),  |tau| < 0.0337,
c_j within a factor 2 of every a of its bucket (a - c_j exact, Sterbenz), c = 0 below 1/30 and
HUGE_NODE above 30.  Nodes and bases atan(c_j) (hi + lo) are 2 x 16-entry tables: one AVX-512
register permute per half.
approx (both dtypes): no table: t = min(a, 1) / max(a, 1), r ~ atan(t) on [0, 1] and atan a = r or
pi/2 - r; float64: r = t P(t^2) / Q(t^2), an odd rational (APPROX_RATIONAL degrees); float32: the
odd polynomial t + c3 t^3 + .. + c9 t^9 (one division fewer: 14 % faster than the 2/2
rational; degree 9 rather than 11: 10 % faster on an AMD EPYC family 26, within the 2048-ULP
bound; degree 7 is not).
float32 accurate's first pass (in double) runs the float64 formula on a 16-slot grid read from
a's float bits: slot 0 holds a < 1/8 (node 0), slots 1..14 the half binades [2^e, 1.5 2^e) and
[1.5 2^e, 2^(e+1)) from 1/8 to 16, slot 15 a >= 16 (node F32_HUGE_NODE: tau ~ -1/a); nodes exact,
atan(c) rounded to double, GRID_F64_POWERS: 2^-42.3, so f32_cr_window double ulps around a float
midpoint bound its error.  It reads entry (bits(a) >> 22) mod 16 with bits(a) >> 22 clamped to
the 16 values of the slots, so the tables are stored rotated (slot i at (index_base + i) mod 16).
float32 fast (float arithmetic, faithful): the same formula on a 30-slot grid (f32_fast_nodes:
node 0 below 1/16, quarter binades to 8, node tan(F) beyond) with nodes whose atan is nearly a
float (no base low part), 32-entry tables read at (bits(a) >> 21) mod 32, stored rotated.
float32 accurate's float-float first pass (float arithmetic, atan-inl.h's atan_f32_ff_first): the
fast grid with slot 29's node moved to FF_BIG_NODE (a clamped to FF_CLAMP: tau ~ -1/a, a c
finite), atan(c) as float hi + lo, the fast polynomial, Ziv's test with d = eps s + qeps |q|
(f32_ff_bound).
float64 fast (faithful, no corrections): the same grid in double (f64_fast_nodes), read at
(bits(a) >> 50) mod 32, nodes whose atan is nearly a double, a written budget asserted < 1 ULP.
"""
import mpmath as mp
import numpy as np

from .. import spec
from .common import SHIFT_F64, Block, Table, err_bits, float32_bits, to_double, to_float
from .certify import certified_error, certified_odd_rational
from .remez import fit

GRID = 15                      # a <= 1: j = round(15 a); a > 1: j = round(15 r), r ~ 1/a
RECIP_MAGIC = 0x7FDE623822FC16E6  # r0 = double(MAGIC - bits(a)): |1 - a r0| <= 0.0506
HUGE_NODE = 2.0 ** 600         # the node of a > 30; f64_branch_free_abs keeps a HUGE_NODE finite
F32_SLOTS = 16                 # float32 fast grid: slot = clamp((bits(a) >> 22) - base, 0, 15)
F32_FIRST = mp.mpf(1) / 8      # slot 1 starts here; slot 0 is [0, 1/8) with node 0
F32_HUGE_NODE = 2.0 ** 30      # the node of a >= 16: tau -> -1/a, atan(c) rounds to float(pi/2)
FAST_SLOTS = 32                # float32 fast grid: slot = clamp(bits(a) >> 21, base, base + 29) - base
FAST_FIRST = mp.mpf(1) / 16    # slot 1 starts here; slot 0 is [0, 1/16) with node 0
FAST_BIG = 8                   # slot 29: a >= 8, node tan(F), F the float below pi/2 (tau ~ -1/a)
FAST_POWERS = [3, 5, 7]        # tau + c3 tau^3 + c5 tau^5 + c7 tau^7 (degree 5 misses 2^-24 at 1/8)
FF_BIG_NODE = 2.0 ** 64       # accurate float32's float-float pass: slot 29's node (a - c rounds to -c)
FF_CLAMP = 2.0 ** 27           # ... and a's clamp: a c < 2^91, pi/2 - 1/a rounds to float(pi/2) beyond
GRID_F64_POWERS = [3, 5, 7, 9]  # accurate float32's first pass: tau + c3 tau^3 + .. on the float grid
F64_FAST_POWERS = [3, 5, 7, 9, 11]  # float64 fast: tau + c3 tau^3 + .. (degree 9: 2^-52.3, unfaithful in slot 0)
APPROX_RATIONAL = (3, 3)       # float64 approx: numerator, denominator degree in t^2
APPROX_F32_POWERS = [3, 5, 7, 9]  # float32 approx: t + c3 t^3 + .. on [0, 1]


def recip_error():
    """max (1 - a r1) over a (relative error of r1 = r0 (2 - a r0), one-sided: r1 <= 1/a),
    measured over 2^22 points of two binades (the bit trick's error is periodic in them) with
    a 2x margin; the exhaustive float32 sweep and the float64 tests check the bound's use."""
    a = np.linspace(1.0, 4.0, 2 ** 22, endpoint=False)
    r0 = (np.int64(RECIP_MAGIC) - a.view(np.int64)).view(np.float64)
    r1 = r0 * (2.0 - a * r0)
    assert (a * r1 <= 1.0).all()
    return 2 * float((1.0 - a * r1).max())


def _balanced_node(lo, hi, nmin, nmax, bits=24):
    """The node b in [nmin, nmax] (rounded to `bits` bits) that balances |tau| = |a - b| / (1 + a b)
    at the ends of the bucket [lo, hi] of a, and that largest |tau|."""
    tau = lambda b, a: (a - b) / (1 + a * b)
    b = mp.findroot(lambda b: tau(b, hi) + tau(b, lo), (lo + hi) / 2)
    q = mp.ldexp(1, int(mp.floor(mp.log(b, 2))) - bits + 1)  # b's last place at `bits` bits
    b = float(q * min(max(mp.nint(b / q), mp.ceil(nmin / q)), mp.floor(nmax / q)))
    return b, max(abs(tau(b, lo)), abs(tau(b, hi)))


def nodes():
    """[(c, max |tau| over the bucket)] for the 16 buckets of a <= 1 (j = round(15 a)), then the 16
    of a > 1 (j = round(15 r), r = u (1 - e), 0 <= e <= E, u = 1/a).  Each node c lies within a
    factor 2 of every a of its bucket, so a - c is exact (Sterbenz); c = 0 for a < 1/30, and
    HUGE_NODE for a > 30: there a - c rounds to -c, 1 + a c to a c and tau to -1/a within 2^-200."""
    e = mp.mpf(recip_error())
    small, big = [(0.0, mp.mpf(1) / (2 * GRID))], [(HUGE_NODE, mp.mpf(1) / (2 * GRID) / (1 - e))]
    for j in range(1, GRID + 1):
        lo = (j - mp.mpf(0.5)) / GRID * (1 - mp.mpf(2) ** -50)
        hi = min(mp.mpf(1), (j + mp.mpf(0.5)) / GRID * (1 + mp.mpf(2) ** -50))
        small.append(_balanced_node(lo, hi, hi / 2, 2 * lo))
        alo, ahi = 1 / min(mp.mpf(1), hi / (1 - e)), 1 / lo  # the bucket in a = 1/u
        big.append(_balanced_node(alo, ahi, ahi / 2, 2 * alo))
    return small + big


def f32_nodes():
    """[(c, max |tau| over the slot)] for the float32 fast grid (module docstring).  For
    slot 15 a - c is rounded (relative 2^-24, like tau's own roundings), a c may overflow to inf
    for a > 2^98 (tau = 0, result float(pi/2), correctly rounded), and tau -> -1/a as a grows."""
    out = [(0.0, F32_FIRST)]
    for i in range(1, F32_SLOTS - 1):
        e, half = divmod(i - 1, 2)
        lo = F32_FIRST * 2 ** e * (1 + mp.mpf(half) / 2)
        hi = lo * (mp.mpf(3) / 2 if half == 0 else mp.mpf(4) / 3)
        out.append(_balanced_node(lo, hi, hi / 2, 2 * lo))
    lo = F32_FIRST * 2 ** ((F32_SLOTS - 2) // 2)
    out.append((F32_HUGE_NODE, max(abs((lo - F32_HUGE_NODE) / (1 + lo * F32_HUGE_NODE)),
                                   1 / mp.mpf(F32_HUGE_NODE))))
    assert lo == 16
    return out


def _near_float_node(lo, hi, centre):
    """The float c nearest `centre` in [hi/2, 2 lo] (a - c exact for a in [lo, hi]) whose atan
    lies within 2^-12 of its ulp from a float: the base atan(c) rounded to float is then exact
    to 2^-36, with no low part."""
    c0 = np.float32(float(centre))
    up, down = c0, c0
    for _ in range(1 << 16):
        for c in (up, down):
            if not (hi / 2 <= mp.mpf(float(c)) <= 2 * lo):
                continue
            v = mp.atan(mp.mpf(float(c)))
            f = mp.mpf(to_float(v))
            if abs(v - f) <= mp.mpf(2) ** (mp.floor(mp.log(f, 2)) - 23 - 12):
                return float(c)
        up, down = np.nextafter(up, np.float32(np.inf)), np.nextafter(down, np.float32(0))
    raise AssertionError((lo, hi))


def f32_fast_nodes():
    """[(c, max |tau| over the slot)] for the float32 fast grid: slot 0 is [0, 1/16) with node 0
    (tau = a exactly), slots 1..28 the linear quarter binades [2^e (1 + q/4), 2^e (1 + (q+1)/4))
    from 1/16 to 8 (bits(a) >> 21: exponent and top two mantissa bits), each node balancing
    |tau| over its slot and moved to a float whose atan is nearly a float (_near_float_node),
    and slot 29 a >= 8 with the node c = tan(F) rounded, F the float below pi/2: atan(c) is
    F within 2^-47 of it, and tau ~ -1/a (a - c rounded, like tau's own roundings)."""
    out = [(0.0, FAST_FIRST)]
    e = 0
    while len(out) < 29:
        for q in range(4):
            lo = FAST_FIRST * 2 ** e * (1 + mp.mpf(q) / 4)
            hi = FAST_FIRST * 2 ** e * (1 + mp.mpf(q + 1) / 4)
            b, _ = _balanced_node(lo, hi, hi / 2, 2 * lo)
            c = _near_float_node(lo, hi, b)
            tau = lambda a: abs((a - c) / (1 + a * c))
            out.append((c, max(tau(lo), tau(hi))))
        e += 1
    assert FAST_FIRST * 2 ** e == FAST_BIG and len(out) == 29
    below = np.nextafter(np.float32(float(mp.pi / 2)), np.float32(0))
    c = to_float(mp.tan(mp.mpf(float(below))))
    assert abs(mp.atan(c) - mp.mpf(float(below))) < mp.mpf(2) ** -47
    out.append((c, max(abs((FAST_BIG - c) / (1 + FAST_BIG * c)), 1 / mp.mpf(c))))
    return out


def f32_ff_bound(err):
    """(eps, qeps) of accurate float32's float-float first pass (atan-inl.h's atan_f32_ff_first):
    its s + lo (s = hi + t by Fast2Sum) is within eps s + qeps |q| of atan(a), q = fma(t^3, p,
    tl) the small term, for 2^-125 <= a (smaller a are redone).  With tau = t + tl, |tl| <= 2^-23
    |t| (t = num (1/den) rounded twice), |t| <= s in every slot, the part relative to q:
      the polynomial's error relative to atan(t) - t (err, certified: c3's distance to -1/3
        dominates where t is small);
      atan(t + tl) = atan(t) + tl - t^2 tl + ..: t^2 tl dropped, <= 2^-23 |t|^3 = 3 x 2^-23 |q|;
      q's float roundings (t^2, t^3, p's two FMAs, the FMA with tl) and those of bl + q, e + (bl +
        q) and lo +- d where q dominates them: 8 x 2^-24;
    the part relative to s (4x margin, rounded up to a power of two):
      tau = t + tl: 1 - den exact (1 <= den < 2^24), dl's rounding (2^-48 of den), the
        remainder's and tl's roundings and 1/den's error in tl: 4 x 2^-47;
      slot 29 (c = 2^64, a <= 2^27): a - c rounds to -c and den + dl = a c: tau = -1/a within
        1/c = 2^-64 absolute;
      base lo rounded to float (|lo| <= 2^-36 hi; slot 29 2^-24.4): 2^-48; e's and bl's parts of
        the roundings of lo and lo +- d: 3 x 2^-48."""
    two = mp.mpf(2)
    flat = 4 * two ** -47 + two ** -64 + 4 * two ** -48
    qpart = err + 3 * two ** -23 + 8 * two ** -24
    return two ** int(mp.ceil(mp.log(4 * flat, 2))), two ** int(mp.ceil(mp.log(qpart, 2)))


def _near_double_node(lo, hi, centre, nmin, nmax):
    """The double c nearest `centre` in [nmin, nmax] whose atan lies within 2^-12 of its ulp
    from a double: the base atan(c) rounded is then exact to 2^-64 relative, with no low part."""
    up = down = np.float64(float(centre))
    for _ in range(1 << 18):
        for c in (up, down):
            if not (nmin <= mp.mpf(float(c)) <= nmax):
                continue
            v = mp.atan(mp.mpf(float(c)))
            d = mp.mpf(to_double(v))
            if abs(v - d) <= mp.mpf(2) ** (mp.floor(mp.log(d, 2)) - 52 - 12):
                return float(c)
        up, down = np.nextafter(up, np.inf), np.nextafter(down, 0.0)
    raise AssertionError((lo, hi))


def f64_fast_nodes():
    """[(c, max |tau| over the slot, max |tau| / atan(a) over the slot)] for the float64 fast
    grid, the float32 fast grid's layout read from the double's bits >> 50: slot 0 is [0, 1/16)
    with node 0 (tau = a exactly, base 0), slots 1..28 the quarter binades from 1/16 to 8, each
    node balancing |tau| and moved to a double whose atan is nearly a double (_near_double_node;
    a - c exact), and slot 29 a >= 8 with the node near 8 + sqrt(65), which balances tau(8) and
    tau(inf) = 1/c (there a - c is rounded, a third rounding of tau)."""
    tau = lambda c, a: (a - c) / (1 + a * c)
    out = [(0.0, FAST_FIRST, mp.mpf(1))]
    e = 0
    while len(out) < 29:
        for q in range(4):
            lo = FAST_FIRST * 2 ** e * (1 + mp.mpf(q) / 4)
            hi = FAST_FIRST * 2 ** e * (1 + mp.mpf(q + 1) / 4)
            b, _ = _balanced_node(lo, hi, hi / 2, 2 * lo, bits=53)
            c = _near_double_node(lo, hi, b, hi / 2, 2 * lo)
            t = max(abs(tau(c, lo)), abs(tau(c, hi)))
            out.append((c, t, max(abs(tau(c, a)) / mp.atan(a) for a in (lo, hi))))
        e += 1
    assert FAST_FIRST * 2 ** e == FAST_BIG and len(out) == 29
    c = _near_double_node(FAST_BIG, mp.inf, FAST_BIG + mp.sqrt(65), FAST_BIG, 4 * FAST_BIG)
    t = max(abs(tau(c, FAST_BIG)), 1 / mp.mpf(c))
    out.append((c, t, t / mp.atan(FAST_BIG)))
    return out


def _fit_atan(tau_max, powers, conv):
    coeffs, _ = fit(mp.atan, 0, tau_max, powers, fixed=lambda r: r, grid_points=800)
    rounded = [mp.mpf(conv(c)) for c in coeffs]
    err = certified_error("atan(x)", -tau_max, tau_max, [(1, 1)] + list(zip(powers, rounded)))
    return coeffs, err


def _poly_block(block, coeffs, powers, conv, var="tau"):
    for c, k in zip(coeffs, powers):
        block.add(f"c{k}", conv(c), f"{var}^{k}")


def generate():
    out = []
    with mp.workdps(40):
        inner = nodes()
        tau_max = max(t for _, t in inner)
        out.append(Table("vm_atan_node", "double", [b for b, _ in inner],
                         "atan: node c_j of a <= 1 (j < 16) and of a > 1 (16 + j)"))
        base = [mp.atan(b) for b, _ in inner]
        hi = [to_double(v) for v in base]
        out.append(Table("vm_atan_base_hi", "double", hi, "atan: atan(c_j) rounded"))
        out.append(Table("vm_atan_base_lo", "double", [to_double(v - h) for v, h in zip(base, hi)],
                         "atan: atan(c_j) - vm_atan_base_hi"))
        assert min(hi[1:]) > tau_max  # |base| >= |tau| (or base = 0): Fast2Sum
        # a c and 1/(a c) stay normal below the branch-free limit
        assert spec.limit("atan", "f64_branch_free_abs") * HUGE_NODE < 2.0 ** 1022
        # the clamped inf: a c overflows (tau = 0) and atan(F32_HUGE_NODE) rounds to float(pi/2)
        assert spec.limit("atan", "f32_grid_clamp") * F32_HUGE_NODE > 2.0 ** 128
        assert to_float(mp.atan(F32_HUGE_NODE)) == to_float(mp.pi / 2)
        b = Block("vm_atan_k", "double", "atan float64 reduction")
        b.add("grid", float(GRID), "j = round(grid * u)")
        b.add("shift", SHIFT_F64, "round-to-integer shift, 1.5*2^52")
        b.add("pio2_hi", to_double(mp.pi / 2), "pi/2 rounded")
        out.append(b)
        out.append(Block("vm_atan_bits", "uint64_t", "atan: reciprocal seed")
                   .add("recip_magic", RECIP_MAGIC,
                        "r0 = double(recip_magic - bits(a)), |1 - a r0| <= 0.0506"))

        for tier, powers, target in (("f64", [3, 5, 7, 9], "accurate float64"),):
            coeffs, err = _fit_atan(tau_max, powers, to_double)
            b = Block(f"vm_atan_{tier}_k", "double",
                      f"atan {target}: tau + c3 tau^3 + .. + c{powers[-1]} tau^{powers[-1]} on"
                      f" |tau| <= {mp.nstr(tau_max, 6)},"
                      f" relative error <= 2^{err_bits(err)} (certified)")
            _poly_block(b, coeffs, powers, to_double)
            out.append(b)

        grid32 = f32_nodes()
        index_base = int(float32_bits(float(F32_FIRST))) // 2 ** 22 - 1

        def rotated(values):  # slot i at entry (index_base + i) mod 16
            return [values[(i - index_base) % F32_SLOTS] for i in range(F32_SLOTS)]
        fast = f32_fast_nodes()
        fast_base = int(float32_bits(float(FAST_FIRST))) // 2 ** 21 - 1

        def rotated32(values):  # slot i at entry (fast_base + i) mod 32; entries 30, 31 repeat 29
            values = values + [values[-1]] * (FAST_SLOTS - len(values))
            return [values[(i - fast_base) % FAST_SLOTS] for i in range(FAST_SLOTS)]
        assert all(to_float(c) == c for c, _ in fast)
        out.append(Table("vm_atan_f32_node", "float", rotated32([c for c, _ in fast]),
                         "atan float32 fast: node c of slot i (0: a < 1/16, 29: a >= 8) at entry"
                         " (index_base + i) mod 32"))
        out.append(Table("vm_atan_f32_base", "float", rotated32([to_float(mp.atan(c)) for c, _ in fast]),
                         "atan float32 fast: atan(c) rounded to float (within 2^-12 ulp), same order"))
        out.append(Table("vm_atan_grid_node", "double", rotated([to_double(c) for c, _ in grid32]),
                         "atan float32 accurate, first pass: the float grid's nodes as doubles,"
                         " same order (entry (bits(double a) >> 51) mod 16 is the same)"))
        out.append(Table("vm_atan_grid_base", "double", rotated([to_double(mp.atan(c)) for c, _ in grid32]),
                         "atan float32 accurate, first pass: atan(c) rounded to double, same order"))
        tmax = max(t for _, t in grid32) * (1 + mp.mpf(2) ** -20)  # + tau's roundings
        coeffs, err = _fit_atan(tmax, GRID_F64_POWERS, to_double)
        # first-pass error, relative to the result: the polynomial's (|atan tau| <= |result|),
        # base's and ~6 double roundings; the window must hold it in double ulps of the result
        first_pass = err + 8 * mp.mpf(2) ** -53
        assert spec.limit("atan", "f32_cr_window") >= 4 * first_pass * 2 ** 53
        b = Block("vm_atan_grid_f64_k", "double",
                  f"atan float32 accurate, first pass in double on the float grid: tau + c3 tau^3 +"
                  f" .. + c{GRID_F64_POWERS[-1]} tau^{GRID_F64_POWERS[-1]} on |tau| <="
                  f" {mp.nstr(tmax, 6)}, relative error <= 2^{err_bits(err)} (certified);"
                  f" with the roundings 2^{err_bits(first_pass)}")
        # the slot from a double: a clamped to [lo, hi] keeps bits >> 51 on the 16 values of the
        # slots, (2 (1023 - 127)) = 0 mod 16 above the float's bits >> 22, so the same entries
        lo = float(np.frombuffer(np.uint32(index_base << 22).tobytes(), np.float32)[0])
        hi = float(np.frombuffer(np.uint32((index_base + F32_SLOTS - 1) << 22).tobytes(), np.float32)[0])
        assert (2 * (1023 - 127)) % F32_SLOTS == 0 and lo == 0.09375 and hi == 16.0
        b.add("slot_lo", lo, "a is clamped to [slot_lo, slot_hi] for the slot: node 0 below 1/8")
        b.add("slot_hi", hi, "the start of the last slot (node 2^30)")
        _poly_block(b, coeffs, GRID_F64_POWERS, to_double)
        out.append(b)
        # one fit for every slot's |tau| (slot 0: tau = a, the whole result; slot 29: <= 1/8)
        tq = max(t for _, t in fast) * (1 + mp.mpf(2) ** -20)
        coeffs, err = _fit_atan(tq, FAST_POWERS, to_float)
        fast_coeffs = coeffs
        terms = " + ".join(f"c{k} tau^{k}" for k in FAST_POWERS)
        b = Block("vm_atan_fast_f32_k", "float",
                  f"atan fast float32: tau + {terms} on |tau| <= {mp.nstr(tq, 6)}, relative error"
                  f" <= 2^{err_bits(err)} (certified) (float coefficients)")
        _poly_block(b, coeffs, FAST_POWERS, to_float)
        out.append(b)
        # accurate float32's float-float first pass: the fast grid, slot 29's node FF_BIG_NODE
        ff = fast[:-1] + [(FF_BIG_NODE, mp.mpf(1) / FAST_BIG)]
        ff_hi = [to_float(mp.atan(c)) for c, _ in ff]
        ff_lo = [to_float(mp.atan(c) - h) for (c, _), h in zip(ff, ff_hi)]
        # Fast2Sum hi + t (slot 0: hi = 0), and |t| <= s, in every slot
        assert all(h > 2 * t for (_, t), h in zip(ff[1:], ff_hi[1:]))
        # a c finite; a - c rounds to -c (a below half an ulp of c)
        assert FF_CLAMP * FF_BIG_NODE < 2.0 ** 127 and FF_CLAMP < FF_BIG_NODE * 2.0 ** -25
        # from the clamp on, atan(a) rounds to float(pi/2) (2x from the midpoint below it)
        mid = mp.mpf(to_float(mp.pi / 2)) - mp.mpf(2) ** -24
        assert mp.pi / 2 - 2 / mp.mpf(FF_CLAMP) > mid
        # the polynomial's error relative to atan(t) - t (q's leading term), certified
        # on [2^-12, tq], and its limit at 0, |3 c3 + 1| (t^2 c5 / c3 < 2^-24 below 2^-12)
        fc = [mp.mpf(to_float(c)) for c in fast_coeffs]
        qerr = max(certified_error("atan(x) - x", mp.mpf(2) ** -12, tq, list(zip(FAST_POWERS, fc)),
                                   pieces=4), abs(3 * fc[0] + 1) * (1 + mp.mpf(2) ** -20))
        eps, qeps = f32_ff_bound(qerr)
        out.append(Table("vm_atan_f32_ff_node", "float", rotated32([c for c, _ in ff]),
                         "atan float32 accurate, float-float first pass: the fast grid's nodes,"
                         f" slot 29's 2^{int(np.log2(FF_BIG_NODE))}, same order"))
        out.append(Table("vm_atan_f32_ff_hi", "float", rotated32(ff_hi),
                         "atan float32 accurate, float-float first pass: atan(c) rounded to float"))
        out.append(Table("vm_atan_f32_ff_lo", "float", rotated32(ff_lo),
                         "atan float32 accurate, float-float first pass: atan(c) - hi rounded to float"))
        b = Block("vm_atan_f32_ff_k", "float",
                  f"atan float32 accurate, float-float first pass: the fast tier's polynomial, its"
                  f" error relative to atan(t) - t <= 2^{err_bits(qerr)} (certified on"
                  f" [2^-12, {mp.nstr(tq, 6)}]); Ziv's test d = eps s + qeps |q|")
        b.add("clamp", FF_CLAMP, "a = min(|x|, clamp): a c finite; beyond, the result is float(pi/2)")
        b.add("eps", float(eps), "Ziv's test: the part of d relative to s")
        b.add("qeps", float(qeps), "Ziv's test: the part of d relative to q (polynomial and q's roundings)")
        out.append(b)
        fast64 = f64_fast_nodes()
        f64_base = int(np.float64(float(FAST_FIRST)).view(np.int64)) // 2 ** 50 - 1

        def rotated64(values):  # slot i at entry (f64_base + i) mod 32; entries 30, 31 repeat 29
            values = values + [values[-1]] * (FAST_SLOTS - len(values))
            return [values[(i - f64_base) % FAST_SLOTS] for i in range(FAST_SLOTS)]
        out.append(Table("vm_atan_f64_node", "double", rotated64([c for c, _, _ in fast64]),
                         "atan float64 fast: node c of slot i (0: a < 1/16, 29: a >= 8) at entry"
                         " (f64_base + i) mod 32"))
        out.append(Table("vm_atan_f64_base", "double",
                         rotated64([to_double(mp.atan(c)) for c, _, _ in fast64]),
                         "atan float64 fast: atan(c) rounded (within 2^-12 ulp), same order"))
        tq = max(t for _, t, _ in fast64) * (1 + mp.mpf(2) ** -20)
        coeffs, err = _fit_atan(tq, F64_FAST_POWERS, to_double)
        # The written budget (ULPs of y = base + v, v = t + t^3 p(t^2); u = 2^-53, ulp(y) >= u y):
        # the final rounding 0.5; tau's roundings (den and the division, slot 29 also a - c: k u
        # relative) k r with r = |tau| / atan(a); v's rounding r; base 2^-11 (ulp(base) <= 2
        # ulp(y)); p's error err r / u (slot 0: r = 1, tau exact); t^3 p's roundings 1 %.
        budget = max(0.5 + (0 if i == 0 else (3 if i == 29 else 2) * r + r + mp.mpf(2) ** -11)
                     + err * r * 2 ** 53 + mp.mpf(0.01) for i, (_, _, r) in enumerate(fast64))
        assert budget < 1, budget
        # fast float64 clamps a to f64_branch_free_abs: a c stays finite
        assert spec.limit("atan", "f64_branch_free_abs") * fast64[-1][0] < 2.0 ** 1023
        b = Block("vm_atan_f64_fast_k", "double",
                  f"atan fast float64: tau + c3 tau^3 + .. + c{F64_FAST_POWERS[-1]}"
                  f" tau^{F64_FAST_POWERS[-1]} on |tau| <= {mp.nstr(tq, 6)}, relative error <="
                  f" 2^{err_bits(err)} (certified); error budget {mp.nstr(budget, 3)} ULP")
        lo = float(np.int64(f64_base << 50).view(np.float64))
        hi = float(np.int64((f64_base + 29) << 50).view(np.float64))
        assert lo < FAST_FIRST and hi == FAST_BIG
        b.add("slot_lo", lo, "a is clamped to [slot_lo, slot_hi] for the slot: node 0 below 1/16")
        b.add("slot_hi", hi, "the start of the last slot")
        _poly_block(b, coeffs, F64_FAST_POWERS, to_double)
        out.append(b)
        num, den = APPROX_RATIONAL
        p, q, err = certified_odd_rational(mp.atan, "atan(x)", mp.mpf(1), num, den, to_double,
                                           grid_points=1200, pieces=2)
        b = Block("vm_atan_approx_f64_k", "double",
                  f"atan approx float64: atan(t) = t (1 + p1 u + ..) / (1 + q1 u + ..), u = t^2,"
                  f" degrees {num}/{den}, on [0, 1], relative error <= 2^{err_bits(err)} (certified)")
        b.add("pio2", to_double(mp.pi / 2), "pi/2 rounded")
        out.append(b.add_rational(p, q, to_double))
        coeffs, err = _fit_atan(mp.mpf(1), APPROX_F32_POWERS, to_float)
        b = Block("vm_atan_approx_f32_k", "float",
                  f"atan approx float32: atan(t) = t + c3 t^3 + .. + c{APPROX_F32_POWERS[-1]}"
                  f" t^{APPROX_F32_POWERS[-1]} on [0, 1], relative error <= 2^{err_bits(err)}"
                  " (certified) (float coefficients)")
        b.add("pio2", to_float(mp.pi / 2), "pi/2 rounded")
        _poly_block(b, coeffs, APPROX_F32_POWERS, to_float, var="t")
        out.append(b)
        bf = Block("vm_atan_f32_grid", "uint32_t", "atan float32 fast: slot of a")
        bf.add("index_base", fast_base,
               "slot = clamp(bits(a) >> 21, index_base, index_base + 29) - index_base")
        out.append(bf)

    return out

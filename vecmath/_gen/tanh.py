"""tanh: odd minimax polynomials near 0, saturation thresholds, the float32 fast expm1 table
and the approx tiers' rationals.

float64 accurate and fast (and float32 accurate, computed in double): tanh(a) = a + a^3 P(a^2)
for |a| < 1/32 (accurate) or 1/8, 1 - 2/(exp(2a) + 1) beyond with exp(2a) from exp's N=16 table and its tails
(vecmath/_gen/exp.py) and a degree-7 polynomial of its own (vm_tanh_exp_k); the fast float64
kernel corrects its division with a bit-trick 1/D (atan's seed).  float32 fast: a division-free
piecewise polynomial, degree 5 in t = a - s_i on 31 slots read from a's bits (f32_fast_slots),
origins s_i chosen where tanh is nearly a float.  approx (both dtypes): one odd
rational a (1 + p1 u + ..) / (1 + q1 u + ..), u = a^2, on [0, sat), and 1 beyond sat.
"""
import mpmath as mp

from .. import spec
from .common import Block, Table, err_bits, rows, to_double, to_float
from .certify import certified_error, certified_odd_rational, exact as certify_exact
from .exp import _fit_exp, _poly_block, _reduction_f64, f32_first_try
from .remez import fit
from .atan import RECIP_MAGIC

POLY_LIMIT = mp.mpf(1) / 8  # float64 kernels: polynomial below, exp beyond
# accurate float64: the exp side's 2/(E - 1) magnification (31 at 1/32) costs it nothing against
# its 2^-65.3 polynomial, and a polynomial below 1/32 needs two terms fewer than below 1/8
ACCURATE_POLY_LIMIT = mp.mpf(1) / 32
# approx rationals: (numerator, denominator degree in u = a^2, b): they run to sat, where
# 1 - tanh(sat) = 2^-b, and return 1 beyond.  b exceeds the fit's error by a margin larger than
# the evaluation's roundings, so the rational stays below 1 without a cap (checked below).
APPROX_F32 = (3, 3, 18)
# float64: degrees 4/5 with b = 28 (2^25 ULP beyond sat, bound 2^26) are one FMA fewer than 5/5
# with b = 30 (2^23 ULP): 5 % of the kernel's time on an AMD EPYC family 25 model 17; 4/4 and 5/4
# cannot reach b = 28, and b = 27 would sit at the bound itself.
APPROX_F64 = (4, 5, 28)


def saturation(bits):
    """Smallest a with tanh(a) rounding to 1 in a `bits`-bit format: 1 - tanh(a) < 2^-(bits+1)."""
    half_ulp = mp.mpf(2) ** -(bits + 1)
    return mp.log(2 / half_ulp - 1) / 2


def _odd_poly(name, what, limit, n, sat_bits=53):
    """Block `name`: tanh(a) = a + a^3 P(a^2) on |a| < limit (n coefficients), the limit, and
    sat, beyond which tanh rounds to 1 in a sat_bits format; returns (block, certified error)."""
    powers = [2 * k + 1 for k in range(1, n + 1)]
    coeffs, _ = fit(mp.tanh, mp.mpf(2) ** -40, limit, powers, fixed=lambda a: a,
                    grid_points=1500)
    rounded = [mp.mpf(to_double(c)) for c in coeffs]
    err = certified_error("tanh(x)", -limit, limit, [(1, 1)] + list(zip(powers, rounded)))
    b = Block(name, "double",
              f"{what}: tanh(a) = a + a^3 P(a^2), degree {powers[-1]} on |a| < {mp.nstr(limit, 4)},"
              f" relative error <= 2^{err_bits(err)} (certified)")
    b.add("poly_limit", to_double(limit), "polynomial below, 1 - 2/(exp(2a)+1) beyond")
    b.add("sat", to_double(saturation(sat_bits)) * (1 + 2.0 ** -40),
          f"tanh(a) rounds to 1 beyond ({'float64' if sat_bits == 53 else 'float32'})")
    for c, k in zip(coeffs, powers):
        b.add(f"c{k}", to_double(c), f"a^{k}")
    return b, err


def _f32_first_pass():
    """vm_tanh_f32_first_k: accurate float32's first pass in double, a + a^3 P(a^2) below 1/8
    and 1 - 2/(E + 1) beyond, E = exp(2a) from exp's float32 first try (vm_exp_f32_accurate_k:
    no tails, degree 4); asserts that f32_cr_window double ulps hold its error with a 4x
    margin.  A relative error d of E costs 2E/(E^2 - 1) d <= 3.96 d of tanh (a >= 1/8); the
    roundings of E + 1 and of the division 2/(E + 1) cost 2/(E - 1) <= 7.04 of themselves, E's
    own 3.96 and 1 - q one."""
    block, poly_err = _odd_poly("vm_tanh_f32_first_k", "accurate float32, first pass (double)",
                                POLY_LIMIT, 4, sat_bits=24)
    _, _, exp_bound = f32_first_try()
    unit = mp.mpf(2) ** -53
    bound = max(poly_err + 4 * unit, 3.96 * exp_bound + (7.04 + 7.04 + 3.96 + 1) * unit)
    assert spec.limit("tanh", "f32_cr_window") >= 4 * bound * 2 ** 53, bound
    block.comment += f"; first pass within 2^{err_bits(bound)} relative"
    return block


F32_SLOTS = 32
F32_FIRST_BINADE = -4       # quarter binades (linear quarters) from 2^-4; slot 31 is [0, 2^-4)
F32_QUARTERS = 29           # [2^-4, 5*2^-6), ..., [8, 10); slot 29 (and 30): [10, ..) gives 1
F32_DEGREE = 5
F32_CLAMP = 10.0            # a = min(|x|, 10): slot 29, where the result is 1


def f32_fast_slots():
    """[(lo, hi)] of the float32 fast pieces per slot, as exact floats: slot i < 29 is the i-th
    linear quarter of a binade from 2^-4 (the index is bits(a) >> 21: exponent and the top two
    mantissa bits); 29 and 30 are [10, 12), reached only by the clamp (the result is 1); slot 31
    is [0, 2^-4), where an unsigned min sends every a < 2^-4 (and NaN)."""
    out = []
    e = F32_FIRST_BINADE
    while len(out) < F32_QUARTERS:
        out += [(2.0 ** e * (1 + q / 4), 2.0 ** e * (1 + (q + 1) / 4)) for q in range(4)]
        e += 1
    out = out[:F32_QUARTERS]
    return out + [(F32_CLAMP, 12.0)] * (F32_SLOTS - 1 - F32_QUARTERS) + [(0.0, 2.0 ** F32_FIRST_BINADE)]


def near_float_origin(lo, f=mp.tanh):
    """The largest float s <= lo whose f(s) lies within 2^-12 of its own ulp from a float, so
    that C0 = f(s) rounded to float costs the fit nothing: t = a - s is exact (Sterbenz:
    s <= a < 1.25 lo <= 2 s) and t >= 0 (erf's slots search down from their midpoints)."""
    import numpy as np
    s = np.float32(lo)
    for _ in range(1 << 16):
        v = f(mp.mpf(float(s)))
        c = mp.mpf(to_float(v))
        ulp = mp.mpf(2) ** (mp.floor(mp.log(c, 2)) - 23)
        if abs(v - c) <= ulp * mp.mpf(2) ** -12:
            return float(s), float(c)
        s = np.nextafter(s, np.float32(0))
    raise AssertionError(lo)


def fit_rounded(f, lo, hi, fixed_coeffs, degree, relative_to):
    """Coefficients c_k (k < degree + 1) of sum c_k t^k ~ f on [lo, hi], float, rounded one at a
    time from the lowest free power with the higher ones refitted to the rounded ones (the
    float rounding of c1 would otherwise cost 2^-27 relative at the end of a slot)."""
    coeffs = list(fixed_coeffs)
    while len(coeffs) < degree + 1:
        k0 = len(coeffs)
        done = list(coeffs)
        fixed = lambda t, done=done: relative_to(t) + sum(c * t ** k for k, c in enumerate(done))
        free, _ = fit(f, lo, hi, list(range(k0, degree + 1)), fixed=fixed, grid_points=400, iters=20)
        coeffs.append(mp.mpf(to_float(free[0])))
    return coeffs


def _f32_fast():
    """fast float32 (faithful, no division): tanh(a) = B + t S1(t), S1 = c1 + c2 t + .. + c5 t^4
    by Horner, t = a - s_i on the slot i of a (table of origins s_i, each a float just below
    the slot's start whose tanh is within 2^-12 ulp of a float, so c0 = tanh(s_i) rounded is
    nearly exact), B = c0; below 2^-4 (slot 31) s = 0, B = t and S1 = t (c2 + .. ) (c1 ~ 0), so
    the result is t + t S1 with |t S1| <= t/700.  Coefficients rounded to float one at a time,
    the higher ones refitted; the error of the rounded polynomial is certified by Sollya."""
    slots = f32_fast_slots()
    cols = [[] for _ in range(F32_DEGREE + 1)]
    origins = []
    worst = mp.mpf(0)
    cache = {}
    for lo, hi in slots:
        if (lo, hi) in cache:
            s, coeffs = cache[(lo, hi)]
        elif lo >= F32_CLAMP:  # the clamp's slot: 1
            s, coeffs = F32_CLAMP, [mp.mpf(1)] + [mp.mpf(0)] * F32_DEGREE
        elif lo == 0:  # t + t S1(t): c0 = 0 and c1 is stored as c1 - 1
            s = 0.0
            t0, t1 = mp.mpf(2) ** -40, mp.mpf(hi)
            coeffs = fit_rounded(mp.tanh, t0, t1, [mp.mpf(0)], F32_DEGREE, lambda t: t)
            err = certified_error("tanh(x)", t0, t1, [(1, 1 + coeffs[1])] + list(enumerate(coeffs))[2:])
            worst = max(worst, err)
        else:
            s, c0 = near_float_origin(lo)
            t0, t1 = mp.mpf(lo) - mp.mpf(s), mp.mpf(hi) - mp.mpf(s)
            f = lambda t, s=s: mp.tanh(mp.mpf(s) + t)
            coeffs = fit_rounded(f, t0, t1, [mp.mpf(c0)], F32_DEGREE, lambda t: 0)
            err = certified_error(f"tanh(x + {certify_exact(mp.mpf(s))})", t0, t1, list(enumerate(coeffs)))
            worst = max(worst, err)
        cache[(lo, hi)] = (s, coeffs)
        origins.append(s)
        for k in range(F32_DEGREE + 1):
            cols[k].append(to_float(coeffs[k]))
    b = Block("vm_tanh_fast_f32_k", "float",
              f"fast float32: {F32_QUARTERS + 2} slots (quarter binades from 2^-4 to 10, [0, 2^-4), 1 at"
              f" the clamp), c0 + t (c1 + .. + c{F32_DEGREE} t^{F32_DEGREE - 1}), t = a - s_i,"
              f" relative error <= 2^{err_bits(worst)} (certified) (float coefficients)")
    b.add("clamp", F32_CLAMP, "a is clamped to this: its slot gives 1 (tanh rounds to 1 from 9.01)")
    b.add("small", 2.0 ** F32_FIRST_BINADE, "below: slot 31, the result is t + t S1(t)")
    b.add("index_base", float((127 + F32_FIRST_BINADE) * 4), "slot = min_unsigned((bits(a) >> 21) - this, 31)")
    tables = [Table("vm_tanh_fast_f32_s", "float", origins,
                    "fast float32: origin s_i of each slot (t = a - s_i, exact)")]
    for k in range(F32_DEGREE + 1):
        tables.append(Table(f"vm_tanh_fast_f32_c{k}", "float", cols[k],
                            f"fast float32: t^{k} coefficient per slot" + (" (slot 31: c1 - 1)" if k == 1 else "")))
    tables.append(rows("vm_tanh_fast_f32_rows", tables, 8, "fast float32: the slot tables as rows (AVX2)"))
    return [b] + tables


def _approx_rational(dtype):
    """vm_tanh_approx_<dtype>_k: the odd rational of APPROX_<dtype> on [0, sat], its coefficients
    rounded to the kernel's type and its relative error certified by Sollya (supnorm of the
    polynomial x P(x^2) against tanh(x) Q(x^2): their ratio minus 1 is the rational's error)."""
    num, den, b = APPROX_F32 if dtype == "f32" else APPROX_F64
    conv, ctype, unit = (to_float, "float", 2.0 ** -24) if dtype == "f32" else (to_double, "double", 2.0 ** -53)
    sat = mp.atanh(1 - mp.mpf(2) ** -b)
    sat = mp.mpf(conv(sat)) if conv(sat) <= sat else mp.mpf(conv(sat * (1 - mp.mpf(unit))))
    p, q, err = certified_odd_rational(mp.tanh, "tanh(x)", sat, num, den, conv)
    # below sat, R <= tanh(a) (1 + err) (1 + ~8 roundings) < 1, since 1 - tanh(a) > 2^-b
    assert err + 16 * unit < 1 - mp.tanh(sat) and 1 - mp.tanh(sat) >= mp.mpf(2) ** -b
    b = Block(f"vm_tanh_approx_{dtype}_k", ctype,
              f"approx {'float32' if dtype == 'f32' else 'float64'}: tanh(a) = a (1 + p1 u + .. + "
              f"p{num} u^{num}) / (1 + q1 u + .. + q{den} u^{den}), u = a^2, on [0, sat),"
              f" relative error <= 2^{err_bits(err)} (certified); 1 - tanh(sat) ="
              f" 2^{err_bits(1 - mp.tanh(sat))}, so the rational stays below 1")
    b.add("sat_sq", conv(sat * sat), "sat^2 rounded: x^2 >= sat_sq selects +-1")
    return b.add_rational(p, q, conv)


def generate():
    out = []
    with mp.workdps(40):
        out.append(_odd_poly("vm_tanh_accurate_f64_k", "accurate", ACCURATE_POLY_LIMIT, 4)[0])
        b = Block("vm_tanh_fast_f64_k", "double",
                  "fast float64: expm1(2a) / (exp(2a) + 1) for every a (exp(2a): vm_tanh_exp_k)")
        clamp = 20.0  # 1 - tanh(20) = 2^-56.8: N/D rounds to 1 there with 2^2.8 ULP to spare
        assert 2 * mp.exp(-2 * clamp) < mp.mpf(2) ** -56
        b.add("clamp", clamp, "a is clamped to this: tanh rounds to 1 beyond, N/D at it too")
        out.append(b)
        out.append(Block("vm_tanh_fast_f64_bits", "uint64_t", "fast float64: 1/D seed for the division's correction")
                   .add("recip_magic", RECIP_MAGIC, "w = double(recip_magic - bits(D)), |1 - D w| <= 0.0506 (atan's seed)"))
        out.append(_f32_first_pass())
        # exp(2a), 2a < 2 sat: N = 16 (a 16-entry table is one register permute on AVX-512),
        # degree 7 on |r| <= ln2/32 (k < 2^10, so a 37-bit ln2_hi_n keeps k ln2_hi_n exact)
        powers = [2, 3, 4, 5, 6, 7]
        coeffs, err = _fit_exp(mp.log(2) / 32 * (1 + mp.mpf(2) ** -20), powers, to_double)
        b = Block("vm_tanh_exp_k", "double",
                  f"accurate and fast float64: exp(2a) = 2^(k/16) (1 + tail) (1 + r + c2 r^2 + .."
                  f" + c7 r^7) on |r| <= ln2/32, relative error <= 2^{err_bits(err)} (certified)")
        _reduction_f64(b, 16, 37)
        _poly_block(b, coeffs, powers, to_double)
        out.append(b)
        out.append(_approx_rational("f64"))
        out.append(_approx_rational("f32"))
        out += _f32_fast()
        out += _f32_ff()
        out.append(_f32_ff_small())
    return out


# accurate float32, float-float first pass (issue 37): the fast tier's quarter binades read as
# bits(a) >> 21 mod 32 (rotated tables: [2^-4, 16) is 32 slots, no subtraction, no clamp of the
# index; slot 31, [14, 16), never reached after a = min(|x|, 10), holds [0, 2^-4) instead, where
# max(bits >> 21, FF_INDEX_BASE - 1) sends every a < 2^-4), degree 7, nodes near each slot's
# centre (t = a - s exact), c1 as a float pair hi + lo.
FF_DEGREE = 7
FF_INDEX_BASE = (127 + F32_FIRST_BINADE) * 4      # bits(2^-4) >> 21
FF_UNIT = mp.mpf(2) ** -24


def _near_float_node(lo, hi, start):
    """The float s in [lo, hi) nearest `start` whose tanh lies within 2^-12 of its own ulp from a
    float (c0 = tanh(s) rounded costs 2^-36 relative at most): t = a - s is exact (one binade)."""
    import numpy as np
    up = down = np.float32(start)
    for _ in range(1 << 18):
        for s in (up, down):
            if not lo <= float(s) < hi:
                continue
            v = mp.tanh(mp.mpf(float(s)))
            c = mp.mpf(to_float(v))
            ulp = mp.mpf(2) ** (mp.floor(mp.log(min(c, v), 2)) - 23)
            if abs(v - c) <= ulp * mp.mpf(2) ** -12:
                return float(s), c
        up, down = np.nextafter(up, np.float32(np.inf)), np.nextafter(down, np.float32(0))
    raise AssertionError((lo, hi))


def ff_eval_bound(coeffs, s, t0, t1, points=400):
    """Rounding error of accurate float32's float-float evaluation (tanh-inl.h, tanh_f32_ff_first)
    relative to tanh(s + t), over t in [t0, t1] (the maximum on a grid of `points`, times 1.05):
    S3 = c3 + .. + c7 t^4 by Horner (each FMA's rounding: u (k - 2) |c_k t^(k-3)|), t2 = t^2
    rounded, w = t2 S3 + pe, w2 = w + c1lo, S1lo = e1 + w2 (e1 and pe exact: Fast2Sum and the FMA
    product error; where |t c2| > c1hi, in slot [8, 10) alone, e1 is off by 4 u |S1| at most), then pe1 = t S1lo + pe0 and yl = e0 + pe1 (e0, pe0 exact) each rounded once;
    u = 2^-24.  Every other operation is exact."""
    u = FF_UNIT
    c = coeffs
    c1 = c[1] + c[2]   # hi + lo
    c2, hi = c[3], c[1]
    higher = c[4:]     # c3 .. c7
    worst = mp.mpf(0)
    for j in range(points + 1):
        t = t0 + (t1 - t0) * j / points
        y = mp.tanh(mp.mpf(s) + t)
        if y == 0:
            continue
        s3 = sum(ck * t ** k for k, ck in enumerate(higher))
        err_s3 = u * sum((k + 1) * abs(ck * t ** k) for k, ck in enumerate(higher)) * 1.01
        p = t * c2
        pe = abs(p) * u
        w = abs(t * t * s3) * (1 + 3 * u) + pe
        w2 = w + abs(c[2])
        s1h = abs(c1 + p)
        s1l = u * s1h + w2
        e1 = t * t * err_s3 + u * t * t * abs(s3) + u * (w + w2 + s1l)
        if abs(p) > hi:   # Fast2Sum out of order (slot [8, 10): t S1 <= 2^-22 y): e1 inexact
            e1 += 4 * u * (hi + abs(p))
        p0 = abs(t) * s1h
        pe1 = abs(t) * s1l + u * p0
        yl = u * y + pe1
        worst = max(worst, (abs(t) * e1 + u * (pe1 + yl)) / y)
    return worst * mp.mpf(1.05)


def _f32_ff():
    """Tables of accurate float32's float-float first pass: per slot the node s, c0 = tanh(s)
    rounded, c1 = c1hi + c1lo, c2 .. c7 (floats, rounded one at a time from c2 with the higher
    ones refitted), and eps, the Ziv test's d / yh: the certified error of the rounded polynomial
    (c0's distance to tanh(s) included) plus ff_eval_bound, times 1.01, plus 2^-46 (the test's
    own roundings)."""
    slots = f32_fast_slots()[:F32_QUARTERS]     # 29 quarter binades, [2^-4, 10)
    rows_ = []
    for lo, hi in slots:
        if lo == 8.0:   # tanh rounds to 1 - 2^-24 around here: a near-float from its crossing
            start = float(mp.atanh(1 - mp.mpf(2) ** -24))
        else:
            start = (lo + hi) / 2
        rows_.append((lo, hi, _near_float_node(lo, hi, start)))
    out = {}
    worst = mp.mpf(0)
    for k, (lo, hi, node) in enumerate(rows_ + [(0.0, 2.0 ** F32_FIRST_BINADE, (0.0, mp.mpf(0)))]):
        s, c0 = node
        t0 = (mp.mpf(2) ** -40 if lo == 0 else mp.mpf(lo) - mp.mpf(s))
        t1 = mp.mpf(hi) - mp.mpf(s)
        f = lambda t, s=s: mp.tanh(mp.mpf(s) + t)
        free, _ = fit(f, t0, t1, list(range(1, FF_DEGREE + 1)), fixed=lambda t, c0=c0: c0,
                      grid_points=400, iters=20)
        c1hi = mp.mpf(to_float(free[0]))
        c1lo = mp.mpf(to_float(free[0] - c1hi))
        poly = fit_rounded(f, t0, t1, [c0, c1hi + c1lo], FF_DEGREE, lambda t: 0)
        terms = [(0, poly[0]), (1, c1hi), (1, c1lo)] + [(j, poly[j]) for j in range(2, FF_DEGREE + 1)]
        if lo == 0:
            err = certified_error("tanh(x)", t0, t1, [(1, c1hi + c1lo)] + terms[3:])
            assert c1hi == 1 and abs(c1lo) < mp.mpf(2) ** -30
        else:
            err = certified_error(f"tanh(x + {certify_exact(mp.mpf(s))})", t0, t1,
                                  [(0, poly[0]), (1, c1hi + c1lo)] + terms[3:])
        coeffs = [poly[0], c1hi, c1lo] + poly[2:]
        # Fast2Sum conditions: |t c2| <= c1hi, |t S1| <= c0 (or c0 = 0)
        tm = max(abs(t0), abs(t1))
        assert c0 == 0 or tm * (c1hi + tm * abs(poly[2]) * 2) <= c0
        bound = err + ff_eval_bound(coeffs, s, t0, t1)
        worst = max(worst, bound)
        eps = to_float(bound * mp.mpf(1.01) + mp.mpf(2) ** -46)
        eps = eps if eps >= bound * mp.mpf(1.01) + mp.mpf(2) ** -46 else to_float(eps * (1 + 2 * FF_UNIT))
        out[k if lo else 31] = (s, coeffs, eps, err)
    # slot 29 (and 30): the clamp's a = 10, where tanh rounds to 1: the polynomial 1, exact
    one = (F32_CLAMP, [mp.mpf(1)] + [mp.mpf(0)] * (FF_DEGREE + 1), 2.0 ** -40, 0)
    out[29] = out[30] = one

    def rotated(values):    # slot k at entry (FF_INDEX_BASE + k) mod 32
        return [values[(e - FF_INDEX_BASE) % 32] for e in range(32)]
    names = ["s", "c0", "c1hi", "c1lo"] + [f"c{j}" for j in range(2, FF_DEGREE + 1)] + ["eps"]
    cols = {n: [] for n in names}
    for k in range(32):
        s, coeffs, eps, _ = out[k]
        cols["s"].append(float(s))
        for n, v in zip(names[1:-1], coeffs):
            cols[n].append(to_float(v))
        cols["eps"].append(float(eps))
    tables = [Table(f"vm_tanh_f32_ff_{n}", "float", rotated(cols[n]),
                    "accurate float32, float-float first pass: " + what + " (slot k at entry"
                    f" ({FF_INDEX_BASE} + k) mod 32)")
              for n, what in zip(names, ["node s of each slot (t = a - s exact)", "c0 = tanh(s) rounded",
                                         "c1, high part", "c1, low part"]
                                 + [f"t^{j} coefficient" for j in range(2, FF_DEGREE + 1)]
                                 + ["the Ziv test's d / yh: the slot's error bound"])]
    b = Block("vm_tanh_f32_ff_k", "float",
              f"accurate float32, float-float first pass: 31 slots (quarter binades from 2^-4 to 10,"
              f" [0, 2^-4), 1 at the clamp), c0 + t (c1 + c2 t + t^2 (c3 + .. + c{FF_DEGREE}"
              f" t^{FF_DEGREE - 3})), t = a - s_i, c1 = c1hi + c1lo; polynomial and evaluation"
              f" within 2^{err_bits(worst)} relative (the slot's eps: vm_tanh_f32_ff_eps)")
    b.add("clamp", F32_CLAMP, "a = min(|x|, clamp): its slot gives 1 (tanh rounds to 1 from 9.01)")
    b.add("small_index", float(FF_INDEX_BASE - 1), "slot = max(bits(a) >> 21, this) mod 32: [0, 2^-4) below")
    return [b] + tables


# accurate float32, registers whose every lane has a < 2^-4: an odd polynomial without lookups,
# a + a^3 (c3 + c5 a^2 + c7 a^4) with c3 = c3hi + c3lo, evaluated so that its rounding errors are
# relative to the correction a^3 P (at most 2^-9.6 of the result), not to the result: slot
# [0, 2^-4) of the table pass needs 2^-30.7 for its evaluation, this one 2^-41.
FF_SMALL_POWERS = [3, 5, 7]


def ff_small_bound(c3h, c3l, c5, c7, a0, a1, points=400):
    """Rounding error of the small registers' evaluation (tanh-inl.h, tanh_f32_ff_small) relative
    to tanh(a), over a in [a0, a1] (the maximum on a grid of `points`, times 1.05): uh = a^2
    rounded and nul = uh - a^2 (FMA, exact); Q = c5 + c7 uh, m = c3lo + uh Q (rounded; P is
    evaluated at uh, not a^2: |ul| (|c5| + 2 |c7| a^2) more); uh c3hi = v + ve exactly (FMA);
    g = ul c3hi + ve and w = g + uh m rounded, ul m dropped (uh P = v + w); a v = rh + rl exactly
    (FMA), rlo = rl + a w rounded; yh = a + rh by Fast2Sum (exact), yl = e0 + rlo rounded.
    u = 2^-24.  Below a = 2^-40 (a0) no product is exact any more (underflow), but there the
    correction a^3 P is below 2^-80 a and y1 = y2 = a, the correctly rounded result."""
    u = FF_UNIT
    worst = mp.mpf(0)
    for j in range(points + 1):
        a = a0 + (a1 - a0) * j / points
        y = mp.tanh(a)
        a2 = a * a
        ul = u * a2
        q = abs(c5) + abs(c7) * a2
        m = abs(c3l) + a2 * q
        em = u * m * (1 + u) + a2 * u * q            # m's rounding, Q's rounding times uh
        eu = ul * (abs(c5) + 2 * abs(c7) * a2)        # P at uh instead of a^2
        g = ul * abs(c3h) + u * a2 * abs(c3h)         # |ul c3h| + |ve|
        w = g * (1 + u) + a2 * (1 + u) * m
        e2 = u * g + u * w + ul * m                   # g's and w's roundings, ul m dropped
        ea2p = e2 + a2 * (1 + u) * (em + eu)          # on a^2 P(a^2)
        rlo = u * a * a2 * abs(c3h) * (1 + 2 * u) + a * w
        yl = u * y * (1 + u) + rlo
        worst = max(worst, (a * ea2p + u * rlo * (1 + u) + u * yl) / y)
    return worst * mp.mpf(1.05)


def _f32_ff_small():
    """vm_tanh_f32_ff_small_k: the lookup-free pass of registers whose every a < 2^-4: the odd
    minimax a + a^3 P(a^2), c3 rounded to a float pair, then c5 and c7 to floats, each refitted to
    the rounded lower ones; eps = (certified error + ff_small_bound) * 1.01 + 2^-46, as the
    slots' eps."""
    lim = mp.mpf(2) ** F32_FIRST_BINADE
    a0 = mp.mpf(2) ** -40
    fixed = [mp.mpf(0)]      # the a^3, a^5, .. coefficients rounded so far (c3 as hi + lo)
    parts = []
    for i, k in enumerate(FF_SMALL_POWERS):
        done = list(fixed[1:])
        base = lambda a, done=done: a + sum(c * a ** p for p, c in zip(FF_SMALL_POWERS, done))
        free, _ = fit(mp.tanh, a0, lim, FF_SMALL_POWERS[i:], fixed=base, grid_points=1500)
        hi = mp.mpf(to_float(free[0]))
        if k == 3:
            lo = mp.mpf(to_float(free[0] - hi))
            parts += [hi, lo]
            fixed.append(hi + lo)
        else:
            parts.append(hi)
            fixed.append(hi)
    c3h, c3l, c5, c7 = parts
    err = certified_error("tanh(x)", a0, lim, [(1, mp.mpf(1)), (3, c3h + c3l), (5, c5), (7, c7)])
    bound = err + ff_small_bound(c3h, c3l, c5, c7, a0, lim)
    eps = to_float(bound * mp.mpf(1.01) + mp.mpf(2) ** -46)
    eps = eps if eps >= bound * mp.mpf(1.01) + mp.mpf(2) ** -46 else to_float(eps * (1 + 2 * FF_UNIT))
    b = Block("vm_tanh_f32_ff_small_k", "float",
              f"accurate float32, float-float pass of registers whose every a < {mp.nstr(lim, 4)}:"
              f" a + a^3 (c3 + c5 a^2 + c7 a^4), c3 = c3hi + c3lo, relative error <= 2^{err_bits(err)}"
              f" (certified); with the evaluation's roundings 2^{err_bits(bound)}")
    b.add("limit", to_float(lim), "every lane below: this pass, without lookups")
    b.add("c3hi", to_float(c3h), "a^3, high part")
    b.add("c3lo", to_float(c3l), "a^3, low part")
    b.add("c5", to_float(c5), "a^5")
    b.add("c7", to_float(c7), "a^7")
    b.add("eps", float(eps), "the Ziv test's d / yh")
    return b

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
import functools
import math

import mpmath as mp

from .. import spec
from .common import Block, Table, err_bits, to_double
from .common import rows as rows_table
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
        return ([_small()] + _slot_tables() + f32_tables("erf", "fast") + f32_tables("erf", "approx")
                + f32_first_tables("erf") + f64_tables("erf"))


# float32 fast and approx tiers: piecewise polynomials in float read from a's bits (as tanh's
# fast float32): slot = min_unsigned((bits(a) >> 21) - F32_INDEX_BASE, 31), so slots 0.. are
# the linear quarter binades from 2^F32_FIRST_BINADE and slot 31 is [0, 2^F32_FIRST_BINADE)
# (NaN too).  erf's slots are erf(s + t) up to its clamp; erfc's are erf's below 1/2 (erfc =
# 1 - erf there) and erfcx(s + t) beyond (erfc = exp(-a^2) erfcx).  The origin s of a slot is
# a float near its midpoint where the slot's function lies within 2^-12 ulp of a float (c0 =
# that float costs nothing, t = a - s is exact by Sterbenz and |t| <= a/8).
F32_FIRST_BINADE = -3
F32_INDEX_BASE = (127 + F32_FIRST_BINADE) * 4
F32_SMALL = 2.0 ** F32_FIRST_BINADE
ERF_F32_CLAMP = 4.0     # erf rounds to 1 in float from 3.92: the clamp's slot gives 1
ERFC_F32_CLAMP = 10.5   # erfc rounds to 0 in float from 10.06: its last slot runs to here
# degree of c0 + c1 t + .. per tier: fast (<= 1 ULP) wants a fit near 2^-28 on every slot,
# approx (2048 ULP) 2^-14
# (degree 5 reaches only 2^-24.8 on erf's worst slot and 2^-23.7 on erfcx's [8, 10))
F32_DEGREES = {("erf", "fast"): 6, ("erfc", "fast"): 6, ("erf", "approx"): 3, ("erfc", "approx"): 3}


def f32_quarter(i):
    e, q = F32_FIRST_BINADE + i // 4, i % 4
    return 2.0 ** e * (1 + q / 4), 2.0 ** e * (1 + (q + 1) / 4)


@functools.lru_cache(maxsize=None)
def _f32_row(kind, lo, hi, degree):
    """(origin s, coefficients c0..c_degree as floats, Sollya expression and interval of the
    certification) of one slot: kind "small" (s = 0: erf(t) = t + t (c1 - 1 + c2 t + ..), c1
    stored as c1 - 1), "erf", "erfcx" or "one" (the clamp's slot: 1).  Cached: erfc's slots
    below 1/2 are erf's."""
    from .certify import exact
    from .tanh import fit_rounded, near_float_origin
    import numpy as np
    if kind == "one":
        return lo, [1.0] + [0.0] * degree, None
    if kind == "small":
        t0, t1 = mp.mpf(2) ** -40, mp.mpf(hi)
        c = fit_rounded(mp.erf, t0, t1, [mp.mpf(0)], degree, lambda t: t)
        terms = [(1, 1 + c[1])] + list(enumerate(c))[2:]
        return 0.0, [float(v) for v in c], ("erf(x)", t0, t1, terms)
    f = mp.erf if kind == "erf" else erfcx
    s, c0 = near_float_origin((lo + hi) / 2, f)
    assert float(np.float32(s)) == s and s / 2 <= lo and hi <= 2 * s   # t = a - s exact
    t0, t1 = mp.mpf(lo) - mp.mpf(s), mp.mpf(hi) - mp.mpf(s)
    c = fit_rounded(lambda t: f(mp.mpf(s) + t), t0, t1, [mp.mpf(c0)], degree, lambda t: 0)
    xs = f"(x + {exact(mp.mpf(s))})"
    expr = f"erf{xs}" if kind == "erf" else f"erfc{xs} * exp({xs}^2)"
    return s, [float(v) for v in c], (expr, t0, t1, list(enumerate(c)))


@functools.lru_cache(maxsize=None)
def _f32_row_error(kind, lo, hi, degree):
    cert = _f32_row(kind, lo, hi, degree)[2]
    return certified_error(*cert) if cert else mp.mpf(0)


def f32_slot_kinds(func):
    """[(kind, lo, hi)] of the 32 slots of erf's or erfc's float32 tables."""
    small = ("small", 0.0, F32_SMALL)
    if func == "erf":
        n = next(i for i in range(32) if f32_quarter(i)[0] >= ERF_F32_CLAMP)
        rows = [("erf",) + f32_quarter(i) for i in range(n)]
        rows += [("one", ERF_F32_CLAMP, 5.0)] * (31 - n)
    else:
        rows = []
        for i in range(31):
            lo, hi = f32_quarter(i)
            if lo >= ERFC_F32_CLAMP:
                rows.append(rows[-1])        # past the clamp: never read
            else:
                rows.append(("erf" if hi <= POLY_LIMIT else "erfcx", lo, min(hi, ERFC_F32_CLAMP)))
    return rows + [small]


def f32_exp_tail():
    """2^(j/16) / T_j - 1 for exp's float table T_j = 2^(j/16) rounded (vm_exp_tab16_f32_bits)"""
    from .common import to_float
    out = []
    for j in range(16):
        v = mp.mpf(2) ** (mp.mpf(j) / 16)
        out.append(to_float(v / mp.mpf(to_float(v)) - 1))
    return out


def f32_tables(func, tier):
    """The slot tables and constant block of func's float32 tier (fast or approx)."""
    from concurrent.futures import ThreadPoolExecutor
    from .common import to_float
    degree = F32_DEGREES[(func, tier)]
    kinds = f32_slot_kinds(func)
    unique = sorted(set(kinds))
    rows = {k: _f32_row(*k, degree) for k in unique}      # mpmath's precision is global: one thread
    with ThreadPoolExecutor(4) as ex:                       # Sollya runs apart
        errs = dict(zip(unique, ex.map(lambda k: _f32_row_error(*k, degree), unique)))
    worst = {}
    for k in unique:
        worst[k[0]] = max(worst.get(k[0], mp.mpf(0)), errs[k])
    errs = ", ".join(f"{kind} 2^{err_bits(e)}" for kind, e in sorted(worst.items()) if e)
    name = f"vm_{func}_{tier}_f32"
    what = ("erf(s + t) on quarter binades of a from 1/8 to the clamp" if func == "erf" else
            "erf(s + t) below 1/2 (erfc = 1 - erf), erfcx(s + t) on quarter binades from 1/2 to the clamp")
    b = Block(f"{name}_k", "float",
              f"{tier} float32 {func}: c0 + t (c1 + .. + c{degree} t^{degree - 1}), t = a - s_i, {what}; "
              f"slot 31: [0, 1/8), t + t (c1 - 1 + ..); relative error (certified, float coefficients): {errs}")
    clamp = ERF_F32_CLAMP if func == "erf" else ERFC_F32_CLAMP
    b.add("clamp", clamp, f"a = min(|x|, clamp): {func} rounds to {'1' if func == 'erf' else '0 (x > 0) or 2 (x < 0)'} beyond")
    b.add("small", F32_SMALL, "below: slot 31, whose polynomial is t + t S1(t)")
    if func == "erfc":
        b.add("poly_limit", float(POLY_LIMIT), "below: 1 - erf(x); beyond: exp(-a^2) erfcx(a)")
    b.add("index_base", float(F32_INDEX_BASE), "slot = min_unsigned((bits(a) >> 21) - this, 31)")
    out = [b, Table(f"{name}_s", "float", [rows[k][0] for k in kinds],
                    f"{tier} float32 {func}: origin s_i of each slot (t = a - s_i, exact)")]
    for j in range(degree + 1):
        out.append(Table(f"{name}_c{j}", "float", [to_float(rows[k][1][j]) for k in kinds],
                         f"{tier} float32 {func}: t^{j} coefficient per slot" + (" (slot 31: c1 - 1)" if j == 1 else "")))
    if degree == 6:     # AVX2 reads s, c0..c6 of a slot as one row (vm_simd_avx2.h: vf_lookup_rows8)
        out.append(rows_table(f"{name}_rows", out[1:], 8, f"{tier} float32 {func}, AVX2"))
    return out


# accurate float32's first pass (issue 35): the fast tier's 32 slots (f32_slot_kinds) in double,
# c0 + t (c1 + .. + cD t^(D-1)) with double coefficients, t = a - m exact (m the slot's midpoint,
# a float; slot 31: m = 0 and c0 = 0, erf(t) = t S1(t)); erfc's slots beyond 1/2 are erfcx,
# times exp(-a^2) from exp's float32 first try (exp.f32_first_try).  float(y) is correctly
# rounded unless y lies within `window` double ulps of a float midpoint: those lanes redo the
# double-double evaluation.  Degree 8: worst slot 2^-37 (erf's [2, 2.5), erfcx's [8, 10)).
F32_FIRST_DEGREE = 8


@functools.lru_cache(maxsize=None)
def _f32_first_row(kind, lo, hi):
    """(origin m, coefficients c0..cD as doubles, Sollya certification) of one first-pass slot"""
    from .certify import exact
    D = F32_FIRST_DEGREE
    if kind == "one":
        return lo, [1.0] + [0.0] * D, None
    if kind == "small":
        t0, t1 = mp.mpf(2) ** -40, mp.mpf(hi)
        c, _ = fit(lambda t: mp.erf(t) / t, t0, t1, list(range(D)), grid_points=300, iters=20)
        c = [0.0] + [to_double(v) for v in c]
        return 0.0, c, ("erf(x)", t0, t1, [(k, mp.mpf(v)) for k, v in enumerate(c)])
    f = mp.erf if kind == "erf" else erfcx
    m = (lo + hi) / 2
    t0, t1 = mp.mpf(lo) - mp.mpf(m), mp.mpf(hi) - mp.mpf(m)
    c, _ = fit(lambda t: f(mp.mpf(m) + t), t0, t1, list(range(D + 1)), grid_points=300, iters=20)
    c = [to_double(v) for v in c]
    xs = f"(x + {exact(mp.mpf(m))})"
    expr = f"erf{xs}" if kind == "erf" else f"erfc{xs} * exp({xs}^2)"
    return m, c, (expr, t0, t1, [(k, mp.mpf(v)) for k, v in enumerate(c)])


@functools.lru_cache(maxsize=None)
def _f32_first_error(kind, lo, hi):
    cert = _f32_first_row(kind, lo, hi)[2]
    return certified_error(*cert) if cert else mp.mpf(0)


def f32_first_tables(func):
    """accurate float32's first pass: the constant block (bound, window) and the slot tables"""
    from concurrent.futures import ThreadPoolExecutor
    from .exp import f32_first_try
    D = F32_FIRST_DEGREE
    kinds = f32_slot_kinds(func)
    unique = sorted(set(kinds))
    rows = {k: _f32_first_row(*k) for k in unique}
    with ThreadPoolExecutor(4) as ex:
        errs = dict(zip(unique, ex.map(lambda k: _f32_first_error(*k), unique)))
    fit_err = max(errs.values())
    # the Horner steps in double (|t S1| <= 0.2 |y|, each step's rounding shrunk by t): 2^-50;
    # erfc: exp's total bound and the product's rounding; 1 - E and 2 - erfc(a) only shrink it
    bound = fit_err + mp.mpf(2) ** -50
    if func == "erfc":
        bound += f32_first_try()[2] + mp.mpf(2) ** -53
    window = 2 ** int(mp.ceil(mp.log(2 * bound * 2 ** 53, 2)))   # as exp's: 2x margin
    name = f"vm_{func}_f32_first"
    b = Block(f"{name}_k", "double",
              f"accurate float32 {func}, first pass in double: c0 + t (c1 + .. + c{D} t^{D - 1}) on the "
              f"fast tier's 32 slots, t = a - m_i; slots' relative error <= 2^{err_bits(fit_err)} "
              f"(certified){', exp(-a^2) from exp_f32_first_core' if func == 'erfc' else ''}; "
              f"total bound 2^{err_bits(bound)}")
    b.add("index_base", float((1023 + F32_FIRST_BINADE) * 4), "slot = (bits(a) >> 50) - this; a < small: 31")
    b.add("small", F32_SMALL, "below: slot 31 (m = 0, c0 = 0)")
    b.add("clamp", ERF_F32_CLAMP if func == "erf" else ERFC_F32_CLAMP, "a = min(|x|, clamp)")
    if func == "erfc":
        b.add("poly_limit", float(POLY_LIMIT), "below: 1 - erf(x); beyond: exp(-a^2) erfcx(a)")
    b.add("window", float(window), "result ulps around a float midpoint sent to the exact path")
    out = [b, Table(f"{name}_m", "double", [rows[k][0] for k in kinds],
                    f"accurate float32 {func} first pass: origin m_i of each slot (t = a - m_i, exact)")]
    for j in range(D + 1):
        out.append(Table(f"{name}_c{j}", "double", [rows[k][1][j] for k in kinds],
                         f"accurate float32 {func} first pass: t^{j} coefficient per slot"))
    return out


# float64 fast tier (faithful, <= 1 ULP; approx runs it too): erf(a) or erfc's pieces as
# c0 + t Q(v) from 16 or 32 slots read by one register permute each (no double-double, no
# gather).  Slot = bits(2 + a) >> 49 mod 32: the eighth binades of 2 + a, width 1/4 on [0, 2),
# 1/2 on [2, 6), 1 on [6, 14), 2 on [14, 30); erf's a < 6 reads 16, erfc's whole vectors below 6
# too.  Slots >= 1: t = a - s, s a double near the slot's midpoint whose f(s) lies within 2^-12
# ulp of a double (c0 = f(s) rounded costs the fit nothing; t exact by Sterbenz), Q = c1 + .. +
# cD t^(D-1).  erf's slot 0 [0, 1/4): s = 0 and the odd polynomial a + a Q(a^2) (c0 unused,
# relative accuracy down to subnormal a).  erfc's slots are all erfcx(s + t) (erfc = exp(-a^2)
# erfcx, 2 - that for x < 0), slot 0 with s = 0 and c0 = erfcx(0) = 1.  D = F64_DEGREE (Remez
# on [2, 2.5): erf degree 12 2^-57.2, erfcx degree 11 2^-55.5
# and 12 2^-60.5; degree 11 would cost up to 0.35 ULP).
F64_DEGREE = 12
F64_ERF_CLAMP = 5.96875     # < 6 keeps erf's slots in 16; erf rounds to 1 from 5.9216
F64_ERFC_CLAMP = 27.5       # erfc < 2^-1096 beyond: +0 (spec f64_zero)
F64_SMALL_TERMS = 10        # erf's slot 0: q1 .. q10 (u^9 on u <= 1/16), the rest 0
F64_SCALE_OFFSET = 128      # erfc's 2^(k/16) built 2^128 larger: normal down to erfc's 2^-1075


def near_double_origin(lo, hi, f):
    """A double s in [lo + (hi - lo)/8, mid] (searched down from the midpoint, in steps that move
    f by ~0.38 of its ulp) whose f(s) lies within 2^-12 of its own ulp from a double, and that
    double; or None where f is too flat there (erf beyond 5.5: 67 ulps over the slot)."""
    mid = (lo + hi) / 2
    c = mp.mpf(to_double(f(mp.mpf(mid))))
    ulp_f = mp.mpf(2) ** (mp.floor(mp.log(c, 2)) - 52)
    step = max(math.ulp(mid), to_double(mp.mpf("0.382") * ulp_f / abs(mp.diff(f, mp.mpf(mid)))))
    s = mid
    while s >= lo + (hi - lo) / 8:
        v = f(mp.mpf(s))
        c = mp.mpf(to_double(v))
        ulp = mp.mpf(2) ** (mp.floor(mp.log(c, 2)) - 52)
        if abs(v - c) <= ulp * mp.mpf(2) ** -12:
            return s, float(c)
        s = to_double(mp.mpf(s) - step)
    return None


def _fit_rounded64(f, lo, hi, c0, degree):
    """c0 (fixed) .. c_degree of sum c_k t^k ~ f on [lo, hi], doubles: c1 rounded first and the
    higher ones refitted to it (c1's rounding alone would cost 2^-56 at a slot's ends)."""
    free, _ = fit(f, lo, hi, list(range(1, degree + 1)), fixed=lambda t: c0, grid_points=300, iters=15)
    c1 = mp.mpf(to_double(free[0]))
    rest, _ = fit(f, lo, hi, list(range(2, degree + 1)), fixed=lambda t: c0 + c1 * t,
                  grid_points=300, iters=15)
    return [mp.mpf(c0), c1] + [mp.mpf(to_double(c)) for c in rest]


@functools.lru_cache(maxsize=None)
def _f64_row(kind, lo, hi):
    """(s, [c0, c1, .., cD] as doubles, certification (expression, t0, t1, terms)) of one slot:
    kind "small" (erf's slot 0: s = 0, c0 = 0, c_k = q_k of a + a Q(a^2)), "erf" or "erfcx"
    (erfc's slot 0: s = 0, c0 = 1)."""
    from .certify import exact
    if kind == "small":
        powers = [2 * k + 1 for k in range(F64_SMALL_TERMS)]
        a0, a1 = mp.mpf(2) ** -40, mp.mpf(hi)
        q, _ = fit(mp.erf, a0, a1, powers, fixed=lambda a: a, grid_points=300, iters=15)
        q = [mp.mpf(to_double(c)) for c in q]
        terms = [(1, 1 + q[0])] + list(zip(powers[1:], q[1:]))
        return 0.0, [0.0] + [float(c) for c in q] + [0.0] * (F64_DEGREE - F64_SMALL_TERMS), \
            ("erf(x)", a0, a1, terms)
    f = mp.erf if kind == "erf" else erfcx
    found = near_double_origin(lo, hi, f) if lo > 0 else (0.0, 1.0)   # erfcx(0) = 1, t = a
    if found is None:            # the origin half a slot below it: c0's rounding is fitted away
        s = lo - (hi - lo) / 2   # (t >= (hi - lo)/2); t exact (Sterbenz: s >= hi / 2)
        assert s >= hi / 2
        found = s, to_double(f(mp.mpf(s)))
    s, c0 = found
    t0, t1 = mp.mpf(lo) - mp.mpf(s), mp.mpf(hi) - mp.mpf(s)
    c = _fit_rounded64(lambda t: f(mp.mpf(s) + t), t0, t1, mp.mpf(c0), F64_DEGREE)
    xs = f"(x + {exact(mp.mpf(s))})"
    expr = f"erf{xs}" if kind == "erf" else f"erfc{xs} * exp({xs}^2)"
    return s, [float(v) for v in c], (expr, t0, t1, list(enumerate(c)))


@functools.lru_cache(maxsize=None)
def _f64_row_error(kind, lo, hi):
    return certified_error(*_f64_row(kind, lo, hi)[2])


def f64_slot_kinds(func):
    """[(kind, lo, hi)] of the 16 (erf) or 32 (erfc) float64 slots."""
    edges = slots()
    if func == "erf":
        return [("small",) + edges[0]] + [("erf",) + e for e in edges[1:16]]
    return [("erfcx",) + e for e in edges]


def f64_tables(func):
    """The fast float64 slot tables of erf or erfc (vm_erf_fast_f64, vm_erfc_fast_f64): origins
    s, c0 .. cD, and a block with the clamp and the certified errors."""
    from concurrent.futures import ThreadPoolExecutor
    kinds = f64_slot_kinds(func)
    rows = [_f64_row(*k) for k in kinds]                    # mpmath's precision is global: one thread
    with ThreadPoolExecutor(4) as ex:                       # Sollya runs apart
        errs = list(ex.map(lambda k: _f64_row_error(*k), kinds))
    worst = {}
    for k, e in zip(kinds, errs):
        worst[k[0]] = max(worst.get(k[0], mp.mpf(0)), e)
    errs = ", ".join(f"{kind} 2^{err_bits(e)}" for kind, e in sorted(worst.items()))
    name = f"vm_{func}_fast_f64"
    what = ("erf(s + t) on the eighth binades of 2 + a up to the clamp; slot 0 [0, 1/4): s = 0, "
            "a + a Q(a^2)" if func == "erf" else
            "erfcx(s + t) (erfc = exp(-a^2) erfcx); slot 0 [0, 1/4): s = 0, c0 = 1")
    b = Block(f"{name}_k", "double",
              f"fast float64 {func}: c0 + t (c1 + .. + c{F64_DEGREE} t^{F64_DEGREE - 1}), t = a - s_i, {what}; "
              f"relative error (certified, double coefficients): {errs}")
    if func == "erf":
        b.add("clamp", F64_ERF_CLAMP, "a = min(|x|, clamp) < 6 (16 slots): erf rounds to 1 from 5.9216")
        b.add("small", float(slots()[0][1]), "below: slot 0, a + a Q(a^2)")
    else:
        b.add("clamp", F64_ERFC_CLAMP, "a = min(|x|, clamp): erfc rounds to +0 (x > 0) or 2 (x < 0) beyond")
        b.add("wide", 6.0, "a below (2 + a < 8) on every lane: slots 0..15 only, 16-entry lookups")
        b.add("scale_k", 16.0 * F64_SCALE_OFFSET, "added to k: 2^(k/16) built 2^128 larger (normal down to erfc's 2^-1075)")
        b.add("scale_down", 2.0 ** -F64_SCALE_OFFSET, "the result scaled back (exact, or a subnormal result's rounding)")
    b.add("slot_offset", 2.0, "slot = bits(a + slot_offset) >> 49 (mod 32)")
    out = [b, Table(f"{name}_s", "double", [r[0] for r in rows],
                    f"fast float64 {func}: origin s_i of each slot (t = a - s_i)")]
    for j in range(F64_DEGREE + 1):
        out.append(Table(f"{name}_c{j}", "double", [r[1][j] for r in rows],
                         f"fast float64 {func}: t^{j} coefficient per slot" + (" (slot 0: Q's u^{j - 1})" if func == "erf" and j else "")))
    # AVX2 reads s, c0..c12 of a slot as one row (vm_simd_avx2.h: vd_lookup_rows)
    out.append(rows_table(f"{name}_rows", out[1:], 16, f"fast float64 {func}, AVX2"))
    return out

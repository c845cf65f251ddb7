"""log: (1/c, log c) tables, reduction constants and minimax polynomials for every tier and dtype.

x = 2^k z with z in [OFF, 2 OFF), OFF ~ 0.7; the top b bits of z's mantissa, counted from OFF,
pick one of N = 2^b subintervals, and log(x) = k ln2 + log c + log1p(r), r = z (1/c) - 1.
OFF puts 1.0 at the centre of a subinterval, whose c is 1 (so log(x) = log1p(x - 1) near 1).
1/c is chosen per subinterval, on the coarsest binary grid that keeps r = z (1/c) - 1 exact in
one FMA for every double z of the subinterval (and so for every float z too), with |r| as small
as that allows: r carries no rounding error, which the results near 1 need.
"""
import struct
from fractions import Fraction

import mpmath as mp

from .common import Block, Table, double_bits, err_bits, split_hi, to_double, to_float
from .certify import certified_error
from .remez import fit

ONE_BITS = double_bits(1.0)
LOGC_GRID = 42  # log c hi is a multiple of 2^-42, like k * ln2_hi: their sum is exact
LOGC_GRID_F32 = 16  # fast float32: the same with float, |k| < 2^8 and |k ln2| < 2^7


def _as_double(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def _float_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def subintervals(b):
    """OFF's bits, [(zlo, zhi, invc)] as Fractions, and the range of r over all of them."""
    n, width = 1 << b, 1 << (52 - b)
    off = ONE_BITS - width // 2 - ((ONE_BITS - double_bits(0.7)) // width) * width
    out, rmin, rmax = [], Fraction(0), Fraction(0)
    for i in range(n):
        zlo = Fraction(_as_double(off + i * width))
        zhi = Fraction(_as_double(off + (i + 1) * width))  # exclusive
        ulp_z = Fraction(1, 2 ** 53) if zlo < 1 else Fraction(1, 2 ** 52)
        if zlo <= 1 < zhi:
            invc = Fraction(1)
        else:
            ideal, best = 2 / (zlo + zhi), None
            for q in range(60, 0, -1):  # finest grid first; r = z*invc - 1 is on ulp_z 2^-q
                m = round(ideal * 2 ** q)
                for cand in (Fraction(m + d, 2 ** q) for d in (-1, 0, 1)):
                    worst = max(abs(zlo * cand - 1), abs(zhi * cand - 1))
                    if worst <= 2 ** 53 * ulp_z / 2 ** q and (best is None or worst < best[0]):
                        best = (worst, cand)
                if best:
                    break
            invc = best[1]
        # z runs over [zlo, zhi - ulp]; the bound uses zhi, which only widens it slightly
        rmin = min(rmin, zlo * invc - 1)
        rmax = max(rmax, zhi * invc - 1)
        out.append((zlo, zhi, invc))
    return off, out, (rmin, rmax)


def _check_fast2sum(subs, logc_hi):
    """hi = w + r needs |w| >= |r| wherever w = log c hi != 0 (k = 0); k != 0 has |w| > 0.3."""
    for (zlo, zhi, invc), w in zip(subs, logc_hi):
        if w != 0:
            assert abs(w) >= max(abs(zlo * invc - 1), abs(zhi * invc - 1)), (zlo, w)


def _fit_rel(f, rng, powers, conv, form):
    """Minimax fit of f on rng (relative), coefficients rounded by conv, and the certified
    relative error of log1p(r) through the form (G_FORM or H_FORM) with those coefficients."""
    lo, hi = (mp.mpf(rng[0].numerator) / rng[0].denominator,
              mp.mpf(rng[1].numerator) / rng[1].denominator)
    coeffs, _ = fit(f, lo, hi, powers)
    rounded = [mp.mpf(conv(c)) for c in coeffs]
    fixed_terms, first = form
    err = certified_error("log(1 + x)", lo, hi, fixed_terms + [(first + k, c) for k, c in enumerate(rounded)])
    return [conv(c) for c in coeffs], err


def _fpminimax_h_float(rng, deg):
    """H of log1p(r) = r - r^2/2 + r^3 H(r), of degree deg with float coefficients, by Sollya's
    fpminimax (relative to H) on rng, and the certified relative error of log1p(r) through it.
    Rounding a real minimax fit's coefficients to float lost 0.2 bits of the float-float first
    pass's measured accuracy at N=16 (2^-33.20 against 2^-33.40 over every float)."""
    from . import certify

    exact = certify.exact
    lo, hi = rng
    script = (f"prec = 200!;\nverbosity = 0!;\ndisplay = hexadecimal!;\n"
              f"f = (log1p(x) - x + x^2/2) / x^3;\n"
              f"p = fpminimax(f, {deg}, [|single...|], [{exact(mp.mpf(lo.numerator) / lo.denominator)};"
              f" {exact(mp.mpf(hi.numerator) / hi.denominator)}], floating, relative);\n"
              f"for i from 0 to {deg} do print(coeff(p, i));\n")
    r = certify.run(script)
    coeffs = [float.fromhex(line.strip()) for line in r.stdout.strip().splitlines()[-(deg + 1):]]
    assert len(coeffs) == deg + 1 and all(to_float(c) == c for c in coeffs), r.stdout + r.stderr
    fixed_terms, first = H_FORM
    err = certified_error("log(1 + x)", mp.mpf(lo.numerator) / lo.denominator, mp.mpf(hi.numerator) / hi.denominator,
                          fixed_terms + [(first + k, mp.mpf(c)) for k, c in enumerate(coeffs)])
    return coeffs, err


def _g(r):  # log1p(r) = r + r^2 G(r)
    return (mp.log1p(r) - r) / r ** 2


def _h(r):  # log1p(r) = r - r^2/2 + r^3 H(r)
    return (mp.log1p(r) - r + r ** 2 / 2) / r ** 3


# log1p(r) as (fixed terms, power of the first fitted coefficient): r + r^2 G(r), r - r^2/2 + r^3 H(r)
G_FORM = ([(1, 1)], 2)
H_FORM = ([(1, 1), (2, mp.mpf(-0.5))], 3)


def _range_str(rng):
    return f"r in [{float(rng[0]):.5f}, {float(rng[1]):.5f}]"


def generate():
    out = []
    with mp.workdps(50):
        off32, subs32, rng32 = subintervals(5)
        off16, subs16, rng16 = subintervals(4)
        logc32 = [-mp.log(mp.mpf(iv.numerator) / iv.denominator) for _, _, iv in subs32]
        logc16 = [-mp.log(mp.mpf(iv.numerator) / iv.denominator) for _, _, iv in subs16]
        hi16 = [to_double(mp.nint(v * 2 ** LOGC_GRID) / 2 ** LOGC_GRID) for v in logc16]
        _check_fast2sum(subs16, hi16)
        _check_fast2sum(subs16, [to_double(v) for v in logc16])
        _check_fast2sum(subs32, [to_float(v) for v in logc32])
        inv32 = [float(iv) for _, _, iv in subs32]
        inv16 = [float(iv) for _, _, iv in subs16]
        assert all(to_float(v) == v for v in inv32 + inv16)  # exact as floats too

        b = Block("vm_log_reduce", "uint64_t",
                  "x = 2^k z, z in [OFF, 2 OFF): bits of OFF, for the N=16 and N=32 tables")
        b.add("off16", off16, f"OFF = {_as_double(off16)}, 1.0 at the centre of entry"
                              f" {(ONE_BITS - off16) >> 48}")
        b.add("off16_f", _float_bits(_as_double(off16)), "the same OFF as float bits")
        b.add("off32_f", _float_bits(_as_double(off32)),
              f"OFF = {_as_double(off32)} as float bits, 1.0 at the centre of entry"
              f" {(ONE_BITS - off32) >> 47}")
        out.append(b)
        out.append(Table("vm_log_invc16", "double", inv16,
                         f"1/c, N=16: r = z/c - 1 exact in one FMA, {_range_str(rng16)}"))
        out.append(Table("vm_log_logc16_hi", "double", hi16,
                         "log c rounded to a multiple of 2^-42 (k ln2_hi + this is exact): accurate float64"))
        out.append(Table("vm_log_logc16_lo", "double",
                         [to_double(v - h) for v, h in zip(logc16, hi16)], "log c - hi"))
        # hi + lo rounds to log c rounded (numba's fast float64 log reads hi and lo, which its
        # accurate special lanes read anyway, instead of a third table)
        assert all(to_double(mp.mpf(h) + to_double(v - h)) == to_double(v) for v, h in zip(logc16, hi16))
        out.append(Table("vm_log_logc16", "double", [to_double(v) for v in logc16],
                         "log c rounded to double, N=16 (fast and approx float64, accurate float32 first pass)"))
        out.append(Table("vm_log_invc16_f", "float", inv16, "1/c, N=16, as floats"))
        out.append(Table("vm_log_logc16_f", "float", [to_float(v) for v in logc16],
                         "log c rounded to float, N=16 (approx float32)"))
        out.append(Table("vm_log_invc32_f", "float", inv32,
                         f"1/c, N=32, as floats: r = z/c - 1 exact in one FMA, {_range_str(rng32)}"))
        # fast float32: log c = hi + lo, hi a multiple of 2^-16 like k ln2_hi (16 bits): k ln2_hi +
        # hi is exact for |k| < 2^8 (subnormal x included); hi + r then goes by Fast2Sum
        hi32 = [to_float(mp.nint(v * 2 ** LOGC_GRID_F32) / 2 ** LOGC_GRID_F32) for v in logc32]
        _check_fast2sum(subs32, hi32)
        out.append(Table("vm_log_logc32_f", "float", hi32,
                         f"log c rounded to a multiple of 2^-{LOGC_GRID_F32} (k ln2_hi + this is exact), N=32 (fast float32)"))
        out.append(Table("vm_log_logc32_lo_f", "float", [to_float(v - h) for v, h in zip(logc32, hi32)],
                         "log c - vm_log_logc32_f, N=32 (fast float32)"))

        # accurate float32, float-float first pass (issue 25) on N=16 (the AVX2 path: a 16-entry
        # float lookup is 2 vpermd + 1 blend there, 32 entries twice that): log c = hi + lo as the
        # N=32 fast tables, hi a multiple of 2^-16
        hi16f = [to_float(mp.nint(v * 2 ** LOGC_GRID_F32) / 2 ** LOGC_GRID_F32) for v in logc16]
        _check_fast2sum(subs16, hi16f)
        out.append(Table("vm_log_logc16_hi_f", "float", hi16f,
                         f"log c rounded to a multiple of 2^-{LOGC_GRID_F32} (k ln2_hi + this is exact), N=16 (accurate float32 float-float pass, AVX2)"))
        out.append(Table("vm_log_logc16_lo_f", "float", [to_float(v - h) for v, h in zip(logc16, hi16f)],
                         "log c - vm_log_logc16_hi_f, N=16 (accurate float32 float-float pass, AVX2)"))
        # the float-float first pass: log1p(r) = r - r^2/2 + r^3 H(r), H in float, of degree 3 on
        # N=32's r and degree 4 on N=16's (the kernel's error budget: csrc/kernels/log-inl.h)
        for n, rng, deg in ((32, rng32, 3), (16, rng16, 4)):
            coeffs, err = _fpminimax_h_float(rng, deg)
            b = Block(f"vm_log_accurate_f32_ff{n}_k", "float",
                      f"accurate float32, float-float first pass: N={n}, log1p(r) = r - r^2/2 + r^3 (c3 + .. +"
                      f" c{deg + 3} r^{deg}) on {_range_str(rng)}, relative error <= 2^{err_bits(err)} (certified)"
                      f" (float coefficients, Sollya fpminimax)")
            for k, c in enumerate(coeffs):
                b.add(f"c{k + 3}", c, f"r^{k + 3}")
            out.append(b)

        ln2_hi = split_hi(mp.log(2), LOGC_GRID)

        # accurate (float64, and float32's exact path): N=16, degree 10 in all.  Degree 11
        # (2^-64.3) cost one more FMA, 3 % of the kernel's time on an AMD EPYC family 25 model
        # 17; degree 10's 2^-59.6 adds < 0.012 ULP (|log1p(r)| <= 1.1 |log x| outside the c = 1 entry).
        coeffs, err = _fit_rel(_h, rng16, list(range(8)), to_double, H_FORM)
        b = Block("vm_log_accurate_k", "double",
                  f"accurate: N=16, log1p(r) = r - r^2/2 + r^3 (c3 + .. + c10 r^7) on"
                  f" {_range_str(rng16)}, relative error <= 2^{err_bits(err)} (certified)")
        b.add("ln2_hi", ln2_hi, f"ln2, {LOGC_GRID} bits: k*ln2_hi is exact for |k| < 2^11")
        b.add("ln2_lo", to_double(mp.log(2) - ln2_hi), "ln2 - ln2_hi")
        for k, c in enumerate(coeffs):
            b.add(f"c{k + 3}", c, f"r^{k + 3}")
        out.append(b)

        # accurate float32, first pass: N=16, plain double arithmetic, degree 7; the kernel
        # rounds it to float only where it is far from a float midpoint.
        coeffs, err = _fit_rel(_g, rng16, list(range(6)), to_double, G_FORM)
        b = Block("vm_log_accurate_f32_k", "double",
                  f"accurate float32, first pass: N=16, log1p(r) = r + r^2 (c2 + .. + c7 r^5) on"
                  f" {_range_str(rng16)}, relative error <= 2^{err_bits(err)} (certified)")
        b.add("ln2", to_double(mp.log(2)), "ln2")
        for k, c in enumerate(coeffs):
            b.add(f"c{k + 2}", c, f"r^{k + 2}")
        out.append(b)

        # fast: degree 9 (2^-54.7) is the least that keeps the c = 1 entry, where log(x) is
        # log1p(r) itself, within a third of an ULP
        for tier, deg in (("fast", 9), ("approx", 5)):
            coeffs, err = _fit_rel(_g, rng16, list(range(deg - 1)), to_double, G_FORM)
            b = Block(f"vm_log_{tier}_f64_k", "double",
                      f"{tier} float64: N=16, log1p(r) = r + r^2 (c2 + .. + c{deg} r^{deg - 2})"
                      f" on {_range_str(rng16)}, relative error <= 2^{err_bits(err)} (certified)")
            b.add("ln2", to_double(mp.log(2)), "ln2")
            for k, c in enumerate(coeffs):
                b.add(f"c{k + 2}", c, f"r^{k + 2}")
            out.append(b)

        for tier, deg, rng in (("fast", 4, rng32), ("approx", 3, rng16)):
            coeffs, err = _fit_rel(_g, rng, list(range(deg - 1)), to_float, G_FORM)
            n = 32 if rng is rng32 else 16
            b = Block(f"vm_log_{tier}_f32_k", "float",
                      f"{tier} float32: N={n}, log1p(r) = r + r^2 (c2 + .. + c{deg} r^{deg - 2})"
                      f" on {_range_str(rng)}, relative error <= 2^{err_bits(err)} (certified) (float"
                      f" coefficients)")
            if tier == "fast":
                ln2_hi_f = split_hi(mp.log(2), LOGC_GRID_F32)
                assert ln2_hi_f * 2 ** LOGC_GRID_F32 == int(ln2_hi_f * 2 ** LOGC_GRID_F32)
                b.add("ln2_hi", ln2_hi_f, f"ln2 on the 2^-{LOGC_GRID_F32} grid: k ln2_hi + log c hi is exact")
                b.add("ln2_lo", to_float(mp.log(2) - ln2_hi_f), "ln2 - ln2_hi")
            else:
                b.add("ln2", to_float(mp.log(2)), "ln2")
            for k, c in enumerate(coeffs):
                b.add(f"c{k + 2}", c, f"r^{k + 2}")
            out.append(b)
    return out

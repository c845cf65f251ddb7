"""tanh: odd minimax polynomials near 0, saturation thresholds, the float32 fast expm1 table
and the approx tiers' rationals.

float64 accurate and fast (and float32 accurate, computed in double): tanh(a) = a + a^3 P(a^2)
for |a| < 1/32 (accurate) or 1/8, 1 - 2/(exp(2a) + 1) beyond with exp(2a) from exp's N=16 table and its tails
(vecmath/_gen/exp.py) and a degree-7 polynomial of its own (vm_tanh_exp_k).  float32 fast:
N / (N + 2), N = expm1(2a) in float from an 8-entry table of 2^(j/8) - 1.  approx (both dtypes): one odd
rational a (1 + p1 u + ..) / (1 + q1 u + ..), u = a^2, on [0, sat), and 1 beyond sat.
"""
import mpmath as mp

from .. import spec
from .common import SHIFT_F32, Block, Table, err_bits, split_hi, to_double, to_float
from .certify import certified_error, certified_odd_rational
from .exp import _fit_exp, _poly_block, _reduction_f64, f32_first_try
from .remez import fit

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


def _f32_fast():
    """fast float32: tanh(a) = N / (N + 2), N = expm1(2a) in float.  2a = k ln2 + j ln2/8 + r,
    |r| <= ln2/16: N = 2^k (T_j tmp + (T_j - 1)) + (2^k - 1), tmp = expm1(r), T_j = 2^(j/8),
    from a table of T_j - 1 (8 floats: one vpermps on AVX2, and on AVX-512).  Every term is
    kept relative to its own size, so N carries a few float roundings of itself even where
    it is small (k = 0, j = 1 cancels at most half of T_j tmp + (T_j - 1)); tiny a gives
    N = 2a and N / (N + 2) = a exactly."""
    n = 8
    hw = mp.log(2) / (2 * n) * (1 + mp.mpf(2) ** -12)
    powers = [2, 3, 4]
    coeffs, err = _fit_exp(hw, powers, to_float)
    b = Block("vm_tanh_fast_f32_k", "float",
              f"fast float32: N / (N + 2), N = expm1(2a) = 2^(k + j/8) (1 + tmp) - 1, tmp = r + c2 r^2"
              f" + c3 r^3 + c4 r^4 on |r| <= ln2/16, relative error of exp(r) <= 2^{err_bits(err)}"
              f" (certified) (float coefficients)")
    # 2a <= 2 clamp: k ln2/8 with k < 2^8, so a 16-bit ln2_hi_n keeps k ln2_hi_n exact
    clamp = 10.0  # 1 - tanh(10) = 2^-27.8: N / (N + 2) rounds to 1 in float there
    assert 2 * mp.exp(-2 * clamp) < mp.mpf(2) ** -26
    b.add("clamp", clamp, "a is clamped to this: tanh rounds to 1 beyond, N/D at it too")
    b.add("inv_ln2_n", to_float(n / mp.log(2)), "N/ln2")
    b.add("shift", SHIFT_F32, "round-to-integer shift, 1.5*2^23")
    ln2_hi = to_float(split_hi(mp.log(2) / n, 16))
    b.add("ln2_hi_n", ln2_hi, "ln2/N, 16 bits: k*ln2_hi_n is exact")
    b.add("ln2_lo_n", to_float(mp.log(2) / n - ln2_hi), "ln2/N - ln2_hi_n")
    _poly_block(b, coeffs, powers, to_float)
    with mp.workdps(40):
        tm1 = [to_float(mp.mpf(2) ** (mp.mpf(j) / n) - 1) for j in range(n)]
    return [b, Table("vm_tanh_fast_f32_tm1", "float", tm1,
                     "fast float32: 2^(j/8) - 1 rounded to float (relative to its own size)")]


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
    b = Block("vm_tanh_limits", "double", "where tanh's kernels change method (vecmath.spec.LIMITS)")
    for name, (value, why) in spec.LIMITS["tanh"].items():
        b.add(name, value, why)
    out.append(b)
    return out

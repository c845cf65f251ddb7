"""tanh in numba: csrc/tanh.c operation by operation, from the same generated constants.

The C kernels have no special path; they skip the side (polynomial below 1/32 or 1/8, exp beyond) that
no lane of a vector needs (fast float64 has only the exp side).  Here both sides run for every element and a select keeps one: each
side gets a harmless input on the lanes it does not serve (the exp side |x| clamped to
[poly_limit, sat], the polynomial side 0), so no lane underflows or overflows for nothing.  NaN comes
back as x + x, which is what the C kernels return for every NaN on every path (checked).
float32 accurate rounds the accurate double-double for every input: the C first pass (its own
double evaluation) gives the same bits wherever it is used, since it is used only far from a float
midpoint, and one path is cheaper than two.  Its rounding is the normal-range one: a float
subnormal result comes from a tiny x, where s is x itself.
"""
import numpy as np

from .. import _data as D
from . import _exp as E
from ._common import consts, kernel, round_dd_f32_normal, table
from ._llvm import bits, div, f32_from_bits, f64_from_bits, fma, select

EXP2A = consts("TanhExp", D.VM_TANH_EXP_K, np.float64)
ACC = consts("TanhAccurate", D.VM_TANH_ACCURATE_F64_K, np.float64)
FAST64 = consts("TanhFast64", D.VM_TANH_FAST_F64_K, np.float64)
APPROX64 = consts("TanhApprox64", D.VM_TANH_APPROX_F64_K, np.float64)
FAST32 = consts("TanhFast32", D.VM_TANH_FAST_F32_K, np.float32)
APPROX32 = consts("TanhApprox32", D.VM_TANH_APPROX_F32_K, np.float32)


FAST32_TM1 = table(D.VM_TANH_FAST_F32_TM1, np.float32)
SIGN64, SIGN32 = -(1 << 63), -(1 << 31)
ONE32 = np.float32(1.0)


@kernel
def xorsign_f64(v, x):
    """v with its sign flipped where x is negative (tanh_xorsign; copysign for v >= 0)."""
    return f64_from_bits(bits(v) ^ (bits(x) & SIGN64))


@kernel
def xorsign_f32(v, x):
    return f32_from_bits(bits(v) ^ (bits(x) & SIGN32))


@kernel
def sides(a, K):
    """(small, a_exp, a_poly): which side serves each lane, and each side's input."""
    small = a < K.poly_limit
    a_exp = select(small, K.poly_limit, select(a < K.sat, a, K.sat))  # NaN: sat
    return small, a_exp, select(small, a, 0.0)


@kernel
def exp_reduce(a2):
    """(r, r_hi, delta, ki, tail): a2 = kd ln2/16 + r_hi, r_hi exact, r = r_hi + delta rounded,
    2^(k/16) = scale16(ki) (1 + tail) (tanh_exp_reduce)."""
    K = EXP2A
    z = fma(a2, K.inv_ln2_n, K.shift)
    ki = bits(z)
    kd = z - K.shift
    r_hi = fma(-kd, K.ln2_hi_n, a2)  # exact
    return fma(-kd, K.ln2_lo_n, r_hi), r_hi, kd * -K.ln2_lo_n, ki, E.TAIL16[ki & 15]


@kernel
def exp_poly(r, r2):
    """p with exp(r) = 1 + r + r^2 p(r), |r| <= ln2/32 (tanh_exp_poly)."""
    K = EXP2A
    p23 = fma(r, K.c3, K.c2)
    p45 = fma(r, K.c5, K.c4)
    p67 = fma(r, K.c7, K.c6)
    return fma(r2 * r2, p67, fma(r2, p45, p23))


@kernel
def accurate_dd(a):
    """tanh(a) = s + e, |e| <= ulp(s)/2, for a = |x| not NaN (tanh_f64_accurate_dd)."""
    K = ACC
    small, ae, ap = sides(a, K)
    # a >= 1/32: E = exp(2a) = scale (1 + r_hi + lo)
    r, r_hi, delta, ki, tail = exp_reduce(ae + ae)
    scale = E.scale16(ki)
    r2 = r * r
    lo = fma(r2, exp_poly(r, r2), fma(tail, r, tail) + delta)
    # D = E + 1 = (scale + 1) + scale (m + m_lo) as dh + dl
    m = r_hi + lo
    m_lo = (r_hi - m) + lo
    d0 = scale + 1.0
    d0_lo = (scale - d0) + 1.0
    dh = fma(scale, m, d0)
    dl = fma(scale, m, d0 - dh) + fma(scale, m_lo, d0_lo)
    # 1/D = y + yl (one division, remainder correction); 1 - 2/D = h + l by Fast2Sum
    y = div(1.0, dh)
    yl = fma(-y, dl, fma(-y, dh, 1.0)) * y
    h = fma(-y, 2.0, 1.0)
    l = fma(-yl, 2.0, fma(-y, 2.0, 1.0 - h))  # (1 - h) - 2y is exact
    s_exp = h + l
    e_exp = l - (s_exp - h)
    sat = a >= K.sat
    s_exp, e_exp = select(sat, 1.0, s_exp), select(sat, 0.0, e_exp)
    # a < 1/32: a + a^3 P(u), u = a^2, P by Estrin
    u = ap * ap
    P = fma(u * u, fma(u, K.c9, K.c7), fma(u, K.c5, K.c3))
    a3 = ap * u
    s_poly = fma(a3, P, ap)
    e_poly = fma(a3, P, ap - s_poly)  # ap - s_poly is exact
    return select(small, s_poly, s_exp), select(small, e_poly, e_exp)


@kernel
def tanh_accurate_f64(x):
    s, e = accurate_dd(abs(x))
    return select(x != x, x + x, xorsign_f64(s, x))


@kernel
def tanh_accurate_f32(xf):
    x = np.float64(xf)
    s, e = accurate_dd(abs(x))
    y = round_dd_f32_normal(xorsign_f64(s, x), xorsign_f64(e, x))
    return select(xf != xf, xf + xf, y)


# fast float64 (tanh_f64_fast_vec): N / (N + 2), N = expm1(2a), for every a, with exp(2a) =
# scale16(ki) (1 + tmp); a is clamped (the result there is 1) and NaN comes back as x + x.
@kernel
def tanh_fast_f64(x):
    K = FAST64
    a = abs(x)
    a = select(a < K.clamp, a, K.clamp)  # C: vd_min(clamp, a), NaN passing (chosen below)
    r, r_hi, delta, ki, tail = exp_reduce(a + a)
    r2 = r * r
    tmp = tail + fma(r2, exp_poly(r, r2), r)
    scale = E.scale16(ki)
    n = fma(scale, tmp, scale - 1.0)
    return select(x != x, x + x, xorsign_f64(div(n, n + 2.0), x))


# approx (tanh_f64_approx_vec, tanh_f32_approx_vec): x P(u) / Q(u), u = x^2, below sat, +-1 beyond.
@kernel
def tanh_approx_f64(x):
    K = APPROX64
    u = x * x
    P = fma(u, fma(u, fma(u, fma(u, K.p4, K.p3), K.p2), K.p1), 1.0)
    Q = fma(u, fma(u, fma(u, fma(u, fma(u, K.q5, K.q4), K.q3), K.q2), K.q1), 1.0)
    return select(u >= K.sat_sq, xorsign_f64(1.0, x), div(x * P, Q))


@kernel
def tanh_approx_f32(x):
    K = APPROX32
    u = x * x
    P = fma(u, fma(u, fma(u, K.p3, K.p2), K.p1), ONE32)
    Q = fma(u, fma(u, fma(u, K.q3, K.q2), K.q1), ONE32)
    return select(u >= K.sat_sq, xorsign_f32(ONE32, x), div(x * P, Q))


# fast float32 (tanh_f32_fast_vec): N / (N + 2), N = expm1(2a) = 2^k (T tmp + (T - 1)) + (2^k - 1),
# T = 2^(j/8) from the table of T - 1; a is clamped (the result there is 1) and NaN comes back
# as x + x.
@kernel
def tanh_fast_f32(x):
    K = FAST32
    a = abs(x)
    a = select(a < K.clamp, a, K.clamp)  # C: vf_min(clamp, a), NaN passing (chosen below)
    a2 = a + a
    z = fma(a2, K.inv_ln2_n, K.shift)
    ki = bits(z)
    kf = z - K.shift
    r = fma(-kf, K.ln2_lo_n, fma(-kf, K.ln2_hi_n, a2))
    tm1 = FAST32_TM1[ki & 7]
    tmp = fma(r * r, fma(r, fma(r, K.c4, K.c3), K.c2), r)
    inner = fma(tm1 + ONE32, tmp, tm1)
    pk = f32_from_bits(((ki >> 3) << 23) + 0x3f800000)
    n = fma(pk, inner, pk - ONE32)
    return select(x != x, x + x, xorsign_f32(div(n, n + np.float32(2.0)), x))


KERNELS = {
    ("accurate", "f64"): tanh_accurate_f64, ("accurate", "f32"): tanh_accurate_f32,
    ("fast", "f64"): tanh_fast_f64, ("fast", "f32"): tanh_fast_f32,
    ("approx", "f64"): tanh_approx_f64, ("approx", "f32"): tanh_approx_f32,
}

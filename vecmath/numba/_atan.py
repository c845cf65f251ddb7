"""atan in numba: csrc/atan.c operation by operation, from the same generated constants.

The C kernels send NaN and +-inf to atan_f64_special / atan_f32_special; their results need no
evaluation (x + x, +-pi/2 rounded), so here those lanes run the main path on 1.0 and the result
is chosen with a select: no tier pays for a second path.  Divisions are div() (no zero test:
the denominators are >= 1 on every lane that is kept).  float32 accurate rounds the accurate
double-double for every input: the C first pass (the fast float64 evaluation) gives the same
bits wherever it is used, since it is used only far from a float midpoint, and one path is
cheaper than two.  Its rounding is the normal-range one: a float subnormal result comes from a
tiny x, where s is x itself.
"""
import numpy as np

from .. import _data as D
from ._common import consts, kernel, round_dd_f32_normal
from ._llvm import bits, div, f32_from_bits, f64_from_bits, fma, select

NODE = np.array(D.VM_ATAN_NODE, np.float64)
BASE = np.array(D.VM_ATAN_BASE, np.float64)
NODE.flags.writeable = BASE.flags.writeable = False
RED = consts("AtanReduction", D.VM_ATAN_K, np.float64)
IDX_BIAS = D.VM_ATAN_BITS["idx_bias"]
ACC = consts("AtanAccurate", D.VM_ATAN_ACCURATE_K, np.float64)
FAST64 = consts("AtanFast64", D.VM_ATAN_FAST_F64_K, np.float64)
APPROX64 = consts("AtanApprox64", D.VM_ATAN_APPROX_F64_K, np.float64)
FAST32 = consts("AtanFast32", D.VM_ATAN_FAST_F32_K, np.float32)
APPROX32 = consts("AtanApprox32", D.VM_ATAN_APPROX_F32_K, np.float32)
INF64 = np.inf
INF32, ZERO32, ONE32, TWO32 = np.float32(np.inf), np.float32(0.0), np.float32(1.0), np.float32(2.0)
# atan_f32_special's pi/2 rounded from pio2_hi + pio2_lo: pio2_hi is no float midpoint, so the
# low part cannot change the rounding
PIO2_F32 = np.float32(RED.pio2_hi)


@kernel
def signed_f64(y, sgn):
    """sign(x) * y for y >= 0, as a bit flip: sgn = bits(x) ^ bits(|x|) (atan_signed)."""
    return f64_from_bits(bits(y) ^ sgn)


@kernel
def signed_f32(y, sgn):
    return f32_from_bits(bits(y) ^ sgn)


@kernel
def reduce(a):
    """(huge, j, b_j) for finite a >= 0 (atan_index): huge when a >= 64, then tau = -1/a."""
    huge = a >= RED.a_huge
    ac = select(huge, RED.a_huge, a)
    ac = select(ac < RED.a_tiny, RED.a_below_tiny, ac)
    j = (bits(ac) - IDX_BIAS) >> 47
    return huge, j, NODE[j]


@kernel
def accurate_core(a):
    """atan(a) as s + e (|e| <= ulp(s)/2, error < 2^-61 relative) for finite a >= 0."""
    huge, j, b = reduce(a)
    num = select(huge, -1.0, a - b)
    d0 = fma(a, b, 1.0)
    dl = fma(a, b, 1.0 - d0)  # (1 + a b) - d0, exact; 0 when huge
    den = select(huge, a, d0)
    inv = div(1.0, den)
    t = num * inv
    tl = fma(-t, dl, fma(-t, den, num)) * inv
    K = ACC
    t2 = t * t
    p = fma(t2 * t2, fma(t2, K.c9, K.c7), fma(t2, K.c5, K.c3))
    q = fma(t2 * t, p, tl)  # atan(tau) = t + q
    bh = BASE[j]
    bl = select(huge, RED.pio2_lo, 0.0)
    s = bh + t  # |bh| >= |t| or bh = 0: Fast2Sum
    lo = ((bh - s) + t) + (bl + q)
    y = s + lo
    return y, lo - (y - s)


@kernel
def input_f64(x):
    """(finite, a, sgn): |x| on finite lanes, 1.0 on NaN and +-inf; the sign bit of x."""
    a = abs(x)
    finite = a < INF64
    return finite, select(finite, a, 1.0), bits(x) ^ bits(a)


@kernel
def with_special_results(x, finite, y, pio2):
    """y on finite lanes; pio2 (signed) for +-inf and x + x (the quiet NaN) for NaN."""
    return select(x != x, x + x, select(finite, y, pio2))


@kernel
def atan_accurate_f64(x):
    finite, a, sgn = input_f64(x)
    s, e = accurate_core(a)
    return with_special_results(x, finite, signed_f64(s, sgn), signed_f64(RED.pio2_hi, sgn))


@kernel
def atan_accurate_f32(xf):
    finite, a, sgn = input_f64(np.float64(xf))
    s, e = accurate_core(a)
    y = round_dd_f32_normal(signed_f64(s, sgn), signed_f64(e, sgn))
    pio2 = signed_f32(PIO2_F32, bits(xf) ^ bits(abs(xf)))  # float's sign bit: bit 31
    return with_special_results(xf, finite, y, pio2)


# fast / approx float64 (ATAN_F64_LEAN): B_j + (tau + tau^3 p(tau^2)), tau = num/den, in two
# halves around the tier's polynomial p.
@kernel
def lean_tau_f64(x):
    """(finite, sgn, j, tau)"""
    finite, a, sgn = input_f64(x)
    huge, j, b = reduce(a)
    num = select(huge, -1.0, a - b)
    den = select(huge, a, fma(a, b, 1.0))
    return finite, sgn, j, div(num, den)


@kernel
def lean_finish_f64(x, finite, sgn, j, t, t2, p):
    v = fma(t2 * t, p, t)
    y = signed_f64(BASE[j] + v, sgn)
    return with_special_results(x, finite, y, signed_f64(RED.pio2_hi, sgn))


@kernel
def atan_fast_f64(x):
    K = FAST64
    finite, sgn, j, t = lean_tau_f64(x)
    t2 = t * t
    return lean_finish_f64(x, finite, sgn, j, t, t2, fma(t2, fma(t2, K.c7, K.c5), K.c3))


@kernel
def atan_approx_f64(x):
    finite, sgn, j, t = lean_tau_f64(x)
    return lean_finish_f64(x, finite, sgn, j, t, t * t, APPROX64.c3)


# fast / approx float32 (ATAN_F32_RANGES): m pi/4 + (tau + tau^3 p(tau^2)) in float arithmetic,
# tau from three ranges (the "table"), in two halves around the tier's polynomial p.
@kernel
def ranges_tau_f32(x, K):
    """(finite, sgn, m, tau)"""
    a = abs(x)
    finite = a < INF32
    sgn = bits(x) ^ bits(a)
    a = select(finite, a, ONE32)
    mid = a > K.tan_pi8
    big = a > K.tan_3pi8
    num = select(big, -ONE32, select(mid, a - ONE32, a))
    den = select(big, a, select(mid, a + ONE32, ONE32))
    m = select(big, TWO32, select(mid, ONE32, ZERO32))
    return finite, sgn, m, div(num, den)


@kernel
def ranges_finish_f32(x, K, finite, sgn, m, t, t2, p):
    v = fma(t2 * t, p, t)
    y = signed_f32(fma(m, K.pio4_hi, fma(m, K.pio4_lo, v)), sgn)
    return with_special_results(x, finite, y, signed_f32(PIO2_F32, sgn))


@kernel
def atan_fast_f32(x):
    K = FAST32
    finite, sgn, m, t = ranges_tau_f32(x, K)
    t2 = t * t
    p = fma(t2, fma(t2, fma(t2, fma(t2, K.c11, K.c9), K.c7), K.c5), K.c3)
    return ranges_finish_f32(x, K, finite, sgn, m, t, t2, p)


@kernel
def atan_approx_f32(x):
    K = APPROX32
    finite, sgn, m, t = ranges_tau_f32(x, K)
    t2 = t * t
    return ranges_finish_f32(x, K, finite, sgn, m, t, t2, fma(t2, K.c5, K.c3))


KERNELS = {
    ("accurate", "f64"): atan_accurate_f64, ("accurate", "f32"): atan_accurate_f32,
    ("fast", "f64"): atan_fast_f64, ("fast", "f32"): atan_fast_f32,
    ("approx", "f64"): atan_approx_f64, ("approx", "f32"): atan_approx_f32,
}

"""atan in numba: csrc/atan.c operation by operation, from the same generated constants.

The C float64 kernels and float32 accurate send NaN, +-inf and float64 |x| >= 2^400 to
atan_f64_special / atan_f32_special; their results need no evaluation (x + x, +-pi/2 rounded), so
here those lanes run the main path on 1.0 and the result is chosen with a select: no tier pays for a
second path (float32 fast clamps instead, approx needs neither). Divisions are div() (no zero
test: the denominators are >= 1 on every lane that is kept). float32 accurate rounds the accurate
double-double for every input: the C first pass (the float grid in double) gives the same bits
wherever it is used, since it is used only far from a float midpoint, and one path is cheaper than
two. Its rounding is the normal-range one: a float subnormal result comes from a tiny x, where s is
x itself.
"""
import numpy as np

from .. import _data as D
from ._common import consts, entry_f32, kernel, pack_f32, round_dd_f32_normal
from ._llvm import bits, div, f32_from_bits, f64_from_bits, fma, select

NODE = np.array(D.VM_ATAN_NODE, np.float64)
BASE_HI = np.array(D.VM_ATAN_BASE_HI, np.float64)
BASE_LO = np.array(D.VM_ATAN_BASE_LO, np.float64)
NODE.flags.writeable = BASE_HI.flags.writeable = BASE_LO.flags.writeable = False
NODE_BASE32 = pack_f32(D.VM_ATAN_F32_NODE, D.VM_ATAN_F32_BASE)  # one read for both
GRID32_INDEX_BASE = np.int64(D.VM_ATAN_F32_GRID["index_base"])
CLAMP32 = np.float32(D.VM_ATAN_LIMITS["f32_grid_clamp"])
RED = consts("AtanReduction", D.VM_ATAN_K, np.float64)
RECIP_MAGIC = np.int64(D.VM_ATAN_BITS["recip_magic"])
BRANCH_FREE = np.float64(D.VM_ATAN_LIMITS["f64_branch_free_abs"])
POLY64 = consts("AtanPoly64", D.VM_ATAN_F64_K, np.float64)
APPROX64 = consts("AtanApprox64", D.VM_ATAN_APPROX_F64_K, np.float64)
FAST32 = consts("AtanFast32", D.VM_ATAN_FAST_F32_K, np.float32)
APPROX32 = consts("AtanApprox32", D.VM_ATAN_APPROX_F32_K, np.float32)
ONE32 = np.float32(1.0)
# atan_f32_special's pi/2 rounded: pio2_hi is no float midpoint, so pi/2's low part cannot
# change the rounding
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
    """(jb, c): the index of node c of a (atan_index, atan_entry): j = round(15 u), u = a or
    ~1/a from the bit-trick seed, and 16 more for a > 1."""
    big = a > 1.0
    r0 = f64_from_bits(RECIP_MAGIC - bits(a))
    u = select(big, r0 * fma(-a, r0, 2.0), a)
    j = bits(fma(u, RED.grid, RED.shift)) & 15
    jb = j + select(big, np.int64(16), np.int64(0))
    return jb, NODE[jb]


@kernel
def accurate_core(a):
    """atan(a) as s + e (|e| <= ulp(s)/2, error < 2^-61 relative) for 0 <= a < 2^400."""
    jb, c = reduce(a)
    num = a - c
    d0 = fma(a, c, 1.0)
    dl = fma(a, c, 1.0 - d0)  # (1 + a c) - d0
    inv = div(1.0, d0)
    t = num * inv
    tl = fma(-t, dl, fma(-t, d0, num)) * inv
    K = POLY64
    t2 = t * t
    p = fma(fma(fma(K.c9, t2, K.c7), t2, K.c5), t2, K.c3)  # Horner, as the C kernel
    q = fma(t2 * t, p, tl)  # atan(tau) = t + q
    bh = BASE_HI[jb]
    s = bh + t  # |bh| >= |t| or bh = 0: Fast2Sum
    lo = ((bh - s) + t) + (BASE_LO[jb] + q)
    y = s + lo
    return y, lo - (y - s)


@kernel
def input_f64(x):
    """(finite, a, sgn): |x| where it is below f64_branch_free_abs, 1.0 on the other lanes (NaN,
    +-inf and |x| >= 2^400, whose result is +-pi/2 rounded or NaN); the sign bit of x."""
    a = abs(x)
    finite = a < BRANCH_FREE
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


# fast float64 (atan_f64_fast_vec): base + tau (1 + tau^2 p(tau^2)), tau = (a - c) / (1 + a c).
@kernel
def atan_fast_f64(x):
    K = POLY64
    finite, a, sgn = input_f64(x)
    jb, c = reduce(a)
    t = div(a - c, fma(a, c, 1.0))
    t2 = t * t
    q = fma(fma(fma(fma(K.c9, t2, K.c7), t2, K.c5), t2, K.c3), t2, 1.0)
    y = signed_f64(fma(t, q, BASE_HI[jb]), sgn)
    return with_special_results(x, finite, y, signed_f64(RED.pio2_hi, sgn))


# fast float32 (atan_f32_fast_vec): base + tau (1 + tau^2 p(tau^2)) in float arithmetic on the
# 16-slot grid of a's float bits.  No special lanes: inf is clamped to 2^100 (result
# float(pi/2)), NaN passes the clamp.
@kernel
def atan_fast_f32(x):
    K = FAST32
    a = abs(x)
    ac = select(CLAMP32 < a, CLAMP32, a)  # vf_min(clamp, a): a where a is NaN
    s = bits(ac) >> 22
    entry = select(s < GRID32_INDEX_BASE, GRID32_INDEX_BASE,
                   select(s > GRID32_INDEX_BASE + 15, GRID32_INDEX_BASE + 15, s)) & 15
    c, base = entry_f32(NODE_BASE32, entry)
    t = div(ac - c, fma(ac, c, ONE32))
    t2 = t * t
    y = fma(t, fma(t2, fma(t2, K.c5, K.c3), ONE32), base)  # base + t (1 + t^2 p(t^2))
    return signed_f32(y, bits(x) ^ bits(a))


# approx (ATAN_APPROX): t = min(1, a) / max(1, a), r ~ atan(t) (float64: t P(t^2) / Q(t^2);
# float32: t + t^3 P(t^2)), r or pi/2 - r.  vd_min and vd_max give their second operand for NaN:
# a, which then propagates.
@kernel
def atan_approx_f64(x):
    K = APPROX64
    a = abs(x)
    t = div(select(1.0 < a, 1.0, a), select(1.0 > a, 1.0, a))
    u = t * t
    r = div(t * fma(u, fma(u, fma(u, K.p3, K.p2), K.p1), 1.0),
            fma(u, fma(u, fma(u, K.q3, K.q2), K.q1), 1.0))
    return signed_f64(select(a > 1.0, K.pio2 - r, r), bits(x) ^ bits(a))


@kernel
def atan_approx_f32(x):
    K = APPROX32
    a = abs(x)
    t = div(select(ONE32 < a, ONE32, a), select(ONE32 > a, ONE32, a))
    u = t * t
    r = fma(t * u, fma(u, fma(u, fma(u, K.c9, K.c7), K.c5), K.c3), t)
    return signed_f32(select(a > ONE32, K.pio2 - r, r), bits(x) ^ bits(a))


KERNELS = {
    ("accurate", "f64"): atan_accurate_f64, ("accurate", "f32"): atan_accurate_f32,
    ("fast", "f64"): atan_fast_f64, ("fast", "f32"): atan_fast_f32,
    ("approx", "f64"): atan_approx_f64, ("approx", "f32"): atan_approx_f32,
}

"""log in numba: csrc/log.c operation by operation, from the same generated constants.

The C kernels send special inputs (x <= 0, NaN, +inf, and subnormal x) to a scalar routine:
constants for the first four, and for a subnormal x the tier's own evaluation on 2^52 x (float:
2^23 x) with k biased back (log_*_special_value, LOG_TIER_F64/F32; the accurate float64 tier
uses its accurate core).  Here every lane runs the main path, special lanes on that scaled input
(or on a harmless one), and the constants are chosen with selects, so that the user's loop stays
branch-free.  The float tiers read 1/c and log c at one index through pack_f32/entry_f32 (one packed
64-bit gather where that is cheap): in a vectorized loop each table read is a gather, the cost
that dominates these kernels.  float32
accurate rounds the accurate float64 core (log_f32_special's double-double) for every input:
the C first pass gives the same bits wherever it is used, since it is used only far from a
float midpoint, and one path is cheaper than two.  Its results are never float subnormals, so
the cheaper normal-range rounding of the double-double serves.
"""
import numpy as np

from .. import _data as D
from ._common import consts, entry_f32, kernel, pack_f32, round_dd_f32_normal
from ._llvm import bits, f32_from_bits, f64_from_bits, fma, select

INVC16 = np.array(D.VM_LOG_INVC16, np.float64)
LOGC16_HI = np.array(D.VM_LOG_LOGC16_HI, np.float64)
LOGC16_LO = np.array(D.VM_LOG_LOGC16_LO, np.float64)
LOGC16 = np.array(D.VM_LOG_LOGC16, np.float64)
for _t in (INVC16, LOGC16_HI, LOGC16_LO, LOGC16):
    _t.flags.writeable = False


INVC_LOGC16_F = pack_f32(D.VM_LOG_INVC16_F, D.VM_LOG_LOGC16_F)
INVC_LOGC32_F = pack_f32(D.VM_LOG_INVC32_F, D.VM_LOG_LOGC32_F)
ACC = consts("LogAccurate", D.VM_LOG_ACCURATE_K, np.float64)
FAST64 = consts("LogFast64", D.VM_LOG_FAST_F64_K, np.float64)
APPROX64 = consts("LogApprox64", D.VM_LOG_APPROX_F64_K, np.float64)
FAST32 = consts("LogFast32", D.VM_LOG_FAST_F32_K, np.float32)
APPROX32 = consts("LogApprox32", D.VM_LOG_APPROX_F32_K, np.float32)
OFF16 = D.VM_LOG_REDUCE["off16"]
OFF16_F = D.VM_LOG_REDUCE["off16_f"]
OFF32_F = D.VM_LOG_REDUCE["off32_f"]
U_BIAS = (1 << 62) - OFF16      # u = bits(x) + U_BIAS: k + 1024 in bits 52..63
K_BIAS = 2.0 ** 52 + 1024.0     # kd = float(k + 1024 by the 2^52 trick) - K_BIAS - kbias
TINY64, TWO52 = 2.0 ** -1022, 2.0 ** 52
INF64, NAN64 = np.inf, np.nan
TINY32, ONE32, ZERO32 = np.float32(2.0 ** -126), np.float32(1.0), np.float32(0.0)
TWO23_F = np.float32(2.0 ** 23)
INF32, NAN32 = np.float32(np.inf), np.float32(np.nan)


@kernel
def reduce16(x, kbias):
    """(z, idx, kd): x = 2^(kd + kbias) z, z in [OFF, 2 OFF), idx its entry of 16, for positive
    normal x (log_reduce16).  u passes 2^63 near the top of the range (C: unsigned), so k's
    bits are masked after the arithmetic shift."""
    u = bits(x) + U_BIAS
    idx = (u >> 48) & 15
    kd = f64_from_bits(((u >> 52) & 0xFFF) | 0x4330000000000000) - (K_BIAS + kbias)
    z = f64_from_bits((u & 0x000FFFFFFFFFFFFF) + OFF16)
    return z, idx, kd


@kernel
def reduce_f32(x, off, tbits):
    """(z, idx, kf) for a positive normal float and a table of 2^tbits (LOG_REDUCE_F32)."""
    u = bits(x) - off  # int64 in numba; the same values as C's int32
    idx = (u >> (23 - tbits)) & ((1 << tbits) - 1)
    kf = np.float32(np.int32(u >> 23))  # via int32: int64 -> float has no AVX2 instruction
    z = f32_from_bits((u & 0x007FFFFF) + off)
    return z, idx, kf


@kernel
def accurate_core(x, kbias):
    """log(2^-kbias x) = s + e, |e| <= ulp(s)/2, for positive normal x (log_f64_accurate_core)."""
    K = ACC
    z, idx, kd = reduce16(x, kbias)
    r = fma(z, INVC16[idx], -1.0)                   # exact
    w = fma(kd, K.ln2_hi, LOGC16_HI[idx])           # exact
    tail = fma(kd, K.ln2_lo, LOGC16_LO[idx])
    hi = w + r
    lo = (w - hi) + r
    hr = r * -0.5                                   # exact: hi - r^2/2 = hi2 + lo2
    hi2 = fma(hr, r, hi)
    lo2 = fma(hr, r, hi - hi2)
    hpoly = K.c10                                   # Horner, as the C kernel
    hpoly = fma(hpoly, r, K.c9)
    hpoly = fma(hpoly, r, K.c8)
    hpoly = fma(hpoly, r, K.c7)
    hpoly = fma(hpoly, r, K.c6)
    hpoly = fma(hpoly, r, K.c5)
    hpoly = fma(hpoly, r, K.c4)
    hpoly = fma(hpoly, r, K.c3)
    t = (lo + lo2) + tail
    t = fma((r * r) * r, hpoly, t)
    s = hi2 + t
    return s, (hi2 - s) + t


@kernel
def input_f64(x):
    """(ordinary, xin, kbias): ordinary lanes (positive normal finite) run on x, the others on
    2^52 x with kbias 52: right for subnormals (log_f64_special), replaced by constants for
    the rest (0, negatives, inf, NaN: no subnormal operand, so no microcode assist).  No test
    for 0 < x < 2^-1022: LLVM turns it into (bits - 1) <u c, whose -1 it rematerializes in the
    loop with a false dependency (toward_e): 3.0 -> 1.6 ns per element for accurate log."""
    ordinary = (x >= TINY64) & (x < INF64)
    return ordinary, select(ordinary, x, x * TWO52), select(ordinary, 0.0, 52.0)


@kernel
def with_special_results(x, y, inf, nan):
    """y, except where log_*_special returns without computing: -inf for +-0, NaN for x < 0
    (-inf included), +inf for +inf, x + x (the quiet NaN) for NaN."""
    y = select(x == 0, -inf, y)
    y = select(x < 0, nan, y)
    y = select(x == inf, x, y)
    return select(x != x, x + x, y)


@kernel
def accurate_f64_of(x, xin, kbias):
    s, e = accurate_core(xin, kbias)
    return with_special_results(x, s, INF64, NAN64)


@kernel
def log_accurate_f64(x):
    ordinary, xin, kbias = input_f64(x)
    return accurate_f64_of(x, xin, kbias)


@kernel
def log_fast_f64(x):
    K = FAST64
    ordinary, xin, kbias = input_f64(x)
    z, idx, kd = reduce16(xin, kbias)
    r = fma(z, INVC16[idx], -1.0)
    r2 = r * r
    p01 = fma(r, K.c3, K.c2)
    p23 = fma(r, K.c5, K.c4)
    p45 = fma(r, K.c7, K.c6)
    p67 = fma(r, K.c9, K.c8)
    g = fma(r2 * r2, fma(r2, p67, p45), fma(r2, p23, p01))
    w = fma(kd, K.ln2, LOGC16[idx])
    return with_special_results(x, w + fma(r2, g, r), INF64, NAN64)


@kernel
def log_approx_f64(x):
    K = APPROX64
    ordinary, xin, kbias = input_f64(x)
    z, idx, kd = reduce16(xin, kbias)
    r = fma(z, INVC16[idx], -1.0)
    r2 = r * r
    g = fma(r2, fma(r, K.c5, K.c4), fma(r, K.c3, K.c2))
    p = fma(r2, g, r)
    y = fma(kd, K.ln2, LOGC16[idx] + p)
    return with_special_results(x, y, INF64, NAN64)


@kernel
def log_accurate_f32(xf):
    """log_f32_special for every input: the accurate float64 core rounded once to float (float
    subnormal inputs are normal doubles; no result is a float subnormal)."""
    x = np.float64(xf)
    # positive finite floats are normal doubles (x >= TINY64 rather than x > 0: see input_f64)
    s, e = accurate_core(select((x >= TINY64) & (x < INF64), x, 1.0), 0.0)
    return with_special_results(xf, round_dd_f32_normal(s, e), INF32, NAN32)


@kernel
def input_f32(x):
    """(xin, kbias) for the float tiers: x for positive normal finite x, else 2^23 x with k
    biased by 23: right for a subnormal (log_f32_<tier>_special), replaced by constants for
    the other special lanes (as input_f64)."""
    ordinary = (x >= TINY32) & (x < INF32)
    return select(ordinary, x, x * TWO23_F), select(ordinary, ZERO32, np.float32(23.0))


@kernel
def log_fast_f32(x):
    K = FAST32
    xin, kbias = input_f32(x)
    z, idx, kf = reduce_f32(xin, OFF32_F, 5)
    invc, logc = entry_f32(INVC_LOGC32_F, idx)
    r = fma(z, invc, -ONE32)
    w = fma(kf - kbias, K.ln2, logc)
    r2 = r * r
    g = fma(r2, K.c4, fma(r, K.c3, K.c2))
    return with_special_results(x, w + fma(r2, g, r), INF32, NAN32)


@kernel
def log_approx_f32(x):
    K = APPROX32
    xin, kbias = input_f32(x)
    z, idx, kf = reduce_f32(xin, OFF16_F, 4)
    invc, logc = entry_f32(INVC_LOGC16_F, idx)
    r = fma(z, invc, -ONE32)
    q = fma(r, fma(r, K.c3, K.c2), ONE32)   # log1p(r) = r q
    y = fma(kf - kbias, K.ln2, fma(r, q, logc))
    return with_special_results(x, y, INF32, NAN32)


KERNELS = {
    ("accurate", "f64"): log_accurate_f64, ("accurate", "f32"): log_accurate_f32,
    ("fast", "f64"): log_fast_f64, ("fast", "f32"): log_fast_f32,
    ("approx", "f64"): log_approx_f64, ("approx", "f32"): log_approx_f32,
}

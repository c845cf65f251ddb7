"""exp in numba: csrc/exp.c operation by operation, from the same generated constants.

The C kernels send rare lanes (NaN, inf, overflow, subnormal results, float32 results near a
rounding boundary) to a scalar special routine.  A branch to a call would stop LLVM from
vectorizing the user's loop, so here no lane branches: the C routines evaluate the tier's own
core with 2^(k/N) built in range and scaled back, which gives the hot path's bits wherever the
result is normal, so that scaled evaluation serves every lane (accurate float64: special_f64,
whose subnormal results are rounded once; fast and approx: scaled_f64, scaled_f32), with
selects for NaN, inf and 0.  float32 accurate takes the C fallback (the exact double-double path) for every input:
it is correctly rounded everywhere, like the C first try, and cheaper than computing both.
"""
import numpy as np

from .. import _data as D
from ._common import consts, kernel, round_dd_f32, table
from ._llvm import bits, f32_from_bits, f64_from_bits, fma, select

TAB32 = table(D.VM_EXP_TAB32_BITS, np.int64)
TAIL32 = np.array(D.VM_EXP_TAB32_TAIL, np.float64)
TAB16 = table(D.VM_EXP_TAB16_BITS, np.int64)
TAIL16 = table(D.VM_EXP_TAB16_TAIL, np.float64)
TAB16_F32 = table(D.VM_EXP_TAB16_F32_BITS, np.int32)
ACC = consts("ExpAccurate", D.VM_EXP_ACCURATE_K, np.float64)
FAST64 = consts("ExpFast64", D.VM_EXP_FAST_F64_K, np.float64)
APPROX64 = consts("ExpApprox64", D.VM_EXP_APPROX_F64_K, np.float64)
FAST32 = consts("ExpFast32", D.VM_EXP_FAST_F32_K, np.float32)
APPROX32 = consts("ExpApprox32", D.VM_EXP_APPROX_F32_K, np.float32)
LIM = consts("ExpLimits", D.VM_EXP_LIMITS, np.float64)    # vecmath.spec.LIMITS["exp"]
LIM32 = consts("ExpLimits32", D.VM_EXP_LIMITS, np.float32)
SHIFT_BITS = 0x4338000000000000  # bits of 1.5*2^52: bits(x*N/ln2 + shift) - SHIFT_BITS = k
INF64 = np.inf
TWO_1009, TWO_M1022 = 2.0 ** 1009, 2.0 ** -1022
TWO64, TWO_M64 = 2.0 ** 64, 2.0 ** -64
TWO64_F, TWO_M64_F = np.float32(TWO64), np.float32(TWO_M64)
DBL_MAX, FLT_MAX = np.finfo(np.float64).max, np.finfo(np.float32).max
INF32 = np.float32(np.inf)


@kernel
def scale32(ki):
    """2^(k/32) rounded, from the integer bits ki of k + shift."""
    return f64_from_bits(TAB32[ki & 31] + (ki << 47))


@kernel
def scale16(ki):
    """2^(k/16) rounded, from the integer bits ki of k + shift (exp_f64_scale16)."""
    return f64_from_bits(TAB16[ki & 15] + (ki << 48))


@kernel
def scale16_f32(ki):
    """2^(k/16) rounded to float, from the int32 bits ki of k + shift (float)."""
    return f32_from_bits(TAB16_F32[ki & 15] + (ki << 19))


@kernel
def accurate_poly(r, r2):
    """p with exp(r) = 1 + r + r^2 p(r), |r| <= ln2/64; r2 = r*r (exp_f64_accurate_poly)."""
    p56 = fma(r, ACC.c6, ACC.c5)
    p34 = fma(r, ACC.c4, ACC.c3)
    return fma(r, fma(r2, p56, p34), ACC.c2)


@kernel
def accurate_core(x):
    """(tmp, ki): exp(x) = 2^(k/32) (1 + tmp) to ~2^-63 for |x| < 746 (exp_f64_accurate_core):
    x = k ln2/32 + r, r rounded once."""
    z = fma(x, ACC.inv_ln2_n, ACC.shift)
    ki = bits(z)
    kd = z - ACC.shift
    r = fma(-kd, ACC.ln2_lo_n, fma(-kd, ACC.ln2_hi_n, x))
    r2 = r * r
    return TAIL32[ki & 31] + fma(r2, accurate_poly(r, r2), r), ki


@kernel
def special_f64(x, tmp, ki):
    """exp_f64_special(x) given the accurate core (tmp, ki) of x, branch-free: NaN, inf,
    overflow, subnormal results rounded once, and the hot path's bits elsewhere."""
    k = ki - SHIFT_BITS
    sbits = TAB32[ki & 31] + (ki << 47)
    up = k > 0
    # scale 2^1009 smaller (k > 0: may overflow) or 2^1022 larger (k <= 0: normal)
    scale = f64_from_bits(sbits + select(up, np.int64(-1009 << 52), np.int64(1022 << 52)))
    y = fma(scale, tmp, scale)
    # k <= 0: 2^-1022 y, where y < 1 (subnormal result) rounded once to 2^-52 steps of the
    # scaled value from y + lo.  Lanes that do not take a path get 1.0 there: no float
    # operation may underflow on ordinary inputs (microcode assists cost ~100 cycles).
    sd, yd = select(up, 1.0, scale), select(up, 1.0, y)
    lo = fma(sd, tmp, sd - yd)
    hi = 1.0 + yd
    lo = 1.0 - hi + yd + lo
    ysub = (hi + lo) - 1.0  # never -0 (C checks; in round-to-nearest a - a is +0)
    r = select(up, TWO_1009 * select(up, y, 1.0), TWO_M1022 * select(yd < 1.0, ysub, yd))
    r = select(x < LIM.f64_zero_below, 0.0, r)
    r = select(x > LIM.f64_overflow_above, INF64, r)
    return select(x != x, x + x, r)


@kernel
def exp_accurate_f64(x):
    # special_f64's scaled evaluation is exact scaling of the hot path's scale + scale*tmp
    # wherever the result is normal, so it serves every lane
    tmp, ki = accurate_core(x)
    return special_f64(x, tmp, ki)


@kernel
def fast_f64_core(x):
    """(tmp, ki): exp(x) = 2^(k/16) (1 + tmp) for |x| < 704 (exp_f64_fast_core)."""
    K = FAST64
    z = fma(x, K.inv_ln2_n, K.shift)
    ki = bits(z)
    kd = z - K.shift
    r = fma(-kd, K.ln2_hi_n, x)
    r = fma(-kd, K.ln2_lo_n, r)
    r2 = r * r
    p = fma(r2, fma(r2, K.c6, fma(r, K.c5, K.c4)), fma(r, K.c3, K.c2))
    return fma(r2, p, r), ki


@kernel
def scaled_f64(x, scale, tmp):
    """exp_f64_special_of for every lane, branch-free (the fast and approx tiers): scale (1 +
    tmp) with 2^(k/32) built 2^64 smaller (x > 0) or larger and scaled back (exp_f64_scaled;
    the hot path's bits where the result is normal), DBL_MAX for the tier's own overflow below
    the limit, then NaN, inf and 0 beyond the limits."""
    up = x > 0.0
    s = f64_from_bits(bits(scale) + select(up, np.int64(-(64 << 52)), np.int64(64 << 52)))
    y = fma(s, tmp, s) * select(up, TWO64, TWO_M64)
    y = select(y == INF64, DBL_MAX, y)
    y = select(x < LIM.f64_zero_below, 0.0, y)
    y = select(x > LIM.f64_overflow_above, INF64, y)
    return select(x != x, x + x, y)


@kernel
def exp_fast_f64(x):
    tmp, ki = fast_f64_core(x)
    return scaled_f64(x, scale16(ki), tmp)


@kernel
def exp_approx_f64(x):
    K = APPROX64
    z = fma(x, K.inv_ln2_n, K.shift)
    ki = bits(z)
    kd = z - K.shift
    r = fma(-kd, K.ln2_n, x)
    return scaled_f64(x, scale16(ki), fma(r * r, fma(r, K.c3, K.c2), r))


@kernel
def exp_accurate_f32(xf):
    """exp_f32_special for every input: the accurate float64 core kept as an exact
    double-double s + e and rounded once to float."""
    x = np.float64(xf)
    tmp, ki = accurate_core(x)
    scale = scale32(ki)
    t = scale * tmp
    s = scale + t
    e = t - (s - scale)
    y = round_dd_f32(s, e)
    y = select(x < LIM.f32_zero_below, np.float32(0.0), y)
    y = select(x > LIM.f32_overflow_above, np.float32(np.inf), y)
    return select(xf != xf, xf + xf, y)


@kernel
def scaled_f32(x, scale, tmp):
    """scaled_f64 in float (exp_f32_scaled, exp_f32_special_of)."""
    up = x > 0
    s = f32_from_bits(bits(scale) + select(up, np.int32(-(64 << 23)), np.int32(64 << 23)))
    y = fma(s, tmp, s) * select(up, TWO64_F, TWO_M64_F)
    y = select(y == INF32, FLT_MAX, y)  # below the overflow limit: the tier's own overflow
    y = select(x < LIM32.f32_zero_below, np.float32(0.0), y)
    y = select(x > LIM32.f32_overflow_above, np.float32(np.inf), y)
    return select(x != x, x + x, y)


@kernel
def exp_fast_f32(x):
    K = FAST32
    z = fma(x, K.inv_ln2_n, K.shift)
    ki = bits(z)
    kf = z - K.shift
    r = fma(-kf, K.ln2_hi_n, x)
    r = fma(-kf, K.ln2_lo_n, r)
    q = fma(r, fma(r, K.c3, K.c2), K.c1)
    return scaled_f32(x, scale16_f32(ki), r * q)


@kernel
def exp_approx_f32(x):
    K = APPROX32
    z = fma(x, K.inv_ln2_n, K.shift)
    ki = bits(z)
    kf = z - K.shift
    r = fma(-kf, K.ln2_n, x)
    q = fma(r, K.c2, K.c1)
    return scaled_f32(x, scale16_f32(ki), r * q)


KERNELS = {
    ("accurate", "f64"): exp_accurate_f64, ("accurate", "f32"): exp_accurate_f32,
    ("fast", "f64"): exp_fast_f64, ("fast", "f32"): exp_fast_f32,
    ("approx", "f64"): exp_approx_f64, ("approx", "f32"): exp_approx_f32,
}

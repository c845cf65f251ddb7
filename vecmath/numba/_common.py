"""Shared pieces of the numba kernels: constants from vecmath._data, the jit options, packed
float tables, and the float32 roundings of a double-double (the C layer's vm_round_dd_f32 and vm_round_dd_f32_any)."""
from collections import namedtuple

import numpy as np
from numba import njit

from ._llvm import bits, f32_from_bits, f64_from_bits, select

# fastmath=False stated explicitly, so a caller's fastmath=True is not inherited: the kernels
# keep every rounding the C kernels make.
kernel = njit(fastmath=False, nogil=True, inline="always")


def consts(name, block, dtype):
    """A block of vecmath._data constants as a namedtuple of dtype scalars (numba freezes it)."""
    cls = namedtuple(name, sorted(block))
    return cls(**{k: dtype(v) for k, v in block.items()})


def table(values, dtype):
    """A generated table as a read-only array of dtype; unsigned bit patterns become signed."""
    width = np.dtype(dtype).itemsize * 8
    a = np.array([v - (1 << width) if v >= 1 << (width - 1) else v for v in values], dtype)
    a.flags.writeable = False
    return a


def _host_gathers_64bit_cheaply():
    """Whether numba compiles for AVX-512 (the host, or NUMBA_CPU_NAME/NUMBA_CPU_FEATURES)."""
    from numba.core import config
    if config.CPU_NAME or config.CPU_FEATURES:
        return "+avx512f" in (config.CPU_FEATURES or "")
    from llvmlite import binding as ll
    return bool(ll.get_host_cpu_features().get("avx512f", False))


# Two float tables read at one index.  In a vectorized loop every table read is a gather, the
# cost that dominates the table-driven kernels.  With AVX-512 a 64-bit gather costs about what
# a 32-bit one does, so lo and hi share one int64 entry (one read); on AVX2 alone LLVM's cost
# model declines to vectorize a float32 loop that gathers 64-bit entries (the whole loop stays
# scalar: AMD EPYC family 25), so there they are two float32 reads.  The same bits either way.
PACKED_F32 = _host_gathers_64bit_cheaply()


def pack_f32(lo, hi):
    """lo and hi as one read-only table for entry_f32: int64 entries holding the bits of lo[i]
    in the low half and hi[i] in the high half (PACKED_F32), or a (2, n) float32 array."""
    if not PACKED_F32:
        a = np.array([lo, hi], np.float32)
    else:
        a = (np.array(lo, np.float32).view(np.uint32).astype(np.uint64)
             | np.array(hi, np.float32).view(np.uint32).astype(np.uint64) << np.uint64(32)).view(np.int64)
    a.flags.writeable = False
    return a


@kernel
def _entry_packed(packed, idx):
    e = packed[idx]
    return f32_from_bits(e), f32_from_bits(e >> 32)


@kernel
def _entry_pair(pair, idx):
    return pair[0, idx], pair[1, idx]


entry_f32 = _entry_packed if PACKED_F32 else _entry_pair  # (lo[idx], hi[idx]) of a pack_f32 table


@kernel
def toward_e(s, e):
    """+1 where s and e have the same sign, else -1 (the step of s's bits toward s + e), from
    the sign bit of s*e: 2 (bits >> 63) + 1.  Not a select between 1 and -1: LLVM would
    rematerialize the -1 (an all-ones vector) in the loop with vpternlogd, which AMD's cores
    do not treat as independent of the register's old value, often the previous iteration's
    result: a loop-carried chain that doubled a loop's time (measured, AMD EPYC family 26)."""
    return 2 * (bits(s * e) >> 63) + 1


@kernel
def round_dd_f32(s, e):
    """float32 nearest to s + e, a double-double with |e| <= ulp(s)/2, for any s: float
    normal, subnormal or overflowing results.  float(s) is right unless s sits exactly on a
    midpoint of the float grid at s (then e decides: step s one double ulp toward e first).
    The grid's half-step is 2^28 double ulps in float's normal range, more below it."""
    b = bits(s)
    expo = (b >> 52) & 0x7FF
    # float ulps are 2^(29 + extra) double ulps where float results are subnormal
    extra = min(max(897 - expo, 0), 25)
    half = np.int64(1) << (28 + extra)
    # the low 29 + extra bits of b are half: b ^ half has them zero (no all-ones mask: see
    # toward_e)
    tie = (((b ^ half) << (35 - extra)) == 0) & (e != 0.0)
    return np.float32(f64_from_bits(select(tie, b + toward_e(s, e), b)))


@kernel
def round_dd_f32_normal(s, e):
    """float32 nearest to s + e, |e| <= ulp(s)/2, where that float is normal or s is exactly a
    float (vm_round_dd_f32): s alone rounds right unless its low 29 bits make it a midpoint of
    the float grid.  Half the cost of round_dd_f32; log, tanh and atan results qualify (the
    exhaustive float32 test checks every input)."""
    b = bits(s)
    tie = ((b & 0x1FFFFFFF) == 0x10000000) & (e != 0.0)
    return np.float32(f64_from_bits(select(tie, b + toward_e(s, e), b)))

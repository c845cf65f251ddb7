"""Shared pieces of the numba kernels: constants from vecmath._data, the jit options, and the
float32 rounding of a double-double (the C layer's vm_round_dd_f32 / _any)."""
from collections import namedtuple

import numpy as np
from numba import njit

from ._llvm import bits, f64_from_bits, select

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
    tie = ((b & (2 * half - 1)) == half) & (e != 0.0)
    step = select(s * e > 0.0, np.int64(1), np.int64(-1))
    return np.float32(f64_from_bits(select(tie, b + step, b)))

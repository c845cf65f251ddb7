"""The binary floating-point formats the tool measures, and their ULP arithmetic.

ulp(x) = 2^(max(floor(log2|x|), emin) - p + 1): the spacing of the format at x, constant below
the smallest normal number so that subnormal results are measured in the subnormal spacing.
"""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Format:
    name: str
    p: int        # precision in bits, hidden bit included
    emin: int     # exponent of the smallest normal number
    emax: int     # exponent of the largest finite number

    @property
    def dtype(self):
        if self.name == "bfloat16":   # NumPy has none: ml_dtypes' (installed with JAX)
            import ml_dtypes
            return np.dtype(ml_dtypes.bfloat16)
        return np.dtype(self.name)

    @property
    def uint(self):
        """Unsigned integer type of the same width, for bit patterns."""
        return np.dtype(f"uint{self.dtype.itemsize * 8}")

    @property
    def max(self):
        return (2.0 - 2.0 ** (1 - self.p)) * 2.0 ** self.emax

    @property
    def max_ulp_exp(self):
        """Exponent of ulp(max): an infinite result counts as max + 2^max_ulp_exp = 2^(emax+1)."""
        return self.emax - self.p + 1

    @property
    def min_ulp_exp(self):
        """Exponent of the subnormal spacing, ulp of every |x| < 2^emin (zero included)."""
        return self.emin - self.p + 1


# bfloat16: float32's exponent range with 8 bits of precision (PyTorch's and JAX's training
# dtype; its NumPy dtype is ml_dtypes', so its arrays need that package)
FORMATS = {f.name: f for f in (Format("float16", 11, -14, 15),
                               Format("bfloat16", 8, -126, 127),
                               Format("float32", 24, -126, 127),
                               Format("float64", 53, -1022, 1023))}


def fmt(dtype):
    """The Format of a dtype given by name, numpy dtype or Format."""
    if isinstance(dtype, Format):
        return dtype
    if isinstance(dtype, str) and dtype in FORMATS:
        return FORMATS[dtype]
    return FORMATS[np.dtype(dtype).name]


def ulp_exponents(x, dtype):
    """log2(ulp(x)) in the format of `dtype`, for an array of finite float64 values."""
    f = fmt(dtype)
    x = np.asarray(x, dtype=np.float64)
    _, e = np.frexp(x)   # |x| = m * 2^e with m in [0.5, 1); frexp(0) gives e = 0
    e = np.where(x == 0, f.emin, e.astype(np.int32) - 1)
    return np.maximum(e, f.emin) - f.p + 1


def bits(x):
    """Bit patterns of an array, as unsigned integers of its width."""
    x = np.asarray(x)
    return x.view(fmt(x.dtype).uint)


def same_bits(y, want):
    """Elementwise: y is want bit for bit (sign of zero included), or both are NaN."""
    y, want = np.asarray(y), np.asarray(want)
    same = bits(y) == bits(want)
    differ = np.flatnonzero(~same)
    same[differ] = np.isnan(y[differ]) & np.isnan(want[differ])
    return same

"""Helpers shared by the per-function generators: rounding mpf to C types, constant blocks."""
import struct

import mpmath as mp
import numpy as np


SHIFT_F64 = 1.5 * 2.0 ** 52  # adding it rounds to an integer held in the low mantissa bits
SHIFT_F32 = 1.5 * 2.0 ** 23


def to_double(x):
    return float(mp.mpf(x))


def to_float(x):
    # Round once, at mpmath precision, to 24 bits; the exponent range of float32 holds every
    # constant we emit, so no subnormal handling is needed.
    with mp.workprec(24):
        return float(np.float32(float(+mp.mpf(x))))


def double_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def float32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def split_hi(x, bits):
    """x rounded to `bits` significant bits, so that k * hi is exact for |k| < 2^(53-bits)."""
    with mp.workprec(bits):
        return float(+mp.mpf(x))


class Block:
    """A named struct of constants for one kernel (one function, tier and dtype)."""

    def __init__(self, name, ctype, comment):
        self.name, self.ctype, self.comment = name, ctype, comment
        self.fields = []  # (field, value, comment)

    def add(self, field, value, comment=""):
        self.fields.append((field, value, comment))
        return self

    def add_rational(self, p, q, conv):
        """The coefficients of x (1 + p1 u + ..) / (1 + q1 u + ..), u = x^2, as p1.., q1.."""
        for name, coeffs, where in (("p", p, "numerator"), ("q", q, "denominator")):
            for k, c in enumerate(coeffs):
                self.add(f"{name}{k + 1}", conv(c), f"u^{k + 1} in the {where}")
        return self


class Table:
    """A named array (aligned to 64 bytes for AVX-512 permutes)."""

    def __init__(self, name, ctype, values, comment):
        self.name, self.ctype, self.values, self.comment = name, ctype, values, comment


def rows(name, tables, width, comment):
    """The tables' entry i side by side in row i, padded with zeros to `width` values: one load
    per lane reads every table (csrc/simd/vm_simd_avx2.h: vf_lookup_rows8, vd_lookup_rows); the
    same values as the tables, for the AVX2 path, where a 32-entry float lookup by permutes costs
    7 operations and a 64-bit one four scalar loads.  Double tables beside uint64_t ones (the
    first table's type) are stored as their bits."""
    n, ctype = len(tables[0].values), tables[0].ctype
    assert all(len(t.values) == n for t in tables) and len(tables) <= width
    assert all(t.ctype == ctype or (ctype, t.ctype) == ("uint64_t", "double") for t in tables)
    cols = [t.values if t.ctype == ctype else [double_bits(v) for v in t.values] for t in tables]
    vals = [v for i in range(n) for v in [c[i] for c in cols] + [type(cols[0][0])(0)] * (width - len(tables))]
    return Table(name, ctype, vals,
                 f"{comment}: row i = entry i of " + ", ".join(t.name for t in tables)
                 + (", then zeros" if len(tables) < width else ""))


def err_bits(e):
    """log2 of an error, rounded to 0.1, for comments."""
    return float(mp.nstr(mp.log(abs(e), 2), 4)) if e != 0 else float("-inf")

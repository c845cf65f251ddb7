"""The kernels numba inlines instead of calling C: where that measured faster.

Every other (function, tier, dtype) calls the C kernel (_lanes).  A call costs each register
the call itself and reloading every constant, which LLVM keeps in registers when the kernel is
inlined; a table read costs an inlined kernel a gather per lane.  So only kernels with no table
are faster inlined: the approx tiers of tanh (one rational, float32 and float64) and of atan
float32 (one polynomial), by 7-21 % (docs/numba.md: "Which kernels are inlined").  Each is
csrc/kernels/tanh-inl.h's or csrc/kernels/atan-inl.h's approx kernel operation by operation, from the same generated
constants (vecmath._data): the same bits, checked by tests/test_numba.py on every input class.
A NaN x propagates through every operation as x quieted, sign and payload kept, as in C.
"""
from collections import namedtuple

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from .. import _data as D

# fastmath=False stated explicitly, so a caller's fastmath=True is not inherited: the kernels
# keep every rounding the C kernels make.
kernel = njit(fastmath=False, nogil=True, inline="always")
_INT_OF = {types.float64: types.int64, types.float32: types.int32}


def _consts(name, block, dtype):
    """A block of vecmath._data constants as a namedtuple of dtype scalars (numba freezes it)."""
    return namedtuple(name, sorted(block))(**{k: dtype(v) for k, v in block.items()})


@intrinsic
def fma(typingctx, a, b, c):
    """a*b + c rounded once (llvm.fma), whatever the caller's fastmath flags."""
    if not (a == b == c and a in _INT_OF):
        return None

    def codegen(context, builder, sig, args):
        t = args[0].type
        fn = builder.module.declare_intrinsic("llvm.fma", [t], ir.FunctionType(t, [t, t, t]))
        return builder.call(fn, args)

    return a(a, a, a), codegen


@intrinsic
def div(typingctx, a, b):
    """a / b, one IEEE division (numba's `/` tests for a zero divisor: a branch)."""
    if not (a == b and a in _INT_OF):
        return None
    return a(a, a), lambda context, builder, sig, args: builder.fdiv(*args)


@intrinsic
def select(typingctx, cond, a, b):
    """a if cond else b, an LLVM select: no branch, so the user's loop stays vectorizable."""
    if not isinstance(cond, types.Boolean) or a != b:
        return None
    return a(cond, a, b), lambda context, builder, sig, args: builder.select(*args)


@intrinsic
def flip_sign(typingctx, v, x):
    """v with its sign bit xor-ed with x's (copysign for v >= 0), by bits."""
    if not (v == x and v in _INT_OF):
        return None

    def codegen(context, builder, sig, args):
        ity = context.get_value_type(_INT_OF[sig.args[0]])
        sign = ir.Constant(ity, 1 << (ity.width - 1))
        vb, xb = (builder.bitcast(a, ity) for a in args)
        return builder.bitcast(builder.xor(vb, builder.and_(xb, sign)), args[0].type)

    return v(v, x), codegen


TANH64 = _consts("TanhApprox64", D.VM_TANH_APPROX_F64_K, np.float64)
TANH32 = _consts("TanhApprox32", D.VM_TANH_APPROX_F32_K, np.float32)
ATAN32 = _consts("AtanApprox32", D.VM_ATAN_APPROX_F32_K, np.float32)
ONE32 = np.float32(1.0)


# tanh_f64_approx_vec, tanh_f32_approx_vec: x P(u) / Q(u), u = x^2, below sat; +-1 beyond.
@kernel
def tanh_approx_f64(x):
    K = TANH64
    u = x * x
    P = fma(u, fma(u, fma(u, fma(u, K.p4, K.p3), K.p2), K.p1), 1.0)
    Q = fma(u, fma(u, fma(u, fma(u, fma(u, K.q5, K.q4), K.q3), K.q2), K.q1), 1.0)
    return select(u >= K.sat_sq, flip_sign(1.0, x), div(x * P, Q))


@kernel
def tanh_approx_f32(x):
    K = TANH32
    u = x * x
    P = fma(u, fma(u, fma(u, K.p3, K.p2), K.p1), ONE32)
    Q = fma(u, fma(u, fma(u, K.q3, K.q2), K.q1), ONE32)
    return select(u >= K.sat_sq, flip_sign(ONE32, x), div(x * P, Q))


# atan_f32_approx_vec: t = min(1, a) / max(1, a), r = t + t^3 P(t^2), r or pi/2 - r, x's sign.
@kernel
def atan_approx_f32(x):
    K = ATAN32
    a = abs(x)
    t = div(select(ONE32 < a, ONE32, a), select(ONE32 > a, ONE32, a))
    u = t * t
    r = fma(t * u, fma(u, fma(u, fma(u, K.c9, K.c7), K.c5), K.c3), t)
    return flip_sign(select(a > ONE32, K.pio2 - r, r), x)


# (fn, tier, "f64" | "f32") -> inlined kernel
KERNELS = {("tanh", "approx", "f64"): tanh_approx_f64, ("tanh", "approx", "f32"): tanh_approx_f32,
           ("atan", "approx", "f32"): atan_approx_f32}

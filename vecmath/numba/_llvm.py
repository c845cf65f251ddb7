"""The few LLVM operations the kernels need and numba's Python semantics do not give exactly.

fma is llvm.fma (one rounding, whatever the caller's fastmath flags); bit casts reinterpret
without conversion; select is an LLVM select, so both operands are computed and the loop
around a kernel stays branch-free (vectorizable).
"""
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

_INT_OF = {types.float64: types.int64, types.float32: types.int32}
_FLOAT_OF = {64: types.float64, 32: types.float32}


@intrinsic
def fma(typingctx, a, b, c):
    """a*b + c rounded once; a, b, c of one float type."""
    if not (a == b == c and a in _INT_OF):
        return None

    def codegen(context, builder, sig, args):
        t = args[0].type
        fn = builder.module.declare_intrinsic("llvm.fma", [t], ir.FunctionType(t, [t, t, t]))
        return builder.call(fn, args)

    return a(a, a, a), codegen


@intrinsic
def bits(typingctx, x):
    """IEEE bits of a float64 (as int64) or float32 (as int32)."""
    if x not in _INT_OF:
        return None
    ity = _INT_OF[x]

    def codegen(context, builder, sig, args):
        return builder.bitcast(args[0], context.get_value_type(ity))

    return ity(x), codegen


def _from_bits(width):
    fty = _FLOAT_OF[width]

    @intrinsic
    def from_bits(typingctx, i):
        if not isinstance(i, types.Integer):
            return None

        def codegen(context, builder, sig, args):
            v = args[0]
            it = ir.IntType(width)
            v = builder.trunc(v, it) if v.type.width > width else builder.zext(v, it) \
                if v.type.width < width else v
            return builder.bitcast(v, context.get_value_type(fty))

        return fty(i), codegen

    return from_bits


# The float whose bits are the low 64 / 32 bits of an integer (wrapping, like C's uint ops).
f64_from_bits = _from_bits(64)
f32_from_bits = _from_bits(32)


@intrinsic
def select(typingctx, cond, a, b):
    """a if cond else b, as an LLVM select: no branch."""
    if not isinstance(cond, types.Boolean) or a != b:
        return None

    def codegen(context, builder, sig, args):
        return builder.select(args[0], args[1], args[2])

    return a(cond, a, b), codegen

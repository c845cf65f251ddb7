"""Would kernels linked into numba's module as LLVM bitcode be inlined into a vectorized loop?

    python bench/numba_variant_inlining.py

A toy kernel (3x) with a scalar function LLVM may not inline (as vecmath's one-lane entry
points, declared only) and a 16-lane register variant *defined in the module* with
`alwaysinline` (as bitcode would define it).  The loop vectorizer replaces the scalar call by
the variant; this prints whether numba's pipeline then inlines it (no call left, packed
multiplies) or keeps the call.  Measured 2026-11-26 (numba 0.68.1, LLVM 22): the call stays,
because the inliner runs before the vectorizer; bitcode kernels would need one more inlining
pass after vectorization (docs/numba.md, "A fixed cost per call").  Needs AVX-512 for numba.
"""
import numpy as np, numba
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic
from llvmlite import ir
from vecmath.numba._lanes import _keep

@intrinsic
def call(typingctx, x):
    if x != types.float32:
        return None
    def codegen(context, builder, sig, args):
        m = builder.module
        f32 = ir.FloatType()
        scalar = m.globals.get("my_f_x1")
        if scalar is None:
            scalar = ir.Function(m, ir.FunctionType(f32, [f32]), "my_f_x1")
            scalar.attributes.add("nounwind"); scalar.attributes.add("readnone"); scalar.attributes.add("noinline")
            b = ir.IRBuilder(scalar.append_basic_block()); b.ret(b.fmul(scalar.args[0], ir.Constant(f32, 3.0)))
            scalar.linkage = "linkonce_odr"
        vty = ir.VectorType(f32, 16)
        vec = m.globals.get("_ZGVeN16v_my_f_x1")
        if vec is None:
            vec = ir.Function(m, ir.FunctionType(vty, [vty]), "_ZGVeN16v_my_f_x1")
            vec.attributes.add("alwaysinline"); vec.attributes.add("nounwind")
            b = ir.IRBuilder(vec.append_basic_block())
            b.ret(b.fmul(vec.args[0], ir.Constant(vty, [3.0] * 16)))
            vec.linkage = "linkonce_odr"
        _keep(m, [vec])
        r = builder.call(scalar, args)
        set.add(r.attributes, '"vector-function-abi-variant"="_ZGVeN16v_my_f_x1"')
        return r
    return types.float32(types.float32), codegen

@numba.njit
def loop(x, y):
    for i in range(x.size):
        y[i] = call(x[i])

x = np.arange(100, dtype=np.float32); y = np.empty_like(x); loop(x, y)
assert np.array_equal(y, x * 3)
asm = loop.inspect_asm(loop.signatures[0]).split(".globl")[1]
calls = sum(1 for line in asm.splitlines() if "call" in line)
packed = sum(1 for line in asm.splitlines() if "vmulps" in line and "zmm" in line)
print(f"loop: {calls} calls, {packed} packed multiplies: the defined register variant was "
      + ("inlined" if packed and not calls else "NOT inlined after vectorization"))

"""The C kernels called from @njit code, one element or one register at a time.

`lane_function("vm_exp_accurate_f64", "f64")` is a numba function of one float that calls the
C kernel's one-lane entry point `vm_exp_accurate_f64_x1` (csrc/simd/vm_simd.h: VM_LANES_*).
The call carries LLVM's `vector-function-abi-variant` attribute naming the kernel's register
entry points, so where the user's loop vectorizes, LLVM calls the C kernel once per register:

    numba compiles for AVX-512:  vm_exp_accurate_f64_x8_avx512 (zmm), vm_exp_fast_f32_x16_avx512
                                 (zmm), vm_exp_accurate_f32_x8_avx512 (ymm: float32 kernels
                                 computed in double take 8 floats a call)
    numba compiles for AVX2+FMA: vm_exp_accurate_f64_x4_avx2, vm_exp_fast_f32_x8_avx2,
                                 vm_exp_accurate_f32_x4_avx2

and the leftover elements, or a loop that does not vectorize, call the one-lane function: the
same kernels as the ufuncs, so the same bits by construction.  Each register variant is
declared in the module and listed in `@llvm.compiler.used` (otherwise LLVM drops the unused
declaration before the loop vectorizer looks for it).  Every address is registered with
`llvmlite.binding.add_symbol` when this module is imported, which happens before numba compiles
anything or loads a cached function (numba's entry point imports vecmath.numba).
"""
import re

import llvmlite.binding as llvm
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ..kernels import ffi, lib  # importing vecmath.kernels runs vm_init(): the CPU dispatch

_FLOAT = {"f64": types.float64, "f32": types.float32}


def _lane_table():
    """{name: address} of every lane entry point in this build (csrc/lane_table.c)."""
    try:
        entries_of = lib.vm_lane_entries
    except AttributeError:
        raise ImportError("vecmath._kernels has no lane entry points (vm_lane_entries): the "
                          "extension is older than this Python package (reinstall vecmath)") from None
    table = ffi.new("const vm_lane_entry **")
    n = entries_of(table)
    entries = ((ffi.string(table[0][i].name).decode(), int(ffi.cast("uintptr_t", table[0][i].addr)))
               for i in range(n))
    return {name: addr for name, addr in entries if addr}


LANE_TABLE = _lane_table()
# The one-lane function numba calls by name: the path the ufuncs use (VECMATH_ISA or the best
# this CPU runs; every path gives the same bits).
ONE_LANE_ISA = ffi.string(lib.vm_isa()).decode()
# The ISAs with register variants, and the LLVM target features numba must compile for to call
# them (the C function takes its vector in one register).  Their lane counts are in the names
# (csrc/lane_table.c): REGISTER_OF[base, isa] = (lanes, name).
REGISTERS = {
    "avx512": ("avx512f", "avx512dq", "avx512vl", "avx512bw", "avx2", "fma"),
    "avx2": ("avx2", "fma"),
}
REGISTER_OF = {}
for _name in LANE_TABLE:
    _m = re.fullmatch(r"(vm_\w+)_x(\d+)_([a-z0-9]+)", _name)
    if _m and _m.group(3) in REGISTERS and _m.group(2) != "1":
        REGISTER_OF[_m.group(1), _m.group(3)] = (int(_m.group(2)), _name)
RUNS = {isa: bool(lib.vm_isa_available(isa.encode())) for isa in REGISTERS}


def _register_symbols():
    for name, addr in LANE_TABLE.items():
        llvm.add_symbol(name, addr)
        base, _, isa = name.rpartition("_")
        if base.endswith("_x1") and isa == ONE_LANE_ISA:
            llvm.add_symbol(base, addr)


_register_symbols()


def _target_features(context):
    """The +features numba compiles for (NUMBA_CPU_NAME / NUMBA_CPU_FEATURES or the host's)."""
    codegen = context.codegen()
    flat = getattr(codegen, "_tm_features", None)
    if flat is None:
        flat = codegen._get_host_cpu_features()
    return {f[1:] for f in flat.split(",") if f.startswith("+")}


def variants(context, base, suffix):
    """(lanes, register function name) of base (e.g. vm_exp_accurate_f64) that the code numba
    compiles in this context may call: only ISAs whose features the target has and whose
    registers this CPU runs."""
    features = _target_features(context)
    return [REGISTER_OF[base, isa] for isa, needs in REGISTERS.items()
            if (base, isa) in REGISTER_OF and RUNS[isa] and all(f in features for f in needs)]


def _keep(module, fns):
    """List fns in the module's @llvm.compiler.used (one such global per module: merged)."""
    name = "llvm.compiler.used"
    ptr = ir.IntType(8).as_pointer()
    old = module.globals.get(name)
    kept = list(old.initializer.constant) if old is not None else []
    new = [f.bitcast(ptr) if f.type != ptr else f for f in fns]
    have = {str(k) for k in kept}
    kept += [f for f in new if str(f) not in have]
    if old is not None:
        if len(kept) == len(old.initializer.constant):
            return
        del module.globals[name]
        module.scope._useset.discard(name)
    arr = ir.ArrayType(ptr, len(kept))
    gv = ir.GlobalVariable(module, arr, name)
    gv.linkage = "appending"
    gv.section = "llvm.metadata"
    gv.initializer = ir.Constant(arr, kept)


def _lane_intrinsic(base, suffix):
    """numba intrinsic: base_x1(x) with the register variants LLVM may widen it into."""
    fty = _FLOAT[suffix]
    scalar_name = f"{base}_x1"
    if f"{scalar_name}_{ONE_LANE_ISA}" not in LANE_TABLE:
        raise ImportError(f"vecmath._kernels has no lane entry point {scalar_name}_{ONE_LANE_ISA}: "
                          "the extension is older than this Python package (reinstall vecmath)")

    @intrinsic
    def call(typingctx, x):
        if x != fty:
            return None

        def codegen(context, builder, sig, args):
            module = builder.module
            lty = context.get_value_type(fty)
            scalar = cgutils.get_or_insert_function(module, ir.FunctionType(lty, [lty]), scalar_name)
            # a pure function of its argument: LLVM may vectorize, hoist and drop calls
            scalar.attributes.add("nounwind")
            scalar.attributes.add("readnone")
            abi = []
            registers = []
            for lanes, name in variants(context, base, suffix):
                vty = ir.VectorType(lty, lanes)
                registers.append(cgutils.get_or_insert_function(module, ir.FunctionType(vty, [vty]), name))
                abi.append(f"_ZGV_LLVM_N{lanes}v_{scalar_name}({name})")
            result = builder.call(scalar, args)
            if abi:
                _keep(module, registers)
                # llvmlite's attribute set admits only names it knows; LLVM parses this string
                set.add(result.attributes, f'"vector-function-abi-variant"="{",".join(abi)}"')
            return result

        return fty(fty), codegen

    return call


def lane_function(base, suffix):
    """An @njit function of one float (float64 or float32 by suffix) calling C kernel base
    (vm_<fn>_<tier>_<suffix>, vm_<fn>_<tier>_deriv_<suffix>, ...) through its lane entry
    points.  Its own numba function, so each LLVM module holds one call (one compiler.used);
    fastmath off, whatever the caller's flags, and always inlined into the caller's loop."""
    call = _lane_intrinsic(base, suffix)

    @njit(fastmath=False, nogil=True, forceinline=True)
    def f(x):
        return call(x)

    f.__name__ = f.__qualname__ = base
    return f

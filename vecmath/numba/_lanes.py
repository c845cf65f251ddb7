"""The C kernels called from @njit code, one element or one register at a time.

`lane_function("vm_exp_accurate_f64", "f64")` is a numba function of one float that calls the
C kernel's one-lane entry point `vm_exp_accurate_f64_x1` (csrc/simd/vm_simd.h: VM_LANES_*).
The call carries LLVM's `vector-function-abi-variant` attribute naming the kernel's register
entry points, so where the user's loop vectorizes, LLVM calls the C kernel once per register.
Those are named by the vector function ABI (`_ZGV<isa>N<lanes>v_<scalar>`), as glibc's libmvec
and ARM's optimized-routines name theirs, so each name is its own variant string and says its
ISA and lane count:

    numba compiles for AVX-512:  _ZGVeN8v_vm_exp_accurate_f64_x1 (zmm), _ZGVeN16v_vm_exp_fast_f32_x1
                                 (zmm), _ZGVeN8v_vm_exp_accurate_f32_x1 (ymm: float32 kernels
                                 computed in double take 8 floats a call)
    numba compiles for AVX2+FMA: _ZGVdN4v_vm_exp_accurate_f64_x1, _ZGVdN8v_vm_exp_fast_f32_x1,
                                 _ZGVdN4v_vm_exp_accurate_f32_x1
    numba on AArch64 (NEON):     _ZGVnN2v_vm_exp_accurate_f64_x1, _ZGVnN4v_vm_exp_fast_f32_x1,
                                 _ZGVnN2v_vm_exp_accurate_f32_x1

and, on x86, two registers a call: _ZGVeN32v_vm_exp_fast_f32_x1 (zmm0 and zmm1 in and out),
_ZGVeN16v_vm_exp_accurate_f64_x1, _ZGVdN16v_... (two ymm), with the loop's vector width forced
to them where every call of a module has one (_without_interleaving, _pair_width);
and the leftover elements, or a loop that does not vectorize, call the one-lane function: the
same kernels as the ufuncs, so the same bits by construction.  Nothing here knows an ISA: the
lane table (csrc/lane_table.c) gives each entry point's name, address and path, and the library
each path's CPU features (vm_isa_features: csrc/isa_list.h), which numba's target must have.
Each register variant is declared in the module and listed in `@llvm.compiler.used` (otherwise
LLVM drops the unused declaration before the loop vectorizer looks for it).  Every address is
registered with `llvmlite.binding.add_symbol` when this module is imported, which happens before
numba compiles anything or loads a cached function (numba's entry point imports vecmath.numba).
"""
import re
import threading

import llvmlite.binding as llvm
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ..kernels import ffi, lib  # importing vecmath.kernels runs vm_init(): the CPU dispatch

_FLOAT = {"f64": types.float64, "f32": types.float32}


def _lane_table():
    """{name: (address, path)} of every lane entry point in this build (csrc/lane_table.c)."""
    try:
        entries_of = lib.vm_lane_entries
    except AttributeError:
        raise ImportError("vecmath._kernels has no lane entry points (vm_lane_entries): the "
                          "extension is older than this Python package (reinstall vecmath)") from None
    table = ffi.new("const vm_lane_entry **")
    n = entries_of(table)
    entries = ((ffi.string(e.name).decode(), int(ffi.cast("uintptr_t", e.addr)), ffi.string(e.isa).decode())
               for e in (table[0][i] for i in range(n)))
    return {name: (addr, isa) for name, addr, isa in entries if addr}


LANE_TABLE = _lane_table()
# The one-lane function numba calls by name: the path the ufuncs use (VECMATH_ISA or the best
# this CPU runs; every path gives the same bits).
ONE_LANE_ISA = ffi.string(lib.vm_isa()).decode()
# This build's paths, best first, and the register entry points by the vector function ABI's
# name: REGISTER_OF[base, isa] = (lanes, name), e.g. ("vm_exp_accurate_f64", "avx512") ->
# (8, "_ZGVeN8v_vm_exp_accurate_f64_x1").
ISAS = ffi.string(lib.vm_isa_names()).decode().split()[::-1]
# PAIR_OF[base, isa]: the same for two registers a call, where the path has them (x86; not the
# float32 kernels computed in double), e.g. (32, "_ZGVeN32v_vm_exp_fast_f32_x1").
REGISTER_OF, PAIR_OF = {}, {}
_FOUND = {}
for _name, (_, _isa) in LANE_TABLE.items():
    _m = re.fullmatch(r"_ZGV[a-z]N(\d+)v_(vm_\w+)_x1", _name)
    if _m:
        _FOUND.setdefault((_m.group(2), _isa), []).append((int(_m.group(1)), _name))
for _key, _found in _FOUND.items():
    _found.sort()
    REGISTER_OF[_key] = _found[0]
    if len(_found) == 2 and _found[1][0] == 2 * _found[0][0]:
        PAIR_OF[_key] = _found[1]
PAIR_NAMES = {name: (base, lanes) for (base, _), (lanes, name) in PAIR_OF.items()}
# The LLVM target features numba must compile for to call a path's registers (the C function
# takes its vector in one register), and whether this CPU runs the path.
FEATURES = {isa: tuple(filter(None, ffi.string(lib.vm_isa_features(isa.encode())).decode().split(",")))
            for isa in ISAS}
RUNS = {isa: bool(lib.vm_isa_available(isa.encode())) for isa in ISAS}


def _register_symbols():
    for name, (addr, isa) in LANE_TABLE.items():
        llvm.add_symbol(name, addr)
        if isa == ONE_LANE_ISA and name.endswith(f"_x1_{isa}"):  # vm_exp_accurate_f64_x1_avx512
            llvm.add_symbol(name[:-len(isa) - 1], addr)
    # The register functions' names before 2026-11-26 (vm_exp_accurate_f64_x8_avx512), which code
    # numba cached then still calls: without them it would call address 0 (a segfault).
    for (base, isa), (lanes, name) in REGISTER_OF.items():
        llvm.add_symbol(f"{base}_x{lanes}_{isa}", LANE_TABLE[name][0])


_register_symbols()

# Every name a compiled module may call: the register functions and the one-lane functions.
LANE_NAMES = frozenset(LANE_TABLE) | {name[:-len(isa) - 1] for name, (_, isa) in LANE_TABLE.items()
                                      if name.endswith(f"_x1_{isa}")}
_no_interleave = threading.local()
_FORCE_WIDTH = "-force-vector-width"
_create_pass_builder = llvm.create_pass_builder   # llvmlite's own (wrapped below)


def one_lane_loop_ir(T, scalar, variants):
    """LLVM IR of the loop numba's vectorizer sees, `y[i] = scalar(x[i])` for i < n over type T,
    whose call names its register variants ((lanes, name) pairs) as _lanes.py's calls do: the
    probe below, and tests that check which register function LLVM picks for a target."""
    decls = "\n".join(f"declare <{n} x {T}> @{v}(<{n} x {T}>)" for n, v in variants)
    used = ", ".join(f"ptr @{v}" for _, v in variants)
    return f"""
declare {T} @{scalar}({T}) #0
{decls}
@llvm.compiler.used = appending global [{len(variants)} x ptr] [{used}], section "llvm.metadata"
define void @loop(ptr noalias %x, ptr noalias %y, i64 %n) {{
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %body, label %exit
body:
  %i = phi i64 [0, %entry], [%i1, %body]
  %px = getelementptr {T}, ptr %x, i64 %i
  %v = load {T}, ptr %px
  %r = call {T} @{scalar}({T} %v) #1
  %py = getelementptr {T}, ptr %y, i64 %i
  store {T} %r, ptr %py
  %i1 = add i64 %i, 1
  %d = icmp eq i64 %i1, %n
  br i1 %d, label %exit, label %body
exit:
  ret void
}}
attributes #0 = {{ nounwind memory(none) }}
attributes #1 = {{ nounwind memory(none) "vector-function-abi-variant"="{",".join(v for _, v in variants)}" }}
"""


def _probe_lanes(codegen):
    """The lanes of the float32 register LLVM's loop vectorizer picks by itself for this target
    (16 where it uses zmm, 8 where ymm, as with `prefer-256-bit` on an AVX-512 CPU): a loop over
    a fake function offered in 16, 8 and 4 lanes, optimized once per target."""
    lanes = getattr(codegen, "_vecmath_probe_lanes", None)
    if lanes is None:
        names = ["_ZGVeN16v_vm_probe", "_ZGVdN8v_vm_probe", "_ZGVbN4v_vm_probe"]
        text = one_lane_loop_ir("float", "vm_probe", list(zip((16, 8, 4), names)))
        tm = codegen._tm
        module = llvm.parse_assembly(text)
        module.triple = tm.triple
        module.data_layout = str(tm.target_data)
        pto = llvm.create_pipeline_tuning_options(speed_level=3)
        pto.loop_interleaving = False
        pb = _create_pass_builder(tm, pto)
        pb.getModulePassManager().run(module, pb)
        called = [n for n, v in zip((16, 8, 4), names) if f"@{v}(" in str(module.get_function("loop"))]
        lanes = codegen._vecmath_probe_lanes = max(called, default=0)
    return lanes


def _pair_width(library):
    """The vector width to force on a module that calls lane functions: the lanes of their
    two-register functions where every one has one of the same width, for the register LLVM
    would pick by itself; else 0 (LLVM chooses, one register a call)."""
    names = {f.name for f in library._final_module.functions}
    bases = {n[:-3] for n in names if n.endswith("_x1") and n.startswith("vm_")}
    widths = set()
    for base in bases:
        pairs = {lanes for n in names for b, lanes in [PAIR_NAMES.get(n, (None, 0))] if b == base}
        if len(pairs) != 1:
            return 0
        widths |= pairs
    if len(widths) != 1:
        return 0
    width = widths.pop()
    bits = 32 if next(iter(bases)).endswith("_f32") else 64
    # the pair is twice the register LLVM picks (not where it prefers ymm on an AVX-512 target:
    # there a <32 x float> would not be passed in two zmm registers)
    return width if width * bits == 2 * 32 * _probe_lanes(library.codegen) else 0


def _without_interleaving():
    """Compile every module that calls a lane entry point with the loop vectorizer's
    interleaving off (LLVM's PipelineTuningOptions.loop_interleaving), numba's other options
    unchanged, and, where every lane function it calls has a two-register function of the same
    width, with that vector width forced (LLVM's `-force-vector-width`, set for this module only).

    Why: every vector register is caller-saved, so a loop interleaved by 4 keeps three loaded
    registers and three results on the stack across the four calls of each iteration; in
    processes whose stack lands at some offsets mod 4096 (random under ASLR) those stores
    4K-alias with the kernel's loads (most likely of its constants): the "two speeds per
    process" of docs/numba.md, where such loops ran up to 3x slower.  One call per iteration leaves nothing on the stack
    and was faster at every stack offset measured.  Other loops of the same function are not
    interleaved either.  Two registers a call pay the call and the reload of the kernel's
    constants once per two registers: LLVM never picks a vector wider than a register by
    itself, hence the forced width (docs/numba.md, "Two registers a call").  Without the
    numba/llvmlite internals this needs, nothing changes."""
    try:
        from numba.core.codegen import CPUCodeLibrary
        optimize = CPUCodeLibrary._optimize_final_module
        create = llvm.create_pass_builder
    except (ImportError, AttributeError):
        return
    if getattr(optimize, "_vecmath", False):
        return
    global _create_pass_builder
    _create_pass_builder = create

    def create_pass_builder(tm, pto):
        if getattr(_no_interleave, "on", False):
            pto.loop_interleaving = False
        return create(tm, pto)

    def _optimize_final_module(self):
        calls = any(f.name in LANE_NAMES for f in self._final_module.functions)
        previous = getattr(_no_interleave, "on", False)
        width = _pair_width(self) if calls and not previous else 0
        _no_interleave.on = previous or calls
        try:
            if width:
                llvm.set_option("", f"{_FORCE_WIDTH}={width}")
            return optimize(self)
        finally:
            if width:
                llvm.set_option("", f"{_FORCE_WIDTH}=0")
            _no_interleave.on = previous

    _optimize_final_module._vecmath = True
    llvm.create_pass_builder = create_pass_builder
    CPUCodeLibrary._optimize_final_module = _optimize_final_module


_without_interleaving()


def _target_features(context):
    """The +features numba compiles for (NUMBA_CPU_NAME / NUMBA_CPU_FEATURES or the host's)."""
    codegen = context.codegen()
    flat = getattr(codegen, "_tm_features", None)
    if flat is None:
        flat = codegen._get_host_cpu_features()
    return {f[1:] for f in flat.split(",") if f.startswith("+")}


def variants(context, base, suffix):
    """(lanes, register function name) of base (e.g. vm_exp_accurate_f64) that the code numba
    compiles in this context may call, best path first: only paths whose features the target
    has and whose registers this CPU runs; the best path's two-register function first."""
    features = _target_features(context)
    paths = [isa for isa in ISAS
             if (base, isa) in REGISTER_OF and RUNS[isa] and all(f in features for f in FEATURES[isa])]
    # two registers a call on the best path only: a pair of the next path has the lanes of the
    # best path's register (AVX2's pair and AVX-512's zmm are both 16 floats), one lane count
    # for two variants
    pair = [PAIR_OF[base, paths[0]]] if paths and (base, paths[0]) in PAIR_OF else []
    return pair + [REGISTER_OF[base, isa] for isa in paths]


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
                abi.append(name)  # a vector function ABI name: its own variant string
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

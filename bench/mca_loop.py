"""Static throughput of one kernel's loop on CPUs this machine does not have (llvm-mca).

    python bench/mca_loop.py tanh_f32_fast_vec --isa avx512 --cpus znver4 icelake-server
    python bench/mca_loop.py tanh_f32_fast_vec --isa avx2 --csrc /tmp/old/csrc   # another tree
    python bench/mca_loop.py exp_f64_accurate_vec --isa neon --cpus neoverse-v2 apple-m1
    python bench/mca_loop.py --arm-table          # docs/benchmarks.md's AArch64 model

Compiles `for (i ...) y[i..] = kernel(x[i..])` for the ISA with the build's kernel flags (gcc,
as setup.py) and runs the loop body through llvm-mca's model of each CPU: cycles per vector
(16 float / 8 double lanes on avx512, 8 / 4 on avx2).  An estimate from a scheduling model,
not a measurement: use it to compare two versions of a kernel on a CPU you cannot run, and
measure (bench/bench_ufuncs.py) where you can.  The models can be far off for some
instructions (llvm 19's znver4 model puts a 512-bit vpermt2ps at one per cycle; AMD EPYC
family 26 measurements say it costs more), so compare kernels whose instruction mix is alike.
Kernels taking vf (float32 fast/approx), vfh (float32 computed in double) or vd (float64)
vectors; needs llvm-mca (Debian: llvm-16 or later, for neoverse-v2) and gcc, and for the
AArch64 paths (neon, sve256) aarch64-linux-gnu-gcc.
"""
import argparse
import ast
import glob
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from vecmath._gen import isa_list  # noqa: E402  (the paths of csrc/isa_list.h)


def setup_value(name):
    """A literal assigned in setup.py (read, not imported: importing setup.py runs the build):
    KERNEL_CFLAGS, ... (tools/cross_check.py reads them here too)."""
    for node in ast.parse((ROOT / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            return ast.literal_eval(node.value)
    raise SystemExit(f"{name} not found in setup.py")


def kernel_cflags():
    """setup.py's KERNEL_CFLAGS: the flags of every build of the kernels."""
    return setup_value("KERNEL_CFLAGS")


# isa -> its row of csrc/isa_list.h (layer, lanes, flags) and architecture; the build itself
# applies the row (#pragma GCC target on x86-64: csrc/simd/vm_simd.h)
ISAS = {isa.name: (isa, arch) for arch in ("x86_64", "aarch64") for isa in isa_list.paths(arch)
        if isa.name != "scalar"}
COMPILER = {"x86_64": "gcc", "aarch64": "aarch64-linux-gnu-gcc"}


def vector_of(kernel):
    """The vector type a kernel takes: vd (float64), vfh (float32 in double) or vf."""
    if "_f64_" in kernel:
        return "vd"
    return "vfh" if "_accurate" in kernel else "vf"


def loop_source(kernel, isa):
    v = vector_of(kernel)
    width = "VF_W" if v == "vf" else "VD_W"
    elem = "double" if v == "vd" else "float"
    return (f'#define VM_ISA {isa}\n#include "kernels_all.h"\n'
            f"__attribute__((flatten)) void mca_loop(const {elem} *x, {elem} *y, long n) {{\n"
            f"    int st = 0;\n"
            f"    for (long i = 0; i < n; i += {width}) {v}_store(y + i, {kernel}({v}_load(x + i), &st));\n}}\n")


def loop_body(asm):
    """The instructions of mca_loop's loop: from the label its last backward jump targets."""
    fn = asm.split("mca_loop:", 1)[1].split(".cfi_endproc", 1)[0].splitlines()
    labels = {line[:-1]: i for i, line in enumerate(fn) if re.match(r"^\.L\w+:$", line)}
    branch = r"^\s+(?:j\w*|b(?:\.?\w+)?|cbn?z|tbn?z)\s+(?:[^,]+,\s*)*(\.L\w+)$"  # x86 and AArch64
    back = [(labels[m.group(1)], i) for i, line in enumerate(fn)
            if (m := re.match(branch, line)) and labels.get(m.group(1), i) < i]
    # the loop, not a cold block that jumps back into it (those call the fix-up, or return)
    hot = [(a, b) for a, b in back
           if not any(re.match(r"^\s+(call|bl|ret)\b", line) for line in fn[a:b + 1])]
    start, end = max(hot or back, key=lambda span: span[1] - span[0])
    return "\n".join(line for line in fn[start + 1:end + 1]
                     if line.startswith("\t") and not line.lstrip().startswith("."))


def llvm_mca():
    found = sorted(glob.glob("/usr/lib/llvm-*/bin/llvm-mca"), key=lambda p: int(p.split("-")[1].split("/")[0]))
    return found[-1] if found else "llvm-mca"


def loop_asm(kernel, isa, csrc):
    row, arch = ISAS[isa]
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp, "loop.c")
        src.write_text(loop_source(kernel, isa))
        return subprocess.run([COMPILER[arch], *kernel_cflags(), *row.flags, "-w", "-I", csrc, "-S", "-o", "-", str(src)],
                              check=True, capture_output=True, text=True).stdout


def cycles_per_vector(body, isa, cpu):
    out = subprocess.run([llvm_mca(), f"-mtriple={ISAS[isa][1]}", f"-mcpu={cpu}", "-iterations=500"],
                         input=body, check=True, capture_output=True, text=True).stdout
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1)) / 500


# The AArch64 model of docs/benchmarks.md: cycles per element on Neoverse V2 (Grace, Graviton4:
# NEON), Apple M1 (NEON) and Neoverse V1 (Graviton3: 256-bit SVE)
ARM_CPUS = (("neon", "neoverse-v2"), ("neon", "apple-m1"), ("sve256", "neoverse-v1"))
ARM_KERNELS = [f"{fn}_{dt}_{tier}_vec" for fn in ("exp", "log", "tanh", "atan")
               for dt in ("f32", "f64") for tier in ("accurate", "fast", "approx")]


def arm_table(csrc):
    print("| kernel | instructions per vector (NEON) | "
          + " | ".join(f"{cpu} ({isa}) cycles per element" for isa, cpu in ARM_CPUS) + " |")
    print("|---|---|" + "---|" * len(ARM_CPUS))
    for kernel in ARM_KERNELS:
        cells, count = [], None
        for isa, cpu in ARM_CPUS:
            body = loop_body(loop_asm(kernel, isa, csrc))
            if isa == "neon":
                count = len(body.splitlines())
            row = ISAS[isa][0]
            lanes = row.lanes32 if vector_of(kernel) == "vf" else row.lanes64
            cells.append(f"{cycles_per_vector(body, isa, cpu) / lanes:.2f}")
        print(f"| {kernel} | {count} | " + " | ".join(cells) + " |", flush=True)


# NumPy on AArch64 (numpy/_core/meson.build: loops_exponent_log and loops_umath_fp dispatch to
# x86 targets only; loops_hyperbolic has NEON): exp, log and atan call the C library's scalar
# functions.  Their model: glibc's function from its entry to its first return, conditional
# branches not taken (the fast path of glibc's exp/log/expf/logf, ARM's optimized-routines code;
# atan's fall-through path is only a rough stand-in for its several paths).
LIBM = "/usr/aarch64-linux-gnu/lib/libm.so.6"


def libm_fast_path(name):
    """glibc's default version of name, entry to first ret, as assembler llvm-mca reads."""
    syms = subprocess.run(["aarch64-linux-gnu-objdump", "-T", LIBM], check=True, capture_output=True,
                          text=True).stdout.splitlines()
    addr = next(int(line.split()[0], 16) for line in syms
                if len(line.split()) > 2 and line.split()[-1] == name and "(" not in line.split()[-2])
    dis = subprocess.run(["aarch64-linux-gnu-objdump", "-d", "--no-show-raw-insn", f"--start-address={addr}",
                          f"--stop-address={addr + 4096}", LIBM], check=True, capture_output=True, text=True).stdout
    reg = "s0" if name.endswith("f") else "d0"
    body = [f"\tldr\t{reg}, [x9]"]  # each element loaded afresh: independent calls, as in NumPy's loop
    for line in dis.splitlines():
        m = re.match(r"^\s+[0-9a-f]+:\s+(\S+)\s*([^/<]*)", line)
        if not m:
            continue
        op, args = m.group(1), m.group(2).strip().rstrip(",")
        if op == "ret":
            break
        if op.startswith(("b", "cb", "tb")) and op not in ("bic", "bics", "bif", "bit", "bsl", "bfi", "bfxil"):
            continue  # not taken (a call would be: none on these fast paths)
        if op in ("adrp", "adr"):
            args = args.split(",")[0] + ", sym"
        body.append(f"\t{op}\t{args}")
    return "\n".join(body + [f"\tstr\t{reg}, [x10]"])


def libm_table():
    print("| NumPy's AArch64 path (glibc scalar) | instructions | "
          + " | ".join(f"{cpu} cycles per element" for _, cpu in ARM_CPUS[:2]) + " |")
    print("|---|---|" + "---|" * 2)
    for name in ("exp", "expf", "log", "logf", "atan", "atanf"):
        body = libm_fast_path(name)
        cells = [f"{cycles_per_vector(body, 'neon', cpu):.2f}" for _, cpu in ARM_CPUS[:2]]
        print(f"| {name} | {len(body.splitlines())} | " + " | ".join(cells) + " |", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernel", nargs="?", help="a vector kernel of csrc/, e.g. tanh_f32_fast_vec")
    ap.add_argument("--isa", choices=sorted(ISAS), default="avx512")
    ap.add_argument("--cpus", nargs="+", default=["znver4", "znver5", "icelake-server", "sapphirerapids"])
    ap.add_argument("--csrc", default=str(ROOT / "csrc"), help="kernel sources (default: this tree's)")
    ap.add_argument("--show-asm", action="store_true")
    ap.add_argument("--arm-table", action="store_true", help="the AArch64 model table (Markdown)")
    args = ap.parse_args()
    if args.arm_table:
        arm_table(args.csrc)
        print()
        return libm_table()
    body = loop_body(loop_asm(args.kernel, args.isa, args.csrc))
    if args.show_asm:
        print(body)
    for cpu in args.cpus:
        print(f"{args.kernel} {args.isa} {cpu}: {cycles_per_vector(body, args.isa, cpu):.1f} cycles per "
              f"vector ({len(body.splitlines())} instructions in the loop; {llvm_mca()})")


if __name__ == "__main__":
    main()

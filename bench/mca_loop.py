"""Static throughput of one kernel's loop on CPUs this machine does not have (llvm-mca).

    python bench/mca_loop.py tanh_f32_fast_vec --isa avx512 --cpus znver4 icelake-server
    python bench/mca_loop.py tanh_f32_fast_vec --isa avx2 --csrc /tmp/old/csrc   # another tree

Compiles `for (i ...) y[i..] = kernel(x[i..])` for the ISA with the build's kernel flags (gcc,
as setup.py) and runs the loop body through llvm-mca's model of each CPU: cycles per vector
(16 float / 8 double lanes on avx512, 8 / 4 on avx2).  An estimate from a scheduling model,
not a measurement: use it to compare two versions of a kernel on a CPU you cannot run, and
measure (bench/bench_ufuncs.py) where you can.  The models can be far off for some
instructions (llvm 19's znver4 model puts a 512-bit vpermt2ps at one per cycle; AMD EPYC
family 26 measurements say it costs more), so compare kernels whose instruction mix is alike.
Kernels taking vf (float32 fast/approx) or vd (float64) vectors; needs llvm-mca (Debian:
llvm-19) and gcc.
"""
import argparse
import ast
import glob
import pathlib
import re
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]


def kernel_cflags():
    """setup.py's KERNEL_CFLAGS (read, not imported: importing setup.py runs the build)."""
    for node in ast.parse((ROOT / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "KERNEL_CFLAGS":
            return ast.literal_eval(node.value)
    raise SystemExit("KERNEL_CFLAGS not found in setup.py")


TARGET = {"avx512": ("avx512f,avx512dq,avx512vl,avx512bw,avx2,fma", "VM_ISA_AVX512"),
          "avx2": ("avx2,fma", "VM_ISA_AVX2")}


def loop_source(kernel, isa):
    target, define = TARGET[isa]
    v = "vd" if "_f64_" in kernel else "vf"
    width = "VD_W" if v == "vd" else "VF_W"
    elem = "double" if v == "vd" else "float"
    return (f'#pragma GCC target("{target}")\n#define {define}\n#include "kernels_all.h"\n'
            f"__attribute__((flatten)) void mca_loop(const {elem} *x, {elem} *y, long n) {{\n"
            f"    int st = 0;\n"
            f"    for (long i = 0; i < n; i += {width}) {v}_store(y + i, {kernel}({v}_load(x + i), &st));\n}}\n")


def loop_body(asm):
    """The instructions of mca_loop's loop: from the label its last backward jump targets."""
    fn = asm.split("mca_loop:", 1)[1].split(".cfi_endproc", 1)[0].splitlines()
    labels = {line[:-1]: i for i, line in enumerate(fn) if re.match(r"^\.L\w+:$", line)}
    back = [(labels[m.group(1)], i) for i, line in enumerate(fn)
            if (m := re.match(r"^\s+j\w+\s+(\.L\w+)$", line)) and labels.get(m.group(1), i) < i]
    start, end = max(back, key=lambda span: span[1] - span[0])
    return "\n".join(line for line in fn[start + 1:end + 1]
                     if line.startswith("\t") and not line.lstrip().startswith("."))


def llvm_mca():
    found = sorted(glob.glob("/usr/lib/llvm-*/bin/llvm-mca"), key=lambda p: int(p.split("-")[1].split("/")[0]))
    return found[-1] if found else "llvm-mca"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernel", help="a vector kernel of csrc/, e.g. tanh_f32_fast_vec")
    ap.add_argument("--isa", choices=sorted(TARGET), default="avx512")
    ap.add_argument("--cpus", nargs="+", default=["znver4", "znver5", "icelake-server", "sapphirerapids"])
    ap.add_argument("--csrc", default=str(ROOT / "csrc"), help="kernel sources (default: this tree's)")
    ap.add_argument("--show-asm", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp, "loop.c")
        src.write_text(loop_source(args.kernel, args.isa))
        asm = subprocess.run(["gcc", *kernel_cflags(), "-w", "-I", args.csrc, "-S", "-o", "-", str(src)],
                             check=True, capture_output=True, text=True).stdout
    body = loop_body(asm)
    if args.show_asm:
        print(body)
    mca = llvm_mca()
    for cpu in args.cpus:
        out = subprocess.run([mca, f"-mcpu={cpu}", "-iterations=500"], input=body, check=True,
                             capture_output=True, text=True).stdout
        cycles = int(re.search(r"Total Cycles:\s+(\d+)", out).group(1)) / 500
        print(f"{args.kernel} {args.isa} {cpu}: {cycles:.1f} cycles per vector "
              f"({len(body.splitlines())} instructions in the loop; {mca})")


if __name__ == "__main__":
    main()

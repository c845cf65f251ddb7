"""What decides a process's numba speed mode (docs/numba.md, "Two speeds per process"): one
process per line, with the addresses that differ between processes beside the loop/ufunc time.

    python bench/numba_modes_probe.py [--processes 10] [--offsets] [--no-aslr] [--env-pad 0,64,...]
    python bench/numba_modes_probe.py --no-aslr --env-pad $(seq -s, 0 64 4032)   # the stack scan

Each process times `y[i] = vn.<tier>.<fn>(x[i])` against the ufunc (interleaved rounds, best
kept) and prints: the loop/ufunc ratio, x and y mod 4096, the JIT loop's address (and mod 64),
the register kernel's address (and mod 64), and the low 12 bits of a stack slot of an @njit
function called like the loop (--no-stack-probe: not compiled).  VM_PROBE_LLVM_OPTION (e.g.
-force-vector-interleave=1) is passed to LLVM first, for experiments.  --hold S keeps running
the loop S seconds more, for a profiler.  --offsets also times x and y cut from one 2 MiB-aligned buffer at
chosen offsets mod 4096 (in the same process: the arrays' addresses alone), --no-aslr runs the
processes under `setarch -R` (every address fixed), --env-pad adds an environment variable of
that many bytes (which moves the initial stack, nothing else) per process.
"""
import argparse
import os
import subprocess
import sys
import time

CASES = {"exp-fast-f32": ("exp", "fast", "float32"), "exp-accurate-f64": ("exp", "accurate", "float64"),
         "log-approx-f32": ("log", "approx", "float32")}
N = 65536


def best_pair(calls, rounds=25, reps=10, n=N):
    best = [float("inf")] * len(calls)
    for _ in range(rounds):
        for k, call in enumerate(calls):
            t = time.perf_counter_ns()
            for _ in range(reps):
                call()
            best[k] = min(best[k], (time.perf_counter_ns() - t) / reps / n)
    return best


def aligned(nbytes, dtype, align=1 << 21):
    import numpy as np

    raw = np.empty(nbytes + align, np.uint8)
    start = (-raw.ctypes.data) % align
    return raw[start:start + nbytes].view(dtype)


def stack_probe():
    """An @njit function returning the address of a stack slot of its own frame: called from
    the same Python frame as the loop, through the same dispatcher machinery, it sees the stack
    where the loop's frame is (within a constant offset)."""
    from llvmlite import ir
    from numba import njit, types
    from numba.core import cgutils
    from numba.extending import intrinsic

    @intrinsic
    def _sp(typingctx):
        def codegen(context, builder, sig, args):
            slot = cgutils.alloca_once(builder, ir.IntType(64))
            builder.store(ir.Constant(ir.IntType(64), 0), slot)
            return builder.ptrtoint(slot, ir.IntType(64))
        return types.int64(), codegen

    @njit
    def sp(x, y):
        return _sp()
    return sp


def one_process(case, offsets, stack_probe_on, hold):
    import numpy as np

    import vecmath
    if os.environ.get("VM_PROBE_LLVM_OPTION"):        # e.g. -force-vector-interleave=1 (experiments)
        import llvmlite.binding as ll
        ll.set_option("", os.environ["VM_PROBE_LLVM_OPTION"])
    import vecmath.numba as vn
    from numba import njit
    from vecmath.numba._lanes import LANE_TABLE

    fn, tier, dt = CASES[case]
    f = getattr(getattr(vn, tier), fn)
    uf = getattr(getattr(vecmath, tier), fn)

    @njit
    def loop(x, y):
        for i in range(x.size):
            y[i] = f(x[i])

    x = np.random.default_rng(0).uniform(-10, 10, N).astype(dt)
    if fn == "log":
        x = np.abs(x) + 1
    y = np.empty_like(x)
    loop(x, y)
    sp = stack_probe() if stack_probe_on else None
    if sp is not None:
        sp(x, y)
    sig = loop.signatures[0]
    cres = loop.overloads[sig]
    jit_addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    suffix = "f32" if dt == "float32" else "f64"
    kern = next((a for name, (a, isa) in LANE_TABLE.items()
                 if name.startswith("_ZGVe") and name.endswith(f"vm_{fn}_{tier}_{suffix}_x1")), 0)
    lp, ufn = best_pair([lambda: loop(x, y), lambda: uf(x, out=y)])
    line = (f"{case}: loop {lp:.3f} ufunc {ufn:.3f} ratio {lp / ufn:.2f}  x%4096={x.ctypes.data % 4096} "
            f"y%4096={y.ctypes.data % 4096} (y-x)%4096={(y.ctypes.data - x.ctypes.data) % 4096} "
            f"jit={jit_addr:#x} jit%64={jit_addr % 64} kern={kern:#x} kern%64={kern % 64} "
            f"stack%4096={sp(x, y) % 4096 if sp is not None else '-'} env={len(os.environ.get('VM_PAD', ''))}")
    print(line, flush=True)
    end = time.perf_counter() + hold          # --hold: keep running the loop, for a profiler
    while time.perf_counter() < end:
        loop(x, y)
    if offsets:
        item = np.dtype(dt).itemsize
        bx, by = aligned(N * item + 8192, dt), aligned(N * item + 8192, dt)
        bx[:] = np.random.default_rng(0).uniform(1, 10, bx.size).astype(dt)
        for ox, oy in [(0, 0), (0, 64), (0, 2048), (64, 0), (2048, 0), (16, 16), (1024, 3072), (0, 4032)]:
            xs, ys = bx[ox // item:ox // item + N], by[oy // item:oy // item + N]
            lp, ufn = best_pair([lambda: loop(xs, ys), lambda: uf(xs, out=ys)])
            print(f"   x%4096={ox:4d} y%4096={oy:4d}: loop {lp:.3f} ufunc {ufn:.3f} ratio {lp / ufn:.2f}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=10)
    ap.add_argument("--case", default="exp-fast-f32", choices=sorted(CASES))
    ap.add_argument("--offsets", action="store_true")
    ap.add_argument("--no-aslr", action="store_true")
    ap.add_argument("--env-pad", default="", help="comma-separated sizes of a padding variable, one process each")
    ap.add_argument("--no-stack-probe", action="store_true", help="do not compile the stack probe")
    ap.add_argument("--hold", type=float, default=0.0, help="then run the loop this many seconds more")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return one_process(args.case, args.offsets, not args.no_stack_probe, args.hold)
    pads = [int(p) for p in args.env_pad.split(",")] if args.env_pad else [0] * args.processes
    for pad in pads:
        env = dict(os.environ, VM_PAD="x" * pad)
        cmd = [sys.executable, os.path.abspath(__file__), "--child", "--case", args.case] + \
              (["--offsets"] if args.offsets else []) + (["--no-stack-probe"] if args.no_stack_probe else []) + \
              ["--hold", str(args.hold)]
        if args.no_aslr:
            cmd = ["setarch", os.uname().machine, "-R"] + cmd
        subprocess.run(cmd, env=env, check=True)


if __name__ == "__main__":
    main()

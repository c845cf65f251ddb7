"""The same vecmath.numba loops in several fresh processes, each against its ufunc: until
2026-11-26 some processes ran every numba loop 2-3x slower than others (4K aliasing between the
interleaved loop's stack spills and the kernels' constants; see docs/numba.md, "Two speeds per
process"), which this checks stays gone.

    python bench/numba_process_modes.py [--processes 5] [--all] [--no-aslr] [--pairs both]
                                        [--cases log:approx:float32,...] [--avx2]

Each process times three loops y[i] = f(x[i]) (n = 65,536; --all: every function, tier and
dtype) against the same tier's ufunc, 15 interleaved rounds, best of the rounds, and prints
loop / ufunc in ns per element, and how many loops are within 1.25x of their ufunc (issue 37's
goal).  --no-aslr runs each process under `setarch -R` (every address the same in each).
--pairs off compiles the loops as before 2026-11-26's two-register calls (one register a call;
the same build), --pairs both alternates off and on processes, so both see the same load.
--cases times only the loops named (fn:tier:dtype, comma-separated, with the --all inputs);
--avx2 runs each process with numba's target features less AVX-512 and the ufuncs' AVX2 path
(VECMATH_ISA=avx2), as bench_numba.py's "AVX2 only" column.
"""
import argparse
import os
import subprocess
import sys
import time

CASES = [("exp", "fast", "float32"), ("exp", "accurate", "float64"), ("log", "approx", "float32")]


GOAL = 1.25


def one_process(every, pairs, only=None):
    if os.environ.get("VM_PROBE_LLVM_OPTION"):        # e.g. -force-vector-interleave=1 (experiments)
        import llvmlite.binding as ll
        ll.set_option("", os.environ["VM_PROBE_LLVM_OPTION"])
    import numba
    import numpy as np

    import vecmath
    import vecmath.numba as vn
    if not pairs:                                     # one register a call, as before
        from vecmath.numba import _lanes
        _lanes._pair_width = lambda library: 0
    from bench_numba import DOMAIN, loop_of
    from vecmath import spec
    from vecmath.numba._api import KERNELS

    cases = CASES if not every else [(fn, tier, dt) for fn in KERNELS for dt in ("float32", "float64")
                                     for tier in spec.TIERS]
    if only:
        cases = [tuple(c.split(":")) for c in only.split(",")]
        every = True
    out, within = [], 0
    for fn, tier, dt in cases:
        if every:
            x = np.random.default_rng(0).uniform(*DOMAIN[fn], 65536).astype(dt)
        else:
            x = np.random.default_rng(0).uniform(-10, 10, 65536).astype(dt)
            if fn == "log":
                x = np.abs(x) + 1
        y = np.empty_like(x)
        loop, uf = loop_of(getattr(getattr(vn, tier), fn)), getattr(getattr(vecmath, tier), fn)
        loop(x, y)
        best = [float("inf")] * 2
        for _ in range(15):
            for k, call in enumerate((lambda: loop(x, y), lambda: uf(x, out=y))):
                t = time.perf_counter()
                for _ in range(10):
                    call()
                best[k] = min(best[k], (time.perf_counter() - t) / 10 / x.size * 1e9)
        out.append(f"{fn} {tier} {dt}: {best[0]:.3f} / {best[1]:.3f} = {best[0] / best[1]:.2f}x")
        within += best[0] / best[1] <= GOAL
    label = "pairs on" if pairs else "pairs off"
    print(f"numba {numba.__version__}, {label}: {within} of {len(cases)} within {GOAL}x: " + "; ".join(out), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=5)
    ap.add_argument("--all", action="store_true", help="every function, tier and dtype")
    ap.add_argument("--no-aslr", action="store_true", help="each process under setarch -R")
    ap.add_argument("--pairs", choices=("on", "off", "both"), default="on",
                    help="two-register calls (on), one register a call (off), alternating (both)")
    ap.add_argument("--cases", help="only these loops: fn:tier:dtype,... (e.g. log:approx:float32)")
    ap.add_argument("--avx2", action="store_true",
                    help="numba's features without AVX-512, the ufuncs' AVX2 path")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return one_process(args.all, args.pairs == "on", args.cases)
    cmd = [sys.executable, __file__, "--child"] + (["--all"] if args.all else [])
    cmd += ["--cases", args.cases] if args.cases else []
    env = None
    if args.avx2:
        import llvmlite.binding as ll
        features = ",".join(f if not f.startswith("+avx512") else "-" + f[1:]
                            for f in ll.get_host_cpu_features().flatten().split(","))
        env = dict(os.environ, NUMBA_CPU_FEATURES=features, VECMATH_ISA="avx2")
    if args.no_aslr:
        cmd = ["setarch", os.uname().machine, "-R"] + cmd
    modes = ["off", "on"] if args.pairs == "both" else [args.pairs]
    for _ in range(args.processes):
        for mode in modes:
            subprocess.run(cmd + ["--pairs", mode], check=True, env=env)


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    main()

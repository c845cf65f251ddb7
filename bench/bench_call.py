"""Per-call cost of vecmath's floating-point-mode guard (csrc/vm_fpmode.h): a ufunc call of one
element, a strided ufunc call (input x[::2], so every 512-element block goes through the loop's
stack buffer), and a cffi raw-kernel call of one element, in the default mode and with the
caller's FTZ/DAZ set.  One thread, float64 and float32, accurate exp.

    python bench/bench_call.py                         # this tree
    python bench/bench_call.py --against /tmp/old      # this tree and another, interleaved

Each tree runs in child processes (PYTHONPATH=tree), alternating, --rounds times; each child
times every case as the best of 5 repeats of a timed loop, and the table gives the median over
the rounds of those best times, with the ratio to the other tree in the same run.
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

CHILD = r'''
import json, sys, timeit
import numpy as np
import vecmath
from vecmath import _ufuncs
from vecmath.kernels import ffi, lib
vecmath.set_num_threads(1)
FTZ_DAZ = (1 << 15) | (1 << 6)
N = 65536
out = {}
for dt, suffix in ((np.float64, "f64"), (np.float32, "f32")):
    x1, y1 = np.full(1, 0.5, dt), np.empty(1, dt)
    xs, ys = np.linspace(-5, 5, 2 * N).astype(dt)[::2], np.empty(N, dt)
    k = getattr(lib, f"vm_exp_accurate_{suffix}")
    c = "double *" if suffix == "f64" else "float *"
    px, py = ffi.cast(c, x1.ctypes.data), ffi.cast(c, y1.ctypes.data)
    cases = {"ufunc n=1": (lambda: vecmath.exp(x1, out=y1), 20000, 1),
             "ufunc strided n=65536": (lambda: vecmath.exp(xs, out=ys), 200, N),
             "cffi n=1": (lambda: k(px, py, 1), 50000, 1)}
    for mode in ("default", "FTZ/DAZ"):
        csr = _ufuncs._get_mxcsr()
        if mode != "default":
            _ufuncs._set_mxcsr(csr | FTZ_DAZ)
        try:
            for name, (f, number, per) in cases.items():
                t = min(timeit.repeat(f, number=number, repeat=5)) / number / per
                out[f"{name} {suffix} {mode}"] = t * 1e9
        finally:
            _ufuncs._set_mxcsr(csr)
print(json.dumps(out))
'''


def run_child(tree):
    env = dict(os.environ, PYTHONPATH=str(tree), VECMATH_NUM_THREADS="1")
    r = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True,
                       cwd=tree, check=True)
    return json.loads(r.stdout)


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        info = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
        return (f"{info['Model name'].strip()} family {info['CPU family'].strip()} "
                f"model {info['Model'].strip()}")
    except (OSError, KeyError):
        return platform.processor() or platform.machine()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", type=pathlib.Path, help="another built tree, timed in the same run")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    trees = {"this": ROOT}
    if args.against:
        trees["other"] = args.against.resolve()
    times = {k: [] for k in trees}
    for _ in range(args.rounds):
        for k, tree in trees.items():
            times[k].append(run_child(tree))
    med = {k: {case: statistics.median(r[case] for r in rs) for case in rs[0]} for k, rs in times.items()}
    print(f"{cpu_model()}; medians of {args.rounds} rounds (each the best of 5 timed loops); "
          "ns per call (n=1) or per element (strided)")
    head = "| case | this tree |" + (" other tree | this / other |" if "other" in med else "")
    print(head)
    print("|---|---|" + ("---|---|" if "other" in med else ""))
    for case, t in med["this"].items():
        row = f"| {case} | {t:.2f} |"
        if "other" in med:
            o = med["other"][case]
            row += f" {o:.2f} | {t / o:.3f} |"
        print(row)


if __name__ == "__main__":
    main()

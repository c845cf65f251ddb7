"""Two registers a call (docs/numba.md, "Two registers a call") against one register a call, the
same build: what it costs where it does not help.

    python bench/numba_pairs.py [--compile 4] [--rounds 15]

Short loops: y[i] = f(x[i]) over n elements, ns per call of the loop, best of interleaved rounds
in one process, the same loop compiled twice (one register a call, then two): with the vector
width forced to two registers LLVM makes no vector epilogue, so up to 2 x lanes - 1 last
elements take the one-lane function (before: up to lanes - 1, after a narrower register).
First call: seconds to compile a new loop in a fresh process (kernel compilation included),
each mode in --compile processes, alternating.
"""
import argparse
import subprocess
import sys
import time

CASES = [("exp", "fast", "float32"), ("exp", "accurate", "float64"), ("log", "approx", "float32")]
SIZES = (16, 31, 32, 47, 63, 64, 100, 1000, 65536)

FIRST_CALL = """
import time, numpy as np, numba
import vecmath.numba as vn
from vecmath.numba import _lanes
if not {pairs}:
    _lanes._pair_width = lambda library: 0
f = getattr(getattr(vn, "{tier}"), "{fn}")
@numba.njit
def loop(x, y):
    for i in range(x.size):
        y[i] = f(x[i])
x = np.ones(16, np.{dt}); y = np.empty_like(x)
t0 = time.perf_counter(); loop(x, y); print(time.perf_counter() - t0)
"""


def short_loops(rounds):
    import numba
    import numpy as np

    import vecmath.numba as vn
    from vecmath.numba import _lanes
    pair_width = _lanes._pair_width

    def make(f):
        @numba.njit
        def loop(x, y):
            for i in range(x.size):
                y[i] = f(x[i])
        return loop

    for fn, tier, dt in CASES:
        f = getattr(getattr(vn, tier), fn)
        x = np.random.default_rng(0).uniform(0.5, 2, max(SIZES)).astype(dt)
        y = np.empty_like(x)
        loops = []
        for pairs in (False, True):
            _lanes._pair_width = pair_width if pairs else (lambda library: 0)
            loop = make(f)
            loop(x[:1], y[:1])                    # compiled here, in this mode
            loops.append(loop)
        _lanes._pair_width = pair_width
        row = []
        for n in SIZES:
            xs, ys = x[:n], y[:n]
            reps = max(1, 20000 // n)
            best = [float("inf")] * 2
            for _ in range(rounds):
                for k, loop in enumerate(loops):
                    t = time.perf_counter()
                    for _ in range(reps):
                        loop(xs, ys)
                    best[k] = min(best[k], (time.perf_counter() - t) / reps * 1e9)
            row.append(f"n={n}: {best[0]:.0f} / {best[1]:.0f} ns = {best[1] / best[0]:.2f}")
        print(f"{fn} {tier} {dt} (one register / two registers a call, ns per loop): " + "; ".join(row),
              flush=True)


def first_calls(processes):
    for fn, tier, dt in CASES:
        times = {False: [], True: []}
        for _ in range(processes):
            for pairs in (False, True):
                out = subprocess.run([sys.executable, "-c", FIRST_CALL.format(pairs=pairs, fn=fn, tier=tier, dt=dt)],
                                     capture_output=True, text=True, check=True).stdout
                times[pairs].append(float(out.split()[-1]))
        print(f"{fn} {tier} {dt} first call (s), one register a call: "
              f"{min(times[False]):.2f}-{max(times[False]):.2f}, two: {min(times[True]):.2f}-{max(times[True]):.2f}",
              flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compile", type=int, default=4, help="fresh processes per mode for first calls")
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    import os
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    short_loops(args.rounds)
    first_calls(args.compile)


if __name__ == "__main__":
    main()

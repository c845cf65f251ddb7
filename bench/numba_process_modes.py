"""The same vecmath.numba loops in several fresh processes: some processes run every numba loop
about twice as slow as others (the C ufuncs unchanged), see docs/numba.md ("Two speeds per
process").

    python bench/numba_process_modes.py [--processes 5]

Each process times three loops y[i] = f(x[i]) (n = 65,536) against the same tier's ufunc,
15 interleaved rounds, best of the rounds, and prints loop / ufunc in ns per element.
"""
import argparse
import subprocess
import sys
import time

CASES = [("exp", "fast", "float32"), ("exp", "accurate", "float64"), ("log", "approx", "float32")]


def one_process():
    import numba
    import numpy as np

    import vecmath
    import vecmath.numba as vn
    from bench_numba import loop_of

    out = []
    for fn, tier, dt in CASES:
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
    print(f"numba {numba.__version__}: " + "; ".join(out), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=5)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return one_process()
    for _ in range(args.processes):
        subprocess.run([sys.executable, __file__, "--child"], check=True)


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    main()

"""python -m vecmath: the CPU path in use, then vecmath against NumPy on this machine.

For each function and dtype: speed at n = 65,536 (ratio to NumPy, same run) and the max ULP
error on 20,000 random inputs against mpmath, for NumPy and each vecmath tier.  A short demo;
the full figures come from bench/ and `python -m vecmath.accuracy`.
"""
import time

import numpy as np

import vecmath
from vecmath import spec

DOMAIN = {"exp": (-80.0, 80.0), "log": (1e-3, 1e3), "tanh": (-5.0, 5.0), "atan": (-20.0, 20.0)}
MPMATH = {"exp": "exp", "log": "log", "tanh": "tanh", "atan": "atan"}
NUMPY_NAME = {"atan": "arctan"}


def best_ns(f, x, out, reps=50, rounds=7):
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter_ns()
        for _ in range(reps):
            f(x, out=out)
        best = min(best, (time.perf_counter_ns() - t) / reps / x.size)
    return best


def max_ulp(f, x, ref):
    y = f(x).astype(np.float64)
    ulp = np.spacing(np.abs(ref).astype(x.dtype)).astype(np.float64)
    return float(np.max(np.abs(y - ref) / ulp))


def reference(fn, x):
    import mpmath as mp
    g = getattr(mp, MPMATH[fn])
    with mp.workprec(120):
        return np.array([float(g(mp.mpf(float(v)))) for v in x])


def main():
    vecmath.show_config()
    print()
    header = f"{'function':10s} {'dtype':8s} {'':10s}" + "".join(f"{c:>14s}" for c in ("numpy", *spec.TIERS))
    print(header)
    print("-" * len(header))
    rng = np.random.default_rng(0)
    for fn in spec.FUNCTIONS:
        if not hasattr(vecmath, fn):
            continue
        lo, hi = DOMAIN[fn]
        callables = [getattr(np, NUMPY_NAME.get(fn, fn))] + [getattr(getattr(vecmath, t), fn) for t in spec.TIERS]
        for dtype in (np.float32, np.float64):
            x = rng.uniform(lo, hi, 65536).astype(dtype)
            out = np.empty_like(x)
            ns = [best_ns(f, x, out) for f in callables]
            sample = x[:20000] if dtype == np.float32 else x[:2000]
            ref = reference(fn, sample)
            ulps = [max_ulp(f, sample, ref) for f in callables]
            name = np.dtype(dtype).name
            print(f"{fn:10s} {name:8s} {'speed':10s}" + "".join(f"{ns[0] / t:13.2f}x" for t in ns))
            print(f"{'':10s} {'':8s} {'max ULP':10s}" + "".join(f"{u:14.3g}" for u in ulps))
    print("\nspeed: NumPy's time / vecmath's at n = 65,536 (higher is faster); max ULP against mpmath"
          " on 20,000 (float32) / 2,000 (float64) random inputs.  Full tables: docs/.")


if __name__ == "__main__":
    main()

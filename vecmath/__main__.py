"""python -m vecmath: the CPU path in use, then vecmath against NumPy on this machine.

For each function and dtype: speed at n = 65,536 (ratio to NumPy, same run) and the max ULP
error against mpmath (vecmath.accuracy) on 20,000 (float32) / 4,000 (float64) random inputs,
for NumPy and each vecmath tier.  A short demo;
the full figures come from bench/ and `python -m vecmath.accuracy`.
"""
import time

import numpy as np

import vecmath
from vecmath import functions, spec
from vecmath.accuracy import measure, reference



def best_ns(f, x, out, reps=50, rounds=7):
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter_ns()
        for _ in range(reps):
            f(x, out=out)
        best = min(best, (time.perf_counter_ns() - t) / reps / x.size)
    return best


def main(functions_shown=None):
    """The demo, over every function with kernels (or the names in functions_shown)."""
    vecmath.show_config()
    print()
    header = f"{'function':10s} {'dtype':8s} {'':10s}" + "".join(f"{c:>14s}" for c in ("numpy", *spec.TIERS))
    print(header)
    print("-" * len(header))
    rng = np.random.default_rng(0)
    for fn in functions_shown or spec.FUNCTIONS:
        if not hasattr(vecmath, fn):
            continue
        lo, hi = functions.get(fn).demo_domain
        # numpy.arctan, scipy.special.expit, NumPy's expression (softplus: np.logaddexp(0, x)), or
        # None: a peer that is not installed gets no column, never vecmath timed against itself
        desc = functions.get(fn)
        peer = desc.equivalent_callable()
        tiers = [getattr(getattr(vecmath, t), fn) for t in spec.TIERS]
        callables = ([peer] if peer is not None else []) + tiers
        for dtype in (np.float32, np.float64):
            x = rng.uniform(lo, hi, 65536).astype(dtype)
            out = np.empty_like(x)
            ns = [best_ns(f, x, out) for f in callables]
            ref = reference(fn, x[:20000] if dtype == np.float32 else x[:4000])
            results = measure(ref, dict(enumerate(callables)))
            ulps = [results[i].max_ulp for i in range(len(callables))]
            name = np.dtype(dtype).name
            if peer is None:    # no ratio without a peer: each tier's own time instead
                print(f"{fn:10s} {name:8s} {'ns/elem':10s}{'-':>14s}" + "".join(f"{t:14.3f}" for t in ns))
                print(f"{'':10s} {'':8s} {'max ULP':10s}{'-':>14s}" + "".join(f"{u:14.3g}" for u in ulps))
            else:
                print(f"{fn:10s} {name:8s} {'speed':10s}" + "".join(f"{ns[0] / t:13.2f}x" for t in ns))
                print(f"{'':10s} {'':8s} {'max ULP':10s}" + "".join(f"{u:14.3g}" for u in ulps))
        if peer is None:
            wanted = desc.peer_ref or desc.equivalent
            print(f"{'':10s} (its peer {wanted} is not installed here: no peer column, no speed ratio)")
        elif not spec.numpy_name(fn):
            column = spec.peer(fn) or getattr(peer, "label", None)
            print(f"{'':10s} (NumPy has no {fn} ufunc: its column is {column})")
    print("\nspeed: NumPy's (or the peer's) time / vecmath's at n = 65,536 (higher is faster); max ULP"
          " against mpmath on 20,000 (float32) / 4,000 (float64) random inputs.  Full tables: docs/.")


if __name__ == "__main__":
    main()

"""Two builds' array kernels timed in one process, in interleaved rounds: a change's speed on a
shared machine, where separate runs drift apart (their ratio to a peer moves with the load).

    python bench/ab_kernels.py BASE.so NEW.so vm_softplus_fast_f64 vm_sigmoid_fast_f32 ...

BASE.so and NEW.so are two builds' vecmath/_kernels.abi3.so (e.g. /work/main/vecmath/... and a
worktree's); each kernel is timed on the same n inputs, uniform on [--lo, --hi], best of --rounds
rounds of 20 calls, and printed as ns per element and NEW/BASE.  Name the CPU and the load
average (printed) beside any figure.
"""
import argparse
import importlib.util
import os
import sys
import time
import types

import numpy as np


def load(tag, path):
    sys.modules.setdefault(tag, types.ModuleType(tag))   # a parent package for the copy
    spec = importlib.util.spec_from_file_location(tag + "._kernels", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    if m.lib.vm_init() != 0:
        raise SystemExit(f"{path}: " + m.ffi.string(m.lib.vm_init_error()).decode())
    return m


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("kernels", nargs="+", help="array kernels, e.g. vm_softplus_fast_f64")
    ap.add_argument("--n", type=int, default=65536)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--lo", type=float, default=-10.0)
    ap.add_argument("--hi", type=float, default=10.0)
    ap.add_argument("--inputs", help="a .npy of inputs instead of the uniform ones (e.g. a kernel's "
                                     "adversarial set): n of them, drawn evenly, shuffled")
    a = ap.parse_args()
    mods = {"base": load("vm_ab_base", a.base), "new": load("vm_ab_new", a.new)}
    rng = np.random.default_rng(1)
    data = {}
    for k in a.kernels:
        dtype = np.float64 if k.endswith("64") else np.float32
        if a.inputs:
            pool = np.load(a.inputs).astype(dtype)
            x = rng.permutation(pool[np.linspace(0, len(pool) - 1, a.n).astype(np.int64)])
        else:
            x = rng.uniform(a.lo, a.hi, a.n).astype(dtype)
        data[k] = (x, np.empty_like(x))
    best = {}
    for _ in range(a.rounds):
        for k in a.kernels:
            x, y = data[k]
            for tag, m in mods.items():
                f = getattr(m.lib, k)
                px, py = m.ffi.cast("void *", x.ctypes.data), m.ffi.cast("void *", y.ctypes.data)
                t = time.perf_counter()
                for _ in range(20):
                    f(px, py, a.n)
                ns = (time.perf_counter() - t) / 20 / a.n * 1e9
                best[k, tag] = min(best.get((k, tag), ns), ns)
    for k in a.kernels:
        b, n = best[k, "base"], best[k, "new"]
        print(f"{k:28s} base {b:.3f} ns  new {n:.3f} ns  new/base {n / b:.3f}")
    print("load average", os.getloadavg())


if __name__ == "__main__":
    main()

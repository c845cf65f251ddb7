"""Inlined Python kernels against calls of the C kernels, in a user's @njit loop: the measurement
behind vecmath/numba/_inline.py (which kernels numba inlines).

    python bench/numba_inline_vs_call.py [fn:tier:dtype ...]     # default: all 24

Until commit 790a85e every vecmath.numba kernel was a scalar Python mirror of the C kernel,
inlined into the user's loop.  This script restores those modules from git into a scratch
package (so it needs this repository's history) and times, in one process and interleaved
rounds (best of the rounds, ns per element, n = 65,536): the old inlined mirror, today's
vecmath.numba function (a C call per register, or the inlined kernel where _inline keeps one),
and the C ufunc; then the recurrence y[i] = f(x[i] + (y[i-1] - y[i-1])), which cannot
vectorize, for the old mirror and for today's function.  Prints a Markdown table.  The fast
tier changed after OLD_COMMIT (issue 29: faithful), so its rows compare the old fast kernels
inlined with today's called; the accurate and approx kernels are the same algorithms.
"""
import importlib
import pathlib
import subprocess
import sys
import tempfile
import time

import numba
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import vecmath  # noqa: E402
import vecmath.numba as vn  # noqa: E402
from vecmath._gen.docsection import cpu_model  # noqa: E402
from bench_numba import loop_of, recurrence_of  # noqa: E402  (this script's folder)

OLD_COMMIT = "790a85e"
OLD_MODULES = ("_common", "_llvm", "_exp", "_log", "_tanh", "_atan")
DOMAIN = {"exp": (-80.0, 80.0), "log": (1e-3, 1e3), "tanh": (-5.0, 5.0), "atan": (-20.0, 20.0)}
N = 65536


def old_kernels():
    """{fn: KERNELS} of the mirror modules as of OLD_COMMIT, imported from a scratch package."""
    pkg = pathlib.Path(tempfile.mkdtemp()) / "old_vecmath_numba"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for m in OLD_MODULES + ("_data",):  # with the constants of its time
        where = "vecmath/_data.py" if m == "_data" else f"vecmath/numba/{m}.py"
        src = subprocess.run(["git", "show", f"{OLD_COMMIT}:{where}"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        (pkg / f"{m}.py").write_text(src.replace("from .. import _data", "from . import _data"))
    sys.path.insert(0, str(pkg.parent))
    return {fn: importlib.import_module(f"old_vecmath_numba._{fn}").KERNELS for fn in DOMAIN}


def main():
    old = old_kernels()
    cases = [a.split(":") for a in sys.argv[1:]] or [
        (fn, tier, dt) for fn in DOMAIN for dt in ("float32", "float64") for tier in ("accurate", "fast", "approx")]
    print(f"{cpu_model()}; numba {numba.__version__}; ns per element, n = {N:,}\n")
    print("| fn | dtype | tier | old inlined mirror | today's vecmath.numba | C ufunc "
          "| recurrence: old | recurrence: today |\n|---|---|---|---|---|---|---|---|")
    for fn, tier, dt in cases:
        dt = np.dtype(dt)
        lo, hi = DOMAIN[fn]
        x = np.random.default_rng(0).uniform(lo, hi, N).astype(dt)
        y = np.empty_like(x)
        f_old = old[fn][tier, "f64" if dt == np.float64 else "f32"]
        f_new = getattr(getattr(vn, tier), fn)
        uf = getattr(getattr(vecmath, tier), fn)
        calls = {"old": loop_of(f_old), "new": loop_of(f_new), "ufunc": lambda a, b: uf(a, out=b),
                 "rec_old": recurrence_of(f_old), "rec_new": recurrence_of(f_new)}
        for c in calls.values():
            c(x, y)
        best = dict.fromkeys(calls, np.inf)
        for _ in range(15):
            for k, c in calls.items():
                t = time.perf_counter()
                for _ in range(10):
                    c(x, y)
                best[k] = min(best[k], (time.perf_counter() - t) / 10 / N * 1e9)
        print(f"| {fn} | {dt.name} | {tier} | {best['old']:.3f} | {best['new']:.3f} | {best['ufunc']:.3f} "
              f"| {best['rec_old']:.1f} | {best['rec_new']:.1f} |", flush=True)


if __name__ == "__main__":
    main()

"""Speed of vecmath.numba in a user's @njit loop, against math.* in the same loop and the C ufunc.

    python bench/bench_numba.py                # print the tables
    python bench/bench_numba.py --write-docs   # also write docs/numba.md

Loop benchmark: y[i] = f(x[i]) over n = 65,536 contiguous elements, uniform inputs over each
function's useful range, one thread, against the same tier's C ufunc; again in a child process
where numba compiles for AVX2 alone (NUMBA_CPU_FEATURES without AVX-512) against the ufunc's
AVX2 path (VECMATH_ISA=avx2).  A recurrence y[i] = f(x[i] + (y[i-1] - y[i-1])), which cannot
vectorize, measures the one-lane call.  Contenders are timed in interleaved rounds, best of the
rounds, so drift of the shared machine hits all alike.  Compile times are measured in a fresh
process per function (first call of a new loop, kernel compilation included).
"""
import argparse
import json
import math
import os
import pathlib
import subprocess
import sys
import time

import numba
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # run from a checkout

import vecmath  # noqa: E402
import vecmath.numba as vn  # noqa: E402
from vecmath import functions, spec  # noqa: E402
from vecmath.numba._api import KERNELS  # noqa: E402
from vecmath.numba._inline import KERNELS as INLINE  # noqa: E402
from vecmath._gen.docsection import cpu_model, write_section  # noqa: E402

N = 65536
DOMAIN = {fn: functions.get(fn).demo_domain for fn in functions.FUNCTIONS}   # from the descriptors
# The scalar call numba makes without vecmath: math.<fn>, or where math has none the formula a
# user would write with it (None for a function neither has: its math.* cells stay empty).
MATH_FORMULAS = {"sigmoid": "1.0 / (1.0 + math.exp(-x))",
                 "softplus": "max(x, 0.0) + math.log1p(math.exp(-abs(x)))"}


def math_expr(fn):
    """Python source of fn's math.* baseline (evaluated here and in compile_seconds' child)."""
    if hasattr(math, fn):
        return f"math.{fn}"
    return f"numba.njit(lambda x: {MATH_FORMULAS[fn]})" if fn in MATH_FORMULAS else None


MATH = {fn: eval(math_expr(fn)) if math_expr(fn) else None for fn in functions.FUNCTIONS}
GOAL_VS_MATH, GOAL_VS_C = 5.0, 1.25


def loop_of(f):
    @numba.njit
    def loop(x, y):
        for i in range(x.size):
            y[i] = f(x[i])
    return loop


def recurrence_of(f):
    """A loop that cannot vectorize: each element waits for the one before ((y - y) is 0 for
    finite y; LLVM may not fold it without fastmath)."""
    @numba.njit
    def loop(x, y):
        prev = x[0] - x[0]
        for i in range(x.size):
            prev = f(x[i] + (prev - prev))
            y[i] = prev
    return loop


def best_ns(calls, rounds, reps):
    """{name: best ns per call} over interleaved rounds."""
    best = dict.fromkeys(calls, math.inf)
    for _ in range(rounds):
        for name, call in calls.items():
            t = time.perf_counter_ns()
            for _ in range(reps):
                call()
            best[name] = min(best[name], (time.perf_counter_ns() - t) / reps)
    return best


def loop_table(rounds):
    rows = []
    for fn in KERNELS:
        lo, hi = DOMAIN[fn]
        for dt in (np.float32, np.float64):
            x = np.random.default_rng(0).uniform(lo, hi, N).astype(dt)
            y = np.empty_like(x)
            calls = {} if MATH[fn] is None else {"math": (lambda lp=loop_of(MATH[fn]): lp(x, y)),
                                                  "rec.math": (lambda lp=recurrence_of(MATH[fn]): lp(x, y))}
            for tier in spec.TIERS:
                f = getattr(getattr(vn, tier), fn)
                uf = getattr(getattr(vecmath, tier), fn)
                calls[f"vn.{tier}"] = lambda lp=loop_of(f): lp(x, y)
                calls[f"rec.{tier}"] = lambda lp=recurrence_of(f): lp(x, y)
                calls[f"c.{tier}"] = lambda uf=uf: uf(x, out=y)
            for c in calls.values():
                c()  # compile
            t = {k: v / N for k, v in best_ns(calls, rounds, 20).items()}
            for tier in spec.TIERS:
                rows.append(dict(fn=fn, dtype=np.dtype(dt).name, tier=tier, numba=t[f"vn.{tier}"],
                                 math=t.get("math", math.nan), c=t[f"c.{tier}"], rec=t[f"rec.{tier}"],
                                 rec_math=t.get("rec.math", math.nan),
                                 inlined=(fn, tier, "f64" if dt == np.float64 else "f32") in INLINE))
            print(f"{fn} {np.dtype(dt).name}: " + ", ".join(f"{k} {v:.2f}" for k, v in t.items()),
                  flush=True)
    return rows


# The realistic loop: a squared-exponential (RBF) kernel matrix of n points in 3-D.
@numba.njit
def rbf_vecmath(x, y, z, s2, ell):
    n = x.size
    K = np.empty((n, n))
    c = -0.5 / (ell * ell)
    for i in range(n):
        for j in range(n):
            d2 = (x[i] - x[j]) ** 2 + (y[i] - y[j]) ** 2 + (z[i] - z[j]) ** 2
            K[i, j] = s2 * vn.exp(c * d2)
    return K


@numba.njit
def rbf_math(x, y, z, s2, ell):
    n = x.size
    K = np.empty((n, n))
    c = -0.5 / (ell * ell)
    for i in range(n):
        for j in range(n):
            d2 = (x[i] - x[j]) ** 2 + (y[i] - y[j]) ** 2 + (z[i] - z[j]) ** 2
            K[i, j] = s2 * math.exp(c * d2)
    return K


def rbf_numpy(x, y, z, s2, ell):
    d2 = (x[:, None] - x) ** 2 + (y[:, None] - y) ** 2 + (z[:, None] - z) ** 2
    return s2 * np.exp(d2 * (-0.5 / (ell * ell)))


def rbf_numpy_vecmath(x, y, z, s2, ell):
    d2 = (x[:, None] - x) ** 2 + (y[:, None] - y) ** 2 + (z[:, None] - z) ** 2
    return s2 * vecmath.exp(d2 * (-0.5 / (ell * ell)))


def realistic(rounds, n=2000):
    p = np.random.default_rng(1).uniform(0, 10, (3, n))
    args = (p[0], p[1], p[2], 1.5, 0.8)
    calls = {"numba + vecmath.numba.exp": lambda: rbf_vecmath(*args),
             "numba + math.exp": lambda: rbf_math(*args),
             "NumPy (np.exp)": lambda: rbf_numpy(*args),
             "NumPy with vecmath.exp": lambda: rbf_numpy_vecmath(*args)}
    ref = rbf_numpy_vecmath(*args)
    assert np.array_equal(rbf_vecmath(*args), ref)  # same bits as the ufunc path
    rbf_math(*args)
    t = best_ns(calls, rounds, 1)
    return n, {k: v / 1e6 for k, v in t.items()}


def avx2_loop_times(rounds):
    """{(fn, dtype, tier): (numba ns, ufunc ns)} from a child process where numba compiles for
    the host's features without AVX-512 and the ufuncs take their AVX2 path; None where the
    CPU has no AVX2."""
    import llvmlite.binding as ll
    from vecmath.numba._lanes import RUNS
    if not RUNS.get("avx2"):
        return None
    features = ",".join(f if not f.startswith("+avx512") else "-" + f[1:]
                        for f in ll.get_host_cpu_features().flatten().split(","))
    env = dict(os.environ, NUMBA_CPU_FEATURES=features, VECMATH_ISA="avx2")
    out = subprocess.run([sys.executable, __file__, "--loops-json", "--rounds", str(rounds)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return {(r["fn"], r["dtype"], r["tier"]): (r["numba"], r["c"]) for r in json.loads(out.splitlines()[-1])}


COMPILE = """
import time, numpy as np, numba, math
t0 = time.perf_counter(); import vecmath.numba as vn; t_import = time.perf_counter() - t0
f = {f}
@numba.njit
def loop(x, y):
    for i in range(x.size):
        y[i] = f(x[i])
x = np.ones(16, np.{dt}); y = np.empty_like(x)
t0 = time.perf_counter(); loop(x, y); print(t_import, time.perf_counter() - t0)
"""


def compile_seconds(expr, dt):
    out = subprocess.run([sys.executable, "-c", COMPILE.format(f=expr, dt=dt)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def compile_table():
    rows = []
    for fn in KERNELS:
        for dt in ("float32", "float64"):
            base = min(compile_seconds(math_expr(fn), dt)[1] for _ in range(2)) if math_expr(fn) else math.nan
            for tier in spec.TIERS:
                imp, sec = min(compile_seconds(f"vn.{tier}.{fn}", dt) for _ in range(2))
                rows.append(dict(fn=fn, dtype=dt, tier=tier, seconds=sec, math=base, imp=imp))
    return rows


def avx2_cell(avx2, r):
    if avx2 is None:
        return "n/a"
    t, c = avx2[r["fn"], r["dtype"], r["tier"]]
    return f"{t:.2f} / {c:.2f} = {t / c:.2f}×{' ✓' if t / c <= GOAL_VS_C else ' ✗'}"


def render(loops, avx2, real, comp, cmd):
    """The generated sections of docs/numba.md (name -> Markdown); the prose there is hand-written."""
    cpu = cpu_model()
    out = {}
    rows = [f"Machine: {cpu}; numba {numba.__version__}, NumPy {np.__version__}; C ufunc path: "
            f"{vecmath.config()['isa']}; n = {N:,}.", f"Command: `{cmd}`", "",
            "| fn | dtype | tier | vecmath.numba loop | C ufunc | time vs C ufunc (goal ≤ "
            f"{GOAL_VS_C}×) | math.* loop | speed-up vs math.* | AVX2 only: loop / ufunc "
            "| recurrence (math.*) |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in loops:
        vs_math, vs_c = r["math"] / r["numba"], r["numba"] / r["c"]
        flag = " ✓" if vs_c <= GOAL_VS_C else " ✗"
        how = " (inlined)" if r["inlined"] else ""
        rows.append(f"| {r['fn']} | {r['dtype']} | {r['tier']}{how} | {r['numba']:.2f} | {r['c']:.2f} "
                    f"| {vs_c:.2f}×{flag} | {r['math']:.2f} | {vs_math:.1f}× "
                    f"| {avx2_cell(avx2, r)} | {r['rec']:.1f} ({r['rec_math']:.1f}) |")
    out["numba_loops"] = "\n".join(rows)
    n, t = real
    rows = [f"n = {n} points; command as above.", "", "| implementation | ms per matrix | vs NumPy |",
            "|---|---|---|"]
    rows += [f"| {k} | {v:.1f} | {t['NumPy (np.exp)'] / v:.2f}× |" for k, v in t.items()]
    out["numba_realistic"] = "\n".join(rows)
    rows = [f"`import vecmath.numba` took {min(r['imp'] for r in comp):.2f} s in this run.", "",
            "| fn | dtype | tier | first call (s) | same loop with math.* (s) | added by vecmath (s) |",
            "|---|---|---|---|---|---|"]
    rows += [f"| {r['fn']} | {r['dtype']} | {r['tier']} | {r['seconds']:.2f} | {r['math']:.2f} "
             f"| {r['seconds'] - r['math']:.2f} |" for r in comp]
    out["numba_compile"] = "\n".join(rows)
    added = [r["seconds"] - r["math"] for r in comp]
    within = [r for r in loops if r["numba"] / r["c"] <= GOAL_VS_C]
    rows = [f"First-call compile time added {min(added):.1f} to {max(added):.1f} s over numba's own for "
            f"the same loop.  {len(within)} of {len(loops)} loops within {GOAL_VS_C}× of the C "
            f"ufunc's time in this run (default features); the accurate tier:", ""]
    rows += [f"- {r['fn']} {r['dtype']}: {r['math'] / r['numba']:.1f}× faster than "
             f"`{'math.' + r['fn'] if hasattr(math, r['fn']) else MATH_FORMULAS.get(r['fn'], 'math')}`, "
             f"{r['numba'] / r['c']:.2f}× the C ufunc's time." for r in loops if r["tier"] == "accurate"]
    out["numba_summary"] = "\n".join(rows)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write-docs", action="store_true")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--loops-json", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    loops = loop_table(a.rounds)
    if a.loops_json:  # the child of avx2_loop_times
        print(json.dumps(loops))
        return
    avx2 = avx2_loop_times(a.rounds)
    real = realistic(max(3, a.rounds // 3))
    print(json.dumps(real))
    comp = compile_table()
    print(json.dumps(comp))
    if a.write_docs:
        cmd = "python bench/bench_numba.py --write-docs"
        for name, text in render(loops, avx2, real, comp, cmd).items():
            write_section(ROOT / "docs" / "numba.md", name, f"<!-- generated by `{cmd}`; do not edit -->\n{text}")


if __name__ == "__main__":
    main()

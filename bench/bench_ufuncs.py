"""Speed of vecmath's ufuncs against NumPy (and PyTorch CPU if installed), in one run.

    python bench/bench_ufuncs.py                   # this machine's default path, print table
    python bench/bench_ufuncs.py --write-docs      # default path and VECMATH_ISA=avx2 (NumPy's
                                                   # AVX-512 disabled too), into docs/benchmarks.md
                                                   # (one section per CPU model)

Single thread, contiguous arrays, uniform inputs over each function's useful range.  Each
contender is timed in interleaved rounds (best of the rounds, so drift of the shared machine
hits all of them alike), and --write-docs makes 3 passes over the whole table, keeping each
contender's best (a transient slowdown can cover every round of one row, not three passes);
the ratio is NumPy's time over the contender's, so > 1 is faster.
n >= 1000 writes into a preallocated out=; n = 1 times the plain call (allocation included),
which is the call overhead users see.
"""
import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys
import time

import numpy as np

from vecmath import functions, spec

ROOT = pathlib.Path(__file__).resolve().parents[1]
SIZES = (1, 1000, 65536, 16 * 1024 * 1024)
TARGETS = {"accurate": 1.0, "fast": 2.0, "approx": 3.0}  # at n = 65536, vs NumPy
DOMAIN = {fn: functions.get(fn).demo_domain for fn in functions.FUNCTIONS}   # from the descriptors
# NumPy 2.4 groups its AVX-512 paths as X86_V4 (the old names AVX512F ... are silently ignored):
# disabled, NumPy runs its own AVX2 code, the fair partner of VECMATH_ISA=avx2.
NUMPY_NO_AVX512 = "X86_V4"
COMPETITORS_C = ROOT / "bench" / "competitors.c"


WITH_JAX = False
ISA_FLAGS = {"avx512": ["-mavx512f", "-mavx512dq", "-mavx2", "-mfma"], "avx2": ["-mavx2", "-mfma"]}


def competitor_library(isa):
    """bench/competitors.c compiled for isa into a temporary shared library (SLEEF where
    installed, libmvec always), or None without a compiler.  Only the path this run uses is
    compiled in: an AVX2-only CPU must not meet one AVX-512 instruction."""
    import ctypes
    import shutil
    import tempfile

    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        return None
    out = pathlib.Path(tempfile.mkdtemp()) / "competitors.so"
    base = [cc, "-O2", "-shared", "-fPIC", *ISA_FLAGS[isa], str(COMPETITORS_C), "-o", str(out)]
    for extra in (["-DHAVE_SLEEF", "-I/usr/include/x86_64-linux-gnu", "-lsleef", "-lmvec", "-lm"], ["-lmvec", "-lm"]):
        if subprocess.run(base + extra, capture_output=True).returncode == 0:
            return ctypes.CDLL(str(out))
    return None


def competitor_calls(fn, dtype):
    """name -> f(x, out=y) for SLEEF and libmvec on the CPU path this run uses."""
    import ctypes

    import vecmath
    isa = vecmath.config()["isa"]
    if isa not in ISA_FLAGS:
        return {}
    lib = _COMPETITORS.setdefault(isa, competitor_library(isa))
    if lib is None:
        return {}
    suffix = {"float32": "f32", "float64": "f64"}[np.dtype(dtype).name]
    out = {}
    for label, prefix in (("SLEEF u10", "sleef_u10"), ("SLEEF u35", "sleef_u35"), ("SLEEF u15", "sleef_u15"),
                          ("libmvec", "libmvec")):
        f = getattr(lib, f"{prefix}_{isa}_{fn}_{suffix}", None)
        if f is None:
            continue
        f.restype, f.argtypes = None, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]

        def call(x, out=None, f=f):
            y = np.empty_like(x) if out is None else out
            f(x.ctypes.data, y.ctypes.data, x.size)
            return y
        out[f"{label} {isa}"] = call
    return out


_COMPETITORS = {}


def peer_key(fn):
    """The column of fn's peer, the base of the ratios: "numpy", or "scipy.special" (sigmoid);
    "numpy" too for a function NumPy computes only as an expression (softplus: np.logaddexp(0, x),
    the descriptor's equivalent)."""
    return (spec.peer(fn) or "numpy").split(":")[0]


def jax_call(fn):
    """JAX's own fn on CPU, jitted, for --jax: jax.numpy's function of the peer's name, or for a
    SciPy peer jax.nn's (sigmoid) or jax.scipy.special's; no out= (JAX arrays are immutable), so
    it includes its output allocation, and the numpy -> jax transfer is done once, outside."""
    import jax

    jax.config.update("jax_enable_x64", True)
    module, _, attr = (spec.peer(fn) or ":").partition(":")
    f = getattr(jax.numpy, attr) if module == "numpy" else getattr(jax.nn, fn, None) or \
        getattr(jax.scipy.special, attr)
    return jax.jit(f)


def contenders(fn, dtype):
    import vecmath
    # numpy.<fn>, SciPy's (sigmoid: scipy.special.expit), or NumPy's expression (softplus)
    peer = functions.get(fn).equivalent_callable()
    out = {peer_key(fn): peer} if peer is not None else {}
    for tier in ("accurate", "fast", "approx"):
        out[f"vecmath.{tier}"] = getattr(getattr(vecmath, tier), fn)
    try:
        import torch
        torch.set_num_threads(1)
        tf = getattr(torch, fn, None)
        if tf is not None:
            out["torch"] = lambda x, out=None, _tf=tf: _tf(x, out=out) if out is not None else _tf(x)
        else:   # torch.nn.functional.softplus has no out=: its time includes the allocation
            tf = getattr(torch.nn.functional, fn)
            out["torch"] = lambda x, out=None, _tf=tf: _tf(x)
    except ImportError:
        pass
    if WITH_JAX:
        out["jax"] = jax_call(fn)
    out.update(competitor_calls(fn, dtype))
    out["copy"] = lambda x, out=None: np.copyto(out, x) if out is not None else x.copy()   # memory-bound limit
    return out


def time_round(call, reps):
    t = time.perf_counter_ns()
    for _ in range(reps):
        call()
    return (time.perf_counter_ns() - t) / reps


def bench_one(fn, dtype, n, rounds):
    lo, hi = DOMAIN[fn]
    x = np.random.default_rng(0).uniform(lo, hi, n).astype(dtype)
    y = np.empty_like(x)
    calls = {}
    for name, f in contenders(fn, dtype).items():
        if name == "jax":
            import jax
            xj = jax.device_put(x)
            calls[name] = lambda f=f, xj=xj: f(xj).block_until_ready()
        elif name == "torch":
            import torch
            xt, yt = torch.from_numpy(x), torch.from_numpy(y)
            calls[name] = (lambda f=f, xt=xt: f(xt)) if n == 1 else (lambda f=f, xt=xt, yt=yt: f(xt, out=yt))
        else:
            calls[name] = (lambda f=f: f(x)) if n == 1 else (lambda f=f: f(x, out=y))
    ERRORS[(fn, dtype, n)] = max_ulp_errors(fn, x, calls) if n == 65536 else {}
    reps = max(1, int(2e6 // max(n, 1000))) if n < 10**6 else 1
    best = {k: float("inf") for k in calls}
    for k, c in calls.items():  # warm-up
        c()
    for _ in range(rounds):
        for k, c in calls.items():
            best[k] = min(best[k], time_round(c, reps))
    return {k: v / n for k, v in best.items()}  # ns per element (per call at n = 1)


ERRORS = {}
ULP_SAMPLE = 2000   # the first inputs of the row, against the correctly rounded reference


def max_ulp_errors(fn, x, calls):
    """Each contender's max ULP error on the row's first ULP_SAMPLE inputs (the same inputs it is
    timed on), against mpmath (vecmath.accuracy): the accuracy a contender's speed is bought with."""
    from vecmath.accuracy import reference, ulp_errors
    xs = x[:ULP_SAMPLE]
    ref = reference(fn, xs, processes=1)
    out = {}
    for name, c in contenders(fn, x.dtype.name).items():
        if name == "copy":
            continue
        if name == "jax":
            import jax
            y = np.asarray(c(jax.device_put(xs)))
        elif name == "torch":
            import torch
            y = c(torch.from_numpy(xs)).numpy()
        else:
            y = c(xs)
        out[name] = float(np.max(ulp_errors(np.asarray(y).astype(x.dtype), ref)))
    return out


def run(functions, rounds, passes=1):
    """Every row, `passes` times over the whole table; each contender keeps its best time.  A
    row's rounds take a fraction of a second, so a transient slowdown of the shared machine can
    cover one pass of a row; the passes are seconds apart."""
    import vecmath
    vecmath.set_num_threads(1)   # calls of 2^18 elements and more would use every core
    rows = [(fn, dtype, n) for fn in functions for dtype in ("float32", "float64") for n in SIZES]
    best = {}
    for p in range(passes):
        for fn, dtype, n in rows:
            ns = bench_one(fn, dtype, n, rounds if n < 10**6 else 3)
            old = best.get((fn, dtype, n), ns)
            best[(fn, dtype, n)] = ns = {k: min(v, old[k]) for k, v in ns.items()}
            if p == passes - 1:
                base = ns[peer_key(fn)]
                row = "  ".join(f"{k}={v:.3g}ns ({base / v:.2f}x)" for k, v in ns.items())
                print(f"{fn:5s} {dtype} n={n:<9d} {row}", file=sys.stderr, flush=True)
                if ERRORS.get((fn, dtype, n)):
                    print("      max ULP error: " + "  ".join(f"{k}={v:.3g}" for k, v in ERRORS[(fn, dtype, n)].items()),
                          file=sys.stderr, flush=True)
    results = [{"fn": fn, "dtype": dtype, "n": n, "ns": best[(fn, dtype, n)],
                "ulp": ERRORS.get((fn, dtype, n), {})} for fn, dtype, n in rows]
    from vecmath._gen.docsection import cpu_model

    features = np._core._multiarray_umath.__cpu_features__
    return {"isa": vecmath.config()["isa"], "numpy": np.__version__, "cpu": cpu_model(), "passes": passes,
            "numpy_disabled": os.environ.get("NPY_DISABLE_CPU_FEATURES", ""),
            "numpy_avx512": bool(features.get("X86_V4", features.get("AVX512F"))), "results": results}



def markdown(runs, command):
    lines = [f"<!-- generated by `{command}`; do not edit -->",
             f"## Ufuncs against NumPy and PyTorch: {runs[0]['cpu']}", "",
             f"Command: `{command}` (`bench/bench_ufuncs.py`).  Machine: {runs[0]['cpu']}, "
             f"{os.cpu_count()} cores, Python {platform.python_version()}, NumPy {runs[0]['numpy']}.  "
             "Single thread, contiguous arrays; n >= 1000 writes into a preallocated `out=`, "
             "n = 1 is the plain call (ns per call).  Ratio = NumPy's time / contender's time "
             "(> 1 is faster), measured in the same run, best of interleaved rounds and of "
             f"{runs[0].get('passes', 1)} passes over the whole table.  "
             "Targets at n = 65,536: accurate >= 1x, fast >= 2x, approx >= 3x NumPy.  SLEEF (u10: 1 ULP, "
             "u35: 3.5 ULP) and glibc's libmvec are called through array loops of `bench/competitors.c` "
             "on the same vector width; `copy` is `np.copyto` of the same array, the memory-bound limit.  "
             f"[e ULP]: the contender's max error on the row's first {ULP_SAMPLE} inputs against "
             "mpmath (rows of n = 65,536 where measured).", ""]
    for r in runs:
        title = f"### CPU path `{r['isa']}`"
        if r["numpy_disabled"]:
            title += (f" (NumPy with `NPY_DISABLE_CPU_FEATURES={r['numpy_disabled']}`: its AVX-512 code "
                      f"{'still ON' if r['numpy_avx512'] else 'off, checked'})")
        lines += [title, ""]
        # every contender of any row, in the order of the fullest row (SLEEF has no u35 exp)
        names = list(dict.fromkeys(k for row in sorted(r["results"], key=lambda row: -len(row["ns"]))
                                   for k in row["ns"]))
        lines.append("| fn | dtype | n | " + " | ".join(names) + " | targets met |")
        lines.append("|---" * (len(names) + 4) + "|")
        for row in r["results"]:
            ns, base = row["ns"], row["ns"][peer_key(row["fn"])]
            ulp = row.get("ulp", {})
            cells = ["–" if k not in ns else (f"{ns[k]:.3g} ({base / ns[k]:.2f}x)" if row["n"] > 1
                     else f"{ns[k]:.0f} ns ({base / ns[k]:.2f}x)") + (f" [{ulp[k]:.3g} ULP]" if k in ulp else "")
                     for k in names]
            met = ""
            if row["n"] == 65536:
                miss = [t for t, need in TARGETS.items() if base / ns[f"vecmath.{t}"] < need]
                met = "all" if not miss else "missed: " + ", ".join(miss)
            lines.append(f"| {row['fn']} | {row['dtype']} | {row['n']:,} | " + " | ".join(cells) + f" | {met} |")
        lines.append("")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--functions", nargs="*", default=None)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--passes", type=int, default=None,
                    help="passes over the whole table, best kept (default 1; 3 with --write-docs)")
    ap.add_argument("--json", action="store_true", help="print results as JSON (used internally)")
    ap.add_argument("--jax", action="store_true", help="time JAX's own function too (CPU, jitted)")
    ap.add_argument("--write-docs", action="store_true", help="run both paths, write docs/benchmarks.md")
    args = ap.parse_args()
    global WITH_JAX
    WITH_JAX = args.jax
    import vecmath
    fns = args.functions or [f for f in spec.FUNCTIONS if hasattr(vecmath, f)]
    if not args.write_docs:
        res = run(fns, args.rounds, args.passes or 1)
        if args.json:
            print(json.dumps(res))
        return
    runs = []
    configs = [{}]
    if "avx2" in vecmath.config()["available"] and vecmath.config()["isa"] != "avx2":
        configs.append({"VECMATH_ISA": "avx2", "NPY_DISABLE_CPU_FEATURES": NUMPY_NO_AVX512})
    for extra in configs:
        env = dict(os.environ, **extra)
        cmd = [sys.executable, __file__, "--json", "--rounds", str(args.rounds),
               "--passes", str(args.passes or 3), "--functions", *fns]
        out = subprocess.run(cmd, env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
        runs.append(json.loads(out))
    command = " ".join(["python bench/bench_ufuncs.py", *sys.argv[1:]])  # as run
    from vecmath._gen.docsection import machine_section, write_section

    write_section(ROOT / "docs" / "benchmarks.md", machine_section("bench_ufuncs"), markdown(runs, command))
    print(f"wrote docs/benchmarks.md ({', '.join(r['isa'] for r in runs)})")


if __name__ == "__main__":
    main()

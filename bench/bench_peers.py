"""vecmath's three tiers beside the libraries a user already has: speed and measured error, one run.

    python bench/bench_peers.py                        # print the tables
    python bench/bench_peers.py --write-docs           # and write them into docs/benchmarks.md
    python bench/bench_peers.py --functions exp tanh --n 65536 --rounds 21 --passes 3

For every (function, dtype): ns per element at n = 65,536 (one thread, contiguous, `out=` where
the library has one) and each contender's maximum ULP error on the same inputs, against
vecmath.accuracy's correctly rounded reference (mpmath for float64; for float32 NumPy's/SciPy's
float64 function, settled by mpmath near rounding boundaries, the exhaustive sweep's method,
or mpmath directly where there is no float64 peer).  A second error figure comes from
vecmath.accuracy.sample_inputs (the descriptor's regions plus a quarter of uniform bit patterns:
tails, subnormals, infinities), without the float64 worst-case lists (10^5 inputs each).

Contenders, each dropping out where it is not installed or lacks the function (PEERS below,
one entry per function name, so a function vecmath does not have yet just drops out):
NumPy; SciPy's special functions; PyTorch CPU (one thread); JAX/XLA CPU (jitted, one thread,
no `out=`: its time includes the output's allocation; XLA flushes subnormal inputs and results
to zero); SLEEF 3.5 (u10, u35, u15 for erfc; Debian's libsleef-dev) and glibc's libmvec,
through bench/competitors.c's array loops on the path vecmath runs; vecmath's three tiers.

Timing: interleaved rounds (every contender of a row once per round, best round kept) and
several passes over the whole table (best pass kept): a slowdown of the shared machine then
hits all contenders alike or is skipped.  The load average is sampled through the run.
"""
import os

# before anything imports jax: XLA's CPU client on one thread (its Eigen pool and its intra-op
# parallelism), as the other contenders run
os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                           " --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1").strip()

import argparse
import datetime
import json
import pathlib
import platform
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench_ufuncs  # noqa: E402  (competitor_calls: SLEEF and libmvec through competitors.c)

from vecmath import functions, spec  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
TIERS = ("accurate", "fast", "approx")

# The peers of each function by our name: NumPy's and SciPy's attribute (a callable taking
# out= for NumPy), torch's dotted attribute under torch, JAX's dotted attribute under jax.
NUMPY = {"exp": np.exp, "log": np.log, "tanh": np.tanh, "atan": np.arctan, "expm1": np.expm1,
         "log1p": np.log1p,
         "softplus": lambda x, out=None: np.logaddexp(0, x, out=out)}   # NumPy has no softplus
SCIPY = {"expm1": "expm1", "log1p": "log1p", "sigmoid": "expit", "softplus": "softplus", "erf": "erf",
         "erfc": "erfc"}
TORCH = {"exp": "exp", "log": "log", "tanh": "tanh", "atan": "atan", "expm1": "expm1", "log1p": "log1p",
         "sigmoid": "sigmoid", "softplus": "nn.functional.softplus", "erf": "erf", "erfc": "erfc"}
JAX = {"exp": "numpy.exp", "log": "numpy.log", "tanh": "numpy.tanh", "atan": "numpy.arctan",
       "expm1": "numpy.expm1", "log1p": "numpy.log1p", "sigmoid": "nn.sigmoid", "softplus": "nn.softplus",
       "erf": "scipy.special.erf", "erfc": "scipy.special.erfc"}
# --avx2: vecmath's AVX2 path, NumPy without its AVX-512 code (bench_ufuncs.py: NumPy 2.4 names
# that group X86_V4), torch's AVX2 kernels, XLA compiling for AVX2 at most (XLA_FLAGS, below);
# SLEEF and libmvec follow vecmath's path (bench_ufuncs.competitor_calls)
AVX2_ENV = {"VECMATH_ISA": "avx2", "NPY_DISABLE_CPU_FEATURES": bench_ufuncs.NUMPY_NO_AVX512,
            "ATEN_CPU_CAPABILITY": "avx2"}
NO_OUT = {"nn.functional.softplus"}   # torch functions without out=
FLUSH = "FTZ"                          # marks a contender that flushed subnormal results to zero


def dotted(module, path):
    for part in path.split("."):
        module = getattr(module, part)
    return module


class Contender:
    """One library's function: run(x) -> its result (for the errors), timer(x, y) -> a
    zero-argument call of n elements (for the clock)."""

    def __init__(self, label, run, timer):
        self.label, self.run, self.timer = label, run, timer


def out_style(label, f):
    """A NumPy-like f(x, out=y)."""
    return Contender(label, lambda x: f(x, out=np.empty_like(x)), lambda x, y: (lambda: f(x, out=y)))


def torch_contender(fn):
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)
    try:
        f = dotted(torch, TORCH[fn])
    except (KeyError, AttributeError):
        return None
    if TORCH[fn] in NO_OUT:
        timer = lambda x, y: (lambda xt=torch.from_numpy(x): f(xt))
    else:
        timer = lambda x, y: (lambda xt=torch.from_numpy(x), yt=torch.from_numpy(y): f(xt, out=yt))
    return Contender(f"torch {torch.__version__.split('+')[0]}", lambda x: f(torch.from_numpy(x)).numpy(), timer)


def jax_contender(fn):
    try:
        import jax
    except ImportError:
        return None
    jax.config.update("jax_enable_x64", True)      # float64 stays float64; float32 stays float32
    jax.config.update("jax_platforms", "cpu")
    try:
        f = jax.jit(dotted(jax, JAX[fn]))
    except (KeyError, AttributeError):
        return None

    def timer(x, y):
        xj = jax.device_put(x)
        return lambda: f(xj).block_until_ready()
    return Contender(f"jax {jax.__version__}", lambda x: np.asarray(f(jax.device_put(x))), timer)


def contenders(fn, dtype):
    """Every contender of fn in dtype that this machine has: peers first, vecmath's tiers last."""
    import vecmath

    found = []
    if fn in NUMPY:
        found.append(out_style(f"numpy {np.__version__}", NUMPY[fn]))
    scipy_name = SCIPY.get(fn)
    if scipy_name is None and (spec.peer(fn) or "").startswith("scipy.special:"):
        scipy_name = spec.peer(fn).partition(":")[2]          # a new function's descriptor peer
    if scipy_name:
        try:
            import scipy
            import scipy.special
            found.append(out_style(f"scipy {scipy.__version__}", getattr(scipy.special, scipy_name)))
        except (ImportError, AttributeError):
            pass
    for make in (torch_contender, jax_contender):
        c = make(fn)
        if c is not None:
            found.append(c)
    for label, call in bench_ufuncs.competitor_calls(fn, dtype).items():
        found.append(out_style(label, call))
    for tier in TIERS:
        f = getattr(getattr(vecmath, tier), fn, None)
        if f is not None:
            found.append(out_style(f"vecmath {tier}", f))
    return found


def reference_of(fn, x):
    """Correctly rounded fn(x) (vecmath.accuracy.Reference): for float32 from the float64 peer
    where it is checked against mpmath (the sweep's method), else mpmath on every input."""
    from vecmath.accuracy import exhaustive, reference

    if x.dtype == np.float32 and exhaustive.numpy_callable(fn) is not None:
        try:
            exhaustive.check_float64_reference(fn, 256)
            return exhaustive.float32_reference(fn, x)[0]
        except AssertionError:
            pass
    return reference(fn, x, processes=1)   # no fork: JAX's threads may be running by now


def max_errors(fn, ref, results):
    """label -> (max ULP over results that are not flushed, count of flushed subnormal results,
    the worst input, the result there, the correctly rounded value there)."""
    from vecmath.accuracy.measure import Tally, flush_threshold, prepare

    shared, below = prepare(ref), flush_threshold(ref.dtype, 1.0)
    out = {}
    for label, y in results.items():
        t = Tally()
        t.add(ref, y, shared, below)
        out[label] = (float(t.max_ulp), int(t.flushed), *(float(v) for v in t.worst))
    return out


def measure_errors(fn, dtype, found, x, samples):
    """label -> {"err": (max ULP, flushed) on x, "err_regions": the same on `samples` inputs
    from sample_inputs}; a contender that fails on some inputs records the failure."""
    from vecmath.accuracy import evaluate, sample_inputs

    sets = {"err": x}
    if samples:
        sets["err_regions"] = sample_inputs(fn, samples, 0, dtype, worstcases=False)
    out = {c.label: {} for c in found}
    for key, xs in sets.items():
        ref = reference_of(fn, xs)
        results = {}
        for c in found:
            try:
                results[c.label] = evaluate(c.run, xs)
            except Exception as e:   # noqa: BLE001  (a library's refusal is a finding, not a crash)
                out[c.label][key] = f"error: {type(e).__name__}"
        for label, err in max_errors(fn, ref, results).items():
            out[label][key] = err
    return out


def time_row(found, x, rounds, reps):
    """label -> best ns per element over interleaved rounds."""
    y = np.empty_like(x)
    calls = {c.label: c.timer(x, y) for c in found}
    for call in calls.values():      # warm-up (JIT compilation, first-touch)
        call()
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(rounds):
        for label, call in calls.items():
            t = time.perf_counter_ns()
            for _ in range(reps):
                call()
            best[label] = min(best[label], (time.perf_counter_ns() - t) / reps / len(x))
    return best


def run(fns, n, rounds, passes, samples, log=sys.stderr):
    import vecmath

    vecmath.set_num_threads(1)
    rows = [(fn, dtype) for fn in fns for dtype in ("float32", "float64")]
    inputs, found, errors = {}, {}, {}
    for fn, dtype in rows:
        lo, hi = functions.get(fn).demo_domain
        inputs[fn, dtype] = np.random.default_rng(0).uniform(lo, hi, n).astype(dtype)
        found[fn, dtype] = contenders(fn, dtype)
        errors[fn, dtype] = measure_errors(fn, dtype, found[fn, dtype], inputs[fn, dtype], samples)
        print(f"errors measured: {fn} {dtype}", file=log, flush=True)
    reps = max(1, int(1e6 // n))
    best, loads = {}, [os.getloadavg()[0]]
    for p in range(passes):
        for key in rows:
            ok = [c for c in found[key] if isinstance(errors[key][c.label].get("err"), tuple)]
            ns = time_row(ok, inputs[key], rounds, reps)
            old = best.get(key, ns)
            best[key] = {k: min(v, old[k]) for k, v in ns.items()}
            loads.append(os.getloadavg()[0])
        print(f"pass {p + 1}/{passes} done, load average {loads[-1]:.2f}", file=log, flush=True)
    results = []
    for fn, dtype in rows:
        for c in found[fn, dtype]:
            e = errors[fn, dtype][c.label]
            results.append({"fn": fn, "dtype": dtype, "label": c.label, "ns": best[fn, dtype].get(c.label),
                            "err": e.get("err"), "err_regions": e.get("err_regions")})
    from vecmath._gen.docsection import cpu_model

    return {"cpu": cpu_model(), "isa": vecmath.config()["isa"], "n": n, "rounds": rounds, "passes": passes,
            "samples": samples, "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "load": {"min": min(loads), "max": max(loads), "mean": sum(loads) / len(loads)},
            "cores": os.cpu_count(), "python": platform.python_version(), "results": results,
            "env": {k: os.environ[k] for k in AVX2_ENV if k in os.environ}}


def worst(r):
    """(max ULP over both input sets, flushed count); inf where a contender failed."""
    errs = [e for e in (r["err"], r["err_regions"]) if e is not None]
    if any(not isinstance(e, (list, tuple)) for e in errs):
        return float("inf"), 0
    return max(e[0] for e in errs), sum(e[1] for e in errs)


def far_off(res, beyond=1000.0):
    """Lines naming where a contender erred by more than `beyond` ULP: a reader should see
    whether that is an edge of the domain (subnormals, infinities) or the body.  vecmath's
    tiers only where they exceed their bound (the approx tier's float64 bound is 2^26)."""
    lines = []
    for r in res["results"]:
        tier = r["label"].split()[1] if r["label"].startswith("vecmath") else None
        for key, where in (("err", "timed inputs"), ("err_regions", "regions")):
            e = r[key]
            if tier and isinstance(e, (list, tuple)) and e[0] <= spec.bound(tier, r["dtype"]):
                continue
            if isinstance(e, (list, tuple)) and len(e) > 2 and e[0] > beyond:
                lines.append(f"- {r['fn']} {r['dtype']}, {r['label']} ({where}): {fmt_err(e)} ULP at "
                             f"x = {e[2]!r}: got {e[3]!r}, correctly rounded {e[4]!r}")
    return lines


# the peers a user would take instead of the fast tier are within 4 ULP
# (SLEEF u35's 3.5, libmvec's 4); a faster peer beyond it is shown beside, not compared
PEER_SCOPE_ULP = 4.0


def comparisons(res):
    """Per (fn, dtype): vecmath fast against the fastest peer whose measured error is equal or
    worse (its max ULP over both input sets >= the fast tier's, or it flushed subnormal results,
    which the fast tier never does) and within PEER_SCOPE_ULP; and the fastest peer beyond that
    scope, where one is faster than the fast tier."""
    out = []
    by_row = {}
    for r in res["results"]:
        by_row.setdefault((r["fn"], r["dtype"]), []).append(r)
    for (fn, dtype), rs in by_row.items():
        fast = next((r for r in rs if r["label"] == "vecmath fast"), None)
        if fast is None or fast["ns"] is None:
            continue
        fast_err = worst(fast)[0]
        timed = [r for r in rs if not r["label"].startswith("vecmath") and r["ns"] is not None]
        peers = [r for r in timed if (worst(r)[0] >= fast_err or worst(r)[1] > 0)
                 and worst(r)[0] <= PEER_SCOPE_ULP]
        peer = min(peers, key=lambda r: r["ns"], default=None)
        beyond = min((r for r in timed if worst(r)[0] > PEER_SCOPE_ULP and r["ns"] < fast["ns"]),
                     key=lambda r: r["ns"], default=None)
        out.append({"fn": fn, "dtype": dtype, "fast": fast, "peer": peer,
                    "ratio": peer["ns"] / fast["ns"] if peer else None, "faster_beyond_scope": beyond})
    return out


def fmt_err(e):
    if e is None:
        return "–"
    if not isinstance(e, (list, tuple)):
        return e
    ulp, flushed = e[:2]
    text = f"{ulp:.3g}" if ulp < 1e4 else f"{ulp:.1e}" if np.isfinite(ulp) else "inf"
    return text + (f" {FLUSH}" if flushed else "")


def markdown(res, command):
    order = ("numpy", "scipy", "torch", "jax", "SLEEF", "libmvec", "vecmath")   # peers first, vecmath last
    labels = sorted(dict.fromkeys(r["label"] for r in res["results"]),
                    key=lambda k: next((i for i, p in enumerate(order) if k.startswith(p)), len(order)))
    load = res["load"]
    lines = [f"<!-- generated by `{command}`; do not edit -->",
             f"## vecmath beside its peers: {res['cpu']}, `{res['isa']}` path ({res['date'][:10]})", "",
             f"Command: `{command}` (`bench/bench_peers.py`), {res['date']}.  "
             + (f"Environment: `{' '.join(f'{k}={v}' for k, v in res['env'].items())}` and XLA's "
                "`--xla_cpu_max_isa=AVX2` (every contender on its AVX2 code).  " if res.get("env") else "")
             + f"Machine: {res['cpu']}, {res['cores']} cores, Python {res['python']}; load average during the run "
             f"{load['min']:.2f}–{load['max']:.2f} (mean {load['mean']:.2f})"
             + (": **the machine was shared with other work**, so absolute times are noisy; the "
                "contenders of a row were timed interleaved, which keeps their ratios fairer than "
                "their nanoseconds" if load["max"] > 0.5 * res["cores"] else "") + ".",
             "",
             f"Each cell: **ns per element** at n = {res['n']:,} (one thread, best of {res['rounds']} interleaved "
             f"rounds and {res['passes']} passes) · **max ULP error on the timed inputs** (uniform over the "
             f"function's demo domain) / **max ULP on {res['samples']:,} inputs of the accuracy tool's "
             "regions** (tails, subnormals, infinities and a quarter uniform bit patterns; no worst-case "
             f"lists), against a correctly rounded reference.  {FLUSH}: subnormal results flushed to "
             "zero (not in the figure; a library that flushes counts as less accurate than the fast "
             "tier below).  `jax` is jitted XLA on CPU with `--xla_cpu_multi_thread_eigen=false "
             "intra_op_parallelism_threads=1`, without `out=` (its time includes the output's "
             "allocation and its dispatch: 3.3 µs per call at n = 1, 13 % of its exp float32 time at "
             "n = 65,536 when measured apart); XLA "
             "flushes subnormal results and reads subnormal inputs as zero.  torch runs with "
             "`torch.set_num_threads(1)` and `out=` (softplus has none).  SLEEF and libmvec are "
             "`bench/competitors.c`'s loops on the same vector width as vecmath.", ""]
    for dtype in ("float32", "float64"):
        rows = [r for r in res["results"] if r["dtype"] == dtype]
        fns = list(dict.fromkeys(r["fn"] for r in rows))
        cols = [k for k in labels if any(r["label"] == k for r in rows)]
        lines += [f"### {dtype}", "", "| fn | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
        for fn in fns:
            cell = {r["label"]: r for r in rows if r["fn"] == fn}
            cells = []
            for k in cols:
                r = cell.get(k)
                if r is None:
                    cells.append("–")
                    continue
                ns = "–" if r["ns"] is None else f"{r['ns']:.3g}"
                cells.append(f"{ns} · {fmt_err(r['err'])} / {fmt_err(r['err_regions'])}")
            lines.append(f"| {fn} | " + " | ".join(cells) + " |")
        lines.append("")
    far = far_off(res)
    if far:
        lines += ["Errors above 1,000 ULP (vecmath's tiers only beyond their bound, "
                  "[tiers.md](tiers.md)), where:", ""] + far + [""]
    lines += ["### The fast tier against the fastest peer of equal or worse accuracy", "",
              "A peer qualifies when its measured max ULP (the worse of the two input sets) is at least "
              "the fast tier's, or when it flushes subnormal results, and is at most "
              f"{PEER_SCOPE_ULP:g} ULP (the libraries a user would take instead: SLEEF u35, libmvec, XLA where it is within "
              f"{PEER_SCOPE_ULP:g} ULP).  Ratio = the peer's time / the "
              "fast tier's (> 1: vecmath fast is faster); **behind** marks a row where it is below 1.  "
              f"The last column names a peer faster than the fast tier only by erring beyond {PEER_SCOPE_ULP:g} ULP.", "",
              "| fn | dtype | vecmath fast ns | its max ULP | fastest peer of equal or worse accuracy | peer ns "
              f"| peer max ULP | ratio | | faster, beyond {PEER_SCOPE_ULP:g} ULP |", "|---|---|---|---|---|---|---|---|---|---|"]
    for c in comparisons(res):
        f, p = c["fast"], c["peer"]
        fe = fmt_err(worst(f)) if f else "–"
        b = c["faster_beyond_scope"]
        beyond = f"{b['label']}: {b['ns']:.3g} ns, {fmt_err(worst(b))} ULP" if b else ""
        if p is None:
            lines.append(f"| {c['fn']} | {c['dtype']} | {f['ns']:.3g} | {fe} | none measured | – | – | – | | {beyond} |")
            continue
        flag = "**behind**" if c["ratio"] < 1 else ""
        lines.append(f"| {c['fn']} | {c['dtype']} | {f['ns']:.3g} | {fe} | {p['label']} | {p['ns']:.3g} | "
                     f"{fmt_err(worst(p))} | {c['ratio']:.2f}× | {flag} | {beyond} |")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--functions", nargs="*", default=None, help="default: every function vecmath has")
    ap.add_argument("--n", type=int, default=65536)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--samples", type=int, default=2 ** 14,
                    help="inputs of the accuracy tool's regions for the second error figure (0: none)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--save", metavar="FILE", help="also write the results as JSON to FILE")
    ap.add_argument("--load", metavar="FILE", help="no run: the tables of a --save file")
    ap.add_argument("--write-docs", action="store_true", help="write the tables into docs/benchmarks.md")
    ap.add_argument("--avx2", action="store_true",
                    help="every contender on its AVX2 code: rerun with " + " ".join(f"{k}={v}" for k, v in AVX2_ENV.items()))
    args = ap.parse_args()
    if args.avx2 and os.environ.get("VECMATH_ISA") != "avx2":
        env = dict(os.environ, **AVX2_ENV)
        env["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_cpu_max_isa=AVX2"
        sys.exit(subprocess.run([sys.executable, *sys.argv], env=env).returncode)
    import vecmath

    fns = args.functions or [fn for fn in spec.FUNCTIONS if hasattr(vecmath.fast, fn)]
    if args.load:
        res = json.loads(pathlib.Path(args.load).read_text())
    else:
        res = run(fns, args.n, args.rounds, args.passes, args.samples)
        argv, skip = [], False                      # the command as run, less where its output went
        for a in sys.argv[1:]:
            if not skip and a not in ("--json", "--save"):
                argv.append(a)
            skip = a == "--save"
        res["command"] = " ".join(["python bench/bench_peers.py", *argv])
    if args.save:
        pathlib.Path(args.save).write_text(json.dumps(res))
    if args.json:
        print(json.dumps(res))
        return
    command = res["command"]
    text = markdown(res, command)
    print(text)
    if args.write_docs:
        from vecmath._gen.docsection import machine_section, write_section

        write_section(ROOT / "docs" / "benchmarks.md", machine_section(f"bench_peers {res['isa']}"), text)
        print("wrote docs/benchmarks.md", file=sys.stderr)


if __name__ == "__main__":
    main()

"""The cost of derivatives with vecmath: AD time / primal time, at n = 65,536, one thread.

    python bench/bench_ad.py                 # print the tables
    python bench/bench_ad.py --write-docs    # and write them into docs/ad.md

1. Ufuncs, every tier: the fused value-and-derivative kernel against the value alone (target
   <= 1.3x) and against NumPy computing value then derivative by the closed form into
   preallocated arrays (target: fused >= 2x faster).
2. Adapters, accurate tier: forward and forward+backward through vecmath.torch / vecmath.jax /
   vecmath.autograd against the framework's own op, per call, overhead included.
Each contender is timed in interleaved rounds, best of the rounds (the machine is shared).
"""
import argparse
import os
import pathlib
import sys
import time

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")
import numpy as np  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # run from a checkout
from vecmath import functions, spec  # noqa: E402
from vecmath._gen.docsection import cpu_model  # noqa: E402
N = 65536
DOMAIN = {fn: functions.get(fn).demo_domain for fn in functions.FUNCTIONS}   # from the descriptors
# NumPy, value then derivative by the closed form, into preallocated y and dy
# the peer: NumPy's or SciPy's, or NumPy's expression (softplus: np.logaddexp(0, x))
NUMPY_VALUE = {fn: functions.get(fn).equivalent_callable() for fn in spec.FUNCTIONS}


def numpy_value_and_deriv(fn, x, y, dy):
    if fn == "exp":
        np.exp(x, out=y), np.exp(x, out=dy)
    elif fn == "log":
        np.log(x, out=y), np.reciprocal(x, out=dy)
    elif fn == "expm1":
        np.expm1(x, out=y), np.exp(x, out=dy)
    elif fn == "log1p":
        np.log1p(x, out=y), np.add(x, 1, out=dy), np.reciprocal(dy, out=dy)
    elif fn == "tanh":   # 1 - y^2, the cheap form (it collapses to 0 in the tails)
        np.tanh(x, out=y), np.multiply(y, y, out=dy), np.subtract(1, dy, out=dy)
    elif fn == "atan":
        np.arctan(x, out=y), np.multiply(x, x, out=dy), np.add(dy, 1, out=dy)
        np.reciprocal(dy, out=dy)
    elif fn == "sigmoid":   # SciPy's expit (NumPy has none), then y (1 - y): collapses for large x
        NUMPY_VALUE[fn](x, out=y), np.subtract(1, y, out=dy), np.multiply(y, dy, out=dy)
    elif fn == "softplus":   # np.logaddexp(0, x), then sigmoid = 1/(1 + e^-x) (NumPy has no expit)
        np.logaddexp(0, x, out=y), np.negative(x, out=dy), np.exp(dy, out=dy), np.add(dy, 1, out=dy)
        np.reciprocal(dy, out=dy)
    elif fn in ("erf", "erfc"):   # SciPy's erf/erfc, then +-2/sqrt(pi) exp(-x^2)
        NUMPY_VALUE[fn](x, out=y), np.multiply(x, x, out=dy), np.negative(dy, out=dy)
        np.exp(dy, out=dy), np.multiply(dy, (1.0 if fn == "erf" else -1.0) * 2 / np.sqrt(np.pi), out=dy)
    else:
        raise ValueError(f"bench_ad.py has no NumPy closed form of {fn}' yet")


def best_times(calls, rounds, target_s=0.004):
    """Seconds per call of each callable, best of interleaved rounds."""
    for c in calls.values():
        c()
    reps = {}
    for k, c in calls.items():
        t = time.perf_counter()
        c()
        reps[k] = max(1, int(target_s / max(time.perf_counter() - t, 1e-7)))
    best = {k: float("inf") for k in calls}
    for _ in range(rounds):
        for k, c in calls.items():
            t = time.perf_counter()
            for _ in range(reps[k]):
                c()
            best[k] = min(best[k], (time.perf_counter() - t) / reps[k])
    return best


IN_CACHE_BYTES = 8192   # per array: x, y and dy together stay in L1


def sample(fn, dtype, n=N):
    lo, hi = DOMAIN[fn]
    return np.random.default_rng(0).uniform(lo, hi, n).astype(dtype)


def fused_over_value_in_cache(fn, dtype, tier, rounds):
    """Kernel time of fused / value on arrays that stay in L1: the arithmetic's ratio, without
    the second output's memory traffic.  Raw kernels (cffi); each call's fixed cost, measured
    at n = 0, is subtracted."""
    from vecmath.kernels import ffi, lib

    sfx, ctype = {"float32": ("f32", "float[]"), "float64": ("f64", "double[]")}[dtype]
    x = sample(fn, dtype, IN_CACHE_BYTES // np.dtype(dtype).itemsize)
    y, dy = np.empty_like(x), np.empty_like(x)
    bx, by, bd = (ffi.from_buffer(ctype, a) for a in (x, y, dy))
    value, vd = getattr(lib, f"vm_{fn}_{tier}_{sfx}"), getattr(lib, f"vm_{fn}_{tier}_vd_{sfx}")
    t = best_times({"value": lambda: value(bx, by, x.size), "fused": lambda: vd(bx, by, bd, x.size),
                    "value0": lambda: value(bx, by, 0), "fused0": lambda: vd(bx, by, bd, 0)}, rounds)
    return (t["fused"] - t["fused0"]) / (t["value"] - t["value0"])


def bench_ufuncs(pairs, rounds):
    import vecmath

    rows = []
    for fn in sorted({fn for fn, _ in pairs}, key=list(DOMAIN).index):
        for dtype in ("float32", "float64"):
            x = sample(fn, dtype)
            y, dy = np.empty_like(x), np.empty_like(x)
            calls = {"numpy value": lambda: NUMPY_VALUE[fn](x, out=y),
                     "numpy value+deriv": lambda: numpy_value_and_deriv(fn, x, y, dy)}
            for tier in ("accurate", "fast", "approx"):
                if (fn, tier) not in pairs:
                    continue
                mod = getattr(vecmath, tier)
                value, vd = getattr(mod, fn), getattr(mod.deriv, f"{fn}_and_deriv")
                calls[f"{tier} value"] = lambda value=value: value(x, out=y)
                calls[f"{tier} fused"] = lambda vd=vd: vd(x, out=(y, dy))
            with np.errstate(all="ignore"):
                t = best_times(calls, rounds)
            for tier in ("accurate", "fast", "approx"):
                if f"{tier} fused" in t:
                    rows.append({"fn": fn, "dtype": dtype, "tier": tier,
                                 "value": t[f"{tier} value"], "fused": t[f"{tier} fused"],
                                 "np_value": t["numpy value"], "np_vd": t["numpy value+deriv"],
                                 "in_cache": fused_over_value_in_cache(fn, dtype, tier, rounds)})
                    r = rows[-1]
                    print(f"{fn} {dtype} {tier}: fused/value {r['fused'] / r['value']:.2f}x, "
                          f"numpy value+deriv / fused {r['np_vd'] / r['fused']:.2f}x",
                          file=sys.stderr, flush=True)
    return rows


def _value_and_vjp(jax, f, v):
    y, pullback = jax.vjp(f, v)
    return y, pullback(jax.numpy.ones_like(v))[0]


def adapter_calls(fn, dtype):
    """framework -> {label: callable} for vecmath's and the framework's own op."""
    out = {}
    try:
        import torch
        import vecmath.torch as vt

        torch.set_num_threads(1)
        xt = torch.from_numpy(sample(fn, dtype))
        xg = xt.clone().requires_grad_()
        g = torch.ones_like(xt)
        calls = {}
        for who, f in (("vecmath", getattr(vt, fn)), ("torch", getattr(torch, fn))):
            calls[f"{who} fwd"] = lambda f=f: f(xt)
            calls[f"{who} fwd+bwd"] = lambda f=f: torch.autograd.grad(f(xg), xg, g)
        out["PyTorch"] = calls
    except ImportError:
        pass
    try:
        import jax
        import jax.numpy as jnp
        import vecmath.jax as vj

        jax.config.update("jax_enable_x64", True)
        xj = jnp.asarray(sample(fn, dtype))
        calls = {}
        for who, f in (("vecmath", getattr(vj, fn)), ("jax", getattr(jnp, spec.numpy_name(fn)))):
            fwd = jax.jit(f)
            grad = jax.jit(lambda v, f=f: _value_and_vjp(jax, f, v))   # the value too: XLA
            calls[f"{who} fwd"] = lambda fwd=fwd: fwd(xj).block_until_ready()   # drops unused work
            calls[f"{who} fwd+bwd"] = lambda grad=grad: jax.block_until_ready(grad(xj))
        out["JAX (jit)"] = calls
    except ImportError:
        pass
    try:
        import autograd
        import autograd.numpy as anp
        import vecmath.autograd as va

        xa = sample(fn, dtype)
        calls = {}
        for who, f in (("vecmath", getattr(va, fn)), ("autograd", getattr(anp, spec.numpy_name(fn)))):
            eg = autograd.elementwise_grad(f)
            calls[f"{who} fwd"] = lambda f=f: f(xa)
            calls[f"{who} fwd+bwd"] = lambda eg=eg: eg(xa)
        out["autograd"] = calls
    except ImportError:
        pass
    return out


def bench_adapters(pairs, rounds):
    rows = []
    for fn in sorted({fn for fn, t in pairs if t == "accurate"}, key=list(DOMAIN).index):
        for dtype in ("float32", "float64"):
            for framework, calls in adapter_calls(fn, dtype).items():
                t = best_times(calls, rounds)
                rows.append({"fn": fn, "dtype": dtype, "framework": framework, "t": t})
                print(f"{fn} {dtype} {framework}: " + ", ".join(f"{k} {v * 1e6:.1f}us" for k, v in t.items()),
                      file=sys.stderr, flush=True)
    return rows


def markdown(ufunc_rows, adapter_rows, command):
    import vecmath

    us = lambda s: f"{s * 1e6:.1f}"
    lines = [f"<!-- generated by `{command}`; do not edit -->",
             f"Command: `{command}` (`bench/bench_ad.py`).  n = {N:,}, contiguous, one thread, "
             f"CPU path `{vecmath.config()['isa']}`, {cpu_model()} with "
             f"{os.cpu_count()} cores (shared: trust ratios, not microseconds); NumPy {np.__version__}.  "
             "Best of interleaved rounds.", "",
             "### Ufuncs: value and derivative from one fused call", "",
             "AD/primal = fused `<fn>_and_deriv(x, out=(y, dy))` time / value `<fn>(x, out=y)` time "
             "(target <= 1.3x).  Speed-up = NumPy value then derivative by the closed form into "
             "preallocated arrays (exp: exp twice; log: 1/x; tanh: 1 - y^2; atan: 1/(1 + x^2)) / fused "
             f"(target >= 2x).  In cache: the same ratio for the raw kernels on {IN_CACHE_BYTES // 1024} KiB "
             "arrays, which stay in L1: the arithmetic's cost alone, without the second output's "
             "memory traffic.", "",
             "| fn | dtype | tier | value µs | fused µs | AD/primal | AD/primal in cache | NumPy value µs | NumPy value+deriv µs | NumPy AD/primal | speed-up vs NumPy value+deriv | targets |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in ufunc_rows:
        ratio, speedup = r["fused"] / r["value"], r["np_vd"] / r["fused"]
        miss = [m for m, ok in (("<=1.3x", ratio <= 1.3), (">=2x", speedup >= 2.0)) if not ok]
        lines.append(f"| {r['fn']} | {r['dtype']} | {r['tier']} | {us(r['value'])} | {us(r['fused'])} | "
                     f"{ratio:.2f}x | {r['in_cache']:.2f}x | {us(r['np_value'])} | {us(r['np_vd'])} | {r['np_vd'] / r['np_value']:.2f}x | "
                     f"{speedup:.2f}x | {'met' if not miss else 'missed ' + ', '.join(miss)} |")
    lines += ["", "### Adapters against the framework's own op (accurate tier)", "",
              "Per call at n = 65,536, overhead included.  fwd: the function alone; fwd+bwd: value "
              "and the vector-Jacobian product with ones (PyTorch: `torch.autograd.grad`; JAX: "
              "`jit` of `vjp` returning the value and the product; autograd: `elementwise_grad`).  AD/primal = fwd+bwd / fwd.  "
              "vecmath/own = vecmath's time / the framework's (< 1: vecmath faster).", "",
              "| fn | dtype | framework | vecmath fwd µs | own fwd µs | vecmath fwd+bwd µs | own fwd+bwd µs | vecmath AD/primal | own AD/primal | vecmath/own fwd | vecmath/own fwd+bwd |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in adapter_rows:
        t = r["t"]
        own = [k.split()[0] for k in t if not k.startswith("vecmath")][0]
        vf, vb, of, ob = t["vecmath fwd"], t["vecmath fwd+bwd"], t[f"{own} fwd"], t[f"{own} fwd+bwd"]
        lines.append(f"| {r['fn']} | {r['dtype']} | {r['framework']} | {us(vf)} | {us(of)} | {us(vb)} | "
                     f"{us(ob)} | {vb / vf:.2f}x | {ob / of:.2f}x | {vf / of:.2f} | {vb / ob:.2f} |")
    return "\n".join(lines) + "\n"


PER_CALL_N = 1000


def per_call_table(rounds):
    """Per-call cost at n = 1000 (float64 exp, accurate tier): vecmath's adapters against the
    framework's own op, where the call's fixed cost dominates."""
    import jax
    import jax.numpy as jnp
    import torch
    import vecmath.jax as vj
    import vecmath.torch as vt

    jax.config.update("jax_enable_x64", True)
    torch.set_num_threads(1)
    x = np.random.default_rng(0).uniform(-3, 3, PER_CALL_N)
    xj, xt = jnp.asarray(x), torch.from_numpy(x)
    xg = xt.clone().requires_grad_()
    fj, gj = jax.jit(vj.exp), jax.jit(jnp.exp)
    calls = {
        ("`jax.jit(f)(x)`", "vecmath"): lambda: fj(xj).block_until_ready(),
        ("`jax.jit(f)(x)`", "own"): lambda: gj(xj).block_until_ready(),
        ("PyTorch eager, no grad", "vecmath"): lambda: vt.exp(xt),
        ("PyTorch eager, no grad", "own"): lambda: torch.exp(xt),
        ("PyTorch eager, `requires_grad` (forward)", "vecmath"): lambda: vt.exp(xg),
        ("PyTorch eager, `requires_grad` (forward)", "own"): lambda: torch.exp(xg),
        ("PyTorch eager, forward + `backward()`", "vecmath"): lambda: vt.exp(xg).sum().backward(),
        ("PyTorch eager, forward + `backward()`", "own"): lambda: torch.exp(xg).sum().backward(),
    }
    t = best_times(calls, rounds)
    lines = [f"### Per call at n = {PER_CALL_N:,} (float64 exp, accurate tier)", "",
             f"JAX through the XLA FFI ({pathlib.Path(vj.ffi_info().get('library', 'pure_callback fallback')).name}, FFI API "
             f"{vj.ffi_info().get('ffi_api_version')}); best of interleaved rounds.", "",
             "| path | vecmath µs | framework's own op µs | ratio |", "|---|---|---|---|"]
    for path in dict.fromkeys(k for k, _ in calls):
        v, o = t[path, "vecmath"] * 1e6, t[path, "own"] * 1e6
        lines.append(f"| {path} | {v:.1f} | {o:.1f} | {v / o:.2f}× |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write-docs", action="store_true", help="write the tables into docs/ad.md")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--no-adapters", action="store_true")
    args = ap.parse_args()
    from vecmath import _ad

    pairs = _ad.differentiable()
    ufunc_rows = bench_ufuncs(pairs, args.rounds)
    adapter_rows = [] if args.no_adapters else bench_adapters(pairs, args.rounds)
    command = "python bench/bench_ad.py" + (" --write-docs" if args.write_docs else "")
    text = markdown(ufunc_rows, adapter_rows, command)
    if not args.no_adapters:
        text += "\n\n" + per_call_table(args.rounds)
    print(text)
    if args.write_docs:
        from vecmath._gen.docsection import write_section

        write_section(ROOT / "docs" / "ad.md", "bench_ad", text)


if __name__ == "__main__":
    main()

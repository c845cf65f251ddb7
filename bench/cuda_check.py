"""On a GPU: vecmath.cuda against the CPU ufuncs, bit for bit, the hardware family's error, and speed.

    python bench/cuda_check.py --quick [--json PATH]     # a short GPU loan: about 3-4 minutes
    python bench/cuda_check.py [--json PATH]             # every float32 input: about 4 minutes more

--quick first builds the project in place (the CPU ufuncs are the reference), then:
1. float32, every 1021st bit pattern (4.2 million inputs spread over every exponent) and float64
   (per function 2^20 random bit patterns, 2^18 uniform values over its useful range, the special
   values and the shipped worst cases, all six sets together): one user kernel per (tier, dtype)
   computes every function,
   derivative and <fn>_and_deriv of the tier, compiled without and with fastmath; every output
   against the CPU ufunc and vecmath.deriv, identical bits required (NaN payloads aside).
2. float16 arrays through the array entry points (every input, every (function, tier)), against
   the CPU's float16 ufuncs.
3. The hardware family (vecmath.cuda.hardware) on the same float32 subset: max ULP error against
   the correctly rounded result (the CPU accurate tier), where that is finite and normal.
4. Speed at 2^28 elements: a device-to-device copy (the memory-bound limit), a user grid-stride
   kernel calling vecmath (each tier's exp, and tanh), the array entry points, PyTorch's and
   CuPy's exp where installed; and the compile-and-link time of a user kernel, LTO-IR and PTX.
5. Every function and tier in a user grid-stride kernel at 2^28 elements, float32 and float64,
   beside the same-shape copy kernel and torch's function (part "functions").
6. vecmath.torch on CUDA tensors (float16, float32, float64, every function and tier):
   values and gradients with the CPU's bits.
7. vecmath.jax on GPU arrays (jax[cuda]): every (function, tier), float32 and float64, through
   its CUDA FFI handlers, against the CPU ufuncs.  The handlers read vecmath._kernels, the cffi
   module: where the machine's Python has no cffi, carry its wheel and install it with
   `python -m pip` (a bare `pip` may belong to another interpreter), or the build skips it.
The full run (no --quick) takes every float32 input (2^32) per (function, tier), values with
and without fastmath, and the full float64 set (2^26 random + 2^22 uniform) per function.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHUNK = 1 << 28
QUICK_STEP = 1021   # odd and prime: the subset's mantissas do not repeat one pattern


def build():
    """Build the C extension in place (the CPU reference), as the README's first command does."""
    t = time.time()
    subprocess.run([sys.executable, "setup.py", "-q", "build_clib", "build_ext", "--inplace"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return round(time.time() - t, 1)


def load():
    """Import numba-cuda and vecmath (after the build) into this module's globals."""
    global cuda, vecmath, vc, functions, spec, worstcase_inputs, DOMAIN
    if not hasattr(np, "row_stack"):   # numba-cuda <= 0.30 registers np.row_stack, gone in NumPy 2.5
        np.row_stack = np.vstack
    sys.path.insert(0, ROOT)
    from numba import cuda
    import vecmath
    import vecmath.cuda as vc
    from vecmath import functions, spec
    from vecmath.accuracy import worstcase_inputs
    DOMAIN = {fn: functions.get(fn).demo_domain for fn in functions.FUNCTIONS}   # from the descriptors


def kernel_for(f, fastmath, nout=1):
    if nout == 1:
        @cuda.jit(fastmath=fastmath)
        def k(x, y):
            i = cuda.grid(1)
            if i < x.size:
                y[i] = f(x[i])
    else:
        @cuda.jit(fastmath=fastmath)
        def k(x, y, dy):
            i = cuda.grid(1)
            if i < x.size:
                y[i], dy[i] = f(x[i])
    return k


def tier_kernel(tier, fastmath):
    """A kernel storing every function of the tier, its derivative and both outputs of
    <fn>_and_deriv of x[i] into out[4j..4j+3, i] (j: the function's index)."""
    mod = getattr(vc, tier)
    ns, lines = {"cuda": cuda}, ["def kernel(x, out):", "    i = cuda.grid(1)", "    if i < x.size:",
                                 "        v = x[i]"]
    for j, fn in enumerate(spec.FUNCTIONS):
        ns[f"{fn}_v"], ns[f"{fn}_d"], ns[f"{fn}_vd"] = getattr(mod, fn), getattr(mod.deriv, fn), \
            getattr(mod.deriv, fn + "_and_deriv")
        k = 4 * j
        lines += [f"        out[{k}, i] = {fn}_v(v)", f"        out[{k + 1}, i] = {fn}_d(v)",
                  f"        out[{k + 2}, i], out[{k + 3}, i] = {fn}_vd(v)"]
    exec("\n".join(lines), ns)
    return cuda.jit(fastmath=fastmath)(ns["kernel"])


def run(k, x_dev, nout=1):
    """The kernel's outputs, left on the GPU."""
    outs = [cuda.device_array_like(x_dev) for _ in range(nout)]
    k[(x_dev.size + 255) // 256, 256](x_dev, *outs)
    return outs


def differ(got, want):
    """How many elements differ in their bits (NaN payloads aside)."""
    try:
        import cupy
    except ImportError:
        cupy = None
    if cupy is not None:
        g, w = cupy.asarray(got), cupy.asarray(want)
        ug, uw = g.view(f"u{g.itemsize}"), w.view(f"u{w.itemsize}")
        return int(cupy.count_nonzero((ug != uw) & ~(cupy.isnan(g) & cupy.isnan(w))))
    return same(got.copy_to_host() if hasattr(got, "copy_to_host") else np.asarray(got), np.asarray(want))


def same(a, b):
    ua, ub = a.view(f"u{a.itemsize}"), b.view(f"u{b.itemsize}")
    return int(np.count_nonzero((ua != ub) & ~(np.isnan(a) & np.isnan(b))))


def chunk(start, step):
    return np.arange(start, start + CHUNK, step, dtype=np.uint64).astype(np.uint32) if step > 1 else \
        np.arange(start, start + CHUNK, dtype=np.uint32)


def float32_subset(step):
    return np.arange(0, 1 << 32, step, dtype=np.uint64).astype(np.uint32).view(np.float32)


def cpu_outputs(tier, fn, x):
    cpu = getattr(vecmath, tier)
    with np.errstate(all="ignore"):
        return [getattr(cpu, fn)(x), getattr(cpu.deriv, fn)(x), *getattr(cpu.deriv, fn + "_and_deriv")(x)]


def tiers_quick(x, label, report):
    """Every (function, tier) of x's dtype: value, derivative, both outputs of the fused form,
    from one kernel per tier, fastmath off and on."""
    xd = cuda.to_device(x)
    for tier in spec.TIERS:
        t0 = time.time()
        bad = {fn: [] for fn in spec.FUNCTIONS}
        outs = {}
        for fastmath in (False, True):
            outs[fastmath] = cuda.device_array((4 * len(spec.FUNCTIONS), x.size), x.dtype)
            tier_kernel(tier, fastmath)[(x.size + 255) // 256, 256](xd, outs[fastmath])
        for j, fn in enumerate(spec.FUNCTIONS):
            want = cpu_outputs(tier, fn, x)
            for fastmath in (False, True):
                bad[fn].append([differ(outs[fastmath][4 * j + k], want[k]) for k in range(4)])
        del outs
        for fn, (off, on) in bad.items():
            report[f"{label} {tier}.{fn}"] = {"inputs": int(x.size), "differ (value, deriv, vd value, vd deriv)": off,
                                              "differ, fastmath caller": on}
            print(f"{label} {tier}.{fn}: {x.size} inputs, differing {off} (fastmath caller: {on})", flush=True)
        report[f"{label} {tier} seconds"] = round(time.time() - t0, 1)


def float32_all(step, report):
    tiers = {t: getattr(vecmath, t) for t in spec.TIERS}
    for tier, mod in tiers.items():
        for fn in spec.FUNCTIONS:
            f = getattr(getattr(vc, tier), fn)
            ks = {fm: kernel_for(f, fm) for fm in (False, True)}
            bad, n, t0 = {False: 0, True: 0}, 0, time.time()
            for start in range(0, 1 << 32, CHUNK):
                x = chunk(start, step).view(np.float32)
                with np.errstate(all="ignore"):
                    want = getattr(mod, fn)(x)
                xd = cuda.to_device(x)
                for fm, k in ks.items():
                    bad[fm] += differ(run(k, xd)[0], want)
                n += len(x)
            report[f"float32 {tier}.{fn}"] = {"inputs": n, "differ": bad[False], "differ_fastmath": bad[True],
                                              "seconds": round(time.time() - t0, 1)}
            print(f"float32 {tier}.{fn}: {n} inputs, differing {bad[False]} (fastmath caller: {bad[True]})", flush=True)


def float64_inputs(fn, quick=False):
    rng = np.random.default_rng(1)
    parts = [rng.integers(0, 1 << 64, 1 << (20 if quick else 26), dtype=np.uint64).view(np.float64),
             rng.uniform(*DOMAIN[fn], 1 << (18 if quick else 22)),
             np.array([x for x, _ in spec.SPECIALS[fn]], dtype=np.float64), worstcase_inputs(fn)]
    return np.concatenate(parts)


def float64_quick_inputs():
    return np.concatenate([float64_inputs(fn, quick=True) for fn in spec.FUNCTIONS])


def float64_checks(report):
    for fn in spec.FUNCTIONS:
        x = float64_inputs(fn)
        xd = cuda.to_device(x)
        for tier in spec.TIERS:
            gpu = getattr(vc, tier)
            want = cpu_outputs(tier, fn, x)
            got = [run(kernel_for(getattr(gpu, fn), False), xd)[0],
                   run(kernel_for(getattr(gpu.deriv, fn), True), xd)[0],
                   *run(kernel_for(getattr(gpu.deriv, fn + "_and_deriv"), False, 2), xd, 2)]
            bad = [differ(g, w) for g, w in zip(got, want)]
            report[f"float64 {tier}.{fn}"] = {"inputs": len(x), "differ (value, deriv, vd value, vd deriv)": bad}
            print(f"float64 {tier}.{fn}: {len(x)} inputs, differing {bad}", flush=True)


def float16_arrays(report):
    """The array entry points on float16 arrays: every half, every (function, tier), values and
    the fused form's two outputs, against the CPU's float16 ufuncs."""
    x = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    xd = cuda.to_device(x)
    for tier in spec.TIERS:
        cpu, gpu = getattr(vecmath, tier), getattr(vc, tier)
        for fn in spec.FUNCTIONS:
            with np.errstate(all="ignore"):
                want = [getattr(cpu, fn)(x), *getattr(cpu.deriv, fn + "_and_deriv")(x)]
            got = [getattr(gpu, fn)(xd).copy_to_host(),
                   *[a.copy_to_host() for a in getattr(gpu.deriv, fn + "_and_deriv")(xd)]]
            bad = [same(g, w) for g, w in zip(got, want)]
            report[f"float16 array {tier}.{fn}"] = {"inputs": int(x.size), "differ (value, vd value, vd deriv)": bad}
            print(f"float16 array {tier}.{fn}: {x.size} inputs, differing {bad}", flush=True)


def hardware_errors(step, report, quick=False):
    for fn in vc.HARDWARE:
        k = kernel_for(getattr(vc.hardware, fn), True)
        worst, worst_x, n = 0.0, None, 0
        for x in ([float32_subset(step)] if quick else (chunk(s, step).view(np.float32)
                                                        for s in range(0, 1 << 32, CHUNK))):
            with np.errstate(all="ignore"):
                r = getattr(vecmath, fn)(x).astype(np.float64)        # correctly rounded
            g = run(k, cuda.to_device(x))[0].copy_to_host().astype(np.float64)
            ok = np.isfinite(r) & (np.abs(r) >= 2.0 ** -126)
            _, e = np.frexp(np.where(ok, r, 1.0))
            ulp = np.ldexp(np.ones_like(r), e - 24)        # float's ulp at r
            with np.errstate(all="ignore"):
                err = np.where(ok, np.abs(g - r) / ulp, 0.0)
            err = np.where(np.isnan(err), np.inf, err)
            i = int(np.argmax(err))
            if float(err[i]) > worst:
                worst, worst_x = float(err[i]), float(x[i])
            n += int(ok.sum())
        report[f"hardware.{fn} float32"] = {"max_ulp": worst, "at": worst_x, "inputs": n}
        print(f"hardware.{fn}: max {worst:.4g} ULP at x = {worst_x!r} over {n} inputs", flush=True)


def grid_stride(f):
    @cuda.jit
    def k(x, y):
        for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
            y[i] = f(x[i])
    return k


def grid_stride_copy():
    @cuda.jit
    def k(x, y):
        for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
            y[i] = x[i]
    return k


def timed(f, reps=20):
    """Seconds per call of f (GPU work included), after one warm-up call."""
    f()
    cuda.synchronize()
    t = time.perf_counter()
    for _ in range(reps):
        f()
    cuda.synchronize()
    return (time.perf_counter() - t) / reps


def cuda_torch():
    """torch where it sees a CUDA device, else None."""
    try:
        import torch
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def throughput(report):
    try:
        import cupy
    except ImportError:
        cupy = None
    torch = cuda_torch()

    n = 1 << 28
    blocks = vc._blocks(n)
    report["link"] = vc.config()
    for dtype in (np.float16, np.float32, np.float64):
        x = cuda.to_device(np.random.default_rng(0).uniform(-5, 5, n).astype(dtype))
        y = cuda.device_array_like(x)
        rows = {"copy (device to device)": timed(lambda: y.copy_to_device(x))}
        # the issue's baseline: a copy kernel of the user kernels' own shape, same launch
        copy_kernel = grid_stride_copy()
        rows["user grid-stride copy kernel"] = timed(lambda: copy_kernel[blocks, vc._THREADS](x, y))
        full = (n + vc._THREADS - 1) // vc._THREADS       # one element per thread
        rows["user grid-stride copy kernel, one element per thread"] = timed(
            lambda: copy_kernel[full, vc._THREADS](x, y))
        if dtype != np.float16:
            k = grid_stride(vc.fast.exp)
            rows["user grid-stride kernel, fast.exp, one element per thread"] = timed(
                lambda: k[full, vc._THREADS](x, y))
            for tier in spec.TIERS:
                k = grid_stride(getattr(vc, tier).exp)
                rows[f"user grid-stride kernel, {tier}.exp"] = timed(lambda k=k: k[blocks, vc._THREADS](x, y))
            k = grid_stride(vc.tanh)
            rows["user grid-stride kernel, accurate.tanh"] = timed(lambda: k[blocks, vc._THREADS](x, y))
        for tier in spec.TIERS:
            f = getattr(vc, tier).exp
            rows[f"array entry point, {tier}.exp"] = timed(lambda f=f: f(x, out=y))
        rows["array entry point, accurate.tanh"] = timed(lambda: vc.tanh(x, out=y))
        if dtype == np.float32:
            rows["array entry point, hardware.exp"] = timed(lambda: vc.hardware.exp(x, out=y))
        if cupy is not None:
            cx, cy = cupy.asarray(x), cupy.asarray(y)
            rows["cupy.exp"] = timed(lambda: cupy.exp(cx, out=cy))
        if torch is not None:
            tx, ty = torch.as_tensor(x, device="cuda"), torch.as_tensor(y, device="cuda")
            rows["torch.exp"] = timed(lambda: torch.exp(tx, out=ty))
        copy = rows["copy (device to device)"]
        name = np.dtype(dtype).name
        report[f"throughput {name} n=2^28"] = {
            k: {"ms": round(v * 1e3, 3), "GB/s": round(2 * n * np.dtype(dtype).itemsize / v / 1e9, 1),
                "x copy": round(v / copy, 3), "x same-shape copy kernel": round(v / rows["user grid-stride copy kernel"], 3)}
            for k, v in rows.items()}
        same_shape = rows["user grid-stride copy kernel"]
        for k, v in rows.items():
            print(f"{name} {k}: {v * 1e3:.3f} ms, {v / copy:.3f}x copy, {v / same_shape:.3f}x the same-shape copy kernel, "
                  f"{2 * n * np.dtype(dtype).itemsize / v / 1e9:.0f} GB/s (read + write)", flush=True)
    report["compile and link seconds"] = link_times()
    print("compile and link:", report["compile and link seconds"], flush=True)


# each function's torch counterpart on CUDA tensors (out= where torch has one)
TORCH_PEER = {"exp": "exp", "log": "log", "tanh": "tanh", "atan": "atan", "expm1": "expm1", "log1p": "log1p",
              "sigmoid": "sigmoid", "softplus": "nn.functional.softplus", "erf": "erf", "erfc": "erfc"}


def function_throughput(report):
    """Every function and tier in a user grid-stride kernel at 2^28 elements (float32, float64),
    inputs uniform over the descriptor's demo domain, beside the same-shape copy kernel and
    torch's function on the same array."""
    torch = cuda_torch()

    n = 1 << 28
    blocks = vc._blocks(n)
    copy_kernel = grid_stride_copy()
    for dtype in (np.float32, np.float64):
        name = np.dtype(dtype).name
        y = cuda.device_array(n, dtype)
        for fn in spec.FUNCTIONS:
            x = cuda.to_device(np.random.default_rng(4).uniform(*DOMAIN[fn], n).astype(dtype))
            copy = timed(lambda: copy_kernel[blocks, vc._THREADS](x, y), 10)
            rows = {}
            for tier in spec.TIERS:
                k = grid_stride(getattr(getattr(vc, tier), fn))
                rows[f"{tier}.{fn}"] = timed(lambda k=k: k[blocks, vc._THREADS](x, y), 10)
            if torch is not None:
                f = torch
                for part in TORCH_PEER[fn].split("."):
                    f = getattr(f, part)
                tx, ty = torch.as_tensor(x, device="cuda"), torch.as_tensor(y, device="cuda")
                rows[f"torch.{TORCH_PEER[fn]}"] = (timed(lambda: f(tx, out=ty), 10) if "." not in TORCH_PEER[fn]
                                                   else timed(lambda: f(tx), 10))
            report[f"function throughput {name} {fn}"] = {
                "same-shape copy kernel ms": round(copy * 1e3, 3),
                **{k: {"ms": round(v * 1e3, 3), "x copy kernel": round(v / copy, 3)} for k, v in rows.items()}}
            print(f"{name} {fn}: copy kernel {copy * 1e3:.3f} ms; " +
                  ", ".join(f"{k} {v / copy:.3f}x" for k, v in rows.items()), flush=True)
            del x


def has_jax_gpu():
    try:
        import jax
        return bool(jax.devices("cuda"))
    except (ImportError, RuntimeError):
        return False


def link_times():
    """Seconds to compile, link and load a fresh user kernel calling vc.exp (float32), in a new
    process each (nothing cached), LTO-IR (where this process uses it) and PTX."""
    code = ("import time, numpy as np\n"
            "np.row_stack = getattr(np, 'row_stack', np.vstack)\n"
            "from numba import cuda\nimport vecmath.cuda as vc\n"
            "x = cuda.to_device(np.ones(256, np.float32)); y = cuda.device_array_like(x)\n"
            "@cuda.jit\ndef k(x, y):\n    i = cuda.grid(1)\n    if i < x.size:\n        y[i] = vc.exp(x[i])\n"
            "t = time.perf_counter(); k[1, 256](x, y); cuda.synchronize(); print(vc.LINK, time.perf_counter() - t)\n")
    out = {}
    for env in ({}, {"VECMATH_CUDA_LINK": "ptx"}):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, **env, "PYTHONPATH": ROOT})
        if r.returncode == 0:
            link, seconds = r.stdout.split()[-2:]
            out[link] = round(float(seconds), 3)
        else:
            out[str(env or "default")] = r.stderr.strip().splitlines()[-1:]
    return out


def torch_adapter(report):
    """vecmath.torch on CUDA tensors: values and gradients with the CPU's bits."""
    import torch
    import vecmath.torch as vt

    for dtype in (torch.float16, torch.float32, torch.float64):
        for tier in spec.TIERS:
            for fn in spec.FUNCTIONS:
                x_host = np.random.default_rng(2).uniform(*DOMAIN[fn], 1 << 20).astype(str(dtype).split(".")[1])
                x = torch.tensor(x_host, device="cuda", requires_grad=True)
                y = getattr(getattr(vt, tier), fn)(x)
                y.sum().backward()
                cpu = getattr(vecmath, tier)
                with np.errstate(all="ignore"):
                    bad = [same(y.detach().cpu().numpy(), getattr(cpu, fn)(x_host)),
                           same(x.grad.cpu().numpy(), getattr(cpu.deriv, fn)(x_host))]
                report[f"torch cuda {tier}.{fn} {dtype}"] = {"differ (value, grad)": bad}
                print(f"vecmath.torch on CUDA, {tier}.{fn} {dtype}: differing (value, grad) {bad}", flush=True)


def jax_gpu(report):
    """vecmath.jax on GPU arrays (jax[cuda]): the CUDA FFI handlers' values with the CPU's bits."""
    import jax
    import vecmath.jax as vj
    from vecmath import _jax_ffi

    jax.config.update("jax_enable_x64", True)
    gpu = jax.devices("cuda")[0]
    report["jax"] = {"cuda handlers": _jax_ffi.setup_cuda(), "info": _jax_ffi.info()}
    print("vecmath.jax:", report["jax"], flush=True)
    for dtype in (np.float32, np.float64):
        for tier in spec.TIERS:
            for fn in spec.FUNCTIONS:
                x = np.random.default_rng(3).uniform(*DOMAIN[fn], 1 << 20).astype(dtype)
                f = jax.jit(getattr(getattr(vj, tier), fn))
                got = np.asarray(f(jax.device_put(x, gpu)))
                with np.errstate(all="ignore"):
                    bad = same(got, getattr(getattr(vecmath, tier), fn)(x))
                report[f"jax gpu {tier}.{fn} {np.dtype(dtype).name}"] = {"differ": bad}
                print(f"vecmath.jax on the GPU, {tier}.{fn} {np.dtype(dtype).name}: differing {bad}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="build, then a subset: a short GPU loan (docstring)")
    ap.add_argument("--no-build", action="store_true", help="with --quick: the build is already done")
    ap.add_argument("--json")
    ap.add_argument("--parts", default="float32,float64,float16,hardware,throughput,functions,torch,jax")
    a = ap.parse_args()
    t_start = time.time()
    report = {"quick": a.quick}
    if a.quick and not a.no_build:
        report["build seconds"] = build()
        print(f"built in {report['build seconds']} s", flush=True)
    load()
    dev = cuda.get_current_device()
    report.update({"device": dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name),
                   "compute_capability": dev.compute_capability, "link": vc.config()})
    print(report, flush=True)
    parts = a.parts.split(",")
    step = QUICK_STEP if a.quick else 1
    try:
        import torch
        has_torch = torch.cuda.is_available()
    except ImportError:
        has_torch = False
    steps = (("float32", lambda: tiers_quick(float32_subset(step), "float32", report) if a.quick
              else float32_all(step, report)),
             ("float64", lambda: tiers_quick(float64_quick_inputs(), "float64", report) if a.quick
              else float64_checks(report)),
             ("float16", lambda: float16_arrays(report)),
             ("hardware", lambda: hardware_errors(QUICK_STEP if a.quick else 1, report, quick=a.quick)),
             ("throughput", lambda: throughput(report)),
             ("functions", lambda: function_throughput(report)),
             ("torch", lambda: torch_adapter(report) if has_torch else print("torch: no CUDA torch")),
             ("jax", lambda: jax_gpu(report) if has_jax_gpu() else print("jax: no CUDA backend")))
    for name, fn in steps:
        if name in parts:
            t = time.time()
            fn()
            report[f"{name} part seconds"] = round(time.time() - t, 1)
            if a.json:
                with open(a.json, "w") as fh:
                    json.dump(report, fh, indent=1, default=str)
    report["seconds"] = round(time.time() - t_start, 1)
    print(f"done in {report['seconds']} s", flush=True)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(report, fh, indent=1, default=str)


if __name__ == "__main__":
    main()

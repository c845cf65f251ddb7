"""On a GPU: vecmath.cuda against the CPU ufuncs, bit for bit, and the hardware family's error.

    python bench/cuda_check.py [--quick] [--json PATH]

1. Every float32 input (2^32, in chunks) through every tier of every function, in user kernels
   compiled without and with fastmath, against the CPU ufunc: identical bits required (NaN
   payloads aside).  --quick takes every 16th input.
2. float64: 2^26 random bit patterns, 2^22 uniform values over each function's useful range,
   the special values and the shipped worst cases, every tier, values and derivatives.
3. The hardware family (vecmath.cuda.hardware) over every float32 input: max ULP error against
   the correctly rounded result (the CPU accurate tier), where that result is finite and normal.
4. Throughput at 2^28 elements: vecmath.cuda's array entry points, CuPy's and PyTorch's exp, and
   a device-to-device copy of the same array (the memory-bound limit).
"""
import argparse
import json
import time

import numpy as np

if not hasattr(np, "row_stack"):   # numba-cuda <= 0.30 registers np.row_stack, gone in NumPy 2.5
    np.row_stack = np.vstack
from numba import cuda  # noqa: E402

import vecmath  # noqa: E402
import vecmath.cuda as vc  # noqa: E402
from vecmath import functions, spec  # noqa: E402
from vecmath.accuracy import worstcase_inputs  # noqa: E402

CHUNK = 1 << 28
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


def run(k, x_dev, nout=1):
    """The kernel's outputs, left on the GPU."""
    outs = [cuda.device_array_like(x_dev) for _ in range(nout)]
    k[(x_dev.size + 255) // 256, 256](x_dev, *outs)
    return outs


def differ(got, want):
    """How many elements differ in their bits (NaN payloads aside), counted on the GPU."""
    import cupy

    g, w = cupy.asarray(got), cupy.asarray(want)
    ug, uw = g.view(f"u{g.itemsize}"), w.view(f"u{w.itemsize}")
    return int(cupy.count_nonzero((ug != uw) & ~(cupy.isnan(g) & cupy.isnan(w))))


def chunk(start, step):
    return np.arange(start, start + CHUNK, step, dtype=np.uint64).astype(np.uint32) if step > 1 else \
        np.arange(start, start + CHUNK, dtype=np.uint32)


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


def float64_inputs(fn):
    rng = np.random.default_rng(1)
    parts = [rng.integers(0, 1 << 64, 1 << 26, dtype=np.uint64).view(np.float64),
             rng.uniform(*DOMAIN[fn], 1 << 22),
             np.array([x for x, _ in spec.SPECIALS[fn]], dtype=np.float64), worstcase_inputs(fn)]
    return np.concatenate(parts)


def float64_checks(report):
    for fn in spec.FUNCTIONS:
        x = float64_inputs(fn)
        xd = cuda.to_device(x)
        for tier in spec.TIERS:
            cpu, gpu = getattr(vecmath, tier), getattr(vc, tier)
            with np.errstate(all="ignore"):
                want = [getattr(cpu, fn)(x), getattr(cpu.deriv, fn)(x), *getattr(cpu.deriv, fn + "_and_deriv")(x)]
            got = [run(kernel_for(getattr(gpu, fn), False), xd)[0],
                   run(kernel_for(getattr(gpu.deriv, fn), True), xd)[0],
                   *run(kernel_for(getattr(gpu.deriv, fn + "_and_deriv"), False, 2), xd, 2)]
            bad = [differ(g, w) for g, w in zip(got, want)]
            report[f"float64 {tier}.{fn}"] = {"inputs": len(x), "differ (value, deriv, vd value, vd deriv)": bad}
            print(f"float64 {tier}.{fn}: {len(x)} inputs, differing {bad}", flush=True)


def hardware_errors(step, report):
    import cupy

    for fn in vc.HARDWARE:
        k = kernel_for(getattr(vc.hardware, fn), True)
        worst, worst_x, n = 0.0, None, 0
        for start in range(0, 1 << 32, CHUNK):
            x = chunk(start, step).view(np.float32)
            with np.errstate(all="ignore"):
                ref = getattr(vecmath, fn)(x)          # correctly rounded
            g = cupy.asarray(run(k, cuda.to_device(x))[0]).astype(cupy.float64)
            r = cupy.asarray(ref).astype(cupy.float64)
            ok = cupy.isfinite(r) & (cupy.abs(r) >= 2.0 ** -126)
            _, e = cupy.frexp(cupy.where(ok, r, 1.0))
            ulp = cupy.ldexp(cupy.ones_like(r), e - 24)        # float's ulp at r
            err = cupy.where(ok, cupy.abs(g - r) / ulp, 0.0)
            err = cupy.where(cupy.isnan(err), cupy.inf, err)
            i = int(cupy.argmax(err))
            if float(err[i]) > worst:
                worst, worst_x = float(err[i]), float(x[i])
            n += int(ok.sum())
        report[f"hardware.{fn} float32"] = {"max_ulp": worst, "at": worst_x, "inputs": n}
        print(f"hardware.{fn}: max {worst:.4g} ULP at x = {worst_x!r} over {n} inputs", flush=True)


def throughput(report):
    import cupy
    try:
        import torch
    except ImportError:
        torch = None

    def timed(f, reps=20):
        f()
        cuda.synchronize()
        t = time.perf_counter()
        for _ in range(reps):
            f()
        cuda.synchronize()
        return (time.perf_counter() - t) / reps

    n = 1 << 28
    for dtype in (np.float32, np.float64):
        x = cupy.asarray(np.random.default_rng(0).uniform(-5, 5, n).astype(dtype))
        y = cupy.empty_like(x)
        rows = {"copy (device to device)": timed(lambda: cupy.copyto(y, x)),
                "cupy.exp": timed(lambda: cupy.exp(x, out=y)),
                "vecmath.cuda.exp": timed(lambda: vc.exp(x, out=y)),
                "vecmath.cuda.fast.exp": timed(lambda: vc.fast.exp(x, out=y)),
                "vecmath.cuda.approx.exp": timed(lambda: vc.approx.exp(x, out=y)),
                "vecmath.cuda.tanh": timed(lambda: vc.tanh(x, out=y)),
                "cupy.tanh": timed(lambda: cupy.tanh(x, out=y))}
        if dtype == np.float32:
            rows["vecmath.cuda.hardware.exp"] = timed(lambda: vc.hardware.exp(x, out=y))
        if torch is not None:
            tx = torch.as_tensor(x, device="cuda")
            ty = torch.empty_like(tx)
            rows["torch.exp"] = timed(lambda: torch.exp(tx, out=ty))
        gbs = {k: 2 * n * np.dtype(dtype).itemsize / v / 1e9 for k, v in rows.items()}
        report[f"throughput {np.dtype(dtype).name} n=2^28"] = {k: {"ms": round(v * 1e3, 3), "GB/s": round(gbs[k], 1)}
                                                             for k, v in rows.items()}
        for k, v in rows.items():
            print(f"{np.dtype(dtype).name} {k}: {v * 1e3:.3f} ms, {gbs[k]:.0f} GB/s (read + write)", flush=True)


def torch_adapter(report):
    """vecmath.torch on CUDA tensors: values and gradients with the CPU's bits."""
    import torch
    import vecmath.torch as vt

    for dtype in (torch.float32, torch.float64):
        for tier in spec.TIERS:
            for fn in spec.FUNCTIONS:
                x_host = np.random.default_rng(2).uniform(*DOMAIN[fn], 1 << 20).astype(str(dtype).split(".")[1])
                x = torch.tensor(x_host, device="cuda", requires_grad=True)
                y = getattr(getattr(vt, tier), fn)(x)
                y.sum().backward()
                cpu = getattr(vecmath, tier)
                bad = [same(y.detach().cpu().numpy(), getattr(cpu, fn)(x_host)),
                       same(x.grad.cpu().numpy(), getattr(cpu.deriv, fn)(x_host))]
                report[f"torch cuda {tier}.{fn} {dtype}"] = {"differ (value, grad)": bad}
                print(f"vecmath.torch on CUDA, {tier}.{fn} {dtype}: differing (value, grad) {bad}", flush=True)


def same(a, b):
    ua, ub = a.view(f"u{a.itemsize}"), b.view(f"u{b.itemsize}")
    return int(np.count_nonzero((ua != ub) & ~(np.isnan(a) & np.isnan(b))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="every 16th float32 input")
    ap.add_argument("--json")
    ap.add_argument("--parts", default="float32,float64,hardware,throughput,torch")
    a = ap.parse_args()
    step = 16 if a.quick else 1
    dev = cuda.get_current_device()
    report = {"device": dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name),
              "compute_capability": dev.compute_capability, "float32_step": step}
    print(report, flush=True)
    parts = a.parts.split(",")
    for name, fn in (("float32", lambda: float32_all(step, report)), ("float64", lambda: float64_checks(report)),
                     ("hardware", lambda: hardware_errors(step, report)), ("throughput", lambda: throughput(report)),
                     ("torch", lambda: torch_adapter(report))):
        if name in parts:
            fn()
            if a.json:
                with open(a.json, "w") as fh:
                    json.dump(report, fh, indent=1)


if __name__ == "__main__":
    main()

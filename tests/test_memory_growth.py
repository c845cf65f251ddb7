"""No memory growth (issue 27, part 5): 10^5 calls of every entry kind leave resident memory where
it was after a warm-up.

Each entry kind runs in a child process of its own (the frameworks' imports and caches stay out of
the measurement and out of this process): a warm-up of 10^4 calls, then resident memory from
/proc/self/statm (not ru_maxrss, a high-water mark that cannot show growth), 10^5 calls, a
garbage collection and resident memory again.  The calls make fresh outputs (and the JAX, torch
and numba ones fresh arrays inside), so a leaked reference to a result or an argument's buffer
is memory too; the inputs' reference counts are checked as well.  BOUND is below what a leak of
10 bytes a call would add (1 MB over 10^5 calls; torch's backward, an extra variant at ~80 us a
call, makes 2 x 10^4 calls against 200 kB); a control leaking 32 bytes a call (malloc) shows the
measurement sees such a leak.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = [
    pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux /proc only"),
    # tools/sanitize.sh: ASan keeps freed memory in quarantine (256 MB), so resident memory grows
    pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""),
                       reason="resident memory under AddressSanitizer includes its quarantine"),
]

CALLS, WARM = 100_000, 10_000
BOUND = 1_000_000      # bytes: 10 bytes a call; a leak of 32 bytes a call adds 3.2 MB (malloc: 4.8)

HARNESS = f"""
import gc, json, os, sys, time
CALLS, WARM = {CALLS}, {WARM}
PAGE = os.sysconf("SC_PAGE_SIZE")

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE

def measure(name, step, *watched, calls=CALLS):
    for i in range(min(WARM, calls)):
        step(i)
    gc.collect()
    refs = [sys.getrefcount(w) for w in watched]
    before = rss()
    t = time.perf_counter()
    for i in range(calls):
        step(i)
    seconds = time.perf_counter() - t
    gc.collect()
    growth = rss() - before
    leaked_refs = [a - b for a, b in zip([sys.getrefcount(w) for w in watched], refs)]
    print(json.dumps({{"name": name, "calls": calls, "growth": growth, "seconds": seconds,
                      "refs": leaked_refs}}), flush=True)
"""


def measure(body, timeout=180, **env):
    code = HARNESS + textwrap.dedent(body)
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=timeout, env={**os.environ, **env})
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"the child took more than {timeout} s\n{e.stdout}\n{e.stderr}")
    if r.returncode == 0 and r.stdout.startswith("SKIP "):
        pytest.skip(r.stdout[5:].strip())
    assert r.returncode == 0, f"exit status {r.returncode}\n{r.stdout}\n{r.stderr}"
    results = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    assert results, r.stdout
    for m in results:
        print(f"{m['name']:<48} {m['growth'] / 1e3:+8.0f} kB over {m['calls']} calls "
              f"({m['seconds'] * 1e9 / m['calls']:.0f} ns a call)")
    return results


def assert_steady(results):
    for m in results:
        assert m["growth"] < BOUND * m["calls"] / CALLS, m
        assert not any(m["refs"]), m


def test_the_measurement_sees_a_leak_of_32_bytes_a_call():
    """The control: malloc(32) not freed, 10^5 times, is far above BOUND."""
    results = measure("""
        import ctypes
        libc = ctypes.CDLL(None)
        libc.malloc.restype = ctypes.c_void_p
        measure("malloc(32) leaked", lambda i: libc.malloc(32))
    """)
    assert results[0]["growth"] > 3 * BOUND, results


def test_ufunc():
    assert_steady(measure("""
        import numpy as np, vecmath
        xs = [np.linspace(-3, 3, 16) + k for k in range(8)]
        x32, y, y32 = xs[0].astype(np.float32), np.empty(16), np.empty(16, np.float32)
        big = np.full(4, 1000.0)
        measure("vecmath.exp(x) float64, 16 elements", lambda i: vecmath.exp(xs[i & 7]), xs[0])
        measure("vecmath.exp(x, out=y)", lambda i: vecmath.exp(xs[i & 7], out=y), xs[0], y)
        measure("vecmath.fast.tanh(x32) float32", lambda i: vecmath.fast.tanh(x32), x32)
        measure("vecmath.approx.log(x) strided", lambda i: vecmath.approx.log(xs[i & 7][::3]))
        measure("vecmath.atan(2.5) scalar", lambda i: vecmath.atan(2.5))

        def overflow(i):                          # the error path: NumPy's FloatingPointError
            with np.errstate(over="raise"):
                try:
                    vecmath.exp(big)
                except FloatingPointError:
                    return
            raise AssertionError("no FloatingPointError")
        measure("vecmath.exp overflow raising FloatingPointError", overflow, big)
    """))


def test_fused_two_output_ufunc():
    assert_steady(measure("""
        import numpy as np, vecmath
        x = np.linspace(-3, 3, 16)
        y, dy = np.empty(16), np.empty(16)
        f = vecmath.deriv.tanh_and_deriv
        measure("vecmath.deriv.tanh_and_deriv(x)", lambda i: f(x), x)
        measure("vecmath.deriv.tanh_and_deriv(x, out=(y, dy))", lambda i: f(x, out=(y, dy)), x, y, dy)
        measure("vecmath.fast.deriv.log_and_deriv(x32)",
                lambda i: vecmath.fast.deriv.log_and_deriv(x.astype(np.float32) + 4))
    """))


def test_raw_cffi_kernels():
    assert_steady(measure("""
        import numpy as np
        from vecmath.kernels import ffi, lib
        px, py = ffi.new("double[]", 16), ffi.new("double[]", 16)
        pf, qf = ffi.new("float[]", 16), ffi.new("float[]", 16)
        for k in range(16):
            px[k] = pf[k] = k / 4 - 2
        x, y = np.linspace(-3, 3, 16), np.empty(16)
        measure("lib.vm_exp_accurate_f64(cffi buffers)", lambda i: lib.vm_exp_accurate_f64(px, py, 16))
        measure("lib.vm_tanh_fast_f32(cffi buffers)", lambda i: lib.vm_tanh_fast_f32(pf, qf, 16))
        measure("lib.vm_log_approx_f64(ffi.from_buffer(ndarray))",
                lambda i: lib.vm_log_approx_f64(ffi.from_buffer("double[]", x),
                                                ffi.from_buffer("double[]", y, require_writable=True), 16),
                x, y)
    """))


def test_numba():
    pytest.importorskip("numba")
    assert_steady(measure("""
        import numba, numpy as np, vecmath
        import vecmath.numba as vn

        @numba.njit
        def loop(x):
            y = np.empty_like(x)                 # fresh arrays in compiled code (numba's NRT)
            for i in range(x.size):
                y[i] = vn.exp(x[i]) + vn.fast.tanh(x[i])
            z = vecmath.exp(x)                   # the ufunc inside @njit
            return y[-1] + z[0]

        x = np.linspace(-3, 3, 16)
        loop(x)
        measure("@njit: vecmath.numba.exp loop + vecmath.exp(array)", lambda i: loop(x), x)
    """))


def test_jax_ffi_handler():
    pytest.importorskip("jax")
    assert_steady(measure("""
        import numpy as np
        import jax, jax.numpy as jnp
        import vecmath.jax as vj
        if vj.ffi_info().get("library") is None:
            print("SKIP vecmath.jax has no FFI handler here (pure_callback):", vj.ffi_info())
            raise SystemExit(0)
        f = jax.jit(lambda x: vj.exp(x))
        g = jax.jit(jax.grad(lambda x: vj.tanh(x).sum()))     # the fused value-and-derivative target
        x = jnp.linspace(-3, 3, 16, dtype=jnp.float32)
        for fn in (f, g):
            assert "vecmath" in fn.lower(x).as_text(), "no FFI call in the compiled function"
        measure("jax.jit(vecmath.jax.exp)(x)", lambda i: f(x).block_until_ready())
        measure("jax.jit(jax.grad(sum of vecmath.jax.tanh))(x)", lambda i: g(x).block_until_ready())
    """, JAX_PLATFORMS="cpu"))


def test_torch_op():
    pytest.importorskip("torch")
    assert_steady(measure("""
        import torch
        import vecmath.torch as vt
        torch.set_num_threads(1)
        x = torch.linspace(-3, 3, 16, dtype=torch.float64)
        xg = x.clone().requires_grad_()
        op = torch.ops.vecmath.exp_accurate

        def backward(i):
            vt.tanh(xg).sum().backward()
            xg.grad = None
        measure("vecmath.torch.exp(x) (eager)", lambda i: vt.exp(x), x)
        measure("torch.ops.vecmath.exp_accurate(x) (custom op)", lambda i: op(x), x)
        # the autograd path costs ~80 us a call: 2 * 10^4 calls, the bound scaled (200 kB)
        measure("vecmath.torch.tanh(x).sum().backward()", backward, xg, calls=20_000)
    """))

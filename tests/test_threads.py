"""vecmath's thread pool: large ufunc calls split over threads give the single-thread bits,
NumPy's warnings, survive fork, serialize concurrent callers, and obey the thread controls."""
import os
import shutil
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest

import vecmath
from vecmath import spec

N = (1 << 19) + 37          # above the threshold (2^18), with a tail
TIERS = [vecmath.accurate, vecmath.fast, vecmath.approx]


def inputs(dtype, n=N, seed=0):
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 1 << 63, n, dtype=np.uint64)
    if np.dtype(dtype).itemsize == 8:
        x = bits.view(np.float64).copy()
    else:
        x = (bits >> np.uint64(64 - 8 * np.dtype(dtype).itemsize)).astype(f"u{np.dtype(dtype).itemsize}").view(dtype)
    x[::3] = rng.uniform(-20, 20, len(x[::3])).astype(dtype)   # ordinary values too
    return x


def outputs(uf, x):
    with np.errstate(all="ignore"):
        ys = uf(x)
    return [np.asarray(y).view(f"u{y.dtype.itemsize}") for y in (ys if uf.nout == 2 else (ys,))]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("tier", TIERS, ids=lambda t: t.__name__)
def test_threads_give_the_single_thread_bits(tier, dtype):
    x = inputs(dtype)
    for fn in spec.FUNCTIONS:
        for uf in (getattr(tier, fn), getattr(tier.deriv, fn + "_and_deriv")):
            for view in (x, x[::-2]):                     # contiguous, and strided through the buffer
                with vecmath.num_threads(1):
                    one = outputs(uf, view)
                with vecmath.num_threads(2):
                    two = outputs(uf, view)
                assert all(np.array_equal(a, b) for a, b in zip(one, two)), (uf.__name__, dtype)


def caught(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        f()
    return sorted(str(m.message) for m in w)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_warnings_from_any_thread_are_raised_once_as_numpy_raises_them(dtype):
    x = np.ones(N, dtype)
    x[-1] = 1000.0                     # overflow in the last part: a worker's
    x[N // 2 + 5] = -1000.0            # underflow in the middle
    with vecmath.num_threads(2):
        got = caught(lambda: vecmath.exp(x))
        assert caught(lambda: vecmath.exp(np.ones(N, dtype))) == []     # nothing spurious
        with np.errstate(over="raise"), pytest.raises(FloatingPointError):
            vecmath.exp(x)
    want = caught(lambda: np.exp(x))
    assert [m.split(" in ")[0] for m in got] == [m.split(" in ")[0] for m in want]
    logs = np.full(N, 2.0, dtype)
    logs[-3:] = [0.0, -1.0, 2.0]
    with vecmath.num_threads(2):
        assert [m.split(" in ")[0] for m in caught(lambda: vecmath.log(logs))] == \
            [m.split(" in ")[0] for m in caught(lambda: np.log(logs))]


def test_concurrent_callers_never_deadlock_and_get_their_own_results():
    xs = [inputs(np.float64, seed=s) for s in range(4)]
    with vecmath.num_threads(1):
        want = [outputs(vecmath.tanh, x)[0] for x in xs]
    results, errors = {}, []

    def call(i):
        try:
            for _ in range(10):
                got = outputs(vecmath.tanh, xs[i])[0]
                assert np.array_equal(got, want[i])
            results[i] = True
        except Exception as e:  # noqa: BLE001  reported below
            errors.append(e)

    with vecmath.num_threads(2):
        threads = [threading.Thread(target=call, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a caller hung"
    assert not errors and len(results) == 4


def run_python(code, **env):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       env={**os.environ, **env})
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_pool_survives_fork():
    code = """if True:
        import os, numpy as np, vecmath
        vecmath.set_num_threads(2)
        x = np.linspace(-5, 5, 1 << 20)
        want = vecmath.tanh(x)                     # the parent's pool is running now
        pid = os.fork()
        if pid == 0:
            ok = np.array_equal(vecmath.tanh(x), want)   # the child starts its own workers
            os._exit(0 if ok else 3)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status), np.array_equal(vecmath.tanh(x), want))
    """
    assert run_python(code) == "0 True"


def test_thread_count_from_the_environment():
    code = "import vecmath; print(vecmath.get_num_threads())"
    env = {k: v for k, v in os.environ.items() if k not in ("VECMATH_NUM_THREADS", "OMP_NUM_THREADS")}
    assert run_python(code, VECMATH_NUM_THREADS="3", OMP_NUM_THREADS="5") == "3"
    assert run_python(code, VECMATH_NUM_THREADS="", OMP_NUM_THREADS="5,2") == "5"
    os_cpus = len(os.sched_getaffinity(0))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert r.stdout.strip() == str(os_cpus)


def test_controls():
    before = vecmath.get_num_threads()
    with vecmath.num_threads(1):
        assert vecmath.get_num_threads() == 1
    assert vecmath.get_num_threads() == before
    with pytest.raises(ValueError):
        vecmath.set_num_threads(0)
    threadpoolctl = pytest.importorskip("threadpoolctl")
    ours = [i for i in threadpoolctl.threadpool_info() if i["internal_api"] == "vecmath"]
    assert len(ours) == 1 and ours[0]["num_threads"] == before
    with threadpoolctl.threadpool_limits(1):
        assert vecmath.get_num_threads() == 1
    assert vecmath.get_num_threads() == before


@pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="Linux /proc only")
def test_threadpoolctl_finds_the_pool_after_the_extension_is_replaced_on_disk(tmp_path):
    """The cause of test_controls' flakiness: a rebuild of the extension (or a reinstall) while a
    process runs replaces _ufuncs' file on disk; /proc/self/maps then names the loaded library
    "<path> (deleted)", which threadpoolctl >= 3.8 reads and could not open, so it lost vecmath's
    pool (the suite's workers run for minutes in a tree others rebuild).  Done here on a copy of
    the package, whose extension the child replaces after importing it."""
    pytest.importorskip("threadpoolctl")
    shutil.copytree(Path(vecmath.__file__).parent, tmp_path / "vecmath",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = f"""if True:
        import os, shutil, threadpoolctl, vecmath, vecmath._ufuncs as u
        assert vecmath.__file__.startswith({str(tmp_path)!r}), vecmath.__file__
        shutil.copyfile(u.__file__, u.__file__ + ".new")
        os.replace(u.__file__ + ".new", u.__file__)          # as a rebuild or pip does
        maps = [line for line in open("/proc/self/maps") if "_ufuncs" in line]
        assert maps and all(line.rstrip().endswith("(deleted)") for line in maps), maps
        ours = [i for i in threadpoolctl.threadpool_info() if i["internal_api"] == "vecmath"]
        assert len(ours) == 1 and ours[0]["num_threads"] == vecmath.get_num_threads(), ours
        with threadpoolctl.threadpool_limits(1):
            print(vecmath.get_num_threads(), end=" ")
        vecmath.set_num_threads(3)
        print(vecmath.get_num_threads())
    """
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "1 3"


def test_raw_kernels_stay_on_the_calling_thread():
    """vecmath.kernels is the plain C kernel: the pool lives in the ufunc layer only."""
    from vecmath.kernels import lib

    assert not hasattr(lib, "vecmath_set_num_threads")

"""Concurrency (issue 27, part 4): vecmath's thread pool (csrc/vm_threads.c) under many Python
threads while another changes the thread count, across fork() while the pool is busy, and after a
KeyboardInterrupt-style signal during a 2^26-element call.

Each scenario runs in a child process with a timeout, so a deadlock or a crash fails its test
instead of hanging or killing the run; the child also arms faulthandler to print every thread's
stack before the timeout.  Results are compared bitwise with references computed on one thread.
"""
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not os.path.exists("/proc/self/status"),
                                reason="POSIX fork and Linux /proc")

TIMEOUT = 150   # seconds a child may run; each takes a few seconds

# tools/sanitize.sh preloads ASan, whose allocator (GCC 12's libasan) is not fork-safe: a child
# of a fork() made while another thread allocated can find its locks held.  Under it, children of
# both fork tests hung now and then; gdb showed them in ASan's allocator (SizeClassAllocator64's
# mutex, the quarantine's spin lock) with vecmath's own workers idle in pthread_cond_wait
ASAN_FORK = pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""),
                               reason="fork() from a multithreaded process under ASan's allocator")

PRELUDE = """
import faulthandler, os, sys, threading, time
import numpy as np
import vecmath

faulthandler.dump_traceback_later({dump}, exit=True)   # a hang prints every thread's stack

def tids():                                    # the process's OS threads (faulthandler's, BLAS's too)
    return set(os.listdir("/proc/self/task"))

def pool_workers(base):                        # threads new since `base` that block SIGINT and
    found = set()                              # SIGTERM: vecmath's workers block every signal
    for t in tids() - base:
        try:
            with open(f"/proc/self/task/{{t}}/status") as f:
                mask = next(int(line.split()[1], 16) for line in f if line.startswith("SigBlk:"))
        except (OSError, StopIteration):
            continue                           # a thread that just ended
        if mask & (1 << 1) and mask & (1 << 14):
            found.add(t)
    return found

def bits(a):
    return np.asarray(a).view(f"u{{np.asarray(a).dtype.itemsize}}")
"""


def run_child(body, timeout=TIMEOUT):
    code = PRELUDE.format(dump=timeout - 20) + textwrap.dedent(body)
    env = {k: v for k, v in os.environ.items() if k not in ("VECMATH_NUM_THREADS", "OMP_NUM_THREADS")}
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"the child hung for {timeout} s (deadlock?)\n{e.stdout}\n{e.stderr}")
    assert r.returncode == 0, f"exit status {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r.stdout


THREADS_AND_SET_NUM_THREADS = """
SMALL = 1000                                # on the calling thread (the pool starts at 2^18)
BIG = {np.float32: (1 << 20) + 77, np.float64: (1 << 18) + 123}   # on up to 8 and 2 threads
rng = np.random.default_rng(27)
cases = []
for tier in (vecmath.accurate, vecmath.fast, vecmath.approx):
    for fn in ("exp", "log", "tanh", "atan"):
        for dtype in (np.float32, np.float64):
            for n in (BIG[dtype], SMALL):
                x = rng.uniform(-30, 30, n).astype(dtype)
                if fn == "log":
                    x = np.abs(x) * np.float32(1e3)
                cases.append((getattr(tier, fn), x))
    x = rng.uniform(-30, 30, BIG[np.float64])
    cases.append((tier.deriv.tanh_and_deriv, x))        # the fused two-output ufunc
    cases.append((tier.deriv.tanh_and_deriv, x[:SMALL]))

def outputs(uf, x):
    with np.errstate(all="ignore"):
        ys = uf(x)
    return [bits(y).copy() for y in (ys if uf.nout == 2 else (ys,))]

with vecmath.num_threads(1):
    want = [outputs(uf, x) for uf, x in cases]
base = tids()                                  # before any worker

CALLERS, SECONDS = 6, 4.0
stop = threading.Event()
errors, calls, settings = [], [0] * CALLERS, [0]

def caller(k):
    order = np.random.default_rng(k).permutation(len(cases))
    try:
        while not stop.is_set():
            for i in order:
                uf, x = cases[i]
                if not all(np.array_equal(a, b) for a, b in zip(outputs(uf, x), want[i])):
                    errors.append(f"{uf.__name__} {x.dtype} n={x.size}: other bits")
                calls[k] += 1
                if stop.is_set():
                    break
    except BaseException as e:                  # reported below
        errors.append(repr(e))

def setter():
    ns = [1, 2, 3, 4, 8, 2, 1, 16, 3, 2]
    try:
        i = 0
        while not stop.is_set():
            n = ns[i % len(ns)]
            if i % 3 == 2:
                with vecmath.num_threads(n):        # the context manager too
                    assert vecmath.get_num_threads() >= 1
            else:
                vecmath.set_num_threads(n)
            settings[0] += 1
            i += 1
            time.sleep(0.0005 * (i % 4))        # now and then no pause at all
    except BaseException as e:
        errors.append("setter: " + repr(e))

threads = [threading.Thread(target=caller, args=(k,), daemon=True) for k in range(CALLERS)]
threads.append(threading.Thread(target=setter, daemon=True))
for t in threads:
    t.start()
time.sleep(SECONDS)
stop.set()
for t in threads:
    t.join(timeout=60)
if any(t.is_alive() for t in threads):
    print("HUNG", [t.name for t in threads if t.is_alive()], flush=True)
    faulthandler.dump_traceback(all_threads=True)
    os._exit(2)
assert not errors, errors[:10]
big_calls = sum(calls)
assert min(calls) > 0 and settings[0] > 100, (calls, settings)
vecmath.set_num_threads(4)
assert all(np.array_equal(a, b) for a, b in zip(outputs(*cases[0]), want[0]))
workers = len(pool_workers(base))
assert 1 <= workers <= 7, workers       # no more than the largest split asked for (8 parts)
print(f"calls {sum(calls)} by {CALLERS} threads, {settings[0]} thread-count changes, "
      f"{workers} pool workers")
"""


def test_many_threads_call_while_another_changes_set_num_threads():
    """6 threads call every tier's exp/log/tanh/atan (float32, float64; 2^18 + 123 elements on
    the pool and 1,000 off it) and the fused tanh_and_deriv for 4 s, while a 7th keeps changing
    the thread count (set_num_threads and num_threads(), 1 to 16): every result has the
    one-thread bits, nothing hangs or crashes, and the pool ends with at most 15 workers."""
    out = run_child(THREADS_AND_SET_NUM_THREADS)
    print(out)


FORK_WHILE_BUSY = """
vecmath.set_num_threads(3)
rng = np.random.default_rng(5)
big = rng.uniform(-20, 20, 1 << 22)         # 32 MB: a call lasts a few ms on the pool
big32 = big.astype(np.float32)
small = big[:1000].copy()
with vecmath.num_threads(1):
    want_tanh = bits(vecmath.tanh(big)).copy()
    want_exp32 = bits(vecmath.fast.exp(big32)).copy()
    want_small = bits(vecmath.atan(small)).copy()
    want_d = [bits(y).copy() for y in vecmath.approx.deriv.tanh_and_deriv(big32)]

stop = threading.Event()
spans, bad = [], []

def busy():                                   # keeps the pool busy: one large call after another
    while not stop.is_set():
        t0 = time.monotonic()
        y = vecmath.tanh(big)
        spans.append((t0, time.monotonic()))
        if not np.array_equal(bits(y), want_tanh):
            bad.append(len(spans))

def child(k):
    ok = len(tids()) == 1                      # fork() keeps the calling thread only
    faulthandler.dump_traceback_later(40, exit=True)
    base = tids()
    y = vecmath.tanh(big)                      # large: the child starts a pool of its own
    pool = len(pool_workers(base))
    ok = ok and np.array_equal(bits(y), want_tanh)
    ok = ok and np.array_equal(bits(vecmath.fast.exp(big32)), want_exp32)
    ok = ok and np.array_equal(bits(vecmath.atan(small)), want_small)
    ok = ok and all(np.array_equal(bits(a), b)
                    for a, b in zip(vecmath.approx.deriv.tanh_and_deriv(big32), want_d))
    with vecmath.num_threads(1):
        ok = ok and np.array_equal(bits(vecmath.tanh(big)), want_tanh)
    status = 0 if ok and pool == 2 else 3 if not ok else 5   # 5: the pool did not start
    if k % 2:
        os._exit(status)
    sys.exit(status)                           # a normal exit too: atexit, finalization

base = tids()
t = threading.Thread(target=busy, daemon=True)
t.start()
while len(spans) < 2:
    time.sleep(0.001)
workers = pool_workers(base)
assert len(workers) == 2, workers
FORKS = 16
statuses, forked_at = [], []
for k in range(FORKS):
    time.sleep(0.003 * (k % 4))
    sys.stdout.flush()
    sys.stderr.flush()
    # faulthandler's watchdog thread does not survive fork, and a child would wait for it
    # forever when it cancels (at exit): off around the fork, armed again on both sides
    faulthandler.cancel_dump_traceback_later()
    forked_at.append(time.monotonic())
    pid = os.fork()
    if pid == 0:
        try:
            child(k)
        except SystemExit:
            raise
        except BaseException:
            import traceback
            traceback.print_exc()
            os._exit(4)
    faulthandler.dump_traceback_later(100, exit=True)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            print(f"fork {k}: the child hung", flush=True)
            os._exit(2)
        time.sleep(0.005)
    statuses.append(os.waitstatus_to_exitcode(status))
stop.set()
t.join(timeout=60)
assert not t.is_alive(), "the parent's busy thread hung"
assert statuses == [0] * FORKS, statuses
assert not bad, bad
during = sum(any(a < f < b for a, b in spans) for f in forked_at)
assert during >= FORKS // 2, (during, FORKS)   # most forks came while a large call ran
assert np.array_equal(bits(vecmath.tanh(big)), want_tanh)      # the parent goes on
assert workers <= tids(), (workers, tids())   # with the same 2 workers
print(f"{FORKS} forks, {during} during a large call in the parent; children all exit 0; "
      f"{len(spans)} parent calls, all right")
"""


@ASAN_FORK
def test_fork_while_the_pool_is_busy():
    """A thread runs large calls on the pool (3 threads) without a pause while the main thread
    forks 16 times: each child has one thread, starts its own pool (2 workers) on its first
    large call, gives the one-thread bits for large and small calls of several ufuncs (the fused
    one too), and exits with status 0 (half by os._exit, half by a normal exit); the parent's
    calls stay right throughout and after, and it still has its 2 workers."""
    out = run_child(FORK_WHILE_BUSY)
    print(out)


SIGNAL_DURING_CALL = """
import signal
# Python installs its KeyboardInterrupt handler only where SIGINT was not ignored when it
# started; a shell's background job (`pytest &` in a script) starts with SIGINT ignored, and then
# neither os.kill(SIGINT) nor _thread.interrupt_main() raises anything: the lost interrupts of
# the (6, 16) fresh-clone failure, where only the 6 SIGALRM rounds raised.  An interactive
# Python, where users press Ctrl-C, has this handler.
signal.signal(signal.SIGINT, signal.default_int_handler)
vecmath.set_num_threads(2)
N = 1 << 26
x = np.linspace(-80, 80, N, dtype=np.float32)   # 256 MB
with vecmath.num_threads(1):
    want = bits(vecmath.exp(x)).copy()
out = np.empty_like(x)
base = tids()
call = 1e9
for _ in range(2):
    t0 = time.monotonic()
    vecmath.exp(x, out=out)
    call = min(call, time.monotonic() - t0)
assert np.array_equal(bits(out), want)

def alarm(signum, frame):                     # SIGALRM from setitimer, as a KeyboardInterrupt
    raise KeyboardInterrupt

signal.signal(signal.SIGALRM, alarm)

def senders():
    for th in threading.enumerate():
        if th is not threading.main_thread() and not th.daemon:
            th.join()
interrupts = during = complete = 0
k = 0
# 12 rounds, and more (up to 48) until 6 interrupts came during a call: under load (the other
# test worker's sweeps on a 2-core machine) a sleeping sender thread can wake only after the call
while k < 12 or (during < 6 and k < 48):
    out[:] = 0
    delay = call * (0.1 + 0.3 * (k % 4) / 3)    # 10% to 40% into the calibrated call
    started = returned = False
    try:
        try:                                    # the sender starts inside: on a loaded machine
            if k % 3 == 0:                      # its signal can come before start() returns
                signal.setitimer(signal.ITIMER_REAL, delay)
            elif k % 3 == 1:                    # a real SIGINT, from another thread
                def kill():
                    time.sleep(delay)
                    os.kill(os.getpid(), signal.SIGINT)
                threading.Thread(target=kill).start()
            else:                               # what Ctrl-C does, without the signal
                import _thread
                def interrupt():
                    time.sleep(delay)
                    _thread.interrupt_main()
                threading.Thread(target=interrupt).start()
            started = True
            vecmath.exp(x, out=out)
            returned = True                     # not reached if the interrupt came during the call
            senders()                           # else it comes here
            time.sleep(10)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except KeyboardInterrupt:
        interrupts += 1
        during += started and not returned
        complete += started and not returned and np.array_equal(bits(out), want)
    senders()
    assert np.array_equal(bits(vecmath.exp(x)), want), k      # the pool is usable: right bits
    assert vecmath.get_num_threads() == 2
    k += 1
assert interrupts == k, (interrupts, k)
assert during >= 6, during
assert len(pool_workers(base)) == 1, (tids(), base)   # its 1 worker: none lost or added
small = np.linspace(-5, 5, 1001)
assert np.array_equal(bits(vecmath.tanh(small)), bits(vecmath.tanh(small.copy())))
print(f"call {call * 1e3:.0f} ms; {k} interrupts, {during} during a call, raised when it "
      f"returned; {complete} of those calls had computed all of out")
"""


def test_interrupt_during_a_large_call_leaves_the_pool_usable():
    """SIGALRM raising KeyboardInterrupt (setitimer), a real SIGINT sent by another thread, and
    _thread.interrupt_main() arrive 10-40% into a 2^26-element float32 exp on 2 threads, 12 times
    (up to 48, until 6 came during a call: a loaded machine delays the sender threads):
    each raises KeyboardInterrupt once the call has returned (the workers block every signal; the
    caller's handler runs at Python's next check), and every later call has the one-thread bits
    with the same 2 threads.  The child sets Python's SIGINT handler itself: started from a
    background job, it would inherit SIGINT ignored and lose two rounds in three."""
    print(run_child(SIGNAL_DURING_CALL))


FORK_WHILE_THE_LOCK_IS_HELD = """
import ctypes
import vecmath._ufuncs
sys.setswitchinterval(1e-5)                     # quick GIL hand-offs: more forks a second
lib = ctypes.CDLL(vecmath._ufuncs.__file__)     # as threadpoolctl calls the pool: without the GIL
stop = threading.Event()

def spin():                                     # takes and releases the pool's lock, nonstop
    get, put = lib.vecmath_get_num_threads, lib.vecmath_set_num_threads
    while not stop.is_set():
        get(); put(2); get(); put(2)

threading.Thread(target=spin, daemon=True).start()
x = np.linspace(-5, 5, 1 << 18)
forks, start = 0, time.monotonic()
while time.monotonic() - start < SECONDS:
    faulthandler.cancel_dump_traceback_later()  # see FORK_WHILE_BUSY
    pid = os.fork()
    if pid == 0:
        faulthandler.dump_traceback_later(5, exit=True)   # a hang: where, on stderr, status 1
        vecmath.get_num_threads()
        vecmath.exp(x)                          # large: the child's pool
        os._exit(0)
    faulthandler.dump_traceback_later(100, exit=True)
    deadline = time.monotonic() + 10
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            print(f"fork {forks}: the child hung", flush=True)
            os._exit(2)
        time.sleep(0.0005)
    if status:
        print(f"fork {forks}: the child hung (its stack on stderr)", flush=True)
        os._exit(3)
    forks += 1
stop.set()
print(f"{forks} forks in {SECONDS} s, every child done")
"""


@ASAN_FORK
def test_fork_while_another_thread_holds_the_pools_lock_before_any_large_call():
    """The bug these tests found: pthread_atfork's handler was registered when the first workers
    started, so a fork() before that, while another thread held the pool's lock (threadpoolctl
    reads and sets the thread count through ctypes, without the GIL), gave a child whose first
    large call or get_num_threads() waited forever (16 of 1,500 children).  A thread takes the
    lock nonstop (no large call ever runs in the parent) while the main thread forks for 8 s;
    every child must finish a large call.  Statistical: the old code hung a child about once
    in 50 forks, and this makes a few hundred."""
    out = run_child("SECONDS = 8\n" + FORK_WHILE_THE_LOCK_IS_HELD)
    print(out)

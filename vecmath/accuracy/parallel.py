"""Running chunks of work on several processes, with a progress bar on stderr."""
import ctypes
import multiprocessing
import os
import sys
import time


def map_chunks(work, tasks, processes=2, progress=None):
    """[work(t) for t in tasks], on `processes` forked processes, in order.

    Fork lets the workers inherit what the parent set up (callables, lambdas included) without
    pickling it.  `progress(done, total)` is called as chunks finish.
    """
    tasks = list(tasks)
    results = []
    if processes <= 1 or len(tasks) <= 1:
        for task in tasks:
            results.append(work(task))
            progress and progress(len(results), len(tasks))
        return results
    with multiprocessing.get_context("fork").Pool(processes, initializer=_set_up_worker) as pool:
        for result in pool.imap(work, tasks):
            results.append(result)
            progress and progress(len(results), len(tasks))
    return results


def _set_up_worker():
    # Let glibc keep 64 MiB of freed heap instead of handing it back to the kernel: the sweeps
    # free and reallocate the same arrays in every block, and refaulting them cost 40% of the time.
    try:
        ctypes.CDLL("libc.so.6").mallopt(-2, 64 << 20)      # M_TOP_PAD
    except (OSError, AttributeError):
        pass                                                # not glibc: nothing to tune
    # A forked child has none of its parent's threads: PyTorch (if the parent loaded it) must
    # not reach for its thread pool, or it waits forever.
    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(1)
    # The workers are the parallelism: vecmath's own pool would oversubscribe the cores.
    if "vecmath._ufuncs" in sys.modules:
        sys.modules["vecmath._ufuncs"].set_num_threads(1)


PROCESSES_ENV = "VECMATH_ACCURACY_PROCESSES"


def default_processes():
    """$VECMATH_ACCURACY_PROCESSES (the test suite sets it under pytest-xdist, whose workers
    already share the cores), else up to 2."""
    env = os.environ.get(PROCESSES_ENV)
    return max(1, int(env)) if env else min(2, os.cpu_count() or 1)


class ProgressBar:
    """A one-line progress bar on stderr: `label [#####.....] 42% 1:23 left`."""

    def __init__(self, label, width=30, stream=sys.stderr):
        self.label, self.width, self.stream = label, width, stream
        self.start = time.monotonic()
        self.shown = -1.0

    def __call__(self, done, total):
        now = time.monotonic()
        if done < total and now - self.shown < 0.5:
            return
        self.shown = now
        frac = done / total if total else 1.0
        bar = "#" * int(frac * self.width)
        elapsed = now - self.start
        left = elapsed / frac - elapsed if frac else 0.0
        self.stream.write(f"\r{self.label} [{bar:.<{self.width}}] {frac:4.0%} {_clock(elapsed)} elapsed, "
                          f"{_clock(left)} left ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _clock(seconds):
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"

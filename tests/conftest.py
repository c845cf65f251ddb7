"""Shared test setup: accuracy runs and ufunc calls sized to the cores pytest-xdist leaves them."""
import os


def pytest_configure(config):
    workers = os.environ.get("PYTEST_XDIST_WORKER_COUNT")
    if workers:  # each xdist worker is a process already: its sweeps and its ufunc calls use
        share = str(max(1, (os.cpu_count() or 1) // int(workers)))   # no more than its share
        os.environ.setdefault("VECMATH_NUM_THREADS", share)
        from vecmath.accuracy.parallel import PROCESSES_ENV

        os.environ.setdefault(PROCESSES_ENV, share)

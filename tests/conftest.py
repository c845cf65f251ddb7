"""Shared test setup: the `exhaustive` marker; sweeps sized to the cores pytest-xdist leaves them."""
import os


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "exhaustive: sweeps all 2^32 float32 inputs (minutes per function); "
                   "deselect with -m 'not exhaustive'")
    workers = os.environ.get("PYTEST_XDIST_WORKER_COUNT")
    if workers:  # each xdist worker is a process already: its sweeps and its ufunc calls use
        share = str(max(1, (os.cpu_count() or 1) // int(workers)))   # no more than its share
        os.environ.setdefault("VECMATH_NUM_THREADS", share)
        from vecmath.accuracy.parallel import PROCESSES_ENV

        os.environ.setdefault(PROCESSES_ENV, share)

"""NumPy's own ufunc tests with vecmath swapped in: a pytest plugin.

    python -m pytest -p numpy_umath_peer --pyargs numpy._core.tests.test_umath \
        numpy._core.tests.test_umath_accuracy -k "exp or log or tanh or arctan" -n 0

(with tools/ on PYTHONPATH).  Before NumPy's test modules are imported, numpy.exp, log, tanh,
arctan, expm1 and log1p (and numpy._core.umath's, which the tests call as ncu.exp) become
vecmath's accurate ufuncs (VECMATH_PEER_TIER=fast|approx picks another tier), so every test of
NumPy's that calls them, and every parametrization that lists them, runs vecmath instead.  The
tests that check something vecmath does not promise are deselected here, each with its reason
(KNOWN); anything else that fails is a difference from NumPy to look at.  The same plugin runs
on x86-64 (against an install or the source tree) and on aarch64 under QEMU
(tools/test_wheel_aarch64.py).
"""
import os

import numpy as np
import pytest

SWAPPED = {"exp": "exp", "log": "log", "tanh": "tanh", "arctan": "atan", "expm1": "expm1", "log1p": "log1p"}

# node id fragment -> why vecmath is not expected to pass it
KNOWN = {}


def pytest_configure(config):
    import numpy._core.umath as ncu
    import vecmath

    tier = getattr(vecmath, os.environ.get("VECMATH_PEER_TIER", "accurate"))
    for np_name, vm_name in SWAPPED.items():
        uf = getattr(tier, vm_name)
        setattr(np, np_name, uf)
        setattr(ncu, np_name, uf)
    config.addinivalue_line("markers", "vecmath_known: a NumPy test vecmath is not meant to pass")


def pytest_report_header(config):
    import vecmath
    return (f"numpy_umath_peer: numpy.{', numpy.'.join(SWAPPED)} are vecmath's "
            f"{os.environ.get('VECMATH_PEER_TIER', 'accurate')} tier; path {vecmath.config()['isa']}")


def pytest_collection_modifyitems(config, items):
    kept, dropped = [], []
    for item in items:
        (dropped if any(k in item.nodeid for k in KNOWN) else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept

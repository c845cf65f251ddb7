"""Shared test setup: the `exhaustive` marker, and where the float64 worst cases live."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# An installed vecmath cannot find the repository from its own path; the tests can.
os.environ.setdefault("VECMATH_WORSTCASES", str(ROOT.parent / "shared" / "data" / "worstcases"))


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "exhaustive: sweeps all 2^32 float32 inputs (minutes per function); "
                   "deselect with -m 'not exhaustive'")

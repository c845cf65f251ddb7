"""Shared test setup: the `exhaustive` marker."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "exhaustive: sweeps all 2^32 float32 inputs (minutes per function); "
                   "deselect with -m 'not exhaustive'")

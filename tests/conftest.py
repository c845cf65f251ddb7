def pytest_configure(config):
    config.addinivalue_line(
        "markers", "exhaustive: sweeps every float32 input (minutes; deselect with -m 'not exhaustive')")

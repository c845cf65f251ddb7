"""bench/bench_peers.py runs: one tiny row set, every installed peer present with a measured error
(no timing is asserted: speed lives in the benchmark's output, not in tests)."""
import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vecmath import spec

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "bench_peers.py"
FUNCS = ["exp", "log1p"]      # a NumPy peer only, and one SciPy also has


@pytest.fixture(scope="module")
def result():
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, str(SCRIPT), "--json", "--functions", *FUNCS, "--n", "512",
                          "--rounds", "1", "--passes", "1", "--samples", "256"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def rows(res, fn, dtype):
    return {r["label"]: r for r in res["results"] if r["fn"] == fn and r["dtype"] == dtype}


@pytest.mark.parametrize("fn", FUNCS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_rows_have_times_and_errors(result, fn, dtype):
    got = rows(result, fn, dtype)
    expected = ["numpy", "vecmath accurate", "vecmath fast", "vecmath approx"]
    expected += [m for m in ("torch", "jax", "scipy") if importlib.util.find_spec(m)
                 and not (m == "scipy" and fn == "exp")]          # SciPy has no exp
    for prefix in expected:
        label = next((k for k in got if k.startswith(prefix)), None)
        assert label is not None, f"{prefix} missing from {sorted(got)}"
        r = got[label]
        assert r["ns"] is not None and r["ns"] > 0
        for key in ("err", "err_regions"):
            ulp, flushed = r[key][:2]
            assert math.isfinite(ulp) or not label.startswith("vecmath"), (label, key, r[key])
    # the fast tier keeps its bound on these inputs (a real measurement, against the reference)
    for key in ("err", "err_regions"):
        assert got["vecmath fast"][key][0] <= spec.bound("fast", dtype)
        assert got["vecmath accurate"][key][0] <= max(spec.bound("accurate", dtype), 0.5)


def test_markdown_names_cpu_and_compares(result):
    spec_ = importlib.util.spec_from_file_location("bench_peers", SCRIPT)
    module = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(module)
    text = module.markdown(result, "python bench/bench_peers.py (test)")
    assert result["cpu"] in text and "load average" in text
    assert "### float32" in text and "### float64" in text
    compared = module.comparisons(result)
    assert {(c["fn"], c["dtype"]) for c in compared} == {(f, d) for f in FUNCS for d in ("float32", "float64")}

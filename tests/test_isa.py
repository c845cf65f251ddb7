"""Every tier gives the same bits on every CPU path (VECMATH_ISA=scalar|avx2|avx512) and on every
machine: each path must reproduce the committed golden hashes (vecmath/accuracy/golden.py)."""
import os
import subprocess
import sys

import numpy as np
import pytest

from vecmath.accuracy import golden


def available():
    import vecmath
    return vecmath.config()["available"]


def test_every_path_gives_the_committed_hashes():
    """Each CPU path this machine runs reproduces vecmath/accuracy/golden_hashes.json: the bits
    of every function, tier, dtype and derivative ufunc over ~2M inputs plus every float16."""
    want = golden.committed()
    assert len(want) >= 3 * 3 * 4 * 4
    paths = available()
    assert "scalar" in paths
    for isa in paths:
        got = golden.compute_on(isa)
        assert not golden.differences(got, want), (
            f"VECMATH_ISA={isa}: {golden.differences(got, want)} differ from the committed hashes "
            "(after an intended change of bits: python -m vecmath.accuracy.golden --write)")


def test_golden_inputs_cover_the_domain():
    for dtype in ("float32", "float64"):
        x = golden.inputs(dtype)
        finite = x[np.isfinite(x)]
        assert len(x) > 1_000_000 and np.isnan(x).any() and np.isinf(x).any()
        assert (np.abs(finite) < np.finfo(dtype).tiny).any() and (np.abs(finite) > 1e30).any()
        assert ((finite > 88) & (finite < 110)).any() and ((finite > -110) & (finite < -87)).any()
    assert len(np.unique(golden.inputs("float16").view(np.uint16))) == 1 << 16


def test_x86_paths_present_on_x86():
    import platform
    if platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("x86 paths are built only on x86-64")
    assert "avx2" in available()


def test_unknown_or_missing_isa_is_a_clear_error():
    for bad in ("avx3", "neon"):
        env = dict(os.environ, VECMATH_ISA=bad)
        r = subprocess.run([sys.executable, "-c", "import vecmath"], env=env,
                           capture_output=True, text=True)
        assert r.returncode != 0
        assert "VECMATH_ISA" in r.stderr and "Segmentation" not in r.stderr

"""Every tier gives the same bits on every CPU path (VECMATH_ISA=scalar|avx2|avx512): functions,
derivatives and fused value-and-derivative ufuncs."""
import os
import subprocess
import sys

import pytest

HASH_SCRIPT = r"""
import hashlib, numpy as np, vecmath
from vecmath import spec
rng = np.random.default_rng(2024)
specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 5e-324, -5e-324, 1e-310,
                     2.2250738585072014e-308, 1.7976931348623157e308, 88.72, -87.3, -103.9,
                     709.78, -708.4, -745.1, 0.5, 19.1, 9.01])
x64 = np.concatenate([specials, rng.uniform(-800, 800, 200_000), rng.uniform(-2, 2, 200_000),
                      np.frombuffer(rng.bytes(8 * 400_000), np.float64)])
x32 = np.concatenate([specials.astype(np.float32), rng.uniform(-110, 110, 200_000).astype(np.float32),
                      rng.uniform(-2, 2, 200_000).astype(np.float32),
                      np.frombuffer(rng.bytes(4 * 400_000), np.float32)])
x16 = np.arange(65536, dtype=np.uint16).view(np.float16)
out = {}
with np.errstate(all="ignore"):
    for tier in spec.TIERS:
        mod = getattr(vecmath, tier)
        ufuncs = [(fn, getattr(mod, fn)) for fn in mod.__all__]
        ufuncs += [("deriv." + fn, getattr(mod.deriv, fn)) for fn in mod.deriv.__all__]
        for name, uf in ufuncs:
            for x in (x64, x32, x16):
                ys = uf(x)
                for i, y in enumerate(ys if uf.nout == 2 else (ys,)):
                    y = np.where(np.isnan(y), np.nan, y).astype(y.dtype)  # NaN payloads aside
                    out[f"{tier}.{name}.{i}.{x.dtype}"] = hashlib.sha256(y.tobytes()).hexdigest()
print(vecmath.config()["isa"])
for k in sorted(out):
    print(k, out[k])
"""


def run(isa):
    env = dict(os.environ, VECMATH_ISA=isa)
    r = subprocess.run([sys.executable, "-c", HASH_SCRIPT], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n", 1)
    assert lines[0] == isa
    return lines[1]


def available():
    import vecmath
    return vecmath.config()["available"]


def test_all_paths_give_identical_bits():
    paths = available()
    assert "scalar" in paths
    results = {isa: run(isa) for isa in paths}
    reference = results["scalar"]
    assert reference.count("\n") >= 9  # 3 tiers x 3 dtypes of at least exp
    for isa, res in results.items():
        assert res == reference, f"{isa} differs from scalar"


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

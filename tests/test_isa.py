"""Every tier gives the same bits on every CPU path (VECMATH_ISA=scalar|avx2|avx512) and on every
machine: each path must reproduce the committed golden hashes (vecmath/accuracy/golden.py)."""
import os
import pathlib
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


NAN_RULE_CHILD = r'''
import json, sys
import numpy as np
from vecmath.accuracy import golden

UINT = {"float16": np.uint16, "float32": np.uint32, "float64": np.uint64}
MANT = {"float16": 10, "float32": 23, "float64": 52}
rng = np.random.default_rng(27)
bad = []
with np.errstate(all="ignore"):
    for dt, u in UINT.items():
        m, w = MANT[dt], 8 * np.dtype(dt).itemsize
        exp_mask = ((1 << (w - 1)) - 1) ^ ((1 << m) - 1)
        # NaNs: random payloads, both signs, quiet and signalling, at random places among numbers
        payload = rng.integers(1, 1 << m, 400, dtype=np.uint64)
        sign = rng.integers(0, 2, 400, dtype=np.uint64) << np.uint64(w - 1)
        nans = (sign | np.uint64(exp_mask) | payload).astype(u)
        x = rng.uniform(-3, 3, 4000).astype(dt)
        x[rng.choice(4000, 400, replace=False)] = nans.view(dt)
        # numbers whose results are NaN (log, log' of x < 0)
        x = np.concatenate([x, np.array([-1.0, -np.inf, -1e-300, -5e-324, -1e-40, -65504.0,
                                         -0.5, -3e38], dtype=np.float64).astype(dt)])
        xb = x.view(u)
        xnan = (xb & u(exp_mask)) == u(exp_mask)
        xnan &= (xb & u((1 << m) - 1)) != 0
        quiet_bit, default = u(1 << (m - 1)), u(((1 << w) - 1) ^ ((1 << (m - 1)) - 1))
        for label, uf in golden.ufuncs().items():
            for xs in (x, x[::-1][::-1].copy(), x[::3]):   # contiguous and strided (buffered) runs
                ys = uf(xs)
                xsb = xs.view(u) if xs.flags.c_contiguous else xs.copy().view(u)
                xsnan = np.isnan(xs)
                for i, y in enumerate(ys if uf.nout == 2 else (ys,)):
                    yb = y.view(u)
                    want_in = xsb | quiet_bit
                    wrong = (xsnan & (yb != want_in)) | (~xsnan & np.isnan(y) & (yb != default))
                    for j in np.flatnonzero(wrong)[:3]:
                        bad.append(f"{label}.{i} {dt} x={int(xsb[j]):#x} -> {int(yb[j]):#x}")
print(json.dumps(bad))
'''


def test_nan_bits_follow_the_rule_on_every_path():
    """A NaN input gives that NaN quieted (sign and payload kept), a NaN made from a number (log(-1),
    log'(-inf)) is the x86 default NaN with its sign bit set: every ufunc, dtype and CPU path."""
    import json
    for isa in available():
        env = dict(os.environ, VECMATH_ISA=isa)
        r = subprocess.run([sys.executable, "-c", NAN_RULE_CHILD], env=env, capture_output=True,
                           text=True, check=True)
        bad = json.loads(r.stdout)
        assert not bad, f"VECMATH_ISA={isa}: {len(bad)} NaN results break the rule: {bad[:10]}"


def test_isa_registry_reaches_build_config_and_errors():
    """csrc/isa_list.h is the one list of CPU paths: every name of this architecture's list has
    its build file and vector layer, reaches vecmath.config() and show_config(), and is named
    in the error for an unknown VECMATH_ISA."""
    import platform
    import re
    import vecmath
    root = pathlib.Path(__file__).resolve().parents[1]
    text = (root / "csrc" / "isa_list.h").read_text()
    arch = {"x86_64": "__x86_64__", "amd64": "__x86_64__", "aarch64": "__aarch64__",
            "arm64": "__aarch64__"}.get(platform.machine().lower())
    lists = dict(re.findall(r"defined\((\w+)\)\n#define VM_ISA_LIST\(X, arg\) ([^\n]+)", text))
    listed = re.findall(r"X\((\w+), arg\)", lists.get(arch, "X(scalar, arg)"))
    assert vecmath.config()["paths"] == listed
    for isa in listed:
        assert (root / "csrc" / f"isa_{isa}.c").exists()
        layer = "scalar" if isa == "scalar" else re.sub(r"\d+$", "", isa) if isa.startswith("sve") else isa
        assert (root / "csrc" / "simd" / f"vm_simd_{layer}.h").exists()
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        vecmath.show_config()
    assert "|".join(listed) in out.getvalue()
    r = subprocess.run([sys.executable, "-c", "import vecmath"], capture_output=True, text=True,
                       env=dict(os.environ, VECMATH_ISA="nonesuch"))
    assert r.returncode != 0 and " ".join(listed) in r.stderr

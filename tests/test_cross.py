"""The AArch64 paths (scalar, NEON, SVE-256, SVE-512) give this machine's bits: tools/cross_check.py --quick
cross-builds the kernels and runs them under qemu-aarch64 on every 64th golden input (every
special value and NaN kept), compared bit for bit with the ufuncs here.  Skips where the cross
compiler or qemu is missing (Debian: apt-get install gcc-aarch64-linux-gnu qemu-user); the full
check against the golden hashes is `python tools/cross_check.py` (docs/accuracy.md).

The Python package on AArch64: tools/build_wheels.sh aarch64 cross-builds the wheel (setup.py in
Debian's arm64 CPython under qemu, tools/aarch64_sysroot.sh), whose file list is checked
(tests/wheel_files.py), and tools/test_wheel_aarch64.py --quick installs it there and runs, on
every AArch64 path, show_config and every ufunc's bits on the quick input subset, and on NEON the
ufunc contract and warning tests and NumPy's umath tests with vecmath swapped in (~3 minutes: marked
`wheel`, it runs with `pytest -m wheel`, as .ci/run does, not in the default run).
Skips where qemu, the cross compiler or Debian's arm64 packages cannot be had."""
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_aarch64_paths_give_these_bits():
    if platform.machine() == "aarch64":
        pytest.skip("on AArch64 the ordinary tests run these paths natively")
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "cross_check.py"), "--quick"],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 77:
        pytest.skip(r.stdout.strip())
    assert r.returncode == 0, r.stdout + r.stderr
    assert "neon" in r.stdout, r.stdout


def test_aarch64_paths_give_these_bits_under_flush_to_zero():
    """With FPCR.FZ set, as a process with a -ffast-math library runs, every kernel still gives
    these bits and leaves the mode set (csrc/vm_fpmode.h; the driver exits 4 otherwise)."""
    if platform.machine() == "aarch64":
        pytest.skip("on AArch64 the ordinary tests run these paths natively")
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "cross_check.py"), "--quick", "--flush"],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 77:
        pytest.skip(r.stdout.strip())
    assert r.returncode == 0, r.stdout + r.stderr
    assert "neon" in r.stdout and "FPCR.FZ set" in r.stdout, r.stdout


@pytest.mark.wheel
def test_python_package_on_aarch64(tmp_path):
    if platform.machine() == "aarch64":
        pytest.skip("on AArch64 the ordinary tests run the package natively")
    from wheel_files import tag_problems, wheel_problems

    env = dict(os.environ, WHEEL_DIR=str(tmp_path / "dist"))
    env.pop("CC", None)
    r = subprocess.run([str(ROOT / "tools" / "build_wheels.sh"), "aarch64"], capture_output=True, text=True,
                       cwd=ROOT, env=env)
    if r.returncode == 77:
        pytest.skip((r.stderr or r.stdout).strip()[-300:])
    assert r.returncode == 0, (r.stdout + r.stderr)[-4000:]
    wheel = next((tmp_path / "dist").glob("vecmath_ufuncs-*manylinux*_aarch64.whl"))
    assert wheel_problems(wheel) == [] and tag_problems(wheel) == []
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "test_wheel_aarch64.py"), str(wheel), "--quick"],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 77:
        pytest.skip(r.stdout.strip())
    assert r.returncode == 0, (r.stdout + r.stderr)[-4000:]
    assert "every step passed on scalar, neon, sve256, sve512" in r.stdout, r.stdout

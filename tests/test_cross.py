"""The AArch64 paths (scalar, NEON) give this machine's bits: tools/cross_check.py --quick
cross-builds the kernels and runs them under qemu-aarch64 on every 64th golden input (every
special value and NaN kept), compared bit for bit with the ufuncs here.  Skips where the cross
compiler or qemu is missing (Debian: apt-get install gcc-aarch64-linux-gnu qemu-user); the full
check against the golden hashes is `python tools/cross_check.py` (docs/accuracy.md)."""
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

"""Generated tables and coefficients are committed; a fresh run of the generator must match."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_generated_files_are_current():
    r = subprocess.run([sys.executable, "-m", "vecmath._gen", "--check", "--root", str(ROOT)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_python_tables_match_c_header():
    from vecmath import _data

    header = (ROOT / "csrc" / "generated" / "vm_data.h").read_text()
    assert "vm_exp_accurate_k" in header and hasattr(_data, "VM_EXP_ACCURATE_K")
    for v in _data.VM_EXP_ACCURATE_K.values():
        assert v.hex() in header

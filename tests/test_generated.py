"""Generated tables and coefficients are committed and consistent.  The fresh run of the whole
generator, which certifies every polynomial's error with Sollya (Debian `sollya`; CI installs
it), is part of the proofs: `python -m vecmath.accuracy.prove` runs `python -m vecmath._gen
--check` (docs/design.md, "Test layers"); the lists and stubs, which need no Sollya, are
checked here."""
import pathlib

import pytest

from vecmath._gen import certify

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_python_tables_match_c_header():
    from vecmath import _data

    header = (ROOT / "csrc" / "generated" / "vm_data.h").read_text()
    assert "vm_exp_accurate_k" in header and hasattr(_data, "VM_EXP_ACCURATE_K")
    for v in _data.VM_EXP_ACCURATE_K.values():
        assert v.hex() in header


@pytest.mark.skipif(not certify.available(), reason="Sollya is not installed")
def test_certified_bound_encloses_a_known_error():
    """exp(x) - (1 + x) on [-2^-10, 2^-10]: the relative error is largest at an end, where mpmath
    gives it; Sollya's bound must hold it and be tight."""
    import mpmath as mp

    lo, hi = -mp.mpf(2) ** -10, mp.mpf(2) ** -10
    bound = certify.certified_error("exp(x)", lo, hi, [(0, 1), (1, 1)])
    exact = max(abs((1 + x - mp.exp(x)) / mp.exp(x)) for x in (lo, hi))
    assert exact <= bound <= exact * (1 + mp.mpf(2) ** -10)
    with pytest.raises(RuntimeError):
        certify.certified_error("log(x)", -1, 1, [(1, 1)])    # log has no value there


def test_midpoint_windows_are_powers_of_two():
    """vd_near_f32_midpoint tests one run of bits, which needs a power-of-two window."""
    import math

    from vecmath import _data

    windows = [_data.VM_EXP_F32_ACCURATE_K["window"]] + [
        getattr(_data, f"VM_{fn.upper()}_LIMITS")["f32_cr_window"] for fn in ("log", "tanh", "atan")] + [
        getattr(_data, f"VM_{fn.upper()}_F32_FIRST_K")["window"] for fn in ("erf", "erfc")]
    for w in windows:
        assert w >= 1 and math.frexp(w)[0] == 0.5, w


def test_function_lists_are_current():
    """csrc/generated/vm_functions.h and vm_kernel_files.h list every descriptor's function (no
    Sollya needed: they come from vecmath/functions alone)."""
    from vecmath._gen.__main__ import render_function_lists

    for path, text in render_function_lists().items():
        assert (ROOT / path).read_text() == text, f"{path} is stale: run python -m vecmath._gen"


def test_typing_stubs_are_current():
    """The .pyi stubs and py.typed (vecmath/_gen/stubs.py; no Sollya needed)."""
    from vecmath._gen.stubs import render_stubs

    for path, text in render_stubs().items():
        assert (ROOT / path).exists() and (ROOT / path).read_text() == text, \
            f"{path} is stale: run python -m vecmath._gen"

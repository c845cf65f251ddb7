"""python -m vecmath, the README's demo: a row whose peer is not installed says so and is timed
against nothing, never against vecmath itself."""
import re
import sys

import pytest

pytest.importorskip("vecmath._ufuncs")
from vecmath.__main__ import main  # noqa: E402

RATIO = re.compile(r"\d\.\d\dx")
SPEED_ROW = re.compile(r"^\w+ +float(32|64) +speed ", re.M)


def test_row_without_its_peer_has_no_ratio(monkeypatch, capsys):
    for name in [m for m in sys.modules if m == "scipy" or m.startswith("scipy.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "scipy", None)          # import scipy raises ImportError
    main(["sigmoid", "exp"])
    out = capsys.readouterr().out
    sigmoid = out[out.index("\nsigmoid "):out.index("\nexp ")]
    assert "scipy.special:expit is not installed" in sigmoid
    assert not RATIO.search(sigmoid)                        # nothing timed against itself
    assert sigmoid.count("ns/elem") == 2                    # float32 and float64: the tiers' own times
    exp = out[out.index("\nexp "):]
    assert len(SPEED_ROW.findall(exp)) == 2 and len(RATIO.findall(exp)) == 8 and "not installed" not in exp


def test_row_with_its_peer_has_ratios(capsys):
    pytest.importorskip("scipy.special")
    main(["sigmoid"])
    out = capsys.readouterr().out
    assert len(SPEED_ROW.findall(out)) == 2 and "its column is scipy.special:expit" in out

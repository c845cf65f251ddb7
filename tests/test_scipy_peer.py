"""SciPy's own scipy.special tests with vecmath swapped in (issue 35, part 5): every vecmath
function whose descriptor's test_peer, by default its peer, is scipy.special:NAME (sigmoid:
expit, erf, erfc, softplus) replaces SciPy's, and the SciPy tests that call it run
(tools/scipy_special_peer.py; docs/design.md, "Peers' own tests", lists what passes and what is
an expected failure, and why).  Complex and long double cases run on the loops SciPy's ufunc
lends vecmath's, so none is skipped.  One pytest run per tier, ~45 s each on 2 cores; the approx
tier is run by the tool alone."""
import sys
from pathlib import Path

import pytest

pytest.importorskip("scipy.special")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import scipy_special_peer as peer  # noqa: E402


@pytest.mark.parametrize("tier", ["accurate", "fast"])
def test_scipy_special_tests_pass_with_vecmath(tier):
    import scipy.special

    swapped = {a for a in peer.swapped_functions() if hasattr(scipy.special, a)}
    if not swapped:
        pytest.skip("no vecmath function has a scipy.special peer this SciPy has")
    rc, rows = peer.run(tier)
    failed = [f"{r['test']}: {r['reason']}" for r in rows if r["outcome"] == "failed"]
    assert rc == 0 and not failed, f"pytest exit {rc}; failed:\n" + "\n".join(failed)
    # every swapped function had SciPy tests of its own run against it, and passing
    tested = {u for r in rows if r["outcome"] == "passed" for u in r["uses"]}
    assert tested == swapped, f"no SciPy test passed with vecmath's {sorted(swapped - tested)}"

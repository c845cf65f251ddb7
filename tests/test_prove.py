"""The proofs' record (vecmath/accuracy/proofs.json, `python -m vecmath.accuracy.prove`): it covers
every function, tier and dtype proven; what it recorded keeps today's bounds; the float64 proofs
hold for this machine's bits (their digests are cheap); and a proof that fails is reported."""
import json

import numpy as np
import pytest

pytest.importorskip("vecmath._ufuncs")
import vecmath  # noqa: E402
from vecmath import spec  # noqa: E402
from vecmath.accuracy import prove, sample_inputs  # noqa: E402
from vecmath.accuracy.measure import Result  # noqa: E402

RECORD = prove.load()["proofs"]
ENTRIES = [(d, f, t) for d in prove.DTYPES for f in spec.FUNCTIONS for t in spec.TIERS]


@pytest.mark.parametrize("dtype,func,tier", ENTRIES)
def test_record_keeps_todays_bound(dtype, func, tier):
    entry = RECORD.get(dtype, {}).get(func, {}).get(tier)
    assert entry, f"no proof recorded for {tier} {func} {dtype}: run python -m vecmath.accuracy.prove --write"
    result = Result(**entry["result"])
    assert prove.keeps(result, tier, dtype), result.line()
    if dtype == "float32":
        assert result.inputs == "exhaustive" and result.n + result.flushed == 2 ** 32


@pytest.mark.parametrize("func", spec.FUNCTIONS)
def test_float64_proof_set_is_the_recorded_one(func):
    """Every machine draws the same float64 proof set (integer arithmetic only: no libm or SIMD
    call, whose bits differ between CPUs), so the recorded digests can hold anywhere."""
    recorded = {e["inputs"] for e in prove.load()["proofs"]["float64"][func].values()}
    drawn = prove._bits_digest(prove.float64_inputs(func)).hexdigest()
    assert recorded == {drawn}, f"{func}: this machine draws another proof set than the one recorded"


@pytest.mark.parametrize("func", spec.FUNCTIONS)
def test_float64_proofs_hold_for_these_bits(func, capsys):
    """The recorded float64 proofs are of this build's outputs on today's proof set (a change of
    bits must be proven again: python -m vecmath.accuracy.prove --write)."""
    assert prove.main(["--functions", func, "--dtypes", "float64", "--no-generator"]) == 0
    out = capsys.readouterr().out
    assert out.count("held (same digest as proven)") == len(spec.TIERS), out


def test_a_failing_proof_is_reported(monkeypatch, tmp_path, capsys):
    """New bits are proven from scratch, and a tier that breaks its bound fails the command."""
    monkeypatch.setattr(prove, "float64_inputs", lambda func: sample_inputs(func, 2000, 1, "float64", worstcases=False))
    record = tmp_path / "proofs.json"
    monkeypatch.setattr(prove, "PROOFS_FILE", record)
    assert prove.main(["--no-generator", "--functions", "exp", "--dtypes", "float64", "--write"]) == 0
    assert "3 proven" in capsys.readouterr().out
    assert prove.main(["--no-generator", "--functions", "exp", "--dtypes", "float64"]) == 0
    assert "3 held by digest" in capsys.readouterr().out

    def one_ulp_up(x):                                   # the accurate tier, 1 ULP off
        return np.nextafter(vecmath.exp(x), np.inf)

    real = prove.tier_callable
    monkeypatch.setattr(prove, "tier_callable", lambda t, f: one_ulp_up if t == "accurate" else real(t, f))
    saved = record.read_text()
    assert prove.main(["--no-generator", "--functions", "exp", "--dtypes", "float64", "--write", "--tiers", "accurate"]) == 1
    out = capsys.readouterr().out
    assert "FAIL vecmath.accurate.exp float64: proven" in out and "1 failed" in out
    assert record.read_text() == saved                   # a failed proof records nothing
    assert json.loads(saved)["proofs"]["float64"]["exp"]["accurate"]["result"]["max_ulp"] < 1

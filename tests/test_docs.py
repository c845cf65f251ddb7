"""The kernel files quote their measured worst inputs (as ARM's optimized-routines do); each quote
must be the figure docs/accuracy.md holds, which python -m vecmath.accuracy.report measured.

    Worst measured: <fn> <tier> <dtype> <max ULP> ULP at x = <input>
"""
import pathlib
import re

from vecmath import spec

ROOT = pathlib.Path(__file__).resolve().parents[1]
QUOTE = re.compile(r"Worst measured: (\w+) (\w+) (float\d+) (\S+) ULP at x = (\S+)")


def accuracy_rows():
    """(fn, tier, dtype) -> (max ULP, worst input) as docs/accuracy.md's tables print them."""
    rows, section = {}, None
    for line in (ROOT / "docs" / "accuracy.md").read_text().splitlines():
        m = re.match(r"### (\w+) (float\d+)", line)
        if m:
            section = m.groups()
            continue
        m = re.match(r"\| `vecmath\.(\w+)\.(\w+)` \|[^|]*\| ([^ |]+)[^|]*\|[^|]*\| ([^:|]+):", line)
        if m and section and m.group(2) == section[0]:
            rows[(section[0], m.group(1), section[1])] = (m.group(3), m.group(4).strip())
    return rows


def test_quoted_worst_inputs_match_the_accuracy_report():
    rows = accuracy_rows()
    quotes = [(path.name, q) for path in sorted((ROOT / "csrc").rglob("*.[ch]"))
              for q in QUOTE.findall(path.read_text())]
    assert quotes, "no kernel file quotes its worst input"
    for name, (fn, tier, dtype, ulp, x) in quotes:
        assert fn in spec.FUNCTIONS and tier in spec.TIERS, (name, fn, tier)
        assert rows.get((fn, tier, dtype)) == (ulp, x), (
            f"{name}: quotes {fn} {tier} {dtype} {ulp} ULP at {x}; docs/accuracy.md has "
            f"{rows.get((fn, tier, dtype))}")

"""The kernel files quote their measured worst inputs (as ARM's optimized-routines do); each quote
must be the figure docs/accuracy.md holds, which python -m vecmath.accuracy.report measured.

    Worst measured: <fn> <tier> <dtype> <max ULP> ULP at x = <input>
"""
import pathlib
import re

import pytest

from vecmath import spec
from vecmath._gen import isa_list

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


# The places that name every function or every CPU path: (file, pattern whose group 1 holds the
# list).  A function added to vecmath/functions or a path added to csrc/isa_list.h must appear
# in each, and nothing else may be listed there.
FUNCTION_LISTS = [
    ("README.md", r"Vectorized \*\*([^*]+)\*\*"),
    ("pyproject.toml", r'description = "Vectorized (.+?) for NumPy'),
    ("vecmath/__init__.py", r'"""vecmath: vectorized (.+?) as NumPy ufuncs'),
    ("csrc/vecmath.h", r"/\* vecmath: vectorized (.+?) in three accuracy tiers"),
    ("vecmath/cuda/__init__.py", r"\n    (vecmath\.cuda\.exp\(x\)[^\n]*)\n"),
]
PATH_LISTS = [
    ("README.md", r"the same bits on every CPU path\*\* \(([^)]+)\)"),
    ("README.md", r"`vecmath\.show_config\(\)` — the CPU path in use; (.+?) forces one"),
    ("vecmath/__init__.py", r"the same bits on every CPU path \(([^)]+)\)"),
    ("csrc/simd/vm_simd.h", r"one API over every CPU path of csrc/isa_list\.h \(([^)]+)\)"),
    ("docs/design.md", r"\| vector layer \|[^\n]*?over every CPU path of `csrc/isa_list\.h` \(([^)]+)\)"),
    ("docs/design.md", r"\| kernels \|[^\n]*?by its build file `csrc/isa_<name>\.c` \(([^)]+)\)"),
    ("docs/design.md", r"\| dispatch \|[^\n]*?or from (`VECMATH_ISA=.+?) \(an unknown name"),
]
# How the docs write each path of csrc/isa_list.h (SVE: both vector lengths)
PATH_WORDS = {"scalar": "scalar", "avx2": "AVX2", "avx512": "AVX-512", "neon": "NEON",
              "sve256": "SVE", "sve512": "SVE"}
FUNCTION_WORD = re.compile(r"\b(expm1|log1p|exp|log|tanh|atan|sigmoid|erfc|erf)\b")


def isa_paths():
    """Every CPU path csrc/isa_list.h lists, on any architecture, in its order (its one parser)."""
    rows = isa_list.parse((ROOT / "csrc" / "isa_list.h").read_text())
    names = [isa.name for arch_rows in rows.values() for isa in arch_rows]
    assert names, "no paths found in csrc/isa_list.h"
    return list(dict.fromkeys(names))


def listed(path, pattern):
    m = re.search(pattern, (ROOT / path).read_text(), re.S)
    assert m, f"{path}: the list ({pattern}) is gone; update tests/test_docs.py with it"
    return m.group(1)


@pytest.mark.parametrize("path,pattern", FUNCTION_LISTS, ids=[p for p, _ in FUNCTION_LISTS])
def test_lists_of_functions_name_every_descriptor(path, pattern):
    names = list(dict.fromkeys(FUNCTION_WORD.findall(listed(path, pattern))))
    assert names == list(spec.FUNCTIONS), f"{path} lists {names}, the descriptors {spec.FUNCTIONS}"


@pytest.mark.parametrize("path,pattern", PATH_LISTS, ids=[p for p, _ in PATH_LISTS])
def test_lists_of_paths_name_every_path_of_isa_list(path, pattern):
    text = listed(path, pattern)
    paths = isa_paths()
    assert not [p for p in paths if p not in PATH_WORDS], "a new path: add how the docs write it to PATH_WORDS"
    if "VECMATH_ISA=" in text:   # names as VECMATH_ISA takes them
        named = set(re.findall(r"VECMATH_ISA=([\w|]+)", text))
        got = {n for group in named for n in group.split("|")}
        assert got == set(paths), f"{path}: VECMATH_ISA names {sorted(got)}, isa_list.h {paths}"
    else:                        # names as people write them (or as the code does)
        got = {p for p in paths if any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)
                                       for w in (PATH_WORDS[p], p))}
        assert got == set(paths), f"{path}: names {sorted(got)} of the paths {paths}"


def test_every_vecmath_isa_name_is_a_path():
    """Wherever the docs, docstrings, headers or tests write VECMATH_ISA=a|b|..., each name is a
    path of csrc/isa_list.h."""
    paths = set(isa_paths())
    files = [*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"), *(ROOT / "vecmath").rglob("*.py"),
             *(ROOT / "csrc").rglob("*.[ch]"), *(ROOT / "tests").glob("*.py"), *(ROOT / "tools").glob("*")]
    bad = []
    for f in files:
        if not f.is_file() or f.name == "test_docs.py":
            continue
        for group in re.findall(r"VECMATH_ISA=(\w+(?:\|\w+)+)", f.read_text(errors="replace")):
            bad += [(f.relative_to(ROOT).as_posix(), n) for n in group.split("|") if n and n not in paths]
    assert not bad, f"VECMATH_ISA names that are no path of csrc/isa_list.h: {bad}"

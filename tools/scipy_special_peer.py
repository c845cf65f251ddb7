"""SciPy's own scipy.special tests with vecmath swapped in: a pytest plugin and its driver.

    python tools/scipy_special_peer.py                  # accurate tier; --tier all runs all three
    python -m pytest -p scipy_special_peer -n 0 -rA --rootdir=SITE_PACKAGES \
        --pyargs scipy.special.tests.test_logit          # the plugin alone, tools/ on PYTHONPATH
                                                        # (rootdir above scipy/: its conftest)

Which functions: every vecmath function whose descriptor's test_peer, by default its peer
(vecmath/functions/*.py), is "scipy.special:NAME" (sigmoid: expit, erf, erfc; softplus, whose
SciPy counterpart is a Python function, not a ufunc peer).  A function added later with such a
peer is swapped in and its tests found with no edit here.  Before SciPy's test modules are
imported, scipy.special.NAME, and the same object under every loaded scipy.special submodule
(scipy.special._ufuncs, which test_basic calls as cephes.NAME), become vecmath's ufunc of the
tier VECMATH_PEER_TIER (accurate, fast or approx; default accurate).

Which tests: the driver collects all of scipy.special.tests (about 7 s); the plugin keeps the
tests that call a swapped function: a parameter is (or holds) one (test_data's FuncData,
test_cython_special's PARAMS, test_nan_inputs' ufunc list), or the test's source, with the
class's self.helpers it calls, names one as a word (not mpmath.NAME: the reference).  The rest are deselected, since they would test SciPy, not vecmath.

What counts: vecmath computes float16/32/64; for the other dtypes SciPy's ufunc lends vecmath's
its loops (csrc/ufunc_module.c), so every test runs, those cases on SciPy's loops.  KNOWN lists
the tests that check something vecmath does not promise (KNOWN_IN_TIER: in one tier), run as
strict xfails with the reason.  Anything else that fails is a difference from SciPy.
VECMATH_PEER_REPORT=FILE writes each test's outcome and reason as JSON lines (the driver's table).
"""
import json
import os
import re
import sys
from pathlib import Path

import pytest

TIERS = ("accurate", "fast", "approx")

# node id fragment ("...$": the id's end) -> why vecmath is not expected to pass it (run as a strict xfail)
KNOWN = {
    "test_support_alternative_backends.py::test_doc[":
        "checks that the docstring carries the array-API note SciPy's wrapper adds to SciPy's own "
        "ufuncs; vecmath's ufunc has vecmath's docstring",
}
# the same, for one tier only
KNOWN_IN_TIER = {
    "approx": {
        "test_basic.py::TestSoftplus::test_softplus$":
            "asserts rtol 2e-15 (about 9 ULP) against mpmath; the approx tier promises 2^26 ULP "
            "in float64 (vecmath.spec.BOUNDS), about 1.5e-8 relative",
    },
}


def swapped_functions():
    """{scipy.special name: vecmath function name} from the descriptors' test_peer (by default
    their peer)."""
    from vecmath.functions import BY_NAME

    out = {}
    for fn, d in BY_NAME.items():
        module, _, attr = (d.test_peer_ref or "").partition(":")
        if module == "scipy.special":
            out[attr] = fn
    return out


_state = {"swapped": {}, "ufuncs": {}, "report": None}


def _install(tier_name):
    import numpy as np
    import scipy.special
    import vecmath

    tier = getattr(vecmath, tier_name)
    for attr, fn in swapped_functions().items():
        original = getattr(scipy.special, attr, None)
        if original is None:
            continue                     # this SciPy lacks it: nothing to swap, no tests
        ours = getattr(tier, fn)
        # vecmath's ufunc takes SciPy's loops for the dtypes it does not compute (complex, long
        # double) from scipy.special.NAME at its first call on one; after the swap that name is
        # vecmath's own, so that call comes first
        for types in getattr(original, "types", ()):
            if isinstance(ours, np.ufunc) and types[0] not in "efd":
                with np.errstate(all="ignore"):
                    ours(np.zeros(1, types[0]))
        for name, mod in list(sys.modules.items()):
            if (name == "scipy.special" or name.startswith("scipy.special.")) and \
                    getattr(mod, attr, None) is original:
                setattr(mod, attr, ours)
        # SciPy's array-API layer keys each function's capabilities by the object, and its
        # wrapper returns scipy.special's current one (test_support_alternative_backends)
        from scipy._lib import _array_api
        table = getattr(_array_api, "xp_capabilities_table", {})
        if original in table:
            table[ours] = table[original]
        _state["swapped"][attr] = fn
        _state["ufuncs"][id(ours)] = attr


def pytest_configure(config):
    tier = os.environ.get("VECMATH_PEER_TIER", "accurate")
    if tier not in TIERS:
        raise pytest.UsageError(f"VECMATH_PEER_TIER={tier!r}: one of {', '.join(TIERS)}")
    _install(tier)
    import scipy.special
    import scipy.special._ufuncs
    import vecmath
    for attr, fn in _state["swapped"].items():       # the swap is real, or nothing runs
        mods = [scipy.special] + ([scipy.special._ufuncs] if hasattr(scipy.special._ufuncs, attr)
                                  else [])
        if any(getattr(m, attr) is not getattr(getattr(vecmath, tier), fn) for m in mods):
            raise pytest.UsageError(f"scipy.special.{attr} is not vecmath.{tier}.{fn}")
    for mark in ("slow", "xslow", "fail_slow", "array_api_backends", "thread_unsafe",
                 "parallel_threads", "skip_xp_backends", "xfail_xp_backends", "iterations"):
        config.addinivalue_line("markers", f"{mark}: SciPy's marker")
    path = os.environ.get("VECMATH_PEER_REPORT")
    if path:
        _state["report"] = open(path, "w")


def pytest_unconfigure(config):
    if _state["report"]:
        _state["report"].close()


def pytest_report_header(config):
    import vecmath
    names = ", ".join(f"scipy.special.{a} -> vecmath.{f}" for a, f in _state["swapped"].items())
    return (f"scipy_special_peer: {names or 'nothing swapped'} "
            f"({os.environ.get('VECMATH_PEER_TIER', 'accurate')} tier; path {vecmath.config()['isa']})")


def _word_pattern():
    names = "|".join(map(re.escape, sorted(_state["swapped"], key=len, reverse=True)))
    return re.compile(rf"\b({names})\b") if names else None


def _names_in_source(item, pattern):
    import inspect
    import textwrap

    fn = getattr(item, "function", None)
    if fn is None:
        return set()
    seen, todo, found = set(), [fn], set()
    cls = getattr(item, "cls", None)
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        try:
            src = textwrap.dedent(inspect.getsource(f))
        except (OSError, TypeError):
            continue
        src = re.sub(r"\b(?:mpmath|mp|cython_special)\.\w+", "", src)
        src = re.sub(r"(['\"]).*?\1", "", src)            # names inside strings are not calls
        found.update(m.group(1) for m in pattern.finditer(src))
        if cls is not None:                              # the class's helpers it calls
            for helper in re.findall(r"\bself\.(\w+)", src):
                h = getattr(cls, helper, None)
                if callable(h):
                    todo.append(h)
    return found


def _swapped_in(value, depth=0):
    if id(value) in _state["ufuncs"]:
        return {_state["ufuncs"][id(value)]}
    if depth > 2:
        return set()
    found = set()
    if isinstance(value, (list, tuple, set)):
        for v in value:
            found |= _swapped_in(v, depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            found |= _swapped_in(v, depth + 1)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for v in vars(value).values():
            found |= _swapped_in(v, depth + 1)
    return found


def pytest_collection_modifyitems(config, items):
    pattern = _word_pattern()
    kept, dropped = [], []
    for item in items:
        uses = set()
        if pattern is not None:
            callspec = getattr(item, "callspec", None)
            if callspec is not None:
                uses = _swapped_in(list(callspec.params.values()))
            uses |= _names_in_source(item, pattern)
        if not uses:
            dropped.append(item)
            continue
        item.user_properties.append(("vecmath_uses", sorted(uses)))
        tier = os.environ.get("VECMATH_PEER_TIER", "accurate")
        for fragment, why in {**KNOWN, **KNOWN_IN_TIER.get(tier, {})}.items():
            if fragment in item.nodeid + "$":       # "...$": the node id ends there
                item.add_marker(pytest.mark.xfail(strict=True, reason=why))
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_runtest_logreport(report):
    out = _state["report"]
    if out is None:
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        if report.skipped and hasattr(report, "wasxfail"):
            outcome, reason = "xfailed", report.wasxfail
        elif report.skipped:
            outcome = "skipped"
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            reason = reason.removeprefix("Skipped: ")
        elif report.failed:
            outcome = "failed"
            crash = getattr(report.longrepr, "reprcrash", None)
            reason = (crash.message if crash else str(report.longrepr)).strip()
            reason = " ".join(reason.split())[:400]
        else:
            outcome, reason = "passed", ""
        uses = dict(report.user_properties).get("vecmath_uses", [])
        out.write(json.dumps({"test": report.nodeid, "outcome": outcome, "reason": reason,
                              "uses": uses}) + "\n")
        out.flush()


# ------------------------------------------------------------------------------------------------
# the driver

def tests_dir():
    import scipy.special

    return Path(scipy.special.__file__).parent / "tests"


def run(tier, extra=()):
    """Run the plugin on scipy.special's tests (it keeps those that call a swapped function);
    returns (pytest's exit status, one row per test)."""
    import subprocess
    import tempfile

    import vecmath

    if not swapped_functions():
        return 5, []
    tools = str(Path(__file__).resolve().parent)
    here = str(Path(vecmath.__file__).resolve().parents[1])      # this vecmath in the child too
    path = os.pathsep.join([tools, here] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.jsonl")
        # SCIPY_XSLOW: SciPy's xslow tests of these functions take seconds (hypothesis)
        env = {"SCIPY_XSLOW": "1", **os.environ, "VECMATH_PEER_TIER": tier,
               "VECMATH_PEER_REPORT": report, "PYTHONPATH": path}
        # rootdir above scipy/: SciPy's conftest.py (the xp fixture, the xslow switch) applies
        cmd = [sys.executable, "-m", "pytest", "-p", "scipy_special_peer", "-p", "no:cacheprovider",
               "-p", "no:xdist", "-q", "-rfsxX", f"--rootdir={tests_dir().parents[1]}",
               "--pyargs", "scipy.special.tests", *extra]
        r = subprocess.run(cmd, env=env, cwd=tmp, capture_output=True, text=True)
        rows = [json.loads(line) for line in Path(report).read_text().splitlines()] \
            if os.path.exists(report) else []
    if r.returncode not in (0, 1):
        sys.stderr.write(r.stdout[-4000:] + r.stderr[-4000:])
    return r.returncode, rows


def main(argv=None):
    import argparse
    from collections import Counter

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tier", default="accurate", choices=TIERS + ("all",))
    ap.add_argument("pytest_args", nargs="*", help="passed to pytest (after --)")
    args = ap.parse_args(argv)

    swapped = swapped_functions()
    import scipy.special
    print(f"scipy {scipy.__version__}; swapped (descriptor peers in scipy.special): "
          + (", ".join(f"{a} <- vecmath.{f}" for a, f in swapped.items()) or "none"))
    for name in ("expit", "erf", "erfc", "softplus"):
        if name not in swapped:
            print(f"  scipy.special.{name}: no vecmath function has it as peer in this tree; "
                  "its tests are not run")
    worst = 0
    for tier in (TIERS if args.tier == "all" else (args.tier,)):
        rc, rows = run(tier, args.pytest_args)
        counts = Counter(r["outcome"] for r in rows)
        print(f"\n== {tier} tier: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
              + f" (pytest exit {rc})")
        for r in rows:
            line = f"  {r['outcome']:8} {r['test']}"
            if r["reason"]:
                line += f"\n           {r['reason']}"
            print(line)
        worst = max(worst, rc if rc != 5 else 0)
    return worst


if __name__ == "__main__":
    sys.exit(main())

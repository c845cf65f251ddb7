"""What users read: help() of every ufunc and the API reference site (docs/api) say the facts the
tests check (vecmath.spec's bounds, the descriptors' domain, specials and peer), the tiers'
ufuncs are told apart in their repr, and the site has a page per function of spec.FUNCTIONS."""
import doctest
import subprocess
import sys
from pathlib import Path

import pytest

import vecmath
from vecmath import _doc, spec

ROOT = Path(__file__).resolve().parents[1]
TIERS = [vecmath.accurate, vecmath.fast, vecmath.approx]
TIER_OF = dict(zip(TIERS, spec.TIERS))


def test_tiers_are_told_apart_in_repr():
    for fn in spec.FUNCTIONS:
        for get in (lambda t: getattr(t, fn), lambda t: getattr(t.deriv, fn),
                    lambda t: getattr(t.deriv, fn + "_and_deriv")):
            reprs = {repr(get(t)) for t in TIERS}
            assert len(reprs) == len(TIERS), reprs
        assert repr(vecmath.fast.exp) == "<ufunc 'fast.exp'>"


@pytest.mark.parametrize("tier", TIERS, ids=lambda t: t.__name__)
def test_help_says_the_bounds_domain_specials_and_peer(tier):
    t = TIER_OF[tier]
    for fn in spec.FUNCTIONS:
        doc = getattr(tier, fn).__doc__
        for dt in spec.DTYPES:
            assert f"{dt:8s} {_doc.bound_text(t, dt)}" in doc, (fn, dt)
            assert f"{dt:8s} {_doc.deriv_bound_text(t, dt)}" in getattr(tier.deriv, fn).__doc__, (fn, dt)
        assert _doc.domain_text(fn) in doc and _doc.peer_text(fn) in doc
        for x, y in spec.SPECIALS[fn]:
            assert f"{fn}({_doc.number(x)}) = {_doc.number(y)}" in doc
        assert _doc.deriv_name(t, fn) in doc and _doc.deriv_name(t, fn + "_and_deriv") in doc


@pytest.mark.parametrize("tier", TIERS, ids=lambda t: t.__name__)
def test_help_examples_run(tier):
    """Every docstring's example gives what it shows (a doctest of each ufunc's __doc__)."""
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    names = tier.__all__ + tier.deriv.__all__
    for uf in {getattr(tier, n) for n in tier.__all__} | {getattr(tier.deriv, n) for n in tier.deriv.__all__}:
        runner.run(parser.get_doctest(uf.__doc__, {}, uf.__name__, None, 0))
    assert runner.failures == 0 and runner.tries >= 2 * len(names)


def test_backend_names_exist():
    """The pages' numba names resolve (the adapters' and CUDA's are their own tests' business)."""
    import importlib

    pytest.importorskip("numba")
    for fn in spec.FUNCTIONS:
        for t in spec.TIERS:
            name = _doc.backend_names(fn, t)[list(_doc.BACKENDS.values()).index("numba")]
            module, _, attr = name.rpartition(".")
            assert callable(getattr(importlib.import_module(module), attr)), name


def test_api_site_builds_with_a_page_per_function(tmp_path):
    pytest.importorskip("sphinx")
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(ROOT / "docs" / "api"),
                        str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    pages = {p.stem for p in (tmp_path / "generated" / "functions").glob("*.html")}
    assert pages == set(spec.FUNCTIONS)
    for fn in spec.FUNCTIONS:
        html = (tmp_path / "generated" / "functions" / f"{fn}.html").read_text()
        for t in spec.TIERS:
            assert _doc.public_name(t, fn) in html and _doc.deriv_name(t, fn) in html
        for b in {_doc.bound_text(t, dt) for t in spec.TIERS for dt in spec.DTYPES}:
            assert b.replace("<", "&lt;") in html, (fn, b)
    modules = {p.stem for p in (tmp_path / "generated" / "modules").glob("*.html")}
    assert {"config", "kernels", "numba", "deriv", "jax", "torch", "autograd", "accuracy"} <= modules

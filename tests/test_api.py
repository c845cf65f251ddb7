"""The package's surface: the spec and the C kernel list agree, config, light import, cffi."""
import os
import pathlib
import re
import subprocess
import sys

import numpy as np

import vecmath
from vecmath import functions, spec

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_kernel_list_matches_spec():
    pairs = re.findall(r"X\((\w+),\s*(\w+)\)", (ROOT / "csrc" / "generated" / "vm_functions.h").read_text())
    assert pairs, "no kernels listed"
    for fn, tier in pairs:
        assert fn in spec.FUNCTIONS and tier in spec.TIERS
    fns = {fn for fn, _ in pairs}
    for fn in fns:
        assert {t for f, t in pairs if f == fn} == set(spec.TIERS), fn
        for tier in spec.TIERS:
            assert hasattr(getattr(vecmath, tier), fn)


def test_every_spec_function_is_implemented():
    missing = [fn for fn in spec.FUNCTIONS if not hasattr(vecmath, fn)]
    assert not missing, f"spec lists functions without kernels: {missing}"


def test_config_and_show_config(capsys):
    c = vecmath.config()
    assert c["isa"] in c["available"] and "scalar" in c["available"]
    vecmath.show_config()
    assert c["isa"] in capsys.readouterr().out


def test_import_is_light():
    code = ("import sys, time; t = time.perf_counter(); import vecmath; "
            "print(time.perf_counter() - t); "
            "print(sorted(m for m in ('numba', 'mpmath', 'cffi', 'dask', 'jax', 'torch', 'autograd') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ))
    assert r.returncode == 0, r.stderr
    seconds, heavy = r.stdout.split("\n")[:2]
    assert heavy == "[]", f"import vecmath pulled in {heavy}"


def test_cffi_kernels_match_ufuncs():
    from vecmath.kernels import call, lib

    x = np.random.default_rng(5).uniform(-50, 50, 1001)
    for tier in spec.TIERS:
        for fn in getattr(vecmath, tier).__all__:
            if fn not in spec.FUNCTIONS:
                continue
            for dt in (np.float32, np.float64):
                xs = functions.get(fn).into_domain(x.astype(dt))
                y, flags = call(fn, tier, xs)
                assert np.array_equal(y, getattr(getattr(vecmath, tier), fn)(xs))
    y, flags = call("exp", "accurate", np.array([1000.0, 1.0]))
    assert flags & lib.VM_FE_OVERFLOW


def test_descriptor_peer_and_alias():
    """The peer field (issue 35, part 2): each function's NumPy or SciPy counterpart, or none;
    the alias is a second name in every tier."""
    from vecmath import functions
    for fn in spec.FUNCTIONS:
        d = functions.get(fn)
        assert d.peer_ref is None or ":" in d.peer_ref
        if d.numpy:
            assert isinstance(getattr(np, d.numpy), np.ufunc)
            assert spec.peer_callable(fn) is getattr(np, d.numpy)
        if d.alias:
            assert spec.ALIASES[d.alias] == fn and functions.get(d.alias) is d
            for tier in spec.TIERS:
                t = getattr(vecmath, tier)
                if hasattr(t, fn):
                    assert getattr(t, d.alias) is getattr(t, fn)
    assert spec.peer("atan") == "numpy:arctan" and spec.numpy_name("atan") == "arctan"
    assert spec.peer("exp") == "numpy:exp"

"""The typing stubs (vecmath/**/*.pyi, written by python -m vecmath._gen from vecmath.spec):
each names exactly its module's __all__, and mypy --strict types a user's calls through them
(tests/typing_sample.py) as NumPy types its own ufuncs."""
import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from vecmath._gen.stubs import render_stubs

ROOT = Path(__file__).resolve().parents[1]
STUBS = sorted(p for p in render_stubs() if p.suffix == ".pyi")


def module_of(stub):
    parts = stub.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def stub_names(path):
    """(__all__, every name the stub defines) of a .pyi file."""
    tree = ast.parse((ROOT / path).read_text())
    listed, defined = None, set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "__all__":
            listed = [ast.literal_eval(e) for e in node.value.elts]
        elif isinstance(node, ast.AnnAssign):
            defined.add(node.target.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            defined |= {a.asname for a in node.names if a.asname}
    return listed, defined


@pytest.mark.parametrize("stub", STUBS, ids=str)
def test_stub_names_are_the_modules_all(stub):
    name = module_of(stub)
    if name.startswith("vecmath.numba"):
        pytest.importorskip("numba")
    module = importlib.import_module(name)
    listed, defined = stub_names(stub)
    assert sorted(listed) == sorted(module.__all__), name
    assert set(listed) <= defined, f"{stub} lists names it does not define"
    for n in listed:
        assert hasattr(module, n), (name, n)


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("mypy-cache")   # numpy's stubs are read once for both runs


# mypy run here finds vecmath in the checkout, as code of the user's own; a user's mypy finds it
# installed, and reports no errors inside an installed package.  The same here: vecmath's
# modules are followed (their stubs and types used) with their own errors silenced.
MYPY_CONFIG = "[mypy]\nstrict = True\n\n[mypy-vecmath.*]\nfollow_imports = silent\n"


def mypy(cache, *files):
    pytest.importorskip("mypy")
    config = cache / "mypy.ini"
    config.write_text(MYPY_CONFIG)
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config), "--no-error-summary",
                           "--cache-dir", str(cache), *map(str, files)],
                          capture_output=True, text=True, cwd=ROOT)


def test_mypy_strict_accepts_the_sample(mypy_cache):
    r = mypy(mypy_cache, ROOT / "tests" / "typing_sample.py")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_sees_the_ufunc_types(tmp_path, mypy_cache):
    """Through the stubs, not Any: a misspelt name, a two-output ufunc taken as one array and a
    numba function given a keyword it lacks are errors."""
    bad = tmp_path / "bad.py"
    bad.write_text("import numpy as np\nimport numpy.typing as npt\nimport vecmath\nimport vecmath.numba\n"
                   "x = np.ones(3)\n"
                   "vecmath.expp(x)\n"
                   "y: npt.NDArray[np.float64] = vecmath.deriv.tanh_and_deriv(x)\n"
                   "vecmath.numba.exp(x, out=x)\n"
                   "reveal_type(vecmath.fast.exp)\n")
    r = mypy(mypy_cache, bad)
    out = r.stdout
    assert r.returncode == 1
    assert 'bad.py:6: error: Module has no attribute "expp"' in out, out
    assert "bad.py:7: error: Incompatible types in assignment" in out, out
    assert "bad.py:8: error:" in out, out
    assert "_UFunc_Nin1_Nout1[Literal['fast.exp'], int, None]" in out, out

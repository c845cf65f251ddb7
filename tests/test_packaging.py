"""What a wheel ships: the data the accuracy tool proves bounds from (worst-case lists, golden
hashes) and the extensions, usable from an install that is not this source tree."""
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A wheel of this tree (built without network: the test environment has the build
    requirements), unpacked into a folder of its own."""
    tmp = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(tmp / "dist"), str(ROOT)], capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"wheel build failed:\n{build.stderr[-3000:]}")
    wheel = next((tmp / "dist").glob("vecmath-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp / "site")
        names = z.namelist()
    return tmp, names


def test_wheel_ships_the_data_and_extensions(installed):
    _, names = installed
    for func in ("exp", "log", "tanh", "atan"):
        assert f"vecmath/accuracy/worstcases/{func}.wc.xz" in names
    for name in ("vecmath/accuracy/worstcases/LICENSE", "vecmath/accuracy/golden_hashes.json"):
        assert name in names
    assert any(n.startswith("vecmath/_ufuncs") for n in names) and any(n.startswith("vecmath/_kernels") for n in names)


def test_accuracy_tool_measures_worst_cases_from_the_wheel(installed):
    tmp, _ = installed
    env = dict(os.environ, PYTHONPATH=str(tmp / "site"))
    env.pop("VECMATH_WORSTCASES", None)
    r = subprocess.run([sys.executable, "-m", "vecmath.accuracy", "tanh", "--dtype", "float64", "--callable",
                        "numpy:tanh", "--samples", "1000", "--no-progress", "--processes", "1"],
                       cwd=tmp, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    where = subprocess.run([sys.executable, "-c", "import vecmath; print(vecmath.__file__)"], cwd=tmp, env=env,
                           capture_output=True, text=True).stdout.strip()
    assert Path(where).is_relative_to(tmp / "site")
    n = int(r.stdout.splitlines()[0].split(" n=")[2].split()[0])
    assert n > 1000 + 60_000          # the samples and tanh's worst cases, both signs


def test_wheel_holds_every_path_and_nothing_stray(installed):
    """Every module and data file (worst cases, golden hashes, the PTX, LTO-IR where built), both
    extensions with every CPU path of this architecture, and no build folder or source file
    (tests/wheel_files.py)."""
    from wheel_files import wheel_problems

    tmp, _ = installed
    assert wheel_problems(next((tmp / "dist").glob("vecmath-*.whl"))) == []

"""What a wheel ships: the data the accuracy tool proves bounds from (worst-case lists, golden
hashes) and the extensions, usable from an install that is not this source tree.  The tests that
build a wheel are marked `wheel` (about a minute): the default run leaves them out, `pytest -m
wheel` runs them (.ci/run does)."""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A wheel of this tree (built without network: the test environment has the build
    requirements), or the one $VECMATH_TEST_WHEEL names, unpacked into a folder of its own."""
    tmp = tmp_path_factory.mktemp("wheel")
    given = os.environ.get("VECMATH_TEST_WHEEL")          # a wheel built already (.ci/run's repaired one)
    if given:
        (tmp / "dist").mkdir()
        shutil.copy(given, tmp / "dist")
    else:
        build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                                "-w", str(tmp / "dist"), str(ROOT)], capture_output=True, text=True)
        if build.returncode != 0:
            pytest.fail(f"wheel build failed:\n{build.stderr[-3000:]}")
    wheel = next((tmp / "dist").glob("vecmath_ufuncs-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp / "site")
        names = z.namelist()
    return tmp, names


@pytest.mark.wheel
def test_wheel_ships_the_data_and_extensions(installed):
    _, names = installed
    for func in ("exp", "log", "tanh", "atan"):
        assert f"vecmath/accuracy/worstcases/{func}.wc.xz" in names
    for name in ("vecmath/accuracy/worstcases/LICENSE", "vecmath/accuracy/golden_hashes.json"):
        assert name in names
    assert any(n.startswith("vecmath/_ufuncs") for n in names) and any(n.startswith("vecmath/_kernels") for n in names)


@pytest.mark.wheel
def test_one_wheel_serves_every_cpython(installed):
    """Both extensions use CPython 3.10's stable ABI (setup.py), so the wheel is cp310-abi3 and
    installs on every later CPython; a free-threaded CPython has no stable ABI to build for."""
    tmp, names = installed
    wheel = next((tmp / "dist").glob("vecmath_ufuncs-*.whl")).name
    if sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("free-threaded CPython: a wheel for this version only")
    assert "-cp310-abi3-" in wheel, wheel
    assert {n for n in names if n.endswith(".so")} == {"vecmath/_ufuncs.abi3.so", "vecmath/_kernels.abi3.so"}


def test_the_built_extensions_are_abi3():
    """The extensions this tree imports are its stable-ABI builds (setup.py removes a stale
    version-specific _ufuncs, which would be imported first)."""
    if sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("free-threaded CPython: no stable ABI")
    import vecmath._kernels
    import vecmath._ufuncs

    assert [Path(m.__file__).name for m in (vecmath._ufuncs, vecmath._kernels)] == ["_ufuncs.abi3.so", "_kernels.abi3.so"]


def test_extensions_need_no_glibc_newer_than_numpys():
    """The built extensions' glibc symbol versions (`objdump -T`) are all <= 2.28, so their wheels
    get a manylinux tag no newer than NumPy's, on the glibc of any build machine
    (csrc/vm_threads.c binds the old versions of the pthread symbols glibc 2.32/2.34 renewed)."""
    from wheel_files import GLIBC_NEWEST

    if not sys.platform.startswith("linux") or os.confstr("CS_GNU_LIBC_VERSION") is None:
        pytest.skip("not a glibc Linux")
    if shutil.which("objdump") is None:
        pytest.skip("no objdump (binutils)")
    import vecmath._kernels
    import vecmath._ufuncs

    for module in (vecmath._ufuncs, vecmath._kernels):
        table = subprocess.run(["objdump", "-T", module.__file__], capture_output=True, text=True, check=True).stdout
        versions = {tuple(map(int, v.split("."))): v for v in re.findall(r"\bGLIBC_([0-9.]+)\b", table)}
        assert versions, f"no glibc symbol versions read from {module.__file__}"
        newer = sorted(v for k, v in versions.items() if k > GLIBC_NEWEST)
        offenders = sorted({line.split()[-1] for line in table.splitlines()
                            if any(f"GLIBC_{v}" in line.split() or f"(GLIBC_{v})" in line.split() for v in newer)})
        assert not newer, f"{module.__file__} needs GLIBC_{newer}: {offenders}"


@pytest.mark.wheel
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


@pytest.mark.wheel
def test_wheel_holds_every_path_and_nothing_stray(installed):
    """Every module and data file (worst cases, golden hashes, the PTX, LTO-IR where built), both
    extensions with every CPU path of this architecture, and no build folder or source file
    (tests/wheel_files.py)."""
    from wheel_files import wheel_problems

    tmp, _ = installed
    assert wheel_problems(next((tmp / "dist").glob("vecmath_ufuncs-*.whl"))) == []

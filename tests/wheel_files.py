"""What a vecmath wheel must hold, and nothing else (tests/test_packaging.py for this machine's
wheel, tests/test_cross.py for the aarch64 one): wheel_problems(path) lists what is missing or
stray.  The expected files come from the checkout: every module of the packages pyproject.toml
names, the package data it declares (worst-case lists, golden hashes, the PTX, the LTO-IR files
where built, the JAX FFI source), the two extensions, the dist-info.  tag_problems(path) checks a
repaired wheel's tags: CPython 3.10's stable ABI and a manylinux tag no newer than NumPy's.
`python tests/wheel_files.py WHEEL...` runs both (tools/build_wheels.sh, .ci/run)."""
import re
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the CPU paths each architecture's extensions must carry: vm_isa_names()'s string
PATHS = {"x86_64": "scalar avx2 avx512", "aarch64": "scalar neon sve256 sve512"}
DIST_INFO = {"METADATA", "WHEEL", "RECORD", "top_level.txt", "entry_points.txt"}
# The newest glibc a wheel may need: NumPy's own wheels are manylinux_2_28 (PEP 600 tags; the
# legacy names are aliases of 2_5, 2_12 and 2_17)
GLIBC_NEWEST = (2, 28)
LEGACY_MANYLINUX = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}


def expected_files():
    """(required files, optional glob patterns) of the package, from the checkout."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    required = set()
    for pkg in setuptools["packages"]:
        folder = ROOT / pkg.replace(".", "/")
        required |= {p.relative_to(ROOT).as_posix() for p in folder.glob("*.py")}
    optional = []
    for pkg, patterns in setuptools["package-data"].items():
        folder = ROOT / pkg.replace(".", "/")
        for pattern in patterns:
            found = {p.relative_to(ROOT).as_posix() for p in folder.glob(pattern) if p.is_file()}
            required |= found
            optional.append(f"{pkg.replace('.', '/')}/{pattern}")
    return required, optional


def wheel_problems(wheel):
    """Missing and stray files of the wheel at path `wheel`, and extensions without every CPU
    path of the wheel's architecture: a list of sentences, empty when the wheel is whole."""
    arch = next(a for a in PATHS if a in Path(wheel).name)
    required, optional = expected_files()
    problems = []
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
        extensions = {"_ufuncs": None, "_kernels": None}
        for n in names:
            m = re.fullmatch(r"vecmath/(_ufuncs|_kernels)\.[\w.-]+\.so", n)
            if m:
                extensions[m.group(1)] = n
        for ext, name in extensions.items():
            if name is None:
                problems.append(f"no vecmath/{ext} extension")
            elif f" {PATHS[arch]}".encode() not in z.read(name):
                problems.append(f"{name} lacks some of the paths {PATHS[arch]}")
        for name in ("vecmath/cuda/vecmath_cuda.ptx", "vecmath/accuracy/golden_hashes.json"):
            if name not in names:
                problems.append(f"no {name}")
        problems += [f"missing {n}" for n in sorted(required - set(names))]
        for n in names:
            top, _, rest = n.partition("/")
            if n in required or n in extensions.values():
                continue
            if top.endswith(".dist-info") and (rest in DIST_INFO or rest.startswith("licenses/")):
                continue
            if any(Path(n).match(p) for p in optional):   # e.g. vecmath/cuda/*.ltoir
                continue
            problems.append(f"stray {n}")
    return problems


def tag_problems(wheel):
    """What is wrong with a repaired wheel's tags (PEP 427 file name): not cp310-abi3 (one wheel
    for every CPython from 3.10), or a platform tag that is not manylinux or needs a glibc newer
    than GLIBC_NEWEST.  A list of sentences, empty when the tags are right."""
    name = Path(wheel).name
    *_, python, abi, platforms = name[:-len(".whl")].split("-")
    problems = [] if (python, abi) == ("cp310", "abi3") else [f"{name}: {python}-{abi}, not cp310-abi3"]
    for plat in platforms.split("."):
        m = re.fullmatch(r"manylinux_(\d+)_(\d+)_\w+", plat)
        legacy = LEGACY_MANYLINUX.get(plat.split("_")[0])
        glibc = (int(m.group(1)), int(m.group(2))) if m else legacy
        if glibc is None:
            problems.append(f"{name}: {plat} is not a manylinux tag")
        elif glibc > GLIBC_NEWEST:
            problems.append(f"{name}: {plat} needs glibc {glibc[0]}.{glibc[1]}, newer than NumPy's "
                            f"{GLIBC_NEWEST[0]}.{GLIBC_NEWEST[1]}")
    return problems


if __name__ == "__main__":
    failed = False
    for path in sys.argv[1:]:
        found = wheel_problems(path) + tag_problems(path)
        failed |= bool(found)
        print("\n".join(found) if found else f"{Path(path).name}: every file, every CPU path; cp310-abi3, "
              f"manylinux no newer than glibc {GLIBC_NEWEST[0]}.{GLIBC_NEWEST[1]}")
    sys.exit(1 if failed or len(sys.argv) < 2 else 0)

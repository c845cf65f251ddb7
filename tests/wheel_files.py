"""What a vecmath wheel must hold, and nothing else (tests/test_packaging.py for this machine's
wheel, tests/test_cross.py for the aarch64 one): wheel_problems(path) lists what is missing or
stray.  The expected files come from the checkout: every module of the packages pyproject.toml
names, the package data it declares (worst-case lists, golden hashes, the PTX, the LTO-IR files
where built, the JAX FFI source), the two extensions, the dist-info."""
import re
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the CPU paths each architecture's extensions must carry: vm_isa_names()'s string
PATHS = {"x86_64": "scalar avx2 avx512", "aarch64": "scalar neon sve256 sve512"}
DIST_INFO = {"METADATA", "WHEEL", "RECORD", "top_level.txt", "entry_points.txt"}


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

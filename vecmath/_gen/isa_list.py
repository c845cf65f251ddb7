"""The CPU paths of csrc/isa_list.h, read for Python: setup.py (each path's own compiler flags),
tools/cross_check.py, bench/mca_loop.py and the tests read the rows here rather than keep tables
of their own.  Pure Python with no imports from vecmath, so setup.py can load this file by path
before anything is built (vecmath/__init__.py imports the extension).

    paths("x86_64")   -> [Isa(name="scalar", ...), Isa(name="avx2", ...), Isa(name="avx512", ...)]

At run time the package asks the built library instead (vm_isa_names(), vm_isa_features(), the
lane table): an installed vecmath has no csrc/.
"""
import platform
import re
from pathlib import Path
from typing import NamedTuple

HEADER = Path(__file__).resolve().parents[2] / "csrc" / "isa_list.h"
# the preprocessor test of each architecture's block in isa_list.h
ARCH_MACROS = {"__x86_64__": "x86_64", "__aarch64__": "aarch64"}


class Isa(NamedTuple):
    name: str             # VECMATH_ISA's name; csrc/isa_<name>.c
    layer: str            # csrc/simd/vm_simd_<layer>.h
    abi: str | None       # vector function ABI letter of its register entry points, or None
    lanes64: int          # doubles per vector
    lanes32: int          # floats per vector
    features: tuple       # CPU features (GCC's and LLVM's names)
    flags: tuple          # compiler flags of its own

    @property
    def target(self):
        """#pragma GCC target string of an x86-64 path ("avx2,fma"), as the build applies it."""
        return ",".join(self.features)


def machine_arch(machine=None):
    """x86_64, aarch64 or the machine's own name (platform.machine(), normalized)."""
    machine = (machine or platform.machine()).lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)


def _row(fields):
    name, layer, abi, lanes64, lanes32, features, flags, _ = (f.strip() for f in fields)
    return Isa(name, layer, None if abi == "none" else abi, int(lanes64), int(lanes32),
               tuple(f.strip() for f in features.strip("()").split(",") if f.strip()),
               tuple(flags.strip('"').split()))


def _split(args):
    """Top-level comma split of a macro's arguments (parentheses and strings kept whole)."""
    out, depth, cur, quoted = [], 0, "", False
    for ch in args:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "()":
            depth += 1 if ch == "(" else -1
        elif not quoted and ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        cur += ch
    return out + [cur]


def parse(text):
    """{arch: [Isa, ...] worst first} for every block of isa_list.h ("other": the #else block)."""
    rows, lists, arch = {}, {}, None
    for line in text.replace("\\\n", " ").splitlines():
        line = line.strip()
        if m := re.fullmatch(r"#(?:el)?if defined\((\w+)\)", line):
            arch = ARCH_MACROS.get(m.group(1), m.group(1))
        elif line == "#else":
            arch = "other"
        elif re.fullmatch(r"#endif\b.*", line):
            arch = None
        elif m := re.fullmatch(r"#define VM_ISA_(\w+)\(X, arg\)\s+X\((.*)\)", line):
            rows[m.group(1)] = _row(_split(m.group(2)))
            assert rows[m.group(1)].name == m.group(1), line
        elif m := re.fullmatch(r"#define VM_ISA_LIST\(X, arg\)\s+(.*)", line):
            lists[arch] = [rows[name] for name in re.findall(r"VM_ISA_(\w+)\(X, arg\)", m.group(1))]
    return lists


def paths(arch=None, header=HEADER):
    """This architecture's paths (machine_arch() by default), worst first."""
    lists = parse(Path(header).read_text())
    return lists.get(machine_arch(arch), lists["other"])


def own_flags(arch=None, header=HEADER):
    """{name: [flags]} of the paths that need compiler flags of their own (setup.py)."""
    return {isa.name: list(isa.flags) for isa in paths(arch, header) if isa.flags}

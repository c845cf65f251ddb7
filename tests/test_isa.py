"""Every tier gives the same bits on every CPU path (VECMATH_ISA=scalar|avx2|avx512) and on every
machine: each path must reproduce the committed golden hashes (vecmath/accuracy/golden.py)."""
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

from vecmath.accuracy import golden


def available():
    import vecmath
    return vecmath.config()["available"]


def test_every_path_gives_the_committed_hashes():
    """Each CPU path this machine runs reproduces vecmath/accuracy/golden_hashes.json: the bits
    of every function, tier, dtype and derivative ufunc over ~2M inputs plus every float16."""
    want = golden.committed()
    assert len(want) >= 3 * 3 * 4 * 4
    paths = available()
    assert "scalar" in paths
    for isa in paths:
        got = golden.compute_on(isa)
        assert not golden.differences(got, want), (
            f"VECMATH_ISA={isa}: {golden.differences(got, want)} differ from the committed hashes "
            "(after an intended change of bits: python -m vecmath.accuracy.golden --write)")


def test_golden_inputs_cover_the_domain():
    for dtype in ("float32", "float64"):
        x = golden.inputs(dtype)
        finite = x[np.isfinite(x)]
        assert len(x) > 1_000_000 and np.isnan(x).any() and np.isinf(x).any()
        assert (np.abs(finite) < np.finfo(dtype).tiny).any() and (np.abs(finite) > 1e30).any()
        assert ((finite > 88) & (finite < 110)).any() and ((finite > -110) & (finite < -87)).any()
    assert len(np.unique(golden.inputs("float16").view(np.uint16))) == 1 << 16


def test_x86_paths_present_on_x86():
    import platform
    if platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("x86 paths are built only on x86-64")
    assert "avx2" in available()


def test_unknown_or_missing_isa_is_a_clear_error():
    for bad in ("avx3", "neon"):
        env = dict(os.environ, VECMATH_ISA=bad)
        r = subprocess.run([sys.executable, "-c", "import vecmath"], env=env,
                           capture_output=True, text=True)
        assert r.returncode != 0
        assert "VECMATH_ISA" in r.stderr and "Segmentation" not in r.stderr


NAN_RULE_CHILD = r'''
import json, sys
import numpy as np
from vecmath.accuracy import golden

UINT = {"float16": np.uint16, "float32": np.uint32, "float64": np.uint64}
MANT = {"float16": 10, "float32": 23, "float64": 52}
rng = np.random.default_rng(27)
bad = []
with np.errstate(all="ignore"):
    for dt, u in UINT.items():
        m, w = MANT[dt], 8 * np.dtype(dt).itemsize
        exp_mask = ((1 << (w - 1)) - 1) ^ ((1 << m) - 1)
        # NaNs: random payloads, both signs, quiet and signalling, at random places among numbers
        payload = rng.integers(1, 1 << m, 400, dtype=np.uint64)
        sign = rng.integers(0, 2, 400, dtype=np.uint64) << np.uint64(w - 1)
        nans = (sign | np.uint64(exp_mask) | payload).astype(u)
        x = rng.uniform(-3, 3, 4000).astype(dt)
        x[rng.choice(4000, 400, replace=False)] = nans.view(dt)
        # numbers whose results are NaN (log, log' of x < 0)
        x = np.concatenate([x, np.array([-1.0, -np.inf, -1e-300, -5e-324, -1e-40, -65504.0,
                                         -0.5, -3e38], dtype=np.float64).astype(dt)])
        xb = x.view(u)
        xnan = (xb & u(exp_mask)) == u(exp_mask)
        xnan &= (xb & u((1 << m) - 1)) != 0
        quiet_bit, default = u(1 << (m - 1)), u(((1 << w) - 1) ^ ((1 << (m - 1)) - 1))
        for label, uf in golden.ufuncs().items():
            for xs in (x, x[::-1][::-1].copy(), x[::3]):   # contiguous and strided (buffered) runs
                ys = uf(xs)
                xsb = xs.view(u) if xs.flags.c_contiguous else xs.copy().view(u)
                xsnan = np.isnan(xs)
                for i, y in enumerate(ys if uf.nout == 2 else (ys,)):
                    yb = y.view(u)
                    want_in = xsb | quiet_bit
                    wrong = (xsnan & (yb != want_in)) | (~xsnan & np.isnan(y) & (yb != default))
                    for j in np.flatnonzero(wrong)[:3]:
                        bad.append(f"{label}.{i} {dt} x={int(xsb[j]):#x} -> {int(yb[j]):#x}")
print(json.dumps(bad))
'''


def test_nan_bits_follow_the_rule_on_every_path():
    """A NaN input gives that NaN quieted (sign and payload kept), a NaN made from a number (log(-1),
    log'(-inf)) is the x86 default NaN with its sign bit set: every ufunc, dtype and CPU path."""
    import json
    for isa in available():
        env = dict(os.environ, VECMATH_ISA=isa)
        r = subprocess.run([sys.executable, "-c", NAN_RULE_CHILD], env=env, capture_output=True,
                           text=True, check=True)
        bad = json.loads(r.stdout)
        assert not bad, f"VECMATH_ISA={isa}: {len(bad)} NaN results break the rule: {bad[:10]}"


def test_isa_registry_reaches_build_config_and_errors():
    """csrc/isa_list.h is the one list of CPU paths: every row of this architecture's list has
    its build file and vector layer, reaches vecmath.config() and show_config(), and is named
    in the error for an unknown VECMATH_ISA; the built library reports each row's features."""
    import vecmath
    from vecmath._gen import isa_list
    from vecmath.kernels import ffi, lib
    root = pathlib.Path(__file__).resolve().parents[1]
    rows = isa_list.paths()
    listed = [isa.name for isa in rows]
    assert vecmath.config()["paths"] == listed
    for isa in rows:
        assert (root / "csrc" / f"isa_{isa.name}.c").exists()
        assert (root / "csrc" / "simd" / f"vm_simd_{isa.layer}.h").exists()
        assert ffi.string(lib.vm_isa_features(isa.name.encode())).decode() == ",".join(isa.features)
    assert lib.vm_isa_features(b"nonesuch") == ffi.NULL
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        vecmath.show_config()
    assert "|".join(listed) in out.getvalue()
    r = subprocess.run([sys.executable, "-c", "import vecmath"], capture_output=True, text=True,
                       env=dict(os.environ, VECMATH_ISA="nonesuch"))
    assert r.returncode != 0 and " ".join(listed) in r.stderr


def test_isa_list_parser():
    """vecmath/_gen/isa_list.py reads every architecture's rows of csrc/isa_list.h (setup.py's
    per-path flags come from it)."""
    from vecmath._gen import isa_list
    x86, arm, other = (isa_list.paths(a) for a in ("x86_64", "aarch64", "riscv64"))
    assert [i.name for i in x86] == ["scalar", "avx2", "avx512"]
    assert [i.name for i in arm] == ["scalar", "neon", "sve256", "sve512"]
    assert [i.name for i in other] == ["scalar"]
    avx512, neon, sve256 = x86[2], arm[1], arm[2]
    assert (avx512.abi, avx512.lanes64, avx512.lanes32, avx512.target) == (
        "e", 8, 16, "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")
    assert (x86[1].abi, neon.abi, sve256.abi, x86[0].abi) == ("d", "n", None, None)
    assert sve256.flags == ("-march=armv8.2-a+sve", "-msve-vector-bits=256") and not neon.flags
    assert isa_list.own_flags("aarch64") == {"sve256": list(sve256.flags), "sve512": list(arm[3].flags)}
    assert isa_list.own_flags("x86_64") == {}
    assert isa_list.machine_arch("AMD64") == "x86_64" and isa_list.machine_arch("arm64") == "aarch64"


def _unpaired_kernels(rows):
    """{path: kernels left without a pair on purpose}: csrc/simd/vm_simd.h's
    `VM_PLAIN_PAIR_<name> ~, 2` lines, inside `#if defined(VM_ISA_<PATH>)` or for every path."""
    import re
    text = (pathlib.Path(__file__).resolve().parents[1] / "csrc" / "simd" / "vm_simd.h").read_text()
    unpaired = {isa: set() for isa in rows}
    block = None
    for line in text.splitlines():
        if m := re.match(r"#if defined\(VM_ISA_(\w+)\)", line):
            block = m.group(1).lower()
        elif line.startswith("#endif"):
            block = None
        elif m := re.match(r"#define VM_PLAIN_PAIR_(vm_\w+) ~, 2", line):
            for isa in unpaired if block is None else [block]:
                unpaired[isa].add(m.group(1))
    return unpaired


def test_lane_table_follows_the_rows():
    """The lane table has the one-lane function of every kernel on every path, and register
    functions named by the vector function ABI, with the row's letter and lane counts, exactly
    on the paths whose row has an ABI letter."""
    import re
    from vecmath._gen import isa_list
    from vecmath.numba._lanes import LANE_TABLE  # {name: (address, path)}
    rows = {isa.name: isa for isa in isa_list.paths()}
    x1 = {(m.group(1), isa) for name, (_, isa) in LANE_TABLE.items()
          if (m := re.fullmatch(r"(vm_\w+)_x1_(\w+)", name)) and m.group(2) == isa}
    bases = {b for b, _ in x1}
    assert x1 == {(b, isa) for b in bases for isa in rows}
    for name, (_, isa) in LANE_TABLE.items():
        if name.startswith("_ZGV"):
            abi, lanes, base = re.fullmatch(r"_ZGV(\w)N(\d+)v_(vm_\w+)_x1", name).groups()
            row = rows[isa]
            assert abi == row.abi and base in bases
            want = (row.lanes64,) if base.endswith("_f64") else (row.lanes32, row.lanes64)
            if row.abi in ("d", "e"):  # x86: two registers a call too (VM_HAS_PAIRS), f64 and vf
                want += (2 * want[0],)
            assert int(lanes) in want, name
    unpaired = _unpaired_kernels(rows)
    for isa, row in rows.items():
        registers = {n for n, (_, i) in LANE_TABLE.items() if i == isa and n.startswith("_ZGV")}
        lanes = {n: int(re.search(r"N(\d+)v", n).group(1)) for n in registers}
        pairs = {n for n in registers if lanes[n] == 2 * (row.lanes32 if n.endswith("_f32_x1") else row.lanes64)}
        assert len(registers - pairs) == (len(bases) if row.abi else 0), isa  # f64 and one of f32's two
        if row.abi in ("d", "e"):  # a pair of every kernel whose register is a whole machine register
            whole = {n for n in registers - pairs
                     if lanes[n] == (row.lanes32 if n.endswith("_f32_x1") else row.lanes64)
                     and re.search(r"_(vm_\w+)_x1$", n).group(1) not in unpaired[isa]}
            assert {n.replace(f"N{lanes[n]}v", f"N{2 * lanes[n]}v") for n in whole} == pairs, isa
        else:
            assert not pairs, isa


def test_a_new_path_is_one_row_and_one_build_file(tmp_path):
    """Adding a path is a row in csrc/isa_list.h and a build file, nothing else: a copy of the
    tree with a clone of the best path this CPU runs (another name, no register functions) builds
    (tools/cross_check.py's build, natively), lists the clone last, dispatches to it and gives
    the original's bits, in its array kernels and every lane entry point."""
    import importlib.util
    import re
    import shutil
    import vecmath
    from vecmath._gen import isa_list
    root = pathlib.Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("cross_check", root / "tools" / "cross_check.py")
    cross_check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cross_check)
    best = vecmath.config()["available"][-1]
    clone = best + "x"
    shutil.copytree(root / "csrc", tmp_path / "csrc", ignore=shutil.ignore_patterns("cuda"))
    shutil.copytree(root / "tools", tmp_path / "tools", ignore=shutil.ignore_patterns("*.py"))
    header = tmp_path / "csrc" / "isa_list.h"
    text = header.read_text()
    row = re.search(rf"^#define VM_ISA_{best}\(X, arg\) X\({best}, (\w+), (\w+), (.*)$", text, re.M)
    added = f"#define VM_ISA_{clone}(X, arg) X({clone}, {row.group(1)}, none, {row.group(3)}"
    text = text.replace(row.group(0), row.group(0) + "\n" + added)
    # this architecture's list (the best path this CPU runs need not be its last row)
    listed = re.search(rf"^(#define VM_ISA_LIST\(X, arg\) .*VM_ISA_{best}\(X, arg\).*)$", text, re.M)
    text = text.replace(listed.group(0), listed.group(0) + f" VM_ISA_{clone}(X, arg)")
    header.write_text(text)
    build_file = (root / "csrc" / f"isa_{best}.c").read_text()
    (tmp_path / "csrc" / f"isa_{clone}.c").write_text(build_file.replace(best, clone))
    assert [i.name for i in isa_list.paths(header=header)][-1] == clone
    work = tmp_path / "work"
    work.mkdir()
    driver = cross_check.build(work, root=tmp_path, cc="gcc", arch=isa_list.machine_arch())
    paths = subprocess.run([str(driver), "--paths"], capture_output=True, text=True, check=True).stdout.split()
    assert paths == vecmath.config()["paths"] + [clone]
    for dtype in ("float32", "float64"):
        golden.inputs(dtype)[::64].tofile(work / f"inputs.{dtype}.bin")
    outputs = {}
    for isa in (best, clone):
        r = subprocess.run([str(driver), "--lanes", str(work)], capture_output=True, text=True,
                           env=dict(os.environ, VECMATH_ISA=isa))
        assert r.returncode == 0 and r.stdout.split()[-1] == isa, r.stdout + r.stderr
        assert re.search(r"lanes: [1-9]\d* checked, \d+ not run, 0 differ", r.stdout), r.stdout
        outputs[isa] = {f.name: f.read_bytes() for f in work.glob("*.*.*.bin") if not f.name.startswith("inputs.")}
    assert len(outputs[clone]) > 100 and outputs[clone] == outputs[best]

"""The aarch64 wheel, installed and tested as a Python package under user-mode emulation, on every
AArch64 CPU path: scalar, neon, sve256, sve512 (VECMATH_ISA forces each; the SVE paths on an
emulated CPU of their vector length, QEMU_CPU=max,sve-default-vector-length=N).

    python tools/test_wheel_aarch64.py [WHEEL] --quick    CI's subset (a few minutes)
    python tools/test_wheel_aarch64.py [WHEEL]            everything (docs/design.md, "Platforms")

WHEEL defaults to the newest dist/vecmath_ufuncs-*aarch64.whl (tools/build_wheels.sh aarch64).  The
interpreter is Debian's arm64 CPython 3.11 with NumPy's, cffi's and mpmath's aarch64 wheels
(tools/aarch64_sysroot.sh, run here if needed; another CPython with --cross-dir DIR of
`PY=3.14 SUITE=sid tools/aarch64_sysroot.sh DIR`); the wheel is installed beside them with
pip install --target --platform, nothing of this checkout importable.  On each path:
  import   vecmath.show_config() under VECMATH_ISA, whose path in use must be that path
  bits     (golden)  quick: every ufunc's outputs (derivatives included) on every 64th golden input, every
           special value and NaN kept, hashed there and compared with this machine's ufuncs
           (tools/cross_check.py's subset); full: python -m vecmath.accuracy.golden --print,
           every one of the committed hashes (the same golden_hashes.json as x86-64's)
  contract tests/test_ufunc_contract.py and tests/test_warnings.py (a copy of tests/)
  umath    NumPy's own test_umath/test_umath_accuracy tests of exp, log, tanh, arctan, expm1
           and log1p with vecmath swapped in (tools/numpy_umath_peer.py)
  numba    (full run, with --numba) numba's aarch64 wheel: vecmath.numba's functions in @njit
The quick run does import and bits on every path, contract and umath on neon only.
Exit status 77 (skipped) without qemu-aarch64 or the sysroot's sources; 1 if anything fails.
"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ("scalar", "neon", "sve256", "sve512")
SKIP = 77

BITS_CHILD = r"""
import hashlib, json, sys
import numpy as np
from vecmath.accuracy import golden
out = {}
with np.errstate(all="ignore"):
    for dtype in ("float32", "float64"):
        x = golden.inputs(dtype)
        specials = ~np.isfinite(x) | (np.arange(x.size) >= golden.N_SAMPLED)
        x = x[specials | (np.arange(x.size) % 64 == 0)]
        for label, uf in golden.ufuncs().items():
            ys = uf(x)
            for i, y in enumerate(ys if uf.nout == 2 else (ys,)):
                out[f"{label}.{i}.{dtype}"] = golden.digest(y)
print(json.dumps(out))
"""

NUMBA_CHILD = r"""
import numpy as np, numba, vecmath, vecmath.numba as vn
@numba.njit
def f(x, out):
    for i in range(x.size):
        out[i] = vn.exp(x[i]) + vn.fast.tanh(x[i]) + vn.log1p(abs(x[i]))
x = np.linspace(-3, 3, 1001)
out = np.empty_like(x)
f(x, out)
want = vecmath.exp(x) + vecmath.fast.tanh(x) + vecmath.log1p(abs(x))
assert out.tobytes() == want.tobytes(), "numba's results differ from the ufuncs' bits"
print("numba", numba.__version__, "scalar calls in @njit give the ufuncs' bits")
"""


def emulated(isa, extra=None):
    cpu = "max"
    if isa.startswith("sve"):
        cpu += f",sve-default-vector-length={int(isa[3:]) // 8}"
    env = dict(os.environ, VECMATH_ISA=isa, QEMU_CPU=cpu, **(extra or {}))
    env.pop("VECMATH_NUM_THREADS", None)
    return env


def host_bits():
    """This machine's hashes of the quick subset (the same code as the child's)."""
    sys.path.insert(0, str(ROOT))
    out = subprocess.run([sys.executable, "-c", BITS_CHILD], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return json.loads(out.stdout)


class Runner:
    def __init__(self, python, pythonpath, work):
        self.python, self.pythonpath, self.work = python, pythonpath, work
        self.failed, self.times = [], {}

    def run(self, isa, step, args, check=None, extra_env=None, cwd=None):
        t = time.perf_counter()
        env = emulated(isa, dict(extra_env or {}, PYTHONPATH=self.pythonpath))
        r = subprocess.run([str(self.python), *args], capture_output=True, text=True, env=env,
                           cwd=cwd or self.work)
        seconds = time.perf_counter() - t
        self.times[isa] = self.times.get(isa, 0) + seconds
        ok = r.returncode == 0
        msg = ""
        if ok and check:
            ok, msg = check(r.stdout)
        tail = (r.stdout.strip().splitlines() or [""])[-1]
        print(f"aarch64 {isa:6s} {step:8s} {'ok  ' if ok else 'FAIL'} {seconds:6.0f} s  {msg or tail}", flush=True)
        if not ok:
            self.failed.append(f"{isa} {step}")
            print((r.stdout[-3000:] + r.stderr[-3000:]).rstrip(), flush=True)
        return r


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("wheel", nargs="?", help="the aarch64 wheel (default: newest dist/vecmath_ufuncs-*aarch64.whl)")
    p.add_argument("--quick", action="store_true", help="CI's subset")
    p.add_argument("--path", action="append", choices=PATHS, help="only these paths")
    p.add_argument("--numba", action="store_true", help="also numba's aarch64 wheel (full run)")
    p.add_argument("--steps", default="import,bits,contract,umath,numba",
                   help="only these steps, comma-separated (e.g. import,bits: the clang wheel's golden check)")
    p.add_argument("--cross-dir", default=str(ROOT / ".cross"), help="tools/aarch64_sysroot.sh's folder")
    args = p.parse_args(argv)
    if shutil.which("qemu-aarch64") is None:
        print("skipped: qemu-aarch64 not found (Debian: apt-get install qemu-user)")
        return SKIP
    wheels = [args.wheel] if args.wheel else sorted(glob.glob(str(ROOT / "dist" / "vecmath_ufuncs-*aarch64.whl")),
                                                    key=os.path.getmtime)
    if not wheels:
        print("no aarch64 wheel: tools/build_wheels.sh aarch64")
        return 2
    wheel = Path(wheels[-1]).resolve()
    cross = Path(args.cross_dir)
    r = subprocess.run([str(ROOT / "tools" / "aarch64_sysroot.sh"), str(cross)], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"skipped: no aarch64 CPython (tools/aarch64_sysroot.sh: {(r.stderr or r.stdout).strip()[-500:]})")
        return SKIP
    paths = args.path or list(PATHS)
    # the emulated CPython's version (3.11, or another suite's: tools/aarch64_sysroot.sh)
    version = subprocess.run([str(cross / "python"), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        site = work / "site"
        pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
               "--platform", "manylinux_2_34_aarch64", "--platform", "manylinux_2_28_aarch64",
               "--platform", "manylinux_2_17_aarch64", "--only-binary=:all:", "--python-version", version,
               "--implementation", "cp", "--abi", f"cp{version.replace('.', '')}"]
        subprocess.run([*pip, str(wheel)], check=True)
        if args.numba and not args.quick:
            subprocess.run([*pip, "numba", "llvmlite"], check=True)
        shutil.copytree(ROOT / "tests", work / "tests")
        pythonpath = f"{site}:{ROOT / 'tools'}"   # tools/: the umath peer plugin only
        run = Runner(cross / "python", pythonpath, work)
        print(f"{wheel.name}: installed with pip --target under {site} ({wheel.stat().st_size / 2**20:.1f} MiB)")
        want_quick = host_bits() if args.quick else None
        committed = json.loads((site / "vecmath" / "accuracy" / "golden_hashes.json").read_text())["hashes"]
        same_file = hashlib.sha256((site / "vecmath" / "accuracy" / "golden_hashes.json").read_bytes()).hexdigest() == \
            hashlib.sha256((ROOT / "vecmath" / "accuracy" / "golden_hashes.json").read_bytes()).hexdigest()
        print(f"the wheel's golden_hashes.json {'is' if same_file else 'is NOT'} the checkout's")
        if not same_file:
            run.failed.append("golden file")

        def compare(want):
            def check(stdout):
                got = json.loads(stdout.strip().splitlines()[-1])
                bad = sorted(k for k in want if got.get(k) != want[k])
                return not bad, f"{len(want) - len(bad)} of {len(want)} hashes match" + (f"; differ: {bad[:6]}" if bad else "")
            return check

        steps = set(args.steps.split(","))
        for isa in paths:
            if "import" in steps:
                run.run(isa, "import", ["-c", "import vecmath; vecmath.show_config()"],
                        check=lambda out, isa=isa: (f"CPU path in use : {isa} " in out, f"show_config: path {isa}"))
            if "bits" in steps and args.quick:
                run.run(isa, "bits", ["-c", BITS_CHILD], check=compare(want_quick))
            elif "bits" in steps:
                run.run(isa, "golden", ["-m", "vecmath.accuracy.golden", "--print"], check=compare(committed))
            if (not args.quick or isa == "neon") and "contract" in steps:
                run.run(isa, "contract", ["-m", "pytest", "-p", "no:cacheprovider", "-q", "-p", "no:randomly",
                                          "test_ufunc_contract.py", "test_warnings.py"], cwd=work / "tests")
            if (not args.quick or isa == "neon") and "umath" in steps:
                run.run(isa, "umath", ["-m", "pytest", "-p", "no:cacheprovider", "-q", "-p", "numpy_umath_peer",
                                       "--pyargs", "numpy._core.tests.test_umath", "numpy._core.tests.test_umath_accuracy",
                                       "-k", "exp or log or tanh or arctan"])
            if args.numba and not args.quick and "numba" in steps:
                run.run(isa, "numba", ["-c", NUMBA_CHILD])
    print("time under emulation per path: " + ", ".join(f"{k} {v:.0f} s" for k, v in run.times.items())
          + f"; total {time.perf_counter() - t0:.0f} s")
    if run.failed:
        print("FAILED: " + ", ".join(run.failed))
        return 1
    print(f"aarch64 wheel: every step passed on {', '.join(paths)} ({args.steps})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

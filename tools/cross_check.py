"""Cross-build vecmath's kernels for AArch64 and check the bits of every AArch64 CPU path under
user-mode emulation (no ARM machine needed; bits only, not speed).

    python tools/cross_check.py           the golden input set (~2M float32/float64 inputs), every
                                          kernel's outputs hashed and compared with
                                          vecmath/accuracy/golden_hashes.json, and every lane
                                          entry point (one-lane and NEON register functions)
                                          bit for bit against its array kernel
    python tools/cross_check.py --quick   every 64th golden input (all specials and NaNs kept),
                                          compared bit for bit with this machine's ufuncs
    python tools/cross_check.py --exhaustive [--path neon]
                                          every float32 input of the accurate tier (correctly
                                          rounded: proven here by the exhaustive tests), bit for
                                          bit against this machine's ufuncs, in 2^24-input chunks
    python tools/cross_check.py --flush   (with the above) the kernels called with FPCR.FZ set,
                                          as in a process that loaded a -ffast-math library: the
                                          same bits, and the mode left set (csrc/vm_fpmode.h)

Builds csrc/isa_*.c (each compiles to nothing on the other architecture), dispatch.c and
tools/kernel_driver.c with setup.py's kernel flags, statically, with aarch64-linux-gnu-gcc, then
runs the driver under qemu-aarch64 once per path of csrc/isa_list.h (VECMATH_ISA; the SVE paths
on an emulated CPU of their vector length, QEMU_CPU=max,sve-default-vector-length=N).  float16 is
not covered (its ufunc loops convert in the Python extension, which is not cross-built).
Needs aarch64-linux-gnu-gcc and qemu-aarch64 (Debian: apt-get install gcc-aarch64-linux-gnu
qemu-user); without them it says so and exits 77, and tests/test_cross.py skips.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from mca_loop import setup_value  # noqa: E402  (setup.py's flags, read without running it)
from vecmath._gen import isa_list  # noqa: E402  (csrc/isa_list.h's rows: each path's own flags)
from vecmath.accuracy import golden  # noqa: E402

CC, QEMU = "aarch64-linux-gnu-gcc", "qemu-aarch64"
SKIP = 77
DTYPES = ("float32", "float64")


def build(work, root=ROOT, cc=CC, arch="aarch64"):
    """The driver, linked statically from every csrc/isa_*.c (with its row's flags), dispatch.c,
    lane_table.c and tools/kernel_driver.c of the tree at root, each compiled with setup.py's
    KERNEL_CFLAGS by cc for arch (tests/test_isa.py builds a tree with a path added, natively)."""
    flags = [f for f in setup_value("KERNEL_CFLAGS") if f not in ("-fPIC", "-fvisibility=hidden")]
    own = isa_list.own_flags(arch, root / "csrc" / "isa_list.h")
    sources = sorted(glob.glob(str(root / "csrc" / "isa_*.c"))) + [
        str(root / "csrc" / "dispatch.c"), str(root / "csrc" / "lane_table.c"), str(root / "tools" / "kernel_driver.c")]

    def compile_one(src):
        obj = work / (Path(src).stem + ".o")
        extra = own.get(Path(src).stem.removeprefix("isa_"), [])
        subprocess.run([cc, *flags, *extra, "-I", str(root / "csrc"), "-c", src, "-o", str(obj)], check=True)
        return str(obj)

    with ThreadPoolExecutor(2) as pool:
        objects = list(pool.map(compile_one, sources))
    driver = work / "kernel_driver"
    subprocess.run([cc, "-static", *objects, "-lm", "-o", str(driver)], check=True)
    return driver


def emulated(isa, flush=False):
    """qemu-aarch64's CPU for a path: SVE at the path's vector length where it has one; with
    flush, the driver calls the kernels with FPCR.FZ set (KERNEL_DRIVER_FLUSH)."""
    cpu = "max"
    if isa.startswith("sve"):
        cpu += f",sve-default-vector-length={int(isa[3:]) // 8}"
    return dict(os.environ, VECMATH_ISA=isa, QEMU_CPU=cpu, KERNEL_DRIVER_FLUSH="1" if flush else "0")


def label_of(kernel):
    """The golden label of a C kernel's outputs (exp_accurate_vd -> accurate.deriv.exp_and_deriv)."""
    if kernel.endswith("_from_output"):
        return f"deriv.{kernel}"
    fn, tier, *rest = kernel.split("_")
    if not rest:
        return f"{tier}.{fn}"
    return f"{tier}.deriv.{fn}" if rest == ["deriv"] else f"{tier}.deriv.{fn}_and_deriv"


def run_path(driver, work, isa, flush=False):
    """Every kernel's outputs on a path by golden label, the driver's line on the path's lane entry
    points ("lanes: 148 checked, 0 not run, 0 differ": each against its array kernel, bit for bit),
    whether they all match, and the seconds it took.  With flush, the kernels run with FPCR.FZ set
    (kernel_driver.c) and the lane entry points are not checked: they run in the caller's mode,
    as numba calls them, so under flush-to-zero they may differ by design."""
    t = time.perf_counter()
    lanes = [] if flush else ["--lanes"]
    r = subprocess.run([QEMU, str(driver), *lanes, str(work)], env=emulated(isa, flush), capture_output=True,
                       text=True)
    if r.returncode not in (0, 5):  # 5: lane entry points differ from the array kernels
        raise RuntimeError(f"VECMATH_ISA={isa}: {r.stderr.strip() or r.returncode}")
    outputs = {}
    for f in work.glob("*.*.*.bin"):
        kernel, out, dtype, _ = f.name.split(".")
        outputs[f"{label_of(kernel)}.{out}.{dtype}"] = np.fromfile(f, dtype)
        f.unlink()
    lanes = next((line for line in r.stdout.splitlines() if line.startswith("lanes:")), "")
    return outputs, lanes, r.returncode == 0, time.perf_counter() - t


def ufunc_outputs(x, dtype):
    """This machine's outputs of every ufunc, by golden label."""
    out = {}
    with np.errstate(all="ignore"):
        for label, uf in golden.ufuncs().items():
            ys = uf(x)
            for i, y in enumerate(ys if uf.nout == 2 else (ys,)):
                out[f"{label}.{i}.{dtype}"] = y
    return out


def exhaustive(driver, work, paths, chunk=1 << 24, flush=False):
    """Every float32 input of the accurate tier on each path, against this machine's ufuncs."""
    import vecmath
    kernels = [f"{fn}_accurate" for fn in golden.spec.FUNCTIONS]
    np.zeros(1).tofile(work / "inputs.float64.bin")
    ok = True
    for isa in paths:
        t, bad = time.perf_counter(), {k: 0 for k in kernels}
        for start in range(0, 1 << 32, chunk):
            x = np.arange(start, start + chunk, dtype=np.uint64).astype(np.uint32).view(np.float32)
            x.tofile(work / "inputs.float32.bin")
            r = subprocess.run([QEMU, str(driver), str(work), *kernels], capture_output=True, text=True,
                               env=emulated(isa, flush))
            if r.returncode != 0:
                raise RuntimeError(f"VECMATH_ISA={isa}: {r.stderr.strip() or r.returncode}")
            with np.errstate(all="ignore"):
                for k in kernels:
                    got = np.fromfile(work / f"{k}.0.float32.bin", np.uint32)
                    bad[k] += int(np.count_nonzero(got != getattr(vecmath.accurate, k.split("_")[0])(x).view(np.uint32)))
        ok &= not any(bad.values())
        print(f"aarch64 {isa}: every float32 input, accurate tier: "
              + ", ".join(f"{k.split('_')[0]} {n} differ" for k, n in bad.items())
              + f" ({time.perf_counter() - t:.0f} s under emulation)", flush=True)
    return ok


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="every 64th input, against this machine's ufuncs")
    p.add_argument("--exhaustive", action="store_true", help="every float32 input, accurate tier")
    p.add_argument("--path", action="append", help="only these AArch64 paths (default: all)")
    p.add_argument("--flush", action="store_true",
                   help="call the kernels with FPCR.FZ set, as a -ffast-math process would: the "
                        "same bits are expected, and the mode kept")
    args = p.parse_args(argv)
    missing = [t for t in (CC, QEMU) if shutil.which(t) is None]
    if missing:
        print(f"skipped: {' and '.join(missing)} not found "
              "(Debian: apt-get install gcc-aarch64-linux-gnu qemu-user)")
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        driver = build(work)
        paths = args.path or subprocess.run([QEMU, str(driver), "--paths"], capture_output=True,
                                            text=True, check=True).stdout.split()
        if args.exhaustive:
            return 0 if exhaustive(driver, work, paths, flush=args.flush) else 1
        want = {}
        for dtype in DTYPES:
            x = golden.inputs(dtype)
            if args.quick:
                specials = ~np.isfinite(x) | (np.arange(x.size) >= golden.N_SAMPLED)
                x = x[specials | (np.arange(x.size) % 64 == 0)]
                want.update(ufunc_outputs(x, dtype))
            x.tofile(work / f"inputs.{dtype}.bin")
        if not args.quick:
            committed = golden.committed()
            for dtype in DTYPES:  # the same inputs as the committed hashes'
                if golden.digest(golden.inputs(dtype)) != committed[f"inputs.{dtype}"]:
                    raise RuntimeError(f"the {dtype} golden inputs differ from the committed ones")
            want = {k: v for k, v in committed.items() if k.endswith(DTYPES) and not k.startswith("inputs.")}
        ok = True
        for isa in paths:
            got, lanes, lanes_ok, seconds = run_path(driver, work, isa, args.flush)
            if args.quick:
                bad = sorted(k for k in want if k not in got or got[k].tobytes() != want[k].tobytes())
            else:
                bad = sorted(k for k in want if k not in got or golden.digest(got[k]) != want[k])
            ok &= not bad and lanes_ok
            print(f"aarch64 {isa}: {len(want) - len(bad)} of {len(want)} outputs match "
                  f"({'quick, against this machine' if args.quick else 'golden hashes'}"
                  f"{', FPCR.FZ set' if args.flush else ''}; "
                  f"{seconds:.0f} s under emulation)" + (f"; differ: {', '.join(bad[:8])}" if bad else "")
                  + (f"; {lanes} (against the array kernels)" if lanes else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

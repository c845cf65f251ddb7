"""Golden hashes: the SHA-256 of every ufunc's output (every function, tier, dtype, derivative
and fused value-and-derivative) over a fixed input set, committed in golden_hashes.json.  A
machine that reproduces them gives vecmath's bits: Intel or AMD, AVX-512, AVX2 or the portable
scalar path of another platform.

    python -m vecmath.accuracy.golden           check every CPU path this machine runs (exit 1 on a difference)
    python -m vecmath.accuracy.golden --write   rewrite the file after an intended change of bits

The inputs come from PCG64's raw output (a stream NumPy keeps stable), turned into floats with
exact or correctly rounded operations only, so every machine hashes the same inputs: every
float16; for float32 and float64 half raw bit patterns (every exponent, NaNs, infinities and
subnormals), a quarter uniform over [-800, 800] (float32: [-110, 110]; exp's overflow and
underflow), a quarter uniform over [-2, 2], the special values and thresholds of the spec, and
NaNs of both signs, quiet and signalling, with payloads (NAN_BITS).  Outputs are hashed bit for
bit, NaN payloads included: a NaN input returns itself quieted, and a NaN made from a number
(log(-1)) is the x86 default NaN with its sign bit set, on every path (docs/design.md).
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from .. import functions, spec
from ..functions import exp

GOLDEN_FILE = Path(__file__).resolve().parent / "golden_hashes.json"
SEED = 20261122
N_SAMPLED = 1 << 20             # float32 and float64 inputs each, besides the special values
UNIFORM = {"float32": 110.0, "float64": 800.0}
# the formats' edges, exp's overflow and underflow points, and every threshold of spec.LIMITS
EXTRA_SPECIALS = ([1.0, 0.5, 2.0, 5e-324, 1e-310, 2.2250738585072014e-308, 1.7976931348623157e308,
                   1e-45, 1.1754943508222875e-38, 3.4028234663852886e38, 88.72283935546875,
                   -87.33654, -103.97208, 9.01, 19.1,
                   exp.OVERFLOW_F64, exp.SUBNORMAL_F64, exp.ZERO_F64]
                  + [v for limits in spec.LIMITS.values() for v, _ in limits.values()])

# NaNs by their bits: +- quiet and signalling, the smallest and largest payloads, and some between
NAN_BITS = {
    "float32": [0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fa00000, 0xffa00000,
                0x7f81cb4c, 0xff81cb4c, 0x7fc1cb4c, 0xffc1cb4c, 0x7fbfffff, 0xffbfffff,
                0x7fffffff, 0xffffffff, 0x7fc00001, 0xff912345],
    "float64": [0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0xfff0000000000001,
                0x7ff4000000000000, 0xfff4000000000000, 0x7ff0dead0000beef, 0xfff0dead0000beef,
                0x7ff8dead0000beef, 0xfff8dead0000beef, 0x7ff7ffffffffffff, 0xfff7ffffffffffff,
                0x7fffffffffffffff, 0xffffffffffffffff, 0x7ff8000000000001, 0xfff0000012345678],
}


def inputs(dtype):
    """The fixed input set of one dtype."""
    dtype = np.dtype(dtype)
    if dtype == np.float16:
        return np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    raw = np.random.PCG64(SEED + dtype.itemsize).random_raw(N_SAMPLED)
    half, quarter = N_SAMPLED // 2, N_SAMPLED // 4
    bits = raw[:half] if dtype == np.float64 else (raw[:half] >> np.uint64(32)).astype(np.uint32)
    unit = (raw[half:] >> np.uint64(11)).astype(np.float64) * 2.0 ** -53        # exact
    lo = np.full(N_SAMPLED - half, -2.0)
    lo[:quarter] = -UNIFORM[dtype.name]
    uniform = lo + (-2.0 * lo) * unit                                            # two IEEE ops
    specials = [x for f in spec.FUNCTIONS for x, _ in spec.SPECIALS[f]] + EXTRA_SPECIALS
    specials = np.array(specials + [-v for v in specials])
    nans = np.array(NAN_BITS[dtype.name], dtype=bits.dtype).view(dtype)
    with np.errstate(over="ignore"):
        return np.concatenate([bits.view(dtype), uniform.astype(dtype), specials.astype(dtype), nans])


def ufuncs():
    """label -> ufunc, for every tier's functions and derivative ufuncs (no aliases)."""
    import vecmath

    found = {}
    for tier in spec.TIERS:
        mod = getattr(vecmath, tier)
        for fn in spec.FUNCTIONS:
            found[f"{tier}.{fn}"] = getattr(mod, fn)
            found[f"{tier}.deriv.{fn}"] = getattr(mod.deriv, fn)
            found[f"{tier}.deriv.{fn}_and_deriv"] = getattr(mod.deriv, fn + "_and_deriv")
    for fn in spec.FUNCTIONS:
        if functions.get(fn).from_output:
            found[f"deriv.{fn}_from_output"] = getattr(vecmath.deriv, f"{fn}_from_output")
    return found


def digest(y):
    """SHA-256 of an array's bits, little-endian (NaN payloads included)."""
    return hashlib.sha256(y.astype(y.dtype.newbyteorder("<")).tobytes()).hexdigest()


def compute():
    """label.output.dtype -> hash, on the CPU path in use; also the hash of each input set."""
    hashes = {}
    with np.errstate(all="ignore"):
        for dtype in ("float16", "float32", "float64"):
            x = inputs(dtype)
            hashes[f"inputs.{dtype}"] = digest(x)
            for label, uf in ufuncs().items():
                ys = uf(x)
                for i, y in enumerate(ys if uf.nout == 2 else (ys,)):
                    hashes[f"{label}.{i}.{dtype}"] = digest(y)
    return dict(sorted(hashes.items()))


def committed():
    return json.loads(GOLDEN_FILE.read_text())["hashes"]


def compute_on(isa):
    """compute() in a child process on one CPU path (VECMATH_ISA is read once, at import)."""
    env = dict(os.environ, VECMATH_ISA=isa)
    r = subprocess.run([sys.executable, "-m", "vecmath.accuracy.golden", "--print"], env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"VECMATH_ISA={isa}: {r.stderr.strip()}")
    return json.loads(r.stdout)


def differences(got, want):
    """Labels whose hash differs, or that only one side has."""
    return sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m vecmath.accuracy.golden", description=__doc__.split("\n\n")[0])
    p.add_argument("--write", action="store_true", help="rewrite the committed file from this machine")
    p.add_argument("--print", action="store_true", help="print this path's hashes as JSON (internal)")
    args = p.parse_args(argv)
    if args.print:
        print(json.dumps(compute()))
        return 0
    import vecmath

    cfg = vecmath.config()
    results = {isa: compute_on(isa) for isa in cfg["available"]}
    reference = results[cfg["available"][0]]
    split = [isa for isa, h in results.items() if differences(h, reference)]
    if split:
        print(f"the CPU paths disagree: {', '.join(split)} differ from {cfg['available'][0]}"
              + ("; nothing written" if args.write else ""))
        return 1
    if args.write:
        GOLDEN_FILE.write_text(json.dumps({
            "about": "python -m vecmath.accuracy.golden --write; see vecmath/accuracy/golden.py",
            "seed": SEED, "n_sampled": N_SAMPLED, "hashes": reference}, indent=1) + "\n")
        print(f"wrote {len(reference)} hashes to {GOLDEN_FILE} (paths checked: {', '.join(results)})")
        return 0
    want, ok = committed(), True
    for isa, got in results.items():
        bad = differences(got, want)
        ok &= not bad
        print(f"{isa}: {'all ' + str(len(want)) + ' hashes match' if not bad else str(len(bad)) + ' differ: ' + ', '.join(bad[:8])}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

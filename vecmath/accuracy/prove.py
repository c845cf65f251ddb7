"""The proofs of the tiers' bounds: every float32 input, and the float64 proof set (10^6 sampled
inputs per function plus every shipped hardest-to-round case), against mpmath.

    python -m vecmath.accuracy.prove           verify: where a kernel's outputs are the ones last
                                               proven (same digest), its proof holds; re-prove the rest
    python -m vecmath.accuracy.prove --full    re-prove every function, tier and dtype
    python -m vecmath.accuracy.prove --write   as verify, then record what was re-proven in proofs.json
    ... --functions exp log --dtypes float32 --tiers accurate --no-generator --no-numba

In a source tree it also runs the generator's check (python -m vecmath._gen --check, beside the
digests): every committed table and coefficient block equals a fresh run, whose polynomial
errors Sollya certifies.

A proof measures a tier's results against the correctly rounded reference (for float32 one sweep
of all 2^32 inputs for the tiers being proven, vecmath.accuracy.exhaustive) and checks them
against vecmath.spec.BOUNDS.  proofs.json records, per dtype, function and tier, the SHA-256
digest of the outputs the proof measured and the Result it found.  The results are a function of
the outputs alone, so when this machine's outputs have the recorded digest, the recorded Result
is theirs: verifying costs one evaluation and one hash of the inputs (about 10 s per float32
tier on 2 cores) instead of a sweep (minutes), and a run's cost grows with the kernels that
changed, not with the number of functions.  The recorded Result is checked against the bound
of today's spec either way, and any other digest (new bits, a new function, another machine
giving other bits) is proven from scratch.

The float32 digest hashes the outputs of all 2^32 bit patterns in order, as SHA-256 over the
SHA-256 of each 2^24-input chunk (so the chunks can be hashed on several cores); the float64
digest hashes the outputs on the proof set, whose own digest is recorded too.  Beside each
float32 accurate digest, numba's lane function for that kernel (vecmath.numba, when numba is
installed) must give the same digest: numba's bits on every float32 input.
"""
import argparse
import hashlib
import json
import platform
import sys
import time
from dataclasses import asdict
from pathlib import Path

import numpy as np

from .. import spec
from .callables import tier_callable, tier_flush_below, tier_label
from .exhaustive import sweep_float32
from .measure import Result, measure
from .parallel import ProgressBar, default_processes, map_chunks
from .reference import reference
from .sampling import sample_inputs

PROOFS_FILE = Path(__file__).resolve().parent / "proofs.json"
DTYPES = ("float32", "float64")
FLOAT64_SAMPLES = 10 ** 6
SEED = 0
CHUNK_BITS = 24


def _bits_digest(y):
    """SHA-256 of an array's bits, little-endian (no copy where they already are)."""
    y = np.ascontiguousarray(y, dtype=y.dtype.newbyteorder("<"))
    return hashlib.sha256(memoryview(y).cast("B"))


def float32_chunk(start):
    """The 2^CHUNK_BITS float32 bit patterns from start (inputs of one digest chunk)."""
    return np.arange(start, start + (1 << CHUNK_BITS), dtype=np.uint32).view(np.float32)


_DIGEST_CALLABLES = None


def _digest_chunk(start):
    x = float32_chunk(start)
    with np.errstate(all="ignore"):
        return [_bits_digest(f(x)).digest() for f in _DIGEST_CALLABLES]


def float32_digests(callables, processes=None):
    """{label: digest of f's outputs on every float32 input} for a dict of callables."""
    global _DIGEST_CALLABLES
    _DIGEST_CALLABLES = list(callables.values())        # inherited by the forked workers
    parts = map_chunks(_digest_chunk, range(0, 1 << 32, 1 << CHUNK_BITS), processes or default_processes())
    outer = [hashlib.sha256() for _ in callables]
    for chunk_digests in parts:
        for h, d in zip(outer, chunk_digests):
            h.update(d)
    return {label: h.hexdigest() for label, h in zip(callables, outer)}


def float64_inputs(func):
    """The float64 proof set: FLOAT64_SAMPLES sampled inputs plus every hardest-to-round case."""
    return sample_inputs(func, FLOAT64_SAMPLES, SEED, "float64")


def float64_digests(func, callables):
    x = float64_inputs(func)
    with np.errstate(all="ignore"):
        out = {label: _bits_digest(f(x)).hexdigest() for label, f in callables.items()}
    return _bits_digest(x).hexdigest(), out


def keeps(result, tier, dtype):
    """Whether a Result keeps the tier's bound in today's spec."""
    return result.keeps(spec.BOUNDS[(tier, dtype)], (tier, dtype) in spec.STRICT_BOUNDS)


def prove(func, dtype, tiers, processes=None, progress=True):
    """{tier: Result} measured against mpmath (every float32 input; the float64 proof set)."""
    labels = {tier_label(tier, func): tier for tier in tiers}
    callables = {label: tier_callable(tier, func) for label, tier in labels.items()}
    flush_below = {label: tier_flush_below(tier, dtype) for label, tier in labels.items()}
    if dtype == "float32":
        results = sweep_float32(func, callables, processes, progress, flush_below).results
    else:
        bar = ProgressBar(f"{func} {dtype} reference") if progress else None
        ref = reference(func, float64_inputs(func), dtype, processes or default_processes(), bar)
        results = measure(ref, callables, f"samples n={FLOAT64_SAMPLES} seed={SEED} + every worst case",
                          flush_below)
    return {tier: results[label] for label, tier in labels.items()}


def load(path=None):
    path = path or PROOFS_FILE
    return json.loads(path.read_text()) if path.is_file() else {"proofs": {}}


def save(record, path=None):
    record["about"] = ("python -m vecmath.accuracy.prove --write; see vecmath/accuracy/prove.py: "
                       "the digest of the outputs each proof measured, and what it found")
    (path or PROOFS_FILE).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


def numba_float32_digest(func):
    """Digest of vecmath.numba's accurate lane function over every float32 input, or None
    without numba (tests/test_numba.py's loop: the lane functions inside an @njit loop)."""
    try:
        import numba
        import vecmath.numba as vn
    except ImportError:
        return None
    lane = getattr(vn.accurate, func)

    @numba.njit(cache=False)
    def loop(x, y):
        for i in range(x.size):
            y[i] = lane(x[i])

    def f(x):
        y = np.empty_like(x)
        loop(x, y)
        return y

    f(np.ones(8, np.float32))                 # compile in the parent: the workers inherit it
    return float32_digests({"numba": f})["numba"]


def start_generator_check():
    """Start python -m vecmath._gen --check in a source tree (every committed table and
    coefficient block equal to a fresh run of the generator, whose errors Sollya certifies): it
    runs on about one core beside the digests.  Returns the process, or None where it cannot
    run (an installed package has no csrc/ to compare; no Sollya)."""
    import subprocess

    from .._gen import certify

    root = Path(__file__).resolve().parents[2]
    if not (root / "csrc" / "generated").is_dir() or not certify.available():
        why = "no source tree here" if certify.available() else "Sollya is not installed"
        print(f"  skip generator check (python -m vecmath._gen --check): {why}", flush=True)
        return None
    proc = subprocess.Popen([sys.executable, "-m", "vecmath._gen", "--check", "--root", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.started = time.perf_counter()
    return proc


def finish_generator_check(proc):
    """True where the generated files are current, else False (and what the generator said)."""
    out, err = proc.communicate()
    ok = proc.returncode == 0
    print(f"  {'ok  ' if ok else 'FAIL'} generated tables and coefficients (python -m vecmath._gen --check): "
          f"{'current, errors certified' if ok else (err or out).strip()[-2000:]} "
          f"({time.perf_counter() - proc.started:.0f} s)", flush=True)
    return ok


def cpu_name():
    """The CPU as lscpu names it, with its family and model (Linux), else the platform's word."""
    try:
        fields = dict(line.split(":", 1) for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if ":" in line)
        fields = {k.strip(): v.strip() for k, v in fields.items()}
        return f"{fields['model name']} family {fields['cpu family']} model {fields['model']}"
    except (OSError, KeyError, ValueError):
        return platform.processor() or platform.machine()


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m vecmath.accuracy.prove",
                                description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n")[1])
    p.add_argument("--full", action="store_true", help="re-prove everything, whatever the digests say")
    p.add_argument("--write", action="store_true", help="record what was (re-)proven in proofs.json")
    p.add_argument("--functions", nargs="+", default=list(spec.FUNCTIONS), metavar="FN")
    p.add_argument("--dtypes", nargs="+", default=list(DTYPES), choices=DTYPES)
    p.add_argument("--tiers", nargs="+", default=list(spec.TIERS), choices=spec.TIERS)
    p.add_argument("--processes", type=int, default=None, help="worker processes (default: up to 2)")
    p.add_argument("--record", type=Path, default=None, metavar="PATH",
                   help=f"the record to verify against and write (default: the package's {PROOFS_FILE.name})")
    p.add_argument("--no-numba", action="store_true", help="skip the numba lane functions' float32 digests")
    p.add_argument("--no-generator", action="store_true",
                   help="skip the generator's check (python -m vecmath._gen --check: every table and "
                        "coefficient regenerated, their errors certified by Sollya)")
    args = p.parse_args(argv)
    unknown = [f for f in args.functions if f not in spec.FUNCTIONS]
    if unknown:
        p.error(f"unknown function(s) {', '.join(unknown)}; vecmath has {', '.join(spec.FUNCTIONS)}")

    import vecmath

    cfg = vecmath.config()
    where = f"{cpu_name()}, {cfg['isa']} path"
    record = load(args.record)
    proofs = record.setdefault("proofs", {})
    start, failed, reproven, held = time.perf_counter(), [], 0, 0
    print(f"vecmath {cfg['version']}: proofs on the {cfg['isa']} path"
          f"{' (full)' if args.full else ' (verify digests, re-prove the rest)'}", flush=True)
    generator = None if args.no_generator else start_generator_check()
    for dtype in args.dtypes:
        for func in args.functions:
            t0 = time.perf_counter()
            callables = {tier: tier_callable(tier, func) for tier in args.tiers}
            if dtype == "float32":
                inputs_digest, digests = None, float32_digests(callables, args.processes)
            else:
                inputs_digest, digests = float64_digests(func, callables)
            entry = proofs.setdefault(dtype, {}).setdefault(func, {})
            current = {t: Result(**entry[t]["result"]) for t in args.tiers
                       if not args.full and t in entry and entry[t]["digest"] == digests[t]
                       and entry[t].get("inputs") == inputs_digest}
            todo = [t for t in args.tiers if t not in current]
            found = prove(func, dtype, todo, args.processes, progress=sys.stderr.isatty()) if todo else {}
            for tier in args.tiers:
                result = current.get(tier) or found[tier]
                ok = keeps(result, tier, dtype)
                how = "held (same digest as proven)" if tier in current else "proven"
                held += tier in current
                reproven += tier not in current
                print(f"  {'ok  ' if ok else 'FAIL'} {tier_label(tier, func)} {dtype}: {how}; "
                      f"max {result.max_ulp:.4g} ULP, {result.cr_percent:.4f}% correctly rounded, "
                      f"bound {spec.BOUNDS[(tier, dtype)]}", flush=True)
                if not ok:
                    failed.append(f"{tier_label(tier, func)} {dtype}: {result.line()}")
                elif args.write and tier in found:
                    saved = asdict(result)
                    saved.pop("seconds")
                    entry[tier] = {"digest": digests[tier], "inputs": inputs_digest, "result": saved,
                                   "proved": f"{time.strftime('%Y-%m-%d')}, {where}"}
            if dtype == "float32" and "accurate" in args.tiers and not args.no_numba:
                nd = numba_float32_digest(func)
                if nd is not None:
                    same = nd == digests["accurate"]
                    print(f"  {'ok  ' if same else 'FAIL'} vecmath.numba.accurate.{func} float32: "
                          f"{'the same bits as the ufunc on every input' if same else 'other bits than the ufunc'}",
                          flush=True)
                    if not same:
                        failed.append(f"vecmath.numba.accurate.{func} float32 differs from the ufunc")
            print(f"  ({func} {dtype}: {time.perf_counter() - t0:.0f} s)", flush=True)
            if args.write:         # after each function: a long run that stops keeps what it proved
                save(record, args.record)
    if generator is not None and not finish_generator_check(generator):
        failed.append("python -m vecmath._gen --check: the generated files differ from a fresh run")
    total = time.perf_counter() - start
    print(f"{held} held by digest, {reproven} proven, {len(failed)} failed, in {total:.0f} s")
    if reproven and not args.write and not failed:
        print("new bits proven: `python -m vecmath.accuracy.prove --write` records them, so later runs verify "
              "their digests instead of proving them again")
    for line in failed:
        print("FAILED", line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

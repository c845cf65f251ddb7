"""Search for float64 inputs where softplus(x) = log(1 + e^x) lies closest to a rounding
boundary (a midpoint between two doubles), and write vecmath/accuracy/worstcases/softplus.wc.xz.

softplus has no published worst-case list.  Hardness of x: the number of identical bits after
the round bit, h = -log2(|s - m| / ulp(s)) - 1 for the nearest midpoint m, from mpmath at 300
bits (mpf_softplus, vecmath/functions/_mpf.py).  Candidates, each family scored and the hardest
kept (every candidate with h >= MIN_HARD, else the family's 20 hardest):

1. x < -36.7, where softplus(x) = e^x (1 - e^x/2 + ..) behaves like exp: CORE-MATH's exp worst
   cases (the shipped exp.wc.xz) in (-745.2, -36.7), scored for softplus (the correction e^x/2
   is below 2^-53 relative there, so exp's hard cases stay hard unless it moves them);
2. x > 16, where softplus(x) = x + d, d = log1p(e^-x) < ulp(x) times a few million, behaves
   like x + tiny: s is a midpoint where d = (j + 1/2) ulp(x).  For the binades [16, 32) and
   [32, 64) (above 48 ln2 = 33.27 softplus rounds to x: d < ulp/2), every j < 4096 that falls
   in the binade: x_j = -log(expm1((j + 1/2) ulp)) solved in mpmath, and its 3 doubles either
   side, scored (the neighbour nearest x_j is typically 40 - log2(j) bits hard or more);
3. every threshold of the kernels and of the results (+-700, 48 ln2 (rounds to x above),
   -36.74 = -53 ln2 (1 + e^x rounds to 1 below), -708.396.. (subnormal below), -745.133.. (+0
   below), 0, +-87, +-86) +- 256 neighbours;
4. random search, N_RANDOM uniform doubles in [-40, 40], N_RANDOM log-uniform magnitudes in
   2^-30..2^6 (both signs) and N_RANDOM/4 uniform in [-745, -36] (the exp-like region beyond
   exp's list); the expected best of n random inputs is h ~ log2(n).
Near 0 softplus(x) = ln 2 + x/2 + x^2/8 - ..: ln 2 is irrational, so (unlike sigmoid's 1/2 +
x/4) no input is structurally near a midpoint there; the random and threshold families cover it.

    python tools/softplus_hardcases.py [--random N] [--processes P]
"""
import argparse
import lzma
import math
import multiprocessing
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mpmath.libmp import from_float  # noqa: E402

from hardcase_common import exp_worstcases_below, rounding_hardness  # noqa: E402
from vecmath.functions._mpf import mpf_softplus  # noqa: E402

PREC = 300
MIN_HARD = 30          # keep random and exp-derived candidates with at least this many bits
N_RANDOM = 1_000_000


def hardness(x):
    """Identical bits after the round bit of softplus(x) in float64 (capped at PREC - 60)."""
    return rounding_hardness(mpf_softplus(from_float(x), PREC, "n"), PREC)


def score(xs):
    return [(hardness(x), x) for x in xs]


def structured():
    """x_j with softplus(x_j) - x_j = (j + 1/2) ulp(x_j), for j < 4096 in the binades [16, 32)
    and [32, 64), and the 3 doubles either side of each."""
    import mpmath
    import numpy as np
    mpmath.mp.prec = 120
    out = []
    for k in (4, 5):
        ulp = mpmath.mpf(2) ** (k - 52)
        for j in range(4096):
            x = -mpmath.log(mpmath.expm1((j + mpmath.mpf(1) / 2) * ulp))
            if not 2 ** k <= x < 2 ** (k + 1):
                continue
            v = float(x)
            out.append(v)
            for step in (math.inf, -math.inf):
                w = v
                for _ in range(3):
                    w = float(np.nextafter(w, step)); out.append(w)
    return out


def thresholds():
    import numpy as np
    out = []
    for c in (700.0, -700.0, 33.27106466687737, -36.7368005696771, -708.3964185322641, -745.1332191019411, 0.0,
              87.0, -87.0, 86.0, -86.0):
        v = c
        for _ in range(256):
            v = float(np.nextafter(v, math.inf)); out.append(v)
        v = c
        for _ in range(256):
            v = float(np.nextafter(v, -math.inf)); out.append(v)
    return out


def main(argv=None):
    import numpy as np
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--random", type=int, default=N_RANDOM)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--seed", type=int, default=35)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    rand = list(rng.uniform(-40, 40, args.random))
    mags = 2.0 ** rng.uniform(-30, 6, args.random)
    rand += list(np.where(rng.random(args.random) < 0.5, -mags, mags))
    rand += list(rng.uniform(-745, -36, args.random // 4))
    families = {"x + (j + 1/2) ulp, x in [16, 64)": structured(), "exp's worst cases below -36.7": exp_worstcases_below(-36.7),
                "random": [float(v) for v in rand], "thresholds +-256 ulps": thresholds()}
    kept = {}
    with multiprocessing.Pool(args.processes) as pool:
        for name, xs in families.items():
            chunks = [xs[i:i + 2000] for i in range(0, len(xs), 2000)]
            scored = [p for part in pool.map(score, chunks) for p in part]
            hard = sorted(scored, reverse=True)
            take = [p for p in hard if p[0] >= MIN_HARD]
            take = take if len(take) >= 20 else hard[:20]
            kept[name] = (len(xs), take)
            print(f"{name}: {len(xs)} scored, {len(take)} kept, hardest {hard[0][0]:.1f} bits at "
                  f"{hard[0][1].hex()}", file=sys.stderr)
    lines = ["# softplus float64 hard-to-round inputs: found by tools/softplus_hardcases.py (vecmath),",
             "# no published list exists.  Per family: inputs scored, then each kept input with its",
             "# hardness (identical bits after the round bit, mpmath at 300 bits).",
             f"# seed {args.seed}, {args.random} random inputs per random set"]
    for name, (n, take) in kept.items():
        lines.append(f"# --- {name}: {n} scored, {len(take)} kept")
        lines += [f"{x.hex()}  # {h:.1f}" for h, x in take]
    out = ROOT / "vecmath" / "accuracy" / "worstcases" / "softplus.wc.xz"
    with lzma.open(out, "wt", preset=9 | lzma.PRESET_EXTREME) as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

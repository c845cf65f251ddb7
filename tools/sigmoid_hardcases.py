"""Search for float64 inputs where sigmoid(x) lies closest to a rounding boundary (a midpoint
between two doubles), and write vecmath/accuracy/worstcases/sigmoid.wc.xz.

sigmoid has no published worst-case list.  Hardness of x: the number of identical bits after
the round bit, h = -log2(|s - m| / ulp(s)) - 1 for the nearest midpoint m, from mpmath at 300
bits (mpf_sigmoid, vecmath/functions/_mpf.py).  Candidates, each family scored and the hardest
kept (every candidate with h >= MIN_HARD, plus the families' structured members):

1. near 0, where sigmoid behaves like x (1/2 + x/4 - x^3/48): 1/2 + x/4 is exactly a midpoint
   for x = +-odd 2^-52 (above 1/2) and x = -odd 2^-53 (below), and only x^3/48 decides: the
   hardest inputs of all (h ~ 100 and more for small odd).  Every odd < 2^12, then odd = 2^j - 1
   and 2^j + 1 up to 2^40, both signs of the families;
2. x < -37, where sigmoid(x) = exp(x) (1 - e^x + ..): CORE-MATH's exp worst cases (the shipped
   exp.wc.xz) below -37, scored for sigmoid;
3. x in (0, 40), where sigmoid behaves like 1/(1 + e) and 1 - e: random search, N_RANDOM
   uniform doubles in [-40, 40] and N_RANDOM log-uniform in 2^-30..2^5 (both signs), scored;
   the expected best of n random inputs is h ~ log2(n);
4. every threshold of the kernels and of the results (+-700, 53 ln2 = 36.7368.. and 54 ln2 = 37.4299.. (s rounds to 1 above), -708.396.., -745.133.., +-2^-5, 87, 86)
   +- 256 neighbours, scored (kept only if hard: the accuracy tool samples 4096 neighbours of
   each anyway).

    python tools/sigmoid_hardcases.py [--random N] [--processes P]
"""
import argparse
import lzma
import math
import multiprocessing
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mpmath.libmp import from_float, mpf_abs, mpf_add, mpf_div, mpf_neg, mpf_sub, to_float  # noqa: E402

from vecmath.functions._mpf import mpf_sigmoid  # noqa: E402

PREC = 300
MIN_HARD = 30          # keep random and exp-derived candidates with at least this many bits
N_RANDOM = 1_000_000


def hardness(x):
    """Identical bits after the round bit of sigmoid(x) in float64 (capped at PREC - 60)."""
    s = mpf_sigmoid(from_float(x), PREC, "n")
    f = to_float(s)                           # nearest double
    if f == 0.0 or math.isinf(f):
        return 0.0
    ulp = from_float(math.ulp(f))
    half = (0, 1, ulp[2] - 1, 1) if ulp[1] == 1 else None   # ulp/2 exactly (ulp is a power of 2)
    d = min(mpf_abs(mpf_sub(s, mpf_add(from_float(f), h))) for h in (half, mpf_neg(half)))
    if d == (0, 0, 0, 0):
        return float(PREC - 60)
    ratio = to_float(mpf_div(d, ulp, 60, "n"))            # distance in ulps, > 0
    return min(-math.log2(ratio) - 1, PREC - 60)


def score(xs):
    return [(hardness(x), x) for x in xs]


def structured():
    out = []
    odds = list(range(1, 1 << 12, 2)) + [v for j in range(13, 41) for v in ((1 << j) - 1, (1 << j) + 1)]
    for k in odds:
        out += [k * 2.0 ** -52, -k * 2.0 ** -52, -k * 2.0 ** -53]
    return out


def exp_cases():
    path = ROOT / "vecmath" / "accuracy" / "worstcases" / "exp.wc.xz"
    xs = []
    with lzma.open(path, "rt") as fh:
        for line in fh:
            tok = line.split("#")[0].split(",")[0].strip()
            if not tok or "nan" in tok or "inf" in tok:
                continue
            v = float.fromhex(tok)
            if -745.2 < v < -37.0:
                xs.append(v)
    return xs


def thresholds():
    import numpy as np
    out = []
    for c in (700.0, -700.0, 36.7368005696771, 37.42994775023705, -708.3964185322641, -745.1332191019411, 2.0 ** -5,
              -2.0 ** -5, 87.0, -87.0, 86.0, -86.0):
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
    mags = 2.0 ** rng.uniform(-30, 5, args.random)
    rand += list(np.where(rng.random(args.random) < 0.5, -mags, mags))
    families = {"near 0 (1/2 + x/4 a midpoint)": structured(), "exp's worst cases below -37": exp_cases(),
                "random": [float(v) for v in rand], "thresholds +-256 ulps": thresholds()}
    kept = {}
    with multiprocessing.Pool(args.processes) as pool:
        for name, xs in families.items():
            chunks = [xs[i:i + 2000] for i in range(0, len(xs), 2000)]
            scored = [p for part in pool.map(score, chunks) for p in part]
            hard = sorted(scored, reverse=True)
            take = [p for p in hard if p[0] >= MIN_HARD] if name != "near 0 (1/2 + x/4 a midpoint)" else hard
            if name != "near 0 (1/2 + x/4 a midpoint)":
                take = take or hard[:20]
                take = take if len(take) >= 20 else hard[:20]
            kept[name] = (len(xs), take)
            print(f"{name}: {len(xs)} scored, {len(take)} kept, hardest {hard[0][0]:.1f} bits at "
                  f"{hard[0][1].hex()}", file=sys.stderr)
    lines = ["# sigmoid float64 hard-to-round inputs: found by tools/sigmoid_hardcases.py (vecmath),",
             "# no published list exists.  Per family: inputs scored, then each kept input with its",
             "# hardness (identical bits after the round bit, mpmath at 300 bits).",
             f"# seed {args.seed}, {args.random} random inputs per random set"]
    for name, (n, take) in kept.items():
        lines.append(f"# --- {name}: {n} scored, {len(take)} kept")
        lines += [f"{x.hex()}  # {h:.1f}" for h, x in take]
    out = ROOT / "vecmath" / "accuracy" / "worstcases" / "sigmoid.wc.xz"
    with lzma.open(out, "wt", preset=9 | lzma.PRESET_EXTREME) as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

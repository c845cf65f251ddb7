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
   each anyway);
5. x in [SCAN_FROM, 37.4375) (above 54 ln2 = 37.4299.. s rounds to 1): every double, by
   Lefevre's method (scan() below): the doubles are cut into runs of N = 2^n consecutive
   inputs x0 + i u; on each run sigmoid(x)/ulp - 1/2 is its tangent a i + b at the run's centre
   plus a Taylor remainder below delta = max|s''| (N u / 2)^2 / (2 ulp) (|s''| <= s', which is
   monotone on each side of 0, so its value at the end nearest 0 bounds it); a i + b is held
   to 2^-100 ulp in integers, and the minimum over the run of its distance to the integers
   (to a midpoint) comes from a Euclid-like recursion in O(log N) steps (minmax()).  A run
   whose minimum is at least 2^-(SCAN_HARD + 1) + delta holds no input with SCAN_HARD or more
   identical bits; other runs are halved until 64 inputs, which are scored with mpmath.
   Exhaustive: every input of the range with >= SCAN_HARD bits is found.  N is chosen per run
   so that delta stays small (few runs need halving): N grows from 2^24 at x = 23 to 2^30 near
   37, since s'' ~ e^-x makes the tangent ever better.  The cost per unit of x grows as e^(-x/3)
   downwards (about 300 s of one core per unit at x = 23), which set SCAN_FROM (the default
   run: 761 s CPU in all, 1742 s wall for family 5 on 2 processes of a loaded 2-core machine);
6. the rest of (-37, 0) and (0, SCAN_FROM): --sampled runs of the same scan at log-uniform
   random places on each side (|x| from 2^-10 to 37 and to SCAN_FROM), each run exhaustive to
   MIN_HARD bits (the run lengths there are 2^13 to 2^24 inputs: the tangent is worse where
   s'' is larger relative to the ulp of s).  Below |x| = 2^-10 only families 1 and 3 search.

    python tools/sigmoid_hardcases.py [--random N] [--processes P] [--scan-from X] [--sampled K]
"""
import argparse
import lzma
import math
import multiprocessing
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mpmath.libmp import from_float, mpf_neg  # noqa: E402

from hardcase_common import exp_worstcases_below, rounding_hardness  # noqa: E402
from vecmath.functions._mpf import mpf_sigmoid  # noqa: E402

PREC = 300
MIN_HARD = 30          # keep random and exp-derived candidates with at least this many bits
N_RANDOM = 1_000_000
SCAN_FROM = 23.0       # family 5 covers every double of [SCAN_FROM, SCAN_TO)
SCAN_TO = 37.4375      # > 54 ln2 = 37.4299..: s rounds to 1 above that
SCAN_HARD = 44         # family 5 finds every input with at least this many bits (CORE-MATH's 44)
N_SAMPLED = 300_000    # family 6: runs per side
P = 100                # family 5, 6: a i + b in units of 2^-P ulp


def hardness(x):
    """Identical bits after the round bit of sigmoid(x) in float64 (capped at PREC - 60)."""
    return rounding_hardness(mpf_sigmoid(from_float(x), PREC, "n"), PREC)


def score(xs):
    return [(hardness(x), x) for x in xs]


def structured():
    out = []
    odds = list(range(1, 1 << 12, 2)) + [v for j in range(13, 41) for v in ((1 << j) - 1, (1 << j) + 1)]
    for k in odds:
        out += [k * 2.0 ** -52, -k * 2.0 ** -52, -k * 2.0 ** -53]
    return out


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


def minmax(n, m, a, b):
    """(min, max) of (a i + b) mod m over the integers 0 <= i < n (n >= 1; 0 <= a, b < m), in
    O(log m) steps: with a <= m/2 the values rise by a between wraps, so the minimum is b or the
    first value after some wrap, (b - k m) mod a for the k-th (k <= K, the count of wraps), and
    the maximum the last value or one before a wrap, m - a above the next; the first values are
    the same problem modulo a, with step (-m) mod a.  With a > m/2 the sequence mirrored, m - 1
    - v, steps by m - a < m/2.  (Checked against brute force in tests of the tool's run.)"""
    if a == 0:
        return b, b
    if 2 * a > m:
        mn, mx = minmax(n, m, m - a, m - 1 - b)
        return m - 1 - mx, m - 1 - mn
    top = a * (n - 1) + b
    k = top // m
    if k == 0:
        return b, top
    c = (-m) % a
    mn, mx = minmax(k, a, c, (b % a + c) % a)
    return min(b, mn), max(top % m, m - a + mx)


def _fixed(t, shift):
    """round(t 2^shift) for a raw mpf t."""
    sign, man, exp, bc = t
    e = exp + shift
    v = man << e if e >= 0 else (man + (1 << (-e - 1))) >> -e
    return -v if sign else v


def _deriv(x):
    e = math.exp(-abs(x))
    return e / (1 + e) ** 2


def scan(x0, logn, hmin):
    """Every x = x0 + i ulp(x0), 0 <= i < 2^logn (one binade of x and of sigmoid(x)), with at
    least hmin identical bits after the round bit: [(h, x)], and how many inputs were scored
    with mpmath; None if the results span two binades (not scanned)."""
    from mpmath.libmp import mpf_mul

    from vecmath.functions._mpf import magnitude

    n, mod, w = 1 << logn, 1 << P, P + 80
    u = math.ulp(x0)
    x1 = x0 + (n - 1) * u
    assert math.ulp(x1) == u and (x0 > 0) == (x1 > 0), (x0, logn)
    tc = from_float(x0 + (n // 2) * u)
    s = mpf_sigmoid(tc, w)
    q = mpf_sigmoid(mpf_neg(tc), w)                       # 1 - s, to full relative precision
    k = magnitude(s)
    if x0 < 0 and {magnitude(mpf_sigmoid(from_float(v), 64)) for v in (x0, x1)} != {k}:
        return None
    ulp_exp = k - 53                                      # the result's ulp, 2^(k - 53)
    b = (_fixed(s, P - ulp_exp) - (1 << (P - 1))) % mod   # s/ulp - 1/2 at the centre
    a = _fixed(mpf_mul(s, q, w), P - ulp_exp + math.frexp(u)[1] - 1) % mod     # s' u / ulp
    m2 = _deriv(x0 if x0 > 0 else x1) * (1 + 2.0 ** -20)  # |s''| = s' |1 - 2s| <= s'
    delta = m2 * ((n // 2) * u) ** 2 / 2 / 2.0 ** ulp_exp + (n // 2 + 2) * 2.0 ** -P
    tau = int((2.0 ** -(hmin + 1) + delta) * mod) + 1
    b0 = (b - a * (n // 2)) % mod                         # i = 0
    found, scored, todo = [], 0, [(0, n)]
    while todo:
        lo, cnt = todo.pop()
        start = (b0 + a * lo) % mod
        if cnt <= 64:
            for i in range(cnt):
                v = (start + a * i) % mod
                if min(v, mod - v) < tau:
                    x = x0 + (lo + i) * u
                    scored += 1
                    h = hardness(x)
                    if h >= hmin:
                        found.append((h, x))
            continue
        mn, mx = minmax(cnt, mod, a, start)
        if mn < tau or mod - mx < tau:
            todo += [(lo, cnt // 2), (lo + cnt // 2, cnt - cnt // 2)]
    return found, scored


def run_length(x):
    """log2 N for a run at x: N^3 ~ 0.1 ulp(s)/(s'' u^2), so that delta N, the expected count
    of runs that need halving, stays near 1/80."""
    u = math.ulp(x)
    big_u = 2.0 ** -53 if x > 0 else math.ulp(1 / (1 + math.exp(-x)))
    return max(6, min(40, round(math.log2(0.1 * big_u / (_deriv(x) * u * u)) / 3)))


def _aligned(x, logn):
    """The largest logn' <= logn with x a multiple of 2^logn' ulp(x) and the run in one binade."""
    u = math.ulp(x)
    while logn > 0 and (x % ((1 << logn) * u) != 0 or math.ulp(x + ((1 << logn) - 1) * u) != u):
        logn -= 1
    return logn


def tiling(x_lo, x_hi):
    """Runs (x0, logn) covering every double of [x_lo, x_hi), 0 < x_lo (a generator: [21, 37.4)
    is ~10^8 runs)."""
    x = x_lo
    while x < x_hi:
        logn = _aligned(x, run_length(x))
        while logn > 0 and x + ((1 << logn) - 1) * math.ulp(x) >= x_hi:
            logn -= 1
        yield x, logn
        x += (1 << logn) * math.ulp(x)


def sampled_runs(rng, count, lo, hi, sign):
    """count runs at log-uniform |x| in [lo, hi), each aligned down to its length."""
    runs = []
    for m in 2.0 ** rng.uniform(math.log2(lo), math.log2(hi), count):
        x = sign * float(m)
        logn = run_length(x)
        u = math.ulp(x)
        x0 = math.floor(x / ((1 << logn) * u)) * (1 << logn) * u
        logn = _aligned(x0, logn) if math.ulp(x0) == u else 0
        if logn >= 6:
            runs.append((x0, logn))
    return runs


def scan_job(job):
    """job: (runs, hmin) or ((x_lo, x_hi), hmin), a segment to tile here.  Returns (found,
    inputs scored with mpmath, inputs scanned, runs scanned, runs not scanned)."""
    runs, hmin = job
    if isinstance(runs, tuple):
        runs = tiling(*runs)
    found, scored, inputs, count, skipped = [], 0, 0, 0, 0
    for x0, logn in runs:
        r = scan(x0, logn, hmin)
        if r is None:
            skipped += 1
            continue
        found += r[0]
        scored += r[1]
        inputs += 1 << logn
        count += 1
    return found, scored, inputs, count, skipped


def main(argv=None):
    import time

    import numpy as np
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--random", type=int, default=N_RANDOM)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--scan-from", type=float, default=SCAN_FROM,
                    help="family 5 scans every double of [this, 37.4375)")
    ap.add_argument("--sampled", type=int, default=N_SAMPLED, help="family 6: runs per side")
    ap.add_argument("--out", type=pathlib.Path,
                    default=ROOT / "vecmath" / "accuracy" / "worstcases" / "sigmoid.wc.xz")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    rand = list(rng.uniform(-40, 40, args.random))
    mags = 2.0 ** rng.uniform(-30, 5, args.random)
    rand += list(np.where(rng.random(args.random) < 0.5, -mags, mags))
    families = {"near 0 (1/2 + x/4 a midpoint)": structured(), "exp's worst cases below -37": exp_worstcases_below(-37.0),
                "random": [float(v) for v in rand], "thresholds +-256 ulps": thresholds()}
    kept, notes = {}, {}
    with multiprocessing.Pool(args.processes) as pool:
        for name, xs in families.items():
            t = time.perf_counter()
            chunks = [xs[i:i + 2000] for i in range(0, len(xs), 2000)]
            scored = [p for part in pool.map(score, chunks) for p in part]
            hard = sorted(scored, reverse=True)
            take = [p for p in hard if p[0] >= MIN_HARD] if name != "near 0 (1/2 + x/4 a midpoint)" else hard
            if name != "near 0 (1/2 + x/4 a midpoint)":
                take = take or hard[:20]
                take = take if len(take) >= 20 else hard[:20]
            kept[name] = (f"{len(xs)} scored", take)
            print(f"{name}: {len(xs)} scored, {len(take)} kept, hardest {hard[0][0]:.1f} bits at "
                  f"{hard[0][1].hex()} ({time.perf_counter() - t:.0f} s)", file=sys.stderr)
        # 5 and 6: Lefevre's scan, exhaustive on each run
        # family 5 in segments of 1/64 (multiples of 2^42 ulps there: the runs stay aligned)
        edges = [args.scan_from] + [k / 64 for k in range(math.floor(args.scan_from * 64) + 1,
                                                           math.ceil(SCAN_TO * 64))] + [SCAN_TO]
        scans = {
            f"every double of [{args.scan_from:g}, {SCAN_TO}), scanned (Lefevre), all with >= "
            f"{SCAN_HARD} bits": (tuple(zip(edges, edges[1:])), SCAN_HARD),
            f"{args.sampled} runs at log-uniform 2^-10 <= x < {args.scan_from:g}, scanned, all "
            f"with >= {MIN_HARD} bits in them": (sampled_runs(rng, args.sampled, 2.0 ** -10,
                                                             args.scan_from, 1.0), MIN_HARD),
            f"{args.sampled} runs at log-uniform 2^-10 <= -x < 37, scanned, all with >= "
            f"{MIN_HARD} bits in them": (sampled_runs(rng, args.sampled, 2.0 ** -10, 37.0, -1.0),
                                         MIN_HARD),
        }
        for name, (runs, hmin) in scans.items():
            t = time.perf_counter()
            if isinstance(runs, list):          # sampled runs, in chunks
                jobs = [(runs[i:i + 5000], hmin) for i in range(0, len(runs), 5000)]
            else:                               # segments, tiled by the workers
                jobs = [(seg, hmin) for seg in runs]
            found, scored, inputs, count, skipped = [], 0, 0, 0, 0
            for j, (f, sc, n, c, sk) in enumerate(pool.imap(scan_job, jobs)):
                found += f
                scored, inputs, count, skipped = scored + sc, inputs + n, count + c, skipped + sk
                if j % 50 == 49:        # progress, in x order
                    print(f"  {j + 1}/{len(jobs)} jobs, {count} runs, {time.perf_counter() - t:.0f} s, "
                          f"{len(found)} found", file=sys.stderr, flush=True)
            take = sorted(found, reverse=True)
            secs = time.perf_counter() - t
            note = (f"{count} runs, {inputs} inputs (2^{math.log2(max(inputs, 1)):.1f}), "
                    f"{scored} scored with mpmath, {skipped} runs spanning two result binades "
                    f"not scanned; {secs:.0f} s on {args.processes} processes")
            kept[name] = (note, take)
            print(f"{name}: {note}; {len(take)} kept"
                  + (f", hardest {take[0][0]:.1f} bits at {take[0][1].hex()}" if take else ""),
                  file=sys.stderr)
    lines = ["# sigmoid float64 hard-to-round inputs: found by tools/sigmoid_hardcases.py (vecmath),",
             "# no published list exists.  Per family: what was searched, then each kept input with",
             "# its hardness (identical bits after the round bit, mpmath at 300 bits).",
             f"# seed {args.seed}, {args.random} random inputs per random set"]
    for name, (note, take) in kept.items():
        lines.append(f"# --- {name}: {note}, {len(take)} kept")
        lines += [f"{x.hex()}  # {h:.1f}" for h, x in take]
    with lzma.open(args.out, "wt", preset=9 | lzma.PRESET_EXTREME) as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

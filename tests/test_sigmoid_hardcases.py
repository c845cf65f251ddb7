"""tools/sigmoid_hardcases.py's scan (Lefevre's method), which claims to find every input of a
run with at least h identical bits: its two parts checked against brute force.  minmax (the
distance of a i + b to the integers, in O(log m) steps) against every value; scan against
mpmath's hardness of every input of short runs on both sides of 0, at a low threshold (5 bits:
~16 hits per 512 inputs), so a run that is wrongly cleared would show."""
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import sigmoid_hardcases as hc  # noqa: E402


def test_minmax_against_brute_force():
    rng = random.Random(35)
    for _ in range(3000):
        m = rng.choice([rng.randint(1, 300), 1 << rng.randint(8, 30)])
        n, a, b = rng.randint(1, 700), rng.randrange(m), rng.randrange(m)
        values = [(a * i + b) % m for i in range(n)]
        assert hc.minmax(n, m, a, b) == (min(values), max(values)), (n, m, a, b)


def test_scan_finds_what_brute_force_finds():
    rng = random.Random(7)
    runs = 0
    while runs < 6:
        x = rng.choice([1, -1]) * 2 ** rng.uniform(-8, 5.2)
        u = math.ulp(x)
        x0 = math.floor(x / (512 * u)) * 512 * u
        if math.ulp(x0) != u or math.ulp(x0 + 511 * u) != u:
            continue
        r = hc.scan(x0, 9, 5)
        if r is None:
            continue
        brute = sorted(v for v in (x0 + i * u for i in range(512)) if hc.hardness(v) >= 5)
        assert sorted(v for _, v in r[0]) == brute, x0
        runs += 1

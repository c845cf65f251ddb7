"""Recompute an older golden_hashes.json over ITS input set with today's ufuncs, and list the
hashes that differ.  The input set holds every function's specials and limits, so adding a
function changes every committed hash; this rebuilds the old set from the functions the old file
names (their specials and limits as they are today) to show which old outputs really changed.

    git show <commit>:vecmath/accuracy/golden_hashes.json > old.json
    VECMATH_ISA=scalar|avx2|avx512 python tools/golden_against_old.py old.json
"""
import json
import sys

from vecmath import spec
from vecmath.accuracy import golden


def main(path):
    want = json.load(open(path))["hashes"]
    old = tuple(f for f in spec.FUNCTIONS if f"accurate.{f}.0.float64" in want)
    n_limits = sum(len(limits) for limits in spec.LIMITS.values())
    golden.EXTRA_SPECIALS = (golden.EXTRA_SPECIALS[:len(golden.EXTRA_SPECIALS) - n_limits]
                             + [v for f in old for v, _ in spec.LIMITS[f].values()])
    spec.FUNCTIONS = old
    got = golden.compute()
    differ = sorted(k for k in want if got.get(k) != want[k])
    print(f"{len(want)} hashes of {', '.join(old)}; {len(differ)} differ: {differ}")
    return 1 if any(k.startswith("inputs.") for k in differ) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

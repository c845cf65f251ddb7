"""python -m vecmath.accuracy FUNC --dtype DTYPE [--tier T | --callable MODULE:ATTR]... [--exhaustive | --samples N]"""
import argparse
import json
import sys

from .. import spec
from .callables import canonical, load_callable, numpy_callable, tier_callable, tier_flush_below, tier_label
from .runs import DEFAULT_SAMPLES, run


def parse(argv):
    p = argparse.ArgumentParser(prog="python -m vecmath.accuracy", description=(
        "Measure the ULP error of exp, log, tanh or atan against a correctly rounded mpmath "
        "reference. Prints one line per callable and set of inputs, ending in "
        "max_ulp=<value> not_cr=<count>."))
    p.add_argument("func", help=f"one of {', '.join(spec.FUNCTIONS)} (or arctan)")
    p.add_argument("--dtype", required=True, choices=spec.DTYPES)
    p.add_argument("--tier", action="append", default=[], choices=spec.TIERS + ("all",),
                   help="measure vecmath.<tier>.<func>; repeatable; 'all' for every tier")
    p.add_argument("--callable", action="append", default=[], metavar="MODULE:ATTR",
                   help="measure any importable callable (numpy:exp, torch:exp, ...); repeatable. "
                        "With neither --tier nor --callable, NumPy's function is measured.")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exhaustive", action="store_true",
                      help="every input (float16, float32: the default for them)")
    mode.add_argument("--samples", type=int, metavar="N",
                      help=f"N sampled inputs (float64 default {DEFAULT_SAMPLES}), plus the worst cases for float64")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=None, help="worker processes (default: up to 2)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--report", metavar="PATH", help="write the results as JSON")
    return p.parse_args(argv)


def callables_for(func, tiers, targets):
    """dict label -> callable: the tiers asked for, then the MODULE:ATTR ones; NumPy by default."""
    found = {}
    for tier in (spec.TIERS if "all" in tiers else dict.fromkeys(tiers)):
        found[tier_label(tier, func)] = tier_callable(tier, func)
    for target in targets:
        found[target] = load_callable(target, func)
    return found or {f"numpy:{func}": numpy_callable(func)}


def bound_verdicts(results, func, dtype, tiers):
    """Lines saying whether each measured tier keeps spec's bound, and whether all did."""
    lines, ok = [], True
    for tier in (spec.TIERS if "all" in tiers else tiers):
        mine = [r for r in results if r.label == tier_label(tier, func)]
        bound = spec.BOUNDS[(tier, dtype)]
        if bound == "cr":
            kept = all(r.not_cr == 0 for r in mine)
        else:
            kept = all(r.max_ulp < bound if (tier, dtype) == ("accurate", "float64") else r.max_ulp <= bound
                       for r in mine) and all(r.not_cr == 0 for r in mine if r.inputs == "specials")
        ok &= kept
        lines.append(f"{tier_label(tier, func)} {dtype}: bound {bound} {'kept' if kept else 'EXCEEDED'}")
    return lines, ok


def main(argv=None):
    args = parse(argv)
    func = canonical(args.func)
    try:
        callables = callables_for(func, args.tier, args.callable)
    except (LookupError, ImportError, AttributeError) as e:
        sys.exit(f"error: {e}")
    try:
        result = run(func, args.dtype, callables, exhaustive=args.exhaustive or None, samples=args.samples,
                     seed=args.seed, processes=args.processes, progress=not args.no_progress,
                     flush_below={tier_label(t, func): tier_flush_below(t, args.dtype)
                                  for t in (spec.TIERS if "all" in args.tier else args.tier)})
    except (FileNotFoundError, ValueError) as e:
        sys.exit(f"error: {e}")
    if result.sweep:
        print(result.sweep.line())
    for r in result.results:
        print(r.line())
    verdicts, ok = bound_verdicts(result.results, func, args.dtype, args.tier)
    for line in verdicts:
        print(line)
    if args.report:
        report = {"command": "python -m vecmath.accuracy " + " ".join(argv if argv is not None else sys.argv[1:]),
                  "func": func, "dtype": args.dtype, "results": [r.to_dict() for r in result.results],
                  "bounds": verdicts}
        if result.sweep:
            s = result.sweep
            report["sweep"] = {"recomputed_with_mpmath": s.recomputed, "float64_checked": s.checked,
                               "float64_max_rel_err": s.max_rel_err, "seconds": s.seconds,
                               "cpu_seconds": s.cpu_seconds}
        with open(args.report, "w") as fh:
            json.dump(report, fh, indent=2)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

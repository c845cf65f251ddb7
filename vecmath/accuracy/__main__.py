"""python -m vecmath.accuracy FUNC --dtype DTYPE [--tier T | --callable MODULE:ATTR]... [--exhaustive | --samples N] [--bound ULP]"""
import argparse
import json
import sys

from .. import spec
from .callables import canonical, load_callable, numpy_callable, tier_callable, tier_flush_below, tier_label
from .measure import Result
from .runs import DEFAULT_SAMPLES, run


def parse(argv):
    p = argparse.ArgumentParser(prog="python -m vecmath.accuracy", description=(
        f"Measure the ULP error of one of vecmath's functions ({', '.join(spec.FUNCTIONS)}) "
        "against a correctly rounded mpmath reference. Prints one line per callable and set of "
        "inputs, then one overall line per callable (the worst over its sets); every line ends "
        "in max_ulp=<value> not_cr=<count>. "
        "Exit status 1 when a bound is broken (a tier's own, or --bound), 2 for bad arguments."))
    p.add_argument("func", type=_function, help=f"one of {', '.join(spec.FUNCTIONS)} (or arctan)")
    p.add_argument("--dtype", required=True, choices=spec.DTYPES)
    p.add_argument("--tier", action="append", default=[], choices=spec.TIERS + ("all",),
                   help="measure vecmath.<tier>.<func> against the tier's own bound; repeatable; "
                        "'all' for every tier")
    p.add_argument("--callable", action="append", default=[], metavar="MODULE:ATTR",
                   help="measure any importable callable (numpy:exp, torch:exp, ...); repeatable. "
                        "With neither --tier nor --callable, NumPy's function is measured.")
    p.add_argument("--bound", type=_nonnegative(float), metavar="ULP",
                   help="fail (exit 1) if any measured callable's max error exceeds ULP")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exhaustive", action="store_true",
                      help="every input (float16, float32: the default for them)")
    mode.add_argument("--samples", type=_positive(int), metavar="N",
                      help=f"N sampled inputs (float64 default {DEFAULT_SAMPLES}), plus the worst cases for float64")
    p.add_argument("--seed", type=_nonnegative(int), default=0)
    p.add_argument("--processes", type=_positive(int), default=None, help="worker processes (default: $VECMATH_ACCURACY_PROCESSES, else up to 2)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--report", metavar="PATH", help="write the results as JSON")
    args = p.parse_args(argv)
    if args.exhaustive and args.dtype == "float64":
        p.error("float64 cannot be swept exhaustively; give --samples N")
    try:
        args.callables = callables_for(args.func, args.tier, args.callable)
    except (LookupError, ImportError, AttributeError, ValueError) as e:
        p.error(str(e))
    return args


def _function(name):
    try:
        return canonical(name)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _checked(kind, ok, what):
    def convert(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not ok(value):
            raise argparse.ArgumentTypeError(f"{text!r}: must be {what}")
        return value
    return convert


def _positive(kind):
    return _checked(kind, lambda v: v > 0, "positive")


def _nonnegative(kind):
    return _checked(kind, lambda v: v >= 0 and v == v, "zero or more")


def callables_for(func, tiers, targets):
    """dict label -> callable: the tiers asked for, then the MODULE:ATTR ones; NumPy by default."""
    found = {}
    for tier in (spec.TIERS if "all" in tiers else dict.fromkeys(tiers)):
        found[tier_label(tier, func)] = tier_callable(tier, func)
    for target in targets:
        found[target] = load_callable(target, func)
    return found or {f"numpy:{func}": numpy_callable(func)}


def bounds_for(func, dtype, tiers, labels, bound):
    """label -> the bound its overall result is held to: --bound for every callable, else each
    tier's own (spec.BOUNDS; "cr" means every result correctly rounded)."""
    if bound is not None:
        return dict.fromkeys(labels, bound)
    return {tier_label(t, func): spec.BOUNDS[(t, dtype)] for t in (spec.TIERS if "all" in tiers else tiers)}


def main(argv=None):
    args = parse(argv)
    func, callables = args.func, args.callables
    try:
        result = run(func, args.dtype, callables, exhaustive=args.exhaustive or None, samples=args.samples,
                     seed=args.seed, processes=args.processes, progress=not args.no_progress,
                     flush_below={tier_label(t, func): tier_flush_below(t, args.dtype)
                                  for t in (spec.TIERS if "all" in args.tier else args.tier)})
    except (FileNotFoundError, ValueError) as e:
        sys.exit(f"error: {e}")
    if result.sweep:
        print(result.sweep.line())
    bounds = bounds_for(func, args.dtype, args.tier, callables, args.bound)
    ok, overall = True, {}
    for label in callables:
        mine = [r for r in result.results if r.label == label]
        for r in mine:
            print(r.line())
        total = overall[label] = Result.overall(mine)
        line = total.line()
        if label in bounds:
            # a tier's own bound: strict where spec says so, and its special values exact
            strict = args.bound is None and any(label == tier_label(t, func) for t, d in spec.STRICT_BOUNDS
                                                if d == args.dtype)
            good = total.keeps(bounds[label], strict) and \
                (args.bound is not None or all(r.not_cr == 0 for r in mine if r.inputs == "specials"))
            ok &= good
            head, _, tail = line.rpartition(" max_ulp=")
            line = f"{head} bound={bounds[label]}:{'kept' if good else 'EXCEEDED'} max_ulp={tail}"
        print(line)
    if args.report:
        report = {"command": "python -m vecmath.accuracy " + " ".join(argv if argv is not None else sys.argv[1:]),
                  "func": func, "dtype": args.dtype, "results": [r.to_dict() for r in result.results],
                  "overall": {label: r.to_dict() for label, r in overall.items()},
                  "bounds": {label: b for label, b in bounds.items()}, "bounds_kept": ok}
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

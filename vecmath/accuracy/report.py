"""python -m vecmath.accuracy.report: measure everything and write docs/accuracy.md + docs/img/.

For every function and dtype, vecmath's tiers stand beside NumPy (and PyTorch, when it imports)
on the same inputs: every float32 input (one sweep per function), every float16 input, and
float64 samples plus the worst cases.  Plots of ULP error against x come from float32 and
float64 samples.  Functions vecmath does not have yet are measured for NumPy alone.
"""
import argparse
import datetime
import platform
import sys
import time
from pathlib import Path

import numpy as np

from .. import spec
from .callables import numpy_callable, peer_label, tier_callable, tier_flush_below, tier_label, torch_callable
from .exhaustive import ASSUMED_REL_ERR
from .measure import evaluate, ulp_errors
from .runs import run, sample_reference

PLOT_POINTS = 30000
DTYPE_ORDER = ("float32", "float64", "float16")


def competitors(func):
    """dict label -> callable: vecmath's tiers that exist, NumPy, and PyTorch if it imports."""
    found = {}
    for tier in spec.TIERS:
        try:
            found[tier_label(tier, func)] = tier_callable(tier, func)
        except (LookupError, ImportError):
            pass
    if numpy_callable(func) is not None:
        found[peer_label(func)] = numpy_callable(func)
    if torch_callable(func):
        import torch   # torch's own name for it: torch.<func>, else torch.nn.functional.<func>
        found[f"torch.{func}" if hasattr(torch, func) else f"torch.nn.functional.{func}"] = torch_callable(func)
    return found


def flush_allowances(func, dtype):
    return {tier_label(t, func): tier_flush_below(t, dtype) for t in spec.TIERS}


def tier_of(label):
    parts = label.split(".")
    return parts[1] if parts[0] == "vecmath" else None


def bound_text(tier, dtype):
    if tier is None:
        return ""
    b = spec.BOUNDS[(tier, dtype)]
    if b == "cr":
        return "correctly rounded"
    number = f"2^{int(np.log2(b))}" if b > 1024 and float(np.log2(b)).is_integer() else f"{b:g}"
    return f"< {number}" if (tier, dtype) == ("accurate", "float64") else f"≤ {number}"


def kept(result, tier, dtype):
    b = spec.BOUNDS[(tier, dtype)]
    if b == "cr":
        return result.not_cr == 0
    return result.max_ulp < b if (tier, dtype) == ("accurate", "float64") else result.max_ulp <= b


def table(func, dtype, run_):
    """Markdown table: one row per callable on this dtype's inputs, with its special values."""
    specials = {r.label: r for r in run_.results if r.inputs == "specials"}
    rows = ["| | bound | max ULP | correctly rounded | worst input x: got (correctly rounded) | special values |",
            "|---|---|---|---|---|---|"]
    show = lambda v: str(np.dtype(dtype).type(v))
    for r in (r for r in run_.results if r.inputs != "specials"):
        tier = tier_of(r.label)
        verdict = "" if tier is None else (" ✓" if kept(r, tier, dtype) else " ✗ **exceeds the bound**")
        flushed = f" ({r.flushed} subnormal results flushed)" if r.flushed else ""
        s = specials[r.label]
        special = "all bit for bit" if s.not_cr == 0 else f"**{s.not_cr} of {s.n} wrong**"
        rows.append(f"| `{r.label}` | {bound_text(tier, dtype)} | {r.max_ulp:.6g}{verdict} | "
                    f"{r.cr_percent:.4f}%{flushed} | {show(r.worst_input)}: {show(r.worst_value)} "
                    f"({show(r.worst_expected)}) | {special} |")
    return "\n".join(rows)


def plot(func, dtype, callables, ref, path, count=None):
    """PNG of ULP error against x, one panel per callable, over spec.REGIONS[func][0], from the
    first `count` inputs of ref (the random ones: the worst cases that follow are all alike)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    kind, lo, hi = spec.REGIONS[func][0]
    with np.errstate(invalid="ignore"):                 # signalling NaNs among float32 samples
        x = ref.x.astype(np.float64)
    shown = (np.abs(x) >= lo if kind == "loguniform_signed" else x >= lo) & (np.abs(x) <= hi)
    shown &= np.isfinite(ref.rounded) & (ref.rounded != 0) & (np.arange(len(x)) < (count or len(x)))
    rng = np.random.default_rng(0)
    index = np.flatnonzero(shown)
    index = np.sort(rng.choice(index, min(PLOT_POINTS, len(index)), replace=False))
    fig, axes = plt.subplots(1, len(callables), figsize=(3.6 * len(callables), 3.0), squeeze=False)
    for ax, (label, f) in zip(axes[0], callables.items()):
        errors = ulp_errors(evaluate(f, ref.x[index]), ref.subset(index))
        # float64 spans 600 decades, beyond what matplotlib's log axis handles: plot log10 x
        where = np.log10(x[index]) if kind == "loguniform" else x[index]
        ax.plot(where, errors, ".", markersize=1, alpha=0.4, rasterized=True)
        tier = tier_of(label)
        if tier and spec.bound(tier, dtype) <= 2 * max(errors.max(initial=0), 0.25):
            ax.axhline(spec.bound(tier, dtype), color="red", linewidth=0.8, linestyle="--")
        ax.set_title(label + (f"\n(bound {bound_text(tier, dtype)})" if tier else "\n"), fontsize=9)
        ax.set_xlabel("log10 x" if kind == "loguniform" else "x")
    axes[0][0].set_ylabel("ULP error")
    fig.suptitle(f"{func} {dtype}: ULP error against x (dashed: the tier's bound, when in view)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def header(command, samples, seed):
    try:
        import vecmath
        made_with = f"vecmath {vecmath.__version__} ({vecmath.config()['isa']} path)"
    except ImportError:
        made_with = "vecmath not built"
    try:
        import torch
        torch_text = f"PyTorch {torch.__version__}"
    except ImportError:
        torch_text = "PyTorch not installed, so not compared"
    return [f"Made by `{command}` on {datetime.date.today()}: {made_with}, NumPy {np.__version__}, "
            f"{torch_text}, {platform.machine()} {_cpu_name()}.",
            "",
            "# Accuracy",
            "",
            "Every figure below is measured against a correctly rounded mpmath reference "
            "(`vecmath/accuracy/`, Ziv's strategy at 100, 256 and 1024 bits). The error of a result y "
            "is |y − f(x)| / ulp(f(x)) with ulp(v) = 2^(max(⌊log2|v|⌋, emin) − p + 1), so subnormal "
            "results are measured in the subnormal spacing; an infinite y counts as 2^(emax+1) unless "
            "f(x) itself rounds to that infinity. *Correctly rounded* is the share of results equal, bit "
            "for bit, to the correctly rounded value.",
            "",
            f"- **float32**: every one of the 2^32 inputs (NaNs included). The reference is NumPy's "
            f"float64 function, assumed within {ASSUMED_REL_ERR:.3g} relative (2^-45), which each sweep "
            f"re-checks against mpmath; inputs within that bound of a rounding boundary are recomputed "
            f"with mpmath.",
            "- **float16**: every one of the 2^16 inputs, against mpmath directly.",
            f"- **float64**: {samples:,} inputs (seed {seed}): a quarter uniform bit patterns, the rest "
            f"spread over `vecmath.spec.REGIONS`, plus every worst case shipped in `vecmath/accuracy/worstcases` "
            f"(negatives too for odd functions).",
            "- **special values**: `vecmath.spec.SPECIALS`, bit for bit (the sign of zero counts).",
            "- Tiers that may flush subnormal results to zero (`spec.FLUSHES_SUBNORMAL_RESULTS`) have "
            "those results counted apart, not in the statistics.",
            ""]


def _cpu_name():
    from .._gen.docsection import cpu_model   # model name, family and model, as the benchmarks say
    return cpu_model()


def function_section(func, samples, seed, processes, img):
    """Markdown for one function: a table per dtype, the sweep's facts, and the plots."""
    callables = competitors(func)
    lines = [f"## {func}", ""]
    for dtype in DTYPE_ORDER:
        theirs = callables
        if dtype == "float16" and not spec.numpy_name(func):
            # a SciPy peer has no float16 loop (expit returns float32): not measured there
            theirs = {k: v for k, v in callables.items() if k != peer_label(func)}
        run_ = run(func, dtype, theirs, samples=samples if dtype == "float64" else None, seed=seed,
                   processes=processes, flush_below=flush_allowances(func, dtype))
        inputs = "every input" if dtype != "float64" else f"{run_.results[0].n:,} inputs"
        lines += [f"### {func} {dtype} ({inputs})", "", table(func, dtype, run_), ""]
        if run_.sweep:
            s = run_.sweep
            ref_name = f"NumPy's float64 {func}" if spec.numpy_name(func) else f"{peer_label(func)}'s float64"
            lines += [f"Sweep: {ref_name} checked on {s.checked} inputs, worst relative error "
                      f"{s.max_rel_err:.3g}; {s.recomputed} inputs settled by mpmath; {s.seconds:.0f} s.", ""]
        if dtype in ("float32", "float64"):
            ref = run_.reference or sample_reference(func, dtype, PLOT_POINTS, seed, processes)
            name = f"{func}_{dtype}.png"
            plot(func, dtype, callables, ref, img / name, samples if dtype == "float64" else None)
            lines += [f"![{func} {dtype}: ULP error against x](img/{name})", ""]
    return lines


def split_sections(page):
    """{None: the header lines, func: its section's lines} of an accuracy page."""
    sections, key = {None: []}, None
    for line in page.splitlines():
        if line.startswith("## "):
            key = line[3:].strip()
            sections[key] = []
        elif line.startswith("Total time:"):
            continue   # the whole run's time: no longer one run once sections are updated
        sections[key].append(line)
    return sections


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m vecmath.accuracy.report", description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, default=300_000, help="float64 samples per function")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--functions", default=",".join(spec.FUNCTIONS))
    p.add_argument("--out", default="docs/accuracy.md", help="the page; plots go to img/ beside it")
    p.add_argument("--processes", type=int, default=None)
    p.add_argument("--update", action="store_true",
                   help="rewrite only these functions' sections of the existing page (each new section "
                        "names its own command); the others stay as they were measured")
    args = p.parse_args(argv)
    command = " ".join(["python -m vecmath.accuracy.report", *(sys.argv[1:] if argv is None else argv)])
    out = Path(args.out)
    img = out.parent / "img"
    img.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if args.update:
        sections = split_sections(out.read_text())
        for func in args.functions.split(","):
            t = time.perf_counter()
            body = function_section(func, args.samples, args.seed, args.processes, img)
            sections[func] = body[:2] + [f"This section: made by `{command}` on {datetime.date.today()} "
                                         f"({header(command, args.samples, args.seed)[0].split(': ', 1)[1]} "
                                         f"{time.perf_counter() - t:.0f} s).", ""] + body[2:]
            print(f"{func}: done at {time.perf_counter() - start:.0f} s", file=sys.stderr)
        order = [f for f in spec.FUNCTIONS if f in sections] + [f for f in sections if f not in spec.FUNCTIONS]
        lines = [line for key in [None] + [f for f in order if f is not None] for line in sections[key]]
        out.write_text("\n".join(lines))
        print(f"wrote {out}", file=sys.stderr)
        return
    lines = header(command, args.samples, args.seed)
    for func in args.functions.split(","):
        lines += function_section(func, args.samples, args.seed, args.processes, img)
        print(f"{func}: done at {time.perf_counter() - start:.0f} s", file=sys.stderr)
    lines += [f"Total time: {time.perf_counter() - start:.0f} s.", ""]
    out.write_text("\n".join(lines))
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

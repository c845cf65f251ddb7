"""Certified approximation errors from Sollya's supnorm (Debian package `sollya`).

Sampling the error on a grid can miss a peak; supnorm returns an interval
that provably encloses max |p - f| / |f| (or |p - f|) over the whole interval, from interval
arithmetic and a Taylor model.  The generator records its upper end beside each polynomial
(csrc/generated/vm_data.h comments), where the error budgets of the kernels read it.

Sollya is needed only to regenerate the tables; the generated files are committed.
"""
import shutil
import subprocess
import tempfile

import mpmath as mp

TARGET_ACCURACY = "2^-12"   # the enclosure's relative width: 12 bits of the bound are exact


class SollyaMissing(RuntimeError):
    pass


def available():
    return shutil.which("sollya") is not None


def exact(c):
    """A binary constant as an exact Sollya expression: mantissa * 2^exponent."""
    sign, man, exp, _ = mp.mpf(c)._mpf_      # man_exp drops the sign
    return f"({'-' if sign else ''}{int(man)} * 2^({int(exp)}))"


def run(script):
    """Sollya on a script; the completed process (its stdout holds what the script prints)."""
    if not available():
        raise SollyaMissing("Sollya is not installed (Debian: apt-get install sollya); it certifies "
                            "the polynomial errors when the tables are regenerated")
    with tempfile.NamedTemporaryFile("w", suffix=".sol") as fh:
        fh.write(script)
        fh.flush()
        return subprocess.run(["sollya", "--warnonstderr", fh.name], capture_output=True, text=True, timeout=600)


def certified_error(f, lo, hi, terms, relative=True, pieces=1):
    """Upper bound, as an mpf, of max |(p - f) / f| (relative) or |p - f| on [lo, hi], where
    p(x) = sum c x^k over terms = [(k, c), ...] with binary constants c and f is a Sollya
    expression in x ("exp(x)", "tanh(x + 0.5)", ...).  pieces > 1 splits [lo, hi] into equal
    parts, certified concurrently (supnorm is much faster on short intervals)."""
    if pieces > 1:
        from concurrent.futures import ThreadPoolExecutor

        lo, hi = mp.mpf(lo), mp.mpf(hi)
        edges = [lo + (hi - lo) * k / pieces for k in range(pieces)] + [hi]
        with ThreadPoolExecutor() as ex:
            return max(ex.map(lambda k: certified_error(f, edges[k], edges[k + 1], terms, relative),
                              range(pieces)))
    p = " + ".join(f"{exact(c)} * x^{k}" for k, c in terms if c != 0) or "0"
    script = (f"prec = 300!;\nverbosity = 0!;\np = {p};\nf = {f};\n"
              f"e = supnorm(p, f, [{exact(lo)}; {exact(hi)}], {'relative' if relative else 'absolute'}, "
              f"{TARGET_ACCURACY});\nprint(sup(e));\n")
    r = run(script)
    out = r.stdout.strip().splitlines()
    try:
        with mp.workdps(60):
            return mp.mpf(out[-1])
    except (IndexError, ValueError):
        raise RuntimeError(f"Sollya's supnorm failed for {f} on [{lo}, {hi}]: {r.stdout}{r.stderr}") from None


def certified_odd_rational_error(f, hi, p, q, pieces=8):
    """Upper bound of the relative error of x (1 + p1 x^2 + ..) / (1 + q1 x^2 + ..) against the
    Sollya expression f on [0, hi]: the supnorm of the polynomial x P(x^2) against f Q(x^2),
    whose ratio minus 1 is the rational's relative error."""
    den = " + ".join(["1"] + [f"{exact(c)} * x^{2 * k + 2}" for k, c in enumerate(q)])
    return certified_error(f"{f} * ({den})", mp.mpf(0), hi,
                           [(1, 1)] + [(2 * k + 3, c) for k, c in enumerate(p)], pieces=pieces)


def certified_odd_rational(f_mp, f_sollya, hi, num, den, conv, grid_points=1500, pieces=8):
    """The odd rational of degrees num/den on [0, hi] (remez.fit_rational), its coefficients
    rounded by conv, and the certified relative error of the rounded rational: (p, q, err)."""
    from .remez import fit_rational

    p, q, _ = fit_rational(f_mp, hi, num, den, grid_points=grid_points)
    p, q = [mp.mpf(conv(c)) for c in p], [mp.mpf(conv(c)) for c in q]
    return p, q, certified_odd_rational_error(f_sollya, hi, p, q, pieces)

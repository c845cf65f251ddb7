"""The accuracy tool itself, on cases whose answer is known independently of it."""
import json
import math
import subprocess
import sys
from pathlib import Path

import mpmath
import numpy as np
import pytest
from mpmath.libmp import from_man_exp, to_float

try:
    import vecmath  # noqa: F401  (vecmath.accuracy lives inside the package)
except ImportError as e:
    pytest.skip(f"vecmath is not built: {e}", allow_module_level=True)

from vecmath import functions, spec
from vecmath.functions import exp as exp_descriptor
from vecmath.accuracy import (FORMATS, Tally, check_float64_reference, correctly_rounded, float32_reference,
                              measure, numpy_callable, reference, round_mpf, sample_inputs, special_failures, special_reference,
                              sweep_float16, sweep_float32, ulp_errors, ulp_exponents, worstcase_dir,
                              worstcase_inputs)
from vecmath.accuracy.measure import HIST_LABELS, histogram

MPMATH = {"exp": mpmath.exp, "log": mpmath.log, "tanh": mpmath.tanh, "atan": mpmath.atan}


def value(man, exp):
    """man * 2^exp as a raw mpmath value."""
    return from_man_exp(man, exp)


# --- rounding --------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_rounding_to_subnormals(dtype):
    f = FORMATS[dtype]
    tiny = f.min_ulp_exp                           # exponent of the smallest subnormal
    smallest = math.ldexp(1.0, tiny)
    assert round_mpf(value(3, tiny - 1), dtype) == 2 * smallest          # 1.5 units: tie to even
    assert round_mpf(value(5, tiny - 2), dtype) == smallest              # 1.25 units
    assert round_mpf(value(1, tiny - 1), dtype) == 0.0                   # half a unit: tie to 0
    assert round_mpf(value(2 ** 70 + 1, tiny - 71), dtype) == smallest   # a hair above half
    assert round_mpf(value(2 ** 70 - 1, tiny - 71), dtype) == 0.0        # a hair below half
    assert math.copysign(1.0, round_mpf((1, 1, tiny - 3, 1), dtype)) == -1.0   # -0 keeps its sign
    # the largest subnormal and the smallest normal are one spacing apart
    assert round_mpf(value(2 ** (f.p - 1) - 1, tiny), dtype) == math.ldexp(2 ** (f.p - 1) - 1, tiny)
    assert round_mpf(value(2 ** f.p - 1, tiny - 1), dtype) == math.ldexp(1.0, f.emin)


def test_subnormal_rounding_is_not_double_rounding():
    # just above half the smallest float64 subnormal: mpmath's float() rounds to 53 bits first
    # (landing exactly on the half) and then to 0; the correct result is 2^-1074
    v = value(2 ** 60 + 1, -1075 - 60)
    assert to_float(v) == 0.0
    assert round_mpf(v, "float64") == 5e-324


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_overflow_rounding(dtype):
    f = FORMATS[dtype]
    top = f.max_ulp_exp                            # ulp(max) = 2^top; max = (2^p - 1) 2^top
    max_man = 2 ** f.p - 1
    assert round_mpf(value(max_man, top), dtype) == f.max
    assert round_mpf(value(2 * max_man + 1, top - 1), dtype) == math.inf              # max + ulp/2
    assert round_mpf(value(2 ** 80 * (2 * max_man + 1) - 1, top - 81), dtype) == f.max  # just below it
    assert round_mpf((1, 2 * max_man + 1, top - 1, f.p + 1), dtype) == -math.inf
    assert round_mpf(value(1, 10 ** 6), dtype) == math.inf


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_ulp_across_binades(dtype):
    f = FORMATS[dtype]
    d = np.dtype(dtype).type
    one = d(1)
    below_one = np.nextafter(one, d(0))
    smallest_normal = d(2.0 ** f.emin)
    got = ulp_exponents(np.array([1.0, below_one, 2.0, 3.999, smallest_normal, np.nextafter(smallest_normal, d(0)),
                                  2.0 ** (f.emin - 5), 0.0, -1.0, f.max], dtype=np.float64), dtype)
    want = [1 - f.p, -f.p, 2 - f.p, 2 - f.p, f.min_ulp_exp, f.min_ulp_exp, f.min_ulp_exp, f.min_ulp_exp,
            1 - f.p, f.max_ulp_exp]
    assert got.tolist() == want


# --- ULP errors against an independent mpmath computation -------------------------------------

def oracle_error(func, x, y, dtype):
    """|y - f(x)| / ulp(f(x)) computed by mpmath at 4000 bits; inf is right where f(x) rounds
    to it (at or past max + ulp(max)/2) and counts as 2^(emax+1) elsewhere."""
    f = FORMATS[dtype]
    with mpmath.workprec(4000):
        exact = mpmath.mpf(0) if (func in ("tanh", "atan") and x == 0) else MPMATH[func](mpmath.mpf(x))
        overflows = abs(exact) >= mpmath.ldexp(1, f.emax + 1) - mpmath.ldexp(1, f.emax - f.p)
        if math.isinf(y) and overflows and (y > 0) == (exact > 0):
            return 0.0
        if math.isinf(y):
            y = math.copysign(1, y) * mpmath.ldexp(1, f.emax + 1)
        e = f.emin if exact == 0 else max(int(mpmath.floor(mpmath.log(abs(exact), 2))), f.emin)
        return float(abs(mpmath.mpf(y) - exact) / mpmath.ldexp(1, e - f.p + 1))


CASES = {  # inputs around binade boundaries, subnormal results, overflow thresholds
    "float64": [("exp", [0.3, -2.0 ** -60, 2.0 ** -60, 709.782712893384, 709.79, 710.0, -740.0, -745.1, -1e-310]),
                ("log", [0.999, 1.0000001, 2.0 ** -1074, 1e308]),
                ("tanh", [0.2, 19.0, 30.0, -2.0 ** -40]),
                ("atan", [1e-300, 1.0, 1e300])],
    "float32": [("exp", [0.3, -2.0 ** -30, 2.0 ** -30, 88.72283, 88.7229, 89.0, -100.0, -103.9]),
                ("tanh", [9.0, 0.1]), ("log", [1e-45, 0.99999994]), ("atan", [3e38])],
    "float16": [("exp", [0.3, -2.0 ** -12, 11.09, 11.1, 12.0, -16.0, -17.3]),
                ("tanh", [4.0, 5.0]), ("log", [6e-8, 65504.0]), ("atan", [2.0])],
}


@pytest.mark.parametrize("dtype", list(CASES))
def test_ulp_errors_match_mpmath(dtype):
    d = np.dtype(dtype).type
    for func, xs in CASES[dtype]:
        x = np.array(xs, dtype=dtype)
        ref = reference(func, x, processes=1)
        for i, (xi, cr) in enumerate(zip(x, ref.rounded)):
            candidates = {cr, np.nextafter(cr, d(np.inf)), np.nextafter(cr, d(-np.inf)),
                          np.nextafter(np.nextafter(cr, d(np.inf)), d(np.inf)), d(0), d(np.inf), d(-np.inf),
                          d(FORMATS[dtype].max)}
            for y in candidates:
                got = ulp_errors(np.array([y], dtype=dtype), ref.subset([i]))[0]
                want = oracle_error(func, float(xi), float(y), dtype)
                if math.isinf(want) or want > 1e300:
                    assert got == want or got > 1e300
                else:
                    assert got == pytest.approx(want, rel=1e-9, abs=1e-9), (func, dtype, float(xi), float(y))


def test_infinities_and_nans_in_errors():
    x = np.array([np.inf, 710.0, np.nan, 1.0, 1.0, -np.inf], dtype=np.float64)
    ref = reference("exp", x, processes=1)
    y = np.array([np.inf, np.inf, np.nan, np.nan, np.inf, 0.0])
    err = ulp_errors(y, ref)
    assert err[0] == 0 and err[1] == 0 and err[2] == 0     # exact inf, overflow to inf, NaN for NaN
    assert err[3] == np.inf and err[4] > 2.0 ** 900 and err[5] == 0
    assert ulp_errors(np.array([1e308]), reference("exp", np.array([np.inf]), processes=1))[0] == np.inf
    assert ulp_errors(np.array([0.0]), reference("log", np.array([-1.0]), processes=1))[0] == np.inf


# --- the reference --------------------------------------------------------------------------

CONTEXTS = {"float64": (53, -1073, 1024), "float32": (24, -148, 128), "float16": (11, -23, 16)}


def _mpfr_sigmoid(gmpy2, x):
    """MPFR has no sigmoid: 1/(1 + e^-x) or e^x/(1 + e^x) (positive operations only) at 1200
    bits in MPFR's widest exponent range, for the caller's context to round once: far beyond
    the hardest shipped case (109.6 identical bits after the round bit) and any random input."""
    with gmpy2.context(precision=1200, emin=gmpy2.get_emin_min(), emax=gmpy2.get_emax_max()):
        x = gmpy2.mpfr(x)
        return 1 / (1 + gmpy2.exp(-x)) if x >= 0 else gmpy2.exp(x) / (1 + gmpy2.exp(x))


def _mpfr_softplus(gmpy2, x):
    """MPFR has no softplus: max(x, 0) + log1p(e^-|x|) (positive terms only) at 1200 bits in
    MPFR's widest exponent range (e^-|x| for |x| > 3e18 is 0 there, and the result x or +0 is
    then the correctly rounded one anyway), for the caller's context to round once."""
    with gmpy2.context(precision=1200, emin=gmpy2.get_emin_min(), emax=gmpy2.get_emax_max()):
        x = gmpy2.mpfr(x)
        return max(x, 0) + gmpy2.log1p(gmpy2.exp(-abs(x)))


MPFR_COMPOSED = {"sigmoid": _mpfr_sigmoid, "softplus": _mpfr_softplus}


def mpfr_rounded(func, x, dtype):
    """func(x) correctly rounded by MPFR (through gmpy2), subnormals included."""
    gmpy2 = pytest.importorskip("gmpy2")
    p, emin, emax = CONTEXTS[dtype]
    if func in MPFR_COMPOSED:
        v = MPFR_COMPOSED[func](gmpy2, x)
        with gmpy2.context(precision=p, emin=emin, emax=emax, subnormalize=True):
            return float(gmpy2.check_range(+v))
    with gmpy2.context(precision=p, emin=emin, emax=emax, subnormalize=True):
        return float(gmpy2.check_range(getattr(gmpy2, func)(gmpy2.mpfr(x))))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_reference_matches_mpfr_on_random_bit_patterns(dtype):
    rng = np.random.default_rng(1)
    width = np.dtype(dtype).itemsize * 8
    x = rng.integers(0, 2 ** width, 3000, dtype=np.uint64).astype(f"uint{width}").view(dtype)
    x = x[np.isfinite(x)]
    for func in spec.FUNCTIONS:
        xs = functions.get(func).into_domain(x)   # NaN bit patterns differ outside the domain
        ref = reference(func, xs, processes=1)
        want = np.array([mpfr_rounded(func, float(v), dtype) for v in xs], dtype=dtype)
        assert np.array_equal(ref.rounded.view(f"uint{width}"), want.view(f"uint{width}")), func


def test_worst_cases_need_ziv_and_match_mpfr():
    for func in spec.FUNCTIONS:
        x = worstcase_inputs(func)
        x = x[np.isfinite(x)][::25]
        ref = reference(func, x)
        assert (ref.bits >= 256).any(), f"no {func} worst case needed more than 100 bits"
        want = np.array([mpfr_rounded(func, float(v), "float64") for v in x])
        assert np.array_equal(ref.rounded, want, equal_nan=True), func


def test_reference_agrees_with_spec_special_values():
    for dtype in spec.DTYPES:
        for func in spec.FUNCTIONS:
            specials = special_reference(func, dtype)
            ref = reference(func, specials.x, processes=1)
            assert not special_failures(func, dtype, lambda x, r=ref.rounded: r), (func, dtype)


def test_exact_results_near_trivial_points():
    # exp(x) = 1 + x + ..., tanh(x) = x - x^3/3: the ulp of the exact value is below the
    # power of two they round to, which only a series (not any fixed precision) settles
    for x, func, rounded, ulp_exp in [(-2.0 ** -1074, "exp", 1.0, -53), (2.0 ** -1074, "exp", 1.0, -52),
                                      (2.0 ** -600, "tanh", 2.0 ** -600, -653), (-2.0 ** -600, "atan", -2.0 ** -600, -653),
                                      (1000.0, "tanh", 1.0, -53)]:
        got = correctly_rounded(func, x, "float64")
        assert got[0] == rounded and got[2] == ulp_exp, (func, x)


def test_erfc_far_tail_enclosure():
    """erfc(x) for x >= 32 is settled by powers of two around e^(-x^2) (mpmath takes up to 100 ms
    there): they enclose mpmath's value, and every format rounds it to +0, which is then off by
    less than 2^-400 of its ulp."""
    import mpmath as mp
    from mpmath.libmp import from_float

    from vecmath.functions import erfc

    for x in (32.0, 33.5, 64.25, 1000.0, 1e5):
        lo, hi = (mp.mpf(b) for b in erfc._far_tail(from_float(x)))
        with mp.workprec(200):
            assert lo < mp.erfc(mp.mpf(x)) < hi, x
    for dtype, xs in (("float64", [32.0, 1e10, 1e300, 1.7976931348623157e308]), ("float32", [32.0, 3e38]),
                      ("float16", [32.0, 65504.0])):
        for x in xs:
            rounded, err, ulp_exp, bits = correctly_rounded("erfc", x, dtype)
            assert (rounded, ulp_exp, bits) == (0.0, FORMATS[dtype].min_ulp_exp, 0) and abs(err) < 2.0 ** -400, (dtype, x)


# --- measuring --------------------------------------------------------------------------------

def test_wrong_callable_is_caught_in_every_mode():
    bad_at = np.float16(0.3)

    def wrong16(x):
        y = np.exp(x)
        return np.where(x == bad_at, np.nextafter(y, np.float16(np.inf)), y)

    r = sweep_float16("exp", {"np": np.exp, "wrong": wrong16}, processes=1, progress=False)
    assert r["wrong"].not_cr == r["np"].not_cr + 1
    assert r["wrong"].worst_input == bad_at and r["wrong"].max_ulp > 0.5

    first = int(np.array(1.5, np.float32).view(np.uint32))
    bad32 = np.float32(1.5) + np.float32(2 ** -22)

    def wrong32(x):
        y = np.exp(x)
        return np.where(x == bad32, y * np.float32(1.001), y)

    sweep = sweep_float32("exp", {"np": np.exp, "wrong": wrong32}, processes=1, progress=False,
                          first=first, stop=first + 4096, check_inputs=64)
    assert sweep.results["wrong"].worst_input == bad32 and sweep.results["wrong"].max_ulp > 1000

    x = sample_inputs("atan", 20000, seed=3)
    ref = reference("atan", x)
    bad64 = x[len(x) // 2]
    got = measure(ref, {"nan": lambda v: np.where(v == bad64, np.nan, np.arctan(v))})["nan"]
    assert got.max_ulp == math.inf and got.worst_input == bad64

    [(x0, y0, want0)] = special_failures("tanh", "float64", lambda v: np.where(v == 0, 0.0, np.tanh(v)))
    assert math.copysign(1, x0) == -1 and math.copysign(1, y0) == 1 and math.copysign(1, want0) == -1


SWEEP_RANGES = [("exp", 0x33800000), ("exp", 0x42B00000), ("exp", 0xC2C80000), ("log", 0x3F7F0000),
                ("log", 0x00000000), ("log", 0xBF800000), ("tanh", 0x39800000), ("tanh", 0x41000000),
                ("atan", 0x3F800000), ("atan", 0x7F7F0000), ("atan", 0x7FC00000)]


@pytest.mark.parametrize("func,first", SWEEP_RANGES, ids=[f"{f}-{b:#x}" for f, b in SWEEP_RANGES])
def test_float64_reference_of_numpy_measures_without_error(func, first):
    """The float32 sweep (float64 reference + mpmath near boundaries) measures exactly what
    the mpmath reference measures, on ranges with midpoints, overflow, subnormals and NaNs."""
    f = numpy_callable(func)
    callables = {"numpy": f, "wrong": lambda v: np.where(np.arange(v.size) % 7 == 3, np.nextafter(f(v), np.inf), f(v))}
    stop = first + 2 ** 16
    sweep = sweep_float32(func, callables, processes=1, progress=False, first=first, stop=stop, check_inputs=256)
    x = np.arange(first, stop, dtype=np.uint64).astype(np.uint32).view(np.float32)
    exact = reference(func, x, processes=2)
    fast, _, _ = float32_reference(func, x)
    assert np.array_equal(fast.rounded, exact.rounded, equal_nan=True)
    numbers = ~np.isnan(exact.rounded)
    assert (np.signbit(fast.rounded) == np.signbit(exact.rounded))[numbers].all()
    for label, want in measure(exact, callables).items():
        got = sweep.results[label]
        assert (got.n, got.not_cr, got.histogram) == (want.n, want.not_cr, want.histogram), label
        assert got.max_ulp == pytest.approx(want.max_ulp, abs=2.0 ** -20), label


@pytest.mark.parametrize("func", spec.FUNCTIONS)
def test_float64_reference_assumption_holds(func):
    checked, worst = check_float64_reference(func, 2000, seed=5)
    assert checked == 2000 and worst <= 2.0 ** -45


def test_tally_over_chunks_equals_one_measure():
    x = sample_inputs("tanh", 6000, seed=2, dtype="float32")
    ref = reference("tanh", x)
    wrong = lambda v: np.nextafter(np.tanh(v), np.float32(0))
    whole = measure(ref, {"w": wrong})["w"]
    tally = Tally()
    for part in np.array_split(np.arange(len(x)), 7):
        tally.add(ref.subset(part), wrong(x[part]))
    merged = tally.result("tanh", "float32", "w", "samples")
    assert (merged.n, merged.not_cr, merged.max_ulp, merged.histogram) == (whole.n, whole.not_cr, whole.max_ulp,
                                                                           whole.histogram)


def test_histogram_bins():
    counts = histogram([0.0, 0.5, 0.50001, 1.0, 3.0, 2.0 ** 62, 2.0 ** 63, np.inf])
    got = {label: int(c) for label, c in zip(HIST_LABELS, counts) if c}
    assert got == {"0-0.5": 2, "0.5-1": 2, "2-4": 1, "2^61-2^62": 1, ">2^62": 1, "inf": 1}


# --- inputs -----------------------------------------------------------------------------------

def test_samples_are_reproducible_and_cover_the_regions():
    a, b, c = (sample_inputs("exp", 100000, seed=s) for s in (7, 7, 8))
    assert np.array_equal(a, b, equal_nan=True) and not np.array_equal(a, c, equal_nan=True)
    centre = np.float64(exp_descriptor.OVERFLOW_F64)
    around = np.arange(-4096, 4097) + int(np.array(centre).view(np.uint64))
    assert np.isin(around.astype(np.uint64).view(np.float64), a).all()
    assert np.isnan(a).any() and (np.abs(a[np.isfinite(a)]) < 2.0 ** -1022).any()
    tanh = sample_inputs("tanh", 1000, seed=1)
    wc = worstcase_inputs("tanh")
    assert np.isin(wc[np.isfinite(wc)], tanh).all() and (wc < 0).any()


def test_missing_worstcases_are_reported(monkeypatch, tmp_path):
    monkeypatch.setenv("VECMATH_WORSTCASES", str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError, match="VECMATH_WORSTCASES"):
        sample_inputs("log", 100)
    assert len(sample_inputs("log", 100, worstcases=False)) == 100


def test_worstcases_ship_with_the_package(monkeypatch, tmp_path):
    """The lists come from inside the installed package; $VECMATH_WORSTCASES overrides them with
    plain .wc files."""
    monkeypatch.delenv("VECMATH_WORSTCASES", raising=False)
    assert worstcase_dir() == Path(vecmath.__file__).parent / "accuracy" / "worstcases"
    sizes = {func: len(worstcase_inputs(func)) for func in spec.FUNCTIONS}
    assert sizes["exp"] > 100_000 and all(n > 10_000 for n in sizes.values()), sizes
    assert (worstcase_dir() / "LICENSE").is_file()
    (tmp_path / "log.wc").write_text("# two inputs\n0x1.8p+0\n+inf\n")
    monkeypatch.setenv("VECMATH_WORSTCASES", str(tmp_path))
    assert worstcase_inputs("log").tolist() == [1.5, math.inf]


def test_nothing_reads_the_folder_beside_the_repository():
    """Users have no ../shared: neither the package nor the tests may look there."""
    root = Path(__file__).resolve().parents[1]
    offenders = [str(p.relative_to(root)) for d in ("vecmath", "tests") for p in (root / d).rglob("*.py")
                 if p.name != Path(__file__).name and any(s in p.read_text() for s in ("shared/data", '/ "shared"'))]
    assert not offenders


# --- the command line -------------------------------------------------------------------------

def test_command_line(tmp_path):
    report = tmp_path / "r.json"
    cmd = [sys.executable, "-m", "vecmath.accuracy", "arctan", "--dtype", "float16", "--callable", "numpy:arctan",
           "--no-progress", "--report", str(report)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == 3 and all(line.split()[-2].startswith("max_ulp=") and line.split()[-1].startswith("not_cr=")
                                 for line in out)
    data = json.loads(report.read_text())
    assert [r["inputs"] for r in data["results"]] == ["exhaustive", "specials"]
    assert data["results"][0]["n"] == 2 ** 16
    # the last line is the worst over every set of inputs, not the special values' line
    overall = data["overall"]["numpy:arctan"]
    assert "[overall: exhaustive + specials]" in out[-1] and overall["n"] == 2 ** 16 + data["results"][1]["n"]
    assert overall["max_ulp"] == max(r["max_ulp"] for r in data["results"]) > 0
    assert out[-1].endswith(f"max_ulp={overall['max_ulp']:.6g} not_cr={overall['not_cr']}")


def test_command_line_measures_a_tier(capsys):
    from vecmath.accuracy.__main__ import main

    status = main(["exp", "--dtype", "float16", "--tier", "accurate", "--no-progress"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("exp float16 vecmath.accurate.exp [exhaustive] n=65536 ")
    assert out[-1].startswith("exp float16 vecmath.accurate.exp [overall: ")
    assert " bound=cr:" in out[-1] and status == (0 if " bound=cr:kept " in out[-1] else 1)


def test_command_line_bound_gates_the_exit_status(capsys):
    from vecmath.accuracy.__main__ import main

    args = ["exp", "--dtype", "float16", "--callable", "numpy:exp", "--no-progress", "--bound"]
    assert main(args + ["1"]) == 0 and " bound=1.0:kept " in capsys.readouterr().out.splitlines()[-1]
    # NumPy's float16 exp is not correctly rounded (computed in float32, rounded twice)
    assert main(args + ["0.5"]) == 1 and " bound=0.5:EXCEEDED " in capsys.readouterr().out.splitlines()[-1]


@pytest.mark.parametrize("args", [["foo", "--dtype", "float32"], ["exp", "--dtype", "float64", "--samples", "-5"],
                                  ["exp", "--dtype", "float64", "--exhaustive"], ["exp", "--dtype", "float8"],
                                  ["exp", "--dtype", "float32", "--callable", "no_such_module:exp"],
                                  ["exp", "--dtype", "float32", "--bound", "x"]])
def test_command_line_bad_arguments_are_one_clear_line(args):
    r = subprocess.run([sys.executable, "-m", "vecmath.accuracy", *args], capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert "Traceback" not in r.stderr and r.stderr.splitlines()[-1].startswith("python -m vecmath.accuracy: error: ")


def test_sweep_workers_survive_torch_threads_in_the_parent():
    pytest.importorskip("torch")
    script = """if True:
        import numpy as np, torch
        from vecmath.accuracy import sweep_float32, torch_callable
        f = torch_callable("log")
        torch.log(torch.ones(1 << 20))          # the parent starts PyTorch's thread pool
        first = int(np.array(1.0, np.float32).view(np.uint32))
        s = sweep_float32("log", {"torch": f}, processes=2, progress=False, first=first,
                          stop=first + (1 << 18), chunk_bits=16, check_inputs=16)
        print(s.results["torch"].n)
    """
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.split() == [str(1 << 18)]

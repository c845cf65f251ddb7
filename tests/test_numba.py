"""vecmath.numba gives the C ufuncs' bits for every function, tier and dtype, inside @njit.

Compared bit for bit (NaN included): several million random and region-sampled inputs plus
special values per (function, tier, dtype), and every float32 input for the accurate tier.
"""
import functools
import os
import pathlib
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

numba = pytest.importorskip("numba")

import vecmath  # noqa: E402
import vecmath.numba as vn  # noqa: E402
from vecmath import spec  # noqa: E402
from vecmath.numba._api import KERNELS  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
CASES = [(fn, tier, dt) for fn in KERNELS for tier in spec.TIERS for dt in (np.float64, np.float32)]
IDS = [f"{fn}-{tier}-{np.dtype(dt).name}" for fn, tier, dt in CASES]
UINT = {np.dtype(np.float64): np.uint64, np.dtype(np.float32): np.uint32}


@functools.cache
def loop_of(f, fastmath=False):
    """The user's loop y[i] = f(x[i]), compiled for f (a vecmath.numba function)."""
    @numba.njit(fastmath=fastmath)
    def loop(x, y):
        for i in range(x.size):
            y[i] = f(x[i])
    return loop


def sample(kind, lo, hi, n, rng):
    if kind == "uniform":
        return rng.uniform(lo, hi, n)
    if kind.startswith("loguniform"):
        x = np.exp(rng.uniform(np.log(lo), np.log(hi), n))
        return x * rng.choice([-1.0, 1.0], n) if kind.endswith("signed") else x
    if kind == "around":  # every double within hi ulps of lo
        return np.nextafter(lo, np.inf) * 0 + lo + np.arange(-hi, hi + 1) * np.spacing(lo)
    raise ValueError(kind)


def specials(dt):
    f = np.finfo(dt)
    v = [0.0, np.inf, np.nan, 1.0, 0.5, 2.0, f.tiny, f.smallest_subnormal, f.max, f.eps,
         f.tiny * 0.5, 1e-300, 1e-30, 88.72283935546875, 88.7228, 89.0, 86.0, 87.33654,
         103.97208, 104.0, 704.0, 708.3964185322641, 709.782712893384, 709.7827128933841,
         710.0, 745.1332191019411, 745.1332191019412, 746.0, 1000.0, 1e30, 1e300]
    v = np.array(v + [-a for a in v])
    with np.errstate(over="ignore"):
        v = v.astype(dt)
        return np.concatenate([v, np.nextafter(v, np.inf), np.nextafter(v, -np.inf)])


def inputs(fn, dt, n=1_000_000, seed=7):
    rng = np.random.default_rng(seed)
    dt = np.dtype(dt)
    parts = [specials(dt), np.frombuffer(rng.bytes(dt.itemsize * n), dt)]
    for kind, lo, hi in spec.REGIONS[fn]:
        parts.append(sample(kind, lo, hi, n // 2, rng))
    if dt == np.float32:  # float32's own ranges: near overflow and subnormal results of exp
        parts += [rng.uniform(-110, 110, n), rng.uniform(85, 89, n // 4), rng.uniform(-105, -85, n // 4)]
    with np.errstate(over="ignore"):
        return np.concatenate([p.astype(dt) for p in parts])


def numba_result(fn, tier, x, fastmath=False):
    y = np.empty_like(x)
    loop_of(getattr(getattr(vn, tier), fn), fastmath)(x, y)
    return y


def c_result(fn, tier, x):
    with np.errstate(all="ignore"):
        return getattr(getattr(vecmath, tier), fn)(x)


def assert_same_bits(x, got, want, what):
    u = UINT[x.dtype]
    bad = np.flatnonzero(got.view(u) != want.view(u))
    assert bad.size == 0, (f"{what}: {bad.size} of {x.size} differ, e.g. x={x[bad[:4]]!r} "
                           f"numba={got[bad[:4]]!r} C={want[bad[:4]]!r}")


@pytest.mark.parametrize("fn,tier,dt", CASES, ids=IDS)
def test_same_bits_as_c_ufunc(fn, tier, dt):
    x = inputs(fn, dt)
    assert x.size > 2_000_000
    assert_same_bits(x, numba_result(fn, tier, x), c_result(fn, tier, x), f"{fn} {tier}")


@pytest.mark.parametrize("fn,tier,dt", CASES, ids=IDS)
def test_fastmath_caller_changes_no_bit(fn, tier, dt):
    x = inputs(fn, dt, n=100_000, seed=8)
    assert_same_bits(x, numba_result(fn, tier, x, fastmath=True), c_result(fn, tier, x),
                     f"{fn} {tier} under fastmath=True")


@pytest.mark.parametrize("fn", list(KERNELS))
def test_ufuncs_inside_njit(fn):
    uf = getattr(vecmath, fn)
    scalars = numba.njit(lambda a, b, c: (uf(a), uf(b), uf(c)))
    a, b, c = scalars(0.75, np.float32(0.75), 3)
    assert a == uf(0.75) and type(a) is float
    assert np.float32(b) == uf(np.float32(0.75)) and isinstance(b, float)
    assert a == uf(0.75) and c == uf(3.0)

    arrays = numba.njit(lambda x: uf(x))
    for x in (np.linspace(0.1, 5, 1001), np.linspace(0.1, 5, 1001).astype(np.float32),
              np.linspace(0.1, 5, 1001)[::-3], np.linspace(0.1, 5, 1000).reshape(20, 50).T,
              np.arange(1, 20)):
        got, want = arrays(x), uf(x)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got, want)
    for tier in ("fast", "approx"):
        t_uf = getattr(getattr(vecmath, tier), fn)
        assert numba.njit(lambda x: t_uf(x))(0.75) == t_uf(0.75)


def test_every_c_function_has_numba_kernels():
    """Every function with C ufuncs has numba functions for every tier and dtype."""
    have_c = [fn for fn in spec.FUNCTIONS if hasattr(vecmath.accurate, fn)]
    assert [fn for fn in have_c if fn not in KERNELS] == []
    for fn in KERNELS:
        assert set(KERNELS[fn]) == {(t, d) for t in spec.TIERS for d in ("f64", "f32")}


def test_python_call_is_the_c_ufunc():
    assert vn.exp(1.0) == vecmath.exp(1.0)
    assert np.array_equal(vn.fast.exp(np.arange(4.0)), vecmath.fast.exp(np.arange(4.0)))
    assert set(vn.__all__) >= set(KERNELS)
    for tier in spec.TIERS:
        assert set(getattr(vn, tier).__all__) == {
            n for n in getattr(vecmath, tier).__all__ if n in KERNELS or spec.ALIASES.get(n) in KERNELS}


def loop_asm(loop, dt):
    x = np.ones(64, dt)
    loop(x, np.empty_like(x))
    return loop.inspect_asm(loop.signatures[[s[0].dtype for s in loop.signatures].index(
        numba.from_dtype(dt))])


def called_kernels(asm):
    """The C kernel entry points a compiled loop calls (their names in its asm)."""
    return set(re.findall(r"\$((?:vm_|_ZGV)\w+)", asm))


def register_name(base, isa):
    """The entry point a plain loop calls on isa: two registers a call where base has them
    (x86; vecmath/numba/_lanes.py, _pair_width), else one register (VF_W or VD_W floats for
    float32 kernels)."""
    from vecmath.numba._lanes import PAIR_OF, REGISTER_OF
    return PAIR_OF.get((base, isa), REGISTER_OF[base, isa])[1]


@pytest.mark.parametrize("fn,tier,dt", CASES, ids=IDS)
def test_loop_is_vectorized(fn, tier, dt):
    """The loop calls the kernel once per two registers (x86) or per register: zmm variants where
    numba compiles for AVX-512, ymm variants where for AVX2, NEON's on AArch64; the one-lane
    function for the last elements.  The
    inlined kernels (vecmath.numba._inline) vectorize as they are: packed arithmetic, no call."""
    from vecmath.numba._inline import KERNELS as INLINE
    from vecmath.numba._lanes import RUNS
    suffix = "f64" if dt == np.float64 else "f32"
    base = f"vm_{fn}_{tier}_{suffix}"
    asm = loop_asm(loop_of(getattr(getattr(vn, tier), fn)), dt)
    called = called_kernels(asm)
    if (fn, tier, suffix) in INLINE:
        assert not called
        assert len(re.findall(r"\bv\w+p[sd]\s[^\n]*%[yz]mm", asm)) > 10, "no packed arithmetic"
        return
    assert f"{base}_x1" in called
    features = numba.core.codegen.get_host_cpu_features() if numba.config.CPU_FEATURES is None \
        else numba.config.CPU_FEATURES
    if RUNS.get("avx512") and "+avx512f" in features:
        assert register_name(base, "avx512") in called, called
    elif RUNS.get("avx2") and "+avx2" in features:
        assert register_name(base, "avx2") in called, called
    elif RUNS.get("neon") and "+neon" in features:
        assert register_name(base, "neon") in called, called
    else:
        pytest.skip("no vector path for numba on this CPU")


def test_register_functions_keep_their_old_names_for_cached_code():
    """numba's cache holds object code calling the register functions by name; code cached before
    they took their vector-ABI names calls vm_<kernel>_x<lanes>_<path>: still registered, at the
    same address (a missing name would be a call of address 0)."""
    import llvmlite.binding as ll
    from vecmath.numba._lanes import REGISTER_OF
    for (base, isa), (lanes, name) in REGISTER_OF.items():
        assert ll.address_of_symbol(f"{base}_x{lanes}_{isa}") == ll.address_of_symbol(name) != 0


def test_avx2_only_features_call_ymm_variants():
    """numba compiled for AVX2 alone (NUMBA_CPU_FEATURES without AVX-512) calls the ymm
    variants only, and gets the same bits."""
    from vecmath.numba._lanes import RUNS
    if not RUNS.get("avx2"):
        pytest.skip("no AVX2 on this CPU")
    out = run_python("""
        import re, numba, numpy as np, vecmath, vecmath.numba as vn
        @numba.njit
        def loop(x, y):
            for i in range(x.size):
                y[i] = vn.log(x[i])
        for dt in (np.float64, np.float32):
            x = np.linspace(0.1, 100, 1001).astype(dt)
            y = np.empty_like(x)
            loop(x, y)
            assert np.array_equal(y.view(np.uint8), vecmath.log(x).view(np.uint8))
        asm = "".join(loop.inspect_asm(s) for s in loop.signatures)
        print(" ".join(sorted(set(re.findall(r"\\$((?:vm_|_ZGV)\\w+)", asm)))))
    """, NUMBA_CPU_NAME="haswell", NUMBA_CPU_FEATURES="+64bit,+avx,+avx2,+fma,+sse,+sse2,+sse3,+ssse3,+sse4.1,+sse4.2,+cmov,+popcnt,+f16c,+bmi,+bmi2,+lzcnt,+movbe,+cx16,+xsave")
    called = set(out.split())
    assert called == {"vm_log_accurate_f64_x1", register_name("vm_log_accurate_f64", "avx2"),
                      "vm_log_accurate_f32_x1", register_name("vm_log_accurate_f32", "avx2")}, called


@pytest.mark.parametrize("n", range(34))
def test_tail_lengths_same_bits(n):
    """Every length 0-33 (vector body, epilogue, one-lane rest), every function and tier."""
    rng = np.random.default_rng(n)
    for fn, tier, dt in CASES:
        x = rng.permutation(inputs(fn, dt, n=64, seed=n))[:n]
        assert_same_bits(x, numba_result(fn, tier, x), c_result(fn, tier, x), f"{fn} {tier} n={n}")


def test_strided_and_2d_loops_same_bits():
    @numba.njit
    def strided(x, y):
        for i in range(0, x.size, 3):
            y[i // 3] = vn.tanh(x[i])

    @numba.njit
    def two_d(x, y):
        for i in range(x.shape[0]):
            for j in range(x.shape[1]):
                y[i, j] = vn.fast.atan(x[i, j])

    for dt in (np.float64, np.float32):
        x = inputs("tanh", dt, n=3001)
        y = np.empty(x[::3].size, dt)
        strided(x, y)
        assert_same_bits(x[::3], y, vecmath.tanh(x[::3]), "strided tanh")
        x2 = inputs("atan", dt, n=2000)[:37 * 29].reshape(37, 29)[:, 1:]
        y2 = np.empty(x2.shape, dt)
        two_d(x2, y2)
        assert_same_bits(x2, y2, vecmath.fast.atan(x2), "2-D atan")


def test_prange_loop_same_bits():
    @numba.njit(parallel=True)
    def par(x, y):
        for i in numba.prange(x.size):
            y[i] = vn.exp(x[i]) + vn.approx.log(abs(x[i]) + 1.0)

    x = inputs("exp", np.float64, n=100_003)
    x = x[np.abs(x) < 700]
    y = np.empty_like(x)
    par(x, y)
    assert np.array_equal(y, vecmath.exp(x) + vecmath.approx.log(np.abs(x) + 1.0), equal_nan=True)


def test_recurrence_loop_works():
    """A loop that cannot vectorize (each element needs the one before) calls the one-lane
    function: the same bits as the ufunc applied step by step."""
    @numba.njit
    def recur(y0, n):
        y = np.empty(n)
        y[0] = y0
        for i in range(1, n):
            y[i] = vn.tanh(y[i - 1] * 3.0)
        return y

    y = recur(0.3, 200)
    assert np.array_equal(y[1:], vecmath.tanh(y[:-1] * 3.0))


def test_missing_kernel_is_a_clear_error():
    """A lane entry point the extension lacks (an older build) is an ImportError naming it,
    not a crash when numba links the code."""
    from vecmath.numba._lanes import lane_function
    with pytest.raises(ImportError, match="vm_nothing_accurate_f64_x1"):
        lane_function("vm_nothing_accurate_f64", "f64")


def run_python(code, **env):
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, env=dict(os.environ, PYTHONPATH=str(ROOT), **env), cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return r.stdout


CACHED = """
    import sys, numba, numpy as np, vecmath, vecmath.numba as vn
    sys.path.insert(0, {d!r})
    from user_mod import f
    x = np.linspace(-5, 5, 1001)
    y = f(x)
    assert np.array_equal(y, vecmath.exp(x) + (vecmath.fast.exp(x) + vecmath.approx.exp(x)))
    print(sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))
"""
USER_MOD = """
    import numba, numpy as np, vecmath, vecmath.numba as vn

    @numba.njit(cache=True)
    def f(x):
        y = vecmath.exp(x)  # the C kernel
        for i in range(x.size):
            y[i] += vn.fast.exp(x[i]) + vecmath.approx.exp(x[i])
        return y
"""


def test_cache_true_works(tmp_path):
    (tmp_path / "user_mod.py").write_text(textwrap.dedent(USER_MOD))
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    first = run_python(CACHED.format(d=str(tmp_path)), **env).split()
    second = run_python(CACHED.format(d=str(tmp_path)), **env).split()
    assert first == ["0", "1"], f"first run should compile and store: hits, misses = {first}"
    assert second == ["1", "0"], f"second run should load from the cache: {second}"


def test_entry_point_registers_without_import(tmp_path):
    """numba's numba_extensions entry point (as pyproject declares it) makes vecmath's ufuncs
    usable in @njit code that never imports vecmath.numba."""
    import tomllib
    ep = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    target = ep["numba_extensions"]["init"]
    info = tmp_path / "vecmath_ep-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: vecmath-ep\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[numba_extensions]\ninit = {target}\n")
    out = run_python(f"""
        import sys; sys.path.insert(0, {str(tmp_path)!r})
        import numba, vecmath
        assert "vecmath.numba" not in sys.modules
        print(numba.njit(lambda x: vecmath.exp(x))(1.0) == vecmath.exp(1.0))
    """)
    assert out.strip() == "True"

def test_llvm_widens_calls_into_neon_register_functions():
    """On AArch64 numba's loops call NEON's register entry points: numba's LLVM, compiling for
    AArch64 (no ARM machine here), widens a loop of one-lane calls that carries the variant
    attribute as _lanes.py writes it into calls of _ZGVnN<lanes>v_<scalar>, with the lanes of
    NEON's row in csrc/isa_list.h (f64, and float32 kernels in float and in double)."""
    import llvmlite.binding as ll
    from vecmath._gen import isa_list
    neon = next(isa for isa in isa_list.paths("aarch64") if isa.name == "neon")
    ll.initialize_all_targets()
    ll.initialize_all_asmprinters()
    try:
        target = ll.Target.from_triple("aarch64-unknown-linux-gnu")
    except RuntimeError:
        pytest.skip("this llvmlite has no AArch64 target")
    tm = target.create_target_machine(cpu="neoverse-v1", features="+neon", opt=3)
    for T, lanes, base in (("double", neon.lanes64, "vm_exp_accurate_f64"),
                           ("float", neon.lanes32, "vm_exp_fast_f32"),
                           ("float", neon.lanes64, "vm_exp_accurate_f32")):
        scalar, vector = f"{base}_x1", f"_ZGV{neon.abi}N{lanes}v_{base}_x1"
        from vecmath.numba._lanes import one_lane_loop_ir
        text = 'target triple = "aarch64-unknown-linux-gnu"\n' + one_lane_loop_ir(T, scalar, [(lanes, vector)])
        module = ll.parse_assembly(text)
        pb = ll.create_pass_builder(tm, ll.create_pipeline_tuning_options(3))
        pb.getModulePassManager().run(module, pb)
        called = set(re.findall(r"\bbl\s+(\S+)", tm.emit_assembly(module)))
        assert vector in called and scalar in called, (vector, called)

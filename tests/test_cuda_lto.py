"""vecmath.cuda's LTO-IR path without a GPU: the committed LTO-IR is current, the process picks
LTO-IR or PTX as documented, and the machine code (SASS) of user kernels linked with it, for
sm_90 and sm_80, has no call and no local memory for vecmath's functions and is the same whether
the user's kernel is compiled with fastmath or not (docs/cuda.md).

One kernel per (tier, dtype) calls every function of the tier: value, derivative and
<fn>_and_deriv, each output stored, so the kernel holds all of them; it is compiled to LTO-IR by
numba-cuda (cuda.compile's path, as a launch would), linked by nvJitLink with numba-cuda's own
linker, and disassembled by nvdisasm (pip install nvidia-cuda-nvdisasm; the test extra has it)."""
import glob
import os
import re
import shutil
import site
import subprocess
import sys

import pytest

from vecmath import spec

HERE = os.path.dirname(os.path.abspath(__file__))
CUDA_DIR = os.path.join(HERE, "..", "vecmath", "cuda")
# CALL targets allowed in a user kernel: CUDA's own IEEE division and reciprocal slow paths
# (__internal_*div*/rcp*: a rare branch of the division sequence, kept out of line by CUDA's
# library itself) and numba's 64-bit integer division helper
ALLOWED_CALL = re.compile(r"\$__cuda_sm\d+\w*_(div|rcp|dblrcp)_\w*\)|__nv_\w*(div|rcp)\w*|\w*[su]divmod\w*|\w*__numba_\w*div\w*")
CCS = [(9, 0), (8, 0)]


def _tool(name):
    found = shutil.which(name)
    if found:
        return found
    for root in site.getsitepackages() + [site.getusersitepackages()] + sys.path:
        for path in glob.glob(os.path.join(root, "nvidia", "*", "bin", name)):
            return path
    return None


@pytest.fixture(scope="module")
def vc():
    pytest.importorskip("numba_cuda", reason="numba-cuda is not installed (the cuda extra)")
    import vecmath.cuda
    return vecmath.cuda


@pytest.fixture(scope="module")
def nvdisasm():
    tool = _tool("nvdisasm")
    if tool is None:
        pytest.skip("nvdisasm not found (pip install nvidia-cuda-nvdisasm)")
    return tool


# ---- the committed LTO-IR ----------------------------------------------------------------------

def test_ltoir_files_and_versions():
    from vecmath.cuda import _build, _ltoir_versions

    assert sorted(_ltoir_versions.NVRTC) == sorted(_build.LTOIR)
    for major, path in _build.LTOIR.items():
        assert path.is_file() and path.stat().st_size > 10000, path
        assert _ltoir_versions.NVRTC[major][0] == major


@pytest.mark.parametrize("major", [12, 13])
def test_ltoir_is_generated_from_the_current_source(major):
    from vecmath.cuda import _build, _ltoir_versions

    try:
        lib = _build.find_nvrtc(major)
    except FileNotFoundError as e:
        pytest.skip(str(e))
    have = _build.nvrtc_version(lib)
    if have != _ltoir_versions.NVRTC[major]:
        pytest.skip(f"the committed LTO-IR comes from NVRTC {_ltoir_versions.NVRTC[major]}, not {have}")
    assert _build.compile_ltoir(lib=lib) == _build.LTOIR[major].read_bytes(), \
        f"stale {_build.LTOIR[major].name}: run python -m vecmath.cuda._build"


# ---- which path a process uses -----------------------------------------------------------------

@pytest.mark.parametrize("nvjitlink, expected", [
    (None, "ptx"), ((12, 4), "ptx"), ((12, 9), "ltoir12"), ((12, 10), "ltoir12"), ((13, 0), "ltoir13"),
    ((13, 5), "ltoir13"), ((13, 7), "ltoir13"), ((14, 0), "ptx")])
def test_link_choice(vc, monkeypatch, nvjitlink, expected):
    """LTO-IR of nvJitLink's major version where nvJitLink is at least as new as the NVRTC that
    made it, else the PTX (expected assumes the committed files' NVRTC 12.9 and 13.0)."""
    from vecmath.cuda import _ltoir_versions

    if _ltoir_versions.NVRTC != {12: (12, 9), 13: (13, 0)}:
        pytest.skip(f"the table below assumes NVRTC 12.9 and 13.0, not {_ltoir_versions.NVRTC}")
    monkeypatch.delenv("VECMATH_CUDA_LINK", raising=False)
    monkeypatch.setattr(vc, "_nvjitlink_version", lambda: nvjitlink)
    kind, path, reason = vc._choose_link()
    assert (kind if kind == "ptx" else f"ltoir{nvjitlink[0]}") == expected, reason
    assert os.path.basename(path) == ("vecmath_cuda.ptx" if kind == "ptx" else f"vecmath_cuda{nvjitlink[0]}.ltoir")
    monkeypatch.setenv("VECMATH_CUDA_LINK", "ptx")
    assert vc._choose_link()[0] == "ptx"


def test_config_reports_the_path(vc, capsys):
    import vecmath

    c = vc.config()
    assert c["link"] in ("ltoir", "ptx") and c["reason"] and c["file"]
    vecmath.show_config()
    assert f"links {c['link']}" in capsys.readouterr().out


# ---- user kernels: linked, disassembled ---------------------------------------------------------

def tier_kernel(vc, tier):
    """A kernel storing every function of the tier (value, derivative, both outputs of
    <fn>_and_deriv) of x[i] into out[k, i]; and the number of outputs."""
    from numba import cuda

    mod = getattr(vc, tier)
    ns, lines, k = {"cuda": cuda}, ["def kernel(x, out):", "    i = cuda.grid(1)", "    if i < x.size:",
                                   "        v = x[i]"], 0
    for fn in spec.FUNCTIONS:
        ns[f"{fn}_v"], ns[f"{fn}_d"], ns[f"{fn}_vd"] = getattr(mod, fn), getattr(mod.deriv, fn), \
            getattr(mod.deriv, fn + "_and_deriv")
        lines += [f"        out[{k}, i] = {fn}_v(v)", f"        out[{k + 1}, i] = {fn}_d(v)",
                  f"        out[{k + 2}, i], out[{k + 3}, i] = {fn}_vd(v)"]
        k += 4
    exec("\n".join(lines), ns)
    return ns["kernel"]


def hardware_kernel(vc):
    from numba import cuda

    ns = {"cuda": cuda, **{f"hw_{fn}": getattr(vc.hardware, fn) for fn in vc.HARDWARE}}
    lines = ["def kernel(x, out):", "    i = cuda.grid(1)", "    if i < x.size:"]
    lines += [f"        out[{k}, i] = hw_{fn}(x[i])" for k, fn in enumerate(vc.HARDWARE)]
    exec("\n".join(lines), ns)
    return ns["kernel"]


def link_codes(codes, cc, lto):
    """numba-cuda's compile_all output linked by numba-cuda's own linker: the cubin, and the
    names of the files linked besides the user's code."""
    from numba.cuda.cudadrv import driver

    linker = driver._Linker(cc=cc, lto=lto)
    names = []
    for code in codes:
        if isinstance(code, bytes):
            linker.add_ltoir(code)
        elif isinstance(code, str):
            linker.add_ptx(code.encode())
        else:
            data = code.data
            linker.add_data(data.encode() if isinstance(data, str) else data, code.kind, code.name)
            names.append(code.name)
    return linker.complete().code, names


def link_lto(kernel, sig, cc, fastmath):
    """The cubin of kernel compiled for LTO (as numba-cuda launches it where nvJitLink is present)
    and linked with numba-cuda's linker, and the names of the files linked besides."""
    from numba.cuda.compiler import compile_all

    codes, _ = compile_all(kernel, sig, device=False, abi="numba", cc=cc, output="ltoir", fastmath=fastmath)
    return link_codes(codes, cc, True)


def disassemble(tool, cubin, tmp_path):
    path = tmp_path / "k.cubin"
    path.write_bytes(cubin)
    return subprocess.run([tool, "-c", str(path)], capture_output=True, text=True, check=True).stdout


def instructions(sass):
    """The instructions of a disassembly, without addresses, encodings and kernel names."""
    out = []
    for line in sass.splitlines():
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;", line)
        if m:
            out.append(re.sub(r"_ZN\w+", "KERNEL", m.group(1)))
    return out


def check_sass(ins, label):
    calls = [i for i in ins if re.match(r"(@!?U?P\w+\s+)?CALL", i)]
    bad = [c for c in calls if not ALLOWED_CALL.search(c)]
    assert not bad, (label, bad)
    local = [i for i in ins if re.match(r"(@!?U?P\w+\s+)?(LDL|STL)\b", i)]
    assert not local, (label, local[:5])
    return len(calls)


@pytest.fixture(scope="module")
def lto_sass(vc, nvdisasm, tmp_path_factory):
    """(tier, dtype, cc, fastmath) -> the instructions of the tier's kernel."""
    if vc.LINK != "ltoir":
        pytest.skip(f"this process links PTX: {vc.LINK_REASON}")
    import numba

    tmp = tmp_path_factory.mktemp("sass")
    out = {}
    for tier in spec.TIERS:
        kernel = tier_kernel(vc, tier)
        for dtype in ("float32", "float64"):
            t = getattr(numba, dtype)
            for cc in CCS:
                for fastmath in (False, True):
                    cubin, names = link_lto(kernel, (t[:], t[:, :]), cc, fastmath)
                    assert names == [os.path.basename(vc.LINK_FILE)], names
                    out[tier, dtype, cc, fastmath] = instructions(disassemble(nvdisasm, cubin, tmp))
    return out


@pytest.mark.parametrize("tier", spec.TIERS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("cc", CCS)
def test_user_kernel_inlines_vecmath(lto_sass, tier, dtype, cc):
    """No call (but CUDA's division slow paths) and no local memory, fastmath off and on; the
    same machine code either way: the user's fastmath does not reach vecmath's code."""
    off, on = lto_sass[tier, dtype, cc, False], lto_sass[tier, dtype, cc, True]
    check_sass(off, (tier, dtype, cc, False))
    check_sass(on, (tier, dtype, cc, True))
    assert off == on, (tier, dtype, cc)


def test_hardware_kernel_inlines(vc, nvdisasm, tmp_path):
    if vc.LINK != "ltoir":
        pytest.skip(f"this process links PTX: {vc.LINK_REASON}")
    import numba

    t = numba.float32
    ins = {fm: instructions(disassemble(nvdisasm, link_lto(hardware_kernel(vc), (t[:], t[:, :]), (9, 0), fm)[0],
                                        tmp_path)) for fm in (False, True)}
    for fm, i in ins.items():
        assert check_sass(i, ("hardware", fm)) == 0
    assert ins[False] == ins[True]
    assert any(i.startswith("MUFU.EX2") for i in ins[False]) and any(i.startswith("MUFU.LG2") for i in ins[False])


@pytest.mark.filterwarnings("ignore:.*Could not find source")
def test_ptx_fallback_links(vc, nvdisasm, tmp_path):
    """A kernel compiled for debugging (numba-cuda links it without LTO) links the PTX, as a
    process without nvJitLink does: it still links, and calls vecmath's functions."""
    import numba
    from numba.cuda.compiler import compile_all
    from numba.cuda.cudadrv import driver

    if not driver._have_nvjitlink():
        pytest.skip("no nvJitLink: nothing links without a GPU")

    def linked(kernel, sig):
        codes, _ = compile_all(kernel, sig, device=False, abi="numba", cc=(9, 0), output="ptx", debug=True,
                               opt=False)
        cubin, names = link_codes(codes, (9, 0), False)
        assert names == ["vecmath_cuda"]
        return instructions(disassemble(nvdisasm, cubin, tmp_path))

    t = numba.float64
    ins = linked(tier_kernel(vc, "fast"), (t[:], t[:, :]))
    assert sum(1 for i in ins if i.startswith("CALL")) >= 4 * len(spec.FUNCTIONS)
    u = numba.uint16   # the float16 array kernel: the codecs' uint32 arguments match the PTX
    ins = linked(vc._kernel(vc.deriv.exp_and_deriv, 2, True).py_func, (u[:], u[:], u[:]))
    assert sum(1 for i in ins if i.startswith("CALL")) >= 4


# ---- the array entry points' kernels -------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_array_kernels_inline(vc, nvdisasm, tmp_path, dtype):
    """The grid-stride kernels behind vc.<fn>(array), one and two outputs (float16: the float64
    function between the bit codecs): no call but division slow paths, no local memory."""
    if vc.LINK != "ltoir":
        pytest.skip(f"this process links PTX: {vc.LINK_REASON}")
    import numba

    half = dtype == "float16"
    t = numba.uint16 if half else getattr(numba, dtype)
    for f, nout in ((vc.exp, 1), (vc.fast.log1p, 1), (vc.approx.deriv.tanh_and_deriv, 2),
                    (vc.deriv.atan_and_deriv, 2)):
        kernel = vc._kernel(f, nout, half).py_func
        cubin, names = link_lto(kernel, (t[:],) * (1 + nout), (9, 0), False)
        assert names == [os.path.basename(vc.LINK_FILE)]
        check_sass(instructions(disassemble(nvdisasm, cubin, tmp_path)), (f.__name__, dtype))


def test_float16_codec_is_numpy_s(tmp_path):
    """csrc/cuda/vm_half_bits.h, compiled for the CPU: every half widened exactly, and doubles
    (random bits, the float16 range, ties, subnormals) rounded once as NumPy rounds them."""
    cffi = pytest.importorskip("cffi")
    import importlib.util

    import numpy as np

    ffi = cffi.FFI()
    ffi.cdef("void h2d(const uint16_t *, uint64_t *, size_t); void d2h(const uint64_t *, uint16_t *, size_t);")
    ffi.set_source("_vm_half_bits_check", '#include "vm_half_bits.h"\n'
                   "void h2d(const uint16_t *h, uint64_t *o, size_t n) {\n"
                   "    for (size_t i = 0; i < n; i++) o[i] = vm_half_bits_to_double_bits(h[i]); }\n"
                   "void d2h(const uint64_t *b, uint16_t *o, size_t n) {\n"
                   "    for (size_t i = 0; i < n; i++) o[i] = vm_double_bits_to_half_bits(b[i]); }\n",
                   include_dirs=[os.path.join(HERE, "..", "csrc", "cuda")])
    try:
        path = ffi.compile(tmpdir=str(tmp_path))
    except Exception as e:   # no C compiler
        pytest.skip(f"cannot compile the codec for the CPU: {e}")
    spec_ = importlib.util.spec_from_file_location("_vm_half_bits_check", path)
    mod = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(mod)

    h = np.arange(1 << 16, dtype=np.uint16)
    wide = np.empty(h.size, np.uint64)
    mod.lib.h2d(ffi.from_buffer("uint16_t[]", h), ffi.from_buffer("uint64_t[]", wide), h.size)
    want = h.view(np.float16).astype(np.float64)
    nan = np.isnan(want)
    assert np.array_equal(wide[~nan], want[~nan].view(np.uint64))
    # a NaN keeps sign and payload, quiet (csrc/float16.c's vm_half_to_double)
    hn = h[nan].astype(np.uint64)
    assert np.array_equal(wide[nan], ((hn & 0x8000) << 48) | 0x7FF8000000000000 | ((hn & 0x3FF) << 42))

    rng = np.random.default_rng(0)
    halves = want[~nan]
    mids = (halves[:-1] + halves[1:]) / 2
    b = np.concatenate([rng.integers(0, 2**64, 1 << 20, dtype=np.uint64),
                        rng.uniform(-7e4, 7e4, 1 << 18).view(np.uint64),
                        (rng.uniform(-1, 1, 1 << 18) * 2.0 ** rng.integers(-40, 17, 1 << 18)).view(np.uint64),
                        mids[np.isfinite(mids)].view(np.uint64), halves.view(np.uint64)])
    narrow = np.empty(b.size, np.uint16)
    mod.lib.d2h(ffi.from_buffer("uint64_t[]", b), ffi.from_buffer("uint16_t[]", narrow), b.size)
    d = b.view(np.float64)
    isn = np.isnan(d)
    with np.errstate(all="ignore"):
        assert np.array_equal(narrow[~isn], d[~isn].astype(np.float16).view(np.uint16))
    bn = b[isn]   # NaN: sign, 0x7e00, the top 10 payload bits (csrc/float16.c's vm_double_to_half)
    assert np.array_equal(narrow[isn], (((bn >> 48) & 0x8000) | 0x7E00 | ((bn >> 42) & 0x3FF)).astype(np.uint16))


def test_float16_is_the_float64_kernel_rounded_once():
    """What the float16 array kernels compute, on the CPU: every half through the tier's float64
    ufunc, then rounded once (NumPy's rounding, which the codec reproduces: above), gives the
    CPU's float16 ufuncs' bits, values and both outputs of <fn>_and_deriv (NaN payloads aside).
    With the float64 device functions' CPU bits (bench/cuda_check.py), the GPU's float16 results
    are the CPU's."""
    import numpy as np

    import vecmath

    x = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    wide = x.astype(np.float64)

    def differ(a, b):
        return int(np.count_nonzero((a.view(np.uint16) != b.view(np.uint16)) & ~(np.isnan(a) & np.isnan(b))))

    with np.errstate(all="ignore"):
        for tier in spec.TIERS:
            mod = getattr(vecmath, tier)
            for fn in spec.FUNCTIONS:
                assert differ(getattr(mod, fn)(x), getattr(mod, fn)(wide).astype(np.float16)) == 0, (tier, fn)
                half, full = getattr(mod.deriv, fn + "_and_deriv")(x), getattr(mod.deriv, fn + "_and_deriv")(wide)
                assert [differ(h, f.astype(np.float16)) for h, f in zip(half, full)] == [0, 0], (tier, fn)


def test_kernel_without_lto_links_the_ltoir(vc, nvdisasm, tmp_path):
    """A kernel (or a user's device function) compiled without LTO and not for debugging gets
    the LTO-IR too, so that one kernel never links both files (each defines every function);
    numba-cuda's linker then runs nvJitLink with LTO, and the user's PTX calls vecmath."""
    if vc.LINK != "ltoir":
        pytest.skip(f"this process links PTX: {vc.LINK_REASON}")
    import numba
    from numba.cuda.compiler import compile_all

    t = numba.float32
    codes, _ = compile_all(tier_kernel(vc, "approx"), (t[:], t[:, :]), device=False, abi="numba", cc=(9, 0),
                           output="ptx")
    cubin, names = link_codes(codes, (9, 0), False)
    assert names == [os.path.basename(vc.LINK_FILE)]
    ins = instructions(disassemble(nvdisasm, cubin, tmp_path))
    assert sum(1 for i in ins if i.startswith("CALL")) >= 4 * len(spec.FUNCTIONS)

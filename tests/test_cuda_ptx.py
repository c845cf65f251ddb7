"""vecmath.cuda without a GPU: what the PTX holds, that it is current, that user kernels link it
(whatever their fastmath) instead of inlining it, and that ptxas adds no FMA of its own.
The bit-for-bit comparison with the CPU runs on a GPU: bench/cuda_check.py (docs/cuda.md)."""
import glob
import os
import re
import shutil
import site
import subprocess
import sys

import pytest

from vecmath import functions as descriptors
from vecmath import spec

PTX_PATH = os.path.join(os.path.dirname(__file__), "..", "vecmath", "cuda", "vecmath_cuda.ptx")
FLOAT_OP = re.compile(r"^\s*(?:@%p\d+\s+)?(add|sub|mul|fma|div|rcp|sqrt)\.([a-z0-9.]*?)\.?(f32|f64)\b", re.M)


def ptx_text():
    with open(PTX_PATH) as fh:
        return fh.read()


# name -> the PTX instruction behind vecmath.cuda.hardware.<name> (the descriptors' cuda_hardware)
HARDWARE = {fn: f.cuda_hardware for fn, f in descriptors.BY_NAME.items() if f.cuda_hardware}


def functions(ptx):
    """name -> body of every .visible .func in the PTX."""
    parts = re.split(r"^\.visible \.func[^\n]*?\)\s*(vm_cuda_\w+)\(", ptx, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def expected_names():
    names = []
    for fn in spec.FUNCTIONS:
        for tier in spec.TIERS:
            for kind in ("", "_deriv", "_vd"):
                names += [f"vm_cuda_{fn}_{tier}{kind}_{t}" for t in ("f64", "f32")]
    return names + [f"vm_cuda_hw_{fn}_f32" for fn in HARDWARE] + ["vm_cuda_half_to_f64", "vm_cuda_f64_to_half"]


def test_every_device_function_is_in_the_ptx():
    assert sorted(functions(ptx_text())) == sorted(expected_names())


def test_tiers_use_only_correctly_rounded_operations():
    """No approximate instruction, no flush to zero, no fast division; every add, mul, fma,
    division and reciprocal rounds to nearest (.rn), so ptxas may not contract them."""
    for name, body in functions(ptx_text()).items():
        if name.startswith("vm_cuda_hw_") or name in ("vm_cuda_half_to_f64", "vm_cuda_f64_to_half"):
            continue   # the hardware family; float16 bit codecs (integer operations only)
        assert not re.search(r"\.approx|\.ftz|div\.full", body), name
        ops = FLOAT_OP.findall(body)
        assert ops, name
        for op, mods, t in ops:
            assert "rn" in mods.split("."), (name, op, mods, t)


def test_hardware_family_uses_the_hardware_instructions():
    bodies = functions(ptx_text())
    for fn, instruction in HARDWARE.items():
        assert instruction in bodies[f"vm_cuda_hw_{fn}_f32"], fn


def nvrtc12():
    for root in site.getsitepackages() + sys.path:
        found = glob.glob(os.path.join(root, "nvidia", "cuda_nvrtc", "lib", "libnvrtc.so.12"))
        if found:
            return found[0]
    return None


def test_ptx_is_generated_from_the_current_source():
    from vecmath.cuda import _build

    lib = nvrtc12()
    if lib is None:
        pytest.skip("NVRTC 12 is not installed (pip install nvidia-cuda-nvrtc-cu12)")
    release = ".".join(map(str, _build.nvrtc_version(lib)))
    if f"release {release}," not in ptx_text():
        pytest.skip(f"the committed PTX comes from another NVRTC than {release}")
    assert _build.code(_build.compile_ptx(lib=lib)) == _build.code(ptx_text()), \
        "stale PTX: run python -m vecmath.cuda._build"


def test_device_code_is_contraction_proof():
    """Compiled with contraction, approximate division and square root allowed (what nvJitLink
    does at link time with the LTO-IR: its default is -fma=1), the device code is the same as
    with vecmath's flags: every floating-point operation is explicitly rounded, in the vector
    layer and in the scalar special routines alike (VM_FADD & co.), so no option can fuse or
    approximate one.  (Flush to zero is the link's too: numba-cuda links without it.)"""
    from vecmath.cuda import _build

    lib = nvrtc12()
    if lib is None:
        pytest.skip("NVRTC 12 is not installed (pip install nvidia-cuda-nvrtc-cu12)")
    loose = ["--fmad=true", "--ftz=false", "--prec-div=false", "--prec-sqrt=false"] + _build.FLAGS[4:]
    strict = _build.code(_build.compile_ptx(lib=lib))
    assert _build.code(_build.compile_ptx(lib=lib, flags=loose)) == strict
    plain = FLOAT_OP.findall(strict)
    assert plain and all("rn" in mods.split(".") for _, mods, _ in plain)


def ptxas():
    found = shutil.which("ptxas")
    for root in site.getsitepackages() + sys.path:
        found = found or next(iter(glob.glob(os.path.join(root, "nvidia", "cuda_nvcc", "bin", "ptxas"))), None)
    return found


@pytest.mark.parametrize("arch", ["sm_75", "sm_80", "sm_90"])
def test_ptxas_adds_no_fma_of_its_own(arch, tmp_path):
    """ptxas contracts a mul and an add into an FMA unless told --fmad=false: if the machine code
    is the same either way, it found nothing to contract."""
    tool = ptxas()
    if tool is None:
        pytest.skip("ptxas not found (pip install nvidia-cuda-nvcc-cu12)")
    code = {}
    for fmad in ("true", "false"):
        out = tmp_path / f"{fmad}.cubin"
        subprocess.run([tool, f"-arch={arch}", "-c", f"--fmad={fmad}", PTX_PATH, "-o", str(out)], check=True)
        code[fmad] = text_sections(out.read_bytes())
    assert all(f".text.{n}" in code["true"] for n in expected_names())
    assert code["true"] == code["false"]


def text_sections(elf):
    """name -> bytes of every .text.* section (the machine code) of an ELF64 cubin; the rest of
    the file records the options it was built with."""
    import struct

    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]
    names_at = headers[shstrndx][4]

    def name(h):
        start = names_at + h[0]
        return elf[start:elf.index(b"\0", start)].decode()

    return {name(h): elf[h[4]:h[4] + h[5]] for h in headers if name(h).startswith(".text.")}


# ---- user kernels ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def vc():
    pytest.importorskip("numba_cuda", reason="numba-cuda is not installed (the cuda extra)")
    import vecmath.cuda
    return vecmath.cuda


def device_calls(vc):
    """(label, device function, dtype, outputs) for every function the package offers."""
    out = []
    for tier in spec.TIERS:
        mod = getattr(vc, tier)
        for fn in spec.FUNCTIONS:
            for t in ("float32", "float64"):
                out += [(f"{tier}.{fn}", getattr(mod, fn), t, 1), (f"{tier}.deriv.{fn}", getattr(mod.deriv, fn), t, 1),
                        (f"{tier}.deriv.{fn}_and_deriv", getattr(mod.deriv, fn + "_and_deriv"), t, 2)]
    return out + [(f"hardware.{fn}", getattr(vc.hardware, fn), "float32", 1) for fn in HARDWARE]


@pytest.mark.parametrize("cc", [(7, 5), (8, 0), (9, 0)])
@pytest.mark.parametrize("fastmath", [False, True])
def test_user_kernels_link_the_device_functions(vc, cc, fastmath):
    """Each call stays a call to vecmath's PTX (declared .extern, linked later), whatever the
    user's fastmath: nothing of vecmath is compiled with the user's flags."""
    import numba
    from numba import cuda

    for label, f, t, nout in device_calls(vc):
        if nout == 1:
            def kernel(x, y):
                i = cuda.grid(1)
                if i < x.size:
                    y[i] = f(x[i])
        else:
            def kernel(x, y):
                i = cuda.grid(1)
                if i < x.size:
                    a, b = f(x[i])
                    y[i] = a + b
        ty = getattr(numba, t)[:]
        ptx, _ = cuda.compile_ptx(kernel, (ty, ty), fastmath=fastmath, cc=cc)
        called = re.findall(r"\.extern \.func[^\n]*?\)\s*(vm_cuda_\w+)", ptx)
        assert len(called) == 1 and called[0].startswith("vm_cuda_"), (label, called)
        assert f"call.uni" in ptx and called[0] in ptx.split(".extern", 1)[1], label


def test_array_entry_points_refuse_host_arrays(vc):
    import numpy as np

    with pytest.raises(TypeError, match="GPU arrays"):
        vc.exp(np.ones(3))


def test_vecmath_alone_never_imports_cuda():
    code = "import sys, vecmath, numpy; vecmath.exp(numpy.ones(3)); print('numba' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "False"


def test_without_the_extra_the_error_names_it():
    code = "import sys; sys.modules['numba'] = None\nimport vecmath.cuda"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode != 0 and 'pip install "vecmath-ufuncs[cuda]"' in r.stderr


# ---- vecmath.jax's GPU kernels (csrc/cuda/vecmath_cuda_xla.cu) -----------------------------------

XLA_PTX_PATH = os.path.join(os.path.dirname(__file__), "..", "vecmath", "cuda", "vecmath_xla.ptx")


def test_xla_kernels_are_in_their_ptx_and_correctly_rounded():
    with open(XLA_PTX_PATH) as fh:
        ptx = fh.read()
    entries = re.findall(r"^\.visible \.entry (vm_xla_\w+)\(", ptx, re.M)
    want = [f"vm_xla_{fn}_{tier}{kind}_{t}" for fn in spec.FUNCTIONS for tier in spec.TIERS
            for kind in ("", "_vd") for t in ("f64", "f32")]
    assert sorted(entries) == sorted(want)
    parts = re.split(r"^(?=\.visible \.(?:func|entry))", ptx, flags=re.M)
    tiers = [p for p in parts if p.startswith(".visible") and not re.match(r"\.visible \.func[^\n]*vm_cuda_hw_", p)]
    assert len(tiers) >= len(want)
    for body in tiers:
        assert not re.search(r"\.approx|\.ftz|div\.full", body), body[:120]
        ops = FLOAT_OP.findall(body)
        assert all("rn" in mods.split(".") for _, mods, _ in ops), body[:120]


def test_xla_ptx_is_generated_from_the_current_source():
    from vecmath.cuda import _build

    lib = nvrtc12()
    if lib is None:
        pytest.skip("NVRTC 12 is not installed (pip install nvidia-cuda-nvrtc-cu12)")
    release = ".".join(map(str, _build.nvrtc_version(lib)))
    with open(XLA_PTX_PATH) as fh:
        ptx = fh.read()
    if f"release {release}," not in ptx:
        pytest.skip(f"the committed PTX comes from another NVRTC than {release}")
    assert _build.code(_build.compile_xla_ptx(lib=lib)) == _build.code(ptx), \
        "stale vecmath_xla.ptx: run python -m vecmath.cuda._build"


def test_jax_cuda_handlers_build_without_nvcc():
    """The XLA FFI handlers for platform CUDA compile with the C compiler against jaxlib's headers
    alone, export every slot, and report a missing driver instead of failing (no GPU here)."""
    jax = pytest.importorskip("jax")
    import ctypes

    import jaxlib

    from vecmath import _jax_ffi

    if not hasattr(jax, "ffi"):
        pytest.skip("jax has no jax.ffi")
    try:
        path, _ = _jax_ffi._build(jax, jaxlib.__version__, _jax_ffi.CUDA_SOURCE)
    except _jax_ffi.Unavailable as e:
        pytest.skip(str(e))
    handlers = ctypes.CDLL(str(path))
    slots = handlers.vm_cuda_ffi_slots()
    assert all(hasattr(handlers, f"vm_cuda_ffi_handler_{i}") for i in range(slots))
    from vecmath import _ad
    assert 2 * len(list(_ad.differentiable())) <= slots
    if not os.path.exists("/dev/nvidiactl"):
        assert handlers.vm_cuda_ffi_init(ctypes.create_string_buffer(b"")) in (0, 1)

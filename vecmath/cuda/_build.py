"""Compile csrc/cuda/vecmath_cuda.cu (the kernel files with the CUDA vector layer) into the PTX
that vecmath.cuda links into user kernels, with NVRTC and vecmath's own flags:

    --fmad=false --ftz=false --prec-div=true --prec-sqrt=true: no contraction, no flush to zero,
    IEEE division and square root; every operation of the layer is an explicitly rounded
    intrinsic besides (simd/vm_simd_cuda.h), so the PTX carries .rn on every add, mul and fma.

    python -m vecmath.cuda._build     # rewrite vecmath/cuda/vecmath_cuda.ptx (needs NVRTC 12 and a checkout)

The PTX targets compute_75 (Turing); the driver compiles it for the GPU at hand (Ampere,
Hopper, ...).  It is generated and committed, so users need no NVRTC; tests/test_cuda_ptx.py
regenerates it where NVRTC is installed and fails on any difference in the code.
"""
import ctypes
import glob
import os
import pathlib
import site
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = ROOT / "csrc" / "cuda" / "vecmath_cuda.cu"
PTX = pathlib.Path(__file__).with_name("vecmath_cuda.ptx")
ARCH = "compute_75"
FLAGS = ["--fmad=false", "--ftz=false", "--prec-div=true", "--prec-sqrt=true",
         "-default-device", "-rdc=true", "-std=c++20"]
# The committed PTX comes from CUDA 12's NVRTC: its PTX ISA (8.x) loads on every driver from
# CUDA 12 on, where CUDA 13's (9.x) needs a CUDA 13 driver.  $VECMATH_NVRTC names another library.
NVRTC_NAMES = ("libnvrtc.so.12", "libnvrtc.so.13")


def find_nvrtc():
    env = os.environ.get("VECMATH_NVRTC")
    if env:
        return env
    roots = site.getsitepackages() + [site.getusersitepackages()] + sys.path
    for name in NVRTC_NAMES:
        for root in roots:
            found = glob.glob(os.path.join(root, "nvidia", "*", "lib", name))
            if found:
                return found[0]
    raise FileNotFoundError("no NVRTC library found: pip install nvidia-cuda-nvrtc-cu12, or set VECMATH_NVRTC")


def nvrtc_version(lib):
    major, minor = ctypes.c_int(), ctypes.c_int()
    ctypes.CDLL(lib).nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return major.value, minor.value


def compile_ptx(arch=ARCH, lib=None):
    """The PTX text of SOURCE, compiled by NVRTC (the library at `lib`) for arch."""
    nv = ctypes.CDLL(lib or find_nvrtc())
    prog = ctypes.c_void_p()

    def check(err, what):
        if err:
            raise RuntimeError(f"NVRTC {what} failed with status {err}")

    check(nv.nvrtcCreateProgram(ctypes.byref(prog), SOURCE.read_bytes(), SOURCE.name.encode(), 0, None, None),
          "nvrtcCreateProgram")
    opts = [f"-arch={arch}"] + FLAGS + [f"-I{ROOT / 'csrc'}", f"-I{ROOT / 'csrc' / 'cuda' / 'shim'}"]
    argv = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
    try:
        if nv.nvrtcCompileProgram(prog, len(opts), argv):
            size = ctypes.c_size_t()
            nv.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value)
            nv.nvrtcGetProgramLog(prog, log)
            raise RuntimeError(f"NVRTC could not compile {SOURCE.name}:\n{log.value.decode(errors='replace')}")
        size = ctypes.c_size_t()
        check(nv.nvrtcGetPTXSize(prog, ctypes.byref(size)), "nvrtcGetPTXSize")
        ptx = ctypes.create_string_buffer(size.value)
        check(nv.nvrtcGetPTX(prog, ptx), "nvrtcGetPTX")
        return ptx.value.decode()
    finally:
        nv.nvrtcDestroyProgram(ctypes.byref(prog))


def code(ptx):
    """The PTX without its comment lines (compiler build ids): what a regeneration compares."""
    return "\n".join(line for line in ptx.splitlines() if not line.lstrip().startswith("//"))


if __name__ == "__main__":
    if not SOURCE.is_file():
        sys.exit(f"{SOURCE} not found: run this from a checkout of vecmath")
    lib = find_nvrtc()
    PTX.write_text(compile_ptx(lib=lib))
    print(f"wrote {PTX.relative_to(ROOT)} with NVRTC {'.'.join(map(str, nvrtc_version(lib)))} ({lib})")

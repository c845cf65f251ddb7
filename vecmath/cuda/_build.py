"""Compile csrc/cuda/vecmath_cuda.cu (the kernel files with the CUDA vector layer) into what
vecmath.cuda links into user kernels, with NVRTC and vecmath's own flags:

    vecmath_cuda.ptx       PTX for compute_75, from NVRTC 12: the fallback, linked as it is
    vecmath_cuda12.ltoir   LTO-IR (NVRTC -dlto) for compute_75, from NVRTC 12, for nvJitLink 12
    vecmath_cuda13.ltoir   the same from NVRTC 13, for nvJitLink 13
    vecmath_xla.ptx        vecmath.jax's GPU kernels (csrc/cuda/vecmath_cuda_xla.cu), NVRTC 12
    _ltoir_versions.py     which NVRTC release made each LTO-IR (nvJitLink must be as new)

    python -m vecmath.cuda._build     # rewrite them (needs NVRTC 12, NVRTC 13.0 through
                                      # VECMATH_NVRTC_13, and a checkout)

The flags --fmad=false --ftz=false --prec-div=true --prec-sqrt=true hold for the PTX, which
ptxas assembles as it is.  The LTO-IR is optimized and compiled again at link time, with the
LINK's options (nvJitLink contracts a*b + c there unless told -fma=false), so it cannot rely on
them: every floating-point operation in the source is an explicitly rounded intrinsic
(simd/vm_simd_cuda.h, and VM_FADD & co. in the scalar special routines), which no option may
contract or flush; tests/test_cuda_ptx.py compiles the source with contraction, flush to zero
and fast division allowed and requires the same code.

Everything targets compute_75 (Turing); the driver (PTX) or nvJitLink (LTO-IR) compiles it for
the GPU at hand.  The files are generated and committed, so users need no NVRTC;
tests/test_cuda_ptx.py regenerates them where the same NVRTC is installed and fails on any
difference.
"""
import ctypes
import glob
import os
import pathlib
import re
import site
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
SOURCE = ROOT / "csrc" / "cuda" / "vecmath_cuda.cu"
PTX = HERE / "vecmath_cuda.ptx"
XLA_SOURCE = ROOT / "csrc" / "cuda" / "vecmath_cuda_xla.cu"
XLA_PTX = HERE / "vecmath_xla.ptx"   # vecmath.jax's GPU kernels (vecmath/_jax_ffi_cuda.c)
LTOIR = {12: HERE / "vecmath_cuda12.ltoir", 13: HERE / "vecmath_cuda13.ltoir"}
VERSIONS = HERE / "_ltoir_versions.py"
ARCH = "compute_75"
FLAGS = ["--fmad=false", "--ftz=false", "--prec-div=true", "--prec-sqrt=true",
         "-default-device", "-rdc=true", "-std=c++20"]
# What a careless build or a user's fastmath would allow: the device code must not change under
# it (tests/test_cuda_ptx.py), which proves that every operation is rounded explicitly.
LOOSE_FLAGS = ["--use_fast_math", "-default-device", "-rdc=true", "-std=c++20"]
# The committed PTX comes from CUDA 12's NVRTC: its PTX ISA (8.x) loads on every driver from
# CUDA 12 on, where CUDA 13's (9.x) needs a CUDA 13 driver.  $VECMATH_NVRTC names another library;
# $VECMATH_NVRTC_13 (_12) the one to make that major's LTO-IR with: the committed vecmath_cuda13.ltoir
# comes from NVRTC 13.0, the oldest 13, so that every nvJitLink 13 links it (a 13.5 LTO-IR made
# nvJitLink 13.0, on an H100 machine's CUDA 13.0 stack, fall back to the PTX).
NVRTC_NAMES = {12: "libnvrtc.so.12", 13: "libnvrtc.so.13"}
# The release each major's LTO-IR must come from, where it is pinned: the oldest 13, so that
# every nvJitLink 13 links it (nvJitLink takes LTO-IR from its own major, no newer than itself)
PINNED = {13: (13, 0)}


def _roots():
    return site.getsitepackages() + [site.getusersitepackages()] + sys.path


def find_nvrtc(major=None):
    """The path of an NVRTC library: of CUDA `major` if given, else 12, else 13."""
    env = os.environ.get("VECMATH_NVRTC")
    if env and major is None:
        return env
    pinned = os.environ.get(f"VECMATH_NVRTC_{major}") if major else None
    if pinned:          # the release the committed LTO-IR comes from (.ci/run fetches it)
        return pinned
    for m in ([major] if major else [12, 13]):
        for root in _roots():
            found = glob.glob(os.path.join(root, "nvidia", "*", "lib", NVRTC_NAMES[m]))
            if found:
                return found[0]
    wheel = {12: "nvidia-cuda-nvrtc-cu12", 13: "nvidia-cuda-nvrtc"}.get(major, "nvidia-cuda-nvrtc-cu12")
    raise FileNotFoundError(f"no NVRTC {major or ''} library found: pip install {wheel}, or set VECMATH_NVRTC")


def nvrtc_version(lib):
    major, minor = ctypes.c_int(), ctypes.c_int()
    ctypes.CDLL(lib).nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return major.value, minor.value


def _headers():
    """Every header under csrc/ as NVRTC in-memory headers, under each name the sources include it
    by (its path under csrc/ and its file name; the shim's C library stand-ins by file name).
    No include path, so the output does not depend on where the checkout lies: the LTO-IR
    records the paths of the files it was compiled from (and the working directory)."""
    csrc = ROOT / "csrc"
    found = {}
    for path in sorted([*csrc.rglob("*.h"), *(csrc / "cuda").glob("*.cu")]):
        rel = path.relative_to(csrc).as_posix()
        for name in ([path.name] if rel.startswith("cuda/shim/") else [rel, path.name]):
            found.setdefault(name, path.read_bytes())
    names = sorted(found)
    return [n.encode() for n in names], [found[n] for n in names]


def compile_source(arch=ARCH, lib=None, lto=False, flags=None, source=None, path=None):
    """SOURCE (or `source`, text; or the file `path`) compiled by NVRTC (the library at `lib`) for
    arch: the PTX text, or with lto=True the LTO-IR bytes.  flags replaces FLAGS."""
    lib = lib or find_nvrtc()
    # its builtins library, by its soname, from beside it: NVRTC dlopens it, and a library from
    # outside the loader's path (a pinned release: VECMATH_NVRTC_13) would not be found
    for builtins in glob.glob(os.path.join(os.path.dirname(lib), "libnvrtc-builtins.so.*")):
        ctypes.CDLL(builtins, mode=ctypes.RTLD_GLOBAL)
    nv = ctypes.CDLL(lib)
    prog = ctypes.c_void_p()

    def check(err, what):
        if err:
            raise RuntimeError(f"NVRTC {what} failed with status {err}")

    path = pathlib.Path(path or SOURCE)
    text = path.read_bytes() if source is None else source.encode()
    names, headers = _headers()
    check(nv.nvrtcCreateProgram(ctypes.byref(prog), text, path.name.encode(), len(names),
                                (ctypes.c_char_p * len(names))(*headers), (ctypes.c_char_p * len(names))(*names)),
          "nvrtcCreateProgram")
    opts = [f"-arch={arch}"] + (FLAGS if flags is None else flags) + (["-dlto"] if lto else [])
    argv = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
    cwd = os.getcwd()
    try:
        os.chdir("/")   # NVRTC records the working directory in the LTO-IR: one for every checkout
        try:
            failed = nv.nvrtcCompileProgram(prog, len(opts), argv)
        finally:
            os.chdir(cwd)
        if failed:
            size = ctypes.c_size_t()
            nv.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value)
            nv.nvrtcGetProgramLog(prog, log)
            raise RuntimeError(f"NVRTC could not compile {path.name}:\n{log.value.decode(errors='replace')}")
        size = ctypes.c_size_t()
        get_size, get = (nv.nvrtcGetLTOIRSize, nv.nvrtcGetLTOIR) if lto else (nv.nvrtcGetPTXSize, nv.nvrtcGetPTX)
        check(get_size(prog, ctypes.byref(size)), "getting the output's size")
        out = ctypes.create_string_buffer(size.value)
        check(get(prog, out), "getting the output")
        return out.raw[:size.value] if lto else out.value.decode()
    finally:
        nv.nvrtcDestroyProgram(ctypes.byref(prog))


def compile_ptx(arch=ARCH, lib=None, flags=None):
    """The PTX text of SOURCE, compiled by NVRTC (the library at `lib`) for arch."""
    return compile_source(arch, lib, lto=False, flags=flags)


def compile_xla_ptx(arch=ARCH, lib=None):
    """The PTX of XLA_SOURCE: vecmath.jax's GPU kernels (__global__, grid-stride)."""
    return compile_source(arch, lib, path=XLA_SOURCE)


def compile_ltoir(arch=ARCH, lib=None):
    """The LTO-IR of SOURCE (bytes), compiled by NVRTC (the library at `lib`) for arch."""
    return compile_source(arch, lib, lto=True)


def code(ptx):
    """The PTX without its comment lines (compiler build ids): what a regeneration compares."""
    return "\n".join(line for line in ptx.splitlines() if not line.lstrip().startswith("//"))


def ltoir_versions():
    """{major: (major, minor) of the NVRTC that made the committed LTO-IR of that major}."""
    found = {}
    if VERSIONS.is_file():
        for m in re.finditer(r"(\d+): \((\d+), (\d+)\)", VERSIONS.read_text()):
            found[int(m[1])] = (int(m[2]), int(m[3]))
    return found


def write_versions(versions):
    VERSIONS.write_text(
        '"""Generated by python -m vecmath.cuda._build: the NVRTC release (major, minor) that made\n'
        'vecmath_cuda<major>.ltoir.  nvJitLink links LTO-IR from its own major version, made by the same\n'
        'or an older release: vecmath.cuda uses the LTO-IR only where nvJitLink is at least this new."""\n'
        f"NVRTC = {{{', '.join(f'{m}: {v}' for m, v in sorted(versions.items()))}}}\n")


def main(argv):
    if not SOURCE.is_file():
        sys.exit(f"{SOURCE} not found: run this from a checkout of vecmath")
    lib12 = find_nvrtc(12)
    PTX.write_text(compile_ptx(lib=lib12))
    print(f"wrote {PTX.relative_to(ROOT)} with NVRTC {'.'.join(map(str, nvrtc_version(lib12)))} ({lib12})")
    XLA_PTX.write_text(compile_xla_ptx(lib=lib12))
    print(f"wrote {XLA_PTX.relative_to(ROOT)} with NVRTC {'.'.join(map(str, nvrtc_version(lib12)))}")
    versions = ltoir_versions()
    for major, path in LTOIR.items():
        try:
            lib = find_nvrtc(major)
        except FileNotFoundError as e:
            print(f"kept {path.relative_to(ROOT)}: {e}")
            continue
        if major in PINNED and nvrtc_version(lib) != PINNED[major]:
            print(f"kept {path.relative_to(ROOT)}: it comes from NVRTC {'.'.join(map(str, PINNED[major]))}, "
                  f"not {'.'.join(map(str, nvrtc_version(lib)))} ({lib}); set VECMATH_NVRTC_{major}")
            continue
        path.write_bytes(compile_ltoir(lib=lib))
        versions[major] = nvrtc_version(lib)
        print(f"wrote {path.relative_to(ROOT)} with NVRTC {'.'.join(map(str, versions[major]))} ({lib})")
    write_versions(versions)


if __name__ == "__main__":
    main(sys.argv[1:])

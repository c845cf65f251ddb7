"""vecmath's kernels as XLA FFI targets for vecmath.jax (see _jax_ffi.c).

On first use the handlers are compiled against the installed jaxlib's FFI headers and cached in
$VECMATH_CACHE_DIR (default: $XDG_CACHE_HOME/vecmath or ~/.cache/vecmath), one library per
vecmath and jaxlib version; then each kernel is registered with jax.ffi.register_ffi_target.
Where that cannot be done (jax without jax.ffi, headers missing, no C compiler, a failed build)
setup() returns None after one warning saying why, and vecmath.jax uses jax.pure_callback.
"""
import ctypes
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings

SOURCE = pathlib.Path(__file__).with_name("_jax_ffi.c")
_state = {}


class Unavailable(RuntimeError):
    pass


def cache_dir():
    env = os.environ.get("VECMATH_CACHE_DIR")
    if env:
        return pathlib.Path(env)
    return pathlib.Path(os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache") / "vecmath"


def _compiler():
    cc = os.environ.get("CC") or (sysconfig.get_config_var("CC") or "cc").split()[0]
    found = shutil.which(cc) or shutil.which("cc") or shutil.which("gcc")
    if not found:
        raise Unavailable("no C compiler found (set CC)")
    return found


def _build(jax, jaxlib_version, source_path=SOURCE):
    from . import __version__

    include = jax.ffi.include_dir()
    if not (pathlib.Path(include) / "xla" / "ffi" / "api" / "c_api.h").is_file():
        raise Unavailable(f"jaxlib {jaxlib_version} ships no FFI headers in {include}")
    source = source_path.read_bytes() + SOURCE.with_name("_jax_ffi_common.h").read_bytes()
    tag = hashlib.sha256(source).hexdigest()[:12]
    lib = cache_dir() / f"vecmath{source_path.stem}-{__version__}-jaxlib{jaxlib_version}-{tag}.so"
    if lib.is_file():
        return lib, False
    lib.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=lib.parent) as tmp:
        out = pathlib.Path(tmp) / lib.name
        cmd = [_compiler(), "-O2", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden",
               f"-I{include}", str(source_path), "-o", str(out)] + (["-ldl", "-lpthread"] if source_path != SOURCE else [])
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise Unavailable(f"compiling the FFI handlers failed: {r.stderr.strip()[-500:]}")
        os.replace(out, lib)           # atomic: a concurrent build leaves one complete library
    return lib, True


def setup():
    """{(fn, tier, nout): target name} with every kernel registered, or None (pure_callback)."""
    if "targets" in _state:
        return _state["targets"]
    import jax

    try:
        import jaxlib

        if not hasattr(jax, "ffi") or not hasattr(jax.ffi, "ffi_call"):
            raise Unavailable(f"jax {jax.__version__} has no jax.ffi")
        path, built = _build(jax, jaxlib.__version__)
        handlers = ctypes.CDLL(str(path))
        _state["targets"] = _register(jax, handlers)
        _state["info"] = {"library": str(path), "built_now": built,
                          "ffi_api_version": divmod(handlers.vm_ffi_api_version(), 1000),
                          "jaxlib": jaxlib.__version__}
    except (Unavailable, OSError, AttributeError) as e:
        warnings.warn(f"vecmath.jax: calling the kernels through jax.pure_callback (slower per call): {e}",
                      RuntimeWarning, stacklevel=3)
        _state["targets"] = None
        _state["info"] = {"fallback": str(e)}
    return _state["targets"]


CUDA_SOURCE = SOURCE.with_name("_jax_ffi_cuda.c")
XLA_PTX = pathlib.Path(__file__).parent / "cuda" / "vecmath_xla.ptx"


def cuda_backend():
    """Whether jax has a CUDA backend (jax[cuda]) in this process."""
    if "cuda_backend" not in _state:
        import jax

        try:
            _state["cuda_backend"] = bool(jax.devices("cuda"))
        except RuntimeError:
            _state["cuda_backend"] = False
    return _state["cuda_backend"]


def setup_cuda():
    """True where vecmath's GPU handlers (_jax_ffi_cuda.c) are registered for platform CUDA under
    the CPU targets' names: jax.jit on GPU arrays then launches vecmath_xla.ptx's kernels on
    XLA's stream.  False (after one warning saying why) where jax has a CUDA backend but they
    cannot be built or loaded: vecmath.jax then copies GPU arrays through jax.pure_callback."""
    if "cuda" in _state:
        return _state["cuda"]
    _state["cuda"] = False
    if not cuda_backend() or setup() is None:
        return False
    import jax
    import jaxlib

    from . import _ad
    try:
        path, built = _build(jax, jaxlib.__version__, CUDA_SOURCE)
        handlers = ctypes.CDLL(str(path))
        ptx = ctypes.create_string_buffer(XLA_PTX.read_bytes())   # NUL-terminated, kept alive below
        step = handlers.vm_cuda_ffi_init(ptx)
        if step:
            raise Unavailable(f"could not open the CUDA driver API (libcuda.so.1, step {step})")
        slot, slots = 0, handlers.vm_cuda_ffi_slots()
        for fn, tier in _ad.differentiable():
            for nout in (1, 2):
                kernel = f"vm_xla_{fn}_{tier}" + ("_vd" if nout == 2 else "")
                if slot >= slots or handlers.vm_cuda_ffi_set_kernel(slot, f"{kernel}_f64".encode(),
                                                                    f"{kernel}_f32".encode(), nout):
                    raise Unavailable(f"could not set CUDA FFI slot {slot}")
                jax.ffi.register_ffi_target(_state["targets"][fn, tier, nout],
                                            jax.ffi.pycapsule(getattr(handlers, f"vm_cuda_ffi_handler_{slot}")),
                                            platform="CUDA")
                slot += 1
        _state["cuda_handlers"] = (handlers, ptx)
        _state["info"]["cuda"] = {"library": str(path), "built_now": built, "ptx": str(XLA_PTX)}
        _state["cuda"] = True
    except (Unavailable, OSError, AttributeError) as e:
        warnings.warn(f"vecmath.jax: GPU arrays go through jax.pure_callback (copied to the host): {e}",
                      RuntimeWarning, stacklevel=3)
        _state["info"]["cuda"] = {"fallback": str(e)}
    return _state["cuda"]


def info():
    """How vecmath.jax reaches the kernels: the FFI library and the FFI API version its headers
    declare, or why it fell back to pure_callback."""
    setup()
    return dict(_state["info"])


def _register(jax, handlers):
    from . import _ad
    from .kernels import ffi, lib

    def address(name):
        return ctypes.c_void_p(int(ffi.cast("uintptr_t", ffi.addressof(lib, name))))

    targets, slot, slots = {}, 0, handlers.vm_ffi_slots()
    for fn, tier in _ad.differentiable():
        for nout, kernel in ((1, f"vm_{fn}_{tier}"), (2, f"vm_{fn}_{tier}_vd")):
            if slot >= slots:
                raise Unavailable(f"more kernels than the {slots} FFI handler slots (_jax_ffi.c)")
            if handlers.vm_ffi_set_kernel(slot, address(f"{kernel}_f64"), address(f"{kernel}_f32"), nout):
                raise Unavailable(f"could not set FFI slot {slot}")
            name = f"vecmath_{fn}_{tier}" + ("_vd" if nout == 2 else "")
            jax.ffi.register_ffi_target(name, jax.ffi.pycapsule(getattr(handlers, f"vm_ffi_handler_{slot}")),
                                        platform="cpu")
            targets[fn, tier, nout] = name
            slot += 1
    _state["handlers"] = handlers    # keep the library loaded
    return targets


if __name__ == "__main__":   # python -m vecmath._jax_ffi: build (if needed) and report
    print(info(), file=sys.stdout)

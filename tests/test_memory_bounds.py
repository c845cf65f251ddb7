"""No kernel reads or writes outside its arrays: every length 0..130, with the arrays' ends
placed against unreadable pages (mmap + mprotect), through the ufunc and the raw kernels."""
import subprocess
import sys

SCRIPT = r"""
import ctypes, mmap, numpy as np, vecmath
from vecmath import spec
from vecmath.kernels import ffi, lib
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
PAGE = mmap.PAGESIZE

def guarded():
    # [no access][data page][no access]
    base = libc.mmap(None, 3 * PAGE, 3, 0x22, -1, 0)
    assert base not in (None, ctypes.c_void_p(-1).value)
    assert libc.mprotect(base, PAGE, 0) == 0 and libc.mprotect(base + 2 * PAGE, PAGE, 0) == 0
    return base + PAGE

def view(addr, n, dtype):
    buf = (ctypes.c_char * (n * np.dtype(dtype).itemsize)).from_address(addr)
    return np.frombuffer(buf, dtype=dtype, count=n)

src, dst, dst2 = guarded(), guarded(), guarded()
checked = 0
with np.errstate(all="ignore"):
    for dtype, ctype, sfx in ((np.float64, "double[]", "f64"), (np.float32, "float[]", "f32")):
        size = np.dtype(dtype).itemsize
        for n in range(0, 131):
            for at_end in (True, False):
                off = PAGE - n * size if at_end else 0
                x = view(src + off, n, dtype)
                y = view(dst + off, n, dtype)
                x[:] = np.linspace(-3, 3, n)
                for tier in spec.TIERS:
                    for fn in getattr(vecmath, tier).__all__:
                        if fn not in spec.FUNCTIONS:
                            continue
                        uf = getattr(getattr(vecmath, tier), fn)
                        uf(x, out=y)
                        assert np.array_equal(y, uf(x.copy()), equal_nan=True), (fn, tier, n)
                        k = getattr(lib, f"vm_{fn}_{tier}_{sfx}")
                        k(ffi.cast(ctype.replace("[]", "*"), src + off),
                          ffi.cast(ctype.replace("[]", "*"), dst + off), n)
                        checked += 1
                    for fn, vd in ((fn, getattr(getattr(vecmath, tier).deriv, fn + "_and_deriv"))
                                   for fn in getattr(vecmath, tier).__all__ if fn in spec.FUNCTIONS):
                        d = view(dst2 + off, n, dtype)
                        vd(x, out=(y, d))
                        want = vd(x.copy())
                        assert np.array_equal(y, want[0], equal_nan=True) and np.array_equal(d, want[1], equal_nan=True), (fn, tier, n)
                        getattr(lib, f"vm_{fn}_{tier}_deriv_{sfx}")(
                            ffi.cast(ctype.replace("[]", "*"), src + off),
                            ffi.cast(ctype.replace("[]", "*"), dst + off), n)
                        checked += 1
print("ok", checked)
"""


def test_no_access_outside_arrays():
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert r.returncode == 0, f"crashed or failed (rc={r.returncode}): {r.stderr[-2000:]}"
    assert r.stdout.startswith("ok")

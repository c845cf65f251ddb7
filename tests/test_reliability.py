"""Reliability: the same bits whatever the process's floating-point mode (MXCSR's flush-to-zero
and denormals-are-zero, which a library built with -ffast-math sets for the whole process), on
every CPU path; see docs/design.md."""
import json
import os
import platform
import subprocess
import sys

import pytest

import vecmath

X86 = platform.machine() in ("x86_64", "AMD64")
FTZ, DAZ = 1 << 15, 1 << 6

# Run in a child per CPU path: every ufunc (all tiers, derivatives, fused two-output ufuncs) and
# every cffi raw kernel, in the default mode and under FTZ/DAZ; bits, NumPy's warnings and the
# caller's MXCSR afterwards compared.  Inputs: subnormal operands (every function), subnormal
# results (exp near its underflow, tanh' and atan' far out, log' of huge x), random bit patterns
# and ordinary values; a call of 2^19 + 37 elements runs on the thread pool's workers too.
FTZ_CHILD = r'''
import json, warnings
import numpy as np
import vecmath
from vecmath import _ufuncs
from vecmath.accuracy import golden
from vecmath.kernels import ffi, lib

FTZ, DAZ = 1 << 15, 1 << 6
rng = np.random.default_rng(27)

def inputs(dt):
    t = np.finfo(dt)
    sub = [t.smallest_subnormal, t.smallest_subnormal * 3, t.tiny / 2, t.tiny * 0.999, t.tiny]
    edges = {"float32": [-87.5, -88.0, -100.0, -103.0, -103.9, 9.5, 40.0, 50.0, 1e19, 3e38, 1e30],
             "float64": [-708.5, -709.0, -720.0, -740.0, -745.0, 19.5, 300.0, 360.0, 1e155, 1e307, 1e300]}[dt]
    x = np.array(sub + [-v for v in sub] + edges + [-v for v in edges], dtype=dt)
    u = "u4" if dt == "float32" else "u8"
    bits = rng.integers(0, np.iinfo(u).max, 3000, dtype=u).view(dt)
    scale = np.exp2(rng.uniform(np.log2(t.smallest_subnormal), np.log2(t.tiny) + 2, 3000))
    x = np.concatenate([x, bits, (scale * rng.choice([-1, 1], 3000)).astype(dt),
                        rng.uniform(-750 if dt == "float64" else -110, 50, 3000).astype(dt)])
    return x

XS = {dt: inputs(dt) for dt in ("float32", "float64")}   # made in the default mode

def run_all():
    out = {}
    for dt, x in XS.items():
        big = np.resize(x, (1 << 19) + 37)
        for label, uf in golden.ufuncs().items():
            for name, xs in (("small", x), ("strided", x[::-1]), ("big", big)):
                with warnings.catch_warnings(record=True) as w, np.errstate(all="warn"):
                    warnings.simplefilter("always")
                    ys = uf(xs)
                ys = ys if uf.nout == 2 else (ys,)
                out[f"{label}.{dt}.{name}"] = ([y.tobytes().hex() for y in ys] if name == "small"
                                               else [str(hash(y.tobytes())) for y in ys],
                                               sorted({str(m.message) for m in w}))
        for k in dir(lib):
            if not k.startswith("vm_") or not k.endswith("_f64" if dt == "float64" else "_f32"):
                continue
            f = getattr(lib, k)
            c = "double *" if dt == "float64" else "float *"
            ys = [np.empty_like(x) for _ in range(len(ffi.typeof(f).args) - 2)]
            st = f(ffi.cast(c, x.ctypes.data), *[ffi.cast(c, y.ctypes.data) for y in ys], len(x))
            out[f"cffi.{k}"] = ([y.tobytes().hex() for y in ys], st)
    return out

vecmath.set_num_threads(2)
default = run_all()
csr = _ufuncs._get_mxcsr()
_ufuncs._set_mxcsr(csr | FTZ | DAZ)
try:
    flushed = run_all()
    after = _ufuncs._get_mxcsr()
    probe = float(np.float64(2.2250738585072014e-308) / np.float64(4.0))   # flushed under FTZ
finally:
    _ufuncs._set_mxcsr(csr)
bad = sorted(k for k in default if default[k] != flushed[k])
print(json.dumps({"bad": bad, "n": len(default), "modes_kept": bool(after & (FTZ | DAZ) == FTZ | DAZ),
                  "mode_was_active": probe == 0.0}))
'''


@pytest.mark.skipif(not X86, reason="MXCSR is x86-64's")
@pytest.mark.parametrize("isa", vecmath.config()["available"])
def test_ftz_daz_give_the_default_bits(isa):
    """Under FTZ/DAZ every ufunc and cffi kernel gives the default mode's bits and warnings, and
    the caller's mode is still set after the calls."""
    env = dict(os.environ, VECMATH_ISA=isa)
    r = subprocess.run([sys.executable, "-c", FTZ_CHILD], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    res = json.loads(r.stdout)
    assert res["mode_was_active"], "the test did not manage to set FTZ"
    assert res["modes_kept"], "a vecmath call cleared the caller's FTZ/DAZ"
    assert res["n"] >= 2 * (3 * 37 + 37)   # (3 runs of 37 ufuncs + 37 kernels) per dtype
    assert not res["bad"], f"VECMATH_ISA={isa}: {len(res['bad'])} differ under FTZ/DAZ: {res['bad'][:10]}"


@pytest.mark.skipif(not X86, reason="MXCSR is x86-64's")
def test_mxcsr_helper_round_trips():
    from vecmath import _ufuncs
    csr = _ufuncs._get_mxcsr()
    try:
        _ufuncs._set_mxcsr(csr | FTZ | DAZ)
        assert _ufuncs._get_mxcsr() & (FTZ | DAZ) == FTZ | DAZ
        vecmath.exp([1e-310, -1e-310])
        assert _ufuncs._get_mxcsr() & (FTZ | DAZ) == FTZ | DAZ
    finally:
        _ufuncs._set_mxcsr(csr)
    assert _ufuncs._get_mxcsr() == csr

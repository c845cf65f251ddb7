"""Without a GPU: the machine code of a one-call user kernel per vecmath.cuda entry point.

    python bench/cuda_sass.py [--cc 9.0] [--ptx FILE] [--json PATH]

For each (function, tier, dtype, kind: value, deriv, <fn>_and_deriv) and the hardware family, a
kernel `y[i] = f(x[i])` is compiled by numba-cuda and linked twice: with the LTO-IR (as numba-cuda
links where nvJitLink is present) and with the PTX (the fallback; --ptx links another PTX file,
e.g. an older commit's, to compare).  Counted in the cubin: CALL instructions (and which are
CUDA's own division slow paths), local loads and stores (LDL/STL), registers and stack frame
(cuobjdump -res-usage).  Needs numba-cuda, nvJitLink, nvdisasm and cuobjdump (pip install
nvidia-cuda-nvdisasm nvidia-cuda-cuobjdump); no GPU.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import numba  # noqa: E402
from numba import cuda  # noqa: E402
from numba.cuda.compiler import compile_all  # noqa: E402
from numba.cuda.cudadrv import driver  # noqa: E402

import vecmath.cuda as vc  # noqa: E402
from test_cuda_lto import ALLOWED_CALL, _tool, instructions  # noqa: E402
from vecmath import spec  # noqa: E402


def kernel_of(f, nout):
    if nout == 1:
        def k(x, y, dy):
            i = cuda.grid(1)
            if i < x.size:
                y[i] = f(x[i])
    else:
        def k(x, y, dy):
            i = cuda.grid(1)
            if i < x.size:
                y[i], dy[i] = f(x[i])
    return k


def link(kernel, sig, cc, lto, ptx_file):
    codes, _ = compile_all(kernel, sig, device=False, abi="numba", cc=cc, output="ltoir" if lto else "ptx")
    linker = driver._Linker(cc=cc, lto=lto)
    for code in codes:
        if isinstance(code, bytes):
            linker.add_ltoir(code)
        elif isinstance(code, str):
            linker.add_ptx(code.encode())
        elif not lto and ptx_file:
            linker.add_ptx(open(ptx_file, "rb").read(), "vecmath_cuda")
        else:
            data = code.data
            linker.add_data(data.encode() if isinstance(data, str) else data, code.kind, code.name)
    return linker.complete().code


def facts(cubin, tmp):
    path = os.path.join(tmp, "k.cubin")
    with open(path, "wb") as fh:
        fh.write(cubin)
    ins = instructions(subprocess.run([_tool("nvdisasm"), "-c", path], capture_output=True, text=True,
                                      check=True).stdout)
    calls = [i for i in ins if re.match(r"(@!?U?P\w+\s+)?CALL", i)]
    usage = subprocess.run([_tool("cuobjdump"), "-res-usage", path], capture_output=True, text=True).stdout
    kernel = [line for line in usage.splitlines() if "REG:" in line]   # one per function in the cubin
    reg = max(int(re.search(r"REG:(\d+)", line).group(1)) for line in kernel)
    stack = max(int(re.search(r"STACK:(\d+)", line).group(1)) for line in kernel)
    return {"instructions": len(ins), "calls": len(calls),
            "calls_not_division": sum(1 for c in calls if not ALLOWED_CALL.search(c)),
            "LDL": sum(1 for i in ins if re.match(r"(@!?U?P\w+\s+)?LDL\b", i)),
            "STL": sum(1 for i in ins if re.match(r"(@!?U?P\w+\s+)?STL\b", i)),
            "registers": reg, "stack": stack, "functions": len(kernel)}   # max over the cubin's functions


def entries():
    for fn in spec.FUNCTIONS:
        for tier in spec.TIERS:
            mod = getattr(vc, tier)
            for dtype in ("float32", "float64"):
                yield f"{tier}.{fn}", getattr(mod, fn), dtype, 1
                yield f"{tier}.deriv.{fn}", getattr(mod.deriv, fn), dtype, 1
                yield f"{tier}.deriv.{fn}_and_deriv", getattr(mod.deriv, fn + "_and_deriv"), dtype, 2
    for fn in vc.HARDWARE:
        yield f"hardware.{fn}", getattr(vc.hardware, fn), "float32", 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="9.0")
    ap.add_argument("--ptx", help="link this PTX file on the PTX path instead of vecmath's")
    ap.add_argument("--json")
    a = ap.parse_args()
    cc = tuple(int(p) for p in a.cc.split("."))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, f, dtype, nout in entries():
            t = getattr(numba, dtype)
            k = kernel_of(f, nout)
            row = {"entry": label, "dtype": dtype}
            for path in ("ltoir", "ptx"):
                if path == "ltoir" and vc.LINK != "ltoir":
                    continue
                row[path] = facts(link(k, (t[:], t[:], t[:]), cc, path == "ltoir", a.ptx), tmp)
            rows.append(row)
            print(json.dumps(row), flush=True)
    summary = {}
    for path in ("ltoir", "ptx"):
        got = [r[path] for r in rows if path in r]
        if got:
            summary[path] = {"kernels": len(got),
                             "with a call other than division": sum(1 for g in got if g["calls_not_division"]),
                             "with any call": sum(1 for g in got if g["calls"]),
                             "with LDL/STL": sum(1 for g in got if g["LDL"] or g["STL"]),
                             "with a stack frame": sum(1 for g in got if g["stack"]),
                             "registers max": max(g["registers"] for g in got),
                             "registers median": sorted(g["registers"] for g in got)[len(got) // 2]}
    print(json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"cc": a.cc, "ptx": a.ptx, "summary": summary, "rows": rows}, fh, indent=1)


if __name__ == "__main__":
    main()

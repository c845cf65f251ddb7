"""Loops that call vecmath's kernels per register are compiled without loop interleaving
(vecmath/numba/_lanes.py, _without_interleaving): nothing of the loop's stays on the stack
across a call, which removed the "two speeds per process" of docs/numba.md.  Other modules keep
numba's options.  Bits are tested in test_numba.py; this checks the machine code."""
import re

import llvmlite.binding as ll
import numba
import numpy as np
import pytest

import vecmath.numba as vn
from vecmath.numba import _lanes

CASES = [("exp", "fast", np.float32), ("log", "accurate", np.float64), ("atan", "approx", np.float64),
         ("expm1", "fast", np.float32), ("tanh", "accurate", np.float32)]


def vector_path_for_numba():
    features = numba.core.codegen.get_host_cpu_features() if numba.config.CPU_FEATURES is None \
        else numba.config.CPU_FEATURES
    return (_lanes.RUNS.get("avx512") and "+avx512f" in features) or \
        (_lanes.RUNS.get("avx2") and "+avx2" in features)


@pytest.mark.parametrize("fn,tier,dt", CASES, ids=[f"{f}-{t}-{np.dtype(d).name}" for f, t, d in CASES])
def test_lane_loop_keeps_no_vector_on_the_stack(fn, tier, dt):
    if not vector_path_for_numba():
        pytest.skip("no x86 vector path for numba on this CPU")
    f = getattr(getattr(vn, tier), fn)

    @numba.njit
    def loop(x, y):
        for i in range(x.size):
            y[i] = f(x[i])

    x = np.linspace(0.5, 2, 100).astype(dt)
    y = np.empty_like(x)
    loop(x, y)
    # the loop's own function: the first of the module (numba's Python wrapper follows)
    asm = re.split(r"\n\s*\.globl\s", loop.inspect_asm(loop.signatures[0]))[1]
    assert re.search(r"_ZGV[de]N\d+v_vm_", asm), "no register call: the loop did not vectorize"
    spills = [line for line in asm.splitlines() if re.search(r"%[yz]mm", line) and "(%rsp)" in line]
    assert not spills, "\n".join(spills)
    assert not getattr(_lanes._no_interleave, "on", False)


def test_other_pass_builders_keep_interleaving():
    """The wrapper leaves numba's tuning options alone outside a module that calls a kernel."""
    pto = ll.create_pipeline_tuning_options()
    pto.loop_interleaving = True
    tm = ll.Target.from_default_triple().create_target_machine()
    ll.create_pass_builder(tm, pto)
    assert pto.loop_interleaving
    _lanes._no_interleave.on = True
    try:
        ll.create_pass_builder(tm, pto)
        assert not pto.loop_interleaving
    finally:
        _lanes._no_interleave.on = False

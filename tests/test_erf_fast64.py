"""The fast float64 erf and erfc (csrc/kernels/erf-inl.h, erfc-inl.h: one polynomial per slot
of 2 + a, exp(-a^2) erfcx beyond 1/2 for erfc) are faithful: <= 1 ULP against the correctly
rounded mpmath reference on the inputs that stress them (every slot's edges and origin, each
slot sampled, erfc's subnormal results up to its underflow, x <= -1/2), beside test_accuracy's
1e6 sampled inputs and shipped worst cases.  Also: erfc's vectors that read 16 table entries
(every |x| < 6) and 32 give the same bits."""
import numpy as np
import pytest

try:
    import vecmath
except ImportError as e:
    pytest.skip(f"vecmath is not built: {e}", allow_module_level=True)

from vecmath import _data
from vecmath._gen.erf import slots
from vecmath.accuracy import reference, ulp_errors

RNG = np.random.default_rng(35)


def around(v, n=16):
    """v and n steps of its ulp on either side"""
    v = float(v)
    return np.array([v]) if v == 0 else v + np.spacing(v) * np.arange(-n, n + 1)


def slot_inputs(limit, origins, per_slot=1500):
    xs = []
    for (lo, hi), s in zip(slots(), origins):
        if lo >= limit:
            break
        hi = min(hi, limit)
        xs += [around(lo), around(hi), around(s) if s else [], RNG.uniform(lo, hi, per_slot)]
    return np.abs(np.concatenate([np.asarray(v, dtype=np.float64) for v in xs]))


def max_ulp(func, x):
    y = getattr(vecmath.fast, func)(x)
    err = ulp_errors(y, reference(func, x))
    i = int(np.argmax(err))
    return float(err[i]), float(x[i])


def test_erf_fast_f64_faithful():
    x = slot_inputs(6.0, _data.VM_ERF_FAST_F64_S)
    x = np.concatenate([x, RNG.uniform(5.9, 6.1, 500), around(5.921587195794507, 64),
                        10.0 ** RNG.uniform(-320, -1, 2000)])
    x = np.concatenate([x, -x])
    err, at = max_ulp("erf", x)
    assert err <= 1.0, f"erf fast float64: {err} ULP at x = {at!r}"


def test_erfc_fast_f64_faithful():
    x = slot_inputs(27.5, _data.VM_ERFC_FAST_F64_S)
    x = np.concatenate([x, RNG.uniform(26.0, 27.3, 6000), around(27.229, 64), around(26.55, 64),
                        -RNG.uniform(0.0, 6.5, 6000), -slot_inputs(6.5, _data.VM_ERFC_FAST_F64_S, 200),
                        10.0 ** RNG.uniform(-320, -1, 2000) * RNG.choice([-1.0, 1.0], 2000)])
    err, at = max_ulp("erfc", x)
    assert err <= 1.0, f"erfc fast float64: {err} ULP at x = {at!r}"


@pytest.mark.parametrize("tier", ["fast", "approx"])
def test_erfc_f64_table_halves_same_bits(tier):
    """a >= 6 on any lane switches the whole vector to 32-entry lookups: same bits"""
    f = getattr(getattr(vecmath, tier), "erfc")
    x = RNG.uniform(-6.0, 6.0, 4096)
    mixed = x.copy()
    mixed[::3] = RNG.uniform(6.0, 28.0, mixed[::3].size)
    keep = np.ones(x.size, bool)
    keep[::3] = False
    assert np.array_equal(f(x)[keep], f(mixed)[keep])

"""The special values of spec.SPECIALS (C99 Annex F), checked bit for bit in every dtype.

The sign of a zero counts; any NaN stands for NaN; "pi/2" is pi/2 correctly rounded to the dtype.
"""
import math

import numpy as np
from mpmath.libmp import mpf_neg, mpf_pi, mpf_shift

from .. import spec
from .formats import fmt, same_bits
from .measure import evaluate, measure
from .reference import Reference, ulp_exp_of_float, correctly_rounded_constant

_CONSTANTS = {"pi/2": lambda prec: mpf_shift(mpf_pi(prec), -1),
              "-pi/2": lambda prec: mpf_neg(mpf_shift(mpf_pi(prec), -1))}


def special_reference(func, dtype):
    """A Reference holding spec.SPECIALS[func]: the inputs and the results they must give."""
    f = fmt(dtype)
    inputs, wanted = zip(*spec.SPECIALS[func])
    wanted = [correctly_rounded_constant(_CONSTANTS[w], f) if isinstance(w, str) else w for w in wanted]
    with np.errstate(over="ignore"):
        x = np.array(inputs, dtype=f.dtype)
        rounded = np.array(wanted, dtype=f.dtype)
    # exact values: no rounding error, and an infinite one is infinitely far from any finite y
    rounded_err = np.array([-w if math.isinf(w) else 0.0 for w in wanted])
    ulp_exp = np.array([ulp_exp_of_float(w, f) for w in wanted], dtype=np.int32)
    return Reference(func, f.name, x, rounded, rounded_err, ulp_exp, np.zeros(len(x), np.int16))


def check_specials(func, dtype, callables):
    """Result per label on the special values (not_cr counts the ones not bit for bit right)."""
    return measure(special_reference(func, dtype), callables, inputs="specials")


def special_failures(func, dtype, callable_):
    """[(input, got, wanted)] for every special value callable_ does not give bit for bit."""
    ref = special_reference(func, dtype)
    y = evaluate(callable_, ref.x)
    bad = ~same_bits(y, ref.rounded)
    return [(float(a), float(b), float(c)) for a, b, c in zip(ref.x[bad], y[bad], ref.rounded[bad])]

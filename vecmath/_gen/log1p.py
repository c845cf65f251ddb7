"""log1p: log(1 + x) on log's reduction, tables and polynomials (vecmath/_gen/log.py).

The kernels (csrc/kernels/log1p-inl.h) reduce u = 1 + x rounded exactly as log reduces x, r = z (1/c) - 1
exact, and fold the rounding error d = (1 + x) - u back in as rh + rl = r + d 2^-k (1/c).  So
they read log's tables and coefficients, imported here from log's generator rather than fitted
again, and this module checks what log1p adds to log's assumptions and certifies log's
polynomials on the range rh really covers:

- rh exceeds r's range by |d 2^-k / c| < 2^-52 (float: 2^-22, with the fast tiers' d, which may
  be off by one unit of u beyond 2^53, resp. 2^24): the certified relative errors below are over
  r's range widened by that much;
- the Fast2Sum of w + rh (w = k ln2_hi + log c hi) needs |w| >= |rh| wherever w != 0 (k = 0):
  checked with the widened bound;
- 2^-k is built from k clamped at 1022 (float: 126) so that it is a normal number: constants
  of vm_log1p_k.
"""
from fractions import Fraction

import mpmath as mp

from . import log
from .certify import certified_error
from .common import Block, err_bits

WIDEN_F64 = Fraction(1, 2 ** 51)   # > |d 2^-k / c| in every double tier (2 ulps of z, 1/c < 1.45)
WIDEN_F32 = Fraction(1, 2 ** 21)   # the same for float arithmetic


def _blocks():
    return {b.name: b for b in log.generate()}


def _coeffs(block, first):
    """The c<first>, c<first+1>, ... fields of one of log's constant blocks, in order."""
    fields = {f: v for f, v, _ in block.fields}
    out, k = [], first
    while f"c{k}" in fields:
        out.append(mp.mpf(fields[f"c{k}"]))
        k += 1
    return out


def _check_fast2sum_widened(subs, w_table, widen):
    for (zlo, zhi, invc), w in zip(subs, w_table):
        if w != 0:
            rmax = max(abs(zlo * invc - 1), abs(zhi * invc - 1)) + widen
            assert Fraction(abs(w)) >= rmax, (float(zlo), w, float(rmax))


def _widened(rng, widen):
    lo, hi = rng[0] - widen, rng[1] + widen
    return mp.mpf(lo.numerator) / lo.denominator, mp.mpf(hi.numerator) / hi.denominator


def generate():
    blocks = _blocks()
    out = []
    with mp.workdps(50):
        _, subs16, rng16 = log.subintervals(4)
        _, subs32, rng32 = log.subintervals(5)
        hi16 = blocks["vm_log_logc16_hi"].values
        hi32 = blocks["vm_log_logc32_f"].values
        _check_fast2sum_widened(subs16, hi16, WIDEN_F64)
        _check_fast2sum_widened(subs32, hi32, WIDEN_F32)
        # the certified relative error of log1p(rh) by each tier's polynomial, rh over r's range
        # widened by |d 2^-k / c| (log's own figures: vm_log_*_k)
        errs = {}
        for name, (fixed, first), rng, widen in (
                ("vm_log_accurate_k", log.H_FORM, rng16, WIDEN_F64),
                ("vm_log_accurate_f32_k", log.G_FORM, rng16, WIDEN_F64),
                ("vm_log_fast_f64_k", log.G_FORM, rng16, WIDEN_F64),
                ("vm_log_approx_f64_k", log.G_FORM, rng16, WIDEN_F64),
                ("vm_log_fast_f32_k", log.G_FORM, rng32, WIDEN_F32),
                ("vm_log_approx_f32_k", log.G_FORM, rng16, WIDEN_F32)):
            coeffs = _coeffs(blocks[name], first)
            lo, hi = _widened(rng, widen)
            err = certified_error("log(1 + x)", lo, hi, fixed + [(first + k, c) for k, c in enumerate(coeffs)])
            errs[name] = err_bits(err)
        summary = ", ".join(f"{n[len('vm_log_'):-2]} 2^{e}" for n, e in errs.items())
        b = Block("vm_log1p_k", "double",
                  "log1p: log's tables and polynomials on rh = r + d 2^-k/c (r's range widened by "
                  f"2^-51, float 2^-21), relative errors of log1p(rh) (certified): {summary}")
        b.add("kmax_f64", 1022.0, "2^-k from min(k, kmax): normal (beyond, d 2^-k < 2^-1000 is "
                                  "far below the result's ulp)")
        b.add("kmax_f32", 126.0, "the same for float (float d is 0 beyond 2^25)")
        out.append(b)
    return out

"""What the float64 hard-case searches (sigmoid_hardcases.py, softplus_hardcases.py) share."""
import math

from mpmath.libmp import from_float, mpf_abs, mpf_add, mpf_div, mpf_neg, mpf_sub, to_float


def rounding_hardness(s, prec):
    """Identical bits after the round bit of the mpf value s (computed to prec bits) in float64,
    capped at prec - 60; 0 where s rounds to 0 or overflows."""
    f = to_float(s)                           # nearest double
    if f == 0.0 or math.isinf(f):
        return 0.0
    ulp = from_float(math.ulp(f))
    half = (0, 1, ulp[2] - 1, 1) if ulp[1] == 1 else None   # ulp/2 exactly (ulp is a power of 2)
    d = min(mpf_abs(mpf_sub(s, mpf_add(from_float(f), h))) for h in (half, mpf_neg(half)))
    if d == (0, 0, 0, 0):
        return float(prec - 60)
    ratio = to_float(mpf_div(d, ulp, 60, "n"))            # distance in ulps, > 0
    return min(-math.log2(ratio) - 1, prec - 60)


def exp_worstcases_below(hi):
    """exp's shipped hardest-to-round inputs in (-745.2, hi): where sigmoid and softplus are
    e^x to within their rounding, exp's hard cases are theirs."""
    from vecmath.accuracy import worstcase_inputs
    return [float(v) for v in worstcase_inputs("exp") if -745.2 < v < hi]

"""Exact arithmetic on mpmath's raw (sign, man, exp, bc) tuples for the descriptors' series
enclosures (vecmath.accuracy.reference uses them where fixed precision cannot settle f(x))."""
from mpmath.libmp import MPZ_ONE, from_int, mpf_add, mpf_div, mpf_mul, mpf_neg, mpf_shift, mpf_sub  # noqa: F401

ONE, THREE = from_int(1), from_int(3)


def two_to(exp):
    """2^exp as a raw tuple: its mantissa of mpmath's integer type (mpmath >= 1.4 requires it),
    its exponent a Python int (math.ldexp takes no gmpy2 integer)."""
    return (0, MPZ_ONE, int(exp), 1)


def magnitude(t):
    """m with 2^(m-1) <= |t| < 2^m, or None for zero and +-inf."""
    sign, man, exp, bc = t
    return exp + bc if man else None


def plus_minus(centre, exp):
    """(centre - 2^exp, centre + 2^exp), exactly."""
    d = two_to(exp)
    return mpf_sub(centre, d), mpf_add(centre, d)


def odd_cubic(t, mag):
    """x - x^3/3 for |x| < 2^mag <= 2^-31: the tail of an odd series whose next term is below
    |x|^5 (tanh, atan), and x^3/3 rounded to 64 bits errs by < 2^(3 mag - 64): the enclosure
    has half-width 2^(3 mag - 60)."""
    cube_third = mpf_div(mpf_mul(mpf_mul(t, t), t), THREE, 64, "n")
    return plus_minus(mpf_sub(t, cube_third), 3 * mag - 60)


def mpf_log1p(t, prec, rnd="n"):
    """log(1 + t) on raw mpf tuples (libmp has no log1p): 1 + t exactly, then mpf_log, which
    adds the working precision its argument's closeness to 1 needs; +10 guard bits."""
    from mpmath.libmp import fnan, fninf, mpf_log

    one_plus = mpf_add(ONE, t)                 # exact: prec 0
    if one_plus == (0, 0, 0, 0):                # t = -1
        return fninf
    if one_plus[0]:                             # t < -1
        return fnan
    return mpf_log(one_plus, prec + 10, rnd)


def mpf_expm1(t, prec, rnd="n"):
    """expm1(t) = exp(t) - 1 to prec bits: exp at prec + extra bits, extra covering the
    cancellation (|expm1(t)| >= 0.63 |t| for |t| < 1, so exp's absolute error 2^-(prec + extra)
    is relatively 2^(2 - mag - extra) of the result), then minus 1 rounded once."""
    from mpmath.libmp import mpf_exp

    mag = magnitude(t)
    extra = 20 + (max(0, -mag) if mag is not None else 0)
    return mpf_sub(mpf_exp(t, prec + extra, "n"), ONE, prec, rnd)


def mpf_sigmoid(t, prec, rnd="n"):
    """sigmoid(t) = 1/(1 + exp(-t)) (t >= 0) or exp(t)/(1 + exp(t)) (t < 0) on raw mpf tuples
    (libmp has no expit): every operation on positive numbers, so relative errors only add;
    exp and the sum at prec + 10 bits, the quotient rounded once."""
    from mpmath.libmp import fnan, mpf_exp

    if t == fnan:
        return fnan
    w = prec + 10
    if t[0]:                                    # t < 0
        e = mpf_exp(t, w, "n")
        return mpf_div(e, mpf_add(ONE, e, w, "n"), prec, rnd)
    return mpf_div(ONE, mpf_add(ONE, mpf_exp(mpf_neg(t), w, "n"), w, "n"), prec, rnd)


def mpf_softplus(t, prec, rnd="n"):
    """softplus(t) = max(t, 0) + log1p(exp(-|t|)) on raw mpf tuples (libmp has none): every
    term positive, so relative errors only add.  e = exp(-|t|) and log1p(e) at prec + 20 bits;
    where e < 2^-(prec + 40), log1p(e) = e (1 - e/2) to e^2 relative (1 + e is not formed:
    it would need -log2(e) bits); then max(t, 0) + log1p(e) rounded once."""
    from mpmath.libmp import finf, fnan, fninf, fzero, mpf_exp

    if t == fnan:
        return fnan
    if t == finf:
        return finf
    if t == fninf:
        return fzero
    w = prec + 20
    e = mpf_exp(mpf_neg(t) if not t[0] else t, w, "n")
    mag = magnitude(e)
    if mag is not None and mag < -(prec + 40):
        log1p_e = mpf_mul(e, mpf_sub(ONE, mpf_shift(e, -1), w, "n"), w, "n")
    else:
        log1p_e = mpf_log1p(e, w, "n")
    if t[0] or t == fzero:                      # t <= 0: max(t, 0) = 0
        return mpf_add(log1p_e, fzero, prec, rnd)
    return mpf_add(t, log1p_e, prec, rnd)

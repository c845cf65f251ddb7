"""tanh: hyperbolic tangent.  Kernels csrc/kernels/tanh-inl.h (on exp's cores, exp_core.h), csrc/kernels/tanh_deriv-inl.h;
generator _gen/tanh.py."""
import math

from . import Function, exact_odd_to_one


def _series(t):
    from ._mpf import ONE, magnitude, mpf_neg, mpf_sub, odd_cubic, two_to

    mag = magnitude(t)
    if mag is None:
        return None
    if mag <= -31:
        return odd_cubic(t, mag)
    if mag >= 7:
        # |x| >= 64: tanh|x| = 1 - theta with 0 < theta < 2 exp(-2|x|) < 2^-183
        below_one = mpf_sub(ONE, two_to(-183))
        return (below_one, ONE) if not t[0] else (mpf_neg(ONE), mpf_neg(below_one))
    return None


FUNCTION = Function(
    name="tanh", order=2, mpmath="mpf_tanh", exact=exact_odd_to_one, series=_series, odd=True,
    specials=[(math.nan, math.nan), (math.inf, 1.0), (-math.inf, -1.0), (0.0, 0.0), (-0.0, -0.0),
              (1000.0, 1.0), (-1000.0, -1.0)],
    regions=[
        ("uniform", -25.0, 25.0),
        ("uniform", -1.0, 1.0),
        ("uniform", -0.04, 0.04),      # exp(2a) with k = 1, 2: fast float64's worst
        ("loguniform_signed", 1e-320, 1e-2),
        ("loguniform_signed", 1.0, 1e308),
    ],
    worstcases="tanh.wc",
    limits={
        "deriv_tail_f64": (354.0, "|x| above: exp(-2|x|) is subnormal, so tanh' = (2 exp(-|x|))^2"),
        "deriv_tail_f32": (43.0, "the same in float arithmetic (fast and approx float32)"),
        "deriv_zero_f64": (380.0, "|x| above: tanh' = 4 exp(-2|x|) < 2^-1075, rounds to +0"),
        "f32_cr_window": (2.0 ** 20, "accurate float32: double ulps around a float midpoint within "
                                     "which the first pass (vm_tanh_f32_first_k's bound, 2^-35.5 "
                                     "relative = 2^17.5 ulps) cannot decide the rounding: 5.6x "
                                     "margin, about 2^-8 of inputs take the double-double path"),
    },
    deriv=lambda mp, x: mp.sech(x) ** 2, deriv_at_inf=(0.0, 0.0),
    deriv_tails=[("uniform", 18.0, 60.0), ("uniform", 340.0, 385.0)],
    second=lambda x, y, dy: -2 * y * dy,           # tanh'' = -2 tanh tanh'
    from_output=True, cuda_hardware="tanh.approx.f32", demo_domain=(-5.0, 5.0),
    warning_probes=[math.nan, math.inf, -math.inf, 1e-310, -1e-310, 1e-45, 0.0, 20.0, -20.0, 1.0],
    deriv_specials=[(0.0, 1.0), (-0.0, 1.0), (math.inf, 0.0), (-math.inf, 0.0), (math.nan, math.nan)],
    deriv_warnings={v: [] for v in (1.0, math.inf, math.nan, 20.0, 60.0, 400.0, 1e300)},
    deriv_tail_probe=40.0,
)

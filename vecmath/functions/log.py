"""log: natural logarithm.  Kernels csrc/kernels/log-inl.h (cores in log_core.h), csrc/kernels/log_deriv-inl.h; generator
_gen/log.py."""
import math

from . import Function


def _exact(x):
    if x < 0:
        return math.nan
    if x == 0:
        return -math.inf
    if x == 1:
        return 0.0
    if math.isinf(x):
        return math.inf
    return None


FUNCTION = Function(
    name="log", order=1, mpmath="mpf_log", exact=_exact,
    specials=[(math.nan, math.nan), (math.inf, math.inf), (-math.inf, math.nan), (0.0, -math.inf),
              (-0.0, -math.inf), (1.0, 0.0), (-1.0, math.nan)],
    regions=[
        ("loguniform", 5e-324, 1.7e308),
        ("uniform", 0.5, 2.0),
        ("uniform", 1.0 - 2.0 ** -20, 1.0 + 2.0 ** -20),
        ("around", 1.0, 4096),
        ("loguniform", 5e-324, 2.2250738585072014e-308),   # subnormal inputs
    ],
    worstcases="log.wc",
    limits={
        "f32_cr_window": (16384.0, "accurate float32: double ulps around a float midpoint within which "
                                   "the first pass (2^-41 relative = 2^12 ulps) cannot decide the "
                                   "rounding: 4x margin, about 2^-14 of inputs take the exact path"),
        "f32_ff_eps": (2.0 ** -33, "accurate float32, float-float first pass: the Ziv test's d, relative "
                                   "to the result (y = hi + (t +- d |hi|) agree or the lane is redone): "
                                   "bound 2^-33.7 (csrc/kernels/log-inl.h), measured 2^-34.4; about 2^-8.5 of "
                                   "inputs take the double pass"),
    },
    deriv=lambda mp, x: None if x < 0 else (mp.inf if x == 0 else 1 / x),
    deriv_at_inf=(None, 0.0),
    deriv_tails=[("loguniform", 1e-310, 1e-300), ("loguniform", 1e300, 1.7e308)],
    second=lambda x, y, dy: -(dy * dy),            # log'' = -1/x^2
    cuda_hardware="lg2.approx", demo_domain=(1e-3, 1e3),
    warning_probes=[0.0, -0.0, -1.0, -math.inf, math.inf, math.nan, 1e-310, 5e-324, 1.0, 2.0, 1e300],
    deriv_specials=[(0.0, math.inf), (-0.0, math.inf), (-1.0, math.nan), (-math.inf, math.nan),
                    (math.inf, 0.0), (1.0, 1.0), (math.nan, math.nan)],
    deriv_warnings={0.0: ["divide"], -1.0: ["invalid"], -math.inf: ["invalid"], 1.0: [], math.nan: [],
                    math.inf: [], 4.0: []},
    deriv_tail_probe=1e30,
    domain_lo=0.0,
)

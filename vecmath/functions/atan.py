"""atan (NumPy: arctan): inverse tangent.  Kernels csrc/kernels/atan-inl.h, csrc/kernels/atan_deriv-inl.h; generator
_gen/atan.py."""
import math

from . import Function


def _exact(x):
    return x if x == 0 else None       # keeps the sign of zero


def _series(t):
    from ._mpf import magnitude, odd_cubic

    mag = magnitude(t)
    return odd_cubic(t, mag) if mag is not None and mag <= -31 else None


FUNCTION = Function(
    name="atan", order=3, alias="arctan", mpmath="mpf_atan", exact=_exact, series=_series,
    odd=True,
    specials=[(math.nan, math.nan), (math.inf, "pi/2"), (-math.inf, "-pi/2"), (0.0, 0.0), (-0.0, -0.0)],
    regions=[
        ("uniform", -10.0, 10.0),
        ("uniform", -1.0, 1.0),
        ("loguniform_signed", 1e-320, 1e-2),
        ("loguniform_signed", 1e-2, 1e308),
    ],
    worstcases="atan.wc",
    limits={
        "f64_branch_free_abs": (2.0 ** 400, "|x| below: a times the node of a > 30 (2^600) and its "
                                            "reciprocal are normal doubles; above: +-pi/2 rounded; "
                                            "fast float64 clamps |x| to it (inf included, NaN "
                                            "passes): a c stays finite and the result is pi/2 "
                                            "rounded"),
        "f32_cr_window": (8192.0, "accurate float32: double ulps around a float midpoint within which "
                                  "the first pass on the float grid (2^-42.2 relative = 2^10.8 "
                                  "ulps) cannot decide the rounding: 4.5x margin, about 2^-15 of "
                                  "inputs take the double-double path"),
        "f32_grid_clamp": (2.0 ** 100, "fast float32: |x| is clamped to it (inf included; NaN "
                                       "passes), so a c stays finite, tau = 1/c and the result is "
                                       "float(pi/2)"),
    },
    deriv=lambda mp, x: 1 / (1 + x * x), deriv_at_inf=(0.0, 0.0),
    deriv_tails=[("loguniform_signed", 1e8, 1e300)],
    second=lambda x, y, dy: -2 * x * (dy * dy),    # atan'' = -2x / (1 + x^2)^2
    demo_domain=(-20.0, 20.0),
    warning_probes=[math.nan, math.inf, -math.inf, 1e-310, 1e-45, 0.0, 1e300, -1e300, 1.0],
    deriv_specials=[(0.0, 1.0), (-0.0, 1.0), (math.inf, 0.0), (-math.inf, 0.0), (math.nan, math.nan),
                    (1e300, 1e-600), (-1e300, 1e-600)],
    deriv_warnings={v: [] for v in (1.0, math.inf, math.nan, 1e10, 1e30, 1e300)},
    deriv_tail_probe=1e18,
)

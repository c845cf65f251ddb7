"""softplus: no tables or coefficients of its own.

Its kernels (csrc/kernels/softplus-inl.h) take e = exp(-|x|) from exp's cores and tables
(vecmath/_gen/exp.py; accurate float64: vm_tanh_exp_k through exp_f64_dd) and log1p(e) from
log's (vecmath/_gen/log.py, certified for log1p's range by vecmath/_gen/log1p.py); the float32
accurate tier's window is a threshold of the descriptor (vecmath/functions/softplus.py:
f32_cr_window), sized from exp's certified first-try bound (2^-37.48) and log's first pass
(2^-41) plus the roundings of 1 + e and of the final sum.
"""


def generate():
    return []

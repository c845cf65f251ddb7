"""sigmoid: no tables or coefficients of its own.

Its kernels (csrc/kernels/sigmoid-inl.h) take e = exp(-|x|) from exp's cores and tables
(vecmath/_gen/exp.py, read from exp's blocks), and the float32 accurate tier's window is a
threshold of the descriptor (vecmath/functions/sigmoid.py: f32_cr_window), sized from exp's
certified first-try bound (vm_exp_f32_accurate_k: 2^-37.48 relative) plus three roundings.
The unsure lanes' Taylor series near 0 has the exact rationals 1/48, 1/480, 17/80640 and
31/1451520 of sigmoid(x) = 1/2 + tanh(x/2)/2, which the kernel divides at compile time.
"""


def generate():
    return []

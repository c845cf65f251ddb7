"""erfc: no tables or coefficients of its own.  Its kernels (csrc/kernels/erfc-inl.h) run erf's
evaluation: the odd polynomial below 1/2 and the erfcx slots beyond (vecmath/_gen/erf.py)."""


def generate():
    return []

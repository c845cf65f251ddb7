"""erfc: its float64 and accurate float32 kernels (csrc/kernels/erfc-inl.h) run erf's evaluation:
the odd polynomial below 1/2 and the erfcx slots beyond (vecmath/_gen/erf.py).  Its fast and
approx float32 tables are erf's float32 slots below 1/2 and erfcx's beyond, with the tail of
exp's float table (erf.f32_tables, erf.f32_exp_tail)."""
import mpmath as mp

from .common import Table
from .erf import f32_exp_tail, f32_first_tables, f32_tables, f64_tables


def generate():
    with mp.workdps(40):
        tail = Table("vm_erfc_f32_exp_tail", "float", f32_exp_tail(),
                     "fast float32 erfc: 2^(j/16) / T_j - 1, T_j exp's float table (vm_exp_tab16_f32_bits)")
        return ([tail] + f32_tables("erfc", "fast") + f32_tables("erfc", "approx") + f32_first_tables("erfc")
                + f64_tables("erfc"))

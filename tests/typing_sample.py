"""Checked by tests/test_typing.py with mypy --strict: a user's calls are typed as NumPy types
its own ufuncs (this file is not a test module; mypy reads it, pytest does not collect it)."""
import numpy as np
import numpy.typing as npt

import vecmath
import vecmath.deriv
import vecmath.fast.deriv
import vecmath.numba
import vecmath.numba.fast.deriv

x: npt.NDArray[np.float64] = np.linspace(-1.0, 1.0, 5)

y: npt.NDArray[np.float64] = vecmath.exp(x)
y = vecmath.fast.exp(x, out=y)
y = vecmath.approx.tanh(x, where=x > 0)
y = vecmath.arctan(x)
y = vecmath.accurate.expit(x)
value, slope = vecmath.deriv.tanh_and_deriv(x)
both: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] = vecmath.fast.deriv.exp_and_deriv(x)
y = vecmath.deriv.tanh_from_output(value)
y = vecmath.approx.deriv.log1p(x)
uf: np.ufunc = vecmath.fast.erfc
assert uf.nin == 1 and vecmath.fast.exp.nout == 1 and vecmath.deriv.exp_and_deriv.nout == 2
y = vecmath.numba.exp(x)
y = vecmath.numba.fast.exp([0.5, 1.5])
s = vecmath.numba.approx.log(0.5)
pair = vecmath.numba.fast.deriv.sigmoid_and_deriv(x)
with vecmath.num_threads(1):
    n: int = vecmath.get_num_threads()
vecmath.set_num_threads(n)
info: dict[str, object] = vecmath.config()
vecmath.show_config()

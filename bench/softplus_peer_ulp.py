"""ULP error of softplus and its peers (np.logaddexp(0, x), torch.nn.functional.softplus,
jax.nn.softplus) against the mpmath reference, on 20,000 uniform inputs per row (seed 0):

    python bench/softplus_peer_ulp.py

The figures are quoted in docs/benchmarks.md ("softplus against its peers")."""
import jax
import numpy as np
import torch

import vecmath
from vecmath.accuracy import measure, reference

jax.config.update("jax_enable_x64", True)


def callables():
    softplus_torch = torch.nn.functional.softplus
    softplus_jax = jax.jit(jax.nn.softplus)
    return {"np.logaddexp(0, x)": lambda x: np.logaddexp(0, x),
            "torch.nn.functional.softplus": lambda x: softplus_torch(torch.from_numpy(x)).numpy(),
            "jax.nn.softplus": lambda x: np.asarray(softplus_jax(x)),
            "vecmath.accurate": vecmath.accurate.softplus, "vecmath.fast": vecmath.fast.softplus,
            "vecmath.approx": vecmath.approx.softplus}


def main():
    for lo, hi in [(-10.0, 10.0), (20.0, 34.0), (-100.0, -20.0)]:
        for dt in (np.float32, np.float64):
            x = np.random.default_rng(0).uniform(lo, hi, 20000).astype(dt)
            res = measure(reference("softplus", x, processes=1), callables())
            print(f"[{lo}, {hi}] {np.dtype(dt).name}: "
                  + "; ".join(f"{k} {r.max_ulp:.3g}" for k, r in res.items()))


if __name__ == "__main__":
    main()

"""Exact Gaussian-process regression, hyperparameters fitted by gradient: three ways.

    python examples/gp_regression.py                 # fit, print the table
    python examples/gp_regression.py --write-docs    # also docs/img/gp_fit.png and docs/ad.md

Squared-exponential kernel k(x, x') = sf^2 exp(-|x - x'|^2 / (2 l^2)) plus noise sn^2 I on
400 points; theta = (log l, log sf, log sn) maximizes the log marginal likelihood
    LML = -1/2 y^T K^-1 y - 1/2 log|K| - n/2 log(2 pi)
by Adam (the same update, in NumPy, for every implementation, run in lockstep), from the same start:
  numpy    vecmath.deriv.exp_and_deriv into preallocated arrays, hand-written adjoint
  torch    vecmath.torch.exp, gradient by torch.autograd (and torch.exp, for comparison)
  jax      vecmath.jax.exp, gradient by jax.value_and_grad under jit (and jnp.exp)
float64 throughout.  The gradient of the hand-written adjoint, with W = a a^T - K^-1, a = K^-1 y:
    d/dlog sf = sf^2 sum(W * E),  d/dlog sn = sn^2 tr(W),  d/dlog l = -sf^2 sum(W * E' * A)
where A = -D / (2 l^2), E = exp(A), E' = exp'(A) (E' = E: one fused call gives both).
"""
import argparse
import math
import os
import pathlib
import sys
import time

# One thread everywhere (BLAS included), so the timings compare the implementations, not threads.
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
import numpy as np  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
import vecmath  # noqa: E402

N, STEPS, LR = 400, 2000, 0.02
THETA0 = np.log([1.5, 0.5, 0.5])     # l, sf, sn


def data(seed=0):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-6.0, 6.0, N))
    y = np.sin(x) + 0.4 * np.cos(2.5 * x) + 0.15 * rng.standard_normal(N)
    return x, y


class NumpyGP:
    """LML and its gradient by hand, every n x n array allocated once."""

    def __init__(self, x, y):
        self.y = y
        self.D = (x[:, None] - x[None, :]) ** 2
        self.A, self.E, self.dE, self.K, self.W = (np.empty_like(self.D) for _ in range(5))

    def __call__(self, theta):
        ell, sf, sn = np.exp(theta)
        sf2, sn2 = sf * sf, sn * sn
        A, E, dE, K, W = self.A, self.E, self.dE, self.K, self.W
        np.multiply(self.D, -0.5 / (ell * ell), out=A)
        vecmath.deriv.exp_and_deriv(A, out=(E, dE))          # exp and exp' from one evaluation
        np.multiply(E, sf2, out=K)
        K.flat[:: N + 1] += sn2
        logdet = 2 * np.log(np.diag(np.linalg.cholesky(K))).sum()
        Kinv = np.linalg.inv(K)
        a = Kinv @ self.y
        lml = -0.5 * self.y @ a - 0.5 * logdet - 0.5 * N * math.log(2 * math.pi)
        np.subtract(np.multiply.outer(a, a, out=W), Kinv, out=W)   # W = a a^T - K^-1
        g_sn = sn2 * np.trace(W)
        np.multiply(W, E, out=K)                            # K is free now: scratch
        g_sf = sf2 * K.sum()
        np.multiply(W, dE, out=K)
        np.multiply(K, A, out=K)
        g_ell = -sf2 * K.sum()
        return -lml, -np.array([g_ell, g_sf, g_sn])         # minimize -LML


def torch_gp(x, y, exp):
    import torch

    torch.set_num_threads(1)
    D = torch.from_numpy((x[:, None] - x[None, :]) ** 2)
    yt = torch.from_numpy(y)
    eye = torch.eye(N, dtype=torch.float64)

    def loss_and_grad(theta):
        th = torch.tensor(theta, requires_grad=True)
        ell, sf, sn = torch.exp(th)
        K = sf ** 2 * exp(-D / (2 * ell ** 2)) + sn ** 2 * eye
        L = torch.linalg.cholesky(K)
        a = torch.cholesky_solve(yt[:, None], L)[:, 0]
        nlml = 0.5 * yt @ a + torch.log(torch.diagonal(L)).sum() + 0.5 * N * math.log(2 * math.pi)
        nlml.backward()
        return nlml.item(), th.grad.numpy()

    return loss_and_grad


def jax_gp(x, y, exp):
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    D = jnp.asarray((x[:, None] - x[None, :]) ** 2)
    yj = jnp.asarray(y)

    def nlml(theta):
        ell, sf, sn = jnp.exp(theta)
        K = sf ** 2 * exp(-D / (2 * ell ** 2)) + sn ** 2 * jnp.eye(N)
        L = jnp.linalg.cholesky(K)
        a = jax.scipy.linalg.cho_solve((L, True), yj)
        return 0.5 * yj @ a + jnp.log(jnp.diag(L)).sum() + 0.5 * N * math.log(2 * math.pi)

    step = jax.jit(jax.value_and_grad(nlml))

    def loss_and_grad(theta):
        v, g = step(jnp.asarray(theta))
        return float(v), np.asarray(g)

    return loss_and_grad


def fit_all(impls, theta0, steps=STEPS, lr=LR, b1=0.9, b2=0.999, eps=1e-8):
    """Adam on every implementation in lockstep (step t of each, then t + 1), so that the
    shared machine's load changes hit all alike.  Returns name -> (theta, loss trace, median
    seconds per step), after one warm-up call each (which compiles)."""
    state = {}
    for name, f in impls.items():
        f(theta0)
        state[name] = (theta0.copy(), np.zeros(3), np.zeros(3), [], [])
    for t in range(1, steps + 1):
        for name, f in impls.items():
            th, m, v, trace, seconds = state[name]
            start = time.perf_counter()
            loss, g = f(th)
            m[:] = b1 * m + (1 - b1) * g
            v[:] = b2 * v + (1 - b2) * g * g
            th -= lr * (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps)
            seconds.append(time.perf_counter() - start)
            trace.append(loss)
    return {name: (th, np.array(trace), float(np.median(sec)))
            for name, (th, _, _, trace, sec) in state.items()}


def predict(x, y, theta, xs):
    ell, sf, sn = np.exp(theta)
    k = lambda a, b: sf ** 2 * vecmath.exp(-((a[:, None] - b[None, :]) ** 2) / (2 * ell ** 2))
    K = k(x, x) + sn ** 2 * np.eye(len(x))
    Ks = k(xs, x)
    L = np.linalg.cholesky(K)
    a = np.linalg.solve(K, y)
    v = np.linalg.solve(L, Ks.T)
    return Ks @ a, np.sqrt(np.maximum(sf ** 2 - (v * v).sum(0), 0) + sn ** 2)


def implementations(x, y):
    impls = {"NumPy + vecmath fused exp, hand-written adjoint": NumpyGP(x, y)}
    try:
        import torch
        import vecmath.torch as vt

        impls["PyTorch + vecmath.torch.exp"] = torch_gp(x, y, vt.exp)
        impls["PyTorch + torch.exp"] = torch_gp(x, y, torch.exp)
    except ImportError:
        print("PyTorch not installed: skipped", file=sys.stderr)
    try:
        import jax.numpy as jnp
        import vecmath.jax as vj

        impls["JAX + vecmath.jax.exp"] = jax_gp(x, y, vj.exp)
        impls["JAX + jnp.exp"] = jax_gp(x, y, jnp.exp)
    except ImportError:
        print("JAX not installed: skipped", file=sys.stderr)
    return impls


def plot(x, y, theta, traces, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = np.linspace(-7, 7, 600)
    mean, sd = predict(x, y, theta, xs)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.2), gridspec_kw={"width_ratios": [1.6, 1]})
    left.fill_between(xs, mean - 2 * sd, mean + 2 * sd, color="C0", alpha=0.2, label="±2 sd (with noise)")
    left.plot(xs, mean, "C0", label="posterior mean")
    left.plot(x, y, ".", color="k", ms=3, label=f"data (n = {len(x)})")
    ell, sf, sn = np.exp(theta)
    left.set_title(f"GP fit: l = {ell:.3f}, sf = {sf:.3f}, sn = {sn:.4f}")
    left.legend(loc="lower left", fontsize=8)
    final = min(t[-1] for t in traces.values())
    for name, t in traces.items():
        right.semilogy(np.arange(1, len(t) + 1), t - final + 1e-9, label=name, lw=1)
    right.set_xlabel("Adam step")
    right.set_ylabel("-LML - final (+1e-9)")
    right.set_title("convergence, every implementation")
    right.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def exp_share(x):
    """One sentence: what exp and its derivative cost inside a step, vecmath vs NumPy."""
    import timeit

    A = -((x[:, None] - x[None, :]) ** 2) / 2
    E, dE = np.empty_like(A), np.empty_like(A)
    best = lambda f: min(timeit.repeat(f, number=20, repeat=15)) / 20
    t_fused = best(lambda: vecmath.deriv.exp_and_deriv(A, out=(E, dE)))
    t_numpy = best(lambda: (np.exp(A, out=E), np.exp(A, out=dE)))
    return (f"exp and its derivative on the {N}x{N} matrix: vecmath's fused call {t_fused * 1e6:.0f} µs, "
            f"NumPy's exp twice {t_numpy * 1e6:.0f} µs: a small share of a step, which the "
            f"{N}x{N} Cholesky factorization and solves dominate.")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write-docs", action="store_true")
    ap.add_argument("--steps", type=int, default=STEPS)
    args = ap.parse_args()
    x, y = data()
    results, traces = {}, {}
    for name, (theta, trace, per_step) in fit_all(implementations(x, y), THETA0, args.steps).items():
        results[name], traces[name] = (theta, trace[-1], per_step), trace
        print(f"{name}: theta = {np.exp(theta)}, -LML = {trace[-1]:.10f}, {per_step * 1e3:.3f} ms/step",
              file=sys.stderr, flush=True)
    ref = results[next(iter(results))][0]
    from vecmath._gen.docsection import cpu_model

    command = "python examples/gp_regression.py" + (" --write-docs" if args.write_docs else "")
    lines = [f"<!-- generated by `{command}`; do not edit -->",
             f"Command: `{command}`.  Machine: {cpu_model()}.  n = {N}, {args.steps} Adam steps (lr {LR}), "
             "float64, one thread; "
             "time per step = LML and gradient + the Adam update, median step; the implementations run in lockstep, so the shared machine's load hits all alike.", "",
             "| implementation | l | sf | sn | -LML at the end | max abs(theta - NumPy's) | ms per step |",
             "|---|---|---|---|---|---|---|"]
    for name, (theta, f, per_step) in results.items():
        ell, sf, sn = np.exp(theta)
        lines.append(f"| {name} | {ell:.6f} | {sf:.6f} | {sn:.6f} | {f:.9f} | "
                     f"{np.abs(theta - ref).max():.1e} | {per_step * 1e3:.2f} |")
    lines += ["", exp_share(x)]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write_docs:
        from vecmath._gen.docsection import write_section

        plot(x, y, ref, traces, ROOT / "docs" / "img" / "gp_fit.png")
        write_section(ROOT / "docs" / "ad.md", "gp_regression", text)


if __name__ == "__main__":
    main()

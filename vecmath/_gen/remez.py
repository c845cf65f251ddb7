"""Minimax polynomial fits in mpmath (discrete Remez exchange on a dense grid).

fit(f, lo, hi, powers, fixed) finds coefficients c_i for the powers r^i that minimise
    max |(f(r) - fixed(r) - sum c_i r^i) / f(r)|      (relative error, weight="relative")
or the same without the division (weight="absolute").  Powers may skip low terms (e.g. exp's
1 + r is fixed and only r^2.. are fitted); a zero of the error at r = 0 is then forced, which
the dense-grid exchange handles where the classical Haar-based theory does not.
"""
import mpmath as mp

DPS = 50


def _grid(lo, hi, n):
    # Chebyshev-spaced points cluster where minimax errors peak (the ends).
    return [lo + (hi - lo) * (1 - mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n)) / 2 for k in range(n)]


def _alternating_extrema(errs, m):
    """Pick m points of alternating sign with the largest |error|, one per sign run."""
    runs, cur = [], None
    for i, e in enumerate(errs):
        s = e >= 0
        if cur is None or s != cur[0]:
            cur = [s, i]
            runs.append(cur)
        elif abs(e) > abs(errs[cur[1]]):
            cur[1] = i
    idx = [i for _, i in runs]
    while len(idx) > m:  # drop the smaller end: keeps alternation
        if abs(errs[idx[0]]) < abs(errs[idx[-1]]):
            idx.pop(0)
        else:
            idx.pop()
    return idx


def fit(f, lo, hi, powers, fixed=lambda r: 0, relative=True, grid_points=3000, iters=40):
    """Return (coefficients as mpf, max error on the grid).

    With p0 = min(powers), the error (f - fixed - sum c_k r^k) / f equals w(r) (g(r) - P(r))
    where g = (f - fixed) / r^p0, P has the Haar basis r^(k - p0) and w = r^p0 / f.  Remez runs
    on g - P with weight |w| >= 0, so a forced zero of the error at r = 0 is no obstacle.
    """
    p0 = min(powers)
    with mp.workdps(DPS):
        lo, hi = mp.mpf(lo), mp.mpf(hi)
        xs = [x for x in _grid(lo, hi, grid_points) if x != 0]
        fx = {x: f(x) for x in xs}
        g = {x: (fx[x] - fixed(x)) / x ** p0 for x in xs}
        w = {x: abs(x ** p0 / (fx[x] if relative else 1)) for x in xs}
        m = len(powers) + 1
        ref = [xs[int(round(j * (len(xs) - 1) / (m - 1)))] for j in range(m)]
        best = None
        for _ in range(iters):
            a = mp.matrix(m, m)
            b = mp.matrix(m, 1)
            for j, x in enumerate(ref):
                for i, k in enumerate(powers):
                    a[j, i] = x ** (k - p0)
                a[j, m - 1] = (-1) ** j / w[x]
                b[j] = g[x]
            sol = mp.lu_solve(a, b)
            coeffs = [sol[i] for i in range(m - 1)]
            errs = [w[x] * (g[x] - sum(c * x ** (k - p0) for c, k in zip(coeffs, powers)))
                    for x in xs]
            emax = max(abs(e) for e in errs)
            if best is None or emax < best[1]:
                best = (coeffs, emax)
            idx = _alternating_extrema(errs, m)
            if len(idx) < m or emax <= abs(sol[m - 1]) * (1 + mp.mpf(10) ** -6):
                break
            ref = [xs[i] for i in idx]
        return best


def fit_rational(f, hi, num, den, grid_points=3000, iters=60):
    """Odd rational minimax of f on [0, hi], relative error:
        R(x) = x (1 + p_1 u + .. + p_num u^num) / (1 + q_1 u + .. + q_den u^den),  u = x^2,
    so R(x) = x + O(x^3) (tiny x come back unchanged).  Remez exchange on a dense grid; the
    reference equations x P - f Q = (-1)^j E f Q_old are linear in (p, q, E) and are iterated
    until Q_old = Q.  Returns (p, q, max relative error on the grid), p and q without the 1."""
    n = num + den + 1                     # unknowns p_1.., q_1.., E; as many reference points
    with mp.workdps(DPS):
        hi = mp.mpf(hi)
        xs = [x for x in _grid(mp.mpf(0), hi, grid_points) if x != 0]
        fx = {x: f(x) for x in xs}
        ref = [xs[int(round(j * (len(xs) - 1) / (n - 1)))] for j in range(n)]
        p, q = [mp.mpf(0)] * num, [mp.mpf(0)] * den
        best = None
        poly = lambda c, u: 1 + sum(ck * u ** (k + 1) for k, ck in enumerate(c))
        for _ in range(iters):
            for _ in range(30):           # Q_old -> Q on this reference
                a, b = mp.matrix(n, n), mp.matrix(n, 1)
                for j, x in enumerate(ref):
                    u = x * x
                    for k in range(num):
                        a[j, k] = x * u ** (k + 1)
                    for k in range(den):
                        a[j, num + k] = -fx[x] * u ** (k + 1)
                    a[j, n - 1] = -(-1) ** j * fx[x] * poly(q, u)
                    b[j] = fx[x] - x
                sol = mp.lu_solve(a, b)
                q_new = [sol[num + k] for k in range(den)]
                done = max([abs(s - t) for s, t in zip(q_new, q)] + [0]) < mp.mpf(10) ** -(DPS - 10)
                p, q = [sol[k] for k in range(num)], q_new
                if done:
                    break
            errs = [(x * poly(p, x * x) / poly(q, x * x) - fx[x]) / fx[x] for x in xs]
            emax = max(abs(e) for e in errs)
            if best is None or emax < best[2]:
                best = (p, q, emax)
            idx = _alternating_extrema(errs, n)
            if len(idx) < n or emax <= abs(sol[n - 1]) * (1 + mp.mpf(10) ** -6):
                break
            ref = [xs[i] for i in idx]
        return best

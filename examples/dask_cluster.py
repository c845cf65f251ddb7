"""vecmath on a dask cluster: a squared-exponential (Gaussian-process) kernel matrix and a tanh
layer with its derivative, computed chunk by chunk on worker processes, checked bit for bit
against the same computation in this process.

    python examples/dask_cluster.py                        # a LocalCluster of worker processes
    python examples/dask_cluster.py --scheduler tcp://host:8786 --n 20000   # a real cluster

Every worker needs vecmath installed.  Threads and processes: dask's worker processes set
OMP_NUM_THREADS=1, which vecmath's own thread pool respects, so each worker computes its chunk
on one thread and the cluster's parallelism is its workers'.  In one process without dask,
vecmath uses every CPU by itself for calls of 2^18 elements and more (VECMATH_NUM_THREADS).
"""
import argparse
import time

import numpy as np


def kernel_matrix(da, vecmath, x, y, ell, chunk):
    """K[i, j] = exp(-|x_i - y_j|^2 / (2 ell^2)) for 2-D points, chunked over rows and columns."""
    xd = da.from_array(x, chunks=(chunk, 2))
    yd = da.from_array(y, chunks=(chunk, 2))
    d2 = ((xd[:, None, :] - yd[None, :, :]) ** 2).sum(axis=-1)
    return vecmath.exp(-d2 / (2.0 * ell * ell))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scheduler", help="address of a running dask scheduler (default: a LocalCluster)")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    ap.add_argument("--n", type=int, default=6000, help="points: the kernel matrix is n x n")
    ap.add_argument("--chunk", type=int, default=1500)
    a = ap.parse_args()

    import dask.array as da
    from distributed import Client, LocalCluster

    import vecmath

    rng = np.random.default_rng(0)
    x = rng.uniform(-3, 3, (a.n, 2))
    w = rng.normal(size=(a.n, 64)).astype(np.float32)
    cluster = None if a.scheduler else LocalCluster(n_workers=a.workers, threads_per_worker=1,
                                                    processes=True, dashboard_address=None)
    with Client(a.scheduler or cluster) as client:
        print(f"cluster: {len(client.scheduler_info()['workers'])} workers")
        K = kernel_matrix(da, vecmath, x, x, 0.8, a.chunk)
        h, dh = vecmath.deriv.tanh_and_deriv(da.from_array(w, chunks=(a.chunk, 64)))   # lazy, two outputs
        start = time.perf_counter()
        K_c, h_c, dh_c = client.compute([K, h, dh], sync=True)
        cluster_s = time.perf_counter() - start
    if cluster is not None:
        cluster.close()

    start = time.perf_counter()
    d2 = ((x[:, None, :] - x[None, :, :]) ** 2).sum(axis=-1)
    K_local = vecmath.exp(-d2 / (2.0 * 0.8 * 0.8))
    h_local, dh_local = vecmath.deriv.tanh_and_deriv(w)
    local_s = time.perf_counter() - start
    K_numpy = np.exp(-d2 / (2.0 * 0.8 * 0.8))

    same = all(np.array_equal(a_, b_) for a_, b_ in ((K_c, K_local), (h_c, h_local), (dh_c, dh_local)))
    ulp = np.max(np.abs(K_c - K_numpy) / np.spacing(np.maximum(K_numpy, np.finfo(float).tiny)))
    print(f"kernel matrix {a.n} x {a.n} and a tanh layer {w.shape}: cluster {cluster_s:.2f} s "
          f"(graph, transfers and compute), this process {local_s:.2f} s")
    print(f"cluster bits identical to this process: {same}; "
          f"largest difference from NumPy's exp: {ulp:.2f} ULP")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())

/* vecmath's own thread pool for the ufunc loops (csrc/vm_threads.c).
 *
 * A loop hands its n elements to vm_parallel with a function that computes any sub-range
 * [lo, hi); above VM_PARALLEL_MIN elements the range is split into equal parts, one per thread
 * (the calling thread takes the first).  Every kernel is elementwise, so the bits do not depend
 * on the split.  Each part reports VM_FE_* status bits; vm_parallel returns their OR, which the
 * caller raises once (CPU flags are per thread: the workers' never reach the caller). */
#ifndef VM_THREADS_H
#define VM_THREADS_H
#include <stddef.h>

typedef void (*vm_range_fn)(void *ctx, size_t lo, size_t hi, int *st);

/* Split [0, n) over the pool, or run it in the calling thread: below VM_PARALLEL_MIN
 * elements, with one thread, or while another caller holds the pool (never waits for it). */
int vm_parallel(size_t n, vm_range_fn fn, void *ctx);

/* Threads a large call uses: VECMATH_NUM_THREADS, else OMP_NUM_THREADS, else the CPUs this
 * process may run on.  Exported (default visibility) for threadpoolctl. */
int vecmath_get_num_threads(void);
void vecmath_set_num_threads(int n);

/* Elements below which a call stays on one thread (bench/bench_threads.py measured it). */
#define VM_PARALLEL_MIN ((size_t)1 << 18)

#endif

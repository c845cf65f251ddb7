/* vecmath's thread pool (pthreads; not OpenMP, whose runtimes clash with other libraries'
 * in one process).  See vm_threads.h for the contract.
 *
 * Workers start on the first large call and sleep on a condition variable between jobs.  One
 * caller at a time owns the pool (mutex `owner`, taken with trylock): a second caller, e.g.
 * another Python thread with the GIL released, computes its call alone instead of waiting, so
 * nothing can deadlock.  After fork() the child has no workers: the atfork handler resets the
 * pool and the child starts its own on its first large call.  The handler is registered when
 * the library loads, so it covers a fork at any moment, even before the first large call. */
#define _GNU_SOURCE
#include "vm_threads.h"
#include "vm_fpmode.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>

/* glibc 2.32 and 2.34 gave these three new symbol versions when libpthread moved into libc; the
 * code behind each is the same as the old version's.  Binding the architecture's base version,
 * which a new glibc keeps as a compat symbol, lets a wheel built there run on old glibcs too
 * (manylinux_2_12 on x86-64, 2_17 on aarch64; NumPy's is 2_28); setup.py also names
 * libpthread.so.0, where they live before 2.34 (docs/design.md, "Platforms";
 * tests/test_packaging.py checks every symbol version).  Elsewhere the defaults stand. */
#if defined(__GLIBC__) && defined(__x86_64__) && !defined(__ILP32__)
#define VM_GLIBC_BASE "GLIBC_2.2.5"
#elif defined(__GLIBC__) && defined(__aarch64__) && !defined(__ILP32__)
#define VM_GLIBC_BASE "GLIBC_2.17"
#endif
#ifdef VM_GLIBC_BASE
__asm__(".symver pthread_create,pthread_create@" VM_GLIBC_BASE);
__asm__(".symver pthread_mutex_trylock,pthread_mutex_trylock@" VM_GLIBC_BASE);
__asm__(".symver pthread_sigmask,pthread_sigmask@" VM_GLIBC_BASE);
#endif

#define VM_MAX_THREADS 256
#define VM_PART_ALIGN 64 /* parts start on a multiple of 64 elements (whole cache lines) */

#define VM_EXPORT __attribute__((visibility("default")))

static pthread_mutex_t owner = PTHREAD_MUTEX_INITIALIZER; /* held by the caller using the pool */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;  /* guards everything below */
static pthread_cond_t work_ready = PTHREAD_COND_INITIALIZER, work_done = PTHREAD_COND_INITIALIZER;
static int num_threads;  /* 0 until first asked for: then the default of vm_threads.h */
static int started;      /* workers running: they take parts 1..started */

static struct {
    vm_range_fn fn;
    void *ctx;
    size_t n;
    int parts, pending, st;
    unsigned long generation;
} job;

static size_t part_start(size_t n, int parts, int i) {
    if (i >= parts) return n;
    size_t lo = (size_t)((unsigned __int128)n * (unsigned)i / (unsigned)parts);
    return lo - lo % VM_PART_ALIGN;
}

/* Workers compute in IEEE mode (vm_fpmode.h), entered before each part: a thread starts with
 * its creator's MXCSR, and the ufunc loops clear the calling thread's only; this keeps the workers right
 * whatever created them.  They are vecmath's own threads, so their mode is not put back. */
static void *worker(void *arg) {
    int index = (int)(intptr_t)arg; /* 1-based: part 0 is the caller's */
    unsigned long seen = 0;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (job.generation == seen) pthread_cond_wait(&work_ready, &lock);
        seen = job.generation;
        if (index >= job.parts) continue;
        vm_range_fn fn = job.fn;
        void *ctx = job.ctx;
        size_t lo = part_start(job.n, job.parts, index), hi = part_start(job.n, job.parts, index + 1);
        pthread_mutex_unlock(&lock);
        int st = 0;
        (void)vm_ieee_enter();
        fn(ctx, lo, hi, &st);
        pthread_mutex_lock(&lock);
        job.st |= st;
        if (--job.pending == 0) pthread_cond_signal(&work_done);
    }
    return NULL;
}

static void reset_in_child(void) {
    pthread_mutex_init(&owner, NULL);
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&work_ready, NULL);
    pthread_cond_init(&work_done, NULL);
    started = 0;
    job.generation = 0;
}

/* At load, before any thread can hold `lock` or `owner`.  It used to be registered when the
 * first workers started: a fork() before that, while another thread held `lock` (in
 * vecmath_get_num_threads or _set_num_threads, which threadpoolctl calls through ctypes without
 * the GIL, or in a first large call), left the child's copy locked, and the child's first large
 * call or thread-count query waited forever (tests/test_concurrency.py). */
__attribute__((constructor)) static void register_atfork(void) {
    pthread_atfork(NULL, NULL, reset_in_child);
}

static int positive_env(const char *name) {
    const char *v = getenv(name);
    if (!v || !*v) return 0;
    long n = strtol(v, NULL, 10); /* OMP_NUM_THREADS may be a list: its first entry */
    return n > 0 ? (int)(n < VM_MAX_THREADS ? n : VM_MAX_THREADS) : 0;
}

static int default_threads(void) {
    int n = positive_env("VECMATH_NUM_THREADS");
    if (!n) n = positive_env("OMP_NUM_THREADS");
    if (!n) {
        cpu_set_t set;
        n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
    }
    return n < 1 ? 1 : n > VM_MAX_THREADS ? VM_MAX_THREADS : n;
}

VM_EXPORT int vecmath_get_num_threads(void) {
    pthread_mutex_lock(&lock);
    if (!num_threads) num_threads = default_threads();
    int n = num_threads;
    pthread_mutex_unlock(&lock);
    return n;
}

VM_EXPORT void vecmath_set_num_threads(int n) {
    pthread_mutex_lock(&lock);
    num_threads = n < 1 ? 1 : n > VM_MAX_THREADS ? VM_MAX_THREADS : n;
    pthread_mutex_unlock(&lock);
}

/* Start workers up to `want` (caller holds `lock`); returns how many run.  Workers block
 * every signal: Python handles signals in its main thread. */
static int start_workers(int want) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    while (started < want) {
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int failed = pthread_create(&t, &attr, worker, (void *)(intptr_t)(started + 1));
        pthread_attr_destroy(&attr);
        if (failed) break;
        started++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return started;
}

int vm_parallel(size_t n, vm_range_fn fn, void *ctx) {
    int st = 0;
    int threads = n >= VM_PARALLEL_MIN ? vecmath_get_num_threads() : 1;
    size_t most = n / (VM_PARALLEL_MIN / 2); /* parts of at least half the threshold */
    int parts = (size_t)threads < most ? threads : (int)most;
    if (parts < 2 || pthread_mutex_trylock(&owner) != 0) {
        fn(ctx, 0, n, &st);
        return st;
    }
    pthread_mutex_lock(&lock);
    int workers = start_workers(parts - 1);
    parts = workers + 1 < parts ? workers + 1 : parts;
    job.fn = fn, job.ctx = ctx, job.n = n, job.parts = parts;
    job.pending = parts - 1, job.st = 0;
    job.generation++;
    pthread_cond_broadcast(&work_ready);
    pthread_mutex_unlock(&lock);

    fn(ctx, 0, part_start(n, parts, 1), &st);

    pthread_mutex_lock(&lock);
    while (job.pending > 0) pthread_cond_wait(&work_done, &lock);
    st |= job.st;
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&owner);
    return st;
}

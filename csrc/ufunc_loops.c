/* The ufunc loops of vecmath._ufuncs: NumPy's arguments to the C kernels (csrc/vecmath.h).
 *
 * - Contiguous runs go straight to the kernel, in place when NumPy asks for it (x == y is
 *   allowed), so the common call costs one kernel call.
 * - Strided runs are copied through a BLOCK-element stack buffer into the same kernels, so a
 *   strided view gives the contiguous bits (vecmath.exp(x[::-1]) == vecmath.exp(x)[::-1]) with
 *   no allocation per call.  float16 goes through the same buffer as float64 (csrc/float16.c).
 * - Large calls are split over vecmath's thread pool (vm_threads.h): each loop is written as a
 *   function of a sub-range [lo, hi) of its elements, and the status bits of every part are
 *   ORed and raised once in the calling thread.
 * - Floating-point flags: the kernels' branch-free paths may raise spurious flags (e.g.
 *   underflow inside a polynomial), so each loop clears the flags it did not find set and
 *   raises exactly the conditions the kernels report (VM_FE_*), which NumPy turns into its
 *   warnings (np.errstate) after the loop.
 * - FTZ/DAZ: the loops compute in IEEE mode whatever the caller's MXCSR (vm_fpmode.h), entered
 *   once per loop; their kernels are the active path's table entries (vm_table.h, set by the
 *   module), called directly, so no call inside a loop runs the public kernels' guard again. */
#include "ufunc_loops.h"

#include <fenv.h>
#include <string.h>

#include "float16.h"
#include "vecmath.h"
#include "vm_fpmode.h"
#include "vm_threads.h"

#define BLOCK 512
#define FE_WATCHED (FE_OVERFLOW | FE_UNDERFLOW | FE_DIVBYZERO | FE_INVALID)

/* The flags a loop finds set and the spurious ones it clears.  On x86-64 every kernel computes
 * with SSE/AVX, whose flags live in MXCSR alone, so MXCSR is read alone: fetestexcept also
 * stores the x87 status word (one-element calls 261 -> 253 ns on an AMD EPYC family 25 model
 * 17; 238 ns with no read at all, which the flag contract rules out). */
#if VM_FPMODE_MXCSR
#define MXCSR_WATCHED (_MM_EXCEPT_OVERFLOW | _MM_EXCEPT_UNDERFLOW | _MM_EXCEPT_DIV_ZERO | _MM_EXCEPT_INVALID)
static int watched_flags(void) { return (int)(_mm_getcsr() & MXCSR_WATCHED); }
static void clear_flags(int flags) { _mm_setcsr(_mm_getcsr() & ~(unsigned)flags); }

/* IEEE mode for the whole loop (vm_fpmode.h), from the one MXCSR read that also gives the
 * flags found set; returns the caller's modes for vm_ieee_leave. */
static unsigned enter_loop(int *before) {
    unsigned csr = _mm_getcsr();
    *before = (int)(csr & MXCSR_WATCHED);
    return vm_ieee_enter_csr(csr);
}
#else
static int watched_flags(void) { return fetestexcept(FE_WATCHED); }
static void clear_flags(int flags) { feclearexcept(flags); }
static unsigned enter_loop(int *before) {
    *before = watched_flags();
    return vm_ieee_enter();
}
#endif

typedef int (*kernel_f64)(const double *, double *, size_t);
typedef int (*kernel_f32)(const float *, float *, size_t);

static void finish_flags(int before, int st) {
    int spurious = watched_flags() & ~before;
    if (spurious) clear_flags(spurious);
    if (st) {
        int raise = 0;
        if (st & VM_FE_OVERFLOW) raise |= FE_OVERFLOW;
        if (st & VM_FE_UNDERFLOW) raise |= FE_UNDERFLOW;
        if (st & VM_FE_DIVBYZERO) raise |= FE_DIVBYZERO;
        if (st & VM_FE_INVALID) raise |= FE_INVALID;
        feraiseexcept(raise);
    }
}

/* What a loop's sub-range needs: NumPy's arguments and the kernel. */
struct loop_ctx {
    char **args;
    const npy_intp *steps;
    void *kernel;
};

/* Run a loop's range function over its n elements, on the pool when large, and raise the
 * status of all parts once. */
static void run_loop(char **args, npy_intp n, npy_intp const *steps, void *kernel, vm_range_fn range) {
    struct loop_ctx c = {args, steps, kernel};
    int before;
    unsigned modes = enter_loop(&before);
    int st = vm_parallel((size_t)n, range, &c);
    vm_ieee_leave(modes);
    finish_flags(before, st);
}

/* One loop per element type: contiguous -> kernel in place, else blocks through buf. */
#define DEFINE_LOOP(NAME, T, KERNEL_T)                                                      \
    static void NAME##_range(void *ctx, size_t lo, size_t hi, int *st) {                    \
        struct loop_ctx *c = ctx;                                                           \
        KERNEL_T k = (KERNEL_T)c->kernel;                                                   \
        npy_intp n = (npy_intp)(hi - lo), is = c->steps[0], os = c->steps[1];               \
        char *in = c->args[0] + (npy_intp)lo * is, *out = c->args[1] + (npy_intp)lo * os;   \
        if (is == sizeof(T) && os == sizeof(T)) {                                           \
            *st |= k((const T *)in, (T *)out, (size_t)n);                                   \
            return;                                                                         \
        }                                                                                   \
        T buf[BLOCK];                                                                       \
        for (npy_intp i = 0; i < n; i += BLOCK) {                                           \
            npy_intp m = n - i < BLOCK ? n - i : BLOCK;                                     \
            for (npy_intp j = 0; j < m; j++) memcpy(&buf[j], in + (i + j) * is, sizeof(T)); \
            *st |= k(buf, buf, (size_t)m);                                                  \
            for (npy_intp j = 0; j < m; j++) memcpy(out + (i + j) * os, &buf[j], sizeof(T)); \
        }                                                                                   \
    }                                                                                       \
    void NAME(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {       \
        run_loop(args, dims[0], steps, data, NAME##_range);                                 \
    }
DEFINE_LOOP(loop_f64, double, kernel_f64)
DEFINE_LOOP(loop_f32, float, kernel_f32)

/* float16 through the float64 kernel, rounded once */
static void loop_f16_range(void *ctx, size_t lo, size_t hi, int *st) {
    struct loop_ctx *c = ctx;
    kernel_f64 k = (kernel_f64)c->kernel;
    npy_intp n = (npy_intp)(hi - lo), is = c->steps[0], os = c->steps[1];
    char *in = c->args[0] + (npy_intp)lo * is, *out = c->args[1] + (npy_intp)lo * os;
    double buf[BLOCK];
    for (npy_intp i = 0; i < n; i += BLOCK) {
        npy_intp m = n - i < BLOCK ? n - i : BLOCK;
        vm_load_half(in + i * is, is, buf, m);
        *st |= k(buf, buf, (size_t)m);
        vm_store_half(buf, out + i * os, os, m, st);
    }
}
void loop_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {
    run_loop(args, dims[0], steps, data, loop_f16_range);
}

/* ---- loops with two outputs (value and derivative) ---- */
typedef int (*kernel2_f64)(const double *, double *, double *, size_t);
typedef int (*kernel2_f32)(const float *, float *, float *, size_t);

#define DEFINE_LOOP2(NAME, T, KERNEL_T)                                                     \
    static void NAME##_range(void *ctx, size_t lo, size_t hi, int *st) {                    \
        struct loop_ctx *c = ctx;                                                           \
        KERNEL_T k = (KERNEL_T)c->kernel;                                                   \
        npy_intp n = (npy_intp)(hi - lo), is = c->steps[0], os = c->steps[1], ds = c->steps[2]; \
        char *in = c->args[0] + (npy_intp)lo * is, *out = c->args[1] + (npy_intp)lo * os;   \
        char *dout = c->args[2] + (npy_intp)lo * ds;                                        \
        if (is == sizeof(T) && os == sizeof(T) && ds == sizeof(T)) {                        \
            *st |= k((const T *)in, (T *)out, (T *)dout, (size_t)n);                        \
            return;                                                                         \
        }                                                                                   \
        T buf[BLOCK], dbuf[BLOCK];                                                          \
        for (npy_intp i = 0; i < n; i += BLOCK) {                                           \
            npy_intp m = n - i < BLOCK ? n - i : BLOCK;                                     \
            for (npy_intp j = 0; j < m; j++) memcpy(&buf[j], in + (i + j) * is, sizeof(T)); \
            *st |= k(buf, buf, dbuf, (size_t)m);                                            \
            for (npy_intp j = 0; j < m; j++) {                                              \
                memcpy(out + (i + j) * os, &buf[j], sizeof(T));                             \
                memcpy(dout + (i + j) * ds, &dbuf[j], sizeof(T));                           \
            }                                                                               \
        }                                                                                   \
    }                                                                                       \
    void NAME(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {       \
        run_loop(args, dims[0], steps, data, NAME##_range);                                 \
    }
DEFINE_LOOP2(loop2_f64, double, kernel2_f64)
DEFINE_LOOP2(loop2_f32, float, kernel2_f32)

static void loop2_f16_range(void *ctx, size_t lo, size_t hi, int *st) {
    struct loop_ctx *c = ctx;
    kernel2_f64 k = (kernel2_f64)c->kernel;
    npy_intp n = (npy_intp)(hi - lo), is = c->steps[0], os = c->steps[1], ds = c->steps[2];
    char *in = c->args[0] + (npy_intp)lo * is, *out = c->args[1] + (npy_intp)lo * os;
    char *dout = c->args[2] + (npy_intp)lo * ds;
    double buf[BLOCK], dbuf[BLOCK];
    for (npy_intp i = 0; i < n; i += BLOCK) {
        npy_intp m = n - i < BLOCK ? n - i : BLOCK;
        vm_load_half(in + i * is, is, buf, m);
        *st |= k(buf, buf, dbuf, (size_t)m);
        vm_store_half(buf, out + i * os, os, m, st);
        vm_store_half(dbuf, dout + i * ds, ds, m, st);
    }
}
void loop2_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {
    run_loop(args, dims[0], steps, data, loop2_f16_range);
}

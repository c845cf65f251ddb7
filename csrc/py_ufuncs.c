/* vecmath._ufuncs: real NumPy ufuncs over the C kernels.
 *
 * Each (function, tier) is one ufunc with loops e->e, f->f, d->d of ours, followed by NumPy's
 * own loops of the same function for every other type it has (g, F, D, G, O), copied from
 * numpy's ufunc so those dtypes give NumPy's exact result.  Contiguous runs go straight to
 * the kernel; strided runs go through a small stack buffer in blocks.  float16 is computed by
 * the float64 kernel of the tier and rounded once.  Floating-point flags: the kernels' branch-free
 * paths may raise spurious flags (e.g. underflow inside a polynomial), so each loop clears
 * flags it did not find set and raises exactly the conditions the kernel reports.
 *
 * Derivatives (vecmath.deriv, vecmath.<tier>.deriv): <fn> (x -> f'(x)), <fn>_and_deriv
 * (x -> f(x), f'(x), one evaluation) and <fn>_from_output (y -> f'(x)), with loops for float16,
 * float32 and float64 only (integers cast to float64; there is no NumPy loop to fall back on).
 *
 * Large calls are split over vecmath's thread pool (vm_threads.h): each loop is written as a
 * function of a sub-range [lo, hi) of its elements, and the status bits of every part are
 * ORed and raised once in the calling thread. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <fenv.h>
#include <math.h>
#include <string.h>
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#include <numpy/ndarraytypes.h>
#include <numpy/ufuncobject.h>
#include "vecmath.h"
#include "vm_threads.h"

#define BLOCK 512
#define FE_WATCHED (FE_OVERFLOW | FE_UNDERFLOW | FE_DIVBYZERO | FE_INVALID)

/* The flags a loop finds set and the spurious ones it clears.  On x86-64 every kernel computes
 * with SSE/AVX, whose flags live in MXCSR alone, so MXCSR is read alone: fetestexcept also
 * stores the x87 status word (one-element calls 261 -> 253 ns on an AMD EPYC family 25 model
 * 17; 238 ns with no read at all, which the flag contract rules out). */
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define MXCSR_WATCHED (_MM_EXCEPT_OVERFLOW | _MM_EXCEPT_UNDERFLOW | _MM_EXCEPT_DIV_ZERO | _MM_EXCEPT_INVALID)
static int watched_flags(void) { return (int)(_mm_getcsr() & MXCSR_WATCHED); }
static void clear_flags(int flags) { _mm_setcsr(_mm_getcsr() & ~(unsigned)flags); }

/* IEEE mode whatever the caller's: a process whose MXCSR has flush-to-zero (bit 15) or
 * denormals-are-zero (bit 6) set, e.g. by a library built with -ffast-math, gets the same bits
 * (and flags) as any other.  The loop reads MXCSR once (it needs the flags anyway), clears the
 * two bits if either is set, and puts them back at the end; the worker threads clear them too
 * (vm_threads.c).  In the default mode this costs one test of a value already read. */
#define MXCSR_DENORMAL_MODES 0x8040u /* FTZ | DAZ */
static unsigned enter_loop(int *before) {
    unsigned csr = _mm_getcsr();
    *before = (int)(csr & MXCSR_WATCHED);
    if (csr & MXCSR_DENORMAL_MODES) _mm_setcsr(csr & ~MXCSR_DENORMAL_MODES);
    return csr & MXCSR_DENORMAL_MODES;
}
/* the caller's FTZ/DAZ back, with the flags as they stand */
static void leave_loop(unsigned modes) {
    if (modes) _mm_setcsr(_mm_getcsr() | modes);
}
#else
static int watched_flags(void) { return fetestexcept(FE_WATCHED); }
static void clear_flags(int flags) { feclearexcept(flags); }
static unsigned enter_loop(int *before) {
    *before = watched_flags();
    return 0;
}
static void leave_loop(unsigned modes) { (void)modes; }
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
    leave_loop(modes);
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
    static void NAME(char **args, npy_intp const *dims, npy_intp const *steps, void *data) { \
        run_loop(args, dims[0], steps, data, NAME##_range);                                 \
    }
DEFINE_LOOP(loop_f64, double, kernel_f64)
DEFINE_LOOP(loop_f32, float, kernel_f32)

/* float16 <-> float64.  Widening is exact; narrowing rounds to nearest-even once and reports
 * overflow and underflow (tiny and inexact) as NumPy's own conversion does. */
static double half_to_double(uint16_t h) {
    uint64_t sign = (uint64_t)(h & 0x8000) << 48;
    int e = (h >> 10) & 0x1f;
    double mag;
    if (e == 0x1f) {
        if (h & 0x3ff) {
            uint64_t b = sign | 0x7ff8000000000000ull | ((uint64_t)(h & 0x3ff) << 42);
            double d;
            memcpy(&d, &b, 8);
            return d;
        }
        mag = INFINITY;
    } else if (e == 0) {
        mag = (double)(h & 0x3ff) * 0x1p-24;
    } else {
        mag = ldexp((double)((h & 0x3ff) | 0x400), e - 25);
    }
    return sign ? -mag : mag;
}

static uint16_t double_to_half(double d, int *st) {
    uint64_t b;
    memcpy(&b, &d, 8);
    uint16_t sign = (uint16_t)((b >> 48) & 0x8000);
    double a = fabs(d);
    if (a != a) return sign | 0x7e00 | (uint16_t)((b >> 42) & 0x3ff);
    if (a >= 65520.0) { /* max half + half an ulp: rounds (to even) to inf */
        if (!isinf(a)) *st |= VM_FE_OVERFLOW;
        return sign | 0x7c00;
    }
    if (a < 0x1p-14) { /* subnormal half: round to the 2^-24 grid */
        double q = a * 0x1p24;
        double r = (q + 0x1.8p52) - 0x1.8p52;
        if (r != q) *st |= VM_FE_UNDERFLOW;
        return sign | (uint16_t)r;
    }
    int e = (int)((b >> 52) & 0x7ff) - 1023;
    uint64_t mant = b & 0xfffffffffffffull;
    uint64_t m = mant >> 42, rem = mant & ((1ull << 42) - 1), halfway = 1ull << 41;
    if (rem > halfway || (rem == halfway && (m & 1))) m++;
    return sign | (uint16_t)((((uint32_t)(e + 15)) << 10) + m); /* a carry bumps the exponent */
}

static void load_half(const char *in, npy_intp is, double *buf, npy_intp m) {
    for (npy_intp j = 0; j < m; j++) {
        uint16_t h;
        memcpy(&h, in + j * is, 2);
        buf[j] = half_to_double(h);
    }
}
static void store_half(const double *buf, char *out, npy_intp os, npy_intp m, int *st) {
    for (npy_intp j = 0; j < m; j++) {
        uint16_t h = double_to_half(buf[j], st);
        memcpy(out + j * os, &h, 2);
    }
}

/* float16 through the float64 kernel, rounded once */
static void loop_f16_range(void *ctx, size_t lo, size_t hi, int *st) {
    struct loop_ctx *c = ctx;
    kernel_f64 k = (kernel_f64)c->kernel;
    npy_intp n = (npy_intp)(hi - lo), is = c->steps[0], os = c->steps[1];
    char *in = c->args[0] + (npy_intp)lo * is, *out = c->args[1] + (npy_intp)lo * os;
    double buf[BLOCK];
    for (npy_intp i = 0; i < n; i += BLOCK) {
        npy_intp m = n - i < BLOCK ? n - i : BLOCK;
        load_half(in + i * is, is, buf, m);
        *st |= k(buf, buf, (size_t)m);
        store_half(buf, out + i * os, os, m, st);
    }
}
static void loop_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {
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
    static void NAME(char **args, npy_intp const *dims, npy_intp const *steps, void *data) { \
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
        load_half(in + i * is, is, buf, m);
        *st |= k(buf, buf, dbuf, (size_t)m);
        store_half(buf, out + i * os, os, m, st);
        store_half(dbuf, dout + i * ds, ds, m, st);
    }
}
static void loop2_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {
    run_loop(args, dims[0], steps, data, loop2_f16_range);
}

/* ---- ufunc construction ---- */
#define MAX_LOOPS 16
struct ufunc_spec {
    const char *attr, *name, *doc; /* module attribute, ufunc __name__, docstring */
    const char *numpy_name;        /* NumPy ufunc whose other loops we append, or NULL */
    int nout;
    void *f64, *f32;               /* the kernels */
    PyUFuncGenericFunction funcs[MAX_LOOPS];
    void *data[MAX_LOOPS];
    char types[3 * MAX_LOOPS];
};

#define VALUE_DOC(fn, tier) #fn "(x, /, out=None, *, where=True, ...): vecmath " #tier " tier; " \
    "see numpy." #fn " for the ufunc arguments."
#define VALUE_SPEC(fn, tier) \
    {#fn "_" #tier, #fn, VALUE_DOC(fn, tier), #fn, 1, vm_##fn##_##tier##_f64, vm_##fn##_##tier##_f32},
#define DERIV_SPECS(fn, tier)                                                                   \
    {#fn "_" #tier "_deriv", "deriv." #fn,                                                     \
     "deriv." #fn "(x, /, out=None, *, where=True, ...): the derivative of " #fn " at x, "     \
     "vecmath " #tier " tier.", NULL, 1, vm_##fn##_##tier##_deriv_f64,                         \
     vm_##fn##_##tier##_deriv_f32},                                                            \
    {#fn "_" #tier "_vd", #tier ".deriv." #fn "_and_deriv", /* unique: dask finds it by name */ \
     "deriv." #fn "_and_deriv(x, /, out=(None, None), *, where=True, ...): (" #fn "(x), its "  \
     "derivative at x) from one evaluation, vecmath " #tier " tier; the value has the bits of " \
     #fn "(x).", NULL, 2, vm_##fn##_##tier##_vd_f64, vm_##fn##_##tier##_vd_f32},
#define FROM_OUTPUT_SPEC(fn)                                                                    \
    {#fn "_from_output", "deriv." #fn "_from_output",                                          \
     "deriv." #fn "_from_output(y, /, out=None, ...): the derivative of " #fn " at x, given "  \
     "y = " #fn "(x) (any tier); cheap, and only as accurate as y allows.", NULL, 1,            \
     vm_##fn##_from_output_f64, vm_##fn##_from_output_f32},
static struct ufunc_spec specs[] = {VM_KERNEL_LIST(VALUE_SPEC) VM_DERIV_LIST(DERIV_SPECS)
                                        VM_FROM_OUTPUT_LIST(FROM_OUTPUT_SPEC)};

/* NumPy's names where they differ from ours */
static const char *numpy_name(const char *name) {
    return strcmp(name, "atan") == 0 ? "arctan" : name;
}

static void add_loop(struct ufunc_spec *s, int *n, PyUFuncGenericFunction f, void *data, char t) {
    s->funcs[*n] = f, s->data[*n] = data;
    for (int j = 0; j <= s->nout; j++) s->types[(s->nout + 1) * *n + j] = t;
    (*n)++;
}

/* Append NumPy's own loops of the same function for the types we do not compute. */
static int add_numpy_loops(struct ufunc_spec *s, int *n, PyObject *numpy) {
    PyObject *np_ufunc = PyObject_GetAttrString(numpy, numpy_name(s->numpy_name));
    if (!np_ufunc) return -1;
    if (!PyObject_TypeCheck(np_ufunc, &PyUFunc_Type)) {
        Py_DECREF(np_ufunc);
        PyErr_Format(PyExc_TypeError, "numpy.%s is not a ufunc", numpy_name(s->numpy_name));
        return -1;
    }
    PyUFuncObject *u = (PyUFuncObject *)np_ufunc;
    for (int i = 0; i < u->ntypes && *n < MAX_LOOPS; i++) {
        char t = u->types[2 * i];
        if (t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE || u->types[2 * i + 1] != t)
            continue;
        if (!u->functions[i]) continue;
        add_loop(s, n, u->functions[i], u->data ? u->data[i] : NULL, t);
    }
    Py_DECREF(np_ufunc);
    return 0;
}

static PyObject *make_ufunc(struct ufunc_spec *s, PyObject *numpy) {
    int n = 0, two = s->nout == 2;
    add_loop(s, &n, two ? loop2_f16 : loop_f16, s->f64, NPY_HALF);
    add_loop(s, &n, two ? loop2_f32 : loop_f32, s->f32, NPY_FLOAT);
    add_loop(s, &n, two ? loop2_f64 : loop_f64, s->f64, NPY_DOUBLE);
    if (s->numpy_name && add_numpy_loops(s, &n, numpy) < 0) return NULL;
    return PyUFunc_FromFuncAndData(s->funcs, s->data, s->types, n, 1, s->nout, PyUFunc_None,
                                   s->name, s->doc, 0);
}

/* {"isa": the path in use, "paths": this build's paths, "available": those this CPU runs,
 * "compiler": ...}; the paths come from csrc/isa_list.h through vm_isa_names() */
static PyObject *py_config(PyObject *self, PyObject *args) {
    (void)self, (void)args;
    PyObject *names = PyUnicode_FromString(vm_isa_names());
    PyObject *paths = names ? PyUnicode_Split(names, NULL, -1) : NULL;
    PyObject *available = PyList_New(0);
    Py_XDECREF(names);
    if (!paths || !available) goto fail;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(paths); i++) {
        const char *name = PyUnicode_AsUTF8(PyList_GET_ITEM(paths, i));
        if (!name || (vm_isa_available(name) && PyList_Append(available, PyList_GET_ITEM(paths, i)) < 0))
            goto fail;
    }
    return Py_BuildValue("{s:s,s:N,s:N,s:s}", "isa", vm_isa(), "paths", paths, "available",
                         available, "compiler", "gcc " __VERSION__);
fail:
    Py_XDECREF(paths);
    Py_XDECREF(available);
    return NULL;
}

static PyObject *py_get_num_threads(PyObject *self, PyObject *args) {
    (void)self, (void)args;
    return PyLong_FromLong(vecmath_get_num_threads());
}

static PyObject *py_set_num_threads(PyObject *self, PyObject *arg) {
    (void)self;
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1) {
        PyErr_Format(PyExc_ValueError, "the number of threads must be at least 1, got %ld", n);
        return NULL;
    }
    vecmath_set_num_threads(n > 256 ? 256 : (int)n);
    Py_RETURN_NONE;
}

/* Test-only: MXCSR of the calling thread, to run the ufuncs under FTZ/DAZ
 * (tests/test_reliability.py).  Elsewhere than x86-64: get returns -1, set does nothing. */
static PyObject *py_get_mxcsr(PyObject *self, PyObject *args) {
    (void)self, (void)args;
#if defined(__x86_64__) || defined(_M_X64)
    return PyLong_FromUnsignedLong(_mm_getcsr());
#else
    return PyLong_FromLong(-1);
#endif
}
static PyObject *py_set_mxcsr(PyObject *self, PyObject *arg) {
    (void)self;
    unsigned long v = PyLong_AsUnsignedLong(arg);
    if (v == (unsigned long)-1 && PyErr_Occurred()) return NULL;
#if defined(__x86_64__) || defined(_M_X64)
    _mm_setcsr((unsigned)v);
#endif
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"config", py_config, METH_NOARGS, "Chosen ISA, available ISAs, compiler."},
    {"get_num_threads", py_get_num_threads, METH_NOARGS, "Threads a large ufunc call uses."},
    {"set_num_threads", py_set_num_threads, METH_O, "Set the threads a large ufunc call uses."},
    {"_get_mxcsr", py_get_mxcsr, METH_NOARGS, "Test only: this thread's MXCSR (x86-64; else -1)."},
    {"_set_mxcsr", py_set_mxcsr, METH_O, "Test only: set this thread's MXCSR (x86-64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_ufuncs", NULL, -1, methods};

PyMODINIT_FUNC PyInit__ufuncs(void) {
    if (vm_init() != 0) {
        PyErr_Format(PyExc_ImportError, "vecmath: %s", vm_init_error());
        return NULL;
    }
    import_array();
    import_umath();
    PyObject *m = PyModule_Create(&moduledef);
    PyObject *numpy = m ? PyImport_ImportModule("numpy") : NULL;
    if (!numpy) goto fail;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        PyObject *uf = make_ufunc(&specs[i], numpy);
        if (!uf || PyModule_AddObject(m, specs[i].attr, uf) < 0) {
            Py_XDECREF(uf);
            Py_DECREF(numpy);
            goto fail;
        }
    }
    Py_DECREF(numpy);
    return m;
fail:
    Py_XDECREF(m);
    return NULL;
}

/* vecmath._ufuncs: real NumPy ufuncs over the C kernels.
 *
 * Each (function, tier) is one ufunc with loops e->e, f->f, d->d of ours, followed by NumPy's
 * own loops of the same function for every other type it has (g, F, D, G, O), copied from
 * numpy's ufunc so those dtypes give NumPy's exact result.  Contiguous runs go straight to
 * the kernel; strided runs go through a small stack buffer in blocks.  float16 is computed by
 * the float64 kernel of the tier and rounded once.  Floating-point flags: the kernels' branch-free
 * paths may raise spurious flags (e.g. underflow inside a polynomial), so each loop clears
 * flags it did not find set and raises exactly the conditions the kernel reports. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <fenv.h>
#include <math.h>
#include <string.h>
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#include <numpy/ndarraytypes.h>
#include <numpy/ufuncobject.h>
#include "vecmath.h"

#define BLOCK 512
#define FE_WATCHED (FE_OVERFLOW | FE_UNDERFLOW | FE_DIVBYZERO | FE_INVALID)

typedef int (*kernel_f64)(const double *, double *, size_t);
typedef int (*kernel_f32)(const float *, float *, size_t);

static void finish_flags(int before, int st) {
    int spurious = fetestexcept(FE_WATCHED) & ~before;
    if (spurious) feclearexcept(spurious);
    if (st) {
        int raise = 0;
        if (st & VM_FE_OVERFLOW) raise |= FE_OVERFLOW;
        if (st & VM_FE_UNDERFLOW) raise |= FE_UNDERFLOW;
        if (st & VM_FE_DIVBYZERO) raise |= FE_DIVBYZERO;
        if (st & VM_FE_INVALID) raise |= FE_INVALID;
        feraiseexcept(raise);
    }
}

/* One loop body per element type: contiguous -> kernel in place, else blocks through buf. */
#define DEFINE_LOOP(NAME, T, KERNEL_T)                                                      \
    static void NAME(char **args, npy_intp const *dims, npy_intp const *steps, void *data) { \
        KERNEL_T k = (KERNEL_T)data;                                                        \
        npy_intp n = dims[0], is = steps[0], os = steps[1];                                 \
        char *in = args[0], *out = args[1];                                                 \
        int before = fetestexcept(FE_WATCHED), st = 0;                                      \
        if (is == sizeof(T) && os == sizeof(T)) {                                           \
            st = k((const T *)in, (T *)out, (size_t)n);                                     \
        } else {                                                                            \
            T buf[BLOCK];                                                                   \
            for (npy_intp i = 0; i < n; i += BLOCK) {                                       \
                npy_intp m = n - i < BLOCK ? n - i : BLOCK;                                 \
                for (npy_intp j = 0; j < m; j++) memcpy(&buf[j], in + (i + j) * is, sizeof(T)); \
                st |= k(buf, buf, (size_t)m);                                               \
                for (npy_intp j = 0; j < m; j++) memcpy(out + (i + j) * os, &buf[j], sizeof(T)); \
            }                                                                               \
        }                                                                                   \
        finish_flags(before, st);                                                           \
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

static void loop_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data) {
    kernel_f64 k = (kernel_f64)data;
    npy_intp n = dims[0], is = steps[0], os = steps[1];
    char *in = args[0], *out = args[1];
    int before = fetestexcept(FE_WATCHED), st = 0;
    double buf[BLOCK];
    for (npy_intp i = 0; i < n; i += BLOCK) {
        npy_intp m = n - i < BLOCK ? n - i : BLOCK;
        for (npy_intp j = 0; j < m; j++) {
            uint16_t h;
            memcpy(&h, in + (i + j) * is, 2);
            buf[j] = half_to_double(h);
        }
        st |= k(buf, buf, (size_t)m);
        for (npy_intp j = 0; j < m; j++) {
            uint16_t h = double_to_half(buf[j], &st);
            memcpy(out + (i + j) * os, &h, 2);
        }
    }
    finish_flags(before, st);
}

/* ---- ufunc construction ---- */
#define MAX_LOOPS 16
struct ufunc_spec {
    const char *name, *tier, *numpy_name;
    kernel_f64 f64;
    kernel_f32 f32;
    PyUFuncGenericFunction funcs[MAX_LOOPS];
    void *data[MAX_LOOPS];
    char types[2 * MAX_LOOPS];
};

#define UFUNC_SPEC(fn, tier) {#fn, #tier, NULL, vm_##fn##_##tier##_f64, vm_##fn##_##tier##_f32},
static struct ufunc_spec specs[] = {VM_KERNEL_LIST(UFUNC_SPEC)};

/* NumPy's names where they differ from ours */
static const char *numpy_name(const char *name) {
    return strcmp(name, "atan") == 0 ? "arctan" : name;
}

static PyObject *make_ufunc(struct ufunc_spec *s, PyObject *numpy) {
    int n = 0;
    s->funcs[n] = loop_f16, s->data[n] = (void *)s->f64;
    s->types[2 * n] = s->types[2 * n + 1] = NPY_HALF, n++;
    s->funcs[n] = loop_f32, s->data[n] = (void *)s->f32;
    s->types[2 * n] = s->types[2 * n + 1] = NPY_FLOAT, n++;
    s->funcs[n] = loop_f64, s->data[n] = (void *)s->f64;
    s->types[2 * n] = s->types[2 * n + 1] = NPY_DOUBLE, n++;

    PyObject *np_ufunc = PyObject_GetAttrString(numpy, numpy_name(s->name));
    if (!np_ufunc) return NULL;
    if (!PyObject_TypeCheck(np_ufunc, &PyUFunc_Type)) {
        Py_DECREF(np_ufunc);
        PyErr_Format(PyExc_TypeError, "numpy.%s is not a ufunc", numpy_name(s->name));
        return NULL;
    }
    PyUFuncObject *u = (PyUFuncObject *)np_ufunc;
    for (int i = 0; i < u->ntypes && n < MAX_LOOPS; i++) {
        char t = u->types[2 * i];
        if (t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE || u->types[2 * i + 1] != t)
            continue;
        if (!u->functions[i]) continue;
        s->funcs[n] = u->functions[i], s->data[n] = u->data ? u->data[i] : NULL;
        s->types[2 * n] = s->types[2 * n + 1] = t, n++;
    }
    Py_DECREF(np_ufunc);
    char doc[256];
    snprintf(doc, sizeof doc, "%s(x, /, out=None, *, where=True, ...): vecmath %s tier; "
             "see numpy.%s for the ufunc arguments.", s->name, s->tier, numpy_name(s->name));
    /* ufuncs keep the doc pointer: give them storage that lives as long as the module */
    char *doc_copy = PyMem_RawMalloc(strlen(doc) + 1);
    if (!doc_copy) return PyErr_NoMemory();
    strcpy(doc_copy, doc);
    return PyUFunc_FromFuncAndData(s->funcs, s->data, s->types, n, 1, 1, PyUFunc_None,
                                   s->name, doc_copy, 0);
}

static PyObject *py_config(PyObject *self, PyObject *args) {
    (void)self, (void)args;
    return Py_BuildValue("{s:s,s:[iii],s:s}", "isa", vm_isa(), "available",
                         vm_isa_available("scalar"), vm_isa_available("avx2"),
                         vm_isa_available("avx512"), "compiler", "gcc " __VERSION__);
}

static PyMethodDef methods[] = {
    {"config", py_config, METH_NOARGS, "Chosen ISA, available ISAs, compiler."},
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
        char attr[64];
        snprintf(attr, sizeof attr, "%s_%s", specs[i].name, specs[i].tier);
        PyObject *uf = make_ufunc(&specs[i], numpy);
        if (!uf || PyModule_AddObject(m, attr, uf) < 0) {
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

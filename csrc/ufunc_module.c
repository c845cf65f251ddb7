/* vecmath._ufuncs: real NumPy ufuncs over the C kernels; this file is the module's API: which
 * ufuncs exist, their names and docstrings, their loops, the module's methods, and its init.
 *
 * Each (function, tier) is one ufunc with loops e->e, f->f, d->d of ours (csrc/ufunc_loops.c),
 * followed by NumPy's own loops of the same function for every other type it has (g, F, D, G,
 * O), copied from numpy's ufunc so those dtypes give NumPy's exact result, where the function's
 * peer is NumPy's (VM_NUMPY_PEER_LIST; not sigmoid, whose peer is scipy.special.expit).  float16 is computed
 * by the float64 kernel of the tier and rounded once (csrc/float16.c).
 *
 * Derivatives (vecmath.deriv, vecmath.<tier>.deriv): <fn> (x -> f'(x)), <fn>_and_deriv
 * (x -> f(x), f'(x), one evaluation) and <fn>_from_output (y -> f'(x)), with loops for float16,
 * float32 and float64 only (integers cast to float64; there is no NumPy loop to fall back on).
 *
 * Which ufuncs exist comes from the kernel lists (VM_KERNEL_LIST, VM_DERIV_LIST,
 * VM_FROM_OUTPUT_LIST in vm_kernels.h, through vecmath.h), so a function added there gets its
 * ufuncs here with no edit of this file. */
#include "ufunc_loops.h"

#include <stddef.h>
#include <string.h>
#include <numpy/ufuncobject.h>

#include "vecmath.h"
#include "vm_table.h"
#include "vm_threads.h"
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h> /* _get_mxcsr / _set_mxcsr */
#endif

/* ---- ufunc construction ---- */
#define MAX_LOOPS 16
struct ufunc_spec {
    const char *attr, *name, *doc; /* module attribute, ufunc __name__, docstring */
    const char *numpy_name;        /* our function whose NumPy peer lends its other loops, or NULL */
    int nout;
    size_t f64, f32;               /* the kernels: their fields in struct vm_table */
    PyUFuncGenericFunction funcs[MAX_LOOPS];
    void *data[MAX_LOOPS];
    char types[3 * MAX_LOOPS];
};

/* A kernel pair by its fields in the table of the active path (vm_table.h): the loops hold
 * IEEE mode for the whole loop (vm_fpmode.h) and call these directly, not the public
 * vm_<name>_<f64|f32>, which would enter it again on every call. */
/* (then the loop tables, empty until init fills them: every field initialized, for -Wextra) */
#define KERNELS(name) offsetof(struct vm_table, name##_f64), offsetof(struct vm_table, name##_f32), {0}, {0}, {0}
#define VALUE_DOC(fn, tier) #fn "(x, /, out=None, *, where=True, ...): vecmath " #tier " tier; " \
    "the ufunc arguments are numpy.ufunc's."
#define VALUE_SPEC(fn, tier) \
    {#fn "_" #tier, #fn, VALUE_DOC(fn, tier), #fn, 1, KERNELS(fn##_##tier)},
#define DERIV_SPECS(fn, tier)                                                                   \
    {#fn "_" #tier "_deriv", "deriv." #fn,                                                     \
     "deriv." #fn "(x, /, out=None, *, where=True, ...): the derivative of " #fn " at x, "     \
     "vecmath " #tier " tier.", NULL, 1, KERNELS(fn##_##tier##_deriv)},                          \
    {#fn "_" #tier "_vd", #tier ".deriv." #fn "_and_deriv", /* unique: dask finds it by name */ \
     "deriv." #fn "_and_deriv(x, /, out=(None, None), *, where=True, ...): (" #fn "(x), its "  \
     "derivative at x) from one evaluation, vecmath " #tier " tier; the value has the bits of " \
     #fn "(x).", NULL, 2, KERNELS(fn##_##tier##_vd)},
#define FROM_OUTPUT_SPEC(fn)                                                                    \
    {#fn "_from_output", "deriv." #fn "_from_output",                                          \
     "deriv." #fn "_from_output(y, /, out=None, ...): the derivative of " #fn " at x, given "  \
     "y = " #fn "(x) (any tier); cheap, and only as accurate as y allows.", NULL, 1,            \
     KERNELS(fn##_from_output)},
/* Every ufunc, expanded from the kernel lists: they are the one source of which ufuncs exist. */
static struct ufunc_spec specs[] = {VM_KERNEL_LIST(VALUE_SPEC) VM_DERIV_LIST(DERIV_SPECS)
                                        VM_FROM_OUTPUT_LIST(FROM_OUTPUT_SPEC)};

/* the compiler that built this, for config(): clang's __VERSION__ names itself ("Debian Clang
 * 14.0.6", "Apple LLVM 15.0.0 (clang-1500...)"), gcc's is the bare version */
#if defined(__clang__)
#define VM_COMPILER __VERSION__
#else
#define VM_COMPILER "gcc " __VERSION__
#endif

/* The NumPy peer of a function (vecmath/functions/<fn>.py's peer, through the generated
 * VM_NUMPY_PEER_LIST): its name in NumPy (atan -> arctan), or NULL where NumPy has none
 * (sigmoid's peer is SciPy's expit: not imported here, so its other dtypes have no loops). */
#define NUMPY_PEER(fn, np_name) if (strcmp(name, #fn) == 0) return np_name;
static const char *numpy_name(const char *name) {
    VM_NUMPY_PEER_LIST(NUMPY_PEER)
    return NULL;
}
#undef NUMPY_PEER

static void add_loop(struct ufunc_spec *s, int *n, PyUFuncGenericFunction f, void *data, char t) {
    s->funcs[*n] = f, s->data[*n] = data;
    for (int j = 0; j <= s->nout; j++) s->types[(s->nout + 1) * *n + j] = t;
    (*n)++;
}

/* Append NumPy's own loops of the same function for the types we do not compute. */
static int add_numpy_loops(struct ufunc_spec *s, int *n, PyObject *numpy) {
    if (!numpy_name(s->numpy_name)) return 0;
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

/* The kernel in field `off` of the active path's table (after vm_init) */
static void *active_kernel(size_t off) {
    void *k;
    memcpy(&k, (const char *)vm_active_table() + off, sizeof k);
    return k;
}

static PyObject *make_ufunc(struct ufunc_spec *s, PyObject *numpy) {
    int n = 0, two = s->nout == 2;
    void *f64 = active_kernel(s->f64), *f32 = active_kernel(s->f32);
    add_loop(s, &n, two ? loop2_f16 : loop_f16, f64, NPY_HALF);
    add_loop(s, &n, two ? loop2_f32 : loop_f32, f32, NPY_FLOAT);
    add_loop(s, &n, two ? loop2_f64 : loop_f64, f64, NPY_DOUBLE);
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
                         available, "compiler", VM_COMPILER);
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

/* ---- the module: methods and init (vm_init first: a bad VECMATH_ISA fails the import) ---- */
static PyMethodDef methods[] = {
    {"config", py_config, METH_NOARGS, "Chosen ISA, available ISAs, compiler."},
    {"get_num_threads", py_get_num_threads, METH_NOARGS, "Threads a large ufunc call uses."},
    {"set_num_threads", py_set_num_threads, METH_O, "Set the threads a large ufunc call uses."},
    {"_get_mxcsr", py_get_mxcsr, METH_NOARGS, "Test only: this thread's MXCSR (x86-64; else -1)."},
    {"_set_mxcsr", py_set_mxcsr, METH_O, "Test only: set this thread's MXCSR (x86-64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_ufuncs", NULL, -1, methods, NULL, NULL, NULL, NULL};

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

/* vecmath._ufuncs: real NumPy ufuncs over the C kernels; this file is the module's API: which
 * ufuncs exist, their names and docstrings, their loops, the module's methods, and its init.
 *
 * Each (function, tier) is one ufunc with loops e->e, f->f, d->d of ours (csrc/ufunc_loops.c),
 * followed by its peer ufunc's own loops for every other type the peer has (VM_PEER_LIST, from
 * the descriptors' peer): numpy.exp's g, F, D, G, O; scipy.special.erf's F, D; expit's g.  They are
 * copied from the peer, so those dtypes give the peer's exact result.  NumPy's are copied here;
 * SciPy's at the first call that needs one (peer_type_resolver: importing scipy.special takes
 * ~0.5 s, too much for `import vecmath`, and SciPy is optional: without it those dtypes raise
 * NumPy's TypeError).  float16 is computed by the float64 kernel of the tier and rounded once
 * (csrc/float16.c).
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
    const char *fn;                /* our function, whose peer lends its other loops, or NULL */
    int nout;
    size_t f64, f32;               /* the kernels: their fields in struct vm_table */
    PyUFuncGenericFunction funcs[MAX_LOOPS];
    void *data[MAX_LOOPS];
    char types[3 * MAX_LOOPS];
    int nloops;                    /* loops in use (an imported peer's are added to them later) */
    int peer_tried;                /* a lazily imported peer was looked for (found or not) */
};

/* A kernel pair by its fields in the table of the active path (vm_table.h): the loops hold
 * IEEE mode for the whole loop (vm_fpmode.h) and call these directly, not the public
 * vm_<name>_<f64|f32>, which would enter it again on every call. */
/* (then the loop tables, empty until init fills them: every field initialized, for -Wextra) */
#define KERNELS(name) offsetof(struct vm_table, name##_f64), offsetof(struct vm_table, name##_f32), {0}, {0}, {0}, 0, 0
/* __name__ "<tier>.<fn>" (and "<tier>.deriv.<name>"): the tiers' ufuncs are told apart in their
 * repr, and, with __module__ "vecmath" (vecmath/_tiers.py), pickle finds each by that dotted
 * name.  These docs are the fallback: vecmath/_doc.py replaces them with the facts of each
 * function's descriptor and vecmath.spec (bounds, domain, specials, example). */
#define VALUE_DOC(fn, tier) #fn "(x, /, out=None, *, where=True, ...): vecmath " #tier " tier; " \
    "the ufunc arguments are numpy.ufunc's."
#define VALUE_SPEC(fn, tier) \
    {#fn "_" #tier, #tier "." #fn, VALUE_DOC(fn, tier), #fn, 1, KERNELS(fn##_##tier)},
#define DERIV_SPECS(fn, tier)                                                                   \
    {#fn "_" #tier "_deriv", #tier ".deriv." #fn,                                                     \
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
static size_t nspecs(void) { return sizeof specs / sizeof *specs; }

/* the compiler that built this, for config(): clang's __VERSION__ names itself ("Debian Clang
 * 14.0.6", "Apple LLVM 15.0.0 (clang-1500...)"), gcc's is the bare version */
#if defined(__clang__)
#define VM_COMPILER __VERSION__
#else
#define VM_COMPILER "gcc " __VERSION__
#endif

/* The peer ufunc of a function (vecmath/functions/<fn>.py's peer, through the generated
 * VM_PEER_LIST): its module ("numpy", "scipy.special") and name there (atan -> arctan), or 0
 * where it has none (softplus). */
#define PEER(f, mod, attr) if (strcmp(fn, #f) == 0) return *module = mod, *name = attr, 1;
static int peer_of(const char *fn, const char **module, const char **name) {
    VM_PEER_LIST(PEER)
    return 0;
}
#undef PEER

static void add_loop(struct ufunc_spec *s, int *n, PyUFuncGenericFunction f, void *data, char t) {
    s->funcs[*n] = f, s->data[*n] = data;
    for (int j = 0; j <= s->nout; j++) s->types[(s->nout + 1) * *n + j] = t;
    (*n)++;
}

/* Whether a ufunc is one of ours (the peer's name may have been given to ours: a program, or
 * tools/scipy_special_peer.py, sets scipy.special.erf = vecmath.erf). */
static int is_ours(const PyUFuncObject *u) {
    for (size_t i = 0; i < nspecs(); i++)
        if (u->functions == specs[i].funcs) return 1;
    return 0;
}

/* Append the peer ufunc's own loops for the types we do not compute (x -> y of one type).  Its
 * loops and their data live in its extension module, which is never unloaded.  A peer module that
 * does not import (SciPy not installed) adds nothing.  Returns -1 on error, 1 where the peer's
 * name holds one of our ufuncs with none of the peer's loops yet (nothing to copy now), else 0. */
static int add_peer_loops(struct ufunc_spec *s, int *n) {
    const char *module, *name;
    if (!s->fn || !peer_of(s->fn, &module, &name)) return 0;
    PyObject *mod = PyImport_ImportModule(module);
    if (!mod) {
        if (!PyErr_ExceptionMatches(PyExc_ImportError)) return -1;
        PyErr_Clear();
        return 0;
    }
    PyObject *peer = PyObject_GetAttrString(mod, name);
    Py_DECREF(mod);
    if (!peer) return -1;
    if (!PyObject_TypeCheck(peer, &PyUFunc_Type)) {
        Py_DECREF(peer);
        PyErr_Format(PyExc_TypeError, "%s.%s is not a ufunc", module, name);
        return -1;
    }
    PyUFuncObject *u = (PyUFuncObject *)peer;
    if (is_ours(u) && u->ntypes <= 3) {      /* ours lent nothing yet: its e, f, d are ours */
        Py_DECREF(peer);
        return 1;
    }
    const int first = *n;
    for (int i = 0; u->nin == 1 && u->nout == 1 && i < u->ntypes && *n < MAX_LOOPS; i++) {
        char t = u->types[2 * i];
        if (t == NPY_HALF || t == NPY_FLOAT || t == NPY_DOUBLE || u->types[2 * i + 1] != t)
            continue;
        if (!u->functions[i]) continue;
        add_loop(s, n, u->functions[i], u->data ? u->data[i] : NULL, t);
        /* in type-number order (g, F, D, G, O), as NumPy lists its own: NumPy's search for a
         * loop the input casts to safely then finds the narrowest (complex64 stays complex64) */
        for (int k = *n - 1; k > first && s->types[2 * k] < s->types[2 * (k - 1)]; k--) {
            PyUFuncGenericFunction f = s->funcs[k];
            void *d = s->data[k];
            char tk = s->types[2 * k];
            s->funcs[k] = s->funcs[k - 1], s->data[k] = s->data[k - 1];
            s->types[2 * k] = s->types[2 * k + 1] = s->types[2 * (k - 1)];
            s->funcs[k - 1] = f, s->data[k - 1] = d, s->types[2 * (k - 1)] = s->types[2 * k - 1] = tk;
        }
    }
    Py_DECREF(peer);
    return 0;
}

static int lazy_peer(const struct ufunc_spec *s) {
    const char *module, *name;
    return s->fn && peer_of(s->fn, &module, &name) && strcmp(module, "numpy") != 0;
}

/* Whether a dtype is one our loops take (bool, integers, float16/32/64 cast safely to float64). */
static int ours(PyArray_Descr *d) {
    PyArray_Descr *f64 = PyArray_DescrFromType(NPY_DOUBLE);
    int ok = PyArray_CanCastTypeTo(d, f64, NPY_SAFE_CASTING);
    Py_DECREF(f64);
    return ok;
}

/* The type resolver of a ufunc whose peer is imported lazily: on the first call with an input
 * (or a requested dtype) our loops do not take, import the peer and append its loops (as numba's
 * DUFunc adds loops to a live ufunc; NumPy's dispatch looks them up by ufunc->types), then
 * resolve as NumPy does.  Calls on float16/32/64 or integers never import it. */
static int peer_type_resolver(PyUFuncObject *uf, NPY_CASTING casting, PyArrayObject **ops,
                              PyObject *type_tup, PyArray_Descr **out_dtypes) {
    struct ufunc_spec *s = NULL;
    for (size_t i = 0; i < nspecs(); i++)
        if (uf->functions == specs[i].funcs) s = &specs[i];
    if (s && !s->peer_tried) {
        int wanted = 0;
        for (int i = 0; i < uf->nin; i++)
            if (ops[i] && !ours(PyArray_DESCR(ops[i]))) wanted = 1;
        if (type_tup && type_tup != Py_None) {
            if (!PyTuple_Check(type_tup)) wanted = 1;
            else
                for (Py_ssize_t i = 0; i < PyTuple_Size(type_tup); i++) {
                    PyObject *t = PyTuple_GetItem(type_tup, i);
                    if (t != Py_None && (!PyArray_DescrCheck(t) || !ours((PyArray_Descr *)t))) wanted = 1;
                }
        }
        const char *module, *name;
        if (wanted && peer_of(s->fn, &module, &name)) {
            /* import first: other threads may run during the import, and the loops are added
             * once, after it, with the GIL held throughout */
            PyObject *mod = PyImport_ImportModule(module);
            Py_XDECREF(mod);
            if (!mod && !PyErr_ExceptionMatches(PyExc_ImportError)) return -1;
            PyErr_Clear();
            if (!s->peer_tried) {
                int r = add_peer_loops(s, &s->nloops);
                if (r < 0) return -1;
                s->peer_tried = r == 0;
                uf->ntypes = s->nloops;
            }
        }
    }
    return PyUFunc_DefaultTypeResolver(uf, casting, ops, type_tup, out_dtypes);
}

/* The kernel in field `off` of the active path's table (after vm_init) */
static void *active_kernel(size_t off) {
    void *k;
    memcpy(&k, (const char *)vm_active_table() + off, sizeof k);
    return k;
}

static PyObject *make_ufunc(struct ufunc_spec *s) {
    int n = 0, two = s->nout == 2;
    void *f64 = active_kernel(s->f64), *f32 = active_kernel(s->f32);
    add_loop(s, &n, two ? loop2_f16 : loop_f16, f64, NPY_HALF);
    add_loop(s, &n, two ? loop2_f32 : loop_f32, f32, NPY_FLOAT);
    add_loop(s, &n, two ? loop2_f64 : loop_f64, f64, NPY_DOUBLE);
    if (!lazy_peer(s) && add_peer_loops(s, &n) < 0) return NULL;
    s->nloops = n;
    PyObject *uf = PyUFunc_FromFuncAndData(s->funcs, s->data, s->types, n, 1, s->nout,
                                           PyUFunc_None, s->name, s->doc, 0);
    if (uf && lazy_peer(s)) {
        PyUFuncObject *u = (PyUFuncObject *)uf;
        /* the loops are ours to extend only if NumPy kept our arrays (it does; checked) */
        if (u->functions != s->funcs || u->data != s->data || u->types != s->types) {
            Py_DECREF(uf);
            PyErr_SetString(PyExc_RuntimeError, "vecmath: NumPy copied a ufunc's loop arrays");
            return NULL;
        }
        u->type_resolver = peer_type_resolver;
    }
    return uf;
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
    for (Py_ssize_t i = 0; i < PyList_Size(paths); i++) {
        PyObject *path = PyList_GetItem(paths, i);   /* borrowed */
        const char *name = PyUnicode_AsUTF8AndSize(path, NULL);
        if (!name || (vm_isa_available(name) && PyList_Append(available, path) < 0))
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
    if (!m) goto fail;
    for (size_t i = 0; i < nspecs(); i++) {
        PyObject *uf = make_ufunc(&specs[i]);
        if (!uf || PyModule_AddObject(m, specs[i].attr, uf) < 0) {
            Py_XDECREF(uf);
            goto fail;
        }
    }
    return m;
fail:
    Py_XDECREF(m);
    return NULL;
}

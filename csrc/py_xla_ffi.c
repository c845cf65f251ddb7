/* XLA FFI handlers for every public kernel, so that vecmath.jax can call the kernels as XLA
 * custom calls (jax.ffi.ffi_call) instead of Python host callbacks: no Python, no copies.
 *
 * Written against XLA's plain-C FFI ABI (third_party/xla_ffi/c_api.h, vendored from jaxlib, a
 * stable versioned ABI), so building needs neither JAX nor C++.  Each handler answers XLA's
 * metadata query, then runs its kernel on the buffer of float32 or float64 elements (vecmath.jax
 * sends nothing else).  vm_xla_ffi_handlers() returns {name: PyCapsule}, which vecmath.jax
 * registers with jax.ffi.register_ffi_target. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "third_party/xla_ffi/c_api.h"
#include "vecmath.h"

/* The metadata query: report the FFI version these headers implement, no traits. */
static int answered_metadata(XLA_FFI_CallFrame *cf) {
    if (!cf->extension_start || cf->extension_start->type != XLA_FFI_Extension_Metadata) return 0;
    XLA_FFI_Metadata *m = ((XLA_FFI_Metadata_Extension *)cf->extension_start)->metadata;
    m->api_version.struct_size = XLA_FFI_Api_Version_STRUCT_SIZE;
    m->api_version.extension_start = NULL;
    m->api_version.major_version = XLA_FFI_API_MAJOR;
    m->api_version.minor_version = XLA_FFI_API_MINOR;
    m->traits = 0;
    return 1;
}

static size_t elements(const XLA_FFI_Buffer *b) {
    size_t n = 1;
    for (int64_t i = 0; i < b->rank; i++) n *= (size_t)b->dims[i];
    return n;
}

typedef int (*k1_f64)(const double *, double *, size_t);
typedef int (*k1_f32)(const float *, float *, size_t);
typedef int (*k2_f64)(const double *, double *, double *, size_t);
typedef int (*k2_f32)(const float *, float *, float *, size_t);

static XLA_FFI_Error *run1(XLA_FFI_CallFrame *cf, k1_f64 f64, k1_f32 f32) {
    if (answered_metadata(cf) || cf->stage != XLA_FFI_ExecutionStage_EXECUTE) return NULL;
    XLA_FFI_Buffer *x = cf->args.args[0], *y = cf->rets.rets[0];
    if (x->dtype == XLA_FFI_DataType_F64) f64(x->data, y->data, elements(x));
    else f32(x->data, y->data, elements(x));
    return NULL;
}

static XLA_FFI_Error *run2(XLA_FFI_CallFrame *cf, k2_f64 f64, k2_f32 f32) {
    if (answered_metadata(cf) || cf->stage != XLA_FFI_ExecutionStage_EXECUTE) return NULL;
    XLA_FFI_Buffer *x = cf->args.args[0], *y = cf->rets.rets[0], *dy = cf->rets.rets[1];
    if (x->dtype == XLA_FFI_DataType_F64) f64(x->data, y->data, dy->data, elements(x));
    else f32(x->data, y->data, dy->data, elements(x));
    return NULL;
}

#define VM_K1(name) \
    static XLA_FFI_Error *ffi_##name(XLA_FFI_CallFrame *cf) { return run1(cf, vm_##name##_f64, vm_##name##_f32); }
#define VM_K2(name) \
    static XLA_FFI_Error *ffi_##name(XLA_FFI_CallFrame *cf) { return run2(cf, vm_##name##_f64, vm_##name##_f32); }
VM_ALL_KERNELS
#undef VM_K1
#undef VM_K2

PyObject *vm_xla_ffi_handlers(void) {
    PyObject *d = PyDict_New();
    if (!d) return NULL;
#define VM_K1(name)                                                                        \
    {                                                                                      \
        PyObject *c = PyCapsule_New((void *)ffi_##name, NULL, NULL);                       \
        if (!c || PyDict_SetItemString(d, #name, c) < 0) {                                 \
            Py_XDECREF(c);                                                                 \
            Py_DECREF(d);                                                                  \
            return NULL;                                                                   \
        }                                                                                  \
        Py_DECREF(c);                                                                      \
    }
#define VM_K2 VM_K1
    VM_ALL_KERNELS
#undef VM_K1
#undef VM_K2
    return d;
}

/* XLA FFI handlers for vecmath.jax: each handler runs one of vecmath's array kernels on an XLA
 * CPU buffer, so jax.jit(vecmath.jax.exp) calls the kernel directly instead of going through a
 * Python callback.
 *
 * Built on first use of vecmath.jax by vecmath/_jax_ffi.py against the installed jaxlib's
 * headers (jax.ffi.include_dir(): xla/ffi/api/c_api.h, plain C), and cached per vecmath and
 * jaxlib version.  The kernels themselves live in vecmath's cffi module; Python hands their
 * addresses to vm_ffi_set_kernel before registering the handlers, so this file carries no copy
 * of them and gives their exact bits.  Handler i serves kernel slot i: float32 and float64
 * buffers, one input, one output (value) or two (value and derivative). */
#include "_jax_ffi_common.h"

typedef int (*kernel1_f64)(const double *, double *, size_t);
typedef int (*kernel1_f32)(const float *, float *, size_t);
typedef int (*kernel2_f64)(const double *, double *, double *, size_t);
typedef int (*kernel2_f32)(const float *, float *, float *, size_t);

static struct {
    void *f64, *f32;
    int nout;
} slots[VM_FFI_SLOTS];

VM_EXPORT int vm_ffi_slots(void) { return VM_FFI_SLOTS; }

VM_EXPORT int vm_ffi_set_kernel(int slot, void *f64, void *f32, int nout) {
    if (slot < 0 || slot >= VM_FFI_SLOTS || (nout != 1 && nout != 2)) return -1;
    slots[slot].f64 = f64, slots[slot].f32 = f32, slots[slot].nout = nout;
    return 0;
}

VM_EXPORT int vm_ffi_api_version(void) { return XLA_FFI_API_MAJOR * 1000 + XLA_FFI_API_MINOR; }

static XLA_FFI_Error *fail(const XLA_FFI_CallFrame *cf, const char *message) {
    return vm_ffi_fail(cf, message, XLA_FFI_Error_Code_INVALID_ARGUMENT);
}

static XLA_FFI_Error *run(XLA_FFI_CallFrame *cf, int slot) {
    if (metadata_query(cf) || cf->stage != XLA_FFI_ExecutionStage_EXECUTE) return NULL;
    int nout = slots[slot].nout;
    if (!nout) return fail(cf, "vecmath: this FFI handler has no kernel");
    if (cf->args.size != 1 || cf->rets.size != nout)
        return fail(cf, "vecmath: an FFI handler takes one array and returns one or two");
    XLA_FFI_Buffer *x = buffer(cf->args.args[0], cf->args.types[0]);
    XLA_FFI_Buffer *y = buffer(cf->rets.rets[0], cf->rets.types[0]);
    XLA_FFI_Buffer *dy = nout == 2 ? buffer(cf->rets.rets[1], cf->rets.types[1]) : NULL;
    if (!x || !y || (nout == 2 && !dy)) return fail(cf, "vecmath: FFI arguments must be buffers");
    size_t n = 1;
    for (int64_t i = 0; i < x->rank; i++) n *= (size_t)x->dims[i];
    if (x->dtype != y->dtype || (dy && dy->dtype != x->dtype))
        return fail(cf, "vecmath: FFI input and outputs must share their dtype");
    if (x->dtype == XLA_FFI_DataType_F64) {
        if (nout == 1)
            ((kernel1_f64)slots[slot].f64)(x->data, y->data, n);
        else
            ((kernel2_f64)slots[slot].f64)(x->data, y->data, dy->data, n);
    } else if (x->dtype == XLA_FFI_DataType_F32) {
        if (nout == 1)
            ((kernel1_f32)slots[slot].f32)(x->data, y->data, n);
        else
            ((kernel2_f32)slots[slot].f32)(x->data, y->data, dy->data, n);
    } else {
        return fail(cf, "vecmath: the FFI handlers compute float32 and float64");
    }
    return NULL;
}

#define VM_HANDLER(i) \
    VM_EXPORT XLA_FFI_Error *vm_ffi_handler_##i(XLA_FFI_CallFrame *cf) { return run(cf, i); }
VM_FFI_HANDLERS

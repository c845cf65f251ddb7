/* What vecmath's XLA FFI handler libraries share: _jax_ffi.c (CPU) and _jax_ffi_cuda.c (CUDA).
 * Plain C against jaxlib's xla/ffi/api/c_api.h; vecmath/_jax_ffi.py hashes this file with each. */
#ifndef VM_JAX_FFI_COMMON_H
#define VM_JAX_FFI_COMMON_H
#include <stddef.h>
#include <stdint.h>

#include "xla/ffi/api/c_api.h"

#define VM_FFI_SLOTS 64 /* >= 2 x (functions x tiers): value and fused kernels */
#define VM_EXPORT __attribute__((visibility("default")))

static XLA_FFI_Error *vm_ffi_fail(const XLA_FFI_CallFrame *cf, const char *message, XLA_FFI_Error_Code code) {
    XLA_FFI_Error_Create_Args args = {XLA_FFI_Error_Create_Args_STRUCT_SIZE, NULL, message, code};
    return cf->api->XLA_FFI_Error_Create(&args);
}

/* XLA asks each handler for its metadata (the FFI version it was built against) before use.
 * The extension chain's struct was renamed in FFI API 0.4 (jaxlib 0.11: XLA_FFI_Extension_Base
 * became XLA_FFI_InternalExtension) with the same fields: take whichever type the header has. */
static int metadata_query(XLA_FFI_CallFrame *cf) {
    __typeof__(cf->extension_start) ext = cf->extension_start;
    if (!ext || ext->type != XLA_FFI_Extension_Metadata) return 0;
    XLA_FFI_Metadata *m = ((XLA_FFI_Metadata_Extension *)ext)->metadata;
    m->api_version.major_version = XLA_FFI_API_MAJOR;
    m->api_version.minor_version = XLA_FFI_API_MINOR;
    m->traits = 0;
    return 1;
}

static XLA_FFI_Buffer *buffer(void *p, int64_t type) { return type == XLA_FFI_ArgType_BUFFER ? p : NULL; }

/* VM_FFI_HANDLERS expands the includer's VM_HANDLER(i) for i = 0 .. VM_FFI_SLOTS - 1 */
#define VM_HANDLERS10(d) VM_HANDLER(d##0) VM_HANDLER(d##1) VM_HANDLER(d##2) VM_HANDLER(d##3) \
    VM_HANDLER(d##4) VM_HANDLER(d##5) VM_HANDLER(d##6) VM_HANDLER(d##7) VM_HANDLER(d##8) VM_HANDLER(d##9)
#define VM_FFI_HANDLERS                                                                          \
    VM_HANDLER(0) VM_HANDLER(1) VM_HANDLER(2) VM_HANDLER(3) VM_HANDLER(4) VM_HANDLER(5) VM_HANDLER(6) \
    VM_HANDLER(7) VM_HANDLER(8) VM_HANDLER(9) VM_HANDLERS10(1) VM_HANDLERS10(2) VM_HANDLERS10(3)      \
    VM_HANDLERS10(4) VM_HANDLERS10(5) VM_HANDLER(60) VM_HANDLER(61) VM_HANDLER(62) VM_HANDLER(63)
#endif

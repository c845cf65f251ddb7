/* XLA FFI handlers for vecmath.jax on NVIDIA GPUs: each handler launches one of vecmath's GPU
 * array kernels (csrc/cuda/vecmath_cuda_xla.cu, committed as vecmath/cuda/vecmath_xla.ptx) on
 * XLA's stream, so jax.jit(vecmath.jax.exp) on a GPU array runs vecmath's device code, with the
 * CPU's bits, without leaving the GPU.
 *
 * Built like _jax_ffi.c, on first use, with the system C compiler against the installed jaxlib's
 * FFI headers: no nvcc and no CUDA header.  The driver API (libcuda.so.1, always there where a
 * GPU runs) is opened with dlopen and the few functions used are declared below with the driver's
 * stable C ABI.  The PTX is loaded once per CUDA context (cuModuleLoadData: the driver compiles
 * it for the GPU at hand, and caches that).  Handler i serves slot i: float32 and float64 buffers,
 * one input, one output (value) or two (value and derivative). */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "_jax_ffi_common.h"

#define VM_CONTEXTS 16  /* CUDA contexts (GPUs) served at once */
#define VM_THREADS 256
#define VM_MAX_BLOCKS 8192 /* a grid-stride loop past that */

typedef int CUresult; /* CUDA_SUCCESS = 0 */
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;

static struct {
    CUresult (*module_load_data)(CUmodule *, const void *);
    CUresult (*module_get_function)(CUfunction *, CUmodule, const char *);
    CUresult (*launch_kernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                              unsigned, CUstream, void **, void **);
    CUresult (*stream_get_ctx)(CUstream, CUcontext *);
    CUresult (*ctx_push)(CUcontext);
    CUresult (*ctx_pop)(CUcontext *);
} cu;

static const char *ptx;                  /* the PTX text, kept alive by vecmath/_jax_ffi.py */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char f64[96], f32[96];
    int nout;
} slots[VM_FFI_SLOTS];
static struct {
    CUcontext ctx;
    CUmodule module;
    CUfunction f[VM_FFI_SLOTS][2]; /* [slot][0: f64, 1: f32] */
} contexts[VM_CONTEXTS];

VM_EXPORT int vm_cuda_ffi_slots(void) { return VM_FFI_SLOTS; }
VM_EXPORT int vm_cuda_ffi_api_version(void) { return XLA_FFI_API_MAJOR * 1000 + XLA_FFI_API_MINOR; }

/* Opens the driver and keeps the PTX text; 0 on success, else which step failed. */
VM_EXPORT int vm_cuda_ffi_init(const char *ptx_text) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 1;
    *(void **)&cu.module_load_data = dlsym(lib, "cuModuleLoadData");
    *(void **)&cu.module_get_function = dlsym(lib, "cuModuleGetFunction");
    *(void **)&cu.launch_kernel = dlsym(lib, "cuLaunchKernel");
    *(void **)&cu.stream_get_ctx = dlsym(lib, "cuStreamGetCtx");
    *(void **)&cu.ctx_push = dlsym(lib, "cuCtxPushCurrent_v2");
    *(void **)&cu.ctx_pop = dlsym(lib, "cuCtxPopCurrent_v2");
    if (!cu.module_load_data || !cu.module_get_function || !cu.launch_kernel || !cu.stream_get_ctx ||
        !cu.ctx_push || !cu.ctx_pop)
        return 2;
    ptx = ptx_text;
    return 0;
}

VM_EXPORT int vm_cuda_ffi_set_kernel(int slot, const char *f64, const char *f32, int nout) {
    if (slot < 0 || slot >= VM_FFI_SLOTS || (nout != 1 && nout != 2) || strlen(f64) >= sizeof slots[0].f64 ||
        strlen(f32) >= sizeof slots[0].f32)
        return -1;
    strcpy(slots[slot].f64, f64);
    strcpy(slots[slot].f32, f32);
    slots[slot].nout = nout;
    return 0;
}


/* The kernel of (slot, f32?) in ctx, loading the PTX into ctx on first use; NULL on failure. */
static CUfunction function(CUcontext ctx, int slot, int f32) {
    CUfunction f = NULL;
    pthread_mutex_lock(&lock);
    int c = 0;
    while (c < VM_CONTEXTS && contexts[c].ctx && contexts[c].ctx != ctx) c++;
    if (c < VM_CONTEXTS) {
        if (!contexts[c].ctx) {
            CUcontext popped;
            CUmodule module = NULL;
            if (cu.ctx_push(ctx) == 0) {
                if (cu.module_load_data(&module, ptx) != 0) module = NULL;
                cu.ctx_pop(&popped);
            }
            if (module) contexts[c].ctx = ctx, contexts[c].module = module;
        }
        if (contexts[c].ctx == ctx) {
            f = contexts[c].f[slot][f32];
            if (!f && cu.module_get_function(&f, contexts[c].module, f32 ? slots[slot].f32 : slots[slot].f64) != 0)
                f = NULL;
            contexts[c].f[slot][f32] = f;
        }
    }
    pthread_mutex_unlock(&lock);
    return f;
}

static XLA_FFI_Error *run(XLA_FFI_CallFrame *cf, int slot) {
    if (metadata_query(cf) || cf->stage != XLA_FFI_ExecutionStage_EXECUTE) return NULL;
    int nout = slots[slot].nout;
    if (!nout || !ptx) return vm_ffi_fail(cf, "vecmath: this FFI handler has no kernel", XLA_FFI_Error_Code_INTERNAL);
    if (cf->args.size != 1 || cf->rets.size != nout)
        return vm_ffi_fail(cf, "vecmath: an FFI handler takes one array and returns one or two",
                    XLA_FFI_Error_Code_INVALID_ARGUMENT);
    XLA_FFI_Buffer *x = buffer(cf->args.args[0], cf->args.types[0]);
    XLA_FFI_Buffer *y = buffer(cf->rets.rets[0], cf->rets.types[0]);
    XLA_FFI_Buffer *dy = nout == 2 ? buffer(cf->rets.rets[1], cf->rets.types[1]) : NULL;
    if (!x || !y || (nout == 2 && !dy))
        return vm_ffi_fail(cf, "vecmath: FFI arguments must be buffers", XLA_FFI_Error_Code_INVALID_ARGUMENT);
    if (x->dtype != y->dtype || (dy && dy->dtype != x->dtype))
        return vm_ffi_fail(cf, "vecmath: FFI input and outputs must share their dtype", XLA_FFI_Error_Code_INVALID_ARGUMENT);
    if (x->dtype != XLA_FFI_DataType_F64 && x->dtype != XLA_FFI_DataType_F32)
        return vm_ffi_fail(cf, "vecmath: the FFI handlers compute float32 and float64", XLA_FFI_Error_Code_INVALID_ARGUMENT);
    unsigned long long n = 1;
    for (int64_t i = 0; i < x->rank; i++) n *= (unsigned long long)x->dims[i];
    if (!n) return NULL;

    XLA_FFI_Stream_Get_Args sa = {XLA_FFI_Stream_Get_Args_STRUCT_SIZE, NULL, cf->ctx, NULL};
    XLA_FFI_Error *err = cf->api->XLA_FFI_Stream_Get(&sa);
    if (err) return err;
    CUstream stream = (CUstream)sa.stream;
    CUcontext ctx;
    if (cu.stream_get_ctx(stream, &ctx) != 0)
        return vm_ffi_fail(cf, "vecmath: cuStreamGetCtx failed on XLA's stream", XLA_FFI_Error_Code_INTERNAL);
    CUfunction f = function(ctx, slot, x->dtype == XLA_FFI_DataType_F32);
    if (!f) return vm_ffi_fail(cf, "vecmath: could not load vecmath_xla.ptx or find its kernel", XLA_FFI_Error_Code_INTERNAL);

    unsigned long long blocks = (n + VM_THREADS - 1) / VM_THREADS;
    if (blocks > VM_MAX_BLOCKS) blocks = VM_MAX_BLOCKS;
    void *px = x->data, *py = y->data, *pdy = dy ? dy->data : NULL;
    void *one[] = {&px, &py, &n}, *two[] = {&px, &py, &pdy, &n};
    if (cu.launch_kernel(f, (unsigned)blocks, 1, 1, VM_THREADS, 1, 1, 0, stream, nout == 2 ? two : one, NULL) != 0)
        return vm_ffi_fail(cf, "vecmath: cuLaunchKernel failed", XLA_FFI_Error_Code_INTERNAL);
    return NULL;
}

#define VM_HANDLER(i) \
    VM_EXPORT XLA_FFI_Error *vm_cuda_ffi_handler_##i(XLA_FFI_CallFrame *cf) { return run(cf, i); }
VM_FFI_HANDLERS

/* Array kernels for vecmath.jax on NVIDIA GPUs: the XLA FFI handlers (vecmath/_jax_ffi_cuda.c)
 * load this file's PTX (vecmath/cuda/vecmath_xla.ptx, python -m vecmath.cuda._build) with the
 * driver API and launch these kernels on XLA's stream.  Each is a grid-stride loop over the
 * device functions of vecmath_cuda.cu, compiled in the same translation unit with the same flags
 * (inlined): the CPU's bits, as every user kernel gets them.
 *
 *   vm_xla_<fn>_<tier>_<f64|f32>(x, y, n)          y = f(x)
 *   vm_xla_<fn>_<tier>_vd_<f64|f32>(x, y, dy, n)   y = f(x), dy = f'(x)
 */
#include "vecmath_cuda.cu"

#define VM_XLA_LOOP for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; \
                         i < n; i += (unsigned long long)gridDim.x * blockDim.x)
#define VM_XLA_ONE(fn, tier, T, C)                                                                \
    extern "C" __global__ void vm_xla_##fn##_##tier##_##T(const C *x, C *y, unsigned long long n) { \
        VM_XLA_LOOP vm_cuda_##fn##_##tier##_##T(y + i, x[i]);                                     \
    }                                                                                             \
    extern "C" __global__ void vm_xla_##fn##_##tier##_vd_##T(const C *x, C *y, C *dy,             \
                                                             unsigned long long n) {              \
        VM_XLA_LOOP {                                                                             \
            struct vm_cuda_pair_##T r;                                                            \
            vm_cuda_##fn##_##tier##_vd_##T(&r, x[i]);                                             \
            y[i] = r.y;                                                                           \
            dy[i] = r.dy;                                                                         \
        }                                                                                         \
    }
#define VM_XLA(fn, tier) VM_XLA_ONE(fn, tier, f64, double) VM_XLA_ONE(fn, tier, f32, float)
VM_KERNEL_LIST(VM_XLA)

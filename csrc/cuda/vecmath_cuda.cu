/* vecmath's kernels as CUDA device functions, from the same source as the CPU paths.
 *
 * The kernel files are compiled once more with the CUDA vector layer (simd/vm_simd_cuda.h: one
 * lane per thread, every operation an explicitly rounded intrinsic), by NVRTC with our own
 * flags (-fmad=false, no ftz, IEEE division; vecmath/cuda/_build.py) into PTX that user kernels
 * LINK, so neither the user's fastmath nor NVVM's contraction can change a bit.  Each entry
 * point follows numba-cuda's ABI for declare_device: int f(T *result, args...), status 0.
 *
 *   vm_cuda_<fn>_<tier>_<f64|f32>(y, x)           the tier, the CPU ufunc's bits
 *   vm_cuda_<fn>_<tier>_deriv_<f64|f32>(dy, x)    its derivative
 *   vm_cuda_<fn>_<tier>_vd_<f64|f32>(ydy, x)      both from one evaluation ({y, dy})
 *   vm_cuda_hw_<exp|log|tanh>_f32(y, x)           the hardware approximations, NOT the CPU bits
 *   vm_cuda_half_to_f64(y, h), vm_cuda_f64_to_half(h, x)   float16 bits <-> double (array kernels)
 */
#define VM_ISA_CUDA
#include "kernels_all.h"

#define VM_CUDA_ENTRY extern "C" __device__ int

/* One entry of each kind per dtype (T: f64 or f32, C: its C type) */
#define VM_CUDA_ONE(fn, tier, T, C)                                                              \
    VM_CUDA_ENTRY vm_cuda_##fn##_##tier##_##T(C *y, C x) {                                      \
        int st = 0;                                                                              \
        *y = fn##_##T##_##tier##_vec(x, &st);                                                    \
        return 0;                                                                                \
    }
#define VM_CUDA_VALUE(fn, tier) VM_CUDA_ONE(fn, tier, f64, double) VM_CUDA_ONE(fn, tier, f32, float)
VM_KERNEL_LIST(VM_CUDA_VALUE)

struct vm_cuda_pair_f64 { double y, dy; };
struct vm_cuda_pair_f32 { float y, dy; };

#define VM_CUDA_DERIV_ONE(fn, tier, T, C)                                                        \
    VM_CUDA_ENTRY vm_cuda_##fn##_##tier##_deriv_##T(C *dy, C x) {                               \
        int st = 0;                                                                              \
        *dy = fn##_##T##_##tier##_deriv_vec(x, &st);                                             \
        return 0;                                                                                \
    }                                                                                            \
    VM_CUDA_ENTRY vm_cuda_##fn##_##tier##_vd_##T(struct vm_cuda_pair_##T *r, C x) {             \
        int st = 0;                                                                              \
        r->y = fn##_##T##_##tier##_vd_vec(x, &r->dy, &st);                                       \
        return 0;                                                                                \
    }
#define VM_CUDA_DERIV(fn, tier) VM_CUDA_DERIV_ONE(fn, tier, f64, double) VM_CUDA_DERIV_ONE(fn, tier, f32, float)
VM_DERIV_LIST(VM_CUDA_DERIV)

/* float16 arrays (vecmath.cuda's array entry points): a half's bits widened to double, exactly,
 * and a double rounded once to a half's bits, as the CPU's float16 ufuncs do (vm_half_bits.h) */
#include "vm_half_bits.h"
VM_CUDA_ENTRY vm_cuda_half_to_f64(double *y, uint32_t h) {
    *y = __longlong_as_double((long long)vm_half_bits_to_double_bits((uint16_t)h));
    return 0;
}
VM_CUDA_ENTRY vm_cuda_f64_to_half(uint32_t *y, double x) {
    *y = vm_double_bits_to_half_bits((uint64_t)__double_as_longlong(x));
    return 0;
}

/* The hardware approximations (special function unit): ex2.approx, lg2.approx, tanh.approx; the
 * instructions of CUDA's __expf and __logf, written out so that their multiplication is rounded
 * explicitly too (a link-time contraction with the caller's code would change the bits). */
VM_CUDA_ENTRY vm_cuda_hw_exp_f32(float *y, float x) {
    asm("ex2.approx.f32 %0, %1;" : "=f"(*y) : "f"(__fmul_rn(x, 0x1.715476p+0f))); /* log2(e) */
    return 0;
}
VM_CUDA_ENTRY vm_cuda_hw_log_f32(float *y, float x) {
    float l;
    asm("lg2.approx.f32 %0, %1;" : "=f"(l) : "f"(x));
    *y = __fmul_rn(l, 0x1.62e430p-1f); /* ln 2 */
    return 0;
}
VM_CUDA_ENTRY vm_cuda_hw_tanh_f32(float *y, float x) {
    asm("tanh.approx.f32 %0, %1;" : "=f"(*y) : "f"(x));
    return 0;
}

/* softplus'(x) = sigmoid(x) = 1 / (1 + exp(-x)): sigmoid's kernels, tier for tier (bounds,
 * specials and warnings: sigmoid-inl.h; sigmoid reports no status bits, as SciPy's expit, so
 * softplus' reports none either).  sigmoid-inl.h comes before this file in vm_kernel_files.h
 * (the descriptors' order: sigmoid 6, softplus 7).  The fused value-and-derivative kernels
 * evaluate both (e is computed twice: a shared e would save one exp per element).
 * softplus'' = s (1 - s) is the AD rules' (vecmath/functions/softplus.py: second). */
#ifndef SIG_LIM
#error "softplus_deriv-inl.h needs sigmoid-inl.h first (csrc/generated/vm_kernel_files.h)"
#endif

/* softplus_f64_accurate_deriv_vec, softplus_f32_accurate_deriv_vec, softplus_f64_fast_deriv_vec,
 * softplus_f32_fast_deriv_vec, softplus_f64_approx_deriv_vec, softplus_f32_approx_deriv_vec */
VM_DERIV_1(softplus, f64, accurate, vd, sigmoid_f64_accurate_vec)
VM_DERIV_1(softplus, f32, accurate, vfh, sigmoid_f32_accurate_vec)
VM_DERIV_1(softplus, f64, fast, vd, sigmoid_f64_fast_vec)
VM_DERIV_1(softplus, f32, fast, vf, sigmoid_f32_fast_vf) /* float registers */
VM_DERIV_1(softplus, f64, approx, vd, sigmoid_f64_approx_vec)
VM_DERIV_1(softplus, f32, approx, vf, sigmoid_f32_approx_vec)

/* softplus_<f64|f32>_<tier>_vd_vec: value, then derivative; float32 accurate in double (vfh),
 * fast on vf: the derivative (sigmoid's) in float, the value in double on each half */
VM_VD_FROM_PARTS(softplus, f64, accurate, vd) VM_VD_FROM_PARTS(softplus, f32, accurate, vfh)
VM_VD_FROM_PARTS(softplus, f64, fast, vd)
VM_ON_HALVES_DEFINE(softplus_f32_fast_vec) /* a memory path, where the layer has no register halves */
static inline vf softplus_f32_fast_vd_vec(vf x, vf *dy, int *st) { /* the value in double */
    *dy = sigmoid_f32_fast_vf(x, st);
    return VM_ON_HALVES(softplus_f32_fast_vec, x, st);
}
VM_VD_FROM_PARTS(softplus, f64, approx, vd) VM_VD_FROM_PARTS(softplus, f32, approx, vf)
/* the array kernels: vm_softplus_<tier>_deriv_<f64|f32>, vm_softplus_<tier>_vd_<f64|f32> */
VM_DERIV_ARRAYS(softplus, accurate, F32_IN_F64)
VM_ARRAY_F64(vm_softplus_fast_deriv_f64, softplus_f64_fast_deriv_vec)
VM_ARRAY_F32(vm_softplus_fast_deriv_f32, softplus_f32_fast_deriv_vec) /* sigmoid's, on vf */
VM_ARRAY2_F64(vm_softplus_fast_vd_f64, softplus_f64_fast_vd_vec)
VM_ARRAY2_F32(vm_softplus_fast_vd_f32, softplus_f32_fast_vd_vec)
VM_DERIV_ARRAYS(softplus, approx, F32)

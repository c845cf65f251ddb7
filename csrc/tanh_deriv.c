/* tanh'(x) = 1 - tanh(x)^2.
 *
 * From the saved output (reverse mode): (1 - y)(1 + y), the same in every tier.  Both factors
 * are exact for |y| >= 1/2 (Sterbenz) and the product is one rounding, so the result is within
 * about 1 ULP of 1 - y^2 for the given y; it inherits y's own error, and it is 0 where y
 * rounded to +-1 (|x| > 19.1 in float64): use the derivative of x there. */

static inline vd tanh_f64_from_output_vec(vd y, int *st) {
    (void)st;
    return vd_mul(vd_sub(vd_set(1.0), y), vd_add(vd_set(1.0), y));
}
static inline vf tanh_f32_from_output_vec(vf y, int *st) {
    (void)st;
    return vf_mul(vf_sub(vf_set(1.0f), y), vf_add(vf_set(1.0f), y));
}
VM_ARRAY_F64(vm_tanh_from_output_f64, tanh_f64_from_output_vec)
VM_ARRAY_F32(vm_tanh_from_output_f32, tanh_f32_from_output_vec)

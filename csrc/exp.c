/* exp(x) for float64 and float32, three tiers.
 *
 * Method: x = k ln2/N + r, |r| <= ln2/(2N), k = round(x N/ln2) by the 1.5*2^52 (float:
 * 1.5*2^23) shift trick; exp(x) = 2^(k/N) (1 + tmp), tmp = exp(r) - 1 from a minimax
 * polynomial, 2^(j/N) from a table (j = k mod N) whose entries hold bits - (j << (52 - log2 N))
 * so that adding k << (52 - log2 N) gives 2^(k/N) with its exponent in place.  Result
 * scale + scale*tmp in one FMA.  Tables, coefficients and bounds: csrc/generated/vm_data.h.
 *
 * accurate float64: N = 32 plus tails (2^(j/32) to ~2^-106), degree 6 (2^-63.2).  Budget:
 *   0.5 ULP final rounding + 2^-63 polynomial + ~2^-60 rounding in tmp -> ~0.51 ULP.
 * accurate float32: in double, N = 16, degree 4; the generator sums the error bound (polynomial,
 *   table, reduction, roundings: vm_exp_f32_accurate_k's comment) and turns it into a window
 *   in double ulps, rounded up to a power of two (2^17: one bit test): float(y) is the
 *   correctly rounded result unless y lies within it of a float midpoint (about 2^-11 of
 *   inputs).  Those, and results outside float's normal range, take exp_f32_special: the
 *   float64 accurate evaluation kept as an exact double-double (error < 2^-58) and rounded
 *   once; the exhaustive test proves every float input correctly rounded.
 * fast float64 (faithful): N = 16 (one register permute on AVX-512, where N = 32 took two and
 *   a blend) with the table's tails (2^(j/16) = scale (1 + tail) to 2^-106: one more permute
 *   and one addition, tmp = tail + (r + r^2 p)), degree 6 (2^-56.3): final rounding 0.5 + the
 *   polynomial's 0.1 + tmp's roundings (< 2^-58 relative) < 0.62 ULP.  Without the tails,
 *   scale's own rounding added up to 0.5 ULP (measured 1.08).
 * approx float64: N = 16, degree 3 (2^-29.2), one-constant reduction: < 2^24 ULP.
 * fast float32: float arithmetic, N = 16 float table, degree 3 (2^-29.2): < 2 ULP.
 * approx float32: N = 16, degree 2 (2^-21.2), one-constant reduction: < 2^4 ULP.
 *
 * Special inputs leave the branch-free path through one compare (thresholds: vm_exp_limits,
 * from vecmath.spec.LIMITS: float64 |x| >= 704 or NaN; float32 outside (-86, 88)) into a
 * scalar routine that reports overflow/underflow and gives NaN, inf and 0 where due and
 * elsewhere the tier's own evaluation with 2^(k/N) built in range and scaled back
 * (exp_f64_special_of, exp_f32_scaled): subnormal results are not flushed in any tier, and a
 * numba kernel can run that evaluation on every lane, branch-free, for the same bits.  The
 * float32 accurate tier's routine rounds the float64 accurate evaluation (exp_f32_special). */

#include "exp_core.h"

VM_ARRAY_F64(vm_exp_accurate_f64, exp_f64_accurate_vec)
VM_ARRAY_F32_IN_F64(vm_exp_accurate_f32, exp_f32_accurate_vec)
VM_ARRAY_F64(vm_exp_fast_f64, exp_f64_fast_vec)
VM_ARRAY_F32(vm_exp_fast_f32, exp_f32_fast_vec)
VM_ARRAY_F64(vm_exp_approx_f64, exp_f64_approx_vec)
VM_ARRAY_F32(vm_exp_approx_f32, exp_f32_approx_vec)

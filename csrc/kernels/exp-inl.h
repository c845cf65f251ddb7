/* exp(x) for float64 and float32, three tiers.
 *
 * Method: x = k ln2/N + r, |r| <= ln2/(2N), k = round(x N/ln2) by the 1.5*2^52 (float:
 * 1.5*2^23) shift trick; exp(x) = 2^(k/N) (1 + tmp), tmp = exp(r) - 1 from a minimax
 * polynomial, 2^(j/N) from a table (j = k mod N) whose entries hold bits - (j << (52 - log2 N))
 * so that adding k << (52 - log2 N) gives 2^(k/N) with its exponent in place.  Result
 * scale + scale*tmp in one FMA.  Tables, coefficients and bounds: csrc/generated/vm_data.h.
 *
 * Tiers (bound; each tier's method and error budget beside its core in csrc/kernels/exp_core.h; maxima
 * and worst inputs beside each array kernel below, from python -m vecmath.accuracy.report,
 * docs/accuracy.md, which tests/test_docs.py holds these quotes to):
 *   accurate float64  < 1 ULP            N = 32 with tails, degree 6: ~0.51 ULP (< 0.53)
 *   accurate float32  correctly rounded  a first try in double (N = 16, degree 4) + midpoint
 *                                        window, the float64 accurate evaluation as an exact
 *                                        double-double for the unsure lanes
 *   fast float64      <= 1 ULP           N = 16 with tails, degree 6: < 0.62 ULP
 *   fast float32      <= 1 ULP           float, N = 16, degree 3: < 2 ULP, faithful by exhaustion
 *   approx            2^26 / 2^11        N = 16, one-constant reduction, degree 3 / 2 (float):
 *                                        < 2^24 / < 2^4 ULP
 *
 * Special inputs leave the branch-free path through one compare (thresholds: vm_exp_limits,
 * from vecmath.spec.LIMITS: float64 |x| >= 704 or NaN; float32 outside (-86, 88)) into a
 * scalar routine that reports overflow/underflow and gives NaN, inf and 0 where due and
 * elsewhere the tier's own evaluation with 2^(k/N) built in range and scaled back
 * (exp_f64_special_of, exp_f32_scaled): subnormal results are not flushed in any tier, and a
 * numba kernel can run that evaluation on every lane, branch-free, for the same bits.  The
 * float32 accurate tier's routine rounds the float64 accurate evaluation (exp_f32_special). */

#include "exp_core.h"

/* accurate float64 (budget: exp_f64_accurate_core): tmp's roundings, largest where the result
 * lies low in its binade, take it past the ~0.51 estimate.
 *   Worst measured: exp accurate float64 0.515649 ULP at x = 0.6390259230111495 */
VM_ARRAY_F64(vm_exp_accurate_f64, exp_f64_accurate_vec)
/* accurate float32 (exp_f32_accurate_vec): every float input correctly rounded (exhaustive).
 *   Worst measured: exp accurate float32 0.5 ULP at x = -14.56709 */
VM_ARRAY_F32_IN_F64(vm_exp_accurate_f32, exp_f32_accurate_vec)
/* fast float64 (exp_f64_fast_core): the worst is a subnormal result, which the special
 * routine (exp_f64_special_of) rounds twice: < 0.5 ULP beyond the normal results' < 0.62.
 *   Worst measured: exp fast float64 0.78253 ULP at x = -708.4266353650241 */
VM_ARRAY_F64(vm_exp_fast_f64, exp_f64_fast_vec)
/* fast float32 (exp_f32_fast_core): exhaustive maximum.
 *   Worst measured: exp fast float32 0.998939 ULP at x = -1.2347391 */
VM_ARRAY_F32(vm_exp_fast_f32, exp_f32_fast_vec)
/* approx float64 (exp_f64_approx_core): 2^23.8, within the < 2^24 budget.
 *   Worst measured: exp approx float64 1.41354e+07 ULP at x = -0.013943005478455284 */
VM_ARRAY_F64(vm_exp_approx_f64, exp_f64_approx_vec)
/* approx float32 (exp_f32_approx_core): exhaustive maximum, next to the overflow limit.
 *   Worst measured: exp approx float32 11.6044 ULP at x = 88.71218 */
VM_ARRAY_F32(vm_exp_approx_f32, exp_f32_approx_vec)

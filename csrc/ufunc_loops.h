/* The loops of vecmath's ufuncs (csrc/ufunc_loops.c), which the module (csrc/ufunc_module.c)
 * registers with NumPy.  Each is a PyUFuncGenericFunction whose data pointer is the kernel, an
 * entry of the active path's table (vm_table.h; the loop holds IEEE mode itself, vm_fpmode.h):
 * the float64 kernel for float16 (computed in float64, rounded once), the float32 or float64
 * kernel otherwise.  loop_* run x -> y kernels (vm_<fn>_<tier>_<f64|f32>, the derivatives,
 * from_output); loop2_* run the fused x -> (y, dy) kernels (vm_<fn>_<tier>_vd_<f64|f32>). */
#ifndef VM_UFUNC_LOOPS_H
#define VM_UFUNC_LOOPS_H
#define PY_SSIZE_T_CLEAN
#include <Python.h> /* first, as CPython requires */
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#include <numpy/ndarraytypes.h>

void loop_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data);
void loop_f32(char **args, npy_intp const *dims, npy_intp const *steps, void *data);
void loop_f64(char **args, npy_intp const *dims, npy_intp const *steps, void *data);
void loop2_f16(char **args, npy_intp const *dims, npy_intp const *steps, void *data);
void loop2_f32(char **args, npy_intp const *dims, npy_intp const *steps, void *data);
void loop2_f64(char **args, npy_intp const *dims, npy_intp const *steps, void *data);

#endif

/* The one list of CPU paths this build has, worst first: X(name, arg) for each, arg passed
 * through (for a second list to expand inside: lane_table.c).  Each path has
 *   csrc/isa_<name>.c        its build of every kernel (it compiles to nothing on another
 *                            architecture; setup.py compiles every csrc/isa_*.c, with
 *                            ISA_CFLAGS[name] where a path needs flags of its own),
 *   csrc/simd/vm_simd_<name>.h  its vector layer (chosen in vm_simd.h),
 *   vm_table_<name>          its table of kernels (vm_table.h, defined by isa_<name>.c),
 *   cpu_runs_<name>()        its CPU test (dispatch.c).
 * dispatch.c, the error for an unknown VECMATH_ISA, vm_isa_names() (vecmath.config() and
 * show_config()) and the lane table (lane_table.c) all read this list. */
#ifndef VM_ISA_LIST_H
#define VM_ISA_LIST_H
#if defined(__x86_64__)
#define VM_ISA_LIST(X, arg) X(scalar, arg) X(avx2, arg) X(avx512, arg)
#elif defined(__aarch64__)
#define VM_ISA_LIST(X, arg) X(scalar, arg) X(neon, arg) X(sve256, arg) X(sve512, arg)
#else
#define VM_ISA_LIST(X, arg) X(scalar, arg)
#endif
#endif

/* Every kernel file, compiled once per ISA by isa_<name>.c: each function, then its
 * derivatives, which use the function's vector code (shared cores: <fn>_core.h); then,
 * on the CPU, the ISA's table of them, vm_table_<isa> (vm_table.h), which dispatch.c reads. */
#include "simd/vm_simd.h"
#include "generated/vm_kernel_files.h" /* every kernels/<fn>-inl.h and <fn>_deriv-inl.h, from the descriptors */
#if !defined(VM_ISA_CUDA)
#include "vm_table.h"
#define VM_K1(name) .name##_f64 = VM_NAME(vm_##name##_f64), .name##_f32 = VM_NAME(vm_##name##_f32),
#define VM_K2(name) VM_K1(name)
const struct vm_table VM_NAME(vm_table) = {VM_ALL_KERNELS};
#undef VM_K1
#undef VM_K2
#if defined(VM_TARGET_END) /* the end of vm_simd.h's target (clang's attribute push) */
VM_WITH_FEATURES(VM_TARGET_END, VM_THIS(VM_FIELD_FEATURES))
#endif
#endif

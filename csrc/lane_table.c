/* The lane entry points of every one-output kernel (vm_simd.h: VM_LANES_*), by name, for
 * vecmath.numba: it registers each address with LLVM under its name, so that the code it
 * compiles (and reloads from numba's cache) links to the same kernels as the ufuncs.
 *
 * Every path of isa_list.h has the one-lane functions (vm_exp_accurate_f64_x1_<path>); a path
 * whose row has a vector function ABI letter has register functions too, named by that ABI
 * (_ZGVeN8v_vm_exp_accurate_f64_x1: AVX-512, 8 lanes), with the row's lane counts.  float32
 * registers are lanes32 floats (float arithmetic) or lanes64 floats (kernels computed in double):
 * both names are declared weak and the one a kernel lacks has a null address.  x86 paths have
 * two-register functions too (VM_HAS_PAIRS: _ZGVeN32v_vm_exp_fast_f32_x1), declared weak as well:
 * kernels in double (float32 accurate) have none. */
#include "vecmath.h"
#include "isa_list.h"
#include "lane_table.h"

/* Declared without their vector types: only their addresses are taken here. */
#define VM_WEAK __attribute__((weak))
#define VM_LANE_DECLARE(isa, layer, abi, lanes64, lanes32, features, flags, name)             \
    void vm_##name##_f64_x1_##isa(void);                                                     \
    void vm_##name##_f32_x1_##isa(void);                                                     \
    VM_IF(VM_HAS_REGISTERS(abi))(                                                            \
        void VM_REGISTER_NAME(abi, lanes64, vm_##name##_f64)(void);                          \
        VM_WEAK void VM_REGISTER_NAME(abi, lanes32, vm_##name##_f32)(void);                  \
        VM_WEAK void VM_REGISTER_NAME(abi, lanes64, vm_##name##_f32)(void);)                 \
    VM_IF(VM_HAS_PAIRS(abi))(                                                                \
        VM_WEAK void VM_REGISTER_NAME(abi, VM_TWICE(lanes64), vm_##name##_f64)(void);        \
        VM_WEAK void VM_REGISTER_NAME(abi, VM_TWICE(lanes32), vm_##name##_f32)(void);)
#define VM_LANE_ENTRY(sym, isa) VM_LANE_ENTRY_(sym, isa)
#define VM_LANE_ENTRY_(sym, isa) {#sym, (void *)sym, #isa},
#define VM_LANE_ENTRIES(isa, layer, abi, lanes64, lanes32, features, flags, name)             \
    VM_LANE_ENTRY(vm_##name##_f64_x1_##isa, isa)                                             \
    VM_LANE_ENTRY(vm_##name##_f32_x1_##isa, isa)                                             \
    VM_IF(VM_HAS_REGISTERS(abi))(                                                            \
        VM_LANE_ENTRY(VM_REGISTER_NAME(abi, lanes64, vm_##name##_f64), isa)                  \
        VM_LANE_ENTRY(VM_REGISTER_NAME(abi, lanes32, vm_##name##_f32), isa)                  \
        VM_LANE_ENTRY(VM_REGISTER_NAME(abi, lanes64, vm_##name##_f32), isa))                 \
    VM_IF(VM_HAS_PAIRS(abi))(                                                                \
        VM_LANE_ENTRY(VM_REGISTER_NAME(abi, VM_TWICE(lanes64), vm_##name##_f64), isa)        \
        VM_LANE_ENTRY(VM_REGISTER_NAME(abi, VM_TWICE(lanes32), vm_##name##_f32), isa))

#define VM_K1(name) VM_ISA_LIST(VM_LANE_DECLARE, name)
#define VM_K2(name)
VM_ALL_KERNELS
#undef VM_K1

static const vm_lane_entry vm_lane_table[] = {
#define VM_K1(name) VM_ISA_LIST(VM_LANE_ENTRIES, name)
    VM_ALL_KERNELS
#undef VM_K1
};
#undef VM_K2

size_t vm_lane_entries(const vm_lane_entry **table) {
    *table = vm_lane_table;
    return sizeof vm_lane_table / sizeof *vm_lane_table;
}

/* The lane entry points of every one-output kernel (vm_simd.h: VM_LANES_*), by name, for
 * vecmath.numba: it registers each address with LLVM under its name, so that the code it
 * compiles (and reloads from numba's cache) links to the same kernels as the ufuncs.
 *
 * Every path of isa_list.h has the one-lane functions; the x86 paths have register functions
 * too.  float32 registers are VF_W floats (float arithmetic) or VD_W floats (kernels computed
 * in double): both names are declared weak and the one a kernel lacks has a null address. */
#include "vecmath.h"
#include "isa_list.h"
#include "lane_table.h"

/* Declared without their vector types: only their addresses are taken here. */
#define VM_WEAK __attribute__((weak))
#define VM_X1_DECLARE(isa, name) void vm_##name##_f64_x1_##isa(void); void vm_##name##_f32_x1_##isa(void);
#define VM_LANE_ENTRY(sym) {#sym, (void *)sym},
#define VM_X1_ENTRIES(isa, name) VM_LANE_ENTRY(vm_##name##_f64_x1_##isa) VM_LANE_ENTRY(vm_##name##_f32_x1_##isa)
#define VM_REG_DECLARE(isa, name, lanes64, lanes32, lanes32d)                                 \
    void vm_##name##_f64_x##lanes64##_##isa(void);                                           \
    VM_WEAK void vm_##name##_f32_x##lanes32##_##isa(void);                                   \
    VM_WEAK void vm_##name##_f32_x##lanes32d##_##isa(void);
#define VM_REG_ENTRIES(isa, name, lanes64, lanes32, lanes32d)                                 \
    VM_LANE_ENTRY(vm_##name##_f64_x##lanes64##_##isa)                                        \
    VM_LANE_ENTRY(vm_##name##_f32_x##lanes32##_##isa)                                        \
    VM_LANE_ENTRY(vm_##name##_f32_x##lanes32d##_##isa)
#if defined(__x86_64__) /* register lanes: float64, float32, float32 computed in double */
#define VM_REGISTERS(DO, name) DO(avx2, name, 4, 8, 4) DO(avx512, name, 8, 16, 8)
#else
#define VM_REGISTERS(DO, name)
#endif

#define VM_K1(name) VM_ISA_LIST(VM_X1_DECLARE, name) VM_REGISTERS(VM_REG_DECLARE, name)
#define VM_K2(name)
VM_ALL_KERNELS
#undef VM_K1

static const vm_lane_entry vm_lane_table[] = {
#define VM_K1(name) VM_ISA_LIST(VM_X1_ENTRIES, name) VM_REGISTERS(VM_REG_ENTRIES, name)
    VM_ALL_KERNELS
#undef VM_K1
};
#undef VM_K2

size_t vm_lane_entries(const vm_lane_entry **table) {
    *table = vm_lane_table;
    return sizeof vm_lane_table / sizeof *vm_lane_table;
}

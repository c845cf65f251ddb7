/* The lane entry points of every one-output kernel (vm_simd.h: VM_LANES_*), by name, for
 * vecmath.numba: it registers each address with LLVM under its name, so that the code it
 * compiles (and reloads from numba's cache) links to the same kernels as the ufuncs.
 *
 * float32 registers are VF_W floats (float arithmetic) or VD_W floats (kernels computed in
 * double): both names are declared weak and the one the kernel lacks has a null address. */
#include "vecmath.h"
#include "lane_table.h"

/* Declared without their vector types: only their addresses are taken here. */
#define VM_WEAK __attribute__((weak))
#define VM_LANE_DECLARE(isa, name, lanes64, lanes32, lanes32d)                                \
    void vm_##name##_f64_x1_##isa(void); void vm_##name##_f32_x1_##isa(void);                \
    void vm_##name##_f64_x##lanes64##_##isa(void);                                           \
    VM_WEAK void vm_##name##_f32_x##lanes32##_##isa(void);                                   \
    VM_WEAK void vm_##name##_f32_x##lanes32d##_##isa(void);
#define VM_LANE_ENTRY(sym) {#sym, (void *)sym},
#define VM_LANE_ENTRIES(isa, name, lanes64, lanes32, lanes32d)                                \
    VM_LANE_ENTRY(vm_##name##_f64_x1_##isa) VM_LANE_ENTRY(vm_##name##_f32_x1_##isa)          \
    VM_LANE_ENTRY(vm_##name##_f64_x##lanes64##_##isa)                                        \
    VM_LANE_ENTRY(vm_##name##_f32_x##lanes32##_##isa)                                        \
    VM_LANE_ENTRY(vm_##name##_f32_x##lanes32d##_##isa)

/* the scalar build has only the one-lane functions */
#define VM_K1(name) void vm_##name##_f64_x1_scalar(void); void vm_##name##_f32_x1_scalar(void);
#define VM_K2(name)
VM_ALL_KERNELS
#undef VM_K1
#if defined(__x86_64__)
#define VM_K1(name) VM_LANE_DECLARE(avx2, name, 4, 8, 4) VM_LANE_DECLARE(avx512, name, 8, 16, 8)
VM_ALL_KERNELS
#undef VM_K1
#endif

static const vm_lane_entry vm_lane_table[] = {
#define VM_K1(name) VM_LANE_ENTRY(vm_##name##_f64_x1_scalar) VM_LANE_ENTRY(vm_##name##_f32_x1_scalar)
    VM_ALL_KERNELS
#undef VM_K1
#if defined(__x86_64__)
#define VM_K1(name) VM_LANE_ENTRIES(avx2, name, 4, 8, 4) VM_LANE_ENTRIES(avx512, name, 8, 16, 8)
    VM_ALL_KERNELS
#undef VM_K1
#endif
};
#undef VM_K2

size_t vm_lane_entries(const vm_lane_entry **table) {
    *table = vm_lane_table;
    return sizeof vm_lane_table / sizeof *vm_lane_table;
}

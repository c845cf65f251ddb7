/* A table of every public kernel of one CPU path (vm_kernels.h: VM_ALL_KERNELS), by field
 * name_f64 / name_f32.  Each ISA's build defines its vm_table_<name> after its kernels
 * (kernels_all.h); dispatch.c calls through the chosen one. */
#ifndef VM_TABLE_H
#define VM_TABLE_H
#include <stddef.h>
#include "vm_kernels.h"

#define VM_SIG1(T) (const T *, T *, size_t)        /* x -> y */
#define VM_SIG2(T) (const T *, T *, T *, size_t)   /* x -> y, dy */
struct vm_table {
#define VM_FIELD(name, sig) int(*name##_f64) sig(double); int(*name##_f32) sig(float);
#define VM_K1(name) VM_FIELD(name, VM_SIG1)
#define VM_K2(name) VM_FIELD(name, VM_SIG2)
    VM_ALL_KERNELS
#undef VM_K1
#undef VM_K2
#undef VM_FIELD
};

/* The table of the path vm_init() chose (dispatch.c) */
const struct vm_table *vm_active_table(void);

#endif

/* The lane entry points by name (csrc/lane_table.c); vecmath._kernels exposes this. */
#ifndef VM_LANE_TABLE_H
#define VM_LANE_TABLE_H
#include <stddef.h>
typedef struct {
    const char *name; /* e.g. "vm_exp_accurate_f64_x1_avx512", "_ZGVeN8v_vm_exp_accurate_f64_x1" */
    void *addr;       /* NULL where this build lacks it */
    const char *isa;  /* its path, "avx512" */
} vm_lane_entry;
/* the whole table in *table; returns its length */
size_t vm_lane_entries(const vm_lane_entry **table);
#endif

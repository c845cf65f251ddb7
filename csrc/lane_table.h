/* The lane entry points by name (csrc/lane_table.c); vecmath._kernels exposes this. */
#ifndef VM_LANE_TABLE_H
#define VM_LANE_TABLE_H
#include <stddef.h>
typedef struct {
    const char *name; /* e.g. "vm_exp_accurate_f64_x8_avx512" */
    void *addr;       /* NULL where this build lacks it */
} vm_lane_entry;
/* the whole table in *table; returns its length */
size_t vm_lane_entries(const vm_lane_entry **table);
#endif

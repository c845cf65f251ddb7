/* Runs every public kernel (vm_kernels.h: VM_ALL_KERNELS) of the CPU path VECMATH_ISA names
 * over an input file per dtype and writes each output to a file: the C side of
 * tools/cross_check.py, which cross-builds this with the kernels for another architecture,
 * runs it under emulation and compares the outputs' bits with the committed golden hashes.
 *
 *     kernel_driver DIR      reads DIR/inputs.float32.bin and DIR/inputs.float64.bin,
 *                            writes DIR/<kernel>.<output>.<dtype>.bin (e.g. exp_accurate.0.float64.bin)
 *     kernel_driver DIR K... only kernels K... (e.g. exp_accurate log_accurate)
 *     kernel_driver --paths  prints this build's CPU paths (csrc/isa_list.h)
 *     kernel_driver --lanes DIR [K...]  also calls every lane entry point of the path
 *                            (csrc/lane_table.c: one-lane and register functions) on the inputs
 *                            and compares its bits with the array kernel's, printing a count
 *                            (exit status 5 if any differ)
 * With KERNEL_DRIVER_FLUSH=1 in the environment it calls the kernels as a process built with
 * -ffast-math would: flush-to-zero set (AArch64: FPCR.FZ; x86-64: MXCSR's FTZ and DAZ), and
 * exits 4 if a kernel call did not leave that mode as it found it (csrc/vm_fpmode.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecmath.h"
#include "lane_table.h"

static void *read_all(const char *dir, const char *dtype, size_t size, size_t *n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/inputs.%s.bin", dir, dtype);
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc(bytes ? bytes : 1);
    if (!p || fread(p, 1, bytes, f) != (size_t)bytes) { perror(path); exit(2); }
    fclose(f);
    *n = bytes / size;
    return p;
}

static void write_all(const char *dir, const char *name, int out, const char *dtype, const void *p,
                      size_t bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%d.%s.bin", dir, name, out, dtype);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, bytes, f) != bytes || fclose(f) != 0) { perror(path); exit(2); }
}

#if defined(__aarch64__)
#define FLUSH_BITS (1ul << 24) /* FPCR.FZ */
static unsigned long fp_mode(void) { unsigned long r; __asm__ __volatile__("mrs %0, fpcr" : "=r"(r)); return r; }
static void set_fp_mode(unsigned long r) { __asm__ __volatile__("msr fpcr, %0" : : "r"(r)); }
#elif defined(__x86_64__)
#include <immintrin.h>
#define FLUSH_BITS 0x8040ul /* MXCSR: FTZ | DAZ */
static unsigned long fp_mode(void) { return _mm_getcsr(); }
static void set_fp_mode(unsigned long r) { _mm_setcsr((unsigned)r); }
#else
#define FLUSH_BITS 0ul
static unsigned long fp_mode(void) { return 0; }
static void set_fp_mode(unsigned long r) { (void)r; }
#endif

static int wanted(int argc, char **argv, const char *name) {
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], name) == 0) return 1;
    return 0;
}

/* The array kernels of the one-output kernels by name (vm_exp_accurate_f64), for check_lanes */
typedef int (*vm_array_f64)(const double *, double *, size_t);
typedef int (*vm_array_f32)(const float *, float *, size_t);
static const struct { const char *name; vm_array_f64 f64; vm_array_f32 f32; } vm_arrays[] = {
#define VM_K1(name) {#name, vm_##name##_f64, vm_##name##_f32},
#define VM_K2(name)
    VM_ALL_KERNELS
#undef VM_K1
#undef VM_K2
};

/* Vectors of 8 and 16 bytes, passed in one SIMD register as the C kernels' (AArch64: d and q
 * registers); a wider register entry point (x86's ymm and zmm) is counted as not run here:
 * numba's tests check those bit for bit. */
typedef double vm_d2 __attribute__((vector_size(16)));
typedef float vm_f2 __attribute__((vector_size(8)));
typedef float vm_f4 __attribute__((vector_size(16)));

/* Bits of y = entry(x), element by element (lanes 1) or register by register, against want */
static size_t lane_differences(void *fn, int lanes, size_t size, const void *x, const void *want,
                               size_t n, int *run) {
    size_t bad = 0;
    char y[16];
    *run = 1;
    for (size_t i = 0; i + lanes <= n; i += lanes) {
        const char *xi = (const char *)x + i * size;
        if (lanes == 1 && size == 8) { double v = ((double (*)(double))fn)(*(const double *)xi); memcpy(y, &v, 8); }
        else if (lanes == 1) { float v = ((float (*)(float))fn)(*(const float *)xi); memcpy(y, &v, 4); }
        else if (lanes == 2 && size == 8) { vm_d2 v; memcpy(&v, xi, 16); v = ((vm_d2 (*)(vm_d2))fn)(v); memcpy(y, &v, 16); }
        else if (lanes == 2 && size == 4) { vm_f2 v; memcpy(&v, xi, 8); v = ((vm_f2 (*)(vm_f2))fn)(v); memcpy(y, &v, 8); }
        else if (lanes == 4 && size == 4) { vm_f4 v; memcpy(&v, xi, 16); v = ((vm_f4 (*)(vm_f4))fn)(v); memcpy(y, &v, 16); }
        else { *run = 0; return 0; }
        bad += memcmp(y, (const char *)want + i * size, lanes * size) != 0;
    }
    return bad;
}

/* Every lane entry point of the active path whose kernel argv names (or all): its bits against
 * the array kernel's over the inputs.  Prints "lanes: <checked> checked, <skipped> not run, <bad>
 * differ" and returns the number that differ. */
static int check_lanes(int argc, char **argv, const double *x64, size_t n64, const float *x32,
                       size_t n32, double *y64, float *y32) {
    const vm_lane_entry *table;
    size_t entries = vm_lane_entries(&table);
    int checked = 0, skipped = 0, bad = 0;
    for (size_t e = 0; e < entries; e++) {
        const char *name = table[e].name;
        if (!table[e].addr || strcmp(table[e].isa, vm_isa()) != 0) continue;
        char base[128];
        int lanes = 1;
        if (sscanf(name, "_ZGV%*cN%dv_%127s", &lanes, base) != 2) snprintf(base, sizeof base, "%s", name);
        *strstr(base, "_x1") = '\0'; /* vm_exp_accurate_f64 */
        size_t len = strlen(base);
        int f64 = strcmp(base + len - 4, "_f64") == 0;
        base[len - 4] = '\0';
        for (size_t k = 0; k < sizeof vm_arrays / sizeof *vm_arrays; k++) {
            if (strcmp(base + 3, vm_arrays[k].name) != 0 || (argc > 2 && !wanted(argc, argv, vm_arrays[k].name)))
                continue;
            int run;
            size_t diff;
            if (f64) {
                vm_arrays[k].f64(x64, y64, n64);
                diff = lane_differences(table[e].addr, lanes, 8, x64, y64, n64, &run);
            } else {
                vm_arrays[k].f32(x32, y32, n32);
                diff = lane_differences(table[e].addr, lanes, 4, x32, y32, n32, &run);
            }
            if (diff) fprintf(stderr, "%s: %zu of its calls differ from the array kernel\n", name, diff);
            bad += diff != 0;
            checked += run;
            skipped += !run;
        }
    }
    printf("lanes: %d checked, %d not run, %d differ\n", checked, skipped, bad);
    return bad;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s DIR [KERNEL...] | --paths\n", argv[0]); return 2; }
    if (strcmp(argv[1], "--paths") == 0) return printf("%s\n", vm_isa_names()) < 0;
    int lanes = strcmp(argv[1], "--lanes") == 0;
    if (lanes) argv++, argc--;
    if (vm_init() != 0) { fprintf(stderr, "%s\n", vm_init_error()); return 3; }
    const char *dir = argv[1];
    size_t n32, n64;
    float *x32 = read_all(dir, "float32", 4, &n32), *y32 = malloc(4 * n32 + 4), *d32 = malloc(4 * n32 + 4);
    double *x64 = read_all(dir, "float64", 8, &n64), *y64 = malloc(8 * n64 + 8), *d64 = malloc(8 * n64 + 8);
    const char *flush = getenv("KERNEL_DRIVER_FLUSH");
    int flushing = flush && strcmp(flush, "1") == 0;
    if (flushing) {
        if (FLUSH_BITS == 0ul) { fprintf(stderr, "KERNEL_DRIVER_FLUSH: no flush-to-zero mode here\n"); return 2; }
        set_fp_mode(fp_mode() | FLUSH_BITS);
    }
#define VM_WANTED(name) (argc == 2 || wanted(argc, argv, #name))
#define VM_K1(name)                                                                         \
    if (VM_WANTED(name)) {                                                                  \
    vm_##name##_f32(x32, y32, n32);                                                         \
    write_all(dir, #name, 0, "float32", y32, 4 * n32);                                      \
    vm_##name##_f64(x64, y64, n64);                                                         \
    write_all(dir, #name, 0, "float64", y64, 8 * n64);                                      \
    }
#define VM_K2(name)                                                                         \
    if (VM_WANTED(name)) {                                                                  \
    vm_##name##_f32(x32, y32, d32, n32);                                                    \
    write_all(dir, #name, 0, "float32", y32, 4 * n32);                                      \
    write_all(dir, #name, 1, "float32", d32, 4 * n32);                                      \
    vm_##name##_f64(x64, y64, d64, n64);                                                    \
    write_all(dir, #name, 0, "float64", y64, 8 * n64);                                      \
    write_all(dir, #name, 1, "float64", d64, 8 * n64);                                      \
    }
    VM_ALL_KERNELS
    if (flushing && (fp_mode() & FLUSH_BITS) != FLUSH_BITS) {
        fprintf(stderr, "a kernel call cleared the caller's flush-to-zero mode\n");
        return 4;
    }
    if (lanes && check_lanes(argc, argv, x64, n64, x32, n32, y64, y32) != 0) return 5;
    printf("%s\n", vm_isa());
    return 0;
}

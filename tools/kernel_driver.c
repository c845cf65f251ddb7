/* Runs every public kernel (vm_kernels.h: VM_ALL_KERNELS) of the CPU path VECMATH_ISA names
 * over an input file per dtype and writes each output to a file: the C side of
 * tools/cross_check.py, which cross-builds this with the kernels for another architecture,
 * runs it under emulation and compares the outputs' bits with the committed golden hashes.
 *
 *     kernel_driver DIR      reads DIR/inputs.float32.bin and DIR/inputs.float64.bin,
 *                            writes DIR/<kernel>.<output>.<dtype>.bin (e.g. exp_accurate.0.float64.bin)
 *     kernel_driver DIR K... only kernels K... (e.g. exp_accurate log_accurate)
 *     kernel_driver --paths  prints this build's CPU paths (csrc/isa_list.h)
 * With KERNEL_DRIVER_FLUSH=1 in the environment it calls the kernels as a process built with
 * -ffast-math would: flush-to-zero set (AArch64: FPCR.FZ; x86-64: MXCSR's FTZ and DAZ), and
 * exits 4 if a kernel call did not leave that mode as it found it (csrc/vm_fpmode.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecmath.h"

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

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s DIR [KERNEL...] | --paths\n", argv[0]); return 2; }
    if (strcmp(argv[1], "--paths") == 0) return printf("%s\n", vm_isa_names()) < 0;
    if (vm_init() != 0) { fprintf(stderr, "%s\n", vm_init_error()); return 3; }
    const char *dir = argv[1];
    size_t n32, n64;
    float *x32 = read_all(dir, "float32", 4, &n32), *y32 = malloc(4 * n32 + 4), *d32 = malloc(4 * n32 + 4);
    double *x64 = read_all(dir, "float64", 8, &n64), *y64 = malloc(8 * n64 + 8), *d64 = malloc(8 * n64 + 8);
    const char *flush = getenv("KERNEL_DRIVER_FLUSH");
    int flushing = flush && strcmp(flush, "1") == 0;
    if (flushing) {
        if (!FLUSH_BITS) { fprintf(stderr, "KERNEL_DRIVER_FLUSH: no flush-to-zero mode here\n"); return 2; }
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
    printf("%s\n", vm_isa());
    return 0;
}

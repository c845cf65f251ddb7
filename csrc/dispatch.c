/* CPU dispatch: one table of kernel pointers, filled once by vm_init() from CPUID (or
 * VECMATH_ISA); every public kernel is one indirect call through it.  It starts on the scalar
 * kernels, so a call before vm_init() is correct, only slower. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecmath.h"

#if defined(__x86_64__)
#define VM_X86 1
#define VM_ISAS(X) X(scalar) X(avx2) X(avx512)
#else
#define VM_X86 0
#define VM_ISAS(X) X(scalar)
#endif

/* Signatures of the two kernel shapes (vm_kernels.h: VM_K1, VM_K2) */
#define VM_SIG1(T) (const T *, T *, size_t)
#define VM_SIG2(T) (const T *, T *, T *, size_t)

#define VM_DECLARE_ISA(name, sig, isa) \
    int vm_##name##_f64_##isa sig(double); int vm_##name##_f32_##isa sig(float);
#if VM_X86
#define VM_DECLARE(name, sig) VM_DECLARE_ISA(name, sig, scalar) \
    VM_DECLARE_ISA(name, sig, avx2) VM_DECLARE_ISA(name, sig, avx512)
#else
#define VM_DECLARE(name, sig) VM_DECLARE_ISA(name, sig, scalar)
#endif
#define VM_K1(name) VM_DECLARE(name, VM_SIG1)
#define VM_K2(name) VM_DECLARE(name, VM_SIG2)
VM_ALL_KERNELS
#undef VM_K1
#undef VM_K2

struct vm_table {
#define VM_FIELD(name, sig) int(*name##_f64) sig(double); int(*name##_f32) sig(float);
#define VM_K1(name) VM_FIELD(name, VM_SIG1)
#define VM_K2(name) VM_FIELD(name, VM_SIG2)
    VM_ALL_KERNELS
#undef VM_K1
#undef VM_K2
};

#define VM_ENTRY(name, isa) .name##_f64 = vm_##name##_f64_##isa, .name##_f32 = vm_##name##_f32_##isa,
#define VM_K1(name) VM_ENTRY(name, scalar)
#define VM_K2(name) VM_ENTRY(name, scalar)
static const struct vm_table vm_table_scalar = {VM_ALL_KERNELS};
static struct vm_table vm_active = {VM_ALL_KERNELS};
#undef VM_K1
#undef VM_K2
#if VM_X86
#define VM_K1(name) VM_ENTRY(name, avx2)
#define VM_K2(name) VM_ENTRY(name, avx2)
static const struct vm_table vm_table_avx2 = {VM_ALL_KERNELS};
#undef VM_K1
#undef VM_K2
#define VM_K1(name) VM_ENTRY(name, avx512)
#define VM_K2(name) VM_ENTRY(name, avx512)
static const struct vm_table vm_table_avx512 = {VM_ALL_KERNELS};
#undef VM_K1
#undef VM_K2
#endif

static const char *vm_active_name = "scalar";
static char vm_error[256];

static int cpu_runs(const char *isa) {
    if (strcmp(isa, "scalar") == 0) return 1;
#if VM_X86
    __builtin_cpu_init();
    if (strcmp(isa, "avx2") == 0)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    if (strcmp(isa, "avx512") == 0)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    return 0;
}

int vm_isa_available(const char *isa) { return cpu_runs(isa); }

static const struct vm_table *table_for(const char *isa) {
    if (strcmp(isa, "scalar") == 0) return &vm_table_scalar;
#if VM_X86
    if (strcmp(isa, "avx2") == 0) return &vm_table_avx2;
    if (strcmp(isa, "avx512") == 0) return &vm_table_avx512;
#endif
    return NULL;
}

int vm_init(void) {
    static const char *const best_first[] = {"avx512", "avx2", "scalar"};
    const char *want = getenv("VECMATH_ISA");
    vm_error[0] = '\0';
    if (want && *want) {
        const struct vm_table *t = table_for(want);
        if (!t && strcmp(want, "avx2") && strcmp(want, "avx512") && strcmp(want, "scalar")) {
            snprintf(vm_error, sizeof vm_error,
                     "VECMATH_ISA=%.40s is not a known path (scalar, avx2, avx512)", want);
            return -1;
        }
        if (!t || !cpu_runs(want)) {
            snprintf(vm_error, sizeof vm_error,
                     "VECMATH_ISA=%s asks for a path this %s lacks", want,
                     t ? "CPU" : "build (not x86-64)");
            return -1;
        }
        vm_active = *t;
        vm_active_name = t == &vm_table_scalar ? "scalar" : want;
        return 0;
    }
    for (size_t i = 0; i < sizeof best_first / sizeof *best_first; i++) {
        const struct vm_table *t = table_for(best_first[i]);
        if (t && cpu_runs(best_first[i])) {
            vm_active = *t;
            vm_active_name = best_first[i];
            return 0;
        }
    }
    return 0;
}

const char *vm_init_error(void) { return vm_error; }
const char *vm_isa(void) { return vm_active_name; }

/* The public kernels: one indirect call through the active table, in IEEE mode whatever the
 * caller's: on x86-64, MXCSR's flush-to-zero (bit 15) and denormals-are-zero (bit 6) are
 * cleared for the call if set and put back after (a process may have them set by a library
 * built with -ffast-math), so cffi callers get the ufuncs' bits.  Default mode: one stmxcsr and
 * a test per call.  Other platforms: the call alone. */
#if VM_X86
#include <immintrin.h>
#define VM_DENORMAL_MODES 0x8040u
#define VM_IEEE_CALL(call)                                                                  \
    unsigned modes = _mm_getcsr() & VM_DENORMAL_MODES;                                      \
    if (__builtin_expect(modes != 0, 0)) {                                                  \
        _mm_setcsr(_mm_getcsr() & ~VM_DENORMAL_MODES);                                      \
        int st = call;                                                                      \
        _mm_setcsr(_mm_getcsr() | modes);                                                   \
        return st;                                                                          \
    }                                                                                       \
    return call;
#else
#define VM_IEEE_CALL(call) return call;
#endif
#define VM_K1(name)                                                                         \
    int vm_##name##_f64(const double *x, double *y, size_t n) {                             \
        VM_IEEE_CALL(vm_active.name##_f64(x, y, n))                                         \
    }                                                                                       \
    int vm_##name##_f32(const float *x, float *y, size_t n) {                               \
        VM_IEEE_CALL(vm_active.name##_f32(x, y, n))                                         \
    }
#define VM_K2(name)                                                                         \
    int vm_##name##_f64(const double *x, double *y, double *dy, size_t n) {                 \
        VM_IEEE_CALL(vm_active.name##_f64(x, y, dy, n))                                     \
    }                                                                                       \
    int vm_##name##_f32(const float *x, float *y, float *dy, size_t n) {                    \
        VM_IEEE_CALL(vm_active.name##_f32(x, y, dy, n))                                     \
    }
VM_ALL_KERNELS

/* CPU dispatch: one table of kernel pointers, filled once by vm_init() from the CPU (or
 * VECMATH_ISA); every public kernel is one indirect call through it.  It starts on the scalar
 * kernels, so a call before vm_init() is correct, only slower.  The paths are the list of
 * isa_list.h; each has its table (vm_table.h) and a CPU test here, from its row's features. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecmath.h"
#include "isa_list.h"
#include "vm_table.h"
#include "vm_fpmode.h"

#if defined(__x86_64__)
#define VM_X86 1
#else
#define VM_X86 0
#endif

#define VM_DECLARE_TABLE(isa, ...) extern const struct vm_table vm_table_##isa;
VM_ISA_LIST(VM_DECLARE_TABLE, _)

/* The CPU tests, from the rows' features: VM_CPU_HAS(feature, bits) is 1 if this CPU has the
 * feature (bits: the width of the path's vectors) */
#if VM_X86
#define VM_CPU_HAS(feature, bits) (__builtin_cpu_init(), __builtin_cpu_supports(#feature))
#elif defined(__aarch64__)
#define VM_CPU_HAS(feature, bits) cpu_has_##feature(bits)
#if defined(__linux__)
#include <sys/auxv.h>
#include <sys/prctl.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1)
#endif
#ifndef HWCAP_SVE
#define HWCAP_SVE (1 << 22)
#endif
#ifndef PR_SVE_GET_VL
#define PR_SVE_GET_VL 51
#define PR_SVE_VL_LEN_MASK 0xffff
#endif
static int cpu_has_neon(int bits) { (void)bits; return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0; }
/* SVE at exactly this vector length (the fixed-length builds assume it) */
static int cpu_has_sve(int bits) {
    if (!(getauxval(AT_HWCAP) & HWCAP_SVE)) return 0;
    int vl = prctl(PR_SVE_GET_VL);
    return vl >= 0 && 8 * (vl & PR_SVE_VL_LEN_MASK) == bits;
}
#else
static int cpu_has_neon(int bits) { (void)bits; return 1; } /* AArch64 requires Advanced SIMD (macOS included) */
static int cpu_has_sve(int bits) { (void)bits; return 0; } /* no SVE outside Linux here (Apple has none) */
#endif
#endif
#define VM_AND_CPU_HAS(bits, feature) &&VM_CPU_HAS(feature, bits)
#define VM_CPU_TEST(isa, layer, abi, lanes64, lanes32, features, ...)                          \
    static int cpu_runs_##isa(void) { return 1 VM_EACH_OF(VM_AND_CPU_HAS, 64 * lanes64, features); }
VM_ISA_LIST(VM_CPU_TEST, _)

static const struct vm_isa {
    const char *name;
    const struct vm_table *table;
    int (*runs)(void);
    const char *features; /* ",avx2,fma" */
} vm_isas[] = {
#define VM_ISA_ENTRY(isa, layer, abi, lanes64, lanes32, features, ...)                         \
    {#isa, &vm_table_##isa, cpu_runs_##isa, VM_FEATURE_STRING(features)},
    VM_ISA_LIST(VM_ISA_ENTRY, _)
#undef VM_ISA_ENTRY
};
#define VM_N_ISAS (sizeof vm_isas / sizeof *vm_isas)

static const struct vm_table *vm_active = &vm_table_scalar;
static const char *vm_active_name = "scalar";
static char vm_error[256];

static const struct vm_isa *isa_named(const char *name) {
    for (size_t i = 0; i < VM_N_ISAS; i++)
        if (strcmp(vm_isas[i].name, name) == 0) return &vm_isas[i];
    return NULL;
}

int vm_isa_available(const char *isa) {
    const struct vm_isa *p = isa_named(isa);
    return p && p->runs();
}

const char *vm_isa_features(const char *isa) {
    const struct vm_isa *p = isa_named(isa);
    return p ? p->features + (p->features[0] == ',') : NULL;
}

const char *vm_isa_names(void) {
#define VM_ISA_WORD(isa, ...) " " #isa
    static const char names[] = VM_ISA_LIST(VM_ISA_WORD, _); /* " scalar avx2 avx512" */
#undef VM_ISA_WORD
    return names + 1;
}

static void activate(const struct vm_isa *p) {
    vm_active = p->table;
    vm_active_name = p->name;
}

int vm_init(void) {
    const char *want = getenv("VECMATH_ISA");
    vm_error[0] = '\0';
    if (want && *want) {
        const struct vm_isa *p = isa_named(want);
        if (!p) {
            snprintf(vm_error, sizeof vm_error,
                     "VECMATH_ISA=%.40s is not a path of this build (%s)", want, vm_isa_names());
            return -1;
        }
        if (!p->runs()) {
            snprintf(vm_error, sizeof vm_error, "VECMATH_ISA=%s asks for a path this CPU lacks", want);
            return -1;
        }
        activate(p);
        return 0;
    }
    for (size_t i = VM_N_ISAS; i-- > 0;) /* best first */
        if (vm_isas[i].runs()) {
            activate(&vm_isas[i]);
            return 0;
        }
    return 0;
}

const char *vm_init_error(void) { return vm_error; }
const char *vm_isa(void) { return vm_active_name; }

/* The active path's table, for the ufunc loops: they hold IEEE mode for a whole loop and call
 * the kernels through it directly (vm_fpmode.h). */
const struct vm_table *vm_active_table(void) { return vm_active; }

/* The public kernels: one indirect call through the active table, in IEEE mode whatever the
 * caller's (vm_fpmode.h), so cffi and C callers get the ufuncs' bits.  In the default mode the
 * call is a tail call. */
#define VM_IEEE_CALL(call)                                                                  \
    unsigned modes = vm_ieee_enter();                                                       \
    if (__builtin_expect(modes == 0, 1)) return call;                                       \
    int st = call;                                                                          \
    vm_ieee_leave(modes);                                                                   \
    return st;
#define VM_K1(name)                                                                         \
    int vm_##name##_f64(const double *x, double *y, size_t n) {                             \
        VM_IEEE_CALL(vm_active->name##_f64(x, y, n))                                         \
    }                                                                                       \
    int vm_##name##_f32(const float *x, float *y, size_t n) {                               \
        VM_IEEE_CALL(vm_active->name##_f32(x, y, n))                                         \
    }
#define VM_K2(name)                                                                         \
    int vm_##name##_f64(const double *x, double *y, double *dy, size_t n) {                 \
        VM_IEEE_CALL(vm_active->name##_f64(x, y, dy, n))                                     \
    }                                                                                       \
    int vm_##name##_f32(const float *x, float *y, float *dy, size_t n) {                    \
        VM_IEEE_CALL(vm_active->name##_f32(x, y, dy, n))                                     \
    }
VM_ALL_KERNELS

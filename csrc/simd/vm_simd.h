/* The vector layer: one API over every CPU path of csrc/isa_list.h (scalar; AVX2+FMA, AVX-512;
 * NEON, SVE) and CUDA (one lane per thread), chosen by VM_ISA_*.
 * Kernel files (csrc/kernels/<function>-inl.h) use only these names, never an intrinsic, so one source
 * compiles for every ISA and gives the same bits: each operation is an IEEE basic operation
 * or a fused multiply-add, in the same order, on every path.
 *
 * Table lookups (v*_lookup(t, idx, n)) read entry idx mod n, n a power of two: SIMD register
 * permutes use only the low bits of idx, so kernels pass indices with high bits set and save
 * the masking operation; gathers and the one-lane backends mask. */
#ifndef VM_SIMD_H
#define VM_SIMD_H
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include "vecmath.h"
#include "generated/vm_data.h"

#if defined(VM_ISA_CUDA)
#include "vm_simd_cuda.h"
#define VM_NAME(name) name##_cuda
#else
/* A CPU path: VM_ISA names its row of csrc/isa_list.h (set by its build file, csrc/isa_<name>.c;
 * scalar if unset).  The row gives the layer, on x86-64 the #pragma GCC target of each feature,
 * and the names: <name>_<path> for everything, _ZGV<abi>N<lanes>v_<kernel>_x1 for the register
 * entry points. */
#include "isa_list.h"
#if !defined(VM_ISA)
#define VM_ISA scalar
#endif
#if defined(__x86_64__)
/* The row's features as the target of every function that follows: #pragma GCC target("avx2",
 * "fma") (one _Pragma: GCC 12 drops all but the last of several in one macro expansion); clang
 * ignores that pragma and takes #pragma clang attribute push(target("avx2,fma")) instead, which
 * kernels_all.h pops after the kernels (VM_TARGET_END).  Nothing for a path without features. */
#define VM_WITH_FEATURES(M, features) VM_WITH_FEATURES_(M, VM_UNPAREN features)
#define VM_WITH_FEATURES_(M, ...) VM_WITH_FEATURES__(M, __VA_ARGS__)
#define VM_WITH_FEATURES__(M, ...) __VA_OPT__(M(__VA_ARGS__))
#if defined(__clang__)
#define VM_TARGET(first, ...)                                                               \
    _Pragma(VM_STR(clang attribute push(__attribute__((target(                             \
        #first VM_EACH(VM_COMMA_IN_STRING, ~, __VA_ARGS__)))), apply_to = function)))
#define VM_COMMA_IN_STRING(_, feature) "," #feature
#define VM_TARGET_END(...) _Pragma("clang attribute pop")
#else
#define VM_TARGET(first, ...) _Pragma(VM_STR(GCC target(#first VM_EACH(VM_COMMA_QUOTED, ~, __VA_ARGS__))))
#define VM_COMMA_QUOTED(_, feature) , #feature
#define VM_TARGET_END(...)
#endif
VM_WITH_FEATURES(VM_TARGET, VM_THIS(VM_FIELD_FEATURES))
#endif
#include VM_STR(VM_CAT(vm_simd_, VM_THIS(VM_FIELD_LAYER)).h)
#define VM_NAME(name) VM_CAT(name##_, VM_ISA)
_Static_assert(VD_W == VM_THIS(VM_FIELD_LANES64) && VF_W == VM_THIS(VM_FIELD_LANES32),
               "csrc/isa_list.h: the row's lanes differ from the layer's VD_W, VF_W");
#endif

/* f (a function on vfh, computed in double) on every float of a vf, for a float-arithmetic kernel
 * with a part in double (sigmoid's and softplus' fused float32 fast kernels): on the layer's
 * register halves (VM_HAS_VF_HALVES: vf_lo, vf_hi, vf_from_halves), else through memory (one
 * whole store before the half loads); the one-lane layers (VF_W == VD_W) apply f to x. */
#if VF_W == VD_W
#define VM_ON_HALVES(f, x, st) (f((x), (st)))
#elif defined(VM_HAS_VF_HALVES) && VF_W == 2 * VD_W
#define VM_ON_HALVES(f, x, st) vf_from_halves(f(vf_lo(x), (st)), f(vf_hi(x), (st)))
#else
#define VM_ON_HALVES(f, x, st) vm_on_halves_##f(x, st)
#define VM_ON_HALVES_DEFINE(f)                                                              \
    static inline vf vm_on_halves_##f(vf x, int *st) {                                      \
        float b[VF_W];                                                                      \
        vf_store(b, x);                                                                     \
        for (int j = 0; j < VF_W; j += VD_W) vfh_store(b + j, f(vfh_load(b + j), st));      \
        return vf_load(b);                                                                  \
    }
#endif
#ifndef VM_ON_HALVES_DEFINE
#define VM_ON_HALVES_DEFINE(f)
#endif

/* Rare lanes leave the branch-free path through one test (`if (VM_RARE(vdm_bits(special)))`)
 * into a scalar special routine marked VM_COLD: laid out of line, the branch predicted not taken.
 * Under CUDA both VM_COLD and VM_NOINLINE are empty: a GPU thread runs one lane, and a call
 * there costs a real CALL and a stack frame (the status word, spilled registers) per element,
 * where inlined the rare path is a branch around code the thread never runs. */
#define VM_RARE(c) __builtin_expect(!!(c), 0)
#if defined(VM_ISA_CUDA)
#define VM_COLD
#define VM_NOINLINE
#else
#define VM_COLD __attribute__((cold, noinline))
#define VM_NOINLINE __attribute__((noinline))
#endif

/* Scalar arithmetic in the special routines, on two values of one type: on the CPU the C
 * operators themselves (-ffp-contract=off keeps them apart); under CUDA explicitly rounded
 * intrinsics (vm_simd_cuda.h), as in the vector layer, because the LTO-IR is optimized and
 * compiled again when a user's kernel is linked, with the link's options, which contract a*b + c
 * (tests/test_cuda_ptx.py compiles the CUDA source with contraction allowed: the same code). */
#if defined(VM_ISA_CUDA)
#define VM_FADD(a, b) vm_cuda_add(a, b)
#define VM_FSUB(a, b) vm_cuda_sub(a, b)
#define VM_FMUL(a, b) vm_cuda_mul(a, b)
#define VM_FDIV(a, b) vm_cuda_div(a, b)
#else
#define VM_FADD(a, b) ((a) + (b))
#define VM_FSUB(a, b) ((a) - (b))
#define VM_FMUL(a, b) ((a) * (b))
#define VM_FDIV(a, b) ((a) / (b))
#endif
/* nextafterf(x, y) for x and y not NaN (CUDA's adds x + y for NaNs: plain arithmetic) */
#if defined(VM_ISA_CUDA)
#define VM_NEXTAFTERF(x, y) vm_cuda_nextafterf(x, y)
#else
#define VM_NEXTAFTERF(x, y) nextafterf(x, y)
#endif

#define VM_SIGN64 ((int64_t)0x8000000000000000ull)
#define VM_SIGN32 ((int32_t)0x80000000u)

static inline vd vd_abs(vd a) { return vd_from_bits(vdi_and(vd_bits(a), vdi_set(~VM_SIGN64))); }
static inline vd vd_neg(vd a) { return vd_from_bits(vdi_xor(vd_bits(a), vdi_set(VM_SIGN64))); }
static inline vd vd_nabs(vd a) { return vd_from_bits(vdi_or(vd_bits(a), vdi_set(VM_SIGN64))); } /* -|a| */
#if !defined(VM_HAS_FPCLASS) && !defined(VM_HAS_NOT_POSITIVE_NORMAL)
/* NaN, +-0, +-inf, subnormal or negative (NaN fails both compares) */
static inline vdm vd_not_positive_normal(vd a) {
    return vdm_not(vdm_and(vd_ge(a, vd_set(0x1p-1022)), vd_lt(a, vd_set(INFINITY))));
}
static inline vfm vf_not_positive_normal(vf a) {
    return vfm_not(vfm_and(vf_ge(a, vf_set(0x1p-126f)), vf_lt(a, vf_set(INFINITY))));
}
#endif
/* |mag| with the sign of sgn */
static inline vd vd_copysign(vd mag, vd sgn) {
    return vd_from_bits(vdi_or(vdi_and(vd_bits(mag), vdi_set(~VM_SIGN64)),
                               vdi_and(vd_bits(sgn), vdi_set(VM_SIGN64))));
}
static inline vf vf_abs(vf a) { return vf_from_bits(vfi_and(vf_bits(a), vfi_set(~VM_SIGN32))); }
static inline vf vf_copysign(vf mag, vf sgn) {
    return vf_from_bits(vfi_or(vfi_and(vf_bits(mag), vfi_set(~VM_SIGN32)),
                               vfi_and(vf_bits(sgn), vfi_set(VM_SIGN32))));
}
static inline vf vf_neg(vf a) { return vf_from_bits(vfi_xor(vf_bits(a), vfi_set(VM_SIGN32))); }

/* Entry j mod n of the second half of t (2n entries) where m, of the first half elsewhere.
 * AVX-512 reads each half with one register permute; AVX2 reads memory lane by lane, so there
 * one read of the whole table costs half as much as two. */
static inline vd vd_lookup_halves(const double *t, vdi j, int n, vdm m) {
#if defined(VM_ISA_AVX2)
    j = vdi_and(j, vdi_set(n - 1));
    return vd_lookup(t, vdi_select(m, vdi_add(j, vdi_set(n)), j), 2 * n);
#else
    return vd_select(m, vd_lookup(t + n, j, n), vd_lookup(t, j, n));
#endif
}

/* Special lanes (NaN, infinities, overflow, subnormal results...) leave the branch-free path
 * through one test and are recomputed here, one lane at a time, by the function's scalar
 * special-case routine, which ORs VM_FE_* flags into *st. */
/* Out of line on the CPU: an inlined fix-up's arrays would give every caller a 64-byte aligned
 * stack frame, a cost on each call of a lane entry point (VM_LANES_*); a GPU thread has one lane
 * and keeps it inline. */
#if defined(VM_ISA_CUDA)
#define VM_FIXUP static inline
#else
#define VM_FIXUP VM_COLD static
#endif
typedef double (*vm_special_f64)(double, int *);
typedef float (*vm_special_f32)(float, int *);

VM_FIXUP vd vd_fixup_call(vd x, vd y, vdm m, vm_special_f64 fn, int *st) {
    double xs[VD_W], ys[VD_W];
    vd_store(xs, x);
    vd_store(ys, y);
    unsigned bits = vdm_bits(m);
    for (int j = 0; j < VD_W; j++)
        if (bits >> j & 1u) ys[j] = fn(xs[j], st);
    return vd_load(ys);
}
VM_FIXUP vfh vfh_fixup_call(vfh x, vfh y, vdm m, vm_special_f32 fn, int *st) {
    float xs[VD_W], ys[VD_W];
    vfh_store(xs, x);
    vfh_store(ys, y);
    unsigned bits = vdm_bits(m);
    for (int j = 0; j < VD_W; j++)
        if (bits >> j & 1u) ys[j] = fn(xs[j], st);
    return vfh_load(ys);
}
#if !defined(VM_HAS_VF_FIRST)
/* lane 0 of a float vector (the scalar special routines run the vector code on one lane) */
static inline float vf_first(vf a) {
    float b[VF_W];
    vf_store(b, a);
    return b[0];
}
#endif
VM_FIXUP vf vf_fixup_call(vf x, vf y, vfm m, vm_special_f32 fn, int *st) {
    float xs[VF_W], ys[VF_W];
    vf_store(xs, x);
    vf_store(ys, y);
    unsigned bits = vfm_bits(m);
    for (int j = 0; j < VF_W; j++)
        if (bits >> j & 1u) ys[j] = fn(xs[j], st);
    return vf_load(ys);
}

/* The kernels call V_fixup.  Inside a pair function (VM_PAIR) whose status word holds VM_PROBE, a
 * value known where the fix-up is inlined, the fix-up is not called: the word is cleared and
 * the pair function runs its cold copy on both registers instead, so its hot path makes no call
 * and needs no stack frame.  Elsewhere the word's value is unknown and this is the call. */
#define VM_PROBE 0x40000000 /* no special routine's VM_FE_* bits */
#if defined(VM_ISA_CUDA)
#define VM_FIXUP_ENTRY(V, VM, FN)                                                           \
    static inline V V##_fixup(V x, V y, VM m, FN fn, int *st) { return V##_fixup_call(x, y, m, fn, st); }
#else
#define VM_FIXUP_ENTRY(V, VM, FN)                                                           \
    static inline V V##_fixup(V x, V y, VM m, FN fn, int *st) {                             \
        if (__builtin_constant_p(*st == VM_PROBE) && *st == VM_PROBE) {                     \
            *st = 0;                                                                        \
            return y;                                                                       \
        }                                                                                   \
        return V##_fixup_call(x, y, m, fn, st);                                             \
    }
#endif
VM_FIXUP_ENTRY(vd, vdm, vm_special_f64)
VM_FIXUP_ENTRY(vfh, vdm, vm_special_f32)
VM_FIXUP_ENTRY(vf, vfm, vm_special_f32)

#if !defined(VM_HAS_VFH_COMPARE)
/* |xf| < lim, from x = xf in double (elsewhere: AVX-512 compares the floats) */
static inline vdm vfh_abs_lt(vfh xf, vd x, float lim) {
    (void)xf;
    return vd_lt(vd_abs(x), vd_set((double)lim));
}
#endif

/* Lanes of y (a double approximation of a result in float's normal range) within `window`
 * double ulps of a float midpoint (low 29 bits 1 << 28): where float(y) is not provably the
 * rounding of a value within that error.  window is a power of two (tests/test_generated.py), so
 * (low 29 bits + window - 2^28) mod 2^29 < 2 window is one test of bits log2(2 window)..28. */
static inline vdm vd_near_f32_midpoint(vd y, int64_t window) {
    return vdi_none(vdi_add(vd_bits(y), vdi_set(window - 0x10000000)),
                    vdi_set(0x1fffffff & ~(2 * window - 1)));
}

/* Correct rounding to float of s + e, a double-double with |e| <= ulp(s)/2 and s in float's
 * normal range.  s alone rounds right unless it sits exactly halfway between two floats (its
 * low 29 bits are 1 followed by 28 zeros); then e decides, so step s one double ulp toward e. */
static inline vfh vm_round_dd_f32(vd s, vd e) {
    vdi b = vd_bits(s);
    vdm tie = vdm_and(vdi_eq(vdi_and(b, vdi_set(0x1fffffff)), vdi_set(0x10000000)),
                      vd_ne(e, vd_set(0.0)));
    vdi step = vdi_select(vd_gt(vd_mul(s, e), vd_set(0.0)), vdi_set(1), vdi_set(-1));
    return vfh_from_vd(vd_from_bits(vdi_select(tie, vdi_add(b, step), b)));
}

/* The same for any s (subnormal or overflowing float results), one value at a time. */
static inline float vm_round_dd_f32_any(double s, double e) {
    float f = (float)s;
    if (e == 0.0 || (double)f == s) return f;
    if (isinf(f)) /* the tie between FLT_MAX and the overflow threshold */
        return (fabs(s) == 0x1.ffffffp127 && VM_FMUL(s, e) < 0) ? copysignf(0x1.fffffep127f, f) : f;
    float g = VM_NEXTAFTERF(f, (double)f < s ? INFINITY : -INFINITY);
    if (VM_FMUL(VM_FADD((double)f, (double)g), 0.5) != s) return f;
    return ((e > 0) == (g > f)) ? g : f;
}

/* Array kernels: whole vectors, then the tail through a padded copy so that nothing past
 * x[n-1] / y[n-1] is read or written.  Padding is 1, an ordinary input of every function.
 * CUDA takes one element per thread through the vector functions themselves (csrc/cuda/). */
#if defined(VM_ISA_CUDA)
#define VM_DEFINE_ARRAY(NAME, T, W, VT, LOAD, STORE, VEC)
#define VM_DEFINE_ARRAY2(NAME, T, W, VT, LOAD, STORE, VEC)
#define VM_DEFINE_ARRAY_X2(NAME, T, W, VT, LOAD, STORE, VEC)
#define VM_LANES_F64(NAME, VEC)
#define VM_LANES_F32(NAME, VEC)
#define VM_LANES_F32_IN_F64(NAME, VEC)
#else
/* VM_FLATTEN: the vector function inlined into the loop, its constants kept in registers.  Left
 * to GCC's heuristics, a vector function that the lane entry points also call (three callers)
 * stayed out of line in many array kernels: a call per register, every constant loaded again
 * (AVX2 exp fast float64 1.10 -> 0.76 ns/element from the inlining alone; AMD EPYC family
 * 26).  The special routines stay out of line (VM_COLD, VM_NOINLINE: flatten leaves noinline
 * functions alone), and the tail runs the loop's own code on padded copies, so the vector
 * function is inlined once per array kernel. */
#define VM_FLATTEN __attribute__((flatten))
/* The loop from element i on, one vector an iteration (bx, by: the tail's padded copies). */
#define VM_ARRAY_REST(T, W, LOAD, STORE, VEC)                                               \
    for (; i < n; i += W) {                                                                 \
        const T *src = x + i;                                                               \
        T *dst = y + i;                                                                     \
        size_t m = n - i;                                                                   \
        if (VM_RARE(m < W)) { /* the tail: one pass of the same code, on copies */          \
            for (size_t j = 0; j < W; j++) bx[j] = j < m ? x[i + j] : (T)1;                 \
            src = bx;                                                                       \
            dst = by;                                                                       \
        }                                                                                   \
        STORE(dst, VEC(LOAD(src), &st));                                                    \
        if (VM_RARE(m < W))                                                                 \
            for (size_t j = 0; j < m; j++) y[i + j] = by[j];                                \
    }
#define VM_DEFINE_ARRAY(NAME, T, W, VT, LOAD, STORE, VEC)                                   \
    VM_FLATTEN int VM_NAME(NAME)(const T *x, T *y, size_t n) {                             \
        int st = 0;                                                                         \
        T bx[W], by[W];                                                                     \
        size_t i = 0;                                                                       \
        VM_ARRAY_REST(T, W, LOAD, STORE, VEC)                                               \
        return st;                                                                          \
    }
/* The same, two vectors an iteration (both loaded before either is stored: y == x is allowed),
 * for a kernel whose loop is bound by its chains of dependent operations rather than by its
 * operation count: the two chains side by side in program order keep more of the out-of-order
 * window busy (expm1 accurate float32: 3 % on AMD EPYC family 26 model 2, AVX-512).  The rest,
 * fewer than 2W elements, through VM_DEFINE_ARRAY's loop. */
#define VM_DEFINE_ARRAY_X2(NAME, T, W, VT, LOAD, STORE, VEC)                                \
    VM_FLATTEN int VM_NAME(NAME)(const T *x, T *y, size_t n) {                             \
        int st = 0;                                                                         \
        T bx[W], by[W];                                                                     \
        size_t i = 0;                                                                       \
        for (; n - i >= 2 * W; i += 2 * W) { /* i <= n throughout */                        \
            VT a = VEC(LOAD(x + i), &st), b = VEC(LOAD(x + i + W), &st);                    \
            STORE(y + i, a);                                                                \
            STORE(y + i + W, b);                                                            \
        }                                                                                   \
        VM_ARRAY_REST(T, W, LOAD, STORE, VEC)                                               \
        return st;                                                                          \
    }
/* Fused value-and-derivative kernels: VEC(x, &dy, &st) returns f(x) and stores f'(x) in dy;
 * the array kernel writes both (y == x is allowed; dy must not overlap x or y). */
#define VM_DEFINE_ARRAY2(NAME, T, W, VT, LOAD, STORE, VEC)                                  \
    VM_FLATTEN int VM_NAME(NAME)(const T *x, T *y, T *dy, size_t n) {                      \
        int st = 0;                                                                         \
        T bx[W], by[W], bd[W];                                                              \
        VT d;                                                                               \
        for (size_t i = 0; i < n; i += W) {                                                 \
            const T *src = x + i;                                                           \
            T *dst = y + i, *ddst = dy + i;                                                 \
            size_t m = n - i;                                                               \
            if (VM_RARE(m < W)) {                                                           \
                for (size_t j = 0; j < W; j++) bx[j] = j < m ? x[i + j] : (T)1;             \
                src = bx;                                                                   \
                dst = by;                                                                   \
                ddst = bd;                                                                  \
            }                                                                               \
            VT v = VEC(LOAD(src), &d, &st);                                                 \
            STORE(dst, v);                                                                  \
            STORE(ddst, d);                                                                 \
            if (VM_RARE(m < W))                                                             \
                for (size_t j = 0; j < m; j++) y[i + j] = by[j], dy[i + j] = bd[j];         \
        }                                                                                   \
        return st;                                                                          \
    }

/* Lane entry points of every one-output kernel, for code compiled elsewhere that calls the
 * kernel per element or per register (vecmath.numba: LLVM's loop vectorizer widens a call of
 * the one-lane function into calls of the register function), with the array kernel's bits:
 *   T NAME_x1_<isa>(T x)                  one element (x in every lane, lane 0 kept)
 *   V _ZGV<abi>N<L>v_NAME_x1(V x)         one register V of L lanes, where the path's row in
 *                                         csrc/isa_list.h has an abi letter (AVX2 d, AVX-512 e,
 *                                         NEON n): the vector function ABI's name of an
 *                                         unmasked L-lane variant of NAME_x1
 * e.g. vm_exp_accurate_f64_x1_avx512, _ZGVeN8v_vm_exp_accurate_f64_x1 (zmm),
 * _ZGVdN8v_vm_exp_fast_f32_x1 (ymm), _ZGVnN2v_vm_exp_accurate_f64_x1 (a NEON q register).
 * The register is the kernel's vector: float32 kernels in double take VD_W floats (vfh: a ymm
 * register on AVX-512, xmm on AVX2, a d register on NEON), the others VF_W; a register of VF_W
 * floats would hold two vfh, and the first must then wait on the stack while the second is
 * computed (a stack frame: see below).  csrc/lane_table.c lists them all by name; status bits
 * are dropped.  No local arrays, no local status word: any stack object makes GCC realign the
 * frame of every call to 64 bytes (about 6 cycles a call with zmm registers). */
/* Where the lane functions' special lanes drop their status bits: written, never read.  Not a
 * thread-local: in a shared library each access to one is a call of __tls_get_addr, and around
 * that call GCC gave every lane function a 64-byte realigned frame, a spill of the vector
 * argument and a vzeroupper (docs/numba.md, "Two speeds per process").  Threads that meet
 * special lanes at once OR bits into it concurrently (a race on a word nobody reads), on a
 * cache line of its own. */
static int vm_lane_status __attribute__((aligned(64)));
#define VM_LANES_F64(NAME, VEC)                                                             \
    double VM_NAME(NAME##_x1)(double x) { return vd_first(VEC(vd_set(x), &vm_lane_status)); } \
    VM_REGISTER(NAME, vd, VM_THIS(VM_FIELD_LANES64), VEC)                                   \
    VM_PAIR(NAME, vd, VM_THIS(VM_FIELD_LANES64), VEC)
#define VM_LANES_F32(NAME, VEC)                                                             \
    float VM_NAME(NAME##_x1)(float x) { return vf_first(VEC(vf_set(x), &vm_lane_status)); } \
    VM_REGISTER(NAME, vf, VM_THIS(VM_FIELD_LANES32), VEC)                                   \
    VM_PAIR(NAME, vf, VM_THIS(VM_FIELD_LANES32), VEC)
#define VM_LANES_F32_IN_F64(NAME, VEC)                                                      \
    float VM_NAME(NAME##_x1)(float x) {                                                     \
        return (float)vd_first(vd_from_vfh(VEC(vfh_from_vd(vd_set(x)), &vm_lane_status))); \
    }                                                                                       \
    VM_REGISTER(NAME, vfh, VM_THIS(VM_FIELD_LANES64), VEC)
/* One register a call: probed as the pair functions are (VM_PAIR, below), except those listed. */
#define VM_REGISTER(NAME, V, LANES, VEC)                                                    \
    VM_IF(VM_HAS_REGISTERS(VM_THIS(VM_FIELD_ABI)))(                                         \
        VM_CAT(VM_REGISTER_, VM_PAIR_IS_PLAIN(NAME))(NAME, V, LANES, VEC))
#define VM_REGISTER_2 VM_REGISTER_0
#define VM_REGISTER_1(NAME, V, LANES, VEC) \
    V VM_REGISTER_NAME(VM_THIS(VM_FIELD_ABI), LANES, NAME)(V x) { return VEC(x, &vm_lane_status); }
#define VM_REGISTER_0(NAME, V, LANES, VEC)                                                  \
    VM_COLD static V NAME##_register_cold(V x) { return VEC(x, &vm_lane_status); }          \
    VM_FLATTEN V VM_REGISTER_NAME(VM_THIS(VM_FIELD_ABI), LANES, NAME)(V x) {                \
        int s = VM_PROBE;                                                                   \
        V y = VEC(x, &s);                                                                   \
        if (VM_RARE(s ^ VM_PROBE)) return NAME##_register_cold(x);                          \
        return y;                                                                           \
    }
/* Two registers a call (x86, VM_HAS_PAIRS): _ZGVeN32v_vm_exp_fast_f32_x1(<32 x float>), which
 * LLVM passes in zmm0 and zmm1 and expects back in zmm0 and zmm1 (ymm on AVX2), so that a loop
 * pays the call and the reload of the kernel's constants once per two registers (docs/numba.md,
 * "Two registers a call").  C returns one vector: the second goes to register 1 through an asm
 * operand, the last statement, after which nothing but the move of the first result to register
 * 0 runs.  Flattened: left to GCC, a vector function with four callers stayed out of line, two
 * calls per pair (AVX-512 exp fast float64 1.66x its ufunc, against 1.39x one register a call).
 * Not for kernels in double (vfh): their register is half a machine register.
 * The hot path calls nothing: both kernels run with status words holding VM_PROBE, so their
 * fix-ups are left out (V_fixup above); if either met a special lane, the cold copy (with the
 * fix-ups) runs both again, a tail call.  A function that calls nothing needs no stack frame,
 * where a call with zmm values live had GCC realign one to 64 bytes, and the constants are
 * loaded once for both kernels (AVX-512 log approx float32: 70 -> 55 instructions, no frame).
 * Where a kernel makes other calls (the accurate float32 kernels' redo in double) or GCC takes
 * an AVX2 builtin with a pointer (a gather, a broadcast load) for a call that may write the status
 * word, the probe cannot be seen and the words stay in memory, a cost with no gain: those pairs
 * (VM_PLAIN_PAIR_<name> below, ~, 1) call the kernels as before, as does AVX2 expm1 approx
 * float32, measured slower probed (docs/numba.md, "Where the goals are missed"); those marked
 * ~, 2 have no pair at all (vecmath.numba then calls one register a call).  A pair whose probe
 * word stays in memory stores VM_PROBE to the stack: `objdump -d` shows it as
 * `movl $0x40000000,` (none in this build). */
#define VM_PAIR(NAME, V, LANES, VEC) \
    VM_IF(VM_HAS_PAIRS(VM_THIS(VM_FIELD_ABI)))(VM_CAT(VM_PAIR_, VM_PAIR_IS_PLAIN(NAME))(NAME, V, LANES, VEC))
#define VM_PAIR_SECOND(a, b, ...) b
#define VM_PAIR_TEST(...) VM_PAIR_SECOND(__VA_ARGS__, 0, ~)
#define VM_PAIR_IS_PLAIN(NAME) VM_PAIR_TEST(VM_CAT(VM_PLAIN_PAIR_, NAME))
#define VM_PLAIN_PAIR_vm_atan_accurate_f32 ~, 1
#define VM_PLAIN_PAIR_vm_expm1_accurate_f32 ~, 1
#define VM_PLAIN_PAIR_vm_log1p_accurate_f32 ~, 1
#define VM_PLAIN_PAIR_vm_log_accurate_f32 ~, 1
#if defined(VM_ISA_AVX512)
/* no pair (2): two of these kernels spill zmm registers, one register a call is faster
 * (erfc fast float64 1.04-1.05x its ufunc, 1.25-1.30x with the pair) */
#define VM_PLAIN_PAIR_vm_erfc_fast_f64 ~, 2
#define VM_PLAIN_PAIR_vm_erfc_approx_f64 ~, 2
#define VM_PLAIN_PAIR_vm_erf_fast_f64 ~, 2
#define VM_PLAIN_PAIR_vm_erf_approx_f64 ~, 2
#endif
#if defined(VM_ISA_AVX2)
#define VM_PLAIN_PAIR_vm_expm1_approx_f32 ~, 1 /* a ymm spill either way; 1.17x probed, 1.07x plain */
#define VM_PLAIN_PAIR_vm_erf_accurate_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erfc_accurate_f64 ~, 1
#define VM_PLAIN_PAIR_vm_exp_accurate_f64 ~, 1
#define VM_PLAIN_PAIR_vm_exp_fast_f64 ~, 1
#define VM_PLAIN_PAIR_vm_expm1_accurate_f64 ~, 1
#define VM_PLAIN_PAIR_vm_expm1_fast_f64 ~, 1
#define VM_PLAIN_PAIR_vm_softplus_accurate_f64 ~, 1
#define VM_PLAIN_PAIR_vm_softplus_fast_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erf_accurate_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erf_fast_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erf_approx_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erfc_accurate_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erfc_fast_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erfc_approx_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_exp_accurate_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_exp_fast_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_expm1_accurate_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_expm1_fast_deriv_f64 ~, 1
#define VM_PLAIN_PAIR_vm_erf_accurate_f32 ~, 1
#define VM_PLAIN_PAIR_vm_erfc_accurate_f32 ~, 1
#define VM_PLAIN_PAIR_vm_sigmoid_accurate_f32 ~, 1
#define VM_PLAIN_PAIR_vm_softplus_accurate_deriv_f32 ~, 1
#endif
#define VM_PAIR_2(NAME, V, LANES, VEC)
#define VM_PAIR_1(NAME, V, LANES, VEC)                                                      \
    VM_FLATTEN V VM_REGISTER_NAME(VM_THIS(VM_FIELD_ABI), VM_TWICE(LANES), NAME)(V a, V b) { \
        V lo = VEC(a, &vm_lane_status);                                                     \
        register V hi __asm__("xmm1") = VEC(b, &vm_lane_status);                            \
        __asm__ volatile("" : "+v"(lo) : "v"(hi));                                          \
        return lo;                                                                          \
    }
#define VM_PAIR_0(NAME, V, LANES, VEC)                                                      \
    VM_COLD static V NAME##_pair_cold(V a, V b) {                                           \
        V lo = VEC(a, &vm_lane_status);                                                     \
        register V hi __asm__("xmm1") = VEC(b, &vm_lane_status);                            \
        __asm__ volatile("" : "+v"(lo) : "v"(hi));                                          \
        return lo;                                                                          \
    }                                                                                       \
    VM_FLATTEN V VM_REGISTER_NAME(VM_THIS(VM_FIELD_ABI), VM_TWICE(LANES), NAME)(V a, V b) { \
        int sa = VM_PROBE;                                                                  \
        int sb = VM_PROBE;                                                                  \
        V lo = VEC(a, &sa);                                                                 \
        V hi0 = VEC(b, &sb);                                                                \
        if (VM_RARE((sa ^ VM_PROBE) | (sb ^ VM_PROBE))) return NAME##_pair_cold(a, b);      \
        register V hi __asm__("xmm1") = hi0;                                                \
        __asm__ volatile("" : "+v"(lo) : "v"(hi));                                          \
        return lo;                                                                          \
    }
#endif
/* float64 kernels on vd; float32 kernels on vf (float arithmetic) or vfh (computed in double) */
/* (each also defines its lane entry points, VM_LANES_*, outside CUDA) */
#define VM_ARRAY_F64(NAME, VEC) \
    VM_DEFINE_ARRAY(NAME, double, VD_W, vd, vd_load, vd_store, VEC) VM_LANES_F64(NAME, VEC)
#define VM_ARRAY_F32(NAME, VEC) \
    VM_DEFINE_ARRAY(NAME, float, VF_W, vf, vf_load, vf_store, VEC) VM_LANES_F32(NAME, VEC)
#define VM_ARRAY_F32_X2(NAME, VEC) \
    VM_DEFINE_ARRAY_X2(NAME, float, VF_W, vf, vf_load, vf_store, VEC) VM_LANES_F32(NAME, VEC)
#define VM_ARRAY_F32_IN_F64(NAME, VEC) \
    VM_DEFINE_ARRAY(NAME, float, VD_W, vfh, vfh_load, vfh_store, VEC) VM_LANES_F32_IN_F64(NAME, VEC)

#define VM_ARRAY2_F64(NAME, VEC) VM_DEFINE_ARRAY2(NAME, double, VD_W, vd, vd_load, vd_store, VEC)
#define VM_ARRAY2_F32(NAME, VEC) VM_DEFINE_ARRAY2(NAME, float, VF_W, vf, vf_load, vf_store, VEC)
#define VM_ARRAY2_F32_IN_F64(NAME, VEC) \
    VM_DEFINE_ARRAY2(NAME, float, VD_W, vfh, vfh_load, vfh_store, VEC)

/* The derivative kernels of one (fn, tier) from its vector functions, named after the value's
 * <fn>_<f64|f32>_<tier>_vec: <...>_deriv_vec(x, &st) returns f'(x) and <...>_vd_vec(x, &dy, &st)
 * returns f(x) and stores f'(x).  F32 is F32 (float arithmetic) or F32_IN_F64, as for the value. */
#define VM_DERIV_ARRAYS(fn, tier, F32)                                              \
    VM_ARRAY_F64(vm_##fn##_##tier##_deriv_f64, fn##_f64_##tier##_deriv_vec)         \
    VM_ARRAY_##F32(vm_##fn##_##tier##_deriv_f32, fn##_f32_##tier##_deriv_vec)       \
    VM_ARRAY2_F64(vm_##fn##_##tier##_vd_f64, fn##_f64_##tier##_vd_vec)              \
    VM_ARRAY2_##F32(vm_##fn##_##tier##_vd_f32, fn##_f32_##tier##_vd_vec)
/* The fused vector function where value and derivative share nothing worth sharing: both,
 * on the same registers (VT: vd, vf or vfh). */
#define VM_VD_FROM_PARTS(fn, T, tier, VT)                                           \
    static inline VT fn##_##T##_##tier##_vd_vec(VT x, VT *dy, int *st) {            \
        *dy = fn##_##T##_##tier##_deriv_vec(x, st);                                 \
        return fn##_##T##_##tier##_vec(x, st);                                      \
    }

/* The same for every tier of fn: ACC is how the accurate tier computes float32, F32 (float
 * arithmetic, on vf) or F32_IN_F64 (in double, on vfh); the fast and approx tiers use F32.
 * VM_DERIV_ARRAYS_TIERS makes vm_<fn>_<tier>_deriv_<f64|f32> and vm_<fn>_<tier>_vd_<f64|f32>
 * for tier = accurate, fast, approx; VM_VD_FROM_PARTS_TIERS makes <fn>_<f64|f32>_<tier>_vd_vec;
 * VM_DERIV_EVERY_TIER makes <fn>_<f64|f32>_<tier>_deriv_vec of a derivative that is the same
 * in every tier: D64 (vd), DACC32 (the accurate tier's float32, ACC) and D32 (vf). */
#define VM_DERIV_ARRAYS_TIERS(fn, ACC) \
    VM_DERIV_ARRAYS(fn, accurate, ACC) VM_DERIV_ARRAYS(fn, fast, F32) VM_DERIV_ARRAYS(fn, approx, F32)
#define VM_VT_F32 vf
#define VM_VT_F32_IN_F64 vfh
#define VM_VD_FROM_PARTS_TIERS(fn, ACC)                                                     \
    VM_VD_FROM_PARTS(fn, f64, accurate, vd) VM_VD_FROM_PARTS(fn, f32, accurate, VM_VT_##ACC) \
    VM_VD_FROM_PARTS(fn, f64, fast, vd) VM_VD_FROM_PARTS(fn, f32, fast, vf)                 \
    VM_VD_FROM_PARTS(fn, f64, approx, vd) VM_VD_FROM_PARTS(fn, f32, approx, vf)
#define VM_DERIV_1(fn, T, tier, VT, D) \
    static inline VT fn##_##T##_##tier##_deriv_vec(VT x, int *st) { return D(x, st); }
#define VM_DERIV_EVERY_TIER(fn, ACC, D64, DACC32, D32)                                      \
    VM_DERIV_1(fn, f64, accurate, vd, D64) VM_DERIV_1(fn, f32, accurate, VM_VT_##ACC, DACC32) \
    VM_DERIV_1(fn, f64, fast, vd, D64) VM_DERIV_1(fn, f32, fast, vf, D32)                   \
    VM_DERIV_1(fn, f64, approx, vd, D64) VM_DERIV_1(fn, f32, approx, vf, D32)

static inline double vm_asdouble(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }

#endif

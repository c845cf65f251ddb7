/* The vector libraries a user would pick instead of vecmath, as array loops the benchmark can
 * call through ctypes: SLEEF 3.5 (Debian libsleef-dev; u10 = 1.0-ULP, u35 = 3.5-ULP) and glibc's
 * libmvec, in their AVX-512 and AVX2 versions.  Compiled by bench/bench_ufuncs.py when it runs
 * (not part of vecmath), for the one path it measures: the AVX-512 loops only under -mavx512f.
 * Tails go through a padded copy, as vecmath's kernels do. */
#include <immintrin.h>
#include <stddef.h>
#include <string.h>
#ifdef HAVE_SLEEF
#include <sleef.h>
#endif

#define LOOP(NAME, T, VT, W, LOAD, STORE, CALL)                                            \
    void NAME(const T *x, T *y, size_t n) {                                                \
        size_t i = 0;                                                                      \
        for (; i + W <= n; i += W) STORE(y + i, CALL(LOAD(x + i)));                        \
        if (i < n) {                                                                       \
            T bx[W], by[W];                                                                \
            for (size_t j = 0; j < W; j++) bx[j] = i + j < n ? x[i + j] : (T)1;            \
            STORE(by, CALL(LOAD(bx)));                                                     \
            memcpy(y + i, by, (n - i) * sizeof(T));                                        \
        }                                                                                  \
    }
#ifdef __AVX512F__
#define D8(NAME, CALL) LOOP(NAME, double, __m512d, 8, _mm512_loadu_pd, _mm512_storeu_pd, CALL)
#define F16(NAME, CALL) LOOP(NAME, float, __m512, 16, _mm512_loadu_ps, _mm512_storeu_ps, CALL)
#else
#define D8(NAME, CALL)
#define F16(NAME, CALL)
#endif
#define D4(NAME, CALL) LOOP(NAME, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, CALL)
#define F8(NAME, CALL) LOOP(NAME, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, CALL)

/* glibc libmvec: the x86-64 vector ABI names (e: AVX-512, d: AVX2) */
#define MVEC(fn)                                                                           \
    __m512d _ZGVeN8v_##fn(__m512d);                                                        \
    __m512 _ZGVeN16v_##fn##f(__m512);                                                      \
    __m256d _ZGVdN4v_##fn(__m256d);                                                        \
    __m256 _ZGVdN8v_##fn##f(__m256);                                                       \
    D8(libmvec_avx512_##fn##_f64, _ZGVeN8v_##fn)                                           \
    F16(libmvec_avx512_##fn##_f32, _ZGVeN16v_##fn##f)                                      \
    D4(libmvec_avx2_##fn##_f64, _ZGVdN4v_##fn)                                             \
    F8(libmvec_avx2_##fn##_f32, _ZGVdN8v_##fn##f)
MVEC(exp) MVEC(log) MVEC(tanh) MVEC(atan) MVEC(expm1) MVEC(log1p) /* expm1, log1p: glibc >= 2.35 */
MVEC(erf) MVEC(erfc)                                               /* glibc >= 2.35 */

#ifdef HAVE_SLEEF
#define SLEEF(fn, u)                                                                       \
    D8(sleef_##u##_avx512_##fn##_f64, Sleef_##fn##d8_##u##avx512f)                         \
    F16(sleef_##u##_avx512_##fn##_f32, Sleef_##fn##f16_##u##avx512f)                       \
    D4(sleef_##u##_avx2_##fn##_f64, Sleef_##fn##d4_##u##avx2)                              \
    F8(sleef_##u##_avx2_##fn##_f32, Sleef_##fn##f8_##u##avx2)
SLEEF(exp, u10) SLEEF(log, u10) SLEEF(tanh, u10) SLEEF(atan, u10) SLEEF(expm1, u10) SLEEF(log1p, u10)
SLEEF(log, u35) SLEEF(tanh, u35) SLEEF(atan, u35)   /* SLEEF has no 3.5-ULP exp, expm1 or log1p */
SLEEF(erf, u10) SLEEF(erfc, u15)                    /* erfc: 1.5 ULP is SLEEF's only version */
#endif

/* glibc's scalar functions in a plain loop (the C library a non-SIMD program calls; NumPy's
 * path on AArch64 for exp, log and atan): the yardstick of vecmath's portable scalar path */
#include <math.h>
#define GLIBC_SCALAR(fn)                                                                   \
    void glibc_scalar_##fn##_f64(const double *x, double *y, size_t n) {                   \
        for (size_t i = 0; i < n; i++) y[i] = fn(x[i]);                                    \
    }                                                                                      \
    void glibc_scalar_##fn##_f32(const float *x, float *y, size_t n) {                     \
        for (size_t i = 0; i < n; i++) y[i] = fn##f(x[i]);                                 \
    }
GLIBC_SCALAR(exp) GLIBC_SCALAR(log) GLIBC_SCALAR(tanh) GLIBC_SCALAR(atan) GLIBC_SCALAR(expm1) GLIBC_SCALAR(log1p)

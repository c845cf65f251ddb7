/* Portable scalar implementation of the vector layer: one lane, fma() from libm. */
#include <math.h>
#include <string.h>
#include "vm_simd_lane.h"

static inline vd vd_add(vd a, vd b) { return a + b; }
static inline vd vd_sub(vd a, vd b) { return a - b; }
static inline vd vd_mul(vd a, vd b) { return a * b; }
static inline vd vd_div(vd a, vd b) { return a / b; }
static inline vd vd_fma(vd a, vd b, vd c) { return fma(a, b, c); }
static inline vd vd_fnma(vd a, vd b, vd c) { return fma(-a, b, c); }
static inline vdi vd_bits(vd a) { vdi r; memcpy(&r, &a, 8); return r; }
static inline vd vd_from_bits(vdi a) { vd r; memcpy(&r, &a, 8); return r; }
static inline vfh vfh_from_vd(vd a) { return (float)a; }
static inline vf vf_add(vf a, vf b) { return a + b; }
static inline vf vf_sub(vf a, vf b) { return a - b; }
static inline vf vf_mul(vf a, vf b) { return a * b; }
static inline vf vf_div(vf a, vf b) { return a / b; }
static inline vf vf_fma(vf a, vf b, vf c) { return fmaf(a, b, c); }
static inline vf vf_fnma(vf a, vf b, vf c) { return fmaf(-a, b, c); }
static inline vfi vf_bits(vf a) { vfi r; memcpy(&r, &a, 4); return r; }
static inline vf vf_from_bits(vfi a) { vf r; memcpy(&r, &a, 4); return r; }
static inline vf vf_from_vfi(vfi a) { return (float)(int32_t)a; }

/* The one owner of vecmath's floating-point-mode rule: the kernels compute in IEEE mode
 * whatever mode the caller set, and the caller's mode is put back after.
 *
 * On x86-64, MXCSR's flush-to-zero (bit 15) and denormals-are-zero (bit 6) would change the
 * kernels' bits; a process may have them set by a library built with -ffast-math.  Every way
 * into the kernels from outside enters IEEE mode once, here, and leaves it once:
 *   - the public kernels (dispatch.c): per call, for cffi and C callers;
 *   - the ufunc loops (ufunc_loops.c): once per loop; inside it they call the active path's
 *     table (vm_table.h) directly, so no kernel call in a loop pays for the guard again;
 *   - the thread pool's workers (vm_threads.c): before each part (vecmath's own threads, so
 *     nothing to put back).
 * On AArch64 the same bit is FPCR's flush-to-zero (FZ, bit 24), which -ffast-math sets there
 * too.  In the default mode the guard costs one mode-register read and one test.  Elsewhere
 * (the portable scalar path on other architectures) it is empty. */
#ifndef VM_FPMODE_H
#define VM_FPMODE_H

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define VM_FPMODE_MXCSR 1
#define VM_DENORMAL_MODES 0x8040u /* MXCSR: flush-to-zero | denormals-are-zero */

/* IEEE mode from the MXCSR value csr just read (a caller that needs its flags too reads it
 * once): clears FTZ/DAZ where set, and returns the bits it cleared (0 in the default mode),
 * which vm_ieee_leave puts back. */
static inline unsigned vm_ieee_enter_csr(unsigned csr) {
    unsigned modes = csr & VM_DENORMAL_MODES;
    if (__builtin_expect(modes != 0, 0)) _mm_setcsr(csr & ~VM_DENORMAL_MODES);
    return modes;
}
static inline unsigned vm_ieee_enter(void) { return vm_ieee_enter_csr(_mm_getcsr()); }
/* the caller's modes back, with the status flags as they stand now */
static inline void vm_ieee_leave(unsigned modes) {
    if (__builtin_expect(modes != 0, 0)) _mm_setcsr(_mm_getcsr() | modes);
}
#elif defined(__aarch64__)
#define VM_FPMODE_MXCSR 0
#define VM_DENORMAL_MODES (1u << 24) /* FPCR: flush-to-zero (FZ) */

static inline unsigned long vm_fpcr(void) {
    unsigned long r;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(r));
    return r;
}
static inline void vm_set_fpcr(unsigned long r) { __asm__ __volatile__("msr fpcr, %0" : : "r"(r)); }
/* as on x86-64: clears FZ where set, returns what it cleared */
static inline unsigned vm_ieee_enter(void) {
    unsigned long fpcr = vm_fpcr();
    unsigned modes = (unsigned)(fpcr & VM_DENORMAL_MODES);
    if (__builtin_expect(modes != 0, 0)) vm_set_fpcr(fpcr & ~(unsigned long)VM_DENORMAL_MODES);
    return modes;
}
static inline void vm_ieee_leave(unsigned modes) {
    if (__builtin_expect(modes != 0, 0)) vm_set_fpcr(vm_fpcr() | modes);
}
#else
#define VM_FPMODE_MXCSR 0
static inline unsigned vm_ieee_enter(void) { return 0; }
static inline void vm_ieee_leave(unsigned modes) { (void)modes; }
#endif

#endif

/* Which 512-bit instructions of the kernels share execution pipes: each line runs 12
 * independent instructions per loop iteration (6 + 6 for a pair) and prints the time per
 * iteration relative to 12 FMAs (1.00 = as costly as 12 FMAs).  A pair that costs about as
 * much as its slower half runs on separate pipes; one that costs the sum shares them.
 *
 *   gcc -O1 -mavx512f -mavx512dq -mavx512vl -mavx512bw bench/pipes_avx512.c -o /tmp/pipes && /tmp/pipes
 *
 * Figures and what they mean for the kernels: docs/benchmarks.md ("Third machine"). */
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

#define ITERS 20000000L
/* destinations zmm4..zmm15; sources zmm0, zmm1 (values), zmm2 (a table), zmm3 (indices) */
#define ALL(I) I(4) I(5) I(6) I(7) I(8) I(9) I(10) I(11) I(12) I(13) I(14) I(15)
#define FIRST(I) I(4) I(5) I(6) I(7) I(8) I(9)
#define SECOND(I) I(10) I(11) I(12) I(13) I(14) I(15)
#define FMA(n) "vfmadd231pd %%zmm1, %%zmm0, %%zmm" #n "\n"
#define MUL(n) "vmulpd %%zmm1, %%zmm0, %%zmm" #n "\n"
#define ADD(n) "vaddpd %%zmm1, %%zmm0, %%zmm" #n "\n"
#define MINPD(n) "vminpd %%zmm1, %%zmm0, %%zmm" #n "\n"
#define PADDQ(n) "vpaddq %%zmm1, %%zmm0, %%zmm" #n "\n"
#define PSLLQ(n) "vpsllq $3, %%zmm0, %%zmm" #n "\n"
#define PANDQ(n) "vpandq %%zmm1, %%zmm0, %%zmm" #n "\n"
#define TERNLOG(n) "vpternlogd $0x78, %%zmm1, %%zmm0, %%zmm" #n "\n"
#define BLEND(n) "vblendmpd %%zmm1, %%zmm0, %%zmm" #n "%{%%k2%}\n"
#define PERMT2(n) "vmovdqa64 %%zmm2, %%zmm" #n "\n vpermt2pd %%zmm1, %%zmm3, %%zmm" #n "\n"
#define CVTPS2PD(n) "vcvtps2pd %%ymm0, %%zmm" #n "\n"
#define CVTPD2PS(n) "vcvtpd2ps %%zmm0, %%ymm" #n "\n"
#define SCALEF(n) "vscalefpd %%zmm1, %%zmm0, %%zmm" #n "\n"
#define CMPPD(n) "vcmppd $1, %%zmm1, %%zmm0, %%k1\n"
#define CMPPS_Y(n) "vcmpps $1, %%ymm1, %%ymm0, %%k1\n"
#define PTESTNMQ(n) "vptestnmq %%zmm1, %%zmm0, %%k1\n"
#define FPCLASS(n) "vfpclasspd $0x99, %%zmm0, %%k1\n"
#define PMINUQ(n) "vpminuq %%zmm1, %%zmm0, %%zmm" #n "\n"
#define DIVPD(n) "vdivpd %%zmm1, %%zmm0, %%zmm" #n "\n"
#define DIVPS(n) "vdivps %%zmm1, %%zmm0, %%zmm" #n "\n"
#define DIVPS_Y(n) "vdivps %%ymm1, %%ymm0, %%ymm" #n "\n"

static double fma_time;
#define RUN(name, body)                                                                        \
    do {                                                                                       \
        double t0 = now();                                                                     \
        for (long i = 0; i < ITERS; i++)                                                       \
            __asm__ volatile(body ::: "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",  \
                             "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "k1", "k2");         \
        double t = (now() - t0) / ITERS;                                                       \
        if (fma_time == 0) fma_time = t;                                                       \
        printf("%-22s %6.3f ns  %5.2f\n", name, t * 1e9, t / fma_time);                        \
    } while (0)

int main(void) {
    const double one = 1.0000001;
    __asm__ volatile("vbroadcastsd %0, %%zmm0\n vbroadcastsd %0, %%zmm1\n"
                     "vbroadcastsd %0, %%zmm2\n vpxorq %%zmm3, %%zmm3, %%zmm3\n kxnorb %%k2, %%k2, %%k2"
                     ::"m"(one));
    printf("%-22s %9s  %5s\n", "12 instructions", "time", "/ FMA");
    RUN("vfmadd231pd", ALL(FMA));
    RUN("vmulpd", ALL(MUL));
    RUN("vaddpd", ALL(ADD));
    RUN("vminpd", ALL(MINPD));
    RUN("vpaddq", ALL(PADDQ));
    RUN("vpsllq", ALL(PSLLQ));
    RUN("vpandq", ALL(PANDQ));
    RUN("vpternlogd", ALL(TERNLOG));
    RUN("vblendmpd", ALL(BLEND));
    RUN("vpermt2pd", ALL(PERMT2));
    RUN("vcvtps2pd", ALL(CVTPS2PD));
    RUN("vcvtpd2ps", ALL(CVTPD2PS));
    RUN("vscalefpd", ALL(SCALEF));
    RUN("vcmppd -> k", ALL(CMPPD));
    RUN("vcmpps ymm -> k", ALL(CMPPS_Y));
    RUN("vptestnmq -> k", ALL(PTESTNMQ));
    RUN("vfpclasspd -> k", ALL(FPCLASS));
    RUN("vpminuq", ALL(PMINUQ));
    RUN("vdivpd", ALL(DIVPD));
    RUN("vdivps", ALL(DIVPS));
    RUN("vdivps ymm", ALL(DIVPS_Y));
    RUN("6 fma + 6 add", FIRST(FMA) SECOND(ADD));
    RUN("6 fma + 6 paddq", FIRST(FMA) SECOND(PADDQ));
    RUN("6 fma + 6 psllq", FIRST(FMA) SECOND(PSLLQ));
    RUN("6 fma + 6 minpd", FIRST(FMA) SECOND(MINPD));
    RUN("6 fma + 6 ternlog", FIRST(FMA) SECOND(TERNLOG));
    RUN("6 fma + 6 blend", FIRST(FMA) SECOND(BLEND));
    RUN("6 fma + 6 permt2pd", FIRST(FMA) SECOND(PERMT2));
    RUN("6 fma + 6 cvtpd2ps", FIRST(FMA) SECOND(CVTPD2PS));
    RUN("6 fma + 6 scalefpd", FIRST(FMA) SECOND(SCALEF));
    RUN("6 fma + 6 cmppd", FIRST(FMA) SECOND(CMPPD));
    RUN("6 fma + 6 cmpps ymm", FIRST(FMA) SECOND(CMPPS_Y));
    RUN("6 fma + 6 ptestnmq", FIRST(FMA) SECOND(PTESTNMQ));
    RUN("6 fma + 6 pminuq", FIRST(FMA) SECOND(PMINUQ));
    RUN("6 fma + 6 divpd", FIRST(FMA) SECOND(DIVPD));
    RUN("6 add + 6 permt2pd", FIRST(ADD) SECOND(PERMT2));
    RUN("6 add + 6 cvtpd2ps", FIRST(ADD) SECOND(CVTPD2PS));
    RUN("6 add + 6 psllq", FIRST(ADD) SECOND(PSLLQ));
    RUN("6 add + 6 cmppd", FIRST(ADD) SECOND(CMPPD));
    return 0;
}

/* The CPU paths and every fact about each: the one place they are written.
 *
 * VM_ISA_<name>(X, arg) is a path's row, X(name, layer, abi, lanes64, lanes32, features, flags, arg):
 *   name      VECMATH_ISA's name; csrc/isa_<name>.c is its build of every kernel (it compiles to
 *             nothing where this file does not define the row), vm_table_<name> its table
 *   layer     its vector layer, csrc/simd/vm_simd_<layer>.h
 *   abi       the ISA letter of the vector function ABI that names its register entry points
 *             (_ZGV<abi>N<lanes>v_vm_exp_accurate_f64_x1: x86-64 d = AVX2, e = AVX-512; AArch64
 *             n = Advanced SIMD), or none: it has none (the SVE paths: a fixed-length SVE
 *             register is neither the ABI's scalable s variant nor a vector LLVM passes there)
 *   lanes64, lanes32  doubles and floats per vector (its layer's VD_W and VF_W, checked there)
 *   features  the CPU features it needs, in GCC's and LLVM's names: on x86-64 its build's
 *             target (#pragma GCC target; clang: #pragma clang attribute); its CPU test (dispatch.c: every feature, and on AArch64 an SVE
 *             vector of exactly its width); the target features numba must compile for to call
 *             its register entry points (vm_isa_features())
 *   flags     compiler flags of its own: setup.py compiles its build file alone with them
 * VM_ISA_LIST(X, arg) expands the rows of this architecture, worst first.  From them come the
 * builds (vm_simd.h), dispatch.c's tables, CPU tests and VECMATH_ISA names, vm_isa_names()
 * (vecmath.config(), show_config()), the lane table (lane_table.c) and so numba's variants,
 * setup.py's per-path flags and the tools (vecmath/_gen/isa_list.py reads this file for Python). */
#ifndef VM_ISA_LIST_H
#define VM_ISA_LIST_H

#define VM_ISA_scalar(X, arg) X(scalar, scalar, none, 1, 1, (), "", arg)
#if defined(__x86_64__)
#define VM_ISA_avx2(X, arg) X(avx2, avx2, d, 4, 8, (avx2, fma), "", arg)
#define VM_ISA_avx512(X, arg) X(avx512, avx512, e, 8, 16, (avx512f, avx512dq, avx512vl, avx512bw, avx2, fma), "", arg)
#define VM_ISA_LIST(X, arg) VM_ISA_scalar(X, arg) VM_ISA_avx2(X, arg) VM_ISA_avx512(X, arg)
#elif defined(__aarch64__)
#define VM_ISA_neon(X, arg) X(neon, neon, n, 2, 4, (neon), "", arg)
#define VM_ISA_sve256(X, arg) X(sve256, sve, none, 4, 8, (sve), "-march=armv8.2-a+sve -msve-vector-bits=256", arg)
#define VM_ISA_sve512(X, arg) X(sve512, sve, none, 8, 16, (sve), "-march=armv8.2-a+sve -msve-vector-bits=512", arg)
#define VM_ISA_LIST(X, arg) VM_ISA_scalar(X, arg) VM_ISA_neon(X, arg) VM_ISA_sve256(X, arg) VM_ISA_sve512(X, arg)
#else
#define VM_ISA_LIST(X, arg) VM_ISA_scalar(X, arg)
#endif

/* Reading the rows */
#define VM_CAT(a, b) VM_CAT_(a, b)
#define VM_CAT_(a, b) a##b
#define VM_STR(...) VM_STR_(__VA_ARGS__)
#define VM_STR_(...) #__VA_ARGS__
#define VM_UNPAREN(...) __VA_ARGS__
/* the field of the path VM_ISA names (set by its build file), e.g. VM_THIS(VM_FIELD_LAYER) */
#define VM_THIS(FIELD) VM_CAT(VM_ISA_, VM_ISA)(FIELD, ~)
#define VM_FIELD_LAYER(name, layer, ...) layer
#define VM_FIELD_ABI(name, layer, abi, ...) abi
#define VM_FIELD_LANES64(name, layer, abi, lanes64, ...) lanes64
#define VM_FIELD_LANES32(name, layer, abi, lanes64, lanes32, ...) lanes32
#define VM_FIELD_FEATURES(name, layer, abi, lanes64, lanes32, features, ...) features
/* 1 where a path has register entry points (abi is not none), else 0 */
#define VM_HAS_REGISTERS(abi) VM_SECOND(VM_CAT(VM_ABI_NONE_, abi), 1)
#define VM_ABI_NONE_none ~, 0
#define VM_SECOND(...) VM_SECOND_(__VA_ARGS__, ~)
#define VM_SECOND_(a, b, ...) b
/* VM_IF(c)(tokens): the tokens where c is 1, nothing where 0 */
#define VM_IF(c) VM_CAT(VM_IF_, c)
#define VM_IF_1(...) __VA_ARGS__
#define VM_IF_0(...)
/* the register entry point of one-output kernel NAME (vm_exp_accurate_f64) of LANES lanes on
 * the ABI's ISA letter ABI: _ZGV<abi>N<lanes>v_<NAME>_x1, a variant of the one-lane NAME_x1 */
#define VM_REGISTER_NAME(ABI, LANES, NAME) VM_REGISTER_NAME_(ABI, LANES, NAME)
#define VM_REGISTER_NAME_(ABI, LANES, NAME) _ZGV##ABI##N##LANES##v_##NAME##_x1
/* 1 where a path has two-register entry points too (x86: AVX2 d, AVX-512 e), else 0: a vector of
 * twice the register's lanes, which LLVM passes and returns in two registers; named
 * VM_REGISTER_NAME(ABI, VM_TWICE(LANES), NAME) */
#define VM_HAS_PAIRS(abi) VM_SECOND(VM_CAT(VM_ABI_PAIRS_, abi), 0)
#define VM_ABI_PAIRS_d ~, 1
#define VM_ABI_PAIRS_e ~, 1
#define VM_TWICE(lanes) VM_CAT(VM_TWICE_, lanes)
#define VM_TWICE_4 8
#define VM_TWICE_8 16
#define VM_TWICE_16 32
/* VM_EACH(F, arg, a, b, ...): F(arg, a) F(arg, b) ... (up to 8 items; none: nothing) */
#define VM_EACH(F, arg, ...) __VA_OPT__(VM_CAT(VM_EACH_, VM_COUNT(__VA_ARGS__))(F, arg, __VA_ARGS__))
#define VM_COUNT(...) VM_COUNT_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, ~)
#define VM_COUNT_(a, b, c, d, e, f, g, h, n, ...) n
#define VM_EACH_1(F, arg, a) F(arg, a)
#define VM_EACH_2(F, arg, a, ...) F(arg, a) VM_EACH_1(F, arg, __VA_ARGS__)
#define VM_EACH_3(F, arg, a, ...) F(arg, a) VM_EACH_2(F, arg, __VA_ARGS__)
#define VM_EACH_4(F, arg, a, ...) F(arg, a) VM_EACH_3(F, arg, __VA_ARGS__)
#define VM_EACH_5(F, arg, a, ...) F(arg, a) VM_EACH_4(F, arg, __VA_ARGS__)
#define VM_EACH_6(F, arg, a, ...) F(arg, a) VM_EACH_5(F, arg, __VA_ARGS__)
#define VM_EACH_7(F, arg, a, ...) F(arg, a) VM_EACH_6(F, arg, __VA_ARGS__)
#define VM_EACH_8(F, arg, a, ...) F(arg, a) VM_EACH_7(F, arg, __VA_ARGS__)
/* VM_EACH over a parenthesized list such as a row's features */
#define VM_EACH_OF(F, arg, list) VM_EACH_OF_(F, arg, VM_UNPAREN list)
#define VM_EACH_OF_(F, arg, ...) VM_EACH(F, arg, __VA_ARGS__)
/* a row's features as one string literal, each after a comma: ",avx2,fma" */
#define VM_FEATURE_STRING(features) ("" VM_EACH_OF(VM_COMMA_FEATURE, ~, features))
#define VM_COMMA_FEATURE(_, f) "," #f
#endif

#!/usr/bin/env bash
# Build vecmath's C extensions with AddressSanitizer and UndefinedBehaviorSanitizer in a separate
# copy of the tree, and run the non-exhaustive tests under them on every CPU path this machine
# runs (VECMATH_ISA).  The checkout's own build is left alone.
#
#   tools/sanitize.sh                 every non-exhaustive test file but numba's, every path
#   tools/sanitize.sh --quick         the CI subset: ufunc contract, memory bounds, reliability
#                                     and the golden hashes, every path
#   tools/sanitize.sh -- tests/x.py   these pytest arguments instead
#
# A Python extension built with ASan needs the ASan runtime loaded first (LD_PRELOAD), and
# CPython's own allocations are not leaks to report (detect_leaks=0).  Any ASan or UBSan report
# fails the run (halt_on_error).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
TESTS=(tests --ignore=tests/test_numba.py --ignore=tests/test_numba_deriv.py
       --ignore=tests/test_cuda_ptx.py --ignore=tests/test_packaging.py)
if [ "${1:-}" = "--quick" ]; then
    TESTS=(tests/test_ufunc_contract.py tests/test_memory_bounds.py tests/test_reliability.py
           tests/test_isa.py)
    shift
fi
if [ "${1:-}" = "--" ]; then shift; TESTS=("$@"); fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vecmath-sanitize.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
    [ -e "$f" ] && mkdir -p "$WORK/$(dirname "$f")" && cp -p "$f" "$WORK/$f"
done

SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
echo "building with $SAN in $WORK"
(cd "$WORK" && CFLAGS="$SAN" LDFLAGS="$SAN" "$PY" setup.py -q build_clib build_ext --inplace >build.log 2>&1) ||
    { tail -30 "$WORK/build.log"; exit 1; }

ASAN_LIB=$(${CC:-gcc} -print-file-name=libasan.so)
UBSAN_LIB=$(${CC:-gcc} -print-file-name=libubsan.so)
export LD_PRELOAD="$ASAN_LIB $UBSAN_LIB"
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export PYTHONPATH="$WORK${PYTHONPATH:+:$PYTHONPATH}"
ISAS=$(cd "$WORK" && "$PY" -c "import vecmath; print(' '.join(vecmath.config()['available']))")
status=0
for isa in $ISAS; do
    echo "== VECMATH_ISA=$isa"
    (cd "$WORK" && VECMATH_ISA=$isa "$PY" -c "import vecmath, sys; assert vecmath.__file__.startswith(sys.argv[1]), vecmath.__file__" "$WORK" &&
     VECMATH_ISA=$isa "$PY" -m pytest -q -p no:cacheprovider -n 0 "${TESTS[@]}") || status=1
done
exit $status

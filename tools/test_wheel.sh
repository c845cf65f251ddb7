#!/usr/bin/env bash
# Install a built wheel as a user without a compiler would, and test the installed package:
#   tools/test_wheel.sh WHEEL [--smoke] [PYTEST ARGS...]
# A fresh venv (in a temporary folder) on a PATH where gcc, cc, clang, c++, g++ and ld are stubs
# that fail, and CC/CXX name a compiler that fails, so nothing can be compiled: pip installs the
# wheel and its dependencies as wheels only (--only-binary=:all:).  Then, from a folder outside
# this checkout (nothing of the source tree is importable):
#   show_config(), one call of every function's ufunc (each tier and dtype) beside NumPy's, and
#   python -m vecmath.accuracy.golden (every hash on every path this CPU runs);
#   with --smoke that is all (CI's check);
#   otherwise pytest on a copy of tests/ (default: -n 0 and the modules that
#   test the installed package; PYTEST ARGS replace them), the tests that read the source tree
#   (csrc/, pyproject.toml) deselected: they test the checkout, not the wheel.
# VENV_DIR=dir keeps the venv there (default: a temporary folder, removed at the end).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WHEEL="$(realpath "$1")"; shift
SMOKE=0
if [ "${1:-}" = --smoke ]; then SMOKE=1; shift; fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
VENV="${VENV_DIR:-$WORK/venv}"

# no compiler: stubs first on PATH, CC/CXX a command that fails
mkdir -p "$WORK/nocc"
for cc in gcc cc clang c++ g++ clang++ ld x86_64-linux-gnu-gcc aarch64-linux-gnu-gcc; do
    printf '#!/bin/sh\necho "test_wheel.sh: no compiler here (%s called)" >&2\nexit 1\n' "$cc" > "$WORK/nocc/$cc"
    chmod +x "$WORK/nocc/$cc"
done
export PATH="$VENV/bin:$WORK/nocc:$PATH" CC="$WORK/nocc/cc" CXX="$WORK/nocc/c++"
unset PYTHONPATH VECMATH_ISA
if cc --version >/dev/null 2>&1 || gcc --version >/dev/null 2>&1; then
    echo "test_wheel.sh: a compiler is still reachable" >&2; exit 1
fi

python3 -m venv "$VENV"
t0=$SECONDS
pip_install() { "$VENV/bin/python" -m pip install -q --only-binary=:all: "$@"; }
pip_install "$WHEEL"
[ $SMOKE = 1 ] || pip_install pytest pytest-xdist "hypothesis>=6.100" "threadpoolctl>=3.5" numba
echo "installed $(basename "$WHEEL") and its dependencies as wheels in $((SECONDS - t0)) s, no compiler on PATH"

cd "$WORK"   # not the checkout: vecmath comes from the venv
python - <<'EOF'
import os, sys
import numpy as np
import vecmath
site = os.path.realpath(sys.prefix)
assert os.path.realpath(vecmath.__file__).startswith(site), f"vecmath from {vecmath.__file__}, not the venv {site}"
vecmath.show_config()
# one call of every function's ufunc, each tier and dtype, beside NumPy's
import vecmath.spec as spec
x = np.linspace(-0.9, 3, 1001)          # inside every function's domain (log: x + 1)
calls = 0
for tier in spec.TIERS:
    for fn in spec.FUNCTIONS:
        for dtype in (np.float32, np.float64):
            xs = (x + 1 if fn == "log" else x).astype(dtype)
            peer = spec.peer_callable(fn)       # NumPy's or SciPy's; SciPy is not in this venv
            if peer is None:                     # so sigmoid is checked against mpmath
                from vecmath.accuracy import reference
                ref = reference(fn, xs.astype(np.float64), processes=1).rounded
            else:
                ref = peer(xs)
            y = getattr(getattr(vecmath, tier), fn)(xs)
            assert y.dtype == dtype and np.allclose(y, ref, rtol=1e-3, atol=1e-6), (tier, fn, dtype)
            calls += 1
print(f"smoke: {calls} ufunc calls (every function, tier and dtype) agree with their peer (NumPy, else mpmath); vecmath from {vecmath.__file__}")
# the thread pool (pthread_create, pthread_sigmask, pthread_mutex_trylock: the glibc symbols a
# wheel binds old versions of): a call large enough to be split starts workers and gives the
# bits of one thread
big = np.linspace(-5, 5, 1 << 20)
vecmath.set_num_threads(1)
one = vecmath.exp(big)
tasks = len(os.listdir("/proc/self/task"))
vecmath.set_num_threads(2)
two = vecmath.exp(big)
started = len(os.listdir("/proc/self/task")) - tasks
assert started >= 1 and np.array_equal(one.view(np.uint64), two.view(np.uint64)), started
print(f"threads: a 2^20-element call on 2 threads ({started} worker started) gives the 1-thread bits")
EOF
python -m vecmath.accuracy.golden
[ $SMOKE = 1 ] && exit 0

cp -r "$ROOT/tests" "$WORK/tests"
cd "$WORK/tests"
if [ $# -eq 0 ]; then
    set -- -n 0 test_accuracy.py test_api.py test_deriv.py test_isa.py test_memory_bounds.py \
        test_reliability.py test_ufunc_contract.py test_warnings.py test_threads.py test_numba.py test_numba_deriv.py
fi
# the tests of the checkout itself (they read csrc/, tools/ or pyproject.toml beside tests/)
DESELECT=(--deselect test_api.py::test_kernel_list_matches_spec
          --deselect test_isa.py::test_isa_registry_reaches_build_config_and_errors
          --deselect test_deriv.py::test_every_function_has_derivative_kernels
          --deselect test_numba.py::test_entry_point_registers_without_import
          --deselect test_isa.py::test_isa_list_parser
          --deselect test_isa.py::test_lane_table_follows_the_rows
          --deselect test_isa.py::test_a_new_path_is_one_row_and_one_build_file
          --deselect test_numba.py::test_llvm_widens_calls_into_neon_register_functions)
t0=$SECONDS
python -m pytest -p no:cacheprovider --rootdir "$WORK/tests" "${DESELECT[@]}" "$@"
echo "tests of the installed wheel: $((SECONDS - t0)) s"

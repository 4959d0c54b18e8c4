#!/usr/bin/env bash
# Builds the release binary of pdftext for use (README, Install): the Swift runtime linked
# statically, and, where the system allows it, a smaller start-up footprint:
#   - lld with packed relative relocations (DT_RELR, `-z pack-relative-relocs`): the loader
#     reads 19 KB of relocations instead of 2.3 MB. Needs ld.lld (shipped with the Swift
#     toolchain) and glibc 2.36 or later on the machines that run the binary;
#   - no dynamic symbol table of our own (`--no-export-dynamic`): nothing loads symbols
#     from the executable, and the 1.7 MB table is no longer read at start-up;
#   - every function in its own section, laid out in the order of tools/release/pdftext.order
#     (`--symbol-ordering-file`, written by tools/release/make_order_file.py): the code that
#     text extraction runs sits together instead of scattered over 23 MB, and the kernel,
#     which maps code 64 KB around each page it needs, keeps 5 MB of it resident instead of
#     12 MB (a 116-page manual: peak RSS 26.5 -> 21.7 MB). Functions missing from the order
#     (renamed or new) are placed as usual.
# The binary stays position-independent (PIE, so ASLR applies). Measured on a one-page file
# (docs/PERFORMANCE.md): peak RSS 25.7 -> 20.8 MB, `pdftext --version` 16.0 -> 13.0 MB.
#
#     tools/build-release.sh [--plain] [extra swift build arguments...]
#
# --plain builds with the static runtime only. The binary is .build/release/pdftext.
set -euo pipefail
cd "$(dirname "$0")/.."
plain=0
if [ "${1:-}" = "--plain" ]; then plain=1; shift; fi
args=(-c release --static-swift-stdlib --product pdftext)
glibc=$(ldd --version 2>/dev/null | head -1 | grep -oE '[0-9]+\.[0-9]+$' || true)
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
if [ $plain -eq 0 ] && [ -n "$glibc" ] && [ -x "$swift_bin/ld.lld" ] \
   && [ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" = "2.36" ]; then
    args+=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic)
    if [ -f tools/release/pdftext.order ]; then
        args+=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
               -Xlinker "--symbol-ordering-file=$PWD/tools/release/pdftext.order" -Xlinker --no-warn-symbol-ordering)
    fi
else
    echo "build-release: static runtime only (needs ld.lld next to swift and glibc >= 2.36 for the rest)" >&2
fi
swift build "${args[@]}" "$@"

#!/usr/bin/env bash
# Builds the libFuzzer binary for document loading:
#   tools/fuzz/build.sh            -> .build-fuzz/release/FuzzDocumentLoading
# The fuzz package (tools/fuzz/Package.swift) depends on the root package by path and is built
# with SwiftPM's fuzzer and address sanitizers: every Swift module gets coverage
# instrumentation and ASan, and the link pulls in libFuzzer, which supplies `main`.
# Extra arguments go to `swift build` (e.g. `-c debug`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch="${FUZZ_SCRATCH_PATH:-$root/.build-fuzz}"
cd "$root"
mkdir -p tools/fuzz/work tools/fuzz/crashes
swift build -c release \
    --package-path tools/fuzz \
    --scratch-path "$scratch" \
    --sanitize fuzzer --sanitize address \
    --product FuzzDocumentLoading \
    "$@"
echo "$(swift build -c release --package-path tools/fuzz --scratch-path "$scratch" --sanitize fuzzer --sanitize address "$@" --show-bin-path)/FuzzDocumentLoading"

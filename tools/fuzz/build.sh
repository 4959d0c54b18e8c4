#!/usr/bin/env bash
# Builds the libFuzzer binaries:
#   tools/fuzz/build.sh            -> .build-fuzz/release/Fuzz{DocumentLoading,GlyphExtraction,ContentStream,CMap,Search}
#   FUZZ_TARGET=FuzzCMap tools/fuzz/build.sh   -> only that one
# The fuzz package (tools/fuzz/Package.swift) depends on the root package by path and is built
# with SwiftPM's fuzzer and address sanitizers: every Swift module gets coverage
# instrumentation and ASan, and the link pulls in libFuzzer, which supplies `main`.
# Extra arguments go to `swift build` (e.g. `-c debug`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch="${FUZZ_SCRATCH_PATH:-$root/.build-fuzz}"
cd "$root"
mkdir -p tools/fuzz/work tools/fuzz/crashes
# SwiftPM keeps the sanitizers in a Set and writes one -sanitize= flag per member in hash
# order, which changes from run to run; swiftc keeps only the last -sanitize= flag, so about
# every other build compiled the Swift modules with ASan but no coverage (libFuzzer then runs
# blind: "no interesting inputs were found"), and each change of order rebuilt everything.
# Fixed hashing keeps the order, and the combined flag, passed last, wins whatever it is.
export SWIFT_DETERMINISTIC_HASHING=1
product=()
[[ -n "${FUZZ_TARGET:-}" ]] && product=(--product "$FUZZ_TARGET")
swift build -c release \
    --package-path tools/fuzz \
    --scratch-path "$scratch" \
    --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address \
    "${product[@]}" \
    "$@"
swift build -c release --package-path tools/fuzz --scratch-path "$scratch" --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address "$@" --show-bin-path

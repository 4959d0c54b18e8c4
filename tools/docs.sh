#!/usr/bin/env bash
# Builds the PDFText DocC catalogue (Sources/PDFText/PDFText.docc, with the runnable
# examples in Snippets/) into a static site: tools/docs.sh [OUTPUT_DIR] (default .build/docs).
# Warnings (broken links, unknown symbols) are printed; --strict makes them fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs}"
strict=()
if [[ "${1:-}" == "--strict" ]]; then out=".build/docs"; strict=(--warnings-as-errors); fi
swift package --disable-sandbox --allow-writing-to-directory "$out" generate-documentation \
    --target PDFText "${strict[@]}" --transform-for-static-hosting --output-path "$out"
echo "documentation written to $out (open $out/documentation/pdftext/index.html through a web server)"

#!/usr/bin/env bash
# Stands in for pdftext when tools/man/generate.sh runs swift-argument-parser's
# generate-manual: prints `$PDFTEXT --experimental-dump-help` with every character outside
# ASCII written as QQU<hex>QQ, which generate.sh turns into the roff escape \[u<hex>].
# (generate-manual drops characters outside ASCII: "ß matches ss" would lose its ß.)
set -euo pipefail
[ "${1:-}" = "--experimental-dump-help" ] || { echo "ascii-help.sh: only --experimental-dump-help" >&2; exit 64; }
"${PDFTEXT:?PDFTEXT names the pdftext binary}" --experimental-dump-help | python3 -c '
import json, sys
def ascii(value):
    if isinstance(value, str):
        return "".join(c if ord(c) < 128 else "QQU%04XQQ" % ord(c) for c in value)
    if isinstance(value, list):
        return [ascii(v) for v in value]
    if isinstance(value, dict):
        return {k: ascii(v) for k, v in value.items()}
    return value
json.dump(ascii(json.load(sys.stdin)), sys.stdout)'

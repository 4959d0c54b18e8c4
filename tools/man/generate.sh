#!/usr/bin/env bash
# Writes docs/man: one mdoc page per command (pdftext.1, pdftext.grep.1, ...) from the
# command line's own help, with swift-argument-parser's generate-manual plugin (it builds
# the package in debug mode and reads `pdftext --experimental-dump-help`). The pages are
# committed, so that installing (tools/install.sh) needs no generator; the CLI tests
# (ManPageTests) and CI (`--check`) fail when they no longer match the help.
#
#     tools/man/generate.sh           rewrite docs/man
#     tools/man/generate.sh --check   exit 1 when docs/man differs from the help
#
# The plugin is run to build the package and its generate-manual tool, and the tool is then
# run again on the help with its characters outside ASCII kept (tools/man/ascii-help.sh:
# the tool drops them, "ß matches ss" would lose its ß; they are written \[uXXXX]). With
# GENERATE_MANUAL_TOOL set (the tests) the plugin is not run (no build); PDFTEXT names the
# binary (default .build/debug/pdftext).
#
# What the tool writes is adjusted in one other way: a blank line (mdoc warns of them)
# becomes .Pp in a discussion, and a .Pp before an .It goes. Hidden commands (layout-debug) get no page. The date of a
# page (.Dd) is left out of the comparison: a page is stale when its text is.
set -euo pipefail
cd "$(dirname "$0")/../.."
check=0
if [ "${1:-}" = "--check" ]; then check=1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tool=${GENERATE_MANUAL_TOOL:-}
if [ -z "$tool" ]; then
    swift package plugin generate-manual --configuration debug --multi-page >&2
    tool=.build/debug/generate-manual-tool
fi
binary=$(realpath "${PDFTEXT:-.build/debug/pdftext}")
mkdir "$work/raw"
PDFTEXT=$binary "$tool" "$PWD/tools/man/ascii-help.sh" --multi-page --date "$(date +%F)" -o "$work/raw"
raw=$work/raw
[ -f "$raw/pdftext.1" ] || { echo "generate.sh: the generator wrote no pdftext.1" >&2; exit 1; }
hidden=$("$binary" --experimental-dump-help | python3 -c '
import json, sys
def walk(command, prefix):
    for sub in command.get("subcommands", []):
        name = prefix + "." + sub["commandName"]
        if sub.get("shouldDisplay", True) is False:
            print(name + ".1")
        walk(sub, name)
walk(json.load(sys.stdin)["command"], "pdftext")')
mkdir "$work/pages"
for f in "$raw"/*.1; do
    name=$(basename "$f")
    grep -qxF -- "$name" <<< "$hidden" && continue
    awk 'function flush() { if (held != "") print held; held = "" }
         /^\.Bl/ { depth++ }
         /^\.El/ { depth-- }
         /^$/ { if (depth == 0) { flush(); held = ".Pp" }; next }
         /^\.Pp$/ { flush(); held = ".Pp"; next }
         /^\.It/ { held = "" }
         { flush(); print }
         END { flush() }' "$f" | sed 's/QQU\([0-9A-F]*\)QQ/\\[u\1]/g' > "$work/pages/$name"
done
# The pages as compared: without the .Dd line.
strip() { for f in "$1"/*.1; do echo "== $(basename "$f")"; grep -v '^\.Dd ' "$f"; done; }
if [ $check -eq 1 ]; then
    if diff -u <(strip docs/man) <(strip "$work/pages") >&2; then
        echo "docs/man is up to date" >&2
        exit 0
    fi
    echo "docs/man is stale: run tools/man/generate.sh and commit docs/man" >&2
    exit 1
fi
mkdir -p docs/man
# A page whose text did not change keeps its date.
for f in "$work/pages"/*.1; do
    name=$(basename "$f")
    if [ -f "docs/man/$name" ] && diff -q <(grep -v '^\.Dd ' "docs/man/$name") <(grep -v '^\.Dd ' "$f") > /dev/null; then
        continue
    fi
    cp "$f" "docs/man/$name"
done
for f in docs/man/*.1; do
    [ -f "$work/pages/$(basename "$f")" ] || rm -f "$f"
done
ls docs/man

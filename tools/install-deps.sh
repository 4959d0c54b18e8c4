#!/usr/bin/env bash
# Installs the Debian packages pdftext builds against (zlib, FreeType, ICU headers and
# SQLite for the search index, pkg-config), only those missing. Uses sudo when not root. Safe to run again.
# With --checks it also installs what CI's end-to-end checks use: Chromium and qpdf for the
# screen-reader check of the accessible HTML (tools/a11y/check_html_a11y.py), python3, and
# valgrind, whose malloc counter the allocation regression test reads (AllocationTests),
# xmllint (libxml2-utils), which validates the ALTO output against its schema, and
# pdftotext (poppler-utils), whose -bbox output the bbox formats are compared with
# (PopplerMarkupTests).
set -euo pipefail
packages=(zlib1g-dev libfreetype-dev libicu-dev libsqlite3-dev pkg-config poppler-data)
if [ "${1:-}" = "--checks" ]; then
    packages+=(chromium qpdf python3 valgrind libxml2-utils poppler-utils)
    # The shell checks: zsh and fish parse the completion scripts (CompletionTests), groff
    # renders the man pages (ManPageTests), script (bsdutils) runs a command on a terminal
    # for the colour and progress tests.
    packages+=(zsh fish groff-base bsdutils)
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# Installs the Debian packages pdftext builds against (zlib, FreeType, ICU headers and
# SQLite for the search index, pkg-config), and those it reads scanned pages with: the image
# codecs libjpeg-turbo (TurboJPEG), OpenJPEG and jbig2dec, and Tesseract with its English
# data (all loaded at run time; pdftext builds and runs without them, and says what is
# missing when a page needs them), and pdf.js (libjs-pdf), which `pdftext serve` and
# `pdftext view` serve or copy from its installed files; only those missing. Uses sudo when not root. Safe to run again.
# With --checks it also installs what CI's end-to-end checks use: Chromium and qpdf for the
# screen-reader check of the accessible HTML (tools/a11y/check_html_a11y.py), python3, and
# valgrind, whose malloc counter the allocation regression test reads (AllocationTests),
# xmllint (libxml2-utils), which validates the ALTO output against its schema, and
# pdftotext (poppler-utils), whose -bbox output the bbox formats are compared with
# (PopplerMarkupTests), and python3-websocket, with which the viewer's browser test drives
# Chromium over the DevTools protocol.
set -euo pipefail
packages=(zlib1g-dev libfreetype-dev libicu-dev libsqlite3-dev pkg-config poppler-data)
# Scanned pages (OCR): the codecs' and Tesseract's headers (for the build) and libraries.
packages+=(libturbojpeg0-dev libopenjp2-7-dev libjbig2dec0-dev libtesseract-dev tesseract-ocr-eng)
# The web viewer (docs/VIEWER.md): pdf.js renders the pages, served from Debian's files.
packages+=(libjs-pdf)
if [ "${1:-}" = "--checks" ]; then
    packages+=(chromium qpdf python3 valgrind libxml2-utils poppler-utils python3-websocket)
    # The shell checks: zsh and fish parse the completion scripts (CompletionTests), groff
    # renders the man pages (ManPageTests), script (bsdutils) runs a command on a terminal
    # for the colour and progress tests.
    packages+=(zsh fish groff-base bsdutils)
    # The scanned test pages: img2pdf wraps page images as PDFs (JPEG, CCITT G4), ImageMagick
    # makes the bilevel and noisy variants, OpenJPEG's tools the JPEG 2000 ones.
    packages+=(img2pdf imagemagick libopenjp2-tools)
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

#!/bin/sh
# A script written for pdftotext, as scripts in the wild call it: every option pdftotext
# (Poppler 22-24) has. PdftotextScriptTests runs it twice on the same PDF, once with Poppler's
# pdftotext and once with pdftext under the name pdftotext (a link), and compares the files.
#
#   PDFTOTEXT=/path/to/pdftotext tools/poppler-compat/pdftotext-script.sh IN.pdf OUTDIR
set -eu
T=${PDFTOTEXT:-pdftotext}
in=$1
out=$2
mkdir -p "$out"
cp "$in" "$out/doc.pdf"
cd "$out"
"$T" doc.pdf                                    # writes doc.txt
"$T" -layout -f 1 -l 1 doc.pdf layout.txt
"$T" -enc UTF-8 -eol unix -nopgbrk doc.pdf - > stdout.txt
"$T" -enc Latin1 -eol dos doc.pdf latin1.txt
"$T" -enc ASCII7 -eol mac doc.pdf ascii7.txt
"$T" -tsv doc.pdf doc.tsv
"$T" -bbox doc.pdf bbox.html
"$T" -bbox-layout doc.pdf bbox-layout.html
"$T" -htmlmeta doc.pdf                          # writes doc.html
"$T" -raw -nodiag -q doc.pdf raw.txt
"$T" -r 144 -x 0 -y 0 -W 1224 -H 800 doc.pdf crop.txt
"$T" -fixed 6 doc.pdf fixed.txt
"$T" -cropbox -bbox doc.pdf cropbox.html
"$T" -colspacing 0.7 doc.pdf colspacing.txt
"$T" -opw owner -upw user doc.pdf passwords.txt
"$T" -listenc > encodings.txt
"$T" -v 2> version.txt
"$T" -h > /dev/null 2>&1
"$T" -help > /dev/null 2>&1
"$T" -? > /dev/null 2>&1
"$T" --help > /dev/null 2>&1
# A usage error is an error.
if "$T" -f > /dev/null 2>&1; then echo "-f without a value was accepted" >&2; exit 1; fi
ls

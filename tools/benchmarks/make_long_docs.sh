#!/usr/bin/env bash
# Gathers and makes the long documents the speed benchmark (speed_ratios.py) measures: six
# documents of 100+ pages, one per producer, every one from a Debian package, so that anyone can
# rebuild the same set. They are not committed (several MB each, and the sources are
# installed anyway).
#
#     tools/benchmarks/make_long_docs.sh [DIR]        (default /tmp/pdftext-long-docs)
#
# | file                    | producer                   | source (Debian package: file)                                         |
# |-------------------------|----------------------------|-----------------------------------------------------------------------|
# | pdftex-scrguide.pdf     | pdfTeX 1.40 (KOMA-Script)  | texlive-latex-recommended: koma-script/scrguide-en.pdf                |
# | luatex-manual.pdf       | LuaTeX 1.16 + ConTeXt MkIV | texlive-base: luatex/base/luatex.pdf                                  |
# | xetex-fontbook.pdf      | XeTeX (xdvipdfmx)          | texlive-xetex: fontbook/fontbook-freefonts.pdf                        |
# | libreoffice-fontname.pdf| LibreOffice Writer/Web     | texlive-plain-generic: fonts/fontname/fontname.html                   |
# | chromium-tracklang.pdf  | Chromium (Skia/PDF)        | texlive-plain-generic: generic/tracklang/tracklang-manual.html        |
# | ghostscript-bash.pdf    | Ghostscript (ps2pdf)       | bash: the bash(1) manual page, typeset by groff -man -Tps           |
#
# Licences: each package's /usr/share/doc/PACKAGE/copyright; nothing here is redistributed.
# The first three are copied as Debian ships them; the last three are converted here with
# LibreOffice (`soffice --headless --convert-to pdf`), headless Chromium (`--print-to-pdf`) and
# groff + ps2pdf (12 pt, A4). Needs: texlive-latex-recommended texlive-base texlive-xetex
# texlive-plain-generic libreoffice-writer chromium groff ghostscript (apt-get install ...).
# A file that already exists is kept; a source that is missing is reported and skipped.
set -uo pipefail
out="${1:-/tmp/pdftext-long-docs}"
mkdir -p "$out"
doc=/usr/share/doc/texlive-doc
status=0
have() { [ -s "$out/$1" ]; }
miss() { echo "make_long_docs: $1: $2" >&2; status=1; }

copy() {  # copy NAME SOURCE PACKAGE
    have "$1" && return
    if [ -f "$2" ]; then cp "$2" "$out/$1"; else miss "$1" "$2 not found (apt-get install $3)"; fi
}
copy pdftex-scrguide.pdf "$doc/latex/koma-script/scrguide-en.pdf" texlive-latex-recommended
copy luatex-manual.pdf "$doc/luatex/base/luatex.pdf" texlive-base
copy xetex-fontbook.pdf "$doc/xelatex/fontbook/fontbook-freefonts.pdf" texlive-xetex

if ! have libreoffice-fontname.pdf; then
    src="$doc/fonts/fontname/fontname.html"
    if [ ! -f "$src" ]; then miss libreoffice-fontname.pdf "$src not found (apt-get install texlive-plain-generic)"
    elif ! command -v soffice >/dev/null; then miss libreoffice-fontname.pdf "soffice not found (apt-get install libreoffice-writer)"
    else
        tmp=$(mktemp -d)
        timeout 600 soffice --headless "-env:UserInstallation=file://$tmp/profile" \
            --convert-to pdf:writer_web_pdf_Export --outdir "$tmp" "$src" >/dev/null 2>&1
        if [ -s "$tmp/fontname.pdf" ]; then mv "$tmp/fontname.pdf" "$out/libreoffice-fontname.pdf"
        else miss libreoffice-fontname.pdf "LibreOffice did not convert $src"; fi
        rm -rf "$tmp"
    fi
fi

if ! have chromium-tracklang.pdf; then
    src="$doc/generic/tracklang/tracklang-manual.html"
    if [ ! -f "$src" ]; then miss chromium-tracklang.pdf "$src not found (apt-get install texlive-plain-generic)"
    elif ! command -v chromium >/dev/null; then miss chromium-tracklang.pdf "chromium not found (apt-get install chromium)"
    else
        timeout 300 chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
            --print-to-pdf="$out/chromium-tracklang.pdf" "file://$src" >/dev/null 2>&1
        have chromium-tracklang.pdf || miss chromium-tracklang.pdf "Chromium did not print $src"
    fi
fi

if ! have ghostscript-bash.pdf; then
    src=/usr/share/man/man1/bash.1.gz
    if [ ! -f "$src" ]; then miss ghostscript-bash.pdf "$src not found (apt-get install bash)"
    elif ! command -v ps2pdf >/dev/null || ! command -v groff >/dev/null; then
        miss ghostscript-bash.pdf "groff or ps2pdf not found (apt-get install groff ghostscript)"
    else
        zcat "$src" | groff -man -Tps -rS12 -dpaper=a4 -P-pa4 2>/dev/null \
            | ps2pdf -sPAPERSIZE=a4 - "$out/ghostscript-bash.pdf"
        have ghostscript-bash.pdf || miss ghostscript-bash.pdf "groff/ps2pdf made nothing"
    fi
fi

for f in "$out"/*.pdf; do
    [ -f "$f" ] || continue
    pages=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}')
    producer=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Producer: *//p')
    printf '%-28s %5s pages  %s\n' "$(basename "$f")" "${pages:-?}" "$producer"
done
exit $status

#!/usr/bin/env python3
"""Writes Corpus/text/: small PDFs with known text from real producers, each with its ground
truth (NAME.txt), and adds their entries (tag `text`) to Corpus/manifest.json.

The ground truth is assembled from the same strings the producer typesets
(tools/corpus/text/passages.py), never from an extractor's output. It is the text a careful
reader reads, in reading order:
  * pages in order, separated by a form feed;
  * on each page: running header first, then the body, then the footnotes of that page, then
    the footer (page number) last; groff's ms prints no header on page 1;
  * words as written: a word hyphenated at a line end is whole, ligatures are their letters,
    letter-spaced words are ordinary words;
  * multi-column text column by column; a table row by row, each row's cells left to right
    (the header row first); list markers ("•", "1.") before their item;
  * footnote marks as the digit after the word they follow ("dry.1"), the note starting with
    its number ("1 The oldest ...");
  * right-to-left text in logical order; vertical Japanese in column order (top to bottom,
    columns right to left), which is the source order;
  * text a quarter turn round (a /Rotate page or \\rotatebox) in the order it reads when the
    page is turned; invisible text (render mode 3 over a scanned image) is read as the image
    shows it.
Every multi-page fixture has explicit page breaks in its source, so the page of every block
is known; the script checks the producer's page count against the ground truth's.

Producers (Debian bookworm packages):
  LibreOffice:   libreoffice-writer-nogui (Flat ODT written here, --convert-to pdf)
  pdfLaTeX, XeLaTeX, LuaLaTeX: texlive-latex-base texlive-latex-recommended texlive-latex-extra
                 texlive-xetex texlive-luatex texlive-lang-japanese texlive-lang-chinese
                 texlive-lang-cyrillic texlive-lang-greek texlive-lang-arabic (polyglossia's
                 Hebrew needs bidi), fonts-lmodern; NOT cm-super (the Type 3 fixture needs
                 the EC fonts as METAFONT bitmaps)
  Chromium:      chromium (headless print to PDF)
  groff + Ghostscript: groff ghostscript
  fonts:         fonts-dejavu fonts-noto-cjk fonts-noto-core fonts-freefont-otf
  tools here:    qpdf (page count), poppler-utils (pdffonts, for the manifest's font list)
  Python:        reportlab (font metrics for the hand-written OCR-like page)
Install:  apt-get install -y --no-install-recommends <the packages above>

Determinism: TeX engines run with SOURCE_DATE_EPOCH/FORCE_SOURCE_DATE and a fixed build folder
and trailer ID; groff/ps2pdf with -dOmitInfoDate -dOmitID -dOmitXMP; the hand-written PDF is
byte-stable. LibreOffice and Chromium write the current date and a fresh /ID into every file;
those are replaced afterwards by fixed values of the same length (pin_dates_and_ids), so their
PDFs are stable too as long as the producer and font versions are. Use --only NAME to rebuild
some fixtures and keep the others' files and entries.

Usage: python3 tools/corpus/make_text_fixtures.py [--only NAME ...] [--list]
"""

import argparse, hashlib, html, json, os, re, shutil, subprocess, sys, time, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "corpus", "text"))
import passages as P  # noqa: E402

CORPUS = os.path.join(ROOT, "Corpus")
OUT = os.path.join(CORPUS, "text")
BUILD = "/tmp/pdftext-text-fixtures"   # fixed, so that paths written into PDFs do not vary
SCRIPT = "tools/corpus/make_text_fixtures.py"
EPOCH = "1700000000"
SIZE_BUDGET = 100_000

ENV = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH, FORCE_SOURCE_DATE="1", TZ="UTC", LC_ALL="C.UTF-8")

# Embedded font families (by PostScript name prefix) and their licences, for the manifest.
FONT_LICENCES = [
    (r"^CM|^cm", "Computer Modern Type 1 (amsfonts): SIL OFL 1.1"),
    (r"^LM|^lm", "Latin Modern (fonts-lmodern): GUST Font License"),
    (r"^DejaVu", "DejaVu (fonts-dejavu): Bitstream Vera licence"),
    (r"^NotoSansCJK|^NotoSerifCJK|^NotoSans-CJK", "Noto CJK (fonts-noto-cjk): SIL OFL 1.1"),
    (r"^Noto", "Noto (fonts-noto-core): SIL OFL 1.1"),
    (r"^FreeSerif|^FreeSans", "GNU FreeFont (fonts-freefont): GPL-3 with font exception"),
    (r"^Times|^NimbusRom", "Nimbus Roman (fonts-urw-base35, as Times): AGPL-3 with font exception"),
]


def sh(cmd, cwd=None, **kw):
    r = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, **kw)
    if r.returncode != 0:
        sys.stderr.write(r.stdout.decode(errors="replace")[-3000:] + r.stderr.decode(errors="replace")[-3000:])
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return r.stdout.decode(errors="replace")


def first_line(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, env=ENV).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "unknown"


def deb_version(pkg):
    r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True)
    return r.stdout.strip() or "unknown"


_versions = {}


def producer_version(producer):
    if producer not in _versions:
        _versions[producer] = {
            "libreoffice": lambda: f"{first_line(['libreoffice', '--version'])} (Debian libreoffice-writer-nogui {deb_version('libreoffice-writer-nogui')})",
            "pdflatex": lambda: f"pdfLaTeX: {first_line(['pdflatex', '--version'])}",
            "xelatex": lambda: f"XeLaTeX: {first_line(['xelatex', '--version'])} with xdvipdfmx",
            "lualatex": lambda: f"LuaLaTeX: {first_line(['lualatex', '--version'])}",
            "chromium": lambda: f"{first_line(['chromium', '--version'])}, headless print to PDF (Skia/PDF)",
            "groff": lambda: f"{first_line(['groff', '--version'])} -ms -Tps, ps2pdf (GPL Ghostscript {first_line(['gs', '--version'])})",
            "handwritten": lambda: f"hand-written PDF (Python), page image rasterised by GPL Ghostscript {first_line(['gs', '--version'])}",
        }[producer]()
    return _versions[producer]


# ---------------------------------------------------------------------------------------------
# Escaping for each source language

def tex(s):
    out = []
    for ch in s:
        out.append({"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                    "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                    "^": r"\textasciicircum{}", "’": "'", "‘": "`", "“": "``", "”": "''",
                    "–": "--", "—": "---"}.get(ch, ch))
    return "".join(out)


def xml(s):
    return html.escape(s, quote=True)


def troff(s):
    s = s.replace("\\", "\\e").replace("’", "\\[cq]").replace("–", "\\[en]")
    return "\\&" + s if s[:1] in ".'" else s


# ---------------------------------------------------------------------------------------------
# A fixture: its source, and the ground truth as pages of blocks.

class Fixture:
    def __init__(self, name, producer, tags, exercises, source, pages, ext):
        self.name, self.producer, self.tags, self.exercises = name, producer, tags, exercises
        self.source, self.pages, self.ext = source, pages, ext

    def ground_truth(self):
        return "\n\f".join("\n\n".join(blocks) for blocks in self.pages) + "\n"


FIXTURES = []


def fixture(fn):
    FIXTURES.append(fn)
    return fn


# ---------------------------------------------------------------------------------------------
# LaTeX (pdfLaTeX, XeLaTeX, LuaLaTeX)

def latex_doc(engine, name, preamble, body, cls="article", opts="11pt",
              paper="paperwidth=148mm,paperheight=210mm,margin=16mm"):
    ident = {"pdflatex": r"\pdftrailerid{pdftext-text-%s}\pdfsuppressptexinfo=-1" % name,
             "lualatex": r"\pdfvariable trailerid {[<7064667465787420> <7064667465787420>]}"
                         r"\pdfvariable suppressoptionalinfo 1023",
             "xelatex": ""}[engine]
    return (f"\\documentclass[{opts}]{{{cls}}}\n\\usepackage[{paper}]{{geometry}}\n{ident}\n"
            f"{preamble}\n\\begin{{document}}\n{body}\n\\end{{document}}\n")


def latex_title(t):
    return "{\\Large\\bfseries %s\\par}\\bigskip\n" % t


def latex_paras(paras, esc=tex):
    return "\n\n".join(esc(p) for p in paras) + "\n"


@fixture
def two_column():
    body = (latex_title(tex(P.BREAD_TITLE)) + "\\begin{multicols}{2}\n" + latex_paras(P.BREAD_COLUMNS)
            + "\\end{multicols}\n\\medskip\n\\noindent " + tex(P.BREAD_CLOSING))
    src = latex_doc("pdflatex", "two-column-pdflatex", "\\usepackage{multicol}\\pagestyle{empty}", body)
    return Fixture("two-column-pdflatex", "pdflatex", ["two-column", "multicol"],
                   "two balanced columns (multicol) between a full-width title and a full-width closing paragraph",
                   src, [[P.BREAD_TITLE, *P.BREAD_COLUMNS, P.BREAD_CLOSING]], "tex")


@fixture
def footnotes():
    n = 0
    pages_tex, pages_gt = [], []
    for i, (paras, notes) in enumerate(P.FOOTNOTE_PAGES):
        body_tex, body_gt = [], []
        for p in paras:
            def repl_tex(m):
                return "\\footnote{%s}" % tex(notes[int(m.group(1)) - n - 1])
            body_tex.append(re.sub(r"\{(\d)\}", repl_tex, tex_keep_marks(p)))
            body_gt.append(re.sub(r"\{(\d)\}", r"\1", p))
        gt = ([P.FOOTNOTE_TITLE] if i == 0 else []) + body_gt
        gt += [f"{n + k + 1} {note}" for k, note in enumerate(notes)] + [str(i + 1)]
        n += len(notes)
        pages_tex.append((latex_title(tex(P.FOOTNOTE_TITLE)) if i == 0 else "") + "\n\n".join(body_tex))
        pages_gt.append(gt)
    src = latex_doc("pdflatex", "footnotes-pdflatex", "\\pagestyle{plain}", "\n\\newpage\n".join(pages_tex))
    return Fixture("footnotes-pdflatex", "pdflatex", ["footnotes", "page-numbers"],
                   "footnotes at the foot of each of two pages, page numbers centred below them",
                   src, pages_gt, "tex")


def tex_keep_marks(p):
    # escape a paragraph but keep its {n} footnote marks
    return "".join(tex(part) if not re.fullmatch(r"\{\d\}", part) else part
                   for part in re.split(r"(\{\d\})", p))


@fixture
def ligatures():
    return latex_fixture("ligatures-pdflatex", "pdflatex", "", P.LIGATURE_TITLE, P.LIGATURE_TEXT, ["ligatures"],
                         "fi, fl, ff, ffi, ffl ligature glyphs of Computer Modern (OT1, Type 1)")


@fixture
def hyphenated():
    body = (latex_title(tex(P.HYPHEN_TITLE)) + "\\begin{multicols}{2}\n" + latex_paras(P.HYPHEN_TEXT)
            + "\\end{multicols}\n")
    pre = ("\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\usepackage{multicol}\\pagestyle{empty}"
           "\\hyphenpenalty=0\\exhyphenpenalty=0")
    src = latex_doc("pdflatex", "hyphenated-pdflatex", pre, body)
    return Fixture("hyphenated-pdflatex", "pdflatex", ["hyphenation", "justified", "two-column"],
                   "justified narrow columns with many words hyphenated at line ends (Latin Modern, T1)",
                   src, [[P.HYPHEN_TITLE, *P.HYPHEN_TEXT]], "tex")


@fixture
def rotated_page():
    body = (latex_title(tex(P.ROTATED_PAGE_INTRO_TITLE)) + latex_paras(P.ROTATED_PAGE_INTRO)
            + "\\begin{landscape}\n" + latex_paras(P.ROTATED_PAGE_LANDSCAPE) + "\\end{landscape}\n")
    src = latex_doc("pdflatex", "rotated-page-pdflatex", "\\usepackage{pdflscape}\\pagestyle{empty}", body)
    return Fixture("rotated-page-pdflatex", "pdflatex", ["rotation", "rotate-90", "landscape"],
                   "page 2 is landscape: its content is drawn turned and the page has /Rotate 90 (pdflscape)",
                   src, [[P.ROTATED_PAGE_INTRO_TITLE, *P.ROTATED_PAGE_INTRO], P.ROTATED_PAGE_LANDSCAPE], "tex")


@fixture
def rotated_text():
    a, b = P.ROTATED_TEXT_LINES
    body = (latex_title(tex(P.ROTATED_TEXT_TITLE)) + tex(P.ROTATED_TEXT_BEFORE) + "\n\n"
            "\\begin{center}\\Large\\rotatebox{90}{%s}\\qquad\\rotatebox{90}{%s}\\end{center}\n\n" % (tex(a), tex(b))
            + tex(P.ROTATED_TEXT_AFTER))
    src = latex_doc("pdflatex", "rotated-text-pdflatex", "\\usepackage{graphicx}\\pagestyle{empty}", body)
    return Fixture("rotated-text-pdflatex", "pdflatex", ["rotation", "rotated-text"],
                   "two lines turned 90 degrees (reading upwards) between horizontal paragraphs",
                   src, [[P.ROTATED_TEXT_TITLE, P.ROTATED_TEXT_BEFORE, a, b, P.ROTATED_TEXT_AFTER]], "tex")


@fixture
def letterspaced():
    body = ("{\\Large\\bfseries\\textls[400]{%s}\\par}\\medskip\n{\\large\\textls[200]{%s}\\par}\\bigskip\n"
            % (tex(P.SPACED_TITLE.upper()), tex(P.SPACED_SUBTITLE))
            + "\\noindent\\textls[300]{\\textsc{%s}}\\par\\smallskip\n" % tex(P.SPACED_SECTION)
            + latex_paras(P.SPACED_TEXT) + "\n\\bigskip\n"
            + "\\noindent\\textls[300]{\\textsc{%s}}\\par\\smallskip\n" % tex(P.SPACED_SECTION2)
            + tex(P.SPACED_TEXT2) + "\n")
    src = latex_doc("pdflatex", "letterspaced-pdflatex", "\\usepackage{microtype}\\pagestyle{empty}", body)
    return Fixture("letterspaced-pdflatex", "pdflatex", ["letter-spacing", "small-caps"],
                   "headings letter-spaced with microtype's \\textls, two of them in small capitals",
                   src, [[P.SPACED_TITLE.upper(), P.SPACED_SUBTITLE, P.SPACED_SECTION, *P.SPACED_TEXT,
                          P.SPACED_SECTION2, P.SPACED_TEXT2]], "tex")


@fixture
def type3():
    return latex_fixture("type3-bitmap-pdflatex", "pdflatex", "\\usepackage[T1]{fontenc}", P.TYPE3_TITLE, P.TYPE3_TEXT,
                         ["type3", "bitmap-font", "ligatures"],
                         "EC fonts (T1) without cm-super: pdfTeX embeds 600 dpi METAFONT bitmaps as Type 3 fonts, no ToUnicode")


def latex_fixture(name, engine, preamble, title, paras, tags, exercises, esc=tex, **doc):
    """A one-page LaTeX fixture: a title and paragraphs, with the given preamble."""
    body = latex_title(esc(title)) + latex_paras(paras, esc=esc)
    src = latex_doc(engine, name, preamble + "\\pagestyle{empty}", body, **doc)
    return Fixture(name, engine, tags, exercises, src, [[title, *paras]], "tex")


def as_is(s):
    return s


# One-page fixtures in other scripts: (name, engine, preamble, title, paragraphs, tags, what, options)
POLYGLOSSIA = "\\usepackage{polyglossia}\\setmainlanguage"
LUATEXJA = "\\usepackage{luatexja-fontspec}\\setmainjfont"
SCRIPT_FIXTURES = [
    ("hebrew-xelatex", "xelatex",
     POLYGLOSSIA + "{hebrew}\\setotherlanguage{english}\\setmainfont{Noto Serif}"
     "\\newfontfamily\\hebrewfont[Script=Hebrew]{FreeSerif}", P.HEBREW_TITLE, P.HEBREW, ["rtl", "hebrew"],
     "right-to-left Hebrew paragraphs with numbers (polyglossia/bidi, FreeSerif)", dict(esc=as_is, opts="12pt")),
    ("chinese-xelatex", "xelatex", "\\usepackage{xeCJK}\\setCJKmainfont{Noto Serif CJK SC}\\setmainfont{DejaVu Serif}",
     P.CHINESE_TITLE, P.CHINESE, ["cjk", "chinese"],
     "Simplified Chinese paragraphs (xeCJK, Noto Serif CJK SC, CID-keyed CFF)", dict(esc=as_is, opts="12pt")),
    ("russian-xelatex", "xelatex", POLYGLOSSIA + "{russian}\\setmainfont{DejaVu Serif}",
     P.RUSSIAN_TITLE, P.RUSSIAN, ["cyrillic", "russian"],
     "Russian paragraphs (polyglossia, DejaVu Serif), hyphenated with Russian patterns", {}),
    ("greek-lualatex", "lualatex", POLYGLOSSIA + "{greek}\\setmainfont{Noto Serif}",
     P.GREEK_TITLE, P.GREEK, ["greek"], "Greek paragraphs with tonos accents (polyglossia, Noto Serif)", {}),
    ("japanese-lualatex", "lualatex", LUATEXJA + "{Noto Sans CJK JP}",
     P.JAPANESE_TITLE, P.JAPANESE, ["cjk", "japanese"], "horizontal Japanese (LuaTeX-ja, Noto Sans CJK JP)",
     dict(esc=as_is, cls="ltjsarticle", opts="")),
    ("japanese-vertical-lualatex", "lualatex", LUATEXJA + "{Noto Serif CJK JP}",
     P.TATE_TITLE, P.TATE, ["cjk", "japanese", "vertical"],
     "vertical Japanese (LuaTeX-ja tate class ltjtarticle): columns top to bottom, right to left",
     dict(esc=as_is, cls="ltjtarticle", opts="", paper="paperwidth=148mm,paperheight=105mm,margin=12mm")),
]
for _spec in SCRIPT_FIXTURES:
    FIXTURES.append(lambda spec=_spec: latex_fixture(*spec[:7], **spec[7]))


def build_latex(fx, work):
    engine = fx.producer
    with open(os.path.join(work, fx.name + ".tex"), "w", encoding="utf-8") as f:
        f.write(fx.source)
    sh([engine, "-interaction=nonstopmode", "-halt-on-error", fx.name + ".tex"], cwd=work)
    return os.path.join(work, fx.name + ".pdf")


# ---------------------------------------------------------------------------------------------
# groff -ms, ps2pdf

@fixture
def headers_footers():
    lh, rh = P.HEADER_TEXT
    lines = [".ds LH " + lh, ".ds CH", ".ds RH " + rh, ".ds LF " + P.FOOTER_TEXT, ".ds CF", ".ds RF Page %",
             ".TL", troff(P.FIELD_TITLE)]
    pages = []
    for i, paras in enumerate(P.FIELD_PAGES):
        if i:
            lines.append(".bp")
        for p in paras:
            lines += [".PP", troff(p)]
        header = [] if i == 0 else [f"{lh} {rh}"]
        pages.append(header + ([P.FIELD_TITLE] if i == 0 else []) + paras + [f"{P.FOOTER_TEXT} Page {i + 1}"])
    return Fixture("headers-footers-groff", "groff", ["headers", "footers", "page-numbers"],
                   "three pages with running header (not on page 1, as ms does) and a footer with the page number",
                   "\n".join(lines) + "\n", pages, "ms")


def build_groff(fx, work):
    src = os.path.join(work, fx.name + ".ms")
    with open(src, "w", encoding="utf-8") as f:
        f.write(fx.source)
    ps = sh(["groff", "-ms", "-Tps", fx.name + ".ms"], cwd=work)
    with open(os.path.join(work, fx.name + ".ps"), "w", encoding="latin-1") as f:
        f.write(ps)
    sh(["ps2pdf", "-dOmitInfoDate", "-dOmitID", "-dOmitXMP", fx.name + ".ps", fx.name + ".pdf"], cwd=work)
    return os.path.join(work, fx.name + ".pdf")


# ---------------------------------------------------------------------------------------------
# LibreOffice (Flat ODT)

FODT_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
           'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"')


def fodt(body, font="DejaVu Serif", complex_font="DejaVu Sans", extra_styles="", automatic_styles=""):
    faces = "".join(f'<style:font-face style:name="{f}" svg:font-family="\'{f}\'"/>'
                    for f in dict.fromkeys([font, complex_font]))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {FODT_NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>{faces}</office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/><style:text-properties style:font-name="{font}" fo:font-size="11pt" style:font-name-complex="{complex_font}" style:font-size-complex="12pt" fo:language="en" fo:country="GB"/></style:default-style>
<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.4cm"/><style:text-properties fo:font-size="16pt" fo:font-weight="bold" style:font-size-complex="17pt" style:font-weight-complex="bold"/></style:style>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:text-align="justify"/></style:style>
{extra_styles}
</office:styles>
<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="14.8cm" fo:page-height="21cm" fo:margin-top="1.6cm" fo:margin-bottom="1.6cm" fo:margin-left="1.6cm" fo:margin-right="1.6cm"/></style:page-layout>{automatic_styles}</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles>
<office:body><office:text>
{body}
</office:text></office:body></office:document>
"""


def odt_p(text, style="Body"):
    return f'<text:p text:style-name="{style}">{xml(text)}</text:p>\n'


@fixture
def prose():
    body = odt_p(P.LIGHTHOUSE_TITLE, "Title") + "".join(odt_p(p) for p in P.LIGHTHOUSE)
    return Fixture("prose-libreoffice", "libreoffice", ["single-column", "prose"],
                   "single-column justified prose (DejaVu Serif)",
                   fodt(body), [[P.LIGHTHOUSE_TITLE, *P.LIGHTHOUSE]], "fodt")


@fixture
def table():
    cell = ('<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties '
            'fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style>')
    styles = ""
    rows = []
    for i, row in enumerate(P.TABLE_ROWS):
        cells = "".join(f'<table:table-cell table:style-name="Cell" office:value-type="string">'
                        f'{odt_p(c, "Head" if i == 0 else "Standard")}</table:table-cell>' for c in row)
        rows.append(f"<table:table-row>{cells}</table:table-row>")
    styles = ('<style:style style:name="Head" style:family="paragraph"><style:text-properties '
               'fo:font-weight="bold"/></style:style><style:style style:name="Standard" style:family="paragraph"/>')
    body = (odt_p(P.TABLE_TITLE, "Title") + odt_p(P.TABLE_INTRO)
            + f'<table:table table:name="Ferry"><table:table-column table:number-columns-repeated="{len(P.TABLE_ROWS[0])}"/>'
            + "".join(rows) + "</table:table>\n" + odt_p(P.TABLE_NOTE))
    gt = [P.TABLE_TITLE, P.TABLE_INTRO] + [" ".join(r) for r in P.TABLE_ROWS] + [P.TABLE_NOTE]
    return Fixture("table-libreoffice", "libreoffice", ["table"],
                   "a ruled table, 4 columns by 5 rows with a header row, between paragraphs",
                   fodt(body, extra_styles=styles, automatic_styles=cell), [gt], "fodt")


LIST_LEVEL = ('<style:list-level-properties text:list-level-position-and-space-mode="label-alignment">'
              '<style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1cm" '
              'fo:text-indent="-0.6cm" fo:margin-left="1cm"/></style:list-level-properties>')


@fixture
def lists():
    styles = (f'<text:list-style style:name="Bullets"><text:list-level-style-bullet text:level="1" '
              f'text:bullet-char="•">{LIST_LEVEL}<style:text-properties style:font-name="DejaVu Serif"/>'
              f'</text:list-level-style-bullet></text:list-style>'
              f'<text:list-style style:name="Numbers"><text:list-level-style-number text:level="1" '
              f'style:num-suffix="." style:num-format="1">{LIST_LEVEL}</text:list-level-style-number></text:list-style>')

    def lst(style, items):
        return (f'<text:list text:style-name="{style}">'
                + "".join(f"<text:list-item>{odt_p(t, 'Body')}</text:list-item>" for t in items) + "</text:list>\n")
    body = (odt_p(P.LISTS_TITLE, "Title") + odt_p(P.LISTS_INTRO) + lst("Bullets", P.LISTS_BULLETS)
            + odt_p(P.LISTS_MIDDLE) + lst("Numbers", P.LISTS_NUMBERED) + odt_p(P.LISTS_CLOSING))
    gt = ([P.LISTS_TITLE, P.LISTS_INTRO] + [f"• {t}" for t in P.LISTS_BULLETS] + [P.LISTS_MIDDLE]
          + [f"{i}. {t}" for i, t in enumerate(P.LISTS_NUMBERED, 1)] + [P.LISTS_CLOSING])
    return Fixture("lists-libreoffice", "libreoffice", ["lists"],
                   "a bulleted and a numbered list with hanging indents, one item over two lines",
                   fodt(body, extra_styles=styles), [gt], "fodt")


@fixture
def arabic():
    styles = ('<style:style style:name="RTL" style:family="paragraph"><style:paragraph-properties '
              'style:writing-mode="rl-tb" fo:text-align="justify"/></style:style>'
              '<style:style style:name="RTLTitle" style:family="paragraph" style:parent-style-name="Title">'
              '<style:paragraph-properties style:writing-mode="rl-tb" fo:text-align="start"/></style:style>')
    body = odt_p(P.ARABIC_TITLE, "RTLTitle") + "".join(odt_p(p, "RTL") for p in P.ARABIC)
    return Fixture("arabic-libreoffice", "libreoffice", ["rtl", "arabic"],
                   "right-to-left Arabic paragraphs with Western digits (Noto Naskh Arabic, shaped)",
                   fodt(body, complex_font="Noto Naskh Arabic", extra_styles=styles),
                   [[P.ARABIC_TITLE, *P.ARABIC]], "fodt")


def build_libreoffice(fx, work):
    src = os.path.join(work, fx.name + ".fodt")
    with open(src, "w", encoding="utf-8") as f:
        f.write(fx.source)
    sh(["libreoffice", f"-env:UserInstallation=file://{BUILD}/lo-profile", "--headless",
        "--convert-to", "pdf", "--outdir", work, src], cwd=work)
    return os.path.join(work, fx.name + ".pdf")


# ---------------------------------------------------------------------------------------------
# Chromium

def page_html(body, css, lang="en", size="148mm 210mm", font="'DejaVu Serif'"):
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>pdftext fixture</title><style>
@page {{ size: {size}; margin: 15mm; }}
body {{ margin: 0; font-family: {font}; font-size: 11pt; line-height: 1.35; }}
h1 {{ font-size: 17pt; margin: 0 0 5mm 0; }}
p {{ margin: 0 0 3mm 0; text-align: justify; }}
{css}
</style></head><body>
{body}
</body></html>
"""


def h_p(text, tag="p", attrs=""):
    return f"<{tag}{attrs}>{xml(text)}</{tag}>\n"


@fixture
def three_column():
    css = ".cols { column-count: 3; column-gap: 6mm; font-size: 10pt; } .closing { font-style: italic; margin-top: 4mm; }"
    body = (h_p(P.RIVER_TITLE, "h1") + '<div class="cols">\n' + "".join(h_p(p) for p in P.RIVER_COLUMNS)
            + "</div>\n" + h_p(P.RIVER_CLOSING, "p", ' class="closing"'))
    return Fixture("three-column-chromium", "chromium", ["three-column", "multi-column"],
                   "three balanced CSS columns under a full-width heading, a full-width line after them",
                   page_html(body, css, size="210mm 148mm"),
                   [[P.RIVER_TITLE, *P.RIVER_COLUMNS, P.RIVER_CLOSING]], "html")


@fixture
def wrapped_table():
    css = ("table { border-collapse: collapse; width: 100%; font-size: 10pt; } "
           "td, th { border: 0.5pt solid black; padding: 1.5mm; vertical-align: top; text-align: left; } "
           "th { font-weight: bold; }")
    rows = "".join("<tr>" + "".join(h_p(c, "th" if i == 0 else "td") for c in row) + "</tr>\n"
                   for i, row in enumerate(P.ROUTES_ROWS))
    body = h_p(P.ROUTES_TITLE, "h1") + h_p(P.ROUTES_INTRO) + f"<table>\n{rows}</table>\n" + h_p(P.ROUTES_NOTE)
    gt = [P.ROUTES_TITLE, P.ROUTES_INTRO] + [" ".join(r) for r in P.ROUTES_ROWS] + [P.ROUTES_NOTE]
    return Fixture("table-wrapped-chromium", "chromium", ["table", "wrapped-cells"],
                   "a ruled table whose cells wrap over two or three lines, read row by row",
                   page_html(body, css),
                   [gt], "html")


@fixture
def mixed_bidi():
    body = (h_p(P.BIDI_TITLE, "h1") + "".join(h_p(p) for p in P.BIDI_LTR)
            + "".join(h_p(p, "p", ' dir="rtl" lang="he"') for p in P.BIDI_RTL))
    return Fixture("mixed-bidi-chromium", "chromium", ["rtl", "bidi", "hebrew", "arabic"],
                   "English paragraphs with Hebrew and Arabic phrases and numbers; a Hebrew paragraph with English and numbers",
                   page_html(body, "", font="'DejaVu Serif', 'Noto Serif Hebrew', 'Noto Naskh Arabic'"),
                   [[P.BIDI_TITLE, *P.BIDI_LTR, *P.BIDI_RTL]], "html")


@fixture
def japanese_vertical_web():
    css = "body { writing-mode: vertical-rl; font-size: 14pt; line-height: 1.6; } h1 { margin: 0 0 0 6mm; } p { margin: 0; text-align: start; }"
    body = h_p(P.TATE_WEB_TITLE, "h1") + "".join(h_p(p) for p in P.TATE_WEB)
    return Fixture("japanese-vertical-chromium", "chromium", ["cjk", "japanese", "vertical"],
                   "vertical Japanese with CSS writing-mode: vertical-rl (Noto Serif CJK JP, drawn by Skia as Type 3)",
                   page_html(body, css, lang="ja", font="'Noto Serif CJK JP'"),
                   [[P.TATE_WEB_TITLE, *P.TATE_WEB]], "html")


@fixture
def letterspaced_web():
    css = ("h1 { letter-spacing: 0.45em; font-family: 'DejaVu Sans'; } "
           "h2 { letter-spacing: 0.25em; font-size: 12pt; font-weight: normal; margin: 0 0 6mm 0; }")
    body = (h_p(P.SPACED_WEB_TITLE.upper(), "h1") + h_p(P.SPACED_WEB_SUB.upper(), "h2")
            + "".join(h_p(p) for p in P.SPACED_WEB_TEXT))
    return Fixture("letterspaced-chromium", "chromium", ["letter-spacing"],
                   "headings with CSS letter-spacing (0.45em and 0.25em) above ordinary paragraphs",
                   page_html(body, css),
                   [[P.SPACED_WEB_TITLE.upper(), P.SPACED_WEB_SUB.upper(), *P.SPACED_WEB_TEXT]], "html")


def build_chromium(fx, work):
    src = os.path.join(work, fx.name + ".html")
    with open(src, "w", encoding="utf-8") as f:
        f.write(fx.source)
    pdf = os.path.join(work, fx.name + ".pdf")
    sh(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
        f"--user-data-dir={BUILD}/chromium-profile", f"--print-to-pdf={pdf}", "file://" + src], cwd=work)
    return pdf


# ---------------------------------------------------------------------------------------------
# Hand-written: a "scanned" page (1-bit image) with an invisible text layer (render mode 3)

PAGE_W, PAGE_H, MARGIN = 420, 595, 50


def ocr_lines():
    from reportlab.pdfbase.pdfmetrics import stringWidth
    out, y = [], PAGE_H - MARGIN - 14
    out.append(("F2", 14, MARGIN, y, P.OCR_TITLE))
    y -= 30
    for para in P.OCR_TEXT:
        line = ""
        for w in para.split():
            cand = (line + " " + w).strip()
            if stringWidth(cand, "Helvetica", 11) > PAGE_W - 2 * MARGIN and line:
                out.append(("F1", 11, MARGIN, y, line))
                y -= 15
                line = w
            else:
                line = cand
        out.append(("F1", 11, MARGIN, y, line))
        y -= 25
    return out


def pdf_string(s):
    return "(" + s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def write_pdf(content, image=None):
    objs = ["<< /Type /Catalog /Pages 2 0 R >>",
            f"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            None,
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"]
    stream = zlib.compress(content.encode("latin-1"), 9)
    objs.append((f"<< /Length {len(stream)} /Filter /FlateDecode >>", stream))
    xobj = ""
    if image:
        w, h, bits = image
        data = zlib.compress(bits, 9)
        objs.append((f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
                     f"/BitsPerComponent 1 /Decode [1 0] /Length {len(data)} /Filter /FlateDecode >>", data))
        xobj = " /XObject << /Im1 7 0 R >>"
    objs[2] = (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] /Contents 6 0 R "
               f"/Resources << /Font << /F1 4 0 R /F2 5 0 R >>{xobj} >> >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        if isinstance(o, tuple):
            out += f"{i} 0 obj\n{o[0]}\nstream\n".encode() + o[1] + b"\nendstream\nendobj\n"
        else:
            out += f"{i} 0 obj\n{o}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += (f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /ID [<70646674657874206f6372> <70646674657874206f6372>] >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)


@fixture
def invisible_ocr():
    return Fixture("invisible-ocr-handwritten", "handwritten", ["invisible", "ocr", "render-mode-3"],
                   "a scanned-looking page: a 1-bit page image with the same text as an invisible layer (3 Tr, Helvetica)",
                   None, [[P.OCR_TITLE, *P.OCR_TEXT]], "pdf")


def build_handwritten(fx, work):
    lines = ocr_lines()

    def text_ops(mode):
        return "".join(f"BT {mode} Tr /{f} {s} Tf 1 0 0 1 {x} {y} Tm {pdf_string(t)} Tj ET\n"
                       for f, s, x, y, t in lines)
    visible = os.path.join(work, "visible.pdf")
    with open(visible, "wb") as f:
        f.write(write_pdf(text_ops(0)))
    pbm = os.path.join(work, "page.pbm")
    sh(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pbmraw", "-r150", "-o", pbm, visible])
    raw = open(pbm, "rb").read()
    m = re.match(rb"P4\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s", raw)
    w, h = int(m.group(1)), int(m.group(2))
    bits = raw[m.end():]
    content = f"q {PAGE_W} 0 0 {PAGE_H} 0 0 cm /Im1 Do Q\n" + text_ops(3)
    pdf = os.path.join(work, fx.name + ".pdf")
    with open(pdf, "wb") as f:
        f.write(write_pdf(content, (w, h, bits)))
    return pdf


def pin_dates_and_ids(data, name):
    """LibreOffice and Chromium write the time of the run and a fresh /ID (LibreOffice also a
    /DocChecksum) into every file. Replace them by fixed values of the same length (so the
    xref offsets stay right): dates by SOURCE_DATE_EPOCH's, the /ID and /DocChecksum hex strings
    by an MD5 of the file with those three fields blanked."""
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(int(EPOCH))).encode()
    data = re.sub(rb"\(D:\d{14}", b"(D:" + stamp, data)
    id_re = re.compile(rb"(/ID\s*\[\s*<)([0-9A-Fa-f]+)(>\s*<)([0-9A-Fa-f]+)(>)")
    sum_re = re.compile(rb"(/DocChecksum\s*/)([0-9A-Fa-f]+)")
    blank = id_re.sub(lambda m: m.group(1) + b"0" * len(m.group(2)) + m.group(3) + b"0" * len(m.group(4)) + m.group(5), data)
    blank = sum_re.sub(lambda m: m.group(1) + b"0" * len(m.group(2)), blank)
    digest = hashlib.md5(blank + name.encode()).hexdigest().upper().encode()
    data = id_re.sub(lambda m: m.group(1) + digest[:len(m.group(2))] + m.group(3) + digest[:len(m.group(4))] + m.group(5), data)
    return sum_re.sub(lambda m: m.group(1) + digest[:len(m.group(2))], data)


def pinned(build):
    def run(fx, work):
        pdf = build(fx, work)
        with open(pdf, "rb") as f:
            data = f.read()
        with open(pdf, "wb") as f:
            f.write(pin_dates_and_ids(data, fx.name))
        return pdf
    return run


BUILDERS = {"pdflatex": build_latex, "xelatex": build_latex, "lualatex": build_latex,
            "groff": build_groff, "libreoffice": pinned(build_libreoffice), "chromium": pinned(build_chromium),
            "handwritten": build_handwritten}


# ---------------------------------------------------------------------------------------------

def embedded_fonts(pdf):
    names = []
    r = subprocess.run(["pdffonts", pdf], capture_output=True, text=True)
    for line in r.stdout.splitlines()[2:]:
        parts = line.split()
        if not parts:
            continue
        name = parts[0].split("+", 1)[-1]
        kind = re.search(r"(Type 1C|Type 1|Type 3|TrueType|CID Type 0C|CID TrueType|Type 0C?)", line)
        names.append(f"{name} ({kind.group(1) if kind else '?'})")
    return sorted(set(names))


def licence_for(fx, fonts, script=SCRIPT):
    parts = set()
    for f in fonts:
        base = f.split(" (")[0]
        if base == "[none]" and fx.name.startswith("type3"):
            parts.add("EC fonts (J. Knappen, METAFONT sources in TeX Live, free licence) as 600 dpi bitmaps")
        elif base == "[none]":
            parts.add("glyphs drawn by Chromium from Noto CJK (SIL OFL 1.1)")
        for pat, lic in FONT_LICENCES:
            if re.search(pat, base):
                parts.add(lic)
                break
    if fx.producer == "handwritten":
        parts.add("no font embedded (Helvetica, standard 14)")
    return f"project-made (text and layout written for the project by {script}); fonts: " + "; ".join(sorted(parts))


def page_count(pdf):
    return int(sh(["qpdf", "--show-npages", pdf]).strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", nargs="*", help="fixture names to rebuild (default: all)")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    fixtures = [fn() for fn in FIXTURES]
    if a.list:
        for fx in fixtures:
            print(f"{fx.name:32} {fx.producer:12} {fx.exercises}")
        return
    if a.only:
        unknown = set(a.only) - {fx.name for fx in fixtures}
        if unknown:
            sys.exit(f"unknown fixtures: {', '.join(sorted(unknown))}")
        fixtures = [fx for fx in fixtures if fx.name in a.only]
    os.makedirs(OUT, exist_ok=True)
    entries = [build(fx) for fx in fixtures]
    merged = merge_manifest(entries)
    print(f"wrote {len(entries)} text fixtures; manifest has {len(merged)} entries")


def build(fx, script=SCRIPT, extra=None):
    """Builds one fixture: writes Corpus/text/NAME.pdf and NAME.txt, returns its manifest
    entry (with `extra`'s keys added). `script` is the generator named in the entry."""
    work = os.path.join(BUILD, fx.name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    pdf = BUILDERS[fx.producer](fx, work)
    data = open(pdf, "rb").read()
    if len(data) > SIZE_BUDGET:
        sys.exit(f"{fx.name}: {len(data)} bytes, over the {SIZE_BUDGET} byte budget")
    pages = page_count(pdf)
    if pages != len(fx.pages):
        sys.exit(f"{fx.name}: the producer made {pages} pages, the ground truth has {len(fx.pages)}")
    fonts = embedded_fonts(pdf)
    with open(os.path.join(OUT, fx.name + ".pdf"), "wb") as f:
        f.write(data)
    with open(os.path.join(OUT, fx.name + ".txt"), "w", encoding="utf-8") as f:
        f.write(fx.ground_truth())
    entry = {
        "id": f"text/{fx.name}", "file": f"text/{fx.name}.pdf", "groundTruth": f"text/{fx.name}.txt",
        "sha256": hashlib.sha256(data).hexdigest(), "pages": pages,
        "source": f"{producer_version(fx.producer)}; generated by {script}",
        "licence": licence_for(fx, fonts, script), "fonts": fonts,
        "tags": ["text"] + fx.tags, "exercises": fx.exercises,
    }
    entry.update(extra or {})
    print(f"text/{fx.name}.pdf: {len(data)} bytes, {pages} page(s)")
    return entry


def merge_manifest(entries):
    """Puts `entries` into Corpus/manifest.json, replacing those of the same files; returns
    the whole manifest."""
    manifest_path = os.path.join(CORPUS, "manifest.json")
    existing = json.load(open(manifest_path)) if os.path.exists(manifest_path) else []
    ours = {e["file"] for e in entries}
    kept = [e for e in existing if e["file"] not in ours]
    # other folders' entries keep their places; text/ entries follow, sorted by file
    merged = ([e for e in kept if not e["file"].startswith("text/")]
              + sorted([e for e in kept if e["file"].startswith("text/")] + entries, key=lambda e: e["file"]))
    with open(manifest_path, "w") as f:
        f.write(json.dumps(merged, indent=1, sort_keys=True) + "\n")
    return merged


if __name__ == "__main__":
    main()

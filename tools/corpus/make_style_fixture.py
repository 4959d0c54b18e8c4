#!/usr/bin/env python3
"""Writes Corpus/text/styles-*.pdf: small documents whose words carry known styles, for the
attributed-text tests (Tests/PDFTextTests/AttributedTextTests.swift and
Tests/PDFTextCLITests/AttributedCommandTests.swift), with their ground-truth text (NAME.txt),
and records them in Corpus/manifest.json like the other text fixtures (tag `styles`).

Each styled word is a made-up word that occurs once, so a test finds it by its text:

  boldword      bold                      italicword   italic
  monoword      monospace (typewriter)    redword      red (1 0 0 rg)
  blueword      blue (0 0 1 rg)           linkword     inside a link to LINK_URL
  2 (in H2O)    subscript                 2 (in mc2)   superscript
  underlined    underlined (a rule)       struckout    struck through (a rule)
  smallword     a smaller size than the body; the title is larger than the body

styles-pdflatex: pdfLaTeX with its default Computer Modern fonts (whose descriptors flag
neither bold nor italic: the names CMBX10, CMTI10, CMTT10 say it), xcolor, ulem (`\\sout`;
`[normalem]` keeps LaTeX's own `\\underline`), hyperref (`\\href`, no link colour or border,
`pdflang` sets the catalog's /Lang), `\\textsuperscript`, `\\textsubscript`, a footnote (smaller
type, a raised mark). styles-chromium: the same paragraph as HTML with CSS, printed by headless Chromium,
whose underlines and strike-throughs are text decorations and whose PDF is tagged.

Producers, packages, determinism and pinning of dates and /IDs are those of
make_text_fixtures.py (whose helpers this script uses).

Usage: python3 tools/corpus/make_style_fixture.py
"""

import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_text_fixtures as T  # noqa: E402

SCRIPT = "tools/corpus/make_style_fixture.py"
LINK_URL = "https://example.org/styles"
TITLE = "Styled Text Sample"
LANG = "en-GB"

# The body paragraph in pieces: (text, style). The ground truth is the texts joined.
BODY = [
    ("This paragraph has a ", None), ("boldword", "bold"), (" and an ", None), ("italicword", "italic"),
    (" and a ", None), ("monoword", "mono"), (" in it. A ", None), ("redword", "red"), (" and a ", None),
    ("blueword", "blue"), (" follow. Read ", None), ("the linkword site", "link"), (" for more. Water is H", None),
    ("2", "sub"), ("O and Einstein wrote E=mc", None), ("2", "sup"), (" once. This is ", None),
    ("underlined", "underline"), (" and this is ", None), ("struckout", "strike"), (" text.", None),
]
SMALL = "This smallword paragraph is set in a smaller size."
FOOTNOTE = "A footnote in smaller type."


# Each style as LaTeX and as HTML markup around a word.
MARKUP = {
    "bold": ("\\textbf{%s}", "<b>%s</b>"),
    "italic": ("\\textit{%s}", "<i>%s</i>"),
    "mono": ("\\texttt{%s}", "<code>%s</code>"),
    "red": ("\\textcolor{red}{%s}", '<span style="color:#ff0000">%s</span>'),
    "blue": ("\\textcolor{blue}{%s}", '<span style="color:#0000ff">%s</span>'),
    "link": ("\\href{" + LINK_URL + "}{%s}", '<a href="' + LINK_URL + '">%s</a>'),
    "sub": ("\\textsubscript{%s}", "<sub>%s</sub>"),
    "sup": ("\\textsuperscript{%s}", "<sup>%s</sup>"),
    "underline": ("\\underline{%s}", "<u>%s</u>"),
    "strike": ("\\sout{%s}", "<s>%s</s>"),
}


def marked_up(which, escape):
    return "".join(MARKUP[s][which] % escape(t) if s else escape(t) for t, s in BODY)


def latex_source():
    preamble = ("\\usepackage{xcolor}\\usepackage[normalem]{ulem}\n"
                "\\usepackage[hidelinks,pdflang={%s},pdftitle={%s}]{hyperref}\\pagestyle{empty}" % (LANG, TITLE))
    text = (T.latex_title(T.tex(TITLE)) + marked_up(0, T.tex) + "\\footnote{" + T.tex(FOOTNOTE) + "}\n\n"
            + "{\\small " + T.tex(SMALL) + "\\par}\n")
    return T.latex_doc("pdflatex", "styles-pdflatex", preamble, text)


def html_source():
    css = ("a { color: inherit; text-decoration: none; } code { font-family: 'DejaVu Sans Mono'; font-size: 11pt; } "
           ".small { font-size: 8pt; }")
    page = T.page_html(T.h_p(TITLE, "h1") + "<p>" + marked_up(1, T.xml) + "</p>\n" + T.h_p(SMALL, "p", ' class="small"'),
                       css, lang=LANG)
    return page.replace("<title>pdftext fixture</title>", "<title>" + TITLE + "</title>")


def body_text():
    return "".join(t for t, _ in BODY)


def fixtures():
    return [
        T.Fixture("styles-pdflatex", "pdflatex", ["styles"],
                  "known styles per word: bold, italic, typewriter, red and blue, a hyperlink, sub- and superscript, "
                  "underline and strike-through rules, a smaller paragraph, a larger title, a footnote (catalog /Lang en-GB)",
                  latex_source(), [[TITLE, body_text() + "1", SMALL, "1 " + FOOTNOTE]], "tex"),
        T.Fixture("styles-chromium", "chromium", ["styles", "tagged"],
                  "the same styled words as HTML with CSS: text-decoration underline and line-through, a link, "
                  "<sub>/<sup>, a smaller paragraph, an h1 (tagged PDF, /Lang en-GB)",
                  html_source(), [[TITLE, body_text(), SMALL]], "html"),
    ]


def main():
    os.makedirs(T.OUT, exist_ok=True)
    entries = [T.build(fx, script=SCRIPT, extra={"title": TITLE}) for fx in fixtures()]
    merged = T.merge_manifest(entries)
    print(f"wrote {len(entries)} style fixtures; manifest has {len(merged)} entries")


if __name__ == "__main__":
    main()

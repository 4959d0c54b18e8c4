#!/usr/bin/env python3
"""Writes Corpus/text/semantic-chromium.pdf: a small tagged document with every structure an
accessible reading needs, printed by headless Chromium (whose PDFs are tagged), with its
ground-truth text, and records it in Corpus/manifest.json (tags `tagged`, `semantic`).

It has, in order: an h1 title; a paragraph; an h2 with a bulleted list of three items; an h3
with a table (caption, a header row of column headers, row headers in the first column); an
h2 with a numbered list; a figure (an image with alternate text and a caption); a paragraph
with a link and a French phrase (lang="fr"); a block quotation.

The accessibility-tree check (tools/a11y/check_html_a11y.py) and the HTML tests read it: the
headings and their levels, list item counts, table headers and the image's alternate text
are known from the constants below.

Usage: python3 tools/corpus/make_semantic_fixture.py
"""

import os, struct, sys, zlib, base64

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_text_fixtures as T  # noqa: E402

SCRIPT = "tools/corpus/make_semantic_fixture.py"
TITLE = "Harbour Survey Report"
LANG = "en-GB"
INTRO = "This report describes the spring survey of the harbour and its three tide stations."
FINDINGS = "Findings"
BULLETS = ["The north quay is sound.", "The east channel needs dredging.", "Two buoys have drifted."]
TIDES = "Tide levels"
CAPTION = "Tide levels by station in metres"
HEADER = ["Station", "Morning", "Evening"]
ROWS = [["North", "2.1", "3.4"], ["East", "1.8", "3.0"], ["South", "2.4", "3.6"]]
METHODS = "Methods"
STEPS = ["Read each gauge at dawn.", "Read it again at dusk.", "Compare both readings."]
ALT = "Map of the harbour with three survey stations"
FIGCAPTION = "Figure 1. The survey stations."
LINK_URL = "https://example.org/harbour"
LINK_TEXT = "the harbour office"
CLOSING_BEFORE = "Details are kept at "
CLOSING_AFTER = ". We wish every crew "
FRENCH = "bon voyage"
CLOSING_END = "."
QUOTE = "A harbour is only as safe as its last survey."


def png(width, height):
    """A small grey image with a darker square, as PNG bytes."""
    rows = b""
    for y in range(height):
        rows += b"\x00" + bytes(60 if width // 4 <= x < 3 * width // 4 and height // 4 <= y < 3 * height // 4 else 200
                                for x in range(width))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def html_source():
    x = T.xml
    css = ("table { border-collapse: collapse; font-size: 10pt; margin: 0 0 3mm 0; } "
           "td, th { border: 0.5pt solid black; padding: 1mm 2mm; text-align: left; } "
           "h2 { font-size: 14pt; margin: 3mm 0 2mm 0; } h3 { font-size: 12pt; margin: 2mm 0 2mm 0; } "
           "ul, ol { margin: 0 0 3mm 0; } figure { margin: 0 0 3mm 0; } img { width: 30mm; height: 20mm; } "
           "blockquote { font-style: italic; margin: 0 0 0 8mm; }")
    image = "data:image/png;base64," + base64.b64encode(png(24, 16)).decode()
    body = (T.h_p(TITLE, "h1") + T.h_p(INTRO)
            + T.h_p(FINDINGS, "h2") + "<ul>" + "".join(f"<li>{x(b)}</li>" for b in BULLETS) + "</ul>\n"
            + T.h_p(TIDES, "h3")
            + f"<table><caption>{x(CAPTION)}</caption>\n<thead><tr>"
            + "".join(f'<th scope="col">{x(h)}</th>' for h in HEADER) + "</tr></thead>\n<tbody>"
            + "".join("<tr>" + f'<th scope="row">{x(r[0])}</th>' + "".join(f"<td>{x(c)}</td>" for c in r[1:]) + "</tr>\n"
                      for r in ROWS) + "</tbody></table>\n"
            + T.h_p(METHODS, "h2") + "<ol>" + "".join(f"<li>{x(s)}</li>" for s in STEPS) + "</ol>\n"
            + f'<figure><img src="{image}" alt="{x(ALT)}"><figcaption>{x(FIGCAPTION)}</figcaption></figure>\n'
            + f'<p>{x(CLOSING_BEFORE)}<a href="{LINK_URL}">{x(LINK_TEXT)}</a>{x(CLOSING_AFTER)}'
            + f'<span lang="fr">{x(FRENCH)}</span>{x(CLOSING_END)}</p>\n'
            + f"<blockquote><p>{x(QUOTE)}</p></blockquote>\n")
    page = T.page_html(body, css, lang=LANG)
    return page.replace("<title>pdftext fixture</title>", "<title>" + x(TITLE) + "</title>")


def ground_truth():
    blocks = [TITLE, INTRO, FINDINGS] + BULLETS + [TIDES, CAPTION]
    blocks += [" ".join(HEADER)] + [" ".join(r) for r in ROWS] + [METHODS]
    blocks += [f"{i + 1}. {s}" for i, s in enumerate(STEPS)] + [FIGCAPTION]
    blocks += [CLOSING_BEFORE + LINK_TEXT + CLOSING_AFTER + FRENCH + CLOSING_END, QUOTE]
    return [blocks]


def main():
    os.makedirs(T.OUT, exist_ok=True)
    fx = T.Fixture("semantic-chromium", "chromium", ["tagged", "semantic"],
                   "a tagged document with h1-h3 headings, a bulleted and a numbered list, a table with a caption "
                   "and column and row headers, a figure with alternate text and a caption, a link, a French phrase "
                   "(lang fr) and a block quotation (catalog /Lang en-GB)",
                   html_source(), ground_truth(), "html")
    entry = T.build(fx, script=SCRIPT, extra={"title": TITLE})
    merged = T.merge_manifest([entry])
    print(f"wrote semantic-chromium; manifest has {len(merged)} entries")


if __name__ == "__main__":
    main()

"""Class 5 of issue 15: CPU per document.

Forty form XObjects, each drawing the next twice (`/X Do /X Do`): 2^40 form runs from a few
kilobytes. The operator budget counted operators, so each page ran ten million form runs
(17-21 s); now a form or appearance run costs ExtractionOptions.formRunCost operators on
top of its own, and a document-wide budget (Limits.maxOperatorsPerDocument) bounds pages
that each reach theirs. The text before the budget ran out is kept.
"""
from pdfbytes import pdf, stream, HELVETICA

DEPTH = 40
FIRST_FORM = 20  # forms are objects 20 ... 20 + DEPTH - 1
TEXT = b"BT /F1 12 Tf 72 700 Td (Before the forms) Tj ET\n"


def form_chain(first=FIRST_FORM, depth=DEPTH):
    """Form i draws form i + 1 twice; the last draws a little text."""
    objs = []
    for i in range(depth):
        number = first + i
        if i + 1 < depth:
            body = b"/X Do /X Do"
            res = b"<< /XObject << /X %d 0 R >> >>" % (number + 1)
        else:
            body = b"BT /F1 1 Tf (x) Tj ET"
            res = b"<< /Font << /F1 3 0 R >> >>"
        objs.append((number, stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources " + res, body)))
    return objs


def document(pages, extra, catalog_extra=b""):
    """pages: list of (page dict extra, content bytes). Objects: 1 catalog, 2 pages, 3 font,
    page i at 100 + 2i with its content at 101 + 2i."""
    kids, objs = [], []
    for i, (page_extra, content) in enumerate(pages):
        number = 100 + 2 * i
        kids.append(b"%d 0 R" % number)
        objs.append((number, b"<< /Type /Page /Parent 2 0 R /Contents %d 0 R " % (number + 1) + page_extra + b" >>"))
        objs.append((number + 1, stream(b"", content)))
    head = [
        (1, b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>"),
        (2, b"<< /Type /Pages /Kids [" + b" ".join(kids) + b"] /Count %d /MediaBox [0 0 612 792] >>" % len(pages)),
        (3, HELVETICA),
    ]
    return pdf(head + sorted(objs + list(extra)))


FORM_RESOURCES = b"/Resources << /Font << /F1 3 0 R >> /XObject << /X0 %d 0 R >> >>" % FIRST_FORM
AFTER = b"BT /F1 12 Tf 72 600 Td (After the forms) Tj ET\n"

# The page draws the chain, between two lines of text.
doubling = document([(FORM_RESOURCES, TEXT + b"/X0 Do\n" + AFTER)], form_chain())

# Twenty pages, each drawing the chain: each page stops at its budget, and the document
# stops at its own.
many_pages = document([(FORM_RESOURCES, TEXT + b"/X0 Do\n")] * 3, form_chain())

# A Type 3 font whose glyph procedure draws the chain.
T3 = (b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] "
      b"/CharProcs << /a 11 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> "
      b"/FirstChar 97 /LastChar 97 /Widths [1000] /Resources << /XObject << /X0 %d 0 R >> >> >>" % FIRST_FORM)
type3 = document(
    [(b"/Resources << /Font << /F1 3 0 R /T3 10 0 R >> >>", TEXT + b"BT /T3 12 Tf 72 650 Td (aaaa) Tj ET\n" + AFTER)],
    form_chain() + [(10, T3), (11, stream(b"", b"1000 0 0 0 1000 1000 d1 /X0 Do"))])

# An annotation whose normal appearance draws the chain.
ANNOT = (b"<< /Type /Annot /Subtype /Square /Rect [100 100 300 300] "
         b"/AP << /N 12 0 R >> >>")
APPEARANCE = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X0 %d 0 R >> >>" % FIRST_FORM,
                    b"/X0 Do")
annotation = document([(FORM_RESOURCES + b" /Annots [10 0 R]", TEXT)], form_chain() + [(10, ANNOT), (12, APPEARANCE)])

# A tiling pattern whose cell draws the chain, used to fill a rectangle.
PATTERN = stream(b"/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 "
                 b"/Resources << /XObject << /X0 %d 0 R >> >>" % FIRST_FORM, b"/X0 Do")
pattern = document(
    [(b"/Resources << /Font << /F1 3 0 R >> /Pattern << /P0 10 0 R >> >>",
      TEXT + b"/Pattern cs /P0 scn 0 0 612 792 re f\n" + AFTER)],
    form_chain() + [(10, PATTERN)])


def checks(extra=()):
    return [
        {"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Before the forms", "max_seconds": 2},
        {"args": ["diagnose", "{file}"], "exit": 0, "max_seconds": 4},
    ] + list(extra)


FIXTURES = [
    {
        "name": "cpu-form-doubling",
        "klass": 5,
        "what": "One page drawing 40 form XObjects, each drawing the next twice (2^40 form runs), between two lines of text.",
        "defect": "The operator budget counted operators only, so the page ran ten million form runs (17-21 s); a form run now costs ExtractionOptions.formRunCost operators, the page stops within its budget with a contentBudget diagnostic, and the text before is kept.",
        "data": doubling,
        "checks": checks([{"args": ["text", "{file}"], "exit": 0, "stdout_not_contains": "After the forms", "max_seconds": 2}]),
    },
    {
        "name": "cpu-form-doubling-3-pages",
        "klass": 5,
        "what": "Three pages, each drawing the 40-form doubling chain.",
        "defect": "Each page ran ten million form runs; now each page stops within its budget (a form run costs ExtractionOptions.formRunCost); the document-wide budget (Limits.maxOperatorsPerDocument, 10^9) bounds the sum over pages of a longer file.",
        "data": many_pages,
        "checks": [{"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Before the forms", "max_seconds": 20}],
    },
    {
        "name": "cpu-type3-glyph-doubling",
        "klass": 5,
        "what": "A Type 3 font whose glyph procedure draws the 40-form doubling chain, shown four times.",
        "defect": "Glyph procedures are read only for their d1 box, never run; the file must stay as cheap as that.",
        "data": type3,
        "checks": checks(),
    },
    {
        "name": "cpu-annotation-doubling",
        "klass": 5,
        "what": "An annotation whose appearance stream draws the 40-form doubling chain.",
        "defect": "Appearance streams ran under the page budget counting operators only; form runs now cost their share.",
        "data": annotation,
        "checks": checks(),
    },
    {
        "name": "cpu-pattern-doubling",
        "klass": 5,
        "what": "A tiling pattern whose cell draws the 40-form doubling chain, filling the page.",
        "defect": "Pattern cells are not run for text; the file must stay cheap.",
        "data": pattern,
        "checks": checks(),
    },
]

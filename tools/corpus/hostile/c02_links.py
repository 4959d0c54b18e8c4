"""Class 2: dangerous links. Link annotations whose URI is script-capable or local
(javascript:, data:, vbscript:, file:, hidden behind spaces, controls, tabs, mixed case,
entities or percent-escapes), a URI with a quote, a line break and '>', and one good https
link. The document is tagged (each link a /Link element with its OBJR), so both the
attributed writers and the accessible HTML meet them."""
from pdfbytes import pdf, stream, HELVETICA

# (anchor text, the URI as PDF string bytes, whether it may become a link)
LINKS = [
    (b"evil-js", b"(javascript:alert\\(1\\))", False),
    (b"evil-space-case", b"( JavaScript:alert\\(2\\))", False),
    (b"evil-data", b"(data:text/html,<script>alert\\(3\\)</script>)", False),
    (b"evil-vbs", b"(vbscript:msgbox\\(4\\))", False),
    (b"evil-file", b"(file:///etc/passwd)", False),
    (b"evil-tab", b"(java\\tscript:alert\\(6\\))", False),
    (b"evil-control", b"(\\001\\nJaVaScRiPt:alert\\(7\\))", False),
    (b"evil-entity", b"(&#106;avascript:alert\\(8\\))", False),
    (b"evil-percent", b"(%6Aavascript:alert\\(9\\))", False),
    (b"evil-relative", b"(../../etc/passwd)", False),
    (b"odd-https", b"(https://example.org/a\"b\\n>c d\\(e\\)\\\\f{g})", True),
    (b"good-link", b"(https://example.org/ok)", True),
]


def tagged_links():
    n = len(LINKS)
    content = b""
    for i, (text, _, _) in enumerate(LINKS):
        y = 740 - 24 * i
        content += b"/Link << /MCID %d >> BDC BT /F1 12 Tf 72 %d Td (%s) Tj ET EMC\n" % (i, y, text)
    annots, elems, objs = [], [], []
    for i, (_, uri, _) in enumerate(LINKS):
        y = 740 - 24 * i
        a, e = 100 + i, 200 + i
        annots.append(b"%d 0 R" % a)
        elems.append(b"%d 0 R" % e)
        objs.append((a, b"<< /Type /Annot /Subtype /Link /Rect [70 %d 300 %d] /Border [0 0 0] /StructParent %d "
                        b"/A << /S /URI /URI %s >> >>" % (y - 4, y + 12, i + 1, uri)))
        objs.append((e, b"<< /Type /StructElem /S /Link /P 11 0 R /Pg 4 0 R /K [%d << /Type /OBJR /Obj %d 0 R >>] >>" % (i, a)))
    nums = b"0 [" + b" ".join(elems) + b"] " + b" ".join(b"%d %s" % (i + 1, elems[i]) for i in range(n))
    base = [
        (1, b"<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 10 0 R /Lang (en) >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, HELVETICA),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R "
            b"/StructParents 0 /Tabs /S /Annots [" + b" ".join(annots) + b"] >>"),
        (5, stream(b"", content)),
        (10, b"<< /Type /StructTreeRoot /K [11 0 R] /ParentTree 12 0 R /ParentTreeNextKey %d >>" % (n + 1)),
        (11, b"<< /Type /StructElem /S /Document /P 10 0 R /K [" + b" ".join(elems) + b"] >>"),
        (12, b"<< /Nums [" + nums + b"] >>"),
    ]
    return pdf(sorted(base + objs))


SCHEMES = ["javascript:", "JavaScript:", "data:", "vbscript:", "file:", "script:", "avascript:", "etc/passwd"]


def checks():
    out = []
    writers = [
        (["text", "--attributed", "--format", "html", "{file}", "-"], 'href="https://example.org/ok"'),
        (["text", "--format", "html", "{file}", "-"], 'href="https://example.org/ok"'),
        (["text", "--attributed", "--format", "markdown", "{file}", "-"], "](https://example.org/ok)"),
        (["text", "--attributed", "--format", "rtf", "{file}", "-"], 'HYPERLINK "https://example.org/ok"'),
    ]
    for args, good in writers:
        out.append({"args": args, "exit": 0, "stdout_contains": good})
        out.append({"args": args, "exit": 0, "stdout_contains": "evil-js"})
        for s in SCHEMES:
            out.append({"args": args, "exit": 0, "stdout_not_contains": s})
    # The odd but allowed URI: percent-encoded, one token in each syntax.
    out.append({"args": ["text", "--attributed", "--format", "html", "{file}", "-"], "exit": 0,
                "stdout_contains": 'href="https://example.org/a%22b%3Ec%20d(e)%5Cf%7Bg%7D"'})
    out.append({"args": ["text", "--attributed", "--format", "markdown", "{file}", "-"], "exit": 0,
                "stdout_contains": "](https://example.org/a%22b%3Ec%20d%28e%29%5Cf%7Bg%7D)"})
    out.append({"args": ["text", "--attributed", "--format", "rtf", "{file}", "-"], "exit": 0,
                "stdout_contains": 'HYPERLINK "https://example.org/a%22b%3Ec%20d(e)%5Cf%7Bg%7D"'})
    out.append({"args": ["text", "--format", "accessible-text", "{file}", "-"], "exit": 0,
                "stdout_not_contains": "javascript:"})
    # JSON is data: the URI as the file wrote it.
    out.append({"args": ["text", "--attributed", "--format", "json", "{file}", "-"], "exit": 0,
                "stdout_contains": '"link":"javascript:alert(1)"'})
    return out


FIXTURES = [
    {
        "name": "links-script-schemes",
        "klass": 2,
        "what": "A tagged page of twelve Link annotations: javascript:, data:, vbscript:, file: and relative URIs "
                "(with a leading space, mixed case, a tab, a control, entity and percent escapes), a https URI "
                "holding a quote, a line feed, '>', a space, parentheses, a backslash and braces, and a good https link.",
        "defect": "The attributed HTML, Markdown and RTF writers and the accessible HTML wrote each URI as a live link; "
                  "now only http, https, mailto and ftp (and page links) become links, percent-encoded, and the rest "
                  "stay plain text (LinkPolicy).",
        "data": tagged_links(),
        "checks": checks(),
    },
]

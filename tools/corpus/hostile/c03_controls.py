"""Class 3: control characters on the terminal. Strings the file controls that human-readable
output prints: Info strings (UTF-16BE, UTF-8 with a byte-order mark, PDFDocEncoding) holding
C0 and C1 controls and bidirectional overrides; a tagged file whose structure types (#1B in a
name), /Lang, /Alt and /ActualText hold controls; a font whose name holds an escape sequence;
page labels with controls."""
from pdfbytes import pdf, stream, HELVETICA

ESC, BEL, NUL, BS, CR, RLO, LRI, CSI = "\x1b", "\x07", "\x00", "\x08", "\r", "\u202e", "\u2066", "\x9b"


def utf16(s):
    return b"<FEFF" + s.encode("utf-16-be").hex().upper().encode() + b">"


def utf8bom(s):
    return b"<EFBBBF" + s.encode("utf-8").hex().upper().encode() + b">"


def literal(raw):
    """A PDFDocEncoding literal string: bytes below 0x20 as octal escapes."""
    out = b"("
    for c in raw:
        out += b"\\%03o" % c if c < 0x20 or c in b"()\\" else bytes([c])
    return out + b")"


INFO = (b"<< /Title " + utf16("Title" + BEL + NUL + BS + CR + "[2J" + RLO + "gpj.exe" + CSI + "31m") +
        b" /Author " + utf8bom("Author" + BEL + CR + "]0;pwned" + RLO + "x" + LRI + "y" + CSI + "2J") +
        b" /Subject " + literal(b"Subject\x07\x08\x0d\x00end") +
        b" /Keywords " + utf16("k" + ESC) + b" >>")

TEXT = b"BT /F1 12 Tf 72 700 Td (Hello control world) Tj ET"


def info_strings():
    objs = [
        (1, b"<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [0 << /S /D /P " + utf16("L" + BEL + RLO + CSI + "2J") + b" >>] >> >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, HELVETICA),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>"),
        (5, stream(b"", TEXT)),
        (6, INFO),
    ]
    return pdf(objs, trailer_extra=b"/Info 6 0 R")


def tagged_controls():
    content = (b"/P#1B#5B31m << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (Tagged control text) Tj ET EMC\n"
               b"/Figure << /MCID 1 >> BDC 0 0 1 rg 72 500 100 100 re f EMC\n")
    objs = [
        (1, b"<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 10 0 R /Lang " +
            utf16("en" + BEL + RLO) + b" >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, HELVETICA),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /StructParents 0 >>"),
        (5, stream(b"", content)),
        (6, b"<< /Title " + utf16("Tagged" + BEL + RLO + "title" + CSI + "31m") + b" >>"),
        (10, b"<< /Type /StructTreeRoot /K [11 0 R] /ParentTree 12 0 R /RoleMap << /P#1B#5B31m /P /Fig#07#9B /Figure >> >>"),
        (11, b"<< /Type /StructElem /S /Document#1B#5D0;t#07 /P 10 0 R /K [13 0 R 14 0 R] /Lang " + utf16("de" + ESC + "x" + ESC + BS) + b" >>"),
        (12, b"<< /Nums [0 [13 0 R 14 0 R]] >>"),
        (13, b"<< /Type /StructElem /S /P#1B#5B31m /P 11 0 R /Pg 4 0 R /K 0 /ActualText " +
             utf16("Tagged " + NUL + RLO + " control" + CR + " text " + CSI + "2J") + b" /Lang " + literal(b"fr\x07\x08") + b" >>"),
        (14, b"<< /Type /StructElem /S /Fig#07#9B /P 11 0 R /Pg 4 0 R /K 1 /Alt " +
             utf8bom("alt" + BEL + ESC + "[2J" + ESC + RLO + "text" + LRI) + b" >>"),
    ]
    return pdf(objs, trailer_extra=b"/Info 6 0 R")


def font_name_controls():
    font = (b"<< /Type /Font /Subtype /Type0 /BaseFont /Evil#1B#5B31mFont#07 /Encoding /Identity-H "
            b"/DescendantFonts [7 0 R] >>")
    cid = (b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Evil#1B#5B31mFont#07 "
           b"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 >>")
    content = b"BT /F1 12 Tf 72 700 Td <0041004200430044> Tj ET"
    objs = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, font),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>"),
        (5, stream(b"", content)),
        (7, cid),
    ]
    return pdf(objs)


def tounicode_controls():
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Ctl def /CMapType 2 def\n"
            b"1 begincodespacerange <00> <FF> endcodespacerange\n"
            b"3 beginbfchar <42> <001B> <43> <0007> <44> <202E> endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end\n")
    content = b"BT /F1 12 Tf 72 700 Td (Hello AB[31mA ACA ADA world) Tj ET"
    objs = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 6 0 R >>"),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>"),
        (5, stream(b"", content)),
        (6, stream(b"", cmap)),
    ]
    return pdf(objs)


# Raw characters that must not reach human-readable output (the manifest writes them as \uXXXX).
RAW = [ESC, BEL, NUL, BS, CR, RLO, LRI, CSI]


def no_raw(args, exit=0):
    return [{"args": args, "exit": exit, "stdout_not_contains": c} for c in RAW]


FIXTURES = [
    {
        "name": "controls-info-strings",
        "klass": 3,
        "what": "Info strings holding BEL, NUL, BS, CR, C1 CSI, ESC and bidirectional overrides and isolates, in "
                "UTF-16BE, UTF-8 with a byte-order mark and PDFDocEncoding, and a page label with BEL, RLO and CSI.",
        "defect": "info printed the controls raw (a terminal rang, cleared, retitled or reordered the line); now "
                  "they are shown escaped (\\u{7}, \\r, \\u{202e}) through ControlEscaping.",
        "data": info_strings(),
        "checks": no_raw(["info", "{file}"]) + [
            {"args": ["info", "{file}"], "exit": 0, "stdout_contains": "Title\\u{7}\\u{0}\\u{8}\\r[2J\\u{202e}gpj.exe\\u{9b}31m"},
            {"args": ["info", "{file}"], "exit": 0, "stdout_contains": "Author\\u{7}\\r]0;pwned\\u{202e}x\\u{2066}y\\u{9b}2J"},
            {"args": ["info", "{file}"], "exit": 0, "stdout_contains": "Subject\\u{7}\\u{8}\\r\\u{0}end"},
            {"args": ["info", "--json", "{file}"], "exit": 0, "stdout_contains": "Title\\u0007\\u0000\\u0008\\r[2J"},
        ] + no_raw(["grep", "control", "{file}"]),
    },
    {
        "name": "controls-structure",
        "klass": 3,
        "what": "A tagged page whose structure types (#1B and #07 in names, mapped by the role map), /Lang, /Alt, "
                "/ActualText and Title hold C0 and C1 controls and bidirectional overrides.",
        "defect": "structure and audit printed the types and strings raw; now they are shown escaped.",
        "data": tagged_controls(),
        "checks": no_raw(["structure", "{file}"]) + no_raw(["audit", "{file}"], exit=4) + [
            {"args": ["structure", "{file}"], "exit": 0, "stdout_contains": "P\\u{1b}[31m → P"},
            {"args": ["structure", "{file}"], "exit": 0, "stdout_contains": "actualText=\"Tagged \\u{0}\\u{202e} control\\r text \\u{9b}2J\""},
            {"args": ["audit", "{file}"], "exit": 4, "stdout_contains": "Title: \"Tagged\\u{7}\\u{202e}title\\u{9b}31m\""},
        ],
    },
    {
        "name": "controls-font-name",
        "klass": 3,
        "what": "A Type0 font named Evil#1B#5B31mFont#07 (ESC and BEL in the name) without a ToUnicode map.",
        "defect": "diagnose (unmapped fonts) and glyphs (font column) printed the name raw; now escaped.",
        "data": font_name_controls(),
        "checks": no_raw(["diagnose", "{file}"]) + no_raw(["glyphs", "{file}"]) + [
            {"args": ["glyphs", "{file}"], "exit": 0, "stdout_contains": "Evil\\u{1b}[31mFont\\u{7}"},
        ],
    },
    {
        "name": "controls-tounicode",
        "klass": 3,
        "what": "A ToUnicode map that gives ESC, BEL and RLO for three letters (the layout drops the C0 controls; "
                "RLO stays in the page text).",
        "defect": "TSV word fields and grep lines carried the controls raw (a tab or line break split a row); "
                  "now TSV and grep show them escaped. The text output itself is the document's text and is unchanged.",
        "data": tounicode_controls(),
        "checks": no_raw(["text", "--format", "tsv", "{file}", "-"]) + no_raw(["grep", "world", "{file}"]) + [
            {"args": ["text", "--format", "tsv", "{file}", "-"], "exit": 0, "stdout_contains": "\tA\\u{202e}A\n"},
            {"args": ["grep", "world", "{file}"], "exit": 0, "stdout_contains": "Hello A[31mA AA A\\u{202e}A world\n"},
        ],
    },
]

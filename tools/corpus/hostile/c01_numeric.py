"""Class 1 of issue 15: traps from numeric conversion. Each file carries numbers that reach a
conversion to an integer (or integer arithmetic) as NaN, an infinity or a value past Int.max:
the process trapped with SIGILL before the conversions were checked."""
import struct

from pdfbytes import HELVETICA, one_page, pdf, stream

TEXT = b"BT /F1 12 Tf 72 700 Td (Numeric survivor) Tj ET\n"


def _separation_type4(program):
    """Three Separation spaces whose tint transforms are the same PostScript calculator
    function, painted with `sc` and `scn` before some text."""
    content = (b"/CS0 cs 0.5 sc 0 0 10 10 re f\n"
               b"/CS0 CS 0.5 SC 0 0 10 10 re S\n"
               b"/CS0 cs 0.25 scn 20 20 10 10 re f\n" + TEXT)
    res = b"<< /Font << /F1 3 0 R >> /ColorSpace << /CS0 [/Separation /Spot /DeviceRGB 6 0 R] >> >>"
    fn = stream(b"/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1]", program, compress=False)
    return one_page(content, resources=res, extra_objects=[(6, fn)])


def _sampled_huge_domain():
    samples = b"\x00\x00\x00\xff\xff\xff"
    fn = stream(b"/FunctionType 0 /Domain [-1.7e308 1.7e308] /Range [0 1 0 1 0 1] /Size [2] "
                b"/BitsPerSample 8 /Encode [-1.7e308 1.7e308] /Decode [0 1 0 1 0 1]", samples, compress=False)
    content = (b"/CS0 cs 1.7e308 sc 0 0 10 10 re f\n/CS0 cs -1.7e308 scn 0 0 10 10 re f\n"
               b"/CS0 cs 1e30 sc\n" + TEXT)
    res = b"<< /Font << /F1 3 0 R >> /ColorSpace << /CS0 [/Separation /Spot /DeviceRGB 6 0 R] >> >>"
    return one_page(content, resources=res, extra_objects=[(6, fn)])


def _images_everywhere():
    image = stream(b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray "
                   b"/BitsPerComponent 8", b"\x80", compress=False)
    # More than 2,000 images take diagnose's grid path, whose cell size was page width / 256:
    # an infinity for this page, and NaN cell indices. A scale of 3.4e308 is itself infinite.
    content = (b"q 1.7e308 0 0 1.7e308 0 0 cm /Im0 Do Q\n" * 2001
               + b"q 3.4e308 0 0 3.4e308 -1.7e308 -1.7e308 cm /Im0 Do Q\n" * 10 + TEXT)
    res = b"<< /Font << /F1 3 0 R >> /XObject << /Im0 6 0 R >> >>"
    return one_page(content, resources=res, media=b"[-1.7e308 -1.7e308 1.7e308 1.7e308]",
                    extra_objects=[(6, image)])


def _truetype(chars):
    """A minimal TrueType program: .notdef and one square glyph per character of `chars`,
    mapped by a (3,1) cmap; every advance is 600 units of 1000."""
    n = len(chars) + 1
    square = struct.pack(">hhhhhHHBBBB" + "h" * 8, 1, 50, 0, 550, 700, 3, 0, 1, 1, 1, 1,
                         50, 500, 0, -500, 0, 0, 700, 0)
    glyf = square * (n - 1)
    loca = struct.pack(">" + "H" * (n + 1), 0, *[(len(square) * i) // 2 for i in range(0, n)])
    head = struct.pack(">IIIIHHQQhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000, 0, 0,
                       0, 0, 600, 700, 0, 8, 2, 0, 0)
    hhea = struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, 800, -200, 0, 600, 50, 50, 550, 1, 0, 0,
                       0, 0, 0, 0, 0, n)
    maxp = struct.pack(">IHHHHHHHHHHHHHH", 0x00010000, n, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    hmtx = struct.pack(">HhHh" + "Hh" * (n - 2), 600, 0, *([600, 50] * (n - 1)))
    codes = sorted(ord(c) for c in chars) + [0xFFFF]
    seg = len(codes)
    gid = {ord(c): i + 1 for i, c in enumerate(chars)}
    deltas = [(gid[c] - c) & 0xFFFF for c in codes[:-1]] + [1]
    sub = struct.pack(">" + "H" * seg, *codes) + b"\0\0" + struct.pack(">" + "H" * seg, *codes)
    sub += struct.pack(">" + "H" * seg, *deltas) + b"\0\0" * seg
    sr = 2 * (1 << (seg.bit_length() - 1))
    sub = struct.pack(">HHHHHHH", 4, 14 + len(sub), 0, seg * 2, sr, sr.bit_length() - 2, seg * 2 - sr) + sub
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    tables = sorted({b"cmap": cmap, b"glyf": glyf, b"head": head, b"hhea": hhea, b"hmtx": hmtx,
                     b"loca": loca, b"maxp": maxp}.items())
    out = struct.pack(">IHHHH", 0x00010000, len(tables), 64, 2, len(tables) * 16 - 64)
    offset = 12 + 16 * len(tables)
    body = b""
    for tag, data in tables:
        data += b"\0" * (-len(data) % 4)
        out += tag + struct.pack(">III", 0, offset + len(body), len(data))
        body += data
    return out + body


def _widths_huge():
    program = _truetype("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    font = (b"<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Numeric /FirstChar 65 /LastChar 90 "
            b"/Widths [" + b"1e30 " * 26 + b"] /Encoding /WinAnsiEncoding /FontDescriptor 7 0 R >>")
    desc = (b"<< /Type /FontDescriptor /FontName /ABCDEF+Numeric /Flags 32 /FontBBox [0 0 600 700] "
            b"/ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>")
    content = b"BT /F2 12 Tf 72 650 Td (WIDE GLYPHS) Tj ET\n" + TEXT
    res = b"<< /Font << /F1 3 0 R /F2 6 0 R >> >>"
    return one_page(content, resources=res,
                    extra_objects=[(6, font), (7, desc), (8, stream(b"/Length1 %d" % len(program), program))])


def _link_to_page_int64_max():
    """A link and an outline item whose destinations are the page number 2^63 - 1."""
    content = b"BT /F1 12 Tf 72 700 Td (Follow this link) Tj ET\n" + TEXT.replace(b"700", b"650")
    link = (b"<< /Type /Annot /Subtype /Link /Rect [70 695 200 715] /Border [0 0 0] "
            b"/Dest [9223372036854775807 /Fit] >>")
    outlines = b"<< /Type /Outlines /First 8 0 R /Last 8 0 R /Count 1 >>"
    item = b"<< /Title (Far away) /Parent 7 0 R /Dest [9223372036854775807 /XYZ 0 1e30 0] >>"
    return one_page(content, page_extra=b"/Annots [6 0 R]", catalog_extra=b"/Outlines 7 0 R",
                    extra_objects=[(6, link), (7, outlines), (8, item)])


FIXTURES = [
    {
        "name": "numeric-type4-exp-copy",
        "klass": 1,
        "what": "A Separation tint transform that is a PostScript calculator function `{pop 10 300 exp copy 0 0 0}`, selected with cs/CS and painted with sc/SC/scn.",
        "defect": "`copy` converted 1e300 to Int and trapped (SIGILL); operand counts are now checked before conversion and the function fails softly to the alternate space's default.",
        "data": _separation_type4(b"{pop 10 300 exp copy 0 0 0}"),
        "checks": [{"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Numeric survivor"}],
    },
    {
        "name": "numeric-type4-exp-index",
        "klass": 1,
        "what": "The same Separation space with the calculator function `{pop 10 300 exp index 0 0 0}`.",
        "defect": "`index` converted 1e300 to Int and trapped; now a bad operand stops the function.",
        "data": _separation_type4(b"{pop 10 300 exp index 0 0 0}"),
        "checks": [{"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Numeric survivor"}],
    },
    {
        "name": "numeric-type4-exp-roll",
        "klass": 1,
        "what": "The same Separation space with the calculator function `{pop 10 300 exp 1 roll 0 0 0}` (a roll of 1e300 elements).",
        "defect": "`roll` converted its count 1e300 to Int and trapped; now a bad operand stops the function.",
        "data": _separation_type4(b"{pop 10 300 exp 1 roll 0 0 0}"),
        "checks": [{"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Numeric survivor"}],
    },
    {
        "name": "numeric-sampled-huge-domain",
        "klass": 1,
        "what": "A Separation tint transform that is a sampled (Type 0) function whose Domain and Encode are [-1.7e308 1.7e308], painted with tints of ±1.7e308.",
        "defect": "The encoded sample index was NaN and Int(NaN) trapped; the index is now clamped, NaN reading as 0.",
        "data": _sampled_huge_domain(),
        "checks": [{"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Numeric survivor"}],
    },
    {
        "name": "numeric-font-size-1e30",
        "klass": 1,
        "what": "Text set in a 1e30 point font (`/F1 1e30 Tf`) next to ordinary text.",
        "defect": "hOCR's x_fsize and RTF's \\fs converted 1e30 to Int and trapped; sizes are now clamped when written.",
        "data": one_page(b"BT /F1 1e30 Tf 72 700 Td (Gigantic) Tj ET\nBT /F1 -1e30 Tf 72 600 Td (Negative) Tj ET\n"
                         b"BT /F1 12 Tf 72 500 Td (Numeric survivor) Tj ET\n"),
        "checks": [
            {"args": ["text", "--format", "hocr", "{file}"], "exit": 0, "stdout_contains": "survivor"},
            {"args": ["text", "--attributed", "--format", "rtf", "{file}"], "exit": 0, "stdout_contains": "survivor"},
            {"args": ["text", "--format", "json", "{file}"], "exit": 0, "stdout_not_contains": "inf"},
        ],
    },
    {
        "name": "numeric-mediabox-1e30",
        "klass": 1,
        "what": "A page whose MediaBox is [0 0 1e30 1e30] with text at y = 1e30 and at ordinary positions.",
        "defect": "`--layout` converted the page size in character cells to Int and trapped; the grid is now bounded.",
        "data": one_page(b"BT /F1 12 Tf 1 0 0 1 72 1e30 Tm (Highest) Tj ET\nBT /F1 12 Tf 1 0 0 1 1e30 72 Tm (Rightmost) Tj ET\n" + TEXT,
                         media=b"[0 0 1e30 1e30]"),
        "checks": [{"args": ["text", "--layout", "{file}"], "exit": 0, "stdout_contains": "survivor", "max_seconds": 10}],
    },
    {
        "name": "numeric-images-huge-mediabox",
        "klass": 1,
        "what": "2,001 image draws scaled by 1.7e308 (and ten by an infinite 3.4e308) on a MediaBox of ±1.7e308.",
        "defect": "`diagnose` computed image coverage as an infinite area and converted it to Int, trapping; coverage is now clamped.",
        "data": _images_everywhere(),
        "checks": [{"args": ["diagnose", "{file}"], "exit": 0, "stdout_contains": "images 25.0%"}],
    },
    {
        "name": "numeric-widths-1e30",
        "klass": 1,
        "what": "An embedded TrueType font whose /Widths are all 1e30, compared by the audit with the program's widths.",
        "defect": "`audit` printed the dictionary width through Int(1e30) and trapped; widths are now printed whatever their size.",
        "data": _widths_huge(),
        "checks": [
            {"args": ["audit", "{file}"], "exit": 4, "stdout_contains": "7.21.5-1"},
            {"args": ["text", "{file}"], "exit": 0, "stdout_contains": "survivor"},
        ],
    },
    {
        "name": "numeric-link-page-int64-max",
        "klass": 1,
        "what": "A link annotation and an outline item whose destinations name the page number 9223372036854775807.",
        "defect": "Writers turned the page index into a page number with + 1 and overflowed (HTML, Markdown and RTF links); destination page numbers outside the page limit are now dropped.",
        "data": _link_to_page_int64_max(),
        "checks": [
            {"args": ["text", "--attributed", "--format", "html", "{file}"], "exit": 0, "stdout_contains": "Follow this link"},
            {"args": ["text", "--attributed", "--format", "markdown", "{file}"], "exit": 0, "stdout_contains": "Follow this link"},
            {"args": ["text", "--attributed", "--format", "rtf", "{file}"], "exit": 0, "stdout_not_contains": "9223372036854775808"},
        ],
    },
]

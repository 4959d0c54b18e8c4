#!/usr/bin/env python3
"""Writes Tests/PDFFiltersTests/CCITTFaxFixtures.swift: bilevel images of ours, and their CCITT
fax encodings (ITU-T T.4 one- and two-dimensional, T.6), for CCITTFaxDecoderTests.

The images are made here (nothing is taken from elsewhere):
  text   317 x 90: words and shapes drawn by ImageMagick (`convert`, Helvetica), thresholded
  runs   5300 x 7: long runs that need the extended make-up codes (1792-2560), repeated
  noise  61 x 37: seeded random pixels (every run short; many codes per row)

The encodings come from two encoders, so that the decoder is not only checked against our own
reading of the code tables:
  libtiff (`tiffcp -c g4`, `-c g3`, `-c g3:fill`, `-c g3:2d`, `-c g3:2d:fill`), from an
  uncompressed TIFF written here; the strip's bytes are taken out of the TIFF it writes.
  The small T.4/T.6 encoder below, for what libtiff does not write: G4 with every row
  byte-aligned, one-dimensional rows without EOLs (with and without byte alignment), and
  rows with EOLs ending in an RTC (libtiff writes none in a TIFF). Where both can write the
  same form (G4 with its EOFB, G3 1-D and 2-D with EOLs), this script checks that they agree
  byte for byte.

Needs `convert` (ImageMagick) and `tiffcp` (libtiff-tools).

    python3 tools/corpus/make-ccitt-fixtures.py

With --corpus it instead prints the table of Tests/PDFFileTests/CCITTFaxImageTests.swift
(`expected`): for each CCITT image of the shared-corpus files named there, what poppler's
`pdfimages` writes, as a count of black pixels and a hash of the rows in the decoder's sense.
pdfimages writes an image mask's samples as they are, and another 1-bit image's inverted (PBM's
1 is black, a sample of 0 is); it lists a /Mask under its image's object, whose /Mask entry
`mutool show` gives. Needs poppler-utils and mupdf-tools.

    python3 tools/corpus/make-ccitt-fixtures.py --corpus

--fuzz-seeds DIR writes FuzzCCITT's seeds (each encoding behind the five bytes that choose its
parameters) into DIR, e.g. tools/fuzz/work/FuzzCCITT/seeds; --fuzz-seed prints the base64 of
the G4 seed that Tests/PDFFuzzingTests/FuzzCCITTTests.swift holds.
"""
import base64, os, random, struct, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "Tests", "PDFFiltersTests", "CCITTFaxFixtures.swift")

# ITU-T T.4 Tables 2 and 3: terminating codes (run 0-63), make-up codes (64-1728), and the
# extended make-up codes (1792-2560) shared by both colours.
WHITE_TERM = """00110101 000111 0111 1000 1011 1100 1110 1111 10011 10100 00111 01000 001000 000011
110100 110101 101010 101011 0100111 0001100 0001000 0010111 0000011 0000100 0101000 0101011 0010011
0100100 0011000 00000010 00000011 00011010 00011011 00010010 00010011 00010100 00010101 00010110
00010111 00101000 00101001 00101010 00101011 00101100 00101101 00000100 00000101 00001010 00001011
01010010 01010011 01010100 01010101 00100100 00100101 01011000 01011001 01011010 01011011 01001010
01001011 00110010 00110011 00110100""".split()
WHITE_MAKEUP = """11011 10010 010111 0110111 00110110 00110111 01100100 01100101 01101000 01100111 011001100
011001101 011010010 011010011 011010100 011010101 011010110 011010111 011011000 011011001 011011010
011011011 010011000 010011001 010011010 011000 010011011""".split()
BLACK_TERM = """0000110111 010 11 10 011 0011 0010 00011 000101 000100 0000100 0000101 0000111 00000100
00000111 000011000 0000010111 0000011000 0000001000 00001100111 00001101000 00001101100 00000110111
00000101000 00000010111 00000011000 000011001010 000011001011 000011001100 000011001101 000001101000
000001101001 000001101010 000001101011 000011010010 000011010011 000011010100 000011010101
000011010110 000011010111 000001101100 000001101101 000011011010 000011011011 000001010100
000001010101 000001010110 000001010111 000001100100 000001100101 000001010010 000001010011
000000100100 000000110111 000000111000 000000100111 000000101000 000001011000 000001011001
000000101011 000000101100 000001011010 000001100110 000001100111""".split()
BLACK_MAKEUP = """0000001111 000011001000 000011001001 000001011011 000000110011 000000110100 000000110101
0000001101100 0000001101101 0000001001010 0000001001011 0000001001100 0000001001101 0000001110010
0000001110011 0000001110100 0000001110101 0000001110110 0000001110111 0000001010010 0000001010011
0000001010100 0000001010101 0000001011010 0000001011011 0000001100100 0000001100101""".split()
EXT_MAKEUP = """00000001000 00000001100 00000001101 000000010010 000000010011 000000010100 000000010101
000000010110 000000010111 000000011100 000000011101 000000011110 000000011111""".split()
EOL = "000000000001"
PASS, HORIZ = "0001", "001"
VERT = {0: "1", 1: "011", 2: "000011", 3: "0000011", -1: "010", -2: "000010", -3: "0000010"}
assert len(WHITE_TERM) == 64 and len(BLACK_TERM) == 64 and len(WHITE_MAKEUP) == 27
assert len(BLACK_MAKEUP) == 27 and len(EXT_MAKEUP) == 13


class Bits:
    def __init__(self):
        self.bits = []

    def put(self, s):
        self.bits.extend(1 if c == "1" else 0 for c in s)

    def align(self):
        while len(self.bits) % 8:
            self.bits.append(0)

    def fill_before_eol(self):
        """Zero bits so that the EOL that follows ends on a byte boundary (T.4 fill)."""
        while (len(self.bits) + 12) % 8:
            self.bits.append(0)

    def data(self):
        self.align()
        return bytes(int("".join(map(str, self.bits[i:i + 8])), 2) for i in range(0, len(self.bits), 8))


def put_run(out, run, black):
    term, makeup = (BLACK_TERM, BLACK_MAKEUP) if black else (WHITE_TERM, WHITE_MAKEUP)
    while run > 2560:
        out.put(EXT_MAKEUP[-1])
        run -= 2560
    if run >= 1792:
        out.put(EXT_MAKEUP[run // 64 - 28])
        run %= 64
    elif run >= 64:
        out.put(makeup[run // 64 - 1])
        run %= 64
    out.put(term[run])


def changes(row, width):
    """Positions where the colour changes (white before pixel 0), then width twice."""
    out, colour = [], 0
    for x in range(width):
        if row[x] != colour:
            out.append(x)
            colour = row[x]
    return out + [width, width]


def encode_1d(out, row, width):
    x, colour = 0, 0
    while x < width:
        end = x
        while end < width and row[end] == colour:
            end += 1
        put_run(out, end - x, colour == 1)
        x, colour = end, 1 - colour
    if colour == 1:
        pass  # the row ended on a black run: nothing more is written


def encode_2d(out, row, ref, width):
    cur = changes(row, width)
    a0, colour = -1, 0

    def next_change(lst, pos, col):
        # The first change right of pos whose new colour is not col (T.4 b1, a1).
        for i, c in enumerate(lst):
            if c > pos and (i % 2 == 0) == (col == 0):
                return i
        return len(lst) - 1

    while a0 < width:
        ai = next_change(cur, a0, colour)
        a1 = cur[ai]
        a2 = cur[ai + 1] if ai + 1 < len(cur) else width
        bi = next_change(ref, a0, colour)
        b1 = ref[bi]
        b2 = ref[bi + 1] if bi + 1 < len(ref) else width
        if b2 < a1:
            out.put(PASS)
            a0 = b2
        elif abs(a1 - b1) <= 3:
            out.put(VERT[a1 - b1])
            a0, colour = a1, 1 - colour
        else:
            out.put(HORIZ)
            put_run(out, a1 - max(a0, 0), colour == 1)
            put_run(out, a2 - a1, colour == 0)
            a0 = a2
    return cur


def encode(rows, width, k, eol=False, align=False, end_block=True):
    """k < 0: T.6; k == 0: T.4 1-D; k > 0: T.4 2-D, a 1-D row every k rows."""
    out = Bits()
    ref = [width, width]
    for y, row in enumerate(rows):
        if align and not eol:
            out.align()
        if eol and k >= 0:
            if align:
                out.fill_before_eol()
            out.put(EOL)
        one_d = k == 0 or (k > 0 and y % k == 0)
        if k > 0:
            out.put("1" if one_d else "0")
        if one_d:
            encode_1d(out, row, width)
            ref = changes(row, width)
        else:
            ref = encode_2d(out, row, ref, width)
    if end_block:
        if k < 0:
            if align:
                out.align()
            out.put(EOL + EOL)
        else:
            if align:
                out.fill_before_eol()
            for _ in range(6):
                out.put(EOL + ("1" if k > 0 else ""))
    return out.data()


# --- images ---------------------------------------------------------------------------

def pbm_rows(data):
    """The rows of a binary PBM (P4) as lists of 0/1 (1 = black)."""
    fields, i = [], 0
    while len(fields) < 3:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            while data[i:i + 1] != b"\n":
                i += 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    i += 1
    assert fields[0] == b"P4"
    w, h = int(fields[1]), int(fields[2])
    stride = (w + 7) // 8
    rows = []
    for y in range(h):
        line = data[i + y * stride:i + (y + 1) * stride]
        rows.append([(line[x >> 3] >> (7 - (x & 7))) & 1 for x in range(w)])
    return w, rows


def text_image():
    cmd = ["convert", "-size", "317x90", "xc:white", "-fill", "black", "-font", "Helvetica",
           "-pointsize", "26", "-annotate", "+6+30", "CCITT fax: T.4/T.6",
           "-pointsize", "15", "-annotate", "+6+56", "Group 3, Group 4, 0123456789 ~ pdftext",
           "-draw", "circle 290,60 305,75", "-draw", "line 0,89 316,70",
           "-draw", "rectangle 200,62 240,86", "-threshold", "50%", "pbm:-"]
    return pbm_rows(subprocess.run(cmd, check=True, capture_output=True).stdout)


def runs_image():
    w = 5300
    specs = [
        [(0, w)],                                      # one white run of 5300: 2560 + 2560 + 128 + 52
        [(1, 2600), (0, w - 2600)],                    # black 2600 (2560 + 40), then white
        [(0, 1792), (1, 1856), (0, 64), (1, 1), (0, 1587)],
        [(1, 2560), (0, 2561), (1, 179)],
        [(0, 1), (1, 1984), (0, 2048), (1, 63), (0, 1204)],
        [(1, w)],                                      # all black
        [(0, 2624), (1, 2496), (0, 180)],
    ]
    rows = []
    for spec in specs:
        row = []
        for colour, n in spec:
            row += [colour] * n
        assert len(row) == w
        rows.append(row)
    return w, rows


def noise_image():
    rng = random.Random(20240531)
    w, h = 61, 37
    return w, [[1 if rng.random() < 0.45 else 0 for _ in range(w)] for _ in range(h)]


def run_lengths(row):
    """A row's runs, white first (a first run of 0 when it starts black)."""
    out, colour, n = [], 0, 0
    for pixel in row:
        if pixel != colour:
            out.append(n)
            colour, n = pixel, 0
        n += 1
    return out + [n]


def packed(rows, width):
    out = bytearray()
    for row in rows:
        for x0 in range(0, width, 8):
            b = 0
            for x in range(x0, x0 + 8):
                b = b << 1 | (row[x] if x < width else 0)
            out.append(b)
    return bytes(out)


# --- libtiff --------------------------------------------------------------------------

def tiff_uncompressed(rows, width):
    """A little-endian, single-strip, 1-bit MinIsWhite TIFF (1 = black), 200 dpi."""
    data = packed(rows, width)
    entries = [(256, 4, width), (257, 4, len(rows)), (258, 3, 1), (259, 3, 1), (262, 3, 0),
               (273, 4, 0), (277, 3, 1), (278, 4, len(rows)), (279, 4, len(data)),
               (282, 5, 0), (283, 5, 0), (296, 3, 2)]
    ifd_at = 8
    ifd_size = 2 + 12 * len(entries) + 4
    rational_at = ifd_at + ifd_size
    data_at = rational_at + 8
    out = bytearray(b"II*\x00" + struct.pack("<I", ifd_at))
    out += struct.pack("<H", len(entries))
    for tag, typ, value in entries:
        if tag == 273:
            value = data_at
        if typ == 5:
            out += struct.pack("<HHII", tag, typ, 1, rational_at)
        elif typ == 3:
            out += struct.pack("<HHIHH", tag, typ, 1, value, 0)
        else:
            out += struct.pack("<HHII", tag, typ, 1, value)
    out += struct.pack("<I", 0)
    out += struct.pack("<II", 200, 1)
    return bytes(out) + data


def tiff_strip(path):
    """The bytes of the single strip of a TIFF file, and its tags as a dict."""
    data = open(path, "rb").read()
    end = "<" if data[:2] == b"II" else ">"
    (ifd,) = struct.unpack(end + "I", data[4:8])
    (n,) = struct.unpack(end + "H", data[ifd:ifd + 2])
    tags = {}
    for k in range(n):
        tag, typ, count, raw = struct.unpack(end + "HHI4s", data[ifd + 2 + 12 * k:ifd + 14 + 12 * k])
        if count == 1 and typ == 3:
            tags[tag] = struct.unpack(end + "H", raw[:2])[0]
        elif count == 1 and typ == 4:
            tags[tag] = struct.unpack(end + "I", raw)[0]
    assert tags.get(266, 1) == 1, "FillOrder must be most significant bit first"
    off, cnt = tags[273], tags[279]
    return data[off:off + cnt], tags


def libtiff(rows, width, compression):
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.tif"), os.path.join(tmp, "out.tif")
        open(src, "wb").write(tiff_uncompressed(rows, width))
        subprocess.run(["tiffcp", "-c", compression, "-r", str(len(rows) + 1), src, dst], check=True)
        strip, tags = tiff_strip(dst)
        assert tags.get(262) == 0, "expected MinIsWhite"
        return strip, tags


# --- output ---------------------------------------------------------------------------

def swift_string(name, data):
    text = base64.b64encode(data).decode()
    lines = [text[i:i + 100] for i in range(0, len(text), 100)] or [""]
    body = "\n".join("        " + line for line in lines)
    return f'    static let {name} = """\n{body}\n        """\n'


def make_fixtures():
    images = {"text": text_image(), "runs": runs_image(), "noise": noise_image()}
    fixtures = []  # (image, variant, data)
    for name, (width, rows) in images.items():
        g4, _ = libtiff(rows, width, "g4")
        assert g4 == encode(rows, width, -1), f"{name}: our G4 differs from libtiff's"
        g3, tags = libtiff(rows, width, "g3")
        # libtiff writes no RTC in a TIFF: its G3 data ends after the last row.
        assert g3 == encode(rows, width, 0, eol=True, end_block=False), f"{name}: our G3 1-D differs from libtiff's"
        g3_2d, tags = libtiff(rows, width, "g3:2d")
        assert tags.get(292, 0) & 1, "expected T4Options 2-D"
        # libtiff writes a 1-D row every 4 rows at 200 dpi (T.4's K for fine resolution).
        assert g3_2d == encode(rows, width, 4, eol=True, end_block=False), f"{name}: our G3 2-D differs from libtiff's"
        fixtures += [(name, "g4", g4), (name, "g3", g3), (name, "g3_2d", g3_2d)]
        if name == "runs":
            continue
        g3_fill, tags = libtiff(rows, width, "g3:fill")
        assert tags.get(292, 0) & 4, "expected T4Options fill bits"
        fixtures += [
            (name, "g3_fill", g3_fill),
            (name, "g3_2d_fill", libtiff(rows, width, "g3:2d:fill")[0]),
            # Ours only.
            (name, "g4_aligned", encode(rows, width, -1, align=True)),
            (name, "mh_aligned", encode(rows, width, 0, align=True, end_block=False)),
            (name, "mh_bare", encode(rows, width, 0, end_block=False)),
            (name, "g3_2d_k2_rtc", encode(rows, width, 2, eol=True)),
            (name, "g3_2d_aligned_rtc", encode(rows, width, 3, eol=True, align=True)),
        ]
    return images, fixtures


def fuzz_seeds(folder):
    """FuzzCCITT's seeds: each fixture behind the five header bytes that choose its parameters."""
    images, fixtures = make_fixtures()
    os.makedirs(folder, exist_ok=True)
    for image, variant, data in fixtures:
        k, eol, align, eob, rows_given = VARIANTS[variant]
        width, rows = images[image]
        height = len(rows) if rows_given and len(rows) < 256 else 0
        header = bytes([k & 0xFF, width >> 8, width & 0xFF, height, eol | align << 1 | (not eob) << 2])
        open(os.path.join(folder, f"{image}_{variant}.bin"), "wb").write(header + data)
    print(f"wrote {len(fixtures)} seeds to {folder}")


def main():
    images, fixtures = make_fixtures()
    flag = lambda b: "true" if b else "false"
    out = ["// Generated by tools/corpus/make-ccitt-fixtures.py: do not edit. The images are ours",
           "// (drawn by ImageMagick or computed by that script); the encodings are libtiff's (tiffcp)",
           "// and the script's own T.4/T.6 encoder's. Base64, so that the test target needs no resources.",
           "", "enum CCITTFaxFixtures {",
           "    /// A source bitmap: packed rows in base64 (1 = black, PBM's sense, padding bits 0), or, when",
           "    /// `pbm` is empty, its rows as run lengths, white first.",
           "    struct Image { var width: Int; var height: Int; var pbm: String; var runs: [[Int]] = [] }",
           "    /// How a variant is encoded; with `rowsGiven`, /Rows is the image's height (else 0).",
           "    struct Variant { var k: Int; var endOfLine: Bool; var encodedByteAlign: Bool; var endOfBlock: Bool; var rowsGiven: Bool }",
           "    struct Encoding {",
           "        var image: String; var variant: String; var k: Int; var endOfLine: Bool",
           "        var encodedByteAlign: Bool; var endOfBlock: Bool; var rows: Int; var data: String",
           "    }", "",
           "    static let images: [String: Image] = ["]
    for name, (width, rows) in images.items():
        if name == "runs":
            lengths = ", ".join("[" + ", ".join(map(str, run_lengths(row))) + "]" for row in rows)
            out.append(f'        "{name}": Image(width: {width}, height: {len(rows)}, pbm: "", runs: [{lengths}]),')
        else:
            out.append(f'        "{name}": Image(width: {width}, height: {len(rows)}, pbm: {name}Bitmap),')
    out += ["    ]", "", "    static let variants: [String: Variant] = ["]
    for name, (k, eol, align, eob, rows_given) in VARIANTS.items():
        out.append(f'        "{name}": Variant(k: {k}, endOfLine: {flag(eol)}, encodedByteAlign: {flag(align)}, '
                   f'endOfBlock: {flag(eob)}, rowsGiven: {flag(rows_given)}),')
    out += ["    ]", "", '    /// The encoded data by "image/variant".', "    static let encoded: [String: String] = ["]
    entries = [f'"{image}/{variant}": {image}_{variant},' for image, variant, _ in fixtures]
    line = "       "
    for entry in entries:
        if len(line) + len(entry) > 118:
            out.append(line)
            line = "       "
        line += " " + entry
    out += [line, "    ]", "",
            "    /// Every encoding with its image's name and its parameters.",
            "    static let encodings: [Encoding] = encoded.keys.sorted().compactMap { key in",
            '        let parts = key.split(separator: "/").map(String.init)',
            "        guard parts.count == 2, let image = images[parts[0]], let v = variants[parts[1]], let data = encoded[key] else { return nil }",
            "        return Encoding(image: parts[0], variant: parts[1], k: v.k, endOfLine: v.endOfLine, encodedByteAlign: v.encodedByteAlign,",
            "                        endOfBlock: v.endOfBlock, rows: v.rowsGiven ? image.height : 0, data: data)",
            "    }", ""]
    body = "\n".join(out) + "\n"
    for name, (width, rows) in images.items():
        if name != "runs":
            body += swift_string(name + "Bitmap", packed(rows, width))
    for image, variant, data in fixtures:
        body += swift_string(f"{image}_{variant}", data)
    body += "}\n"
    open(OUT, "w").write(body)
    total = sum(len(f[-1]) for f in fixtures)
    print(f"wrote {OUT}: {len(images)} images, {len(fixtures)} encodings, {total} encoded bytes")


# What each variant's data is: K, EndOfLine, EncodedByteAlign, EndOfBlock, and whether /Rows
# must be given (data without an end-of-block pattern).
VARIANTS = {
    "g4": (-1, False, False, True, False),
    "g3": (0, True, False, True, False),
    "g3_2d": (4, True, False, True, False),
    "g3_fill": (0, True, True, True, False),
    "g3_2d_fill": (4, True, True, True, False),
    "g4_aligned": (-1, False, True, True, False),
    "mh_aligned": (0, False, True, False, True),
    "mh_bare": (0, False, False, False, True),
    "g3_2d_k2_rtc": (2, True, False, True, False),
    "g3_2d_aligned_rtc": (3, True, True, True, False),
}


# --- the shared corpus, through pdfimages ----------------------------------------------

CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
CORPUS_FILES = [
    "pdfjs/bug1815476.pdf", "pdfjs/freeculture.pdf", "pdfjs/issue13372.pdf", "pdfjs/issue1985.pdf",
    "pdfjs/issue4379.pdf", "pdfjs/issue5747.pdf", "pdfminer/encryption/encrypted_doc_no_id.pdf",
    "sample-files/007-imagemagick-images/imagemagick-CCITTFaxDecode.pdf",
]


def fnv1a(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def read_pbm(path):
    data = open(path, "rb").read()
    fields, i = [], 2
    while len(fields) < 2:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i)
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(int(data[i:j]))
        i = j
    return fields[0], fields[1], data[i + 1:]


def corpus_table():
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in CORPUS_FILES:
            path = os.path.join(CORPUS, name)
            listing = subprocess.run(["pdfimages", "-list", path], check=True, capture_output=True, text=True).stdout
            prefix = os.path.join(tmp, str(len(lines)))
            subprocess.run(["pdfimages", path, prefix], check=True)
            entries, seen = [], set()
            for row in listing.splitlines()[2:]:
                c = row.split()
                num, kind, enc, obj = int(c[1]), c[2], c[8], int(c[10])
                if enc != "ccitt":
                    continue
                if kind == "mask":  # listed under the image whose /Mask it is
                    shown = subprocess.run(["mutool", "show", path, str(obj)], capture_output=True, text=True).stdout
                    obj = int(shown.split("/Mask", 1)[1].split()[0])
                if obj in seen:
                    continue
                seen.add(obj)
                width, height, data = read_pbm(f"{prefix}-{num:03d}.pbm")
                stride = (width + 7) // 8
                last = (0xFF << (8 - width % 8)) & 0xFF if width % 8 else 0xFF
                rows = bytearray()
                for k, b in enumerate(data[:stride * height]):
                    sample = b if kind in ("mask", "stencil") else ~b
                    rows.append(sample & (last if k % stride == stride - 1 else 0xFF))
                zeros = sum(8 - bin(b).count("1") for b in rows) - height * (stride * 8 - width)
                entries.append(f"{obj}: ({width}, {height}, {zeros}, {fnv1a(rows)})")
            lines.append(f'        "{name}": [{", ".join(entries)}],')
    print("\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1:] == ["--corpus"]:
        corpus_table()
    elif sys.argv[1:2] == ["--fuzz-seeds"] and len(sys.argv) == 3:
        fuzz_seeds(sys.argv[2])
    elif sys.argv[1:] == ["--fuzz-seed"]:
        # Tests/PDFFuzzingTests/FuzzCCITTTests.swift's seed: rings, 45 x 20, as libtiff's G4.
        rows = [[1 if (x - 22) ** 2 + (y - 10) ** 2 in range(40, 90) or x == y else 0 for x in range(45)] for y in range(20)]
        print(base64.b64encode(libtiff(rows, 45, "g4")[0]).decode())
    else:
        main()

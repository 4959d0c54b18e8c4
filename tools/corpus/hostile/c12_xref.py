"""Class 12 of issue 15: damaged cross-reference streams (and tables) that lead nowhere.

Each file holds a readable one-page document whose cross-reference data is damaged so that it
names no usable catalog, or a catalog whose page tree gives no page: garbage entries, a
predictor with an absurd /Columns, /W and /Index values that make no sense, a stream that
decodes to nothing, a /Prev chain of such sections. A reader has to fall back to scanning the
file for objects, as MuPDF and Poppler do, and find the page and its text.
"""
import zlib

from c10_encryption import DOC_ID, hexstr, keys, rc4_for_object
from pdfbytes import HELVETICA, stream

TEXT = b"Recovered xref text"


def body_objects(text=TEXT):
    content = b"BT /F1 24 Tf 72 700 Td (" + text + b") Tj ET"
    return [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, HELVETICA),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>"),
        (5, stream(b"", content)),
    ]


def write_objects(objects, header=b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"):
    out = bytearray(header)
    offsets = {}
    for num, body in objects:
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    return out, offsets


def rows(entries, widths):
    """entries: list of (type, field2, field3); packed big-endian with the given widths."""
    data = bytearray()
    for t, f2, f3 in entries:
        for value, w in zip((t, f2, f3), widths):
            data += (value % (1 << (8 * w))).to_bytes(w, "big") if w else b""
    return bytes(data)


def true_entries(offsets, size):
    return [(0, 0, 65535)] + [(1, offsets[n], 0) if n in offsets else (0, 0, 0) for n in range(1, size)]


def with_xref_stream(objects, make_dict_and_data, prev_section=None):
    """Writes the objects, then an xref stream made by make_dict_and_data(offsets, xref_number)
    -> (dictionary text without /Length, raw stream data). prev_section(out, offsets) may append
    an older section first and return its offset (named by /Prev)."""
    out, offsets = write_objects(objects)
    prev = prev_section(out, offsets) if prev_section else None
    xnum = max(n for n, _ in objects) + 1
    offsets[xnum] = len(out)
    dict_text, data = make_dict_and_data(offsets, xnum)
    if prev is not None:
        dict_text += b" /Prev %d" % prev
    out += b"%d 0 obj\n<< /Type /XRef " % xnum + dict_text + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % offsets[xnum]
    return bytes(out)


def png_up(data, columns):
    """PNG 'Up' prediction (tag 2) over rows of `columns` bytes, as /Predictor 12 expects."""
    out, prior = bytearray(), bytes(columns)
    for i in range(0, len(data), columns):
        row = data[i:i + columns]
        out += b"\x02" + bytes((b - p) & 255 for b, p in zip(row, prior))
        prior = row
    return bytes(out)


def garbage_entries(offsets, xnum):
    # Every entry claims the object sits in object stream 9999 (which does not exist);
    # the catalog's entry among them, so the catalog cannot be resolved.
    size = xnum + 1
    data = rows([(2, 9999, i) for i in range(size)], (1, 2, 2))
    return b"/Size %d /W [1 2 2] /Root 1 0 R /Filter /FlateDecode" % size, zlib.compress(data)


def root_nowhere_rest_free(offsets, xnum):
    # The catalog's entry points into an object stream that does not exist; every other
    # object is marked free.
    size = xnum + 1
    entries = [(0, 0, 65535), (2, 9999, 0)] + [(0, 0, 0)] * (size - 2)
    return b"/Size %d /W [1 2 2] /Root 1 0 R" % size, rows(entries, (1, 2, 2))


def catalog_only(offsets, xnum):
    # The catalog's entry is right; every other object is marked free.
    size = xnum + 1
    entries = [(0, 0, 65535), (1, offsets[1], 0)] + [(0, 0, 0)] * (size - 2)
    return b"/Size %d /W [1 4 2] /Root 1 0 R" % size, rows(entries, (1, 4, 2))


def predictor_columns_1e9(offsets, xnum):
    size = xnum + 1
    data = png_up(rows(true_entries(offsets, size), (1, 4, 1)), 6)
    return (b"/Size %d /W [1 4 1] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 1e9 >>" % size,
            zlib.compress(data))


def widths_8_8_8(offsets, xnum):
    # Rows written with /W [1 4 1] but declared as [8 8 8]: every entry is garbage.
    size = xnum + 1
    return b"/Size %d /W [8 8 8] /Root 1 0 R" % size, rows(true_entries(offsets, size), (1, 4, 1))


def widths_huge(offsets, xnum):
    size = xnum + 1
    return b"/Size %d /W [1 4294967296 -1] /Root 1 0 R" % size, rows(true_entries(offsets, size), (1, 4, 1))


def index_nowhere(offsets, xnum):
    size = xnum + 1
    return (b"/Size %d /W [1 4 1] /Index [1000000 %d] /Root 1 0 R" % (size, size),
            rows(true_entries(offsets, size), (1, 4, 1)))


def decodes_to_nothing(offsets, xnum):
    size = xnum + 1
    return b"/Size %d /W [1 4 1] /Root 1 0 R /Filter /FlateDecode" % size, b"this is not zlib data at all"


def prev_chain(offsets, xnum):
    # The newest section decodes to nothing; /Prev names an older table whose entries are all
    # shifted by 7 bytes and whose catalog entry is free.
    size = xnum + 1
    return b"/Size %d /W [1 4 1] /Root 1 0 R /Filter /FlateDecode" % size, zlib.compress(b"")


def older_table(out, offsets):
    start = len(out)
    size = max(offsets) + 1
    out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
    for n in range(1, size):
        out += b"0000000000 00000 f\r\n" if n == 1 else b"%010d 00000 n\r\n" % (offsets[n] + 7)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\n" % size
    return start


def no_catalog_objects(text=TEXT):
    """The document without its catalog (object 1): nothing anywhere is typed /Catalog."""
    return [o for o in body_objects(text) if o[0] != 1]


def in_object_stream(text=TEXT):
    """The catalog, page tree, font and page inside object stream 6; the content stream 5
    outside it (a stream cannot be in an object stream)."""
    body = body_objects(text)
    packed = [o for o in body if o[0] != 5]
    header, data = b"", b""
    for num, obj in packed:
        header += b"%d %d " % (num, len(data))
        data += obj + b"\n"
    objstm = stream(b"/Type /ObjStm /N %d /First %d" % (len(packed), len(header)), header + data)
    return [o for o in body if o[0] == 5] + [(6, objstm)]


def encrypted_in_object_stream(text=TEXT):
    """As in_object_stream, RC4-encrypted (revision 3, empty user password): the object
    stream 6 and the content stream 5 are encrypted with their object keys; /Encrypt is 7."""
    key, o, u = keys(b"", b"owner", -4)
    objects = []
    for num, body in in_object_stream(text):
        head, sep, rest = body.partition(b" >>\nstream\n")
        data = rest[:-len(b"\nendstream")]
        encrypted = rc4_for_object(key, num, data)
        head = head.replace(b"/Length %d" % len(data), b"/Length %d" % len(encrypted))
        objects.append((num, head + sep + encrypted + b"\nendstream"))
    objects.append((7, b"<< /Filter /Standard /V 2 /R 3 /Length 128 /O " + hexstr(o) + b" /U " + hexstr(u) + b" /P -4 >>"))
    return objects


def garbage_entries_encrypted(offsets, xnum):
    dict_text, data = garbage_entries(offsets, xnum)
    return dict_text + b" /Encrypt 7 0 R /ID [" + hexstr(DOC_ID) + b" " + hexstr(DOC_ID) + b"]", data


def table_pages_free():
    """A classic table: the catalog is right, the page tree's objects are marked free."""
    out, offsets = write_objects(body_objects())
    xref = len(out)
    out += b"xref\n0 6\n0000000000 65535 f\r\n%010d 00000 n\r\n" % offsets[1]
    out += b"0000000000 00000 f\r\n" * 4
    out += b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def recovered(extra_checks=()):
    return [
        {"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Recovered xref text", "max_seconds": 5},
        {"args": ["info", "--diagnostics", "{file}"], "exit": 0, "stdout_contains": "rebuilt by scanning the file [xrefRepaired]"},
    ] + list(extra_checks)


CASES = [
    ("xref-stream-garbage-entries", garbage_entries, None,
     "an xref stream whose every entry places its object in an object stream that does not exist",
     "the catalog could not be resolved and no page was found (0 pages, exit 0); now each object missing from its "
     "object stream is looked up in a rescan of the file"),
    ("xref-stream-catalog-only", catalog_only, None,
     "an xref stream that maps the catalog and marks every other object free",
     "the page tree led nowhere and the scanned page could not be loaded through the free entries (0 pages, exit 0); now the file is rebuilt by scanning"),
    ("xref-stream-predictor-columns-1e9", predictor_columns_1e9, None,
     "an xref stream with /Predictor 12 /Columns 1e9",
     "the predictor read the whole stream as one row and the entries came out as garbage; now the file is rebuilt by scanning"),
    ("xref-stream-w-8-8-8", widths_8_8_8, None,
     "an xref stream written with /W [1 4 1] but declaring /W [8 8 8]",
     "every entry was garbage; now the file is rebuilt by scanning"),
    ("xref-stream-w-huge-negative", widths_huge, None,
     "an xref stream with /W [1 4294967296 -1]",
     "the section is refused and the file is rebuilt by scanning"),
    ("xref-stream-index-nowhere", index_nowhere, None,
     "an xref stream whose /Index numbers its entries from 1000000",
     "no entry named the catalog; the file is rebuilt by scanning"),
    ("xref-stream-decodes-to-nothing", decodes_to_nothing, None,
     "an xref stream whose FlateDecode data is not zlib data",
     "the section held no entry; the file is rebuilt by scanning"),
    ("xref-stream-prev-chain-damaged", prev_chain, older_table,
     "an empty xref stream whose /Prev names a table with the catalog free and every offset 7 bytes off",
     "the chain yields no catalog; the file is rebuilt by scanning"),
]

FOUND_ONE_BY_ONE = {"args": ["info", "--diagnostics", "{file}"], "exit": 0,
                    "stdout_contains": "object not found in object stream 9999; found by scanning (object 1 0) [objectOffsetWrong]"}

FIXTURES = [
    {"name": name, "klass": 12, "what": what, "defect": defect,
     "data": with_xref_stream(body_objects(), make, prev),
     "checks": recovered()[:1] + [FOUND_ONE_BY_ONE] if make is garbage_entries else recovered()}
    for name, make, prev, what, defect in CASES
] + [
    {"name": "xref-table-pages-free", "klass": 12,
     "what": "a classic table that maps the catalog and marks the page tree, page, font and content free",
     "defect": "0 pages and exit 0; now the file is rebuilt by scanning",
     "data": table_pages_free(), "checks": recovered()},
]

FIXTURES.append({
    "name": "xref-stream-no-catalog-anywhere", "klass": 12,
    "what": "a file that holds a page but no catalog at all, whose xref stream sends /Root into an object stream that "
            "does not exist and marks every other object free",
    "defect": "0 pages and exit 0; now, as the rebuild finds no catalog and no page can be read, exit 1 with a message",
    "data": with_xref_stream(no_catalog_objects(), root_nowhere_rest_free),
    "checks": [{"args": ["text", "{file}"], "exit": 1, "stderr_contains": "no page could be read"},
               {"args": ["info", "{file}"], "exit": 1, "stderr_contains": "xref-stream-no-catalog-anywhere.pdf"}],
})

FIXTURES.append({
    "name": "xref-stream-garbage-objstm", "klass": 12,
    "what": "the catalog, page tree and page inside an object stream; xref stream entries that all point into an object stream that does not exist",
    "defect": "0 pages and exit 0 (no page object outside the object stream for the page scan to find); now the file is "
              "rebuilt by scanning, object streams included",
    "data": with_xref_stream(in_object_stream(), garbage_entries),
    "checks": recovered(),
})

FIXTURES.append({
    "name": "xref-stream-garbage-objstm-encrypted", "klass": 12,
    "what": "as xref-stream-garbage-objstm, RC4-encrypted with an empty user password (the object stream too)",
    "defect": "0 pages and exit 0; now the rebuild reads the encrypted object stream with the document's key",
    "data": with_xref_stream(encrypted_in_object_stream(), garbage_entries_encrypted),
    "checks": recovered(),
})

"""Byte-level PDF writing shared by the hostile fixture modules (no dependencies)."""
import zlib


def pdf(objects, trailer_extra=b"", version=b"1.7", header=b""):
    """objects: list of (number, body bytes). A classic cross-reference table."""
    out = bytearray(header + b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num, body in objects:
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    size = max(offsets) + 1
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
    for n in range(1, size):
        out += (b"%010d 00000 n\r\n" % offsets[n]) if n in offsets else b"0000000000 00000 f\r\n"
    out += b"trailer\n<< /Size %d /Root 1 0 R " % size + trailer_extra + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def stream(dict_text, data, compress=True):
    if compress:
        data = zlib.compress(data, 9)
        dict_text += b" /Filter /FlateDecode"
    return b"<< " + dict_text + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"


def one_page(content, resources=b"<< /Font << /F1 3 0 R >> >>", page_extra=b"", media=b"[0 0 612 792]",
             extra_objects=(), trailer_extra=b"", catalog_extra=b""):
    """A one-page document: 1 catalog, 2 pages, 3 Helvetica /F1, 4 the page, 5 its content;
    extra_objects are (number, body) with numbers from 6 up."""
    objs = [
        (1, b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox " + media + b" >>"),
        (3, HELVETICA),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources " + resources + b" /Contents 5 0 R " + page_extra + b" >>"),
        (5, stream(b"", content)),
    ] + list(extra_objects)
    return pdf(objs, trailer_extra)

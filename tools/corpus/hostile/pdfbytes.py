"""Byte-level PDF writing shared by the hostile fixture modules: the classic-table writer of
make_fixtures.py, a stream writer at the highest compression, and a one-page document."""
import zlib

from make_fixtures import pdf  # noqa: F401 (re-exported to the class modules)


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

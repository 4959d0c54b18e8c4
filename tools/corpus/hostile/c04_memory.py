"""Class 4 of issue 15: memory that grows with --jobs.

Pages whose content streams inflate far past Limits.maxDecodedStreamBytes, through nested
/FlateDecode so that the files stay a few kilobytes. Before the fix each page in flight held
its own decoded copy (and the buffer it was inflated from), so peak memory grew with -j;
now a document has one decode budget (Limits.maxDecodedBytesInFlight) shared by all its
pages, fonts and forms, and intermediate buffers of a filter chain count against it.
"""
import zlib

from pdfbytes import pdf, HELVETICA

MIB = 1 << 20
TEXT = b"BT /F1 12 Tf 72 700 Td (Before the bomb) Tj ET\n"


def deflate_layers(head, fill_bytes, levels, chunk=4 * MIB):
    """`head` followed by `fill_bytes` spaces, compressed once per entry of `levels` (zlib
    levels, innermost first), streamed so that nothing large is held in memory."""
    objs = [zlib.compressobj(level) for level in levels]

    def push(data, i):
        if i == len(objs):
            return data
        return push(objs[i].compress(data), i + 1) if data else b""

    out = bytearray(push(head, 0))
    block = b" " * chunk
    left = fill_bytes
    while left > 0:
        n = min(chunk, left)
        out += push(block[:n], 0)
        left -= n
    # Flush each layer in turn, passing what it gives to the layers after it.
    for i in range(len(objs)):
        tail = objs[i].flush()
        for j in range(i + 1, len(objs)):
            tail = objs[j].compress(tail)
        out += tail
    return bytes(out)


def bomb_stream(data, layers):
    filters = b"[" + b" ".join([b"/FlateDecode"] * layers) + b"]"
    return b"<< /Length %d /Filter %s >>\nstream\n" % (len(data), filters) + data + b"\nendstream"


def pages_document(page_count, content_for_page):
    """Catalog 1, pages 2, font 3, pages from 10 up; content_for_page(i) gives the content
    object number of page i and the objects to add."""
    kids, objs, extra = [], [], {}
    for i in range(page_count):
        number = 10 + i
        content_number, more = content_for_page(i)
        extra.update(more)
        kids.append(b"%d 0 R" % number)
        objs.append((number, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % content_number))
    head = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [" + b" ".join(kids) + b"] /Count %d /MediaBox [0 0 612 792] >>" % page_count),
        (3, HELVETICA),
    ]
    return pdf(head + objs + sorted(extra.items()))


# One content stream of 1 GiB (text, then spaces) behind two Flate layers, shared by 8 pages.
SHARED = bomb_stream(deflate_layers(TEXT, 1024 * MIB, [9, 9]), 2)
shared_pages = pages_document(8, lambda i: (5, {5: SHARED}))

# Eight pages, each with its own 1 GiB content stream (eight objects with the same bytes):
# a cache keyed by object cannot help, only the budget.
distinct_pages = pages_document(8, lambda i: (100 + i, {100 + i: SHARED}))

# Three Flate layers whose middle one is stored (level 0): the intermediate buffer is as
# large as the final data, both past the per-stream limit.
INTERMEDIATE = bomb_stream(deflate_layers(TEXT, 320 * MIB, [0, 9, 9]), 3)
intermediate = pages_document(1, lambda i: (5, {5: INTERMEDIATE}))

JOBS_CHECKS = [
    {"args": [cmd, "-j", jobs, "{file}"], "exit": 0, "stdout_contains": "Before the bomb", "max_seconds": 20}
    for cmd in ("text",) for jobs in ("1", "8")
]

FIXTURES = [
    {
        "name": "memory-shared-stream-8-pages",
        "klass": 4,
        "what": "Eight pages sharing one content stream that inflates, through two FlateDecode layers, to 1 GiB: a line of text, then spaces.",
        "defect": "Each page in flight decoded its own copy up to the 256 MB stream limit, so peak memory grew with -j (4 GB at -j 8 for the 4 GB shape); now the document's pages share one decode budget (Limits.maxDecodedBytesInFlight) and the data past it is cut with a decodeBudget diagnostic.",
        "data": shared_pages,
        "checks": JOBS_CHECKS,
    },
    {
        "name": "memory-distinct-streams-8-pages",
        "klass": 4,
        "what": "Eight pages, each with its own content stream that inflates through two FlateDecode layers to 1 GiB: a line of text, then spaces.",
        "defect": "Peak memory grew with the number of pages in flight; now bounded by the document's decode budget, with a decodeBudget diagnostic when pages in parallel reach it.",
        "data": distinct_pages,
        "checks": JOBS_CHECKS,
    },
    {
        "name": "memory-intermediate-buffer",
        "klass": 4,
        "what": "One content stream with three FlateDecode layers, the middle one stored, so that the buffer between the last two filters and the final data both pass 256 MB.",
        "defect": "Intermediate buffers of a filter chain were not counted (each filter had its own 256 MB limit); they now draw from the document's decode budget like the final data.",
        "data": intermediate,
        "checks": [
            {"args": ["text", "{file}"], "exit": 0, "stdout_contains": "Before the bomb", "max_seconds": 20},
        ],
    },
]

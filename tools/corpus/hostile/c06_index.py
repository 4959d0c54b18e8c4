"""Class 6 of issue 15: index disk amplification.

A small file whose pages all draw one shared content stream holding a great many words:
every page is extracted and indexed in full, so a file of a few kilobytes once became an
index of hundreds of megabytes. `pdftext index` now keeps at most --max-words-per-file
words and --max-characters-per-file characters of one file and reports the rest as left
out (Tests/PDFTextCLITests/IndexCommandTests.swift indexes this fixture with low limits).

The fixture is kept small enough for every subcommand to read it quickly (200 pages of
250 words); the shape at full scale, 200 pages of 25,000 words each (a 255 MB index
before the limits), is written by

    python3 tools/corpus/hostile/c06_index.py --large OUT.pdf

for measuring (docs/SEARCH.md gives the numbers).
"""
import sys
import zlib

from pdfbytes import HELVETICA, pdf

PAGES = 200
WORDS_PER_LINE = 25
VOCABULARY = 997     # distinct words, cycled (a prime, so lines do not repeat in step)


def words_content(lines):
    words = [b"w%03dx%s" % (k, b"abcdefghij"[k % 10:k % 10 + 3]) for k in range(VOCABULARY)]
    out = bytearray(b"BT /F1 4 Tf 4.8 TL 10 4990 Td\n")
    k = 0
    for _ in range(lines):
        line = []
        for _ in range(WORDS_PER_LINE):
            line.append(words[k % VOCABULARY])
            k += 1
        out += b"(" + b" ".join(line) + b") '\n"
    out += b"ET\n"
    return bytes(out)


def nested_flate(data, times=2):
    """The data compressed `times` times, for /Filter [/FlateDecode ...] (repetitive data
    shrinks again on the second pass)."""
    for _ in range(times):
        data = zlib.compress(data, 9)
    return data


def shared_stream_document(lines=10):
    content = words_content(lines)
    packed = nested_flate(content)
    kids = b" ".join(b"%d 0 R" % (10 + p) for p in range(PAGES))
    objects = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [" + kids + b"] /Count %d /MediaBox [0 0 600 5000] >>" % PAGES),
        (3, HELVETICA),
        (4, b"<< /Length %d /Filter [/FlateDecode /FlateDecode] >>\nstream\n" % len(packed) + packed + b"\nendstream"),
    ]
    for p in range(PAGES):
        objects.append((10 + p, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>"))
    return pdf(objects)


FIXTURES = [
    {
        "name": "index-shared-stream-200-pages",
        "klass": 6,
        "what": "200 pages that all draw one shared content stream of 250 words (4 pt Helvetica); the same shape with 25,000 words a page made a 255 MB index.",
        "defect": "`pdftext index` stored every word of every page (a 255 MB index in 32 s); it now keeps "
                  "--max-words-per-file words and --max-characters-per-file characters per file and reports the file as truncated.",
        "data": shared_stream_document(),
        "checks": [
            {"args": ["info", "{file}"], "exit": 0, "stdout_contains": "Pages:           200"},
            {"args": ["-f", "200", "-l", "200", "{file}"], "exit": 0, "stdout_contains": "w249xj", "max_seconds": 10},
        ],
    },
]


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--large":
    with open(sys.argv[2], "wb") as fh:
        fh.write(shared_stream_document(lines=1000))

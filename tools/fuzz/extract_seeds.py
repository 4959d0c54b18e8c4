#!/usr/bin/env python3
"""Pulls content streams or CMap programs out of PDFs, as seeds for FuzzContentStream and
FuzzCMap.

Usage: extract_seeds.py content|cmap OUTDIR PDF...

Every `stream ... endstream` body is taken raw and, when it inflates, inflated (the seeds
are Flate-only: other filters are skipped). A body containing `begincmap` is a CMap; one
with text or painting operators and few control bytes is a content stream. At most 64 KB
per seed, duplicates dropped; files are named by their SHA-1.
"""
import hashlib
import os
import re
import sys
import zlib

STREAM = re.compile(rb"stream\r?\n(.*?)endstream", re.S)
CONTENT = re.compile(rb"(?:^|\s)(?:BT|Tj|TJ|Tf|Do|re|cm)(?:\s|$)")
LIMIT = 64 * 1024


def bodies(data):
    for m in STREAM.finditer(data):
        raw = m.group(1)
        yield raw
        try:
            yield zlib.decompressobj().decompress(raw, LIMIT * 4)
        except zlib.error:
            pass


def wanted(kind, body):
    if not body or len(body) > LIMIT:
        return False
    if kind == "cmap":
        return b"begincmap" in body
    if b"begincmap" in body or not CONTENT.search(body):
        return False
    controls = sum(1 for b in body[:4096] if b < 9 or 13 < b < 32)
    return controls * 20 < min(len(body), 4096)


def main():
    kind, out, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    count = 0
    for path in paths:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            continue
        for body in bodies(data):
            if wanted(kind, body):
                name = os.path.join(out, hashlib.sha1(body).hexdigest())
                if not os.path.exists(name):
                    with open(name, "wb") as f:
                        f.write(body)
                    count += 1
    print(f"{kind}: {count} seeds from {len(paths)} files", file=sys.stderr)


if __name__ == "__main__":
    main()

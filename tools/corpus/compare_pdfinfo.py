#!/usr/bin/env python3
"""Compares `pdftext info` with `pdfinfo` field by field on every PDF under the given folders
(default ../shared/corpus), for the files both open. Prints, per field, how many files agree,
and the first few disagreements.

    tools/corpus/compare_pdfinfo.py [--pdftext PATH] [--show N] [DIR ...]
"""
import argparse, os, subprocess, sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIELDS = ["Title", "Subject", "Keywords", "Author", "Creator", "Producer", "Custom Metadata",
          "Metadata Stream", "Tagged", "UserProperties", "Suspects", "Form", "JavaScript",
          "Pages", "Encrypted", "Page size", "Page rot", "File size", "Optimized", "PDF version"]


def parse(text):
    out = {}
    for line in text.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def run(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=30)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode != 0:
        return None
    return r.stdout.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="*", default=[os.path.join(ROOT, "..", "shared", "corpus")])
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args()
    files = sorted(os.path.join(r, f) for d in args.dirs if os.path.isdir(d) for r, _, fs in os.walk(d) for f in fs if f.lower().endswith(".pdf"))
    if not files:
        print("skipped: no corpus"); return 0

    def one(path):
        a = run(["pdfinfo", path])
        b = run([args.pdftext, "info", path])
        return path, a, b

    agree, differ = defaultdict(int), defaultdict(list)
    both = 0
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for path, a, b in pool.map(one, files):
            if a is None or b is None:
                continue
            both += 1
            pa, pb = parse(a), parse(b)
            for f in FIELDS:
                va, vb = pa.get(f), pb.get(f)
                if f == "Encrypted" and va and vb:
                    va, vb = va.split()[0], vb.split()[0]
                if va == vb:
                    agree[f] += 1
                else:
                    differ[f].append((os.path.relpath(path, args.dirs[0]), va, vb))
    print(f"files both tools open: {both}")
    for f in FIELDS:
        print(f"{f:12s} agree {agree[f]:4d}  differ {len(differ[f]):4d}")
        for p, va, vb in differ[f][: args.show]:
            print(f"    {p}: pdfinfo={va!r} pdftext={vb!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

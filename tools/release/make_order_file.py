#!/usr/bin/env python3
"""Writes the link order of pdftext's functions (tools/release/pdftext.order), which
tools/build-release.sh gives to lld (`--symbol-ordering-file`): the functions that text
extraction runs are laid out next to each other at the start of the code, instead of scattered
over 23 MB among the argument parser, SQLite, swift-crypto and the rest of the standard
library and Foundation. The kernel maps code into a process 64 KB at a time around each page
it needs, so scattered code made the binary's resident code 11.9 MB on a 116-page document;
packed, 5.1 MB (docs/PERFORMANCE.md).

    tools/release/make_order_file.py --pdftext BINARY [--out FILE] [--args "..."] PDF|DIR...

Each PDF is run under `valgrind --tool=callgrind` (on a copy of BINARY stripped of debug info,
which valgrind here cannot read) as `pdftext -q -j 1 [ARGS] FILE /dev/null`; every function that
ran is listed, those that ran on the most files first, then by name, so that the order repeats
from one run to the next. The default training set is Corpus/ (the project's own fixtures, of
many producers), never the long documents the benchmarks report on.

The order is a hint only: functions renamed or added since it was written are placed by the
linker as usual, so a stale file costs resident memory, never correctness. Regenerate it after
large changes to the extraction path (about 5 minutes on Corpus/).
"""
import argparse, collections, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def pdfs(paths):
    for p in paths:
        if os.path.isdir(p):
            for d, _, fs in sorted(os.walk(p)):
                for f in sorted(fs):
                    if f.lower().endswith(".pdf"):
                        yield os.path.join(d, f)
        else:
            yield p


def functions_run(binary, pdf, args, timeout):
    """The names of the functions callgrind saw running, or an empty set when it failed."""
    with tempfile.NamedTemporaryFile(suffix=".cg") as out:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}",
               "--compress-strings=no", "--demangle=no", binary, "-q", "-j", "1", *args, pdf, "/dev/null"]
        try:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return set()
        names = set()
        with open(out.name, errors="replace") as f:
            for line in f:
                if line.startswith("fn="):
                    name = line[3:].strip()
                    if not name.startswith("0x"):
                        names.add(name.split("@")[0])
        return names


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pdftext", required=True, help="a release binary (tools/build-release.sh)")
    ap.add_argument("--out", default=os.path.join(HERE, "pdftext.order"))
    ap.add_argument("--args", default="", help="extra arguments before the file, split on spaces")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("inputs", nargs="*", default=[os.path.join(ROOT, "Corpus")])
    a = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("make_order_file: valgrind is needed (apt-get install valgrind)")
    files = list(pdfs(a.inputs))
    if not files:
        sys.exit("make_order_file: no PDF among the inputs")
    with tempfile.TemporaryDirectory() as tmp:
        stripped = os.path.join(tmp, "pdftext")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, a.pdftext], check=True)
        count = collections.Counter()
        for i, f in enumerate(files, 1):
            count.update(functions_run(stripped, f, a.args.split(), a.timeout))
            print(f"\r{i}/{len(files)} files, {len(count)} functions", end="", file=sys.stderr)
        print(file=sys.stderr)
    if not count:
        sys.exit("make_order_file: callgrind saw no named function (is the binary stripped of its symbols?)")
    with open(a.out, "w") as o:
        for name, _ in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
            o.write(name + "\n")
    print(f"make_order_file: {len(count)} functions from {len(files)} files -> {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the link order of pdftext's functions (tools/release/pdftext.order), which
tools/build-release.sh gives to lld (`--symbol-ordering-file`): the functions that text
extraction runs are laid out next to each other at the start of the code, instead of scattered
over 23 MB among the argument parser, SQLite, swift-crypto and the rest of the standard
library and Foundation. The kernel maps code into a process 64 KB at a time around each page
it needs, so scattered code made the binary's resident code 11.9 MB on a 116-page document;
packed, 5.1 MB (docs/PERFORMANCE.md).

    tools/release/make_order_file.py --pdftext BINARY [--out FILE] [--args "..."] [--jobs N]
                                     [--every K] [--map MAP] PDF|DIR...
    tools/release/make_order_file.py --from-order FILE --map MAP [--out FILE]

Each PDF is run under `valgrind --tool=callgrind` (on a copy of BINARY stripped of debug info,
which valgrind here cannot read) as `pdftext -q -j 1 [ARGS] FILE /dev/null`; every function that
ran is listed, those that ran on the most files first, then by name, so that the order repeats
from one run to the next. The default training set is Corpus/ (the project's own fixtures, of
many producers), never the long documents the benchmarks report on. Corpus/ alone ranks the
code of real documents low (its small fixtures each exercise a feature: a real document's
path runs on few of them), so the committed order was trained on Corpus/ and every fourth file
of ../shared/corpus (`--every 4` applies to the folders after the first):

    tools/release/make_order_file.py --pdftext B --jobs 2 --every 4 Corpus ../shared/corpus

Only a function in a section of its own can be moved. The static Swift runtime, standard library
and Foundation come in sections of a whole object file each (libswiftCore's is 1.6 MB, the regex
parser's 0.5 MB), which lld places where the first of their functions in the order would go:
amid the project's own functions, which they pushed megabytes apart (the groff manual's own
hot code, 0.7 MB, lay spread over 5 MB). With `--map` (a linker map of the release binary:
`tools/build-release.sh -Xlinker -Map=FILE`), functions without a section of their own are
listed after all the others; `--from-order` applies that to an existing order without the runs.

The order is a hint only: functions renamed or added since it was written are placed by the
linker as usual, so a stale file costs resident memory, never correctness. Regenerate it after
large changes to the extraction path (about 5 minutes on Corpus/).
"""
import argparse, collections, os, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

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
    ap.add_argument("--pdftext", help="a release binary (tools/build-release.sh); needed unless --from-order")
    ap.add_argument("--out", default=os.path.join(HERE, "pdftext.order"))
    ap.add_argument("--args", default="", help="extra arguments before the file, split on spaces")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--jobs", type=int, default=1, help="files run at once")
    ap.add_argument("--every", type=int, default=1,
                    help="of the folders after the first, take every K-th PDF (in name order)")
    ap.add_argument("--map", help="a linker map of the release binary: functions that do not have a "
                    "section of their own go last")
    ap.add_argument("--from-order", help="reorder this order file by --map instead of running anything")
    ap.add_argument("inputs", nargs="*", default=[os.path.join(ROOT, "Corpus")])
    a = ap.parse_args()
    if a.from_order:
        if not a.map:
            sys.exit("make_order_file: --from-order needs --map")
        with open(a.from_order) as f:
            names = [line.strip() for line in f if line.strip()]
        write(names, a.out, a.map)
        return
    if not a.pdftext:
        sys.exit("make_order_file: --pdftext is needed")
    if not shutil.which("valgrind"):
        sys.exit("make_order_file: valgrind is needed (apt-get install valgrind)")
    files = list(pdfs(a.inputs[:1]))
    for extra in a.inputs[1:]:
        files += list(pdfs([extra]))[::max(1, a.every)]
    if not files:
        sys.exit("make_order_file: no PDF among the inputs")
    with tempfile.TemporaryDirectory() as tmp:
        stripped = os.path.join(tmp, "pdftext")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, a.pdftext], check=True)
        count = collections.Counter()
        with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            runs = pool.map(lambda f: functions_run(stripped, f, a.args.split(), a.timeout), files)
            for i, names in enumerate(runs, 1):
                count.update(names)
                print(f"\r{i}/{len(files)} files, {len(count)} functions", end="", file=sys.stderr)
        print(file=sys.stderr)
    if not count:
        sys.exit("make_order_file: callgrind saw no named function (is the binary stripped of its symbols?)")
    write([name for name, _ in sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))], a.out, a.map)
    print(f"make_order_file: {len(count)} functions from {len(files)} files -> {a.out}", file=sys.stderr)


def own_sections(map_path):
    """The names of the functions that have an input section of their own (`.text.NAME`) in a
    linker map written by lld (`-Map`)."""
    own = set()
    with open(map_path, errors="replace") as f:
        for line in f:
            i = line.find(":(.text.")
            if i >= 0 and line.rstrip().endswith(")"):
                own.add(line.rstrip()[i + 8:-1])
    return own


def write(names, out, map_path):
    """Writes the order: with a map, the functions that can be moved first, the others after."""
    if map_path:
        own = own_sections(map_path)
        names = [n for n in names if n in own] + [n for n in names if n not in own]
        print(f"make_order_file: {sum(1 for n in names if n in own)} of {len(names)} functions have "
              "a section of their own", file=sys.stderr)
    with open(out, "w") as o:
        for name in names:
            o.write(name + "\n")


if __name__ == "__main__":
    main()

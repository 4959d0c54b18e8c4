#!/usr/bin/env python3
"""Checks that two pdftext binaries give byte-identical output on the same PDFs.

A speed change must not change what users get. This runs a BEFORE and an AFTER binary on
every PDF under the given folders (default: the repository's Corpus/ and, when present,
../shared/corpus) with the same arguments, and lists each file whose output or exit status
differs. Exit status 0 when all are identical, 1 when any differs, 2 on a usage error.

    tools/benchmarks/same_output.py --before /tmp/pdftext-old --after .build/release/pdftext
    tools/benchmarks/same_output.py --before A --after B --args "-F tsv" DIR...

Each run has a timeout (`--timeout`, seconds); a file where both binaries time out counts
as identical, one where only one does as a difference.
"""
import argparse, concurrent.futures, hashlib, os, shlex, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def pdfs(folders):
    for folder in folders:
        for base, _, names in os.walk(folder):
            for name in sorted(names):
                if name.lower().endswith(".pdf"):
                    yield os.path.join(base, name)


def run(binary, args, path, timeout):
    """(exit status or 'timeout', sha256 of stdout, first stderr line)."""
    try:
        p = subprocess.run([binary, *args, path, "-"], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("timeout", "", "")
    err = p.stderr.decode("utf-8", "replace").splitlines()
    return (p.returncode, hashlib.sha256(p.stdout).hexdigest(), err[0] if err else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="the binary before the change")
    ap.add_argument("--after", required=True, help="the binary after the change")
    ap.add_argument("--args", default="", help="arguments before the file (default: plain text)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("folders", nargs="*", help="folders to search for PDFs")
    a = ap.parse_args()
    for b in (a.before, a.after):
        if not os.access(b, os.X_OK):
            print(f"same_output: {b}: not an executable file", file=sys.stderr)
            return 2
    folders = a.folders or [os.path.join(ROOT, "Corpus")] + [
        d for d in [os.path.join(os.path.dirname(ROOT), "shared", "corpus")] if os.path.isdir(d)]
    files = list(pdfs(folders))
    if not files:
        print("same_output: no PDF found under " + ", ".join(folders), file=sys.stderr)
        return 2
    args = shlex.split(a.args)

    def compare(path):
        return path, run(a.before, args, path, a.timeout), run(a.after, args, path, a.timeout)

    differing = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for path, old, new in pool.map(compare, files):
            if old[:2] != new[:2]:
                differing.append((path, old, new))
    for path, old, new in differing:
        print(f"DIFFERS {os.path.relpath(path)}: before exit {old[0]} {old[1][:12]}, after exit {new[0]} {new[1][:12]}"
              + (f" ({new[2]})" if new[2] and new[0] != old[0] else ""))
    print(f"{len(files) - len(differing)} of {len(files)} files identical ({' '.join(args) or 'text'})")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())

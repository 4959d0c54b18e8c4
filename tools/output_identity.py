#!/usr/bin/env python3
"""Checks that a change leaves every output format byte-identical.

A refactoring must not change what users get. This runs a pdftext binary with each of a
fixed set of argument lists (every text format, styled output, info, glyphs, diagnose,
structure, the four audit report formats, select and grep) on every PDF under the given
folders, and fingerprints each run: exit status, SHA-256 of standard output and of
standard error. Timestamps and timings (audit's `generatedAt`, `parseMs`, `checkMs`,
SARIF's `endTimeUtc`, JUnit's `time`) are blanked before hashing; nothing else is.

    # fingerprint the binary before the change once
    tools/output_identity.py record --binary /tmp/pdftext-before --out /tmp/before.json
    # after the change: compare with the recording (or directly with another binary)
    tools/output_identity.py compare --binary .build/debug/pdftext --before /tmp/before.json
    tools/output_identity.py compare --binary B --before /tmp/pdftext-before --quick

Folders default to the repository's Corpus/ and, when present, ../shared/corpus;
`--quick` takes Corpus/ only, `--formats text,audit-json` a subset of the argument lists
(`--list` names them). Exit status: 0 identical, 1 some output differs, 2 usage error.
A run that times out (`--timeout`, seconds) fingerprints as "timeout".
"""
import argparse, concurrent.futures, hashlib, json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name -> arguments before the file
FORMATS = {
    "text": ["text"],
    "layout": ["text", "--layout"],
    "raw": ["text", "--raw"],
    "tsv": ["text", "-F", "tsv"],
    "json": ["text", "-F", "json"],
    "jsonl": ["text", "-F", "jsonl"],
    "opensearch-bulk": ["text", "-F", "opensearch-bulk"],
    "hocr": ["text", "-F", "hocr"],
    "html": ["text", "-F", "html"],
    "accessible-text": ["text", "-F", "accessible-text"],
    "attributed-html": ["text", "--attributed"],
    "attributed-json": ["text", "--attributed", "-F", "json"],
    "markdown": ["text", "-F", "markdown"],
    "rtf": ["text", "-F", "rtf"],
    "info-json": ["info", "--json"],
    "info-full": ["info", "--box", "--meta", "--diagnostics"],
    "glyphs": ["glyphs", "-l", "2", "--diagnostics"],
    "diagnose": ["diagnose", "--json"],
    "structure": ["structure"],
    "audit-text": ["audit", "--color", "never"],
    "audit-json": ["audit", "--format", "json"],
    "audit-sarif": ["audit", "--format", "sarif"],
    "audit-junit": ["audit", "--format", "junit"],
    "select-range": ["select", "--page", "1", "--range", "0,80", "--json"],
    "select-rect": ["select", "--page", "1", "--rect", "0,0,300,400"],
    "grep": ["grep", "-i", "-w", "the"],
}

VOLATILE = [
    (re.compile(rb'"(generatedAt|endTimeUtc|startTimeUtc)":"[^"]*"'), rb'"\1":""'),
    (re.compile(rb'"(parseMs|checkMs|elapsedMs|totalMs)":[0-9.eE+-]+'), rb'"\1":0'),
    (re.compile(rb' time="[0-9.]+"'), rb' time=""'),
]


def pdfs(folders):
    for folder in folders:
        for base, dirs, names in os.walk(folder):
            dirs.sort()
            for name in sorted(names):
                if name.lower().endswith(".pdf"):
                    yield os.path.relpath(os.path.join(base, name), ROOT)


def fingerprint(binary, args, path, timeout):
    try:
        p = subprocess.run([binary, *args, path], capture_output=True, timeout=timeout,
                           cwd=ROOT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "timeout"
    out = p.stdout
    for pattern, blank in VOLATILE:
        out = pattern.sub(blank, out)
    return f"{p.returncode} {hashlib.sha256(out).hexdigest()[:20]} {hashlib.sha256(p.stderr).hexdigest()[:12]}"


def record(binary, files, names, jobs, timeout):
    tasks = [(name, path) for name in names for path in files]
    result = {name: {} for name in names}

    def one(task):
        name, path = task
        return name, path, fingerprint(binary, FORMATS[name], path, timeout)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for name, path, value in pool.map(one, tasks):
            result[name][path] = value
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["record", "compare"], nargs="?", default="compare")
    ap.add_argument("--binary", help="the pdftext binary to fingerprint")
    ap.add_argument("--before", help="compare: a recording (.json) or a binary before the change")
    ap.add_argument("--out", help="record: where to write the recording")
    ap.add_argument("--formats", help="comma-separated argument-list names (default: all)")
    ap.add_argument("--quick", action="store_true", help="Corpus/ only")
    ap.add_argument("--list", action="store_true", help="print the argument lists and exit")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("folders", nargs="*", help="folders to search for PDFs")
    a = ap.parse_args()
    if a.list:
        for name, args in FORMATS.items():
            print(f"{name:18} pdftext {' '.join(args)} FILE")
        return 0
    names = a.formats.split(",") if a.formats else list(FORMATS)
    unknown = [n for n in names if n not in FORMATS]
    if unknown or not a.binary or (a.mode == "record" and not a.out) or (a.mode == "compare" and not a.before):
        print("output_identity: " + (f"unknown format {unknown[0]}" if unknown else
              "record needs --binary and --out; compare needs --binary and --before"), file=sys.stderr)
        return 2
    if not os.access(a.binary, os.X_OK):
        print(f"output_identity: {a.binary}: not an executable file", file=sys.stderr)
        return 2
    binary = os.path.abspath(a.binary)
    shared = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
    folders = a.folders or [os.path.join(ROOT, "Corpus")] + ([shared] if os.path.isdir(shared) and not a.quick else [])
    files = list(pdfs(folders))
    if not files:
        print("output_identity: no PDF found under " + ", ".join(folders), file=sys.stderr)
        return 2
    if a.mode == "record":
        with open(a.out, "w") as f:
            json.dump(record(binary, files, names, a.jobs, a.timeout), f, indent=0, sort_keys=True)
        print(f"recorded {len(names)} argument lists on {len(files)} files into {a.out}")
        return 0
    if a.before.endswith(".json"):
        with open(a.before) as f:
            before = json.load(f)
    else:
        before = record(os.path.abspath(a.before), files, names, a.jobs, a.timeout)
    after = record(binary, files, names, a.jobs, a.timeout)
    differing = 0
    for name in names:
        missing = [p for p in files if p not in before.get(name, {})]
        if missing:
            print(f"output_identity: the recording lacks {name} on {len(missing)} files (e.g. {missing[0]})", file=sys.stderr)
            return 2
        bad = [p for p in files if before[name][p] != after[name][p]]
        differing += len(bad)
        for p in bad:
            print(f"DIFFERS {name} {p}: before {before[name][p]}, after {after[name][p]}")
        print(f"{name:18} {len(files) - len(bad)} of {len(files)} identical")
    print(f"{'all identical' if not differing else f'{differing} outputs differ'} "
          f"({len(names)} argument lists, {len(files)} files)")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())

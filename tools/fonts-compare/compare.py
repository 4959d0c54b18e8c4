#!/usr/bin/env python3
"""Compares `pdftext fonts --json` with Poppler's `pdffonts` on every PDF under a folder
(default ../shared/corpus, recursively).

Rows are matched by object ID (number and generation); rows whose ID is `[none]` (a font
written inside its resource dictionary) are matched by name. For matched rows it counts
agreement on name, type, emb, sub (and, for information, uni and encoding); it lists rows
only one tool has, files only one tool opens, and the mismatches by category.

Rows pdftext marks `foundWhilePainting` (fonts met by the interpreter that a walk over the
resources does not reach, which pdffonts cannot list) are counted apart, not as extra rows.

    tools/fonts-compare/compare.py [--pdftext PATH] [--timeout S] [--jobs N] [--show N]
                                   [--report FILE.json] [DIR ...]

Exit status: 0 when every compared column agrees on every matched row and no row is missing
or extra, 1 otherwise, 2 when there was nothing to compare.
"""
import argparse, json, os, re, subprocess, sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TYPES = ["CID Type 0C (OT)", "CID Type 0C", "CID Type 0", "CID TrueType (OT)", "CID TrueType",
         "Type 1C (OT)", "Type 1C", "Type 1", "Type 3", "TrueType (OT)", "TrueType", "unknown"]
ROW = re.compile(r"^(?P<name>.{36,}?) (?P<type>" + "|".join(re.escape(t) for t in TYPES) + r") +(?P<enc>.*?) +"
                 r"(?P<emb>yes|no) +(?P<sub>yes|no) +(?P<uni>yes|no) +(?P<id>\[none\]|-?\d+ +-?\d+)$")
COMPARED = ["name", "type", "emb", "sub"]
INFORMATIONAL = ["uni", "encoding"]


def run(cmd, timeout, latin1=False):
    """(exit status, stdout, stderr); status None on a timeout. Standard output is decoded as
    Latin-1 when asked (byte columns), else as UTF-8."""
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timeout"
    out = r.stdout.decode("latin-1") if latin1 else r.stdout.decode("utf-8", "replace")
    return r.returncode, out, r.stderr.decode("utf-8", "replace")[-2000:]


def parse_pdffonts(text):
    """pdffonts pads its columns by bytes: the lines are matched as Latin-1 (one character a
    byte) and the name decoded as UTF-8 afterwards."""
    rows, bad = [], []
    for line in text.splitlines()[2:]:
        m = ROW.match(line)
        if not m:
            bad.append(line.encode("latin-1").decode("utf-8", "replace"))
            continue
        ident = None if m["id"] == "[none]" else tuple(int(x) for x in m["id"].split())
        rows.append({"name": m["name"].rstrip().encode("latin-1").decode("utf-8", "replace"), "type": m["type"], "encoding": m["enc"], "emb": m["emb"] == "yes",
                     "sub": m["sub"] == "yes", "uni": m["uni"] == "yes", "id": ident})
    return rows, bad


def parse_pdftext(text):
    doc = json.loads(text.splitlines()[0]) if text.strip() else {"fonts": []}
    rows, painted = [], []
    for f in doc.get("fonts", []):
        o = f.get("object")
        row = {"name": f["name"] if f["name"] is not None else "[none]", "type": f["type"], "encoding": f["encoding"],
               "emb": f["embedded"], "sub": f["subset"], "uni": f["toUnicode"],
               "id": (o["number"], o["generation"]) if o else None}
        (painted if f.get("foundWhilePainting") else rows).append(row)
    return rows, painted, doc


def match(ours, theirs):
    """Pairs (pdffonts row, pdftext row); rows only in pdffonts; rows only in pdftext."""
    pairs, missing = [], []
    by_id = {r["id"]: r for r in ours if r["id"] is not None}
    direct = defaultdict(list)
    for r in ours:
        if r["id"] is None:
            direct[r["name"]].append(r)
    used = set()
    for t in theirs:
        if t["id"] is not None:
            o = by_id.get(t["id"])
        else:
            o = direct[t["name"]].pop(0) if direct[t["name"]] else None
        if o is None:
            missing.append(t)
        else:
            used.add(id(o))
            pairs.append((t, o))
    extra = [r for r in ours if id(r) not in used]
    return pairs, missing, extra


def compare_file(path, args):
    p_status, p_out, p_err = run(["pdffonts", path], args.timeout, latin1=True)
    t_status, t_out, t_err = run([args.pdftext, "fonts", "--json", path], args.timeout)
    result = {"path": path, "pdffonts": p_status, "pdftext": t_status}
    if p_status != 0 or t_status != 0:
        result["stderr"] = (p_err.strip()[:200], t_err.strip()[:200])
        return result
    theirs, bad = parse_pdffonts(p_out)
    try:
        ours, painted, _ = parse_pdftext(t_out)
    except (ValueError, KeyError) as e:
        result["pdftext"] = "bad json: %s" % e
        return result
    pairs, missing, extra = match(ours, theirs)
    result.update(rows=len(theirs), unparsed=bad, missing=missing, extra=extra, painted=painted,
                  same_order=[t["id"] for t in theirs] == [o["id"] for o in ours],
                  differences=[(col, t, o) for t, o in pairs for col in COMPARED + INFORMATIONAL if t[col] != o[col]],
                  matched=len(pairs))
    return result


def label(row):
    ident = "[none]" if row["id"] is None else "%d %d" % row["id"]
    return "%s (%s, %s)" % (row["name"], row["type"], ident)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="*", default=[os.path.join(ROOT, "..", "shared", "corpus")])
    built = [os.path.join(ROOT, ".build", c, "pdftext") for c in ("release", "debug")]
    ap.add_argument("--pdftext", default=next((b for b in built if os.path.exists(b)), built[0]),
                    help="the pdftext binary (default: .build/release, else .build/debug)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per file and tool")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--show", type=int, default=8, help="examples listed per category")
    ap.add_argument("--report", help="write every file's result to this JSON file")
    args = ap.parse_args()
    files = sorted(os.path.join(r, f) for d in args.dirs if os.path.isdir(d)
                   for r, _, fs in os.walk(d) for f in fs if f.lower().endswith(".pdf"))
    if not files:
        print("skipped: no PDF under", " ".join(args.dirs))
        return 2

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda p: compare_file(p, args), files))

    compared = [r for r in results if "rows" in r]
    status_pairs = Counter((r["pdffonts"] == 0, r["pdftext"] == 0) for r in results if "rows" not in r)
    rows = sum(r["rows"] for r in compared)
    matched = sum(r["matched"] for r in compared)
    by_column = Counter(col for r in compared for col, _, _ in r["differences"])
    by_kind = Counter()
    examples = defaultdict(list)
    for r in compared:
        for col, t, o in r["differences"]:
            key = "%s: pdffonts %r, pdftext %r" % (col, t[col], o[col]) if col in ("type", "emb", "sub", "uni") else col
            by_kind[key] += 1
            examples[key].append("%s: %s" % (os.path.relpath(r["path"]), label(t) if col != "name" else "%r vs %r" % (t["name"], o["name"])))
        for t in r["missing"]:
            examples["row only in pdffonts"].append("%s: %s" % (os.path.relpath(r["path"]), label(t)))
        for o in r["extra"]:
            examples["row only in pdftext"].append("%s: %s" % (os.path.relpath(r["path"]), label(o)))
        for line in r["unparsed"]:
            examples["pdffonts line not parsed"].append("%s: %s" % (os.path.relpath(r["path"]), line))
    for r in results:
        if "rows" not in r:
            examples["file not compared"].append("%s: pdffonts %s, pdftext %s %s" % (os.path.relpath(r["path"]), r["pdffonts"], r["pdftext"], r.get("stderr", "")))

    print("files: %d; compared (both exit 0): %d" % (len(files), len(compared)))
    for (a, b), n in sorted(status_pairs.items()):
        print("  not compared: pdffonts %s, pdftext %s: %d" % ("ok" if a else "failed", "ok" if b else "failed", n))
    print("pdffonts rows: %d; matched by object ID: %d; only in pdffonts: %d; only in pdftext: %d"
          % (rows, matched, sum(len(r["missing"]) for r in compared), sum(len(r["extra"]) for r in compared)))
    print("rows pdftext found while painting (not in pdffonts' walk): %d" % sum(len(r["painted"]) for r in compared))
    print("files whose rows are in the same order: %d of %d" % (sum(r["same_order"] for r in compared), len(compared)))
    for col in COMPARED + INFORMATIONAL:
        print("  %-8s %s mismatches: %d" % (col, "(informational)" if col in INFORMATIONAL else "", by_column[col]))
    total = sum(by_column[c] for c in COMPARED) + sum(len(r["missing"]) + len(r["extra"]) for r in compared)
    print("mismatches in compared columns and rows: %d" % total)
    for key in sorted(examples, key=lambda k: (-len(examples[k]), k)):
        print("\n%s: %d" % (key, len(examples[key])))
        for e in examples[key][:args.show]:
            print("   ", e)
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1, default=str)
    return 0 if total == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Measures the structure the accessible HTML infers on untagged files against the tags of
tagged ones (docs/STRUCTURE-INFERENCE.md).

For every tagged PDF given (files or folders): the HTML pdftext writes from its tags is the
ground truth; the same file with its structure tree hidden (the catalog's /StructTreeRoot
key renamed in a qpdf --qdf copy, so that nothing else changes) is what a reader of an
untagged file gets, and its HTML is the inference. Compared per category, as multisets of
normalised text:
  headings   h1…h6 by text (precision, recall) and, among matched ones, the same level
  list items li by text
  table cells td/th by text
  figures    <figure> / role=img, by count per document
Micro-averaged precision and recall per producer (the file name's first word: chromium-,
libreoffice-, lualatex-; files of the shared UA corpus count as "ua-corpus"), and overall.

Usage: tools/structure-eval/evaluate.py PATH... [--pdftext BIN] [--json OUT] [--jobs N] [--show-misses N]
                                          [--min CATEGORY=P/R ...]
  --min headings=0.9/0.9 exits 1 when the overall precision or recall of a category is below
  the bound (a category with nothing to measure passes).
"""

import argparse, collections, html.parser, json, os, re, shutil, subprocess, sys, tempfile, unicodedata
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATEGORIES = ("headings", "listItems", "tableCells", "figures")


class Collector(html.parser.HTMLParser):
    """Headings, list items, table cells and figures of one HTML document, in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.headings, self.items, self.cells, self.figures = [], [], [], 0
        self.stack = []  # (tag, level, text parts)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.stack.append(("h", int(tag[1]), []))
        elif a.get("role") == "heading":
            self.stack.append(("h", int(a.get("aria-level", "2") or 2), []))
        elif tag == "li":
            self.stack.append(("li", 0, []))
        elif tag in ("td", "th"):
            self.stack.append(("cell", 0, []))
        elif tag == "figure":
            self.figures += 1
            self.stack.append(("other", 0, []))
        else:
            self.stack.append(("other", 0, []))
        if tag in ("br", "img", "meta", "link", "hr"):
            self.stack.pop()

    def handle_endtag(self, tag):
        if not self.stack:
            return
        kind, level, parts = self.stack.pop()
        text = normalise("".join(parts))
        if kind == "h" and text:
            self.headings.append((level, text))
        elif kind == "li" and text:
            self.items.append(text)
        elif kind == "cell" and text:
            self.cells.append(text)
        # Text belongs to every open element (a list item holds its nested text too, but
        # only the innermost li records its own).
        if self.stack and kind not in ("li",):
            self.stack[-1][2].append(" ".join(parts) if kind == "other" else " ")

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)


MARKER = re.compile(r"^(?:[•◦▪‣●■□○➢✓·\uf0b7]\s*|[*\-–]\s+|\(?[0-9]{1,3}[.)]\s+|\(?[a-z][.)]\s+|\(?[ivxlc]{1,5}[.)]\s+)")


def normalise(s):
    s = unicodedata.normalize("NFKC", s).lower()
    s = re.sub(r"\s+", " ", s).strip()
    s = MARKER.sub("", s)
    s = re.sub(r"^[\W_]+|[\W_]+$", "", s)
    return s


def collect(html_text):
    c = Collector()
    c.feed(html_text)
    c.close()
    return c


def html_of(binary, path):
    p = subprocess.run([binary, path, "--format", "html"], capture_output=True, text=True, timeout=300)
    return p.stdout if p.returncode == 0 else None


def strip_tags(src, dst):
    """A copy whose catalog no longer names its structure tree (same byte length)."""
    q = dst + ".qdf"
    p = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", src, q], capture_output=True)
    if p.returncode not in (0, 3) or not os.path.exists(q):
        return False
    with open(q, "rb") as f:
        data = f.read()
    with open(dst, "wb") as f:
        f.write(data.replace(b"/StructTreeRoot", b"/StructTreeRooX"))
    os.remove(q)
    return True


def compare(truth, inferred):
    """Per category (tp, inferred count, truth count); and heading level agreement."""
    out = {}
    t_h = collections.Counter(t for _, t in truth.headings)
    i_h = collections.Counter(t for _, t in inferred.headings)
    out["headings"] = (sum((t_h & i_h).values()), sum(i_h.values()), sum(t_h.values()))
    levels_t = {t: l for l, t in truth.headings}
    levels_i = {t: l for l, t in inferred.headings}
    matched = [t for t in levels_t if t in levels_i]
    out["headingLevels"] = (sum(1 for t in matched if levels_t[t] == levels_i[t]), len(matched))
    for key, a, b in (("listItems", truth.items, inferred.items), ("tableCells", truth.cells, inferred.cells)):
        ta, ib = collections.Counter(a), collections.Counter(b)
        out[key] = (sum((ta & ib).values()), sum(ib.values()), sum(ta.values()))
    out["figures"] = (min(truth.figures, inferred.figures), inferred.figures, truth.figures)
    return out


def producer(path):
    name = os.path.basename(path)
    if "/pdfua1/" in path or "/pdfua2/" in path:
        return "ua-corpus"
    if "/Corpus/" in path or path.startswith("Corpus/"):
        return "fixtures"
    return name.split("-")[0] if "-" in name else "other"


def evaluate(binary, path, tmp):
    truth_html = html_of(binary, path)
    if truth_html is None or 'data-untagged' in truth_html and '<main' not in truth_html:
        return None
    s = subprocess.run([binary, "structure", "--width", "0", path], capture_output=True)
    if s.returncode != 0:
        return None  # not tagged
    stripped = os.path.join(tmp, str(abs(hash(path))) + ".pdf")
    if not strip_tags(path, stripped):
        return None
    inferred_html = html_of(binary, stripped)
    os.remove(stripped)
    if inferred_html is None:
        return None
    truth, inferred = collect(truth_html), collect(inferred_html)
    if not (truth.headings or truth.items or truth.cells or truth.figures):
        return None  # nothing to measure
    return {"file": path, "producer": producer(path), "result": compare(truth, inferred),
            "misses": {"headings": sorted(set(t for _, t in truth.headings) - set(t for _, t in inferred.headings))[:5],
                       "extraHeadings": sorted(set(t for _, t in inferred.headings) - set(t for _, t in truth.headings))[:5]}}


def ratio(a, b):
    return a / b if b else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--pdftext", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--show-misses", type=int, default=0)
    ap.add_argument("--min", action="append", default=[], help="CATEGORY=PRECISION/RECALL, e.g. headings=0.9/0.9")
    args = ap.parse_args()
    builds = [p for p in (os.path.join(ROOT, ".build", c, "pdftext") for c in ("release", "debug")) if os.path.exists(p)]
    binary = args.pdftext or max(builds, key=os.path.getmtime, default=None)
    if not binary:
        sys.exit("evaluate.py: no pdftext binary; run swift build first")
    if not shutil.which("qpdf"):
        sys.exit("evaluate.py: qpdf is needed (apt-get install qpdf)")
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in sorted(names) if n.lower().endswith(".pdf")]
        else:
            files.append(p)
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        results = [r for r in pool.map(lambda f: evaluate(binary, f, tmp), sorted(files)) if r]
    groups = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0, 0]))
    docs = collections.Counter()
    for r in results:
        for g in (r["producer"], "all"):
            docs[g] += 1
            for k, v in r["result"].items():
                acc = groups[g][k]
                for i, x in enumerate(v):
                    acc[i] += x
    summary = {}
    for g in sorted(groups, key=lambda x: (x == "all", x)):
        row = {"documents": docs[g]}
        for k in CATEGORIES:
            tp, inf, tru = groups[g][k]
            row[k] = {"precision": ratio(tp, inf), "recall": ratio(tp, tru), "truth": tru, "inferred": inf, "matched": tp}
        lv = groups[g]["headingLevels"]
        row["headingLevelAgreement"] = ratio(lv[0], lv[1])
        summary[g] = row
    fmt = lambda v: "  -  " if v is None else f"{v:.2f}"
    print(f"{'producer':<12} {'docs':>4}  " + "  ".join(f"{k:>17}" for k in CATEGORIES) + "  levels")
    print(f"{'':<12} {'':>4}  " + "  ".join(f"{'P':>7} {'R':>5} {'n':>3}" for _ in CATEGORIES))
    for g, row in summary.items():
        cells = "  ".join(f"{fmt(row[k]['precision']):>7} {fmt(row[k]['recall']):>5} {row[k]['truth']:>3}" for k in CATEGORIES)
        print(f"{g:<12} {row['documents']:>4}  {cells}  {fmt(row['headingLevelAgreement'])}")
    if args.show_misses:
        for r in results[:args.show_misses]:
            if r["misses"]["headings"] or r["misses"]["extraHeadings"]:
                print(os.path.basename(r["file"]), "missed:", r["misses"]["headings"], "extra:", r["misses"]["extraHeadings"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"binary": binary, "summary": summary, "files": results}, f, indent=1)
    failed = []
    overall = summary.get("all", {})
    for bound in args.min:
        category, _, values = bound.partition("=")
        p_min, _, r_min = values.partition("/")
        row = overall.get(category)
        if row is None:
            sys.exit(f"evaluate.py: --min {bound}: no category {category} (one of {', '.join(CATEGORIES)})")
        for name, value, least in (("precision", row["precision"], p_min), ("recall", row["recall"], r_min)):
            if least and value is not None and value < float(least):
                failed.append(f"{category} {name} {value:.2f} < {least}")
    if failed:
        print("evaluate.py: below the bounds: " + "; ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

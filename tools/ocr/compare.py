#!/usr/bin/env python3
"""OCR accuracy and speed on the scanned ground-truth set (tools/ocr/make-scans.py).

  tools/ocr/compare.py [--set DIR] [--pdftext BIN] [--tools LIST] [--jobs N] [--work DIR]
                       [--report FILE] [--only SUBSTRING] [--resume]

For every PDF of the set's manifest.tsv, each tool writes its text to WORK/TOOL/NAME.txt and its
time to WORK/TOOL/NAME.json:

  pdftext    BIN --ocr always [--ocr-lang eng] FILE -     (skipped, with a note, while BIN's help
             does not list --ocr; BIN defaults to .build/release/pdftext, else .build/debug/pdftext)
  ocrmypdf   ocrmypdf --sidecar NAME.txt --force-ocr -j 1 --output-type pdf FILE OUT.pdf: the
             sidecar is one column; pdftotext OUT.pdf is another (ocrmypdf+pdftotext, its time is
             ocrmypdf's plus pdftotext's)
  pymupdf    page.get_textpage_ocr(language="eng", dpi=300, full=True), page.get_text(textpage=tp)
             in a child process of this script (TESSDATA_PREFIX set), pages joined by form feeds
  tesseract  the reference: plain `tesseract IMG stdout -l eng --dpi 300` on the page images of the
             300 dpi files without /Rotate, taken out of the PDF losslessly with pdfimages -png
             (untimed; the PNGs carry no resolution, and tesseract's default of 70 dpi spoils its
             layout analysis)

Every tool runs with OMP_THREAD_LIMIT=1 under `taskset -c CORE` (one core per tool; with --jobs N,
N tools run at once, each on its own core). Time per page is the wall time of the whole command
(process start included) divided by the pages; CPU time (user + system of the command and its
children, from wait4) is reported beside it, as it is less disturbed by other load.

Scores come from ../shared/tools/score.py in its batch form (score.py --dir WORK/TOOL --gt SET/pdf
--json): character accuracy and bag-of-words F1 after its normalisation. The report (Markdown, to
stdout and --report FILE) has the targets of the OCR issue, one row per dpi x variant x encoding
(and rotation) with mean char accuracy / word F1 per tool, time per page per tool, a per-source
table for the 300 dpi clean cell and every failed run.

Needs: ocrmypdf, tesseract-ocr-eng, poppler-utils (Debian); pymupdf and rapidfuzz (pip).
"""
import argparse
import collections
import concurrent.futures
import datetime
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TESSDATA = "/usr/share/tesseract-ocr/5/tessdata"
ALL_TOOLS = ("pdftext", "ocrmypdf", "pymupdf", "tesseract")
# report columns: (column, tool whose run makes it, output subfolder)
COLUMNS = [("pdftext", "pdftext", "pdftext"),
           ("ocrmypdf+pdftotext", "ocrmypdf", "ocrmypdf-pdftotext"),
           ("ocrmypdf sidecar", "ocrmypdf", "ocrmypdf-sidecar"),
           ("PyMuPDF", "pymupdf", "pymupdf"),
           ("tesseract (300 dpi images)", "tesseract", "tesseract")]
TARGET_CLEAN, TARGET_NOISY = 0.985, 0.93


# ------------------------------------------------------------------ running one command, timed

_local = threading.local()
_cores = itertools.cycle(range(os.cpu_count() or 1))


def core():
    """The core of this worker thread: each thread takes the next of --cores, in turn."""
    if not hasattr(_local, "core"):
        _local.core = next(_cores)
    return _local.core


def timed(cmd, stdout_path=None, env=None, pin=True):
    """Runs cmd on one core; returns (exit code, wall seconds, cpu seconds, stderr tail)."""
    if pin and shutil.which("taskset"):
        cmd = ["taskset", "-c", str(core())] + cmd
    e = dict(os.environ, OMP_THREAD_LIMIT="1")
    e.update(env or {})
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    with tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, env=e)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if stdout_path:
            out.close()
        err.seek(0)
        tail = err.read()[-1500:].decode("utf-8", "replace")
    return p.returncode, wall, ru.ru_utime + ru.ru_stime, tail


def save(work, folder, name, rec, text_from=None):
    d = os.path.join(work, folder)
    if text_from is not None and rec["rc"] == 0 and text_from != os.path.join(d, name + ".txt"):
        shutil.copyfile(text_from, os.path.join(d, name + ".txt"))
    with open(os.path.join(d, name + ".json"), "w") as f:
        json.dump(rec, f)


def done(work, folder, name):
    try:
        with open(os.path.join(work, folder, name + ".json")) as f:
            return json.load(f).get("rc") == 0
    except (OSError, ValueError):
        return False


# ------------------------------------------------------------------ the tools

def run_pdftext(a, row, name, pdf, work):
    cmd = [a.pdftext, "--ocr", "always"] + (["--ocr-lang", "eng"] if a.pdftext_lang else []) + [pdf, "-"]
    out = os.path.join(work, "pdftext", name + ".txt")
    rc, wall, cpu, err = timed(cmd, out)
    save(work, "pdftext", name, {"rc": rc, "wall": wall, "cpu": cpu, "pages": row["pages"],
                                 "err": err if rc else ""})


def run_ocrmypdf(a, row, name, pdf, work):
    with tempfile.TemporaryDirectory() as tmp:
        side, outpdf = os.path.join(tmp, "side.txt"), os.path.join(tmp, "out.pdf")
        rc, wall, cpu, err = timed(["ocrmypdf", "-q", "--sidecar", side, "--force-ocr", "-j", "1",
                                    "--output-type", "pdf", pdf, outpdf])
        rec = {"rc": rc, "wall": wall, "cpu": cpu, "pages": row["pages"], "err": err if rc else ""}
        save(work, "ocrmypdf-sidecar", name, rec, side)
        if rc == 0:
            pt = os.path.join(tmp, "pt.txt")
            rc2, wall2, cpu2, err2 = timed(["pdftotext", outpdf, pt])
            rec = {"rc": rc2, "wall": wall + wall2, "cpu": cpu + cpu2, "pages": row["pages"],
                   "err": err2 if rc2 else ""}
        save(work, "ocrmypdf-pdftotext", name, rec, os.path.join(tmp, "pt.txt"))


def run_pymupdf(a, row, name, pdf, work):
    out = os.path.join(work, "pymupdf", name + ".txt")
    rc, wall, cpu, err = timed([sys.executable, os.path.abspath(__file__), "--pymupdf-worker",
                                pdf, out], env={"TESSDATA_PREFIX": TESSDATA})
    save(work, "pymupdf", name, {"rc": rc, "wall": wall, "cpu": cpu, "pages": row["pages"],
                                 "err": err if rc else ""})


def pymupdf_worker(pdf, out):
    import pymupdf
    texts = []
    with pymupdf.open(pdf) as doc:
        for page in doc:
            tp = page.get_textpage_ocr(language="eng", dpi=300, full=True)
            texts.append(page.get_text(textpage=tp))
    with open(out, "w", encoding="utf-8") as f:
        f.write("\f".join(texts))


def run_tesseract(a, row, name, pdf, work):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdfimages", "-png", pdf, os.path.join(tmp, "img")], check=True)
        texts, wall, cpu, rc, err = [], 0.0, 0.0, 0, ""
        for img in sorted(f for f in os.listdir(tmp) if f.endswith(".png")):
            o = os.path.join(tmp, img + ".txt")
            # pdfimages' PNGs carry no resolution: without --dpi, tesseract takes 70 dpi and its
            # page layout analysis goes wrong on columns and noisy pages
            r, w, c, e = timed(["tesseract", os.path.join(tmp, img), "stdout", "-l", "eng",
                                "--dpi", str(row["dpi"])], o,
                               env={"TESSDATA_PREFIX": TESSDATA})
            wall, cpu = wall + w, cpu + c
            if r:
                rc, err = r, e
            with open(o, encoding="utf-8", errors="replace") as f:
                texts.append(f.read())
        with open(os.path.join(work, "tesseract", name + ".txt"), "w", encoding="utf-8") as f:
            f.write("\f".join(texts))
    save(work, "tesseract", name, {"rc": rc, "wall": wall, "cpu": cpu, "pages": row["pages"],
                                   "err": err})


RUNNERS = {"pdftext": (run_pdftext, "pdftext"), "ocrmypdf": (run_ocrmypdf, "ocrmypdf-pdftotext"),
           "pymupdf": (run_pymupdf, "pymupdf"), "tesseract": (run_tesseract, "tesseract")}


def applies(tool, row):
    return tool != "tesseract" or (row["dpi"] == 300 and row["rotation"] == 0)


# ------------------------------------------------------------------ scoring and the report

def score_dir(score_py, work, folder, gtdir):
    r = subprocess.run([sys.executable, score_py, "--dir", os.path.join(work, folder),
                        "--gt", gtdir, "--json"], stdout=subprocess.PIPE, check=True)
    return json.loads(r.stdout)


def load_runs(work, folder):
    runs = {}
    d = os.path.join(work, folder)
    for f in os.listdir(d) if os.path.isdir(d) else []:
        if f.endswith(".json"):
            with open(os.path.join(d, f)) as fh:
                runs[f[:-5]] = json.load(fh)
    return runs


def mean(xs):
    return sum(xs) / len(xs) if xs else None


def fmt(x, nd=3):
    return "–" if x is None else ("%.*f" % (nd, x))


def report(a, rows, work, columns, notes):
    gtdir = os.path.join(a.set, "pdf")
    scores, runs = {}, {}
    for col, tool, folder in columns:
        runs[col] = load_runs(work, folder)
        all_scores = score_dir(a.score, work, folder, gtdir) if runs[col] else {}
        # a file the tool never ran on is no cell of it; a failed run scores as empty output
        scores[col] = {n: s for n, s in all_scores.items() if n in runs[col]}
    names = {r["name"]: r for r in rows}

    def cell(col, pred, key):
        return mean([s[key] for n, s in scores[col].items() if n in names and pred(names[n])])

    def per_page(col, pred, key):
        rs = [v for n, v in runs[col].items() if n in names and pred(names[n]) and v["rc"] == 0]
        pages = sum(v["pages"] for v in rs)
        return sum(v[key] for v in rs) / pages if pages else None

    L = []
    L.append("# OCR comparison on the scanned ground-truth set")
    L.append("")
    L.append("Set: `%s`, %d PDFs, %d pages. %s. Machine: %d cores; each tool on one core "
             "(`taskset`, `OMP_THREAD_LIMIT=1`), %d at a time." % (
                 os.path.relpath(a.set, ROOT) if a.set.startswith(ROOT) else a.set, len(rows),
                 sum(r["pages"] for r in rows), datetime.date.today().isoformat(),
                 os.cpu_count() or 1, a.jobs))
    L.append("")
    for n in notes:
        L.append("- " + n)
    if notes:
        L.append("")
    L.append("Each cell: mean character accuracy / mean word F1 (score.py) over the files of the "
             "row; a run that failed counts as empty output. `–`: not run.")
    L.append("")

    clean300 = lambda r: r["dpi"] == 300 and r["variant"] == "clean" and r["rotation"] == 0
    noisy = lambda r: r["variant"] == "noisy-skew"
    L.append("## Targets")
    L.append("")
    L.append("| tool | 300 dpi clean: char (≥ %.3f) | noisy-skew, all dpi: char (≥ %.2f) | "
             "noisy-skew, 300 dpi: char | s/page (wall) | s/page (CPU) |" % (TARGET_CLEAN,
                                                                             TARGET_NOISY))
    L.append("| --- | --- | --- | --- | --- | --- |")
    for col, tool, folder in columns:
        c, nz = cell(col, clean300, "char"), cell(col, noisy, "char")
        nz300 = cell(col, lambda r: noisy(r) and r["dpi"] == 300, "char")
        mark = lambda x, t: "–" if x is None else "%.4f %s" % (x, "✓" if x >= t else "✗")
        L.append("| %s | %s | %s | %s | %s | %s |" % (
            col, mark(c, TARGET_CLEAN), mark(nz, TARGET_NOISY), fmt(nz300, 4),
            fmt(per_page(col, lambda r: True, "wall"), 2),
            fmt(per_page(col, lambda r: True, "cpu"), 2)))
    L.append("")

    L.append("## Accuracy per cell (char / word F1)")
    L.append("")
    L.append("| dpi | variant | encoding | rotation | files | " + " | ".join(c for c, _, _ in columns) + " |")
    L.append("| --- " * (5 + len(columns)) + "|")
    keys = sorted({(r["dpi"], r["variant"], r["encoding"], r["rotation_label"]) for r in rows},
                  key=lambda k: (k[3] != "0", k))
    for k in keys:
        pred = lambda r, k=k: (r["dpi"], r["variant"], r["encoding"], r["rotation_label"]) == k
        n = sum(1 for r in rows if pred(r))
        cells = []
        for col, _, _ in columns:
            c, f = cell(col, pred, "char"), cell(col, pred, "f1")
            k_ = sum(1 for m in scores[col] if m in names and pred(names[m]))
            cells.append("–" if c is None else "%.3f / %.3f%s" % (c, f, "" if k_ == n else
                                                                   " (%d files)" % k_))
        L.append("| %d | %s | %s | %s | %d | %s |" % (k[0], k[1], k[2], k[3], n, " | ".join(cells)))
    L.append("")

    L.append("## Time per page (wall / CPU seconds, one core per tool)")
    L.append("")
    L.append("| dpi | " + " | ".join(c for c, _, _ in columns) + " |")
    L.append("| --- " * (1 + len(columns)) + "|")
    for dpi in sorted({r["dpi"] for r in rows}) + ["all"]:
        pred = (lambda r: True) if dpi == "all" else (lambda r, d=dpi: r["dpi"] == d)
        cells = ["%s / %s" % (fmt(per_page(col, pred, "wall"), 2), fmt(per_page(col, pred, "cpu"), 2))
                 if per_page(col, pred, "wall") is not None else "–" for col, _, _ in columns]
        L.append("| %s | %s |" % (dpi, " | ".join(cells)))
    L.append("")

    L.append("## Per source, 300 dpi clean, unrotated (char accuracy, mean over encodings)")
    L.append("")
    L.append("| source | " + " | ".join(c for c, _, _ in columns) + " |")
    L.append("| --- " * (1 + len(columns)) + "|")
    for src in sorted({r["source"] for r in rows}):
        pred = lambda r, s=src: clean300(r) and r["source"] == s
        L.append("| %s | %s |" % (src, " | ".join(fmt(cell(col, pred, "char")) for col, _, _ in columns)))
    L.append("")

    failed = [(col, n, v) for col, _, _ in columns for n, v in sorted(runs[col].items())
              if v["rc"] != 0 and n in names]
    L.append("## Failed runs: %d" % len(failed))
    L.append("")
    for col, n, v in failed[:40]:
        L.append("- %s, `%s`: exit %d: %s" % (col, n, v["rc"],
                                               " ".join(v.get("err", "").split())[-300:]))
    if len(failed) > 40:
        L.append("- … and %d more" % (len(failed) - 40))
    return "\n".join(L) + "\n"


# ------------------------------------------------------------------ main

def read_manifest(setdir):
    rows = []
    with open(os.path.join(setdir, "manifest.tsv"), encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            r["dpi"], r["pages"], r["rotation"] = int(r["dpi"]), int(r["pages"]), int(r["rotation"])
            r["name"] = os.path.basename(r["file"])[:-4]
            r["rotation_label"] = "0" if r["rotation"] == 0 else \
                "%d (%s)" % (r["rotation"], "image upright" if r["displayed"] == "turned"
                             else "image stored turned back")
            rows.append(r)
    return rows


def pdftext_support(binary):
    """(has --ocr, has --ocr-lang) from the help of the binary and of its text subcommand."""
    helps = ""
    for args in (["--help"], ["text", "--help"]):
        try:
            helps += subprocess.run([binary] + args, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, timeout=60).stdout.decode("utf-8", "replace")
        except (OSError, subprocess.TimeoutExpired):
            pass
    return "--ocr " in helps or "--ocr=" in helps or "--ocr <" in helps, "--ocr-lang" in helps


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--pymupdf-worker":
        return pymupdf_worker(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", default=os.path.join(ROOT, ".build", "ocr-scans"))
    ap.add_argument("--pdftext", default=None)
    ap.add_argument("--tools", default=",".join(ALL_TOOLS))
    ap.add_argument("--jobs", type=int, default=1, help="tools run at once, each on one core")
    ap.add_argument("--cores", default=None,
                    help="comma-separated cores the tools are pinned to, in turn (default: all); "
                         "keeps a run off the cores of another measurement")
    ap.add_argument("--work", default=None, help="outputs and timings (default SET/../ocr-compare)")
    ap.add_argument("--report", default=None)
    ap.add_argument("--only", default=None, help="only files whose name contains this")
    ap.add_argument("--resume", action="store_true", help="keep successful earlier runs")
    ap.add_argument("--report-only", action="store_true", help="score and report what WORK holds")
    ap.add_argument("--score", default=os.path.join(os.path.dirname(ROOT), "shared", "tools", "score.py"))
    a = ap.parse_args()
    a.set = os.path.abspath(a.set)
    if a.cores:
        global _cores
        _cores = itertools.cycle([int(c) for c in a.cores.split(",")])
    work = os.path.abspath(a.work or os.path.join(os.path.dirname(a.set), "ocr-compare"))
    if not os.path.exists(a.score):
        sys.exit("score.py not found at %s (--score)" % a.score)
    rows = read_manifest(a.set)
    if a.only:
        rows = [r for r in rows if a.only in r["name"]]

    tools = [t for t in a.tools.split(",") if t]
    notes = []
    if a.pdftext is None:
        for cand in ("release", "debug"):
            p = os.path.join(ROOT, ".build", cand, "pdftext")
            if os.access(p, os.X_OK):
                a.pdftext = p
                break
    if "pdftext" in tools:
        ok, a.pdftext_lang = pdftext_support(a.pdftext) if a.pdftext else (False, False)
        if not ok:
            tools.remove("pdftext")
            notes.append("pdftext column skipped: %s" % (
                "no pdftext binary found (--pdftext)" if not a.pdftext else
                "`%s` does not list --ocr in its help" % os.path.relpath(a.pdftext, ROOT)))
        else:
            notes.append("pdftext: `%s`" % a.pdftext)
    for t, exe in (("ocrmypdf", "ocrmypdf"), ("tesseract", "tesseract")):
        if t in tools and not shutil.which(exe):
            tools.remove(t)
            notes.append("%s column skipped: %s not installed" % (t, exe))
    if "pymupdf" in tools:
        try:
            import pymupdf
            notes.append("PyMuPDF %s (MuPDF %s)" % (pymupdf.VersionBind, pymupdf.VersionFitz))
        except ImportError:
            tools.remove("pymupdf")
            notes.append("PyMuPDF column skipped: pip install pymupdf")
    for exe, args in (("tesseract", ["--version"]), ("ocrmypdf", ["--version"]), ("pdftotext", ["-v"])):
        if shutil.which(exe):
            v = subprocess.run([exe] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout
            notes.append("%s: %s" % (exe, v.decode("utf-8", "replace").splitlines()[0].strip()))
    notes.append("ocrmypdf runs as the issue gives it (no --rotate-pages, no --deskew)")

    if not a.report_only:
        folders = {"pdftext": ["pdftext"], "ocrmypdf": ["ocrmypdf-sidecar", "ocrmypdf-pdftotext"],
                   "pymupdf": ["pymupdf"], "tesseract": ["tesseract"]}
        for t in tools:
            for folder in folders[t]:
                d = os.path.join(work, folder)
                if not a.resume and os.path.isdir(d):
                    shutil.rmtree(d)
                os.makedirs(d, exist_ok=True)
        # 300 dpi upright first (the issue's targets), then its rotations, then 150 and 400 dpi,
        # so that a run cut short still fills the cells that matter most
        order = sorted(rows, key=lambda r: ((0 if r["rotation"] == 0 else 1) if r["dpi"] == 300
                                            else {150: 2}.get(r["dpi"], 3), r["name"]))
        jobs = [(t, r) for r in order for t in tools if applies(t, r)
                and not (a.resume and done(work, RUNNERS[t][1], r["name"]))]
        total, t0 = len(jobs), time.monotonic()
        load0 = os.getloadavg()[0]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            futs = [pool.submit(RUNNERS[t][0], a, r, r["name"], os.path.join(a.set, r["file"]), work)
                    for t, r in jobs]
            for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
                fut.result()
                if i % 25 == 0 or i == total:
                    print("[%d/%d runs, %.0f s]" % (i, total, time.monotonic() - t0),
                          file=sys.stderr, flush=True)
        notes.append("%d runs in %.0f s; load average %.2f at the start, %.2f at the end (other "
                     "work on the machine slows the wall times, less the CPU times)" % (
                         total, time.monotonic() - t0, load0, os.getloadavg()[0]))

    columns = [c for c in COLUMNS if c[1] in tools or (a.report_only and os.path.isdir(os.path.join(work, c[2])))]
    text = report(a, rows, work, columns, notes)
    sys.stdout.write(text)
    if a.report:
        with open(a.report, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()

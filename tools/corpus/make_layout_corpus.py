#!/usr/bin/env python3
"""Generates the layout corpus: seeded PDFs from real producers, each with its ground truth, in
layout families where reading order is hard (tools/corpus/layout/families.py lists them and
documents the ground-truth choice of each ambiguous family).

    tools/corpus/make_layout_corpus.py --split dev|test [--count N] [--families A,B] [--jobs J]
                                       [--out DIR] [--list]
    tools/corpus/make_layout_corpus.py --sample      (rebuilds the committed Corpus/layout/)

Splits and seeds: document j (0 <= j < N) of a family has seed 1000 + j in the dev split and
2000 + j in the test split; its producer is the family's producers[j mod len], so every family
× producer pair is covered once N reaches the number of producers. The sample has one document
per family, seed 3000 + the family's index, from the family's producer used least so far (so
that all producers appear); --sample rewrites Corpus/layout/'s PDFs, texts and manifest.json
and leaves its README.md. Everything random (text, fonts, sizes, margins, column counts, justification,
languages, page breaks, qpdf rewrites) comes from random.Random("FAMILY:SEED").
Tune only on dev; report on test.

Output (default /tmp/pdftext-layout-corpus/SPLIT/): FAMILY-PRODUCER-SEED.pdf and .txt (the
ground truth) and manifest.json, one entry per document: file, groundTruth, family, producer
(with "+qpdf-objstm", "+qpdf-linear" or "+qpdf-rotate" when the PDF was rewritten by qpdf), seed,
split, pages, sha256, source (producer version from the program and dpkg-query), licence,
exercises. The ground truth follows make_text_fixtures.py's conventions (pages separated by a
form feed; header first, body, footnotes, footer last; hyphenated words whole; RTL in logical
order; vertical Japanese in column order), written from the source text, never from an
extractor. The number of pages the producer made is checked against the truth's page breaks;
a document that fails (producer error, wrong page count, timeout) is reported and skipped, and
a producer that is not installed is reported once and its documents skipped.

Producers: pdfLaTeX, XeLaTeX, LuaLaTeX, LibreOffice Writer and Impress (Flat ODT/ODP written
here, soffice --convert-to pdf), Chromium (headless print to PDF), groff -ms + ps2pdf
(Ghostscript); qpdf rewrites a quarter of the documents (object streams, linearised) and turns
the second page of the rotated family. Packages: those of make_text_fixtures.py plus
libreoffice-impress-nogui (or libreoffice-impress), fonts-hosny-amiri, fonts-liberation2,
fonts-noto-core (Noto Naskh Arabic, Noto Serif Hebrew), texlive-fonts-recommended (Charter).
Determinism: as make_text_fixtures.py (SOURCE_DATE_EPOCH, fixed trailer IDs, pin_dates_and_ids
for LibreOffice and Chromium); a document is the same bytes for the same seed and the same
producer and font versions.
"""

import argparse, concurrent.futures, hashlib, json, os, random, re, shutil, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "layout"))
import make_text_fixtures as M  # noqa: E402
import families as F  # noqa: E402

ROOT = M.ROOT
SCRIPT = "tools/corpus/make_layout_corpus.py"
SEEDS = {"dev": 1000, "test": 2000, "sample": 3000}
OUT = "/tmp/pdftext-layout-corpus"
BUILD = "/tmp/pdftext-layout-build"
SAMPLE_DIR = os.path.join(ROOT, "Corpus", "layout")
SAMPLE_BUDGET = 1_500_000
TIMEOUT = 240
PROGRAMS = {"pdflatex": "pdflatex", "xelatex": "xelatex", "lualatex": "lualatex", "libreoffice": "soffice",
            "impress": "soffice", "chromium": "chromium", "groff": "groff"}


class Failed(Exception):
    pass


def run(cmd, cwd, timeout=TIMEOUT):
    try:
        r = subprocess.run(cmd, cwd=cwd, env=M.ENV, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failed(f"timeout: {' '.join(cmd[:3])}")
    if r.returncode != 0:
        tail = (r.stdout.decode(errors="replace") + r.stderr.decode(errors="replace"))[-600:]
        raise Failed(f"{' '.join(cmd[:2])} exit {r.returncode}: {tail}")
    return r.stdout


def build_tex(doc, work):
    with open(os.path.join(work, "layout.tex"), "w", encoding="utf-8") as f:
        f.write(doc.source)
    run([doc.producer, "-interaction=nonstopmode", "-halt-on-error", "layout.tex"], work)
    return os.path.join(work, "layout.pdf")


def build_groff(doc, work):
    with open(os.path.join(work, "layout.ms"), "w", encoding="utf-8") as f:
        f.write(doc.source)
    ps = run(["groff", "-k", "-ms", "-Tps", "layout.ms"], work)
    with open(os.path.join(work, "layout.ps"), "wb") as f:
        f.write(ps)
    run(["ps2pdf", "-dOmitInfoDate", "-dOmitID", "-dOmitXMP", "layout.ps", "layout.pdf"], work)
    return os.path.join(work, "layout.pdf")


def build_soffice(doc, work):
    src = os.path.join(work, "layout." + doc.ext)
    with open(src, "w", encoding="utf-8") as f:
        f.write(doc.source)
    profile = f"{BUILD}/lo-profile-{threading.get_ident()}"
    run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf", "--outdir", work, src], work)
    return os.path.join(work, "layout.pdf")


def build_chromium(doc, work):
    src = os.path.join(work, "layout.html")
    with open(src, "w", encoding="utf-8") as f:
        f.write(doc.source)
    pdf = os.path.join(work, "layout.pdf")
    run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--user-data-dir={work}/profile", f"--print-to-pdf={pdf}", "file://" + src], work)
    shutil.rmtree(f"{work}/profile", ignore_errors=True)
    return pdf


BUILDERS = {"pdflatex": build_tex, "xelatex": build_tex, "lualatex": build_tex, "groff": build_groff,
            "libreoffice": build_soffice, "impress": build_soffice, "chromium": build_chromium}
PINNED = {"libreoffice", "impress", "chromium"}


def plan(split, count, families):
    base = SEEDS[split]
    out = []
    for fam in families:
        fn, producers, _ = F.FAMILIES[fam]
        for j in range(count):
            out.append((fam, producers[j % len(producers)], base + j))
    return out


def make(fam, producer, seed, split, outdir):
    """Builds one document; returns its manifest entry or raises Failed."""
    rng = random.Random(f"{fam}:{seed}")
    doc = F.FAMILIES[fam][0](rng, producer)
    post = getattr(doc, "rotate", None)
    rewrite = None
    if post:
        rewrite = "rotate"
    elif rng.random() < 0.25:
        rewrite = rng.choice(["objstm", "linear"])
    label = producer + (f"+qpdf-{rewrite}" if rewrite else "")
    name = f"{fam}-{label}-{seed}"
    work = os.path.join(BUILD, split, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    pdf = BUILDERS[producer](doc, work)
    if not os.path.exists(pdf):
        raise Failed("the producer wrote no PDF")
    if producer in PINNED:
        data = open(pdf, "rb").read()
        open(pdf, "wb").write(M.pin_dates_and_ids(data, name))
    if rewrite:
        args = {"objstm": ["--object-streams=generate"], "linear": ["--linearize"],
                "rotate": [f"--rotate={post}:2"]}[rewrite]
        out = os.path.join(work, "rewritten.pdf")
        run(["qpdf", "--deterministic-id"] + args + [pdf, out], work)
        pdf = out
    if doc.truth:
        doc.pages = doc.truth(work)
    pages = int(run(["qpdf", "--show-npages", pdf], work).decode().strip())
    if pages != len(doc.pages):
        raise Failed(f"the producer made {pages} page(s), the ground truth has {len(doc.pages)}")
    data = open(pdf, "rb").read()
    shutil.copyfile(pdf, os.path.join(outdir, name + ".pdf"))
    with open(os.path.join(outdir, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(doc.ground_truth())
    fonts = M.embedded_fonts(pdf)
    doc.name = name
    version = M.producer_version("libreoffice" if producer == "impress" else producer)
    if producer == "impress":
        version = version.replace("libreoffice-writer-nogui", "libreoffice-impress") + " (Impress)"
    if rewrite:
        version += f"; rewritten by qpdf {M.deb_version('qpdf')} ({rewrite})"
    shutil.rmtree(work, ignore_errors=True)
    return {"file": name + ".pdf", "groundTruth": name + ".txt", "id": f"layout/{name}", "family": fam,
            "producer": label, "seed": seed, "split": split, "pages": pages, "sha256": hashlib.sha256(data).hexdigest(),
            "bytes": len(data), "source": f"{version}; generated by {SCRIPT} --split {split} (seed {seed})",
            "licence": M.licence_for(doc, fonts, SCRIPT), "fonts": fonts, "exercises": doc.exercises}


def warm_up(producers):
    """LuaTeX-ja and fontspec build their font caches on first use: do it once, before the
    parallel runs race for it."""
    if "lualatex" in producers and shutil.which("lualatex"):
        work = os.path.join(BUILD, "warm")
        os.makedirs(work, exist_ok=True)
        with open(os.path.join(work, "w.tex"), "w") as f:
            f.write("\\documentclass{ltjsarticle}\\usepackage{luatexja-fontspec}\\setmainjfont{Noto Serif CJK JP}"
                    "\\setmainfont{DejaVu Serif}\\begin{document}x 字\\end{document}\n")
        subprocess.run(["lualatex", "-interaction=nonstopmode", "w.tex"], cwd=work, env=M.ENV, capture_output=True, timeout=900)


def main():
    ap = argparse.ArgumentParser(description="Seeded layout corpus with ground truth.")
    ap.add_argument("--split", choices=["dev", "test"], default="dev")
    ap.add_argument("--count", type=int, default=8, help="documents per family (default 8)")
    ap.add_argument("--families", help="comma-separated families (default: all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help=f"output folder (default {OUT}/SPLIT)")
    ap.add_argument("--sample", action="store_true", help="rebuild Corpus/layout/: one document per family")
    ap.add_argument("--list", action="store_true", help="list the families and their producers")
    a = ap.parse_args()
    if a.list:
        for fam, (_, producers, what) in F.FAMILIES.items():
            print(f"{fam:12} {','.join(producers):40} {what}")
        return
    fams = a.families.split(",") if a.families else list(F.FAMILIES)
    unknown = [f for f in fams if f not in F.FAMILIES]
    if unknown:
        sys.exit(f"unknown families: {', '.join(unknown)}")
    split = "sample" if a.sample else a.split
    outdir = SAMPLE_DIR if a.sample else (a.out or os.path.join(OUT, split))
    os.makedirs(outdir, exist_ok=True)
    if a.sample:
        # one document per family, each from the family's producer used least so far
        used, jobs = {}, []
        for i, fam in enumerate(fams):
            producers = F.FAMILIES[fam][1]
            p = min(producers, key=lambda x: (used.get(x, 0), producers.index(x)))
            used[p] = used.get(p, 0) + 1
            jobs.append((fam, p, SEEDS["sample"] + i))
    else:
        jobs = plan(split, a.count, fams)
    missing = sorted({p for _, p, _ in jobs if not shutil.which(PROGRAMS[p])})
    for p in missing:
        print(f"producer {p} missing ({PROGRAMS[p]} not on PATH): its documents are skipped")
    jobs = [j for j in jobs if j[1] not in missing]
    warm_up({p for _, p, _ in jobs})
    entries, failures = [], []
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(make, fam, p, seed, split, outdir): (fam, p, seed) for fam, p, seed in jobs}
        for fut in concurrent.futures.as_completed(futs):
            fam, p, seed = futs[fut]
            try:
                e = fut.result()
                entries.append(e)
                print(f"ok   {e['file']} ({e['pages']} p, {e['bytes']} bytes)", flush=True)
            except Exception as err:  # a failing document is reported and skipped
                failures.append({"family": fam, "producer": p, "seed": seed, "error": str(err)[:400]})
                print(f"FAIL {fam}-{p}-{seed}: {str(err)[:300]}", flush=True)
    entries.sort(key=lambda e: e["file"])
    path = os.path.join(outdir, "manifest.json")
    old = []
    if os.path.exists(path) and not a.sample:
        old = [e for e in json.load(open(path)).get("documents", []) if e["file"] not in {x["file"] for x in entries}
               and os.path.exists(os.path.join(outdir, e["file"]))]
    docs = sorted(old + entries, key=lambda e: e["file"])
    manifest = {"generator": SCRIPT, "split": split, "seedBase": SEEDS[split], "documents": docs, "failures": failures}
    if a.sample:
        total = sum(e["bytes"] for e in docs)
        manifest["sizeBudget"] = SAMPLE_BUDGET
        manifest["totalBytes"] = total
        if total > SAMPLE_BUDGET:
            print(f"WARNING: the sample is {total} bytes, over its {SAMPLE_BUDGET} byte budget")
    with open(path, "w") as f:
        f.write(json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    cover = {}
    for e in entries:
        cover.setdefault(e["family"], set()).add(e["producer"].split("+")[0])
    print(f"{len(entries)} documents in {outdir} ({time.time() - start:.0f} s), {len(failures)} failed; "
          f"{len(cover)} families, {len({p for s in cover.values() for p in s})} producers")


if __name__ == "__main__":
    main()

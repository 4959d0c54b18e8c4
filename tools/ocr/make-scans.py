#!/usr/bin/env python3
"""Build the scanned ground-truth set for OCR: image-only PDFs with known text.

  tools/ocr/make-scans.py [--out DIR] [--quick] [--jobs N] [--keep-going]

Writes into DIR (default .build/ocr-scans/):
  pdf/NAME.pdf       one image-only PDF per source document x dpi x variant x encoding (x rotation)
  pdf/NAME.txt       its ground truth (UTF-8, pages separated by form feeds)
  manifest.tsv       one row per PDF (columns below)
  sources.tsv        the source documents, their ground truth and licence

Sources: the Latin-script English fixtures of Corpus/text/ (their NAME.txt is the project's own
ground truth for the visible text, written from the same strings as the PDF; see Corpus/README.md)
and three pages generated here with pdfLaTeX from text in this file. Skipped fixtures and why are in
SKIPPED. Each source page is rendered with pdftoppm (gray) at 150, 300 and 400 dpi, then:

  variant  clean       the rendering as it is
           noisy-skew  Gaussian noise and a little salt-and-pepper (ImageMagick +noise, seeded), the
                       background above 94 % cleaned to white, then turned by a seeded angle in
                       [-2, 2] degrees (the same angle at every dpi)
  encoding jpeg        ImageMagick JPEG, quality seeded in [50, 90], embedded by img2pdf (DCTDecode)
           g4          thresholded to 1 bit, TIFF Group 4 in one strip, embedded by img2pdf as
                       CCITTFaxDecode without re-encoding
           flate       8-bit gray PNG, embedded by img2pdf (FlateDecode with PNG predictors)
           jpx         JPEG 2000 by opj_compress (libopenjp2-tools), 20:1, embedded by img2pdf
                       (JPXDecode)
           (JBIG2: Debian has a decoder, jbig2dec, but no encoder, so there is no JBIG2 variant.)
  rotation (300 dpi, clean, jpeg only)
           attr90, attr180      upright pixels, img2pdf --rotation sets /Rotate: the page displays
                                turned, as a sheet fed sideways or upside down
           stored90, stored180  pixels stored turned the other way, /Rotate turns them back: the
                                page displays upright
  Every page's image fills its page at the scan's dpi (img2pdf --imgsize DPIdpi), so a page keeps
  the source's size in points.

manifest.tsv columns: file, source, pages, dpi, variant, encoding, rotation (the /Rotate value),
displayed (upright|turned), filter (what pdfimages -list reports for the page images: the check
that the encoding really is the one named), jpeg_quality, skew_deg, ground_truth.

Needs (Debian): poppler-utils, imagemagick, img2pdf, libopenjp2-tools, texlive-latex-base (+
texlive-latex-recommended, lmodern) for the generated pages. Deterministic: the same tools give the
same images (ImageMagick runs single-threaded with fixed seeds; img2pdf --nodate).
"""
import argparse
import concurrent.futures
import glob
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS_TEXT = os.path.join(ROOT, "Corpus", "text")

# Corpus/text fixtures whose ground truth is the visible Latin-script (English) text.
CORPUS_SOURCES = [
    "prose-libreoffice", "two-column-pdflatex", "three-column-chromium", "footnotes-pdflatex",
    "headers-footers-groff", "hyphenated-pdflatex", "ligatures-pdflatex", "letterspaced-pdflatex",
    "letterspaced-chromium", "lists-libreoffice", "table-libreoffice", "table-wrapped-chromium",
    "rotated-page-pdflatex", "styles-pdflatex", "styles-chromium", "semantic-chromium",
    "type3-bitmap-pdflatex",
]
SKIPPED = {
    "arabic-libreoffice": "Arabic script (right to left)",
    "hebrew-xelatex": "Hebrew script (right to left)",
    "mixed-bidi-chromium": "English mixed with Hebrew and Arabic",
    "chinese-xelatex": "CJK",
    "japanese-lualatex": "CJK",
    "japanese-vertical-lualatex": "CJK, vertical",
    "japanese-vertical-chromium": "CJK, vertical",
    "greek-lualatex": "Greek script (not Latin; only eng traineddata is installed)",
    "russian-xelatex": "Cyrillic script (not Latin; only eng traineddata is installed)",
    "invisible-ocr-handwritten": "the .txt is an invisible (3 Tr) text layer, not what the page shows",
    "rotated-text-pdflatex": "two lines set at 90 degrees inside the page: the .txt puts them in "
                             "reading order, which page-level OCR of an upright page cannot give",
}
QUICK_SOURCES = ["prose-libreoffice", "two-column-pdflatex", "gen-prose-a4"]

DPIS = (150, 300, 400)
VARIANTS = ("clean", "noisy-skew")
ENCODINGS = ("jpeg", "g4", "flate", "jpx")
ROTATIONS = {"attr90": 90, "attr180": 180, "stored90": 90, "stored180": 180}
ROTATION_CELL = (300, "clean", "jpeg")
EXPECTED_FILTER = {"jpeg": "jpeg", "g4": "ccitt", "flate": "image", "jpx": "jpx"}
JPX_RATIO = "20"

# ---------------------------------------------------------------------------------------------
# Generated pages: LaTeX with hyphenation off and ragged right, so the ground truth is the words
# as written here. No quotes, apostrophes or dashes (their typeset forms differ from ASCII).

GEN_PREAMBLE = r"""\documentclass[%(size)s,a4paper%(twocol)s]{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
%(extra)s
\usepackage[margin=2.2cm]{geometry}
\pagestyle{empty}
\hyphenpenalty=10000 \exhyphenpenalty=10000
\setlength{\parskip}{0.6em}\setlength{\parindent}{0pt}
\begin{document}
\raggedright
"""

GENERATED = {
    "gen-prose-a4": {
        "size": "11pt", "twocol": "", "extra": "",
        "title": "A Winter at the Observatory",
        "paragraphs": [
            "The observatory stands on a ridge above the last village in the valley, and in winter "
            "the road to it is closed for weeks at a time. The two astronomers who stay there "
            "bring food for three months and a spare part for every machine they can name.",
            "Most nights are spent waiting. Clouds come up from the lake in the evening and often "
            "clear only an hour before dawn, so the observers sleep in the afternoon and keep the "
            "telescope cold and ready. When the sky opens they work quickly, taking long exposures "
            "of faint galaxies and short ones of bright stars to calibrate the camera.",
            "In the morning the images are copied to disks and the dome is closed against the wind. "
            "Once a week a message goes down to the university with a list of what was observed, "
            "what failed and what is needed when the road opens again in spring.",
            "Visitors are rare, but every year a few walkers arrive on skis and ask to look through "
            "the eyepiece. They are always disappointed to learn that nobody has looked through it "
            "for thirty years.",
        ],
    },
    "gen-two-column-a4": {
        "size": "10pt", "twocol": ",twocolumn", "extra": "",
        "title": "Keeping Bees in a Small Garden",
        "paragraphs": [
            "A single hive fits easily into a small garden if it is placed with care. The entrance "
            "should face away from paths and doors, and a hedge or fence two metres high in front "
            "of it makes the bees fly up and over the heads of people nearby.",
            "Bees need water every day, especially in summer. A shallow dish with floating corks or "
            "a patch of wet moss gives them somewhere to land and drink without drowning.",
            "The first year is mostly about watching. A new colony spends its energy building comb "
            "and raising young workers, and it is wise to take no honey at all until the second "
            "summer, when the colony is strong enough to spare it.",
            "Inspections should be short and calm. Choose a warm afternoon when most foragers are "
            "away, move slowly, and close the hive again within a quarter of an hour. Look for eggs, "
            "for a healthy pattern of sealed brood and for stores of pollen and honey.",
            "In autumn the beekeeper checks that the colony has enough food for the winter and "
            "fits a guard over the entrance to keep out mice. After that the hive is left alone "
            "until the first warm days of spring.",
            "Neighbours are usually glad of the bees once they notice how well their fruit trees "
            "and vegetables are pollinated. A jar of honey at harvest time helps as well.",
            "Local beekeeping associations run courses every spring and lend equipment to "
            "beginners, and many have an apiary where new members can handle bees under the eye "
            "of someone experienced before they buy a colony of their own.",
        ],
    },
    "gen-small-print-a4": {
        "size": "10pt", "twocol": "",
        "extra": "\\renewcommand{\\familydefault}{\\sfdefault}\n"
                 "\\AtBeginDocument{\\footnotesize}",
        "title": "Terms of Hire for Rowing Boats",
        "paragraphs": [
            "Boats may be hired from nine in the morning until one hour before sunset. The hirer "
            "must be at least sixteen years old and must show a document with a photograph. "
            "Children under twelve must wear a life jacket at all times, and life jackets are "
            "provided free of charge for every passenger.",
            "The fee is paid in advance for each full or part hour. A deposit of twenty euros is "
            "held until the boat is returned undamaged to the landing stage. Boats returned more "
            "than fifteen minutes late are charged for a further hour.",
            "Boats must stay inside the area marked by the yellow buoys and must keep at least "
            "fifty metres from the weir and from the swimming area near the beach. In a storm "
            "warning, shown by a red flag on the boathouse, all boats must return at once.",
            "The hirer is responsible for the boat, its oars and its equipment while it is in his "
            "or her care. Loss or damage caused by careless use will be charged at the cost of "
            "repair. The boathouse staff may refuse a hire to anyone who appears unfit to row.",
        ],
    },
}


def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), r.returncode,
                                                 r.stderr.decode("utf-8", "replace")[-2000:]))
    return r.stdout


def seeded(*parts):
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def make_generated(name, spec, workdir):
    """Typesets one generated page with pdfLaTeX; returns (pdf path, ground truth)."""
    body = "{\\Large\\bfseries %s\\par}\n\n" % spec["title"]
    body += "\n\n".join(spec["paragraphs"]) + "\n\\end{document}\n"
    tex = GEN_PREAMBLE % spec + body
    d = os.path.join(workdir, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name + ".tex"), "w") as f:
        f.write(tex)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", FORCE_SOURCE_DATE="1")
    run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name + ".tex"], cwd=d, env=env)
    pages = int(run(["pdfinfo", name + ".pdf"], cwd=d).decode().split("Pages:")[1].split()[0])
    if pages != 1:
        raise RuntimeError("%s: expected one page, got %d" % (name, pages))
    gt = spec["title"] + "\n\n" + "\n\n".join(spec["paragraphs"]) + "\n"
    return os.path.join(d, name + ".pdf"), gt


def magick(*args):
    env = dict(os.environ, MAGICK_THREAD_LIMIT="1")
    run(["convert", *args], env=env)


def render(pdf, dpi, outdir):
    """8-bit gray PGM per page (pdftoppm renders the page as displayed, /Rotate applied).

    Intermediates stay PGM: uncompressed, so nothing is spent on PNG compression but the one
    PNG that the flate encoding embeds."""
    prefix = os.path.join(outdir, "clean-%d" % dpi)
    run(["pdftoppm", "-gray", "-r", str(dpi), pdf, prefix])
    return sorted(glob.glob(prefix + "-*.pgm"), key=lambda p: int(p.rsplit("-", 1)[1][:-4]))


def noisy(src, dst, source, page, dpi):
    """Modest scanner noise, then a skew in [-2, 2] degrees that is the same at every dpi.

    Gaussian noise (attenuate 0.4) and sparse salt-and-pepper; the paper's background above 94 %
    is then cleaned to white, as scanner software does, which keeps the Flate variants small while
    the noise stays on and around the glyphs and as specks."""
    angle = round(seeded("skew", source, page).uniform(-2.0, 2.0), 2)
    seed = seeded("noise", source, page, dpi).randrange(1, 2 ** 31)
    w, h = run(["identify", "-format", "%w %h", src]).decode().split()
    magick(src, "-seed", str(seed), "-attenuate", "0.4", "+noise", "Gaussian",
           "-attenuate", "0.05", "+noise", "Impulse", "-white-threshold", "94%",
           "-background", "white", "-rotate", str(angle), "+repage",
           "-gravity", "center", "-extent", "%sx%s" % (w, h),
           "-colorspace", "Gray", "-depth", "8", dst)
    return angle


def encode(png, encoding, base, dpi, quality):
    """Writes the page image (a PGM) in the form img2pdf embeds as the named PDF filter."""
    if encoding == "flate":
        out = base + ".png"
        magick(png, "-colorspace", "Gray", "-depth", "8", "-units", "PixelsPerInch",
               "-density", str(dpi), "-strip", out)
    elif encoding == "jpeg":
        out = base + ".jpg"
        magick(png, "-quality", str(quality), out)
    elif encoding == "g4":
        out = base + ".tif"
        h = run(["identify", "-format", "%h", png]).decode()
        magick(png, "-threshold", "50%", "-depth", "1", "-compress", "Group4",
               "-define", "tiff:rows-per-strip=" + h, "-units", "PixelsPerInch",
               "-density", str(dpi), out)
    elif encoding == "jpx":
        out = base + ".jp2"
        run(["opj_compress", "-i", png, "-o", out, "-r", JPX_RATIO])
    else:
        raise ValueError(encoding)
    return out


def turn(img, degrees, dst):
    magick(img, "-rotate", str(degrees), dst)
    return dst


def img2pdf(images, out, dpi, rotation=None):
    cmd = ["img2pdf", "--nodate", "--imgsize", "%ddpix%ddpi" % (dpi, dpi), "-o", out]
    if rotation is not None:
        cmd += ["--rotation", str(rotation)]
    run(cmd + images)


def pdf_filters(pdf):
    """The encodings pdfimages -list reports for the images of a PDF, deduplicated, in order."""
    seen = []
    for line in run(["pdfimages", "-list", pdf]).decode().splitlines()[2:]:
        f = line.split()
        if len(f) > 8 and f[8] not in seen:
            seen.append(f[8])
    return ",".join(seen)


def build_source(source, pdf, gt, out, quick, tmproot):
    """All PDFs of one source document; returns manifest rows."""
    tmp = tempfile.mkdtemp(prefix=source + "-", dir=tmproot)
    rows = []
    try:
        dpis = (300,) if quick else DPIS
        rotations = ("stored90",) if quick else ROTATIONS
        for dpi in dpis:
            clean = render(pdf, dpi, tmp)
            for variant in VARIANTS:
                if variant == "clean":
                    pages, angles = clean, []
                else:
                    pages, angles = [], []
                    for i, p in enumerate(clean, 1):
                        q = os.path.join(tmp, "noisy-%d-%d.pgm" % (dpi, i))
                        angles.append(noisy(p, q, source, i, dpi))
                        pages.append(q)
                quality = seeded("jpeg", source, dpi, variant).randint(50, 90)
                for encoding in ENCODINGS:
                    images = [encode(p, encoding, p[:-4], dpi, quality) for p in pages]
                    name = "%s_%d_%s_%s" % (source, dpi, variant, encoding)
                    rows.append(write_pdf(out, name, images, dpi, gt, source, len(pages), variant,
                                          encoding, 0, "upright", quality, angles))
                    if (dpi, variant, encoding) == ROTATION_CELL:
                        for rot in rotations:
                            degrees = ROTATIONS[rot]
                            if rot.startswith("attr"):
                                imgs, displayed = images, "turned"
                            else:  # stored turned back: /Rotate d displays it upright
                                imgs = [encode(turn(p, -degrees, "%s-s%d.pgm" % (p[:-4], degrees)),
                                               encoding, "%s-s%d" % (p[:-4], degrees), dpi,
                                               quality) for p in pages]
                                displayed = "upright"
                            rows.append(write_pdf(out, name + "_" + rot, imgs, dpi, gt, source,
                                                  len(pages), variant, encoding, degrees,
                                                  displayed, quality, angles))
                    for im in images:
                        if im not in pages:
                            os.remove(im)
            for p in glob.glob(os.path.join(tmp, "*.p[gn][gm]")):
                os.remove(p)
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_pdf(out, name, images, dpi, gt, source, pages, variant, encoding, rotation, displayed,
              quality, angles):
    pdf = os.path.join(out, "pdf", name + ".pdf")
    img2pdf(images, pdf, dpi, rotation if rotation else None)
    with open(pdf[:-4] + ".txt", "w", encoding="utf-8") as f:
        f.write(gt)
    filt = pdf_filters(pdf)
    if filt != EXPECTED_FILTER[encoding]:
        raise RuntimeError("%s: pdfimages reports %r, expected %r" % (name, filt,
                                                                       EXPECTED_FILTER[encoding]))
    return {"file": "pdf/" + name + ".pdf", "source": source, "pages": pages, "dpi": dpi,
            "variant": variant, "encoding": encoding, "rotation": rotation,
            "displayed": displayed, "filter": filt,
            "jpeg_quality": quality if encoding == "jpeg" else "",
            "skew_deg": ",".join("%.2f" % a for a in angles),
            "ground_truth": "pdf/" + name + ".txt"}


COLUMNS = ["file", "source", "pages", "dpi", "variant", "encoding", "rotation", "displayed",
           "filter", "jpeg_quality", "skew_deg", "ground_truth"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, ".build", "ocr-scans"))
    ap.add_argument("--quick", action="store_true",
                    help="three sources at 300 dpi, one rotation: a few files for tests and CI")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--sources", help="comma-separated source names (default: all)")
    a = ap.parse_args()

    missing = [t for t in ("pdftoppm", "pdfimages", "pdfinfo", "convert", "identify", "img2pdf",
                           "opj_compress", "pdflatex") if not shutil.which(t)]
    if missing:
        sys.exit("missing tools: %s (apt-get install poppler-utils imagemagick img2pdf "
                 "libopenjp2-tools texlive-latex-base texlive-latex-recommended lmodern)"
                 % " ".join(missing))
    out = os.path.abspath(a.out)
    if os.path.isdir(os.path.join(out, "pdf")):
        shutil.rmtree(os.path.join(out, "pdf"))
    os.makedirs(os.path.join(out, "pdf"))
    tmproot = tempfile.mkdtemp(prefix="ocr-scans-")

    wanted = QUICK_SOURCES if a.quick else CORPUS_SOURCES + list(GENERATED)
    if a.sources:
        wanted = [s for s in wanted if s in a.sources.split(",")]
    sources, srcrows = [], []
    for s in wanted:
        if s in GENERATED:
            pdf, gt = make_generated(s, GENERATED[s], tmproot)
            origin = "generated by tools/ocr/make-scans.py (pdfLaTeX, Latin Modern Roman " \
                     "and Sans: GUST Font License); text written for the project"
        else:
            pdf = os.path.join(CORPUS_TEXT, s + ".pdf")
            with open(os.path.join(CORPUS_TEXT, s + ".txt"), encoding="utf-8") as f:
                gt = f.read()
            origin = "Corpus/text/%s.pdf with Corpus/text/%s.txt (see Corpus/manifest.json)" % (s, s)
        sources.append((s, pdf, gt))
        srcrows.append((s, origin))

    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futs = {pool.submit(build_source, s, pdf, gt, out, a.quick, tmproot): s
                for s, pdf, gt in sources}
        for fut in concurrent.futures.as_completed(futs):
            r = fut.result()
            print("%-26s %3d PDFs" % (futs[fut], len(r)), flush=True)
            rows.extend(r)
    shutil.rmtree(tmproot, ignore_errors=True)

    rows.sort(key=lambda r: r["file"])
    with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(str(r[c]) for c in COLUMNS) + "\n")
    with open(os.path.join(out, "sources.tsv"), "w", encoding="utf-8") as f:
        f.write("source\torigin\n")
        for s, origin in srcrows:
            f.write("%s\t%s\n" % (s, origin))
        for s, why in SKIPPED.items():
            f.write("%s\tskipped: %s\n" % (s, why))
    size = sum(os.path.getsize(os.path.join(out, r["file"])) for r in rows)
    pages = sum(r["pages"] for r in rows)
    print("%d PDFs, %d pages, %.1f MB in %s" % (len(rows), pages, size / 1e6, out))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes Corpus/scanned/: pages of the project's own Corpus/text fixtures as scans (page
images only, no text layer), with their ground truth, for the OCR tests.

Each page is rendered with pdftoppm, changed with ImageMagick (threshold, noise, skew,
rotation), and wrapped as a PDF by img2pdf, which embeds JPEG, CCITT G4 TIFF and JPEG 2000
data as they are (DCTDecode, CCITTFaxDecode, JPXDecode). The ground truth is the source
page's part of its NAME.txt (pages are separated by form feeds there), so it never comes
from an OCR. Deterministic: the noise is seeded.

Needs (Debian): poppler-utils, imagemagick, img2pdf, libopenjp2-tools, qpdf.
Usage: tools/corpus/make_scanned_fixtures.py   (from the repository root)
"""
import hashlib, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Corpus", "scanned")

# name, source fixture, page, dpi, encoding, ImageMagick changes, /Rotate, what
FIXTURES = [
    ("two-column-g4", "two-column-pdflatex", 1, 300, "g4", [], 0,
     "two columns, 300 dpi, bilevel CCITT G4"),
    ("footnotes-jpeg-noisy", "footnotes-pdflatex", 1, 200, "jpeg",
     ["-attenuate", "0.4", "+noise", "Gaussian", "-background", "white", "-rotate", "1.5"], 0,
     "200 dpi, noise, skewed 1.5°, JPEG quality 60"),
    ("footnotes-sideways-g4", "footnotes-pdflatex", 1, 300, "g4", ["-rotate", "90"], 0,
     "scanned sideways: the image turned 90° clockwise and no /Rotate, so the page shows it sideways"),
    ("prose-rotate270-jpx", "prose-libreoffice", 1, 150, "jpx", ["-rotate", "90"], 270,
     "150 dpi JPEG 2000, the image stored turned 90° clockwise and /Rotate 270 turning it upright"),
    ("ruled-table-g4", "table-wrapped-chromium", 1, 300, "g4", [], 0,
     "a table ruled in a full grid with wrapped cells, 300 dpi, bilevel CCITT G4"),
]


def run(*args, **kw):
    subprocess.run(args, check=True, **kw)


def ground_truth(source, page):
    with open(os.path.join(ROOT, "Corpus", "text", source + ".txt"), encoding="utf-8") as f:
        return f.read().split("\f")[page - 1].strip() + "\n"


def make(name, source, page, dpi, encoding, changes, rotate, tmp):
    pdf = os.path.join(ROOT, "Corpus", "text", source + ".pdf")
    base = os.path.join(tmp, name)
    run("pdftoppm", "-r", str(dpi), "-gray", "-f", str(page), "-l", str(page), "-singlefile", "-png", pdf, base)
    png = base + ".png"
    changed = base + "-changed.png"
    run("convert", "-seed", "7", png, *changes, changed)
    if encoding == "g4":
        image = base + ".tif"
        run("convert", changed, "-threshold", "55%", "-type", "bilevel", "-compress", "Group4", "-density", str(dpi), image)
    elif encoding == "jpeg":
        image = base + ".jpg"
        run("convert", changed, "-colorspace", "Gray", "-type", "Grayscale", "-quality", "60", "-density", str(dpi), image)
    else:
        image = base + ".jp2"
        run("opj_compress", "-i", changed, "-o", image, "-r", "20", stdout=subprocess.DEVNULL)
    out = os.path.join(OUT, name + ".pdf")
    args = ["img2pdf", "--nodate", "-o", out, "--imgsize", f"{dpi}dpix{dpi}dpi"]
    if rotate:
        args += ["--rotation", str(rotate)]
    run(*args, image)
    with open(os.path.join(OUT, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(ground_truth(source, page))
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    entries = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, source, page, dpi, encoding, changes, rotate, what in FIXTURES:
            out = make(name, source, page, dpi, encoding, changes, rotate, tmp)
            sha = hashlib.sha256(open(out, "rb").read()).hexdigest()
            entries.append({"id": "scanned/" + name, "file": "scanned/" + name + ".pdf", "sha256": sha,
                            "source": f"tools/corpus/make_scanned_fixtures.py from text/{source}.pdf page {page}: {what}".replace("°", " degrees"),
                            "licence": "project-made (a rendering of a project-made fixture)",
                            "pages": 1, "tags": ["scanned", "ocr"], "ocrGroundTruth": "scanned/" + name + ".txt"})
    json.dump(entries, sys.stdout, indent=2, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()

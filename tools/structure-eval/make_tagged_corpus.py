#!/usr/bin/env python3
"""Writes tagged PDFs from three tagging producers, for measuring the structure the
accessible HTML and Markdown infer on untagged files (docs/STRUCTURE-INFERENCE.md).

Each document is made from one seeded random outline (title, sections and subsections,
paragraphs, bulleted and numbered lists, a table with a header row, figures with alternate
text), written as
  - HTML printed by headless Chromium (tagged PDF is Chromium's default),
  - the same HTML converted by LibreOffice Writer with tagged PDF export,
  - LaTeX compiled by LuaLaTeX with the LaTeX tagging code (\\DocumentMetadata testphase).
A producer whose program is missing is skipped with a message.

Usage: tools/structure-eval/make_tagged_corpus.py OUT_DIR [--count N] [--seed S] [--producers chromium,libreoffice,lualatex]
"""

import argparse, base64, html, os, random, shutil, struct, subprocess, sys, tempfile, zlib

WORDS = ("river mountain report budget quarter analysis method result figure sample measure policy"
         " station network energy harvest climate survey school market transport library garden"
         " window engine signal pattern theory history record culture museum bridge harbour forest"
         " planet ocean winter summer autumn spring village island valley desert coast storm").split()


def words(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def sentence(rng):
    s = words(rng, rng.randint(6, 14))
    return s[0].upper() + s[1:] + "."


def png(width=120, height=80, seed=0):
    """A small RGB PNG (a gradient), written without any imaging library."""
    rows = b""
    for y in range(height):
        rows += b"\x00" + bytes(((x * 2 + seed) % 256, (y * 3) % 256, (x + y) % 256)[i % 3] for x in range(width) for i in range(3))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def outline(rng, index):
    """A document: a list of (kind, data) items."""
    items = [("h", 1, words(rng, rng.randint(2, 5)).title())]
    for s in range(rng.randint(2, 4)):
        items.append(("h", 2, f"{s + 1} " + words(rng, rng.randint(2, 4)).title()))
        for _ in range(rng.randint(1, 2)):
            items.append(("p", " ".join(sentence(rng) for _ in range(rng.randint(2, 4)))))
        r = rng.random()
        if r < 0.3:
            items.append(("ul", [words(rng, rng.randint(3, 8)) for _ in range(rng.randint(3, 6))]))
        elif r < 0.55:
            items.append(("ol", [sentence(rng) for _ in range(rng.randint(3, 5))]))
        elif r < 0.8:
            cols = rng.randint(2, 4)
            header = [words(rng, 1).title() for _ in range(cols)]
            body = [[str(rng.randint(1, 999)) if c else words(rng, rng.randint(1, 2)) for c in range(cols)] for _ in range(rng.randint(2, 5))]
            items.append(("table", header, body))
        else:
            items.append(("figure", words(rng, rng.randint(3, 6)).capitalize(), f"Figure {s + 1}. " + words(rng, 4)))
        if rng.random() < 0.4:
            items.append(("h", 3, words(rng, rng.randint(2, 4)).title()))
            items.append(("p", " ".join(sentence(rng) for _ in range(rng.randint(1, 3)))))
    return items


def to_html(items, image_path):
    out = ["<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>" % html.escape(items[0][2]),
           "<style>@page{margin:2cm} body{font-family:'DejaVu Serif',serif;font-size:11pt} h1{font-size:22pt} h2{font-size:16pt} h3{font-size:13pt}"
           " table{border-collapse:collapse} td,th{border:1px solid #444;padding:3px 8px}</style></head><body>"]
    for it in items:
        k = it[0]
        if k == "h":
            out.append(f"<h{it[1]}>{html.escape(it[2])}</h{it[1]}>")
        elif k == "p":
            out.append(f"<p>{html.escape(it[1])}</p>")
        elif k in ("ul", "ol"):
            out.append(f"<{k}>" + "".join(f"<li>{html.escape(x)}</li>" for x in it[1]) + f"</{k}>")
        elif k == "table":
            # Explicit widths: LibreOffice's HTML import otherwise squeezes columns to a letter.
            width = f" width=\"{100 // len(it[1])}%\""
            out.append("<table width=\"100%\" border=\"1\" cellpadding=\"4\"><thead><tr>" + "".join(f"<th{width}>{html.escape(h)}</th>" for h in it[1]) + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join(f"<td{width}>{html.escape(c)}</td>" for c in row) + "</tr>" for row in it[2]) + "</tbody></table>")
        elif k == "figure":
            out.append(f"<figure><img src=\"{image_path}\" alt=\"{html.escape(it[1])}\" width=\"240\" height=\"160\">"
                       f"<figcaption>{html.escape(it[2])}</figcaption></figure>")
    out.append("</body></html>")
    return "\n".join(out)


def tex_escape(s):
    return s.replace("\\", "\\textbackslash{}").replace("&", "\\&").replace("%", "\\%").replace("#", "\\#").replace("_", "\\_")


def to_latex(items, image_path):
    out = ["\\DocumentMetadata{testphase=phase-II,pdfversion=2.0,lang=en}",
           "\\documentclass{article}", "\\usepackage{graphicx}", "\\setcounter{secnumdepth}{0}",
           "\\title{%s}" % tex_escape(items[0][2]), "\\date{}", "\\begin{document}", "\\maketitle"]
    for it in items[1:]:
        k = it[0]
        if k == "h":
            out.append(("\\section{%s}" if it[1] == 2 else "\\subsection{%s}") % tex_escape(it[2]))
        elif k == "p":
            out.append(tex_escape(it[1]) + "\n")
        elif k in ("ul", "ol"):
            env = "itemize" if k == "ul" else "enumerate"
            out.append("\\begin{%s}" % env + "".join("\\item %s" % tex_escape(x) for x in it[1]) + "\\end{%s}" % env)
        elif k == "table":
            cols = len(it[1])
            out.append("\\begin{tabular}{%s}" % ("l" * cols) + " & ".join(tex_escape(h) for h in it[1]) + "\\\\"
                       + "".join(" & ".join(tex_escape(c) for c in row) + "\\\\" for row in it[2]) + "\\end{tabular}\n")
        elif k == "figure":
            out.append("\\begin{figure}[h]\\centering\\includegraphics[width=5cm,alt={%s}]{%s}\\caption{%s}\\end{figure}"
                       % (tex_escape(it[1]), image_path, tex_escape(it[2])))
    out.append("\\end{document}")
    return "\n".join(out)


def run(cmd, cwd, timeout=180):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode == 0, (p.stdout + p.stderr)[-600:]
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, str(e)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=40, help="documents per producer")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--producers", default="chromium,libreoffice,lualatex")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    producers = args.producers.split(",")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    lualatex = shutil.which("lualatex")
    for name, tool in (("chromium", chromium), ("libreoffice", soffice), ("lualatex", lualatex)):
        if name in producers and not tool:
            print(f"make_tagged_corpus: {name} not installed; skipped", file=sys.stderr)
    made = 0
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, "figure.png")
        with open(image, "wb") as f:
            f.write(png())
        for i in range(args.count):
            rng = random.Random(args.seed * 1000 + i)
            items = outline(rng, i)
            stem = f"doc{i:03d}"
            page = os.path.join(tmp, stem + ".html")
            with open(page, "w", encoding="utf-8") as f:
                f.write(to_html(items, "figure.png"))
            if "chromium" in producers and chromium:
                target = os.path.join(args.out, f"chromium-{stem}.pdf")
                ok, log = run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                               "--generate-pdf-document-outline", f"--print-to-pdf={target}", "file://" + page], tmp)
                made += ok
                if not ok: print(f"chromium {stem}: {log}", file=sys.stderr)
            if "libreoffice" in producers and soffice:
                ok, log = run([soffice, "--headless", "--infilter=HTML (StarWriter)",
                               "--convert-to", 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}',
                               "--outdir", tmp, page], tmp)
                if ok and os.path.exists(os.path.join(tmp, stem + ".pdf")):
                    shutil.move(os.path.join(tmp, stem + ".pdf"), os.path.join(args.out, f"libreoffice-{stem}.pdf"))
                    made += 1
                else:
                    print(f"libreoffice {stem}: {log}", file=sys.stderr)
            if "lualatex" in producers and lualatex:
                tex = os.path.join(tmp, stem + ".tex")
                with open(tex, "w", encoding="utf-8") as f:
                    f.write(to_latex(items, "figure.png"))
                ok, log = run([lualatex, "-interaction=nonstopmode", "-halt-on-error", stem + ".tex"], tmp)
                if ok and os.path.exists(os.path.join(tmp, stem + ".pdf")):
                    shutil.move(os.path.join(tmp, stem + ".pdf"), os.path.join(args.out, f"lualatex-{stem}.pdf"))
                    made += 1
                else:
                    print(f"lualatex {stem}: {log}", file=sys.stderr)
    print(f"make_tagged_corpus: {made} PDFs in {args.out}")


if __name__ == "__main__":
    main()

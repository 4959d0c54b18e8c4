"""The layout families of the layout corpus: each writes one document's source for one producer
from a seeded `random.Random`, with its ground truth as pages of blocks.

Ground-truth choices where a family is ambiguous (what a careful reader reads):
  * rivers, newsletters, articles: column by column, headings before their text;
  * bidi: logical order, as typed; Latin words and numbers inside RTL text in their own order;
  * letter-spaced text: ordinary words, one space between words;
  * mathematics: the symbols as Unicode (double-struck and Fraktur letters, which score.py's
    NFKC folds to plain letters; □ ■ ◊ ∴ ⩽ ⩾ ∅ ⟨ ⟩ √), big delimiters as the plain delimiter,
    one space around binary operators and relations and after commas, none inside delimiters,
    `\\ldots` as "...", an equation number after its equation ("a + b = c (1)");
  * leader lines (contents, index, price list): the entry, its leader dots as ". . . ." (one
    dot per leader box, the count TeX computed and wrote to NAME.dots, or the count the source
    types) and the number, on one line;
  * running headers first and footers last on each page (left part before right part);
  * grids of figure captions: the captions in figure order (row by row), each caption whole;
  * vertical Japanese: column order (the source order); horizontal digits set in one upright
    cell (tate-chu-yoko) in place ("第12条");
  * text off the page, outside the crop box or wholly clipped away: not read (it is absent);
  * forms: label then value, fields left to right, rows top to bottom; ticked boxes ☒ and empty
    boxes ☐ are characters of the text;
  * slides: title, then the bullets with their marker "•";
  * sidebars: the main text, then the sidebar (which stands to its right); a boxed paragraph
    between paragraphs in its place;
  * tables: row by row, cells left to right, wrapped cells whole;
  * invoices: the seller's block (left), then the invoice's block (right), the buyer, the table
    row by row, the totals, the closing note;
  * end notes: the mark as the digit after its word ("dry1"), the notes at the end as "1 text";
  * footnotes after the body of their page; rotated pages read as when turned upright.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
import make_text_fixtures as M  # noqa: E402
import words as W  # noqa: E402

tex, xml, troff = M.tex, M.xml, M.troff


class Doc:
    """One generated document: source text in `ext`'s language for `producer`, and its ground
    truth as pages of blocks (or `truth(work)`, computing the pages once the producer ran)."""

    def __init__(self, family, producer, source, ext, pages, exercises, truth=None):
        self.family, self.producer, self.source, self.ext = family, producer, source, ext
        self.pages, self.exercises, self.truth = pages, exercises, truth
        self.name = None
        self.tags = [family]

    def ground_truth(self):
        return "\n\f".join("\n\n".join(b for b in blocks if b) for blocks in self.pages) + "\n"


# ---------------------------------------------------------------------------------------------
# Producers' page wrappers, randomised from the seed

PAPERS = [("a4", 210, 297), ("a5", 148, 210), ("letter", 216, 279), ("b5", 176, 250)]
TEX_FONTS = {"pdflatex": ["\\usepackage{lmodern}", "\\usepackage{mathptmx}", "\\usepackage{mathpazo}",
                          "\\usepackage{charter}"],
             "xelatex": ["DejaVu Serif", "Noto Serif", "FreeSerif", "Liberation Serif"],
             "lualatex": ["DejaVu Serif", "Noto Serif", "FreeSerif", "Liberation Serif"]}
WEB_FONTS = ["'DejaVu Serif'", "'DejaVu Sans'", "'Noto Serif'", "'Noto Sans'", "'Liberation Serif'",
             "'Liberation Sans'", "'FreeSerif'"]
ODF_FONTS = ["DejaVu Serif", "DejaVu Sans", "Noto Serif", "Liberation Serif", "Liberation Sans", "FreeSerif"]


def paper(rng, big=False, landscape=False):
    choices = PAPERS[:1] + PAPERS[2:3] if big else PAPERS
    _, w, h = rng.choice(choices)
    return (h, w) if landscape else (w, h)


def latex(rng, engine, preamble, body, size=None, margin=None, opts=None, cls="article", font=True,
          ot1=False, empty=True):
    w, h = size or paper(rng)
    m = margin if margin is not None else rng.randint(14, 26)
    pre = ""
    if font:
        if engine == "pdflatex":
            pre = ("" if ot1 else "\\usepackage[T1]{fontenc}") + rng.choice(TEX_FONTS["pdflatex"])
        else:
            pre = "\\usepackage{fontspec}\\setmainfont{%s}" % rng.choice(TEX_FONTS[engine])
    if engine == "lualatex":
        pre = "\\usepackage{luatex85}" + pre
    pre += preamble + ("\\pagestyle{empty}" if empty else "")
    return M.latex_doc(engine, "layout", pre, body, cls=cls, opts=opts or rng.choice(["10pt", "11pt", "12pt"]),
                       paper=f"paperwidth={w}mm,paperheight={h}mm,margin={m}mm")


def html(rng, body, css, lang="en", size=None, margin=None, font=None, fontsize=None, justify=True):
    w, h = size or paper(rng)
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>pdftext layout corpus</title><style>
@page {{ size: {w}mm {h}mm; margin: {margin if margin is not None else rng.randint(10, 22)}mm; }}
body {{ margin: 0; font-family: {font or rng.choice(WEB_FONTS)}; font-size: {fontsize or rng.choice([9, 10, 11, 12])}pt; line-height: {rng.choice([1.25, 1.35, 1.45])}; }}
h1 {{ font-size: 1.6em; margin: 0 0 4mm 0; }} h2 {{ font-size: 1.15em; margin: 3mm 0 2mm 0; }}
p {{ margin: 0 0 2.5mm 0; text-align: {'justify' if justify else 'left'}; }}
{css}
</style></head><body>
{body}
</body></html>
"""


def hp(text, tag="p", attrs=""):
    return f"<{tag}{attrs}>{xml(text)}</{tag}>\n"


def fodt(rng, body, size=None, margin=None, font=None, styles="", auto="", master="", complex_font="DejaVu Sans",
         fontsize=None, lang='fo:language="en" fo:country="GB"'):
    w, h = size or paper(rng)
    m = margin if margin is not None else rng.uniform(1.2, 2.4)
    font = font or rng.choice(ODF_FONTS)
    faces = "".join(f'<style:font-face style:name="{f}" svg:font-family="\'{f}\'"/>'
                    for f in dict.fromkeys([font, complex_font, "DejaVu Sans"]))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {M.FODT_NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>{faces}</office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/><style:text-properties style:font-name="{font}" fo:font-size="{fontsize or rng.choice([10, 11, 12])}pt" style:font-name-complex="{complex_font}" style:font-size-complex="12pt" {lang}/></style:default-style>
<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.4cm"/><style:text-properties fo:font-size="16pt" fo:font-weight="bold" style:font-size-complex="17pt" style:font-weight-complex="bold"/></style:style>
<style:style style:name="H2" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.2cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="12pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:text-align="justify"/></style:style>
<style:style style:name="Left" style:family="paragraph"/>
<style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page" fo:text-align="justify"/></style:style>
{styles}
</office:styles>
<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="{w / 10:.2f}cm" fo:page-height="{h / 10:.2f}cm" fo:margin-top="{m:.2f}cm" fo:margin-bottom="{m:.2f}cm" fo:margin-left="{m:.2f}cm" fo:margin-right="{m:.2f}cm"/><style:header-style><style:header-footer-properties fo:margin-bottom="0.4cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:margin-top="0.4cm"/></style:footer-style></style:page-layout>{auto}</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">{master}</style:master-page></office:master-styles>
<office:body><office:text>
{body}
</office:text></office:body></office:document>
"""


def op(text, style="Body"):
    return f'<text:p text:style-name="{style}">{xml(text)}</text:p>\n'


def ms(lines):
    return "\n".join(lines) + "\n"


def paras(rng, n, lo=3, hi=5):
    return [W.paragraph(rng, lo, hi) for _ in range(n)]


FAMILIES = {}


def family(name, producers, what):
    def reg(fn):
        FAMILIES[name] = (fn, producers, what)
        return fn
    return reg


# ---------------------------------------------------------------------------------------------
# 1. Justified multi-column text with rivers

@family("rivers", ["pdflatex", "chromium", "groff", "libreoffice"],
        "justified narrow columns without hyphenation: long words widen the spaces into rivers")
def rivers(rng, producer):
    k = rng.choice([2, 3, 3, 4])
    title = W.title(rng)
    ps = [W.river_paragraph(rng, rng.randint(25, 45)) if rng.random() < 0.6 else W.paragraph(rng, 2, 4)
          for _ in range(k * 2)]
    if producer == "pdflatex":
        body = ("{\\Large\\bfseries %s\\par}\\bigskip\n\\begin{multicols}{%d}\n" % (tex(title), k)
                + "\n\n".join(tex(p) for p in ps) + "\n\\end{multicols}\n")
        src = latex(rng, producer, "\\usepackage{multicol}\\hyphenpenalty=10000\\exhyphenpenalty=10000\\sloppy",
                    body, size=paper(rng, big=True, landscape=k == 4), opts="10pt")
        return Doc("rivers", producer, src, "tex", [[title, *ps]], f"{k} justified columns (multicol), no hyphenation")
    if producer == "chromium":
        css = f".cols {{ column-count: {k}; column-gap: {rng.randint(4, 8)}mm; hyphens: none; }}"
        body = hp(title, "h1") + '<div class="cols">\n' + "".join(hp(p) for p in ps) + "</div>\n"
        return Doc("rivers", producer, html(rng, body, css, size=paper(rng, big=True, landscape=k == 4)), "html",
                   [[title, *ps]], f"{k} justified CSS columns, hyphens: none")
    if producer == "groff":
        k = rng.choice([2, 3])
        gap = 0.3
        colw = (6.0 - gap * (k - 1)) / k
        cap = colw * 11 * 54          # characters a column holds, roughly (10 pt Times)
        text, ps = 0, []
        while text < (k - 0.5) * cap:
            p = W.river_paragraph(rng, rng.randint(25, 45)) if rng.random() < 0.6 else W.paragraph(rng, 2, 4)
            ps.append(p)
            text += len(p) + 30
        lines = [".nr PS 10", ".nr VS 12", ".nh", ".ds CH", ".TL", troff(title), f".MC {colw:.2f}i {gap}i"]
        for p in ps:
            lines += [".PP", troff(p)]
        return Doc("rivers", producer, ms(lines), "ms", [[title, *ps]], f"{k} ms columns (.MC), justified, no hyphenation")
    sect = (f'<style:style style:name="Sect" style:family="section"><style:section-properties>'
            f'<style:columns fo:column-count="{k}" fo:column-gap="0.5cm"/></style:section-properties></style:style>')
    body = (op(title, "Title") + '<text:section text:style-name="Sect" text:name="Cols">\n'
            + "".join(op(p) for p in ps) + "</text:section>\n")
    return Doc("rivers", producer, fodt(rng, body, size=paper(rng, big=True, landscape=k == 4), auto=sect, fontsize=10),
               "fodt", [[title, *ps]], f"a Writer section of {k} justified columns")


# ---------------------------------------------------------------------------------------------
# 2. Bidirectional paragraphs

@family("bidi", ["chromium", "libreoffice", "xelatex"],
        "RTL paragraphs (Hebrew, Arabic with or without harakat) with Latin words and numbers, some starting with Latin")
def bidi(rng, producer):
    script = rng.choice(["he", "ar", "ar"])
    harakat = script == "ar" and rng.random() < 0.6
    title = " ".join(rng.choice(W.HEBREW if script == "he" else W.ARABIC_PLAIN) for _ in range(rng.randint(2, 4)))
    ps = [" ".join(W.rtl_sentence(rng, script, harakat, start_latin=(j == 0 and rng.random() < 0.6))
                   for j in range(rng.randint(2, 4))) for _ in range(rng.randint(2, 4))]
    what = f"{'Hebrew' if script == 'he' else 'Arabic'}{' with harakat' if harakat else ''}, Latin words and numbers inside"
    pages = [[title, *ps]]
    if producer == "chromium":
        font = ("'Noto Serif Hebrew', 'DejaVu Serif'" if script == "he"
                else rng.choice(["'Amiri'", "'Noto Naskh Arabic'"]) + ", 'DejaVu Serif'")
        body = hp(title, "h1") + "".join(hp(p) for p in ps)
        return Doc("bidi", producer, html(rng, body, "", lang=script, font=font).replace("<html ", '<html dir="rtl" '),
                   "html", pages, what + " (dir=rtl)")
    if producer == "libreoffice":
        cf = "FreeSerif" if script == "he" else rng.choice(["Amiri", "Noto Naskh Arabic"])
        styles = ('<style:style style:name="RTL" style:family="paragraph"><style:paragraph-properties '
                  'style:writing-mode="rl-tb" fo:text-align="justify"/></style:style>'
                  '<style:style style:name="RTLTitle" style:family="paragraph" style:parent-style-name="Title">'
                  '<style:paragraph-properties style:writing-mode="rl-tb" fo:text-align="end"/></style:style>')
        lang = ('fo:language="en" fo:country="GB" style:language-complex="%s" style:country-complex="%s"'
                % (script, "IL" if script == "he" else "EG"))
        body = op(title, "RTLTitle") + "".join(op(p, "RTL") for p in ps)
        return Doc("bidi", producer, fodt(rng, body, styles=styles, complex_font=cf, lang=lang), "fodt", pages,
                   what + " (paragraph direction rl-tb)")
    lang, fontcmd = (("hebrew", "\\newfontfamily\\hebrewfont[Script=Hebrew]{FreeSerif}")
                     if script == "he" else
                     ("arabic", "\\newfontfamily\\arabicfont[Script=Arabic]{%s}" % rng.choice(["Amiri", "Noto Naskh Arabic"])))

    def lr(p):   # Latin words and numbers as English (LTR, in the Latin main font)
        out = []
        for w in p.split(" "):
            core = w.rstrip(".!?:؟")
            if core and core[0].isascii():
                out.append("\\textenglish{%s}%s" % (core, w[len(core):]))
            else:
                out.append(w)
        return " ".join(out)
    body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % title + "\n\n".join(lr(p) for p in ps) + "\n"
    pre = (f"\\usepackage{{polyglossia}}\\setmainlanguage{{{lang}}}\\setotherlanguage{{english}}"
           f"\\setmainfont{{DejaVu Serif}}{fontcmd}")
    return Doc("bidi", producer, latex(rng, producer, pre, body, font=False), "tex", pages,
               what + " (polyglossia, bidi; Latin words in \\textenglish)")


# ---------------------------------------------------------------------------------------------
# 3. Letter-spaced text with widened word spaces

@family("letterspace", ["xelatex", "lualatex", "chromium", "libreoffice"],
        "body text letter-spaced, word spaces widened too")
def letterspace(rng, producer):
    title = W.title(rng)
    ps = paras(rng, rng.randint(2, 4), 2, 4)
    ls = rng.choice([8, 12, 16, 20, 25])          # per cent of an em
    ws = rng.choice([0.5, 0.7, 0.9])              # extra em between words
    pages = [[title, *ps]]
    what = f"letter spacing {ls / 100:.2f} em, word spaces widened by {ws} em"
    if producer in ("xelatex", "lualatex"):
        body = ("{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title)
                + "{\\addfontfeature{LetterSpace=%d}\\spaceskip=%.2fem plus 0.1em minus 0.05em\n" % (ls, ws + 0.3)
                + "\n\n".join(tex(p) for p in ps) + "\\par}\n")
        return Doc("letterspace", producer, latex(rng, producer, "\\raggedright", body), "tex", pages,
                   what + " (fontspec LetterSpace, \\spaceskip)")
    if producer == "chromium":
        css = f"p {{ letter-spacing: {ls / 100:.2f}em; word-spacing: {ws:.2f}em; }}"
        body = hp(title, "h1") + "".join(hp(p) for p in ps)
        return Doc("letterspace", producer, html(rng, body, css, justify=rng.random() < 0.5), "html", pages,
                   what + " (CSS letter-spacing, word-spacing)")
    auto = (f'<style:style style:name="LS" style:family="paragraph" style:parent-style-name="Body">'
            f'<style:text-properties fo:letter-spacing="{ls * 0.004:.3f}cm"/></style:style>')
    body = op(title, "Title") + "".join(op(p, "LS") for p in ps)
    return Doc("letterspace", producer, fodt(rng, body, auto=auto), "fodt", pages,
               f"character spacing {ls * 0.004:.3f} cm, justified")


# ---------------------------------------------------------------------------------------------
# 4. TeX mathematics (cmex, msam, msbm, eufm) and \ldots

MATH_INLINE = [("$x \\in \\mathbb{R}$", "x ∈ ℝ"), ("$n \\in \\mathbb{N}$", "n ∈ ℕ"), ("$\\mathfrak{g}$", "𝔤"),
               ("$\\mathfrak{A}$", "𝔄"), ("$A \\subseteq B$", "A ⊆ B"), ("$a \\leqslant b$", "a ⩽ b"),
               ("$c \\geqslant 0$", "c ⩾ 0"), ("$X = \\varnothing$", "X = ∅"), ("$\\square$", "□"),
               ("$\\blacksquare$", "■"), ("$\\lozenge$", "◊"), ("$\\therefore$", "∴"), ("$1, 2, \\ldots, n$", "1, 2, ..., n"),
               ("$\\mathbb{Z}$", "ℤ"), ("$\\mathbb{Q}$", "ℚ"), ("$p \\nmid q$", "p ∤ q"), ("$\\mho$", "℧")]
MATH_DISPLAY = [("\\Bigl( a + b \\Bigr) \\leqslant \\sqrt{c}", "(a + b) ⩽ √c"),
                ("\\biggl[ x - y \\biggr] \\geqslant 0", "[x − y] ⩾ 0"),
                ("\\Biggl\\{ u \\in \\mathbb{R} \\Biggr\\}", "{u ∈ ℝ}"),
                ("\\bigl\\langle v, w \\bigr\\rangle = 0", "⟨v, w⟩ = 0"),
                ("\\mathfrak{g} \\subseteq \\mathfrak{h}", "𝔤 ⊆ 𝔥"),
                ("\\Bigl( p + q \\Bigr) \\geqslant r", "(p + q) ⩾ r"),
                ("f(x) = ax + b", "f(x) = ax + b")]


@family("math", ["pdflatex", "lualatex"], "prose with inline and display mathematics in the AMS fonts, \\ldots")
def math(rng, producer):
    title = W.title(rng)
    blocks_tex, blocks_gt = [], []
    eq = 0
    for _ in range(rng.randint(3, 5)):
        s_tex, s_gt = [], []
        for _ in range(rng.randint(2, 4)):
            base = W.sentence(rng, 5, 10)[:-1]
            if rng.random() < 0.7:
                mt, mg = rng.choice(MATH_INLINE)
                conj = rng.choice(["where", "whenever", "since", "so that"])
                s_tex.append(f"{tex(base)} {conj} {mt}.")
                s_gt.append(f"{base} {conj} {mg}.")
            else:
                s_tex.append(tex(base) + "\\ldots{}")
                s_gt.append(base + "...")
        blocks_tex.append(" ".join(s_tex))
        blocks_gt.append(" ".join(s_gt))
        if rng.random() < 0.7:
            dt, dg = rng.choice(MATH_DISPLAY)
            if rng.random() < 0.5:
                eq += 1
                blocks_tex.append("\\begin{equation}%s\\end{equation}" % dt)
                blocks_gt.append(f"{dg} ({eq})")
            else:
                blocks_tex.append("\\[ %s \\]" % dt)
                blocks_gt.append(dg)
    proof = W.sentence(rng, 6, 10)
    blocks_tex.append("\\noindent\\textit{Proof.} %s\\hfill$\\square$" % tex(proof))
    blocks_gt.append(f"Proof. {proof} □")
    body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title) + "\n\n".join(blocks_tex) + "\n"
    pre = "\\usepackage{amsmath,amssymb}" if producer == "pdflatex" else "\\usepackage{amsmath,amssymb}"
    return Doc("math", producer, latex(rng, producer, pre, body, font=False, size=paper(rng, big=True)), "tex",
               [[title, *blocks_gt]], "AMS symbols (msam, msbm), Fraktur (eufm), big delimiters and radicals (cmex), \\ldots")


# ---------------------------------------------------------------------------------------------
# 5. Leader lines: tables of contents, indexes, price lists

LEADER_TEX = r"""
\newwrite\dotsout\immediate\openout\dotsout=\jobname.dots
\newdimen\dotw \newcount\dotn
\newcommand\leaderline[2]{\par\noindent\dotw=LEADERWIDTHem\relax
  \setbox0\hbox{#1\ }\setbox2\hbox{\ #2}%
  \dimen0=\dimexpr\linewidth-\wd0-\wd2\relax
  \dotn=\numexpr(\dimen0-\dotw/2)/\dotw\relax \ifnum\dotn<0 \dotn=0 \fi
  \immediate\write\dotsout{\the\dotn}%
  \box0\hfill\count255=0 \loop\ifnum\count255<\dotn \hbox to\dotw{\hss.\hss}\advance\count255 by 1 \repeat\box2\par}
"""


def leader_entries(rng):
    kind = rng.choice(["contents", "index", "prices"])
    entries = []
    if kind == "contents":
        page, ch = 1, 0
        for _ in range(rng.randint(10, 22)):
            if rng.random() < 0.35 or ch == 0:
                ch += 1
                sec = 0
                label = f"{ch} {W.title(rng, 1, 4)}"
            else:
                sec += 1
                label = f"{ch}.{sec} {W.title(rng, 2, 5)}"
            page += rng.randint(1, 9)
            entries.append((label, str(page)))
        head = "Contents"
    elif kind == "index":
        terms = sorted({rng.choice(W.NOUNS + W.ADJS) for _ in range(rng.randint(12, 22))})
        entries = [(t, str(rng.randint(1, 300))) for t in terms]
        head = "Index"
    else:
        entries = [(W.phrase(rng, 1, 4), f"{rng.randint(1, 99)}.{rng.choice(['00', '50', '25', '95', '40'])}")
                   for _ in range(rng.randint(10, 20))]
        head = "Price list"
    return kind, head, entries


def leader_line(label, number, n):
    return " ".join([label] + ["."] * n + [number])


@family("leaders", ["pdflatex", "chromium", "libreoffice", "groff"],
        "contents, index or price list: entries with dot leaders and right-aligned numbers")
def leaders(rng, producer):
    kind, head, entries = leader_entries(rng)
    if producer == "pdflatex":
        lw = rng.choice(["0.5", "0.6", "0.8", "1.0"])
        body = ("{\\Large\\bfseries %s\\par}\\bigskip\n" % head
                + "\n".join("\\leaderline{%s}{%s}" % (tex(a), tex(b)) for a, b in entries) + "\n")
        src = latex(rng, producer, LEADER_TEX.replace("LEADERWIDTH", lw), body, size=paper(rng, big=True))

        def truth(work):
            counts = [int(x) for x in open(os.path.join(work, "layout.dots")).read().split()]
            return [[head, *(leader_line(a, b, n) for (a, b), n in zip(entries, counts))]]
        return Doc("leaders", producer, src, "tex", None, f"{kind}: leader boxes of {lw} em filling to the number (count from TeX)",
                   truth=truth)
    counts = [rng.randint(4, 14) for _ in entries]
    gt = [[head, *(leader_line(a, b, n) for (a, b), n in zip(entries, counts))]]
    dots = [" ".join(["."] * n) for n in counts]
    if producer == "chromium":
        css = (".l { display: flex; justify-content: space-between; margin: 0 0 1mm 0; } "
               ".l span:last-child { text-align: right; }")
        body = hp(head, "h1") + "".join(f'<div class="l"><span>{xml(a)}</span><span>{d} {xml(b)}</span></div>\n'
                                        for (a, b), d in zip(entries, dots))
        return Doc("leaders", producer, html(rng, body, css), "html", gt, f"{kind}: flex lines, dots and number right-aligned")
    if producer == "libreoffice":
        w, h = paper(rng)
        m = rng.uniform(1.2, 2.4)
        stop = w / 10 - 2 * m
        styles = (f'<style:style style:name="Lead" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.1cm">'
                  f'<style:tab-stops><style:tab-stop style:position="{stop:.2f}cm" style:type="right"/></style:tab-stops>'
                  f'</style:paragraph-properties></style:style>')
        body = op(head, "Title") + "".join(
            f'<text:p text:style-name="Lead">{xml(a)}<text:tab/>{d} {xml(b)}</text:p>\n' for (a, b), d in zip(entries, dots))
        return Doc("leaders", producer, fodt(rng, body, size=(w, h), margin=m, styles=styles), "fodt", gt,
                   f"{kind}: right tab stop, dots typed before the number")
    lines = [".nr PS 11", ".ds CH", ".LP", f"\\fB{troff(head)}\\fP", ".sp", ".nf", ".ta 6iR"]
    lines += [f"{troff(a)}\t{d} {b}" for (a, b), d in zip(entries, dots)]
    lines += [".fi"]
    return Doc("leaders", producer, ms(lines), "ms", gt, f"{kind}: right tab (.ta 6iR), dots typed before the number")


# ---------------------------------------------------------------------------------------------
# 6. Running headers and footers

@family("headers", ["pdflatex", "libreoffice", "chromium", "groff"],
        "two to four pages with a running header and footer (page numbers where the producer counts)")
def headers(rng, producer):
    n = rng.randint(2, 4)
    title = W.title(rng)
    left, right = W.title(rng, 1, 3), f"Chapter {rng.randint(1, 12)}"
    bodies = [paras(rng, rng.randint(2, 3), 2, 4) for _ in range(n)]
    if producer == "pdflatex":
        fmt = rng.choice(["Page %d", "%d", "-- %d --"])
        foot = fmt.replace("%d", "\\thepage")
        pre = ("\\usepackage{fancyhdr}\\pagestyle{fancy}\\fancyhf{}\\fancyhead[L]{%s}\\fancyhead[R]{%s}"
               "\\fancyfoot[C]{%s}" % (tex(left), tex(right), foot))
        body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title) + "\n\\newpage\n".join(
            "\n\n".join(tex(p) for p in ps) for ps in bodies)
        fmt_gt = fmt.replace("--", "–")
        pages = [[f"{left} {right}", *([title] if i == 0 else []), *ps, fmt_gt % (i + 1)] for i, ps in enumerate(bodies)]
        return Doc("headers", producer, latex(rng, producer, pre, body, empty=False), "tex", pages, "fancyhdr header and footer")
    if producer == "libreoffice":
        styles = ('<style:style style:name="HF" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/>'
                  '<style:text-properties fo:font-size="9pt"/></style:style>')
        master = (f'<style:header><text:p text:style-name="HF">{xml(left)}</text:p></style:header>'
                  '<style:footer><text:p text:style-name="HF">Page <text:page-number text:select-page="current">1</text:page-number></text:p></style:footer>')
        body = op(title, "Title")
        for i, ps in enumerate(bodies):
            body += "".join(op(p, "Break" if (i and j == 0) else "Body") for j, p in enumerate(ps))
        pages = [[left, *([title] if i == 0 else []), *ps, f"Page {i + 1}"] for i, ps in enumerate(bodies)]
        return Doc("headers", producer, fodt(rng, body, styles=styles, master=master), "fodt", pages,
                   "Writer header and footer with a page-number field")
    if producer == "chromium":
        foot = W.phrase(rng, 2, 4)
        css = (".hd { position: fixed; top: 0; left: 0; right: 0; font-size: 8pt; } "
               ".ft { position: fixed; bottom: 0; left: 0; right: 0; font-size: 8pt; text-align: center; } "
               ".pg { break-after: page; padding: 10mm 0; } .pg:last-child { break-after: auto; }")
        body = (f'<div class="hd">{xml(left)}</div><div class="ft">{xml(foot)}</div>\n' + "".join(
            '<div class="pg">' + (hp(title, "h1") if i == 0 else "") + "".join(hp(p) for p in ps) + "</div>\n"
            for i, ps in enumerate(bodies)))
        pages = [[left, *([title] if i == 0 else []), *ps, foot] for i, ps in enumerate(bodies)]
        return Doc("headers", producer, html(rng, body, css, size=paper(rng, big=True)), "html", pages,
                   "position: fixed header and footer, repeated on every page")
    lines = [".ds LH " + left, ".ds CH", ".ds RH " + right, ".ds LF " + troff(W.title(rng, 1, 2)), ".ds CF",
             ".ds RF Page %", ".TL", troff(title)]
    lf = lines[3][7:]
    pages = []
    for i, ps in enumerate(bodies):
        if i:
            lines.append(".bp")
        for p in ps:
            lines += [".PP", troff(p)]
        pages.append(([] if i == 0 else [f"{left} {right}"]) + ([title] if i == 0 else []) + ps + [f"{lf} Page {i + 1}"])
    return Doc("headers", producer, ms(lines), "ms", pages, "ms running header (not on page 1) and footer with the page number")


# ---------------------------------------------------------------------------------------------
# 7. Paragraphs with first-line indents and short last lines

@family("paragraphs", ["pdflatex", "libreoffice", "groff", "chromium"],
        "paragraphs told apart only by a first-line indent, many with a short last line, no space between them")
def paragraphs(rng, producer):
    title = W.title(rng)
    ps = []
    for _ in range(rng.randint(4, 7)):
        p = W.paragraph(rng, 2, 4)
        if rng.random() < 0.5:
            p += " " + rng.choice(["It rained.", "Nobody came.", "So it ended.", "Then silence.", "Twice."])
        ps.append(p)
    indent = rng.choice([1.0, 1.5, 2.0, 3.0])
    pages = [[title, *ps]]
    if producer == "pdflatex":
        body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title) + "\n\n".join(tex(p) for p in ps) + "\n"
        pre = "\\setlength{\\parindent}{%.1fem}\\setlength{\\parskip}{0pt}" % indent
        return Doc("paragraphs", producer, latex(rng, producer, pre, body, size=paper(rng, big=True)), "tex", pages,
                   f"\\parindent {indent} em, no \\parskip")
    if producer == "libreoffice":
        styles = (f'<style:style style:name="Ind" style:family="paragraph"><style:paragraph-properties fo:text-indent="{indent * 0.4:.2f}cm" '
                  'fo:margin-bottom="0cm" fo:text-align="justify"/></style:style>')
        body = op(title, "Title") + "".join(op(p, "Ind") for p in ps)
        return Doc("paragraphs", producer, fodt(rng, body, styles=styles), "fodt", pages, "first-line indent, no space after")
    if producer == "chromium":
        css = f"p {{ text-indent: {indent}em; margin: 0; }}"
        body = hp(title, "h1") + "".join(hp(p) for p in ps)
        return Doc("paragraphs", producer, html(rng, body, css, justify=rng.random() < 0.7), "html", pages, "CSS text-indent, no margins")
    lines = [".nr PD 0", f".nr PI {indent}m", ".ds CH", ".TL", troff(title)]
    for p in ps:
        lines += [".PP", troff(p)]
    return Doc("paragraphs", producer, ms(lines), "ms", pages, "ms .PP with PD 0 (no space between paragraphs)")


# ---------------------------------------------------------------------------------------------
# 8. Vertical Japanese with horizontal digits (tate-chu-yoko)

def tcy_sentences(rng, n):
    return [W.japanese_sentence(rng) for _ in range(n)]


@family("tcy", ["lualatex", "chromium"], "vertical Japanese with two-digit numbers set upright across the column (tate-chu-yoko)")
def tcy(rng, producer):
    import re
    title = rng.choice(["町の記録", "川の話", "季節の便り", "港の日誌"])
    ps = ["".join(tcy_sentences(rng, rng.randint(2, 4))) for _ in range(rng.randint(2, 3))]
    pages = [[title, *ps]]
    if producer == "lualatex":
        body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % title + "\n\n".join(
            re.sub(r"(\d+)", r"\\rensuji{\1}", p) for p in ps) + "\n"
        src = M.latex_doc("lualatex", "layout", "\\usepackage{luatexja-fontspec}\\setmainjfont{%s}\\pagestyle{empty}"
                          % rng.choice(["Noto Serif CJK JP", "Noto Sans CJK JP"]), body, cls="ltjtarticle", opts="",
                          paper="paperwidth=148mm,paperheight=%dmm,margin=12mm" % rng.choice([105, 148]))
        return Doc("tcy", producer, src, "tex", pages, "LuaTeX-ja tate (ltjtarticle), \\rensuji for the digits")
    css = ("body { writing-mode: vertical-rl; } h1 { margin: 0 0 0 5mm; font-size: 1.3em; } p { margin: 0; text-align: start; } "
           ".t { text-combine-upright: all; }")
    body = hp(title, "h1") + "".join("<p>" + re.sub(r"(\d+)", r'<span class="t">\1</span>', xml(p)) + "</p>\n" for p in ps)
    return Doc("tcy", producer, html(rng, body, css, lang="ja", size=(148, 105), font=rng.choice(["'Noto Serif CJK JP'", "'Noto Sans CJK JP'"]),
                                     fontsize=rng.choice([11, 12, 13])), "html", pages,
               "CSS writing-mode: vertical-rl with text-combine-upright: all")


# ---------------------------------------------------------------------------------------------
# 9. Grids of figure captions

@family("captions", ["pdflatex", "chromium", "libreoffice"], "a grid of figures, each with a caption of one to three lines")
def captions(rng, producer):
    rows, cols = rng.choice([2, 3]), rng.choice([2, 3, 3, 4])
    title = W.title(rng)
    intro = W.paragraph(rng, 1, 2)
    caps = [f"Figure {i + 1}: " + W.phrase(rng, 3, 14 - 2 * cols) + "." for i in range(rows * cols)]
    closing = W.paragraph(rng, 1, 2)
    pages = [[title, intro, *caps, closing]]
    if producer == "pdflatex":
        w = "%.3f\\textwidth" % (0.96 / cols)
        grid = []
        for r in range(rows):
            cells = []
            for c in range(cols):
                cap = caps[r * cols + c]
                cells.append("\\begin{minipage}[t]{%s}\\centering\\fbox{\\rule{0pt}{%dmm}\\rule{0.8\\linewidth}{0pt}}\\par\\smallskip"
                             "\\raggedright\\small %s\\end{minipage}" % (w, rng.randint(15, 25), tex(cap)))
            grid.append("\\noindent" + "\\hfill".join(cells) + "\\par\\medskip")
        body = ("{\\Large\\bfseries %s\\par}\\bigskip\n%s\n\n" % (tex(title), tex(intro)) + "\n".join(grid)
                + "\n\n" + tex(closing) + "\n")
        return Doc("captions", producer, latex(rng, producer, "", body, size=paper(rng, big=True)), "tex", pages,
                   f"{rows}×{cols} minipages: framed box, caption below")
    if producer == "chromium":
        css = (f".g {{ display: grid; grid-template-columns: repeat({cols}, 1fr); gap: 5mm; margin: 4mm 0; }} "
               ".g div.f { border: 0.5pt solid #444; height: 20mm; } .g p { font-size: 0.85em; text-align: left; margin-top: 1.5mm; }")
        body = (hp(title, "h1") + hp(intro) + '<div class="g">' + "".join(
            f'<div><div class="f"></div>{hp(c)}</div>' for c in caps) + "</div>\n" + hp(closing))
        return Doc("captions", producer, html(rng, body, css, size=paper(rng, big=True)), "html", pages,
                   f"CSS grid of {rows}×{cols} figures with captions")
    cell = ('<style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:padding="0.15cm" '
            'fo:border-bottom="none" fo:border-top="0.5pt solid #000000"/></style:style>'
            '<style:style style:name="Cap" style:family="paragraph"><style:paragraph-properties fo:margin-top="1.6cm"/>'
            '<style:text-properties fo:font-size="9pt"/></style:style>')
    rows_x = "".join("<table:table-row>" + "".join(
        f'<table:table-cell table:style-name="C" office:value-type="string">{op(caps[r * cols + c], "Cap")}</table:table-cell>'
        for c in range(cols)) + "</table:table-row>" for r in range(rows))
    body = (op(title, "Title") + op(intro) + f'<table:table table:name="G"><table:table-column table:number-columns-repeated="{cols}"/>'
            + rows_x + "</table:table>\n" + op(closing))
    return Doc("captions", producer, fodt(rng, body, auto=cell, size=paper(rng, big=True)), "fodt", pages,
               f"{rows}×{cols} table cells: a rule above, space for the figure, caption")


# ---------------------------------------------------------------------------------------------
# 10. OT1 accents (pdfLaTeX)

def ot1(s):
    return "".join(W.OT1_TEX.get(ch, ch) for ch in tex(s))


@family("ot1", ["pdflatex"], "German, French and Scandinavian words in OT1 fonts: accents drawn over letters")
def ot1_accents(rng, producer):
    title = W.accented_sentence(rng, W.GERMAN + W.FRENCH)[:-1]
    vocab = rng.choice([W.GERMAN, W.FRENCH, W.NORDIC, W.GERMAN + W.FRENCH + W.NORDIC])
    ps = [" ".join(W.accented_sentence(rng, vocab) for _ in range(rng.randint(2, 4))) for _ in range(rng.randint(3, 5))]
    font = rng.choice(["", "\\usepackage{mathptmx}", "\\usepackage{mathpazo}", "\\usepackage{lmodern}"])
    body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % ot1(title) + "\n\n".join(ot1(p) for p in ps) + "\n"
    src = latex(rng, producer, "\\usepackage[OT1]{fontenc}" + font, body, font=False)
    return Doc("ot1", producer, src, "tex", [[title, *ps]], f"OT1 accents ({font or 'Computer Modern'})")


# ---------------------------------------------------------------------------------------------
# 11. Text nobody can see

@family("invisible", ["pdflatex", "lualatex", "chromium"],
        "text off the page, outside the crop box, or clipped away entirely, among visible paragraphs")
def invisible(rng, producer):
    title = W.title(rng)
    ps = paras(rng, rng.randint(3, 5), 2, 3)
    hidden = [W.phrase(rng, 2, 4) for _ in range(3)]
    if producer in ("pdflatex", "lualatex"):
        m = rng.randint(28, 34)
        w, h = paper(rng)
        crop = rng.randint(14, 20)
        lit = "\\pdfliteral"
        pre = "\\pdfpageattr{/CropBox [%.1f 0 %.1f %.1f]}" % (crop * 72 / 25.4, w * 72 / 25.4, h * 72 / 25.4)
        tricks = [
            # a line beyond the right edge of the page
            "\\noindent\\hspace*{\\dimexpr\\textwidth+%dmm\\relax}\\rlap{%s}\\par" % (m + 10, tex(hidden[0])),
            # a word in the left margin, outside the crop box but on the media box
            "\\noindent\\hspace*{-%dmm}\\rlap{\\tiny %s}\\par" % (m - 3, tex(hidden[1].split()[0])),
            # a phrase under a clip path far away from it
            "\\noindent%s page{q 0 -200 1 1 re W n}%s%s page{Q}\\par" % (lit, tex(hidden[2]), lit),
        ]
        blocks = []
        for i, p in enumerate(ps):
            blocks.append(tex(p))
            if i < len(tricks):
                blocks.append(tricks[i])
        body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title) + "\n\n".join(blocks) + "\n"
        src = latex(rng, producer, pre, body, size=(w, h), margin=m)
        return Doc("invisible", producer, src, "tex", [[title, *ps]],
                   f"a line past the right edge, a word outside the crop box ({crop} mm), a phrase clipped away")
    css = (".off { position: absolute; left: -90mm; } .clip { height: 0; overflow: hidden; } "
           ".right { position: absolute; left: 400mm; white-space: nowrap; } main { position: relative; }")
    body = "<main>" + hp(title, "h1")
    for i, p in enumerate(ps):
        body += hp(p)
        if i < 3:
            body += hp(hidden[i], "div", ' class="%s"' % ["off", "clip", "right"][i])
    body += "</main>"
    return Doc("invisible", producer, html(rng, body, css), "html", [[title, *ps]],
               "text placed left of and beyond the page, and in a box of height 0 with overflow hidden")


# ---------------------------------------------------------------------------------------------
# 12. Forms

def form_fields(rng):
    labels = ["Name", "Surname", "Date of birth", "Street", "Town", "Postcode", "Telephone", "Email", "Membership number",
              "Vessel", "Licence", "Occupation", "Nationality", "Signature date"]
    picked = rng.sample(labels, rng.randint(6, 10))
    vals = []
    for l in picked:
        if "Date" in l or "date" in l:
            vals.append(f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(1950, 2024)}")
        elif l in ("Telephone", "Postcode", "Membership number", "Licence"):
            vals.append(str(rng.randint(10000, 99999999)))
        elif l == "Email":
            vals.append(rng.choice(W.NAMES).lower() + "@example.org")
        else:
            vals.append(rng.choice(W.NAMES + W.PLACES))
    return list(zip(picked, vals))


@family("forms", ["chromium", "libreoffice"], "a form: labelled boxes in two columns, ticked and empty check boxes")
def forms(rng, producer):
    title = W.title(rng, 2, 3) + " Application Form"
    intro = W.sentence(rng, 8, 14)
    fields = form_fields(rng)
    q = W.sentence(rng, 4, 7)[:-1] + "?"
    yes = rng.random() < 0.5
    boxes = f"{q} {'☒' if yes else '☐'} Yes {'☐' if yes else '☒'} No"
    gt = [title, intro] + [f"{a} {b}" for a, b in fields] + [boxes]
    if producer == "chromium":
        css = (".f { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm 6mm; margin: 4mm 0; } "
               ".f div { border: 0.6pt solid #333; padding: 1mm 2mm; } .f small { display: block; font-size: 7pt; color: #555; }")
        body = (hp(title, "h1") + hp(intro) + '<div class="f">' + "".join(
            f"<div><small>{xml(a)}</small>{xml(b)}</div>" for a, b in fields) + "</div>\n" + hp(boxes))
        return Doc("forms", producer, html(rng, body, css, font=rng.choice(["'DejaVu Sans'", "'DejaVu Serif'"])), "html", [gt],
                   "CSS grid of bordered fields, label above value")
    cell = ('<style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:padding="0.12cm" '
            'fo:border="0.5pt solid #000000"/></style:style>'
            '<style:style style:name="Lab" style:family="paragraph"><style:text-properties fo:font-size="7pt"/></style:style>')
    if len(fields) % 2:
        fields.append(("Remarks", "none"))
        gt.insert(-1, "Remarks none")
    rows = "".join("<table:table-row>" + "".join(
        f'<table:table-cell table:style-name="C" office:value-type="string">{op(a, "Lab")}{op(b, "Left")}</table:table-cell>'
        for a, b in fields[i:i + 2]) + "</table:table-row>" for i in range(0, len(fields), 2))
    body = (op(title, "Title") + op(intro) + '<table:table table:name="F"><table:table-column table:number-columns-repeated="2"/>'
            + rows + "</table:table>\n" + op(boxes))
    return Doc("forms", producer, fodt(rng, body, auto=cell, font="DejaVu Sans"), "fodt", [gt],
               "a Writer table of bordered fields, label above value")


# ---------------------------------------------------------------------------------------------
# 13. Slides

FODP_NS = (M.FODT_NS + ' xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
           'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"')


@family("slides", ["impress", "chromium"], "slides: a title and bullets on each page")
def slides(rng, producer):
    n = rng.randint(2, 4)
    decks = [(W.title(rng, 2, 4), [W.phrase(rng, 3, 8) for _ in range(rng.randint(3, 5))]) for _ in range(n)]
    pages = [[t, *(f"• {b}" for b in bs)] for t, bs in decks]
    if producer == "impress":
        font = rng.choice(["DejaVu Sans", "Liberation Sans", "Noto Sans"])
        sz = rng.choice([20, 24, 28])
        slides_x = ""
        for i, (t, bs) in enumerate(decks):
            items = "".join(f'<text:p text:style-name="P">{xml("• " + b)}</text:p>' for b in bs)
            slides_x += (f'<draw:page draw:name="s{i + 1}" draw:master-page-name="M">'
                         f'<draw:frame svg:x="1.5cm" svg:y="1cm" svg:width="25cm" svg:height="2.5cm"><draw:text-box>'
                         f'<text:p text:style-name="T">{xml(t)}</text:p></draw:text-box></draw:frame>'
                         f'<draw:frame svg:x="1.5cm" svg:y="4.5cm" svg:width="25cm" svg:height="10cm"><draw:text-box>'
                         f'{items}</draw:text-box></draw:frame></draw:page>\n')
        src = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {FODP_NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:font-face-decls><style:font-face style:name="{font}" svg:font-family="'{font}'"/></office:font-face-decls>
<office:styles>
<style:style style:name="T" style:family="paragraph"><style:text-properties style:font-name="{font}" fo:font-size="{sz + 10}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.3cm"/><style:text-properties style:font-name="{font}" fo:font-size="{sz}pt"/></style:style>
</office:styles>
<office:automatic-styles><style:page-layout style:name="PM"><style:page-layout-properties fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm" fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="M" style:page-layout-name="PM"/></office:master-styles>
<office:body><office:presentation>
{slides_x}</office:presentation></office:body></office:document>
"""
        return Doc("slides", producer, src, "fodp", pages, f"Impress slides ({font} {sz} pt), text boxes, bullets typed as •")
    css = (".s { break-after: page; } .s:last-child { break-after: auto; } h1 { font-size: 26pt; } "
           "li { font-size: 18pt; margin: 0 0 3mm 0; list-style: none; }")
    body = "".join('<div class="s">' + hp(t, "h1") + "<ul>" + "".join(hp("• " + b, "li") for b in bs) + "</ul></div>\n"
                   for t, bs in decks)
    return Doc("slides", producer, html(rng, body, css, size=(254, 143), margin=12, font="'DejaVu Sans'"), "html", pages,
               "16:9 pages printed from HTML, one slide per page")


# ---------------------------------------------------------------------------------------------
# 14. Newsletters with four or five columns

@family("newsletter", ["chromium", "pdflatex", "libreoffice"], "a masthead over four or five columns of short articles")
def newsletter(rng, producer):
    k = rng.choice([4, 5])
    mast = W.title(rng, 2, 3) + " Gazette"
    issue = f"Issue {rng.randint(1, 80)}, {rng.choice(['March', 'June', 'October', 'December'])} {rng.randint(2019, 2026)}"
    arts = [(W.title(rng, 2, 5), paras(rng, rng.randint(1, 2), 2, 4)) for _ in range(rng.randint(k, k + 2))]
    gt = [mast, issue] + [x for h, ps in arts for x in [h, *ps]]
    size = paper(rng, big=True, landscape=True)
    if producer == "chromium":
        css = f".cols {{ column-count: {k}; column-gap: 5mm; column-rule: 0.5pt solid #999; }} .cols h2 {{ break-after: avoid; }}"
        body = (hp(mast, "h1") + hp(issue, "p", ' style="text-align:left"') + '<div class="cols">' + "".join(
            hp(h, "h2") + "".join(hp(p) for p in ps) for h, ps in arts) + "</div>\n")
        return Doc("newsletter", producer, html(rng, body, css, size=size, fontsize=rng.choice([8, 9])), "html", [gt],
                   f"{k} CSS columns with a rule between them")
    if producer == "pdflatex":
        body = ("{\\Huge\\bfseries %s\\par}\\smallskip %s\\par\\bigskip\n\\begin{multicols}{%d}\n" % (tex(mast), tex(issue), k)
                + "\n".join("\\subsection*{%s}\n%s" % (tex(h), "\n\n".join(tex(p) for p in ps)) for h, ps in arts)
                + "\n\\end{multicols}\n")
        return Doc("newsletter", producer, latex(rng, producer, "\\usepackage{multicol}\\setlength{\\columnseprule}{0.4pt}", body,
                                                 size=size, opts=rng.choice(["9pt", "10pt"]), cls="extarticle" if False else "article"),
                   "tex", [gt], f"{k} multicol columns with rules")
    sect = (f'<style:style style:name="Sect" style:family="section"><style:section-properties>'
            f'<style:columns fo:column-count="{k}" fo:column-gap="0.4cm"/></style:section-properties></style:style>')
    body = (op(mast, "Title") + op(issue, "Left") + '<text:section text:style-name="Sect" text:name="Cols">\n'
            + "".join(op(h, "H2") + "".join(op(p) for p in ps) for h, ps in arts) + "</text:section>\n")
    return Doc("newsletter", producer, fodt(rng, body, size=size, auto=sect, fontsize=9), "fodt", [gt],
               f"a Writer section of {k} columns")


# ---------------------------------------------------------------------------------------------
# 15. Two-column scientific articles with a table, footnotes and equations

SCI_EQ = [("f(x) = ax + b", "f(x) = ax + b"), ("y \\leqslant 2x - 1", "y ⩽ 2x − 1"), ("u + v = w", "u + v = w"),
          ("\\Bigl( p + q \\Bigr) \\geqslant r", "(p + q) ⩾ r")]


@family("article", ["pdflatex", "lualatex"], "a scientific article: full-width title and abstract, two columns with sections, "
        "numbered equations, a table and footnotes")
def article(rng, producer):
    title = W.title(rng, 3, 6)
    author = f"{rng.choice(W.NAMES)} {rng.choice(W.PLACES)}"
    abstract = W.paragraph(rng, 2, 3)
    secs, gt_body, notes = [], [], []
    eq = 0
    for s in range(rng.randint(2, 3)):
        head = f"{s + 1} {W.title(rng, 1, 3)}"
        secs.append("\\section*{%s}" % tex(head))
        gt_body.append(head)
        for _ in range(rng.randint(1, 2)):
            p = W.paragraph(rng, 2, 3)
            if len(notes) < 2 and rng.random() < 0.6:
                cut = p.index(" ", len(p) // 2)
                note = W.sentence(rng, 5, 9)
                notes.append(note)
                secs.append(tex(p[:cut]) + "\\footnote{%s}" % tex(note) + tex(p[cut:]))
                gt_body.append(p[:cut] + str(len(notes)) + p[cut:])
            else:
                secs.append(tex(p))
                gt_body.append(p)
            if rng.random() < 0.6:
                eq += 1
                t, g = rng.choice(SCI_EQ)
                secs.append("\\begin{equation}%s\\end{equation}" % t)
                gt_body.append(f"{g} ({eq})")
        if s == 0:
            rows = [["Sample", "Mean", "Error"]] + [[W.phrase(rng, 1, 1), f"{rng.uniform(1, 99):.2f}", f"{rng.uniform(0, 2):.2f}"]
                                                     for _ in range(rng.randint(3, 5))]
            cap = "Table 1: " + W.phrase(rng, 3, 6) + "."
            secs.append("\\begin{center}\\small %s\\\\[2pt]\\begin{tabular}{lrr}\\hline %s\\\\\\hline\n%s\\\\\\hline\\end{tabular}\\end{center}"
                        % (tex(cap), " & ".join(rows[0]), "\\\\\n".join(" & ".join(tex(c) for c in r) for r in rows[1:])))
            gt_body += [cap] + [" ".join(r) for r in rows]
    body = ("\\begin{center}{\\LARGE\\bfseries %s\\par}\\medskip{\\large %s\\par}\\end{center}\n"
            "\\begin{abstract}%s\\end{abstract}\n\\begin{multicols}{2}\n%s\n\\end{multicols}\n"
            % (tex(title), tex(author), tex(abstract), "\n\n".join(secs)))
    gt = [title, author, "Abstract", abstract, *gt_body, *(f"{i + 1} {n}" for i, n in enumerate(notes))]
    return Doc("article", producer, latex(rng, producer, "\\usepackage{multicol,amsmath,amssymb}", body,
                                          size=paper(rng, big=True), opts="10pt", margin=rng.randint(14, 20)), "tex", [gt],
               f"two multicol columns, {eq} numbered equations, a table, {len(notes)} footnotes")


# ---------------------------------------------------------------------------------------------
# 16. End notes

@family("endnotes", ["libreoffice", "pdflatex", "chromium"], "paragraphs with note marks; the notes gathered at the end")
def endnotes(rng, producer):
    title = W.title(rng)
    ps = paras(rng, rng.randint(3, 4), 2, 4)
    notes = []
    marked = []
    for p in ps:
        if rng.random() < 0.8:
            cut = p.index(" ", len(p) // 3)
            notes.append(W.sentence(rng, 6, 12))
            marked.append((p[:cut], len(notes), p[cut:]))
        else:
            marked.append((p, 0, ""))
    gt_body = [a + (str(n) if n else "") + b for a, n, b in marked]
    gt_notes = [f"{i + 1} {n}" for i, n in enumerate(notes)]
    if producer == "libreoffice":
        styles = ('<text:notes-configuration text:note-class="endnote" style:num-format="1" text:start-value="0"/>'
                  '<style:style style:name="EN" style:family="paragraph"><style:text-properties fo:font-size="9pt"/></style:style>')
        body = op(title, "Title")
        for a, n, b in marked:
            note = (f'<text:note text:id="n{n}" text:note-class="endnote"><text:note-citation>{n}</text:note-citation>'
                    f'<text:note-body><text:p text:style-name="EN">{xml(notes[n - 1])}</text:p></text:note-body></text:note>' if n else "")
            body += f'<text:p text:style-name="Body">{xml(a)}{note}{xml(b)}</text:p>\n'
        return Doc("endnotes", producer, fodt(rng, body, styles=styles), "fodt", [[title, *gt_body], gt_notes],
                   "Writer end notes (a page of notes after the text)")
    if producer == "pdflatex":
        body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title) + "\n\n".join(
            tex(a) + ("\\textsuperscript{%d}" % n if n else "") + tex(b) for a, n, b in marked)
        body += "\n\n\\subsection*{Notes}\n" + "\n".join("\\noindent\\textsuperscript{%d}\\,%s\\par" % (i + 1, tex(n))
                                                      for i, n in enumerate(notes))
        return Doc("endnotes", producer, latex(rng, producer, "", body, size=paper(rng, big=True)), "tex",
                   [[title, *gt_body, "Notes", *gt_notes]], "superscript marks, a Notes section at the end")
    body = hp(title, "h1") + "".join(
        f"<p>{xml(a)}{f'<sup>{n}</sup>' if n else ''}{xml(b)}</p>\n" for a, n, b in marked)
    body += hp("Notes", "h2") + '<ol style="font-size:0.85em">' + "".join(hp(n, "li") for n in notes) + "</ol>\n"
    gt_notes_html = [f"{i + 1}. {n}" for i, n in enumerate(notes)]
    return Doc("endnotes", producer, html(rng, body, "", size=paper(rng, big=True)), "html",
               [[title, *gt_body, "Notes", *gt_notes_html]], "<sup> marks, an ordered list of notes (markers \"1.\")")


# ---------------------------------------------------------------------------------------------
# 17. Sidebars and boxed text

@family("sidebar", ["pdflatex", "chromium"], "main text beside a framed sidebar, and a boxed paragraph between paragraphs")
def sidebar(rng, producer):
    title = W.title(rng)
    main = paras(rng, 2, 3, 5)
    side_t, side = W.title(rng, 1, 3), [W.paragraph(rng, 2, 3)]
    boxed = W.paragraph(rng, 1, 2)
    after = paras(rng, 1, 2, 3)
    gt = [title, *main, side_t, *side, boxed, *after]
    if producer == "pdflatex":
        body = ("{\\Large\\bfseries %s\\par}\\bigskip\n\\noindent\\begin{minipage}[t]{0.63\\textwidth}%s\\end{minipage}\\hfill"
                "\\fbox{\\begin{minipage}[t]{0.30\\textwidth}\\small\\textbf{%s}\\par\\smallskip %s\\end{minipage}}\n\n\\bigskip"
                "\\noindent\\fbox{\\parbox{\\dimexpr\\textwidth-2\\fboxsep-2\\fboxrule}{%s}}\n\n\\bigskip %s\n"
                % (tex(title), "\\par ".join(tex(p) for p in main), tex(side_t), tex(side[0]), tex(boxed),
                   "\n\n".join(tex(p) for p in after)))
        return Doc("sidebar", producer, latex(rng, producer, "", body, size=paper(rng, big=True)), "tex", [gt],
                   "minipage main text, \\fbox sidebar on its right, \\fbox paragraph below")
    css = (".row { display: flex; gap: 6mm; } .row .m { flex: 2; } aside { flex: 1; border: 0.8pt solid #333; padding: 2mm; "
           "font-size: 0.9em; background: #eee; } .box { border: 0.8pt solid #333; padding: 2mm; margin: 4mm 0; }")
    body = (hp(title, "h1") + '<div class="row"><div class="m">' + "".join(hp(p) for p in main) + "</div><aside>"
            + hp(side_t, "h2") + hp(side[0]) + "</aside></div>" + hp(boxed, "p", ' class="box"') + "".join(hp(p) for p in after))
    return Doc("sidebar", producer, html(rng, body, css, size=paper(rng, big=True)), "html", [gt],
               "flex row: main text and a bordered aside; a bordered paragraph below")


# ---------------------------------------------------------------------------------------------
# 18. Tables with wrapped cells

@family("table", ["chromium", "libreoffice", "pdflatex"], "a ruled table whose narrow cells wrap over several lines")
def table(rng, producer):
    ncol = rng.choice([3, 4, 5])
    head = [W.title(rng, 1, 2) for _ in range(ncol)]
    rows = [head] + [[W.phrase(rng, 1, 8) if c else W.title(rng, 1, 2) for c in range(ncol)] for _ in range(rng.randint(3, 6))]
    title, intro, note = W.title(rng), W.sentence(rng, 8, 14), W.sentence(rng, 6, 12)
    gt = [title, intro, *(" ".join(r) for r in rows), note]
    if producer == "chromium":
        css = ("table { border-collapse: collapse; width: 100%; } td, th { border: 0.5pt solid black; padding: 1.2mm; "
               "vertical-align: top; text-align: left; }")
        t = "<table>" + "".join("<tr>" + "".join(hp(c, "th" if i == 0 else "td") for c in r) + "</tr>\n" for i, r in enumerate(rows)) + "</table>"
        return Doc("table", producer, html(rng, hp(title, "h1") + hp(intro) + t + hp(note), css, size=paper(rng, big=True)), "html", [gt],
                   f"an HTML table of {ncol} columns")
    if producer == "libreoffice":
        cell = ('<style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" '
                'fo:padding="0.1cm"/></style:style><style:style style:name="Hd" style:family="paragraph"><style:text-properties fo:font-weight="bold"/></style:style>')
        t = (f'<table:table table:name="T"><table:table-column table:number-columns-repeated="{ncol}"/>' + "".join(
            "<table:table-row>" + "".join(f'<table:table-cell table:style-name="C" office:value-type="string">{op(c, "Hd" if i == 0 else "Left")}</table:table-cell>'
                                          for c in r) + "</table:table-row>" for i, r in enumerate(rows)) + "</table:table>\n")
        return Doc("table", producer, fodt(rng, op(title, "Title") + op(intro) + t + op(note), auto=cell), "fodt", [gt],
                   f"a Writer table of {ncol} columns")
    spec = "|" + "|".join([">{\\raggedright\\arraybackslash}p{%.3f\\textwidth}" % (0.9 / ncol)] * ncol) + "|"
    t = ("\\noindent\\begin{tabular}{%s}\\hline\n" % spec + "\\\\\\hline\n".join(
        " & ".join(("\\textbf{%s}" % tex(c)) if i == 0 else tex(c) for c in r) for i, r in enumerate(rows))
         + "\\\\\\hline\n\\end{tabular}\n")
    body = "{\\Large\\bfseries %s\\par}\\bigskip\n%s\n\n\\medskip\n%s\n\\medskip\n\n%s\n" % (tex(title), tex(intro), t, tex(note))
    return Doc("table", producer, latex(rng, producer, "\\usepackage{array}", body), "tex", [gt], f"a tabular of {ncol} p-columns")


# ---------------------------------------------------------------------------------------------
# 19. Invoices

@family("invoice", ["chromium", "libreoffice"], "an invoice: address blocks side by side, item table, right-aligned totals")
def invoice(rng, producer):
    seller = [f"{rng.choice(W.NAMES)} {rng.choice(['Trading', 'Workshop', 'Supplies', 'and Sons'])}",
              f"{rng.randint(1, 200)} {rng.choice(W.NOUNS).capitalize()} Street", f"{rng.randint(1000, 99999)} {rng.choice(W.PLACES)}"]
    meta = [f"Invoice No. {rng.randint(1000, 99999)}", f"Date {rng.randint(2019, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            f"Customer No. {rng.randint(100, 9999)}"]
    buyer = [f"{rng.choice(W.NAMES)} {rng.choice(W.NAMES)}son", f"{rng.randint(1, 99)} {rng.choice(W.ADJS).capitalize()} Road",
             f"{rng.randint(1000, 99999)} {rng.choice(W.PLACES)}"]
    items = []
    for _ in range(rng.randint(3, 8)):
        q, u = rng.randint(1, 20), rng.randint(100, 50000) / 100
        items.append([W.phrase(rng, 1, 5), str(q), f"{u:.2f}", f"{q * u:.2f}"])
    sub = round(sum(float(i[3]) for i in items), 2)
    vat = round(sub * 0.2, 2)
    totals = [f"Subtotal {sub:.2f}", f"VAT 20% {vat:.2f}", f"Total {sub + vat:.2f}"]
    note = "Payment within 30 days. " + W.sentence(rng, 5, 10)
    head = ["Description", "Qty", "Unit price", "Amount"]
    gt = [*seller, *meta, *buyer, " ".join(head), *(" ".join(i) for i in items), *totals, note]
    if producer == "chromium":
        css = (".top { display: flex; justify-content: space-between; margin-bottom: 8mm; } .top div p, .buyer p { margin: 0; text-align: left; } "
               "table { width: 100%; border-collapse: collapse; margin: 6mm 0; } th, td { border-bottom: 0.5pt solid #666; padding: 1mm; text-align: left; } "
               "td.n, th.n { text-align: right; } .tot p { text-align: right; margin: 0; }")
        row = lambda cells, tag: "<tr>" + "".join(hp(c, tag, ' class="n"' if j else "") for j, c in enumerate(cells)) + "</tr>"
        body = ('<div class="top"><div>' + "".join(hp(x) for x in seller) + '</div><div>' + "".join(hp(x) for x in meta)
                + '</div></div><div class="buyer">' + "".join(hp(x) for x in buyer) + "</div><table>" + row(head, "th")
                + "".join(row(i, "td") for i in items) + '</table><div class="tot">' + "".join(hp(t) for t in totals) + "</div>" + hp(note))
        return Doc("invoice", producer, html(rng, body, css, font=rng.choice(["'DejaVu Sans'", "'Liberation Sans'"])), "html", [gt],
                   "flex address blocks, item table, totals right-aligned")
    cell = ('<style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border-bottom="0.5pt solid #000000" '
            'fo:padding="0.08cm"/></style:style><style:style style:name="R" style:family="paragraph"><style:paragraph-properties fo:text-align="end" fo:margin-bottom="0cm"/></style:style>'
            '<style:style style:name="L0" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0cm"/></style:style>')

    def tab(rows, name, cols, styles):
        return (f'<table:table table:name="{name}"><table:table-column table:number-columns-repeated="{cols}"/>' + "".join(
            "<table:table-row>" + "".join(f'<table:table-cell table:style-name="C" office:value-type="string">{op(c, styles[j])}</table:table-cell>'
                                          for j, c in enumerate(r)) + "</table:table-row>" for r in rows) + "</table:table>\n")
    top = (f'<table:table table:name="Top"><table:table-column table:number-columns-repeated="2"/><table:table-row>'
           f'<table:table-cell office:value-type="string">{"".join(op(x, "L0") for x in seller)}</table:table-cell>'
           f'<table:table-cell office:value-type="string">{"".join(op(x, "R") for x in meta)}</table:table-cell></table:table-row></table:table>\n')
    body = (top + op("", "L0") + "".join(op(x, "L0") for x in buyer) + op("", "L0") + tab([head] + items, "Items", 4, ["L0", "R", "R", "R"])
            + "".join(op(t, "R") for t in totals) + op(note))
    return Doc("invoice", producer, fodt(rng, body, auto=cell, font=rng.choice(["DejaVu Sans", "Liberation Sans"])), "fodt", [gt],
               "borderless table for the address blocks, item table, totals right-aligned")


# ---------------------------------------------------------------------------------------------
# 20. Pages in several languages

@family("multilang", ["xelatex", "lualatex", "chromium"], "one page with paragraphs in English, German, French, Russian, Greek "
        "(and Chinese, Arabic where the producer sets them)")
def multilang(rng, producer):
    parts = [("English", W.paragraph(rng, 1, 2)),
             ("Deutsch", " ".join(W.accented_sentence(rng, W.GERMAN) for _ in range(2))),
             ("Français", " ".join(W.accented_sentence(rng, W.FRENCH) for _ in range(2))),
             ("Русский", " ".join(rng.sample(W.RUSSIAN, 2))), ("Ελληνικά", " ".join(rng.sample(W.GREEK, 2)))]
    cjk = producer != "lualatex" and rng.random() < 0.7
    if cjk:
        parts.append(("中文", "".join(rng.sample(W.CHINESE, 3))))
    arabic = producer == "chromium" and rng.random() < 0.7
    if arabic:
        parts.append(("العربية", W.rtl_sentence(rng, "ar")))
    rng.shuffle(parts)
    title = "Seven Languages" if len(parts) > 6 else "Languages"
    gt = [title] + [x for h, p in parts for x in (h, p)]
    if producer == "chromium":
        body = hp(title, "h1") + "".join(hp(h, "h2") + hp(p, "p", ' dir="rtl"' if h == "العربية" else "") for h, p in parts)
        return Doc("multilang", producer, html(rng, body, "", font="'Noto Serif', 'Noto Serif CJK SC', 'Noto Naskh Arabic'"),
                   "html", [gt], "sections in several scripts")
    font = rng.choice(["DejaVu Serif", "Noto Serif", "FreeSerif"])
    pre = "\\usepackage{fontspec}\\setmainfont{%s}" % font
    if cjk:   # a font switch and XeTeX's line breaking between CJK characters (no xeCJK/ctex needed)
        pre += "\\newfontfamily\\cjkfont{Noto Serif CJK SC}"
    body = "{\\Large\\bfseries %s\\par}\\bigskip\n" % title + "\n".join(
        "\\subsection*{%s}\n%s\n" % (("{\\cjkfont %s}" % h, "{\\cjkfont\\XeTeXlinebreaklocale \"zh\" %s\\par}" % p)
                                        if h == "中文" else (h, tex(p))) for h, p in parts)
    return Doc("multilang", producer, latex(rng, producer, pre, body, font=False, size=paper(rng, big=True)), "tex", [gt],
               f"sections in several scripts ({font})")


# ---------------------------------------------------------------------------------------------
# 21. Rotated pages

@family("rotated", ["pdflatex", "chromium", "groff"], "a portrait page then a page turned a quarter (/Rotate)")
def rotated(rng, producer):
    title = W.title(rng)
    p1, p2 = paras(rng, 2, 2, 4), paras(rng, 2, 2, 4)
    pages = [[title, *p1], p2]
    if producer == "pdflatex":
        body = ("{\\Large\\bfseries %s\\par}\\bigskip\n" % tex(title) + "\n\n".join(tex(p) for p in p1)
                + "\n\\begin{landscape}\n" + "\n\n".join(tex(p) for p in p2) + "\n\\end{landscape}\n")
        return Doc("rotated", producer, latex(rng, producer, "\\usepackage{pdflscape}", body), "tex", pages,
                   "pdflscape: page 2 drawn turned, with /Rotate 90")
    if producer == "chromium":
        body = hp(title, "h1") + "".join(hp(p) for p in p1) + '<div style="break-before: page"></div>' + "".join(hp(p) for p in p2)
        doc = Doc("rotated", producer, html(rng, body, ""), "html", pages, "page 2 given /Rotate by qpdf --rotate")
    else:
        lines = [".ds CH", ".TL", troff(title)] + [x for p in p1 for x in (".PP", troff(p))] + [".bp"] + [
            x for p in p2 for x in (".PP", troff(p))]
        doc = Doc("rotated", producer, ms(lines), "ms", pages, "page 2 given /Rotate by qpdf --rotate")
    doc.rotate = rng.choice(["+90", "-90", "+180"])
    return doc


# ---------------------------------------------------------------------------------------------
# 22. Vertical text mixed with horizontal

@family("vertmix", ["chromium", "lualatex"], "a horizontal heading and paragraph, a block of vertical Japanese, a horizontal closing line")
def vertmix(rng, producer):
    title = rng.choice(["旅の記録", "町の歴史", "Notes from Kyoto", "季節の便り"])
    intro = "".join(W.japanese_sentence(rng, False) for _ in range(2))
    vert = ["".join(W.japanese_sentence(rng, False) for _ in range(rng.randint(2, 3))) for _ in range(2)]
    closing = W.sentence(rng, 6, 10)
    gt = [title, intro, *vert, closing]
    if producer == "chromium":
        css = (".v { writing-mode: vertical-rl; height: 70mm; margin: 5mm 0; } .v p { margin: 0 0 0 3mm; text-align: start; }")
        body = hp(title, "h1") + hp(intro) + '<div class="v">' + "".join(hp(p) for p in vert) + "</div>" + hp(closing)
        return Doc("vertmix", producer, html(rng, body, css, lang="ja", font="'Noto Serif CJK JP', 'DejaVu Serif'", justify=False),
                   "html", [gt], "a writing-mode: vertical-rl block between horizontal paragraphs")
    body = ("{\\Large\\bfseries %s\\par}\\bigskip\n%s\n\n\\medskip\\noindent\\hfill\\vbox{\\tate\\hsize=70mm %s}\\hfill\\null\n\n"
            "\\medskip\\noindent %s\n" % (title, intro, "\\par ".join(vert), tex(closing)))
    src = M.latex_doc("lualatex", "layout", "\\usepackage{luatexja-fontspec}\\setmainjfont{Noto Serif CJK JP}\\pagestyle{empty}",
                      body, cls="ltjsarticle", opts="", paper="paperwidth=176mm,paperheight=250mm,margin=18mm")
    return Doc("vertmix", producer, src, "tex", [gt], "LuaTeX-ja: a \\vbox{\\tate ...} block inside a horizontal page")

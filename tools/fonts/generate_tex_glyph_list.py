#!/usr/bin/env python3
"""Generates Sources/PDFFonts/Tables/Generated/TeXGlyphListData.swift: glyph names that TeX's
fonts use outside the Adobe Glyph List (the math extension, AMS symbol, Euler, wasy, stmaryrd
and similar fonts), mapped to Unicode from TeX's own glyph-name lists.

How to run (from the repository root; the output is committed, CI never runs this):

    apt-get install -y --no-install-recommends texlive-base texlive-latex-extra
    python3 tools/fonts/generate_tex_glyph_list.py

Sources, all from Debian's texlive packages (first list to name a glyph wins):

  1. texglyphlist.txt (lcdf-typetools 2.95; texmf-dist/fonts/map/glyphlist/): extensions to
     the Adobe Glyph List for TeX fonts and encodings;
  2. glyphtounicode.tex (lcdf-typetools 2.95; texmf-dist/tex/generic/pdftex/): pdfTeX's
     glyph-to-Unicode list, generated from the AGL, texglyphlist.txt and
     texglyphlist-g2u.txt (this adds the AMS symbol fonts' names: squaresolid, check, …);
  3. glyphtounicode-cmr.tex (pdfx package; texmf-dist/tex/latex/pdfx/): the pieces of the
     math extension font cmex (parenleftbig, radicalBigg, summationtext, bracelefttp, …);
  4. unicode-math-table.tex (unicode-math package; texmf-dist/tex/latex/unicode-math/): the
     Unicode character of each LaTeX math command. The wasy and stmaryrd fonts name their
     glyphs after the commands that typeset them (iint, boxdot, Yup, sqsubset, male), so a
     command name that no glyph list above defines maps the glyph of the same name. Only
     names that a Type 1 font of those packages (and amsfonts) actually carries are taken;
  5. a few names typed in below from the symbol tables of the wasysym, stmaryrd and amssymb
     documentation, for glyphs none of the lists maps (squaresmallsolid, Box, llbracket, …).

Rules applied to every entry:
  - names in the Adobe Glyph List are skipped (the AGL is consulted first), except those
    the AGL maps only to the private use area (bracelefttp, Asmall): for them a TeX list's
    standard character is preferred;
  - numeric names (a1, d12, …) are skipped: lasy, line, lcircle and xypic's arrow-tip fonts
    give the same numeric names to different glyphs, so they cannot be mapped by name;
  - of comma-separated alternatives (texglyphlist.txt), the first one without private-use
    or unpaired surrogate values is taken; surrogate pairs are combined;
  - variation selectors (U+FE00–FE0F) are dropped: a sized delimiter (parenleftBigg) maps to
    its base character, as the text of a formula reads;
  - entries whose value is only private-use are skipped.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Sources", "PDFFonts", "Tables", "Generated", "TeXGlyphListData.swift")
TEXMF = "/usr/share/texlive/texmf-dist"
AGL = os.path.join(TEXMF, "fonts/map/glyphlist/glyphlist.txt")
TEXGLYPHLIST = os.path.join(TEXMF, "fonts/map/glyphlist/texglyphlist.txt")
GLYPHTOUNICODE = os.path.join(TEXMF, "tex/generic/pdftex/glyphtounicode.tex")
PDFX_CMR = os.path.join(TEXMF, "tex/latex/pdfx/glyphtounicode-cmr.tex")
UNICODE_MATH = os.path.join(TEXMF, "tex/latex/unicode-math/unicode-math-table.tex")

SYMBOL_FONT_DIRS = [
    os.path.join(TEXMF, "fonts/type1/public", d) for d in ("wasy-type1", "stmaryrd", "amsfonts")
]

# Typed in from the symbol tables of wasysym.pdf, stmaryrd.pdf and amssymb (symbols.pdf):
# glyphs that none of the lists maps; the character that the command's table entry shows.
TYPED = {
    # msam, msbm
    "squaresmallsolid": [0x25AA], "lessornotsimilar": [0x22E6], "greaterornotsimilar": [0x22E7],
    "subsetornoteql": [0x228A], "supersetornoteql": [0x228B], "barshort": [0x2223],
    "parallelshort": [0x2225], "notshortbar": [0x2224], "notshortparallel": [0x2226],
    # wasy
    "Box": [0x25A1], "Diamond": [0x25C7], "lhd": [0x22B2], "rhd": [0x22B3], "unlhd": [0x22B4],
    "unrhd": [0x22B5], "LHD": [0x25C0], "RHD": [0x25B6], "leadsto": [0x21DD], "permil": [0x2030],
    "varint": [0x222B], "iint": [0x222C], "iiint": [0x222D], "varoint": [0x222E], "oiint": [0x222F],
    "dispvarint": [0x222B], "dispiint": [0x222C], "dispiiint": [0x222D], "dispvaroint": [0x222E],
    "dispoiint": [0x222F], "apprle": [0x2272], "apprge": [0x2273], "Circle": [0x25CB],
    "CIRCLE": [0x25CF], "smiley": [0x263A], "frownie": [0x2639], "phone": [0x260E],
    "lightning": [0x21AF], "checked": [0x2713], "XBox": [0x2612], "aries": [0x2648],
    "taurus": [0x2649], "gemini": [0x264A], "cancer": [0x264B], "virgo": [0x264D],
    "libra": [0x264E], "scorpio": [0x264F], "sagittarius": [0x2650], "capricorn": [0x2651],
    "aquarius": [0x2652], "pisces": [0x2653], "mercury": [0x263F], "jupiter": [0x2643],
    "saturn": [0x2644], "uranus": [0x2645], "neptun": [0x2646], "pluto": [0x2647],
    "conjunction": [0x260C], "opposition": [0x260D], "ascnode": [0x260A], "descnode": [0x260B],
    "eigthnote": [0x266A], "twonotes": [0x266B], "kreuz": [0x2720], "davidsstar": [0x2721],
    "varangle": [0x2222], "dh": [0x00F0], "openo": [0x0254], "inve": [0x0259], "zh": [0x0292],
    "brokenvert": [0x00A6], "invneg": [0x2310], "AC": [0x223F], "Paragraph": [0x00B6],
    # stmary
    "llbracket": [0x27E6], "rrbracket": [0x27E7], "shortleftarrow": [0x2190],
    "shortrightarrow": [0x2192], "shortuparrow": [0x2191], "shortdownarrow": [0x2193],
    "varotimes": [0x2297], "varoplus": [0x2295], "varominus": [0x2296], "varoslash": [0x2298],
    "varodot": [0x2299], "varobslash": [0x29B8], "varocircle": [0x229A], "varoast": [0x229B],
    "varolessthan": [0x29C0], "varogreaterthan": [0x29C1], "varbigcirc": [0x25EF],
    "varcurlyvee": [0x22CE], "varcurlywedge": [0x22CF], "boxempty": [0x25A1],
    "boxslash": [0x29C4], "minuso": [0x29B5], "lbag": [0x27C5], "rbag": [0x27C6],
    "Lbag": [0x27C5], "Rbag": [0x27C6], "vartimes": [0x00D7],
}

NUMERIC = re.compile(r"^[A-Za-z]{1,5}[0-9]+$")


def first_line(path, prefix):
    with open(path, encoding="latin-1") as f:
        for line in f:
            if line.startswith(prefix):
                return line.strip().lstrip("%# ").strip()
    return "?"


def scalars(field):
    """Hex values separated by spaces → list of ints, or None when unusable."""
    values = [int(v, 16) for v in field.split()]
    out = []
    i = 0
    while i < len(values):
        v = values[i]
        if 0xD800 <= v <= 0xDBFF and i + 1 < len(values) and 0xDC00 <= values[i + 1] <= 0xDFFF:
            out.append(0x10000 + ((v - 0xD800) << 10) + (values[i + 1] - 0xDC00))
            i += 2
            continue
        if 0xD800 <= v <= 0xDFFF or v > 0x10FFFF:
            return None
        if not 0xFE00 <= v <= 0xFE0F:
            out.append(v)
        i += 1
    if not out or all(0xE000 <= v <= 0xF8FF or 0xF0000 <= v for v in out):
        return None
    if any(0xE000 <= v <= 0xF8FF for v in out):
        return None
    return out


def read_glyphlist(path):
    entries = []
    with open(path, encoding="latin-1") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or ";" not in line:
                continue
            name, field = line.split(";", 1)
            for alternative in field.split(","):
                value = scalars(alternative)
                if value:
                    entries.append((name, value))
                    break
    return entries


def read_matches(path, pattern, name_group, value_group, encoding="latin-1"):
    """(name, scalars) for each non-comment line matching `pattern`."""
    entries = []
    with open(path, encoding=encoding) as f:
        for line in f:
            if line.lstrip().startswith("%"):
                continue
            m = pattern.search(line)
            if m and len(m.group(name_group)) > 1:
                value = scalars(m.group(value_group))
                if value:
                    entries.append((m.group(name_group), value))
    return entries


def read_tex(path):
    pattern = re.compile(r"\\(?:pdfglyphtounicode|p)\{([^}]+)\}\{([0-9A-Fa-f ]+)\}")
    return read_matches(path, pattern, 1, 2)


def symbol_font_glyph_names():
    """Glyph names in the encoding vectors of the Type 1 fonts under SYMBOL_FONT_DIRS."""
    names = set()
    for top in SYMBOL_FONT_DIRS:
        for folder, _, files in os.walk(top):
            for file in files:
                if not file.endswith(".pfb"):
                    continue
                with open(os.path.join(folder, file), "rb") as f:
                    data = f.read()
                if data[:1] == b"\x80":
                    data = data[6 : 6 + int.from_bytes(data[2:6], "little")]
                names.update(re.findall(r"dup\s+\d+\s*/(\S+)\s+put", data.decode("latin-1")))
    return names


def read_unicode_math(path):
    pattern = re.compile(r'^\\UnicodeMathSymbol\{"([0-9A-Fa-f]+)\}\{\\([A-Za-z]+)\s*\}')
    return read_matches(path, pattern, 2, 1, encoding="utf-8")


def main():
    # AGL names are left out unless the AGL gives them only private-use values (Apple's
    # pieces of big delimiters such as bracelefttp, the small capitals of expert fonts).
    agl = set()
    with open(AGL, encoding="latin-1") as f:
        for line in f:
            if ";" in line and not line.startswith("#"):
                name, field = line.strip().split(";", 1)
                if not all(0xE000 <= int(v, 16) <= 0xF8FF for v in field.split()):
                    agl.add(name)
    table = {}
    counts = []
    font_names = symbol_font_glyph_names()
    for label, entries in (
        ("texglyphlist.txt", read_glyphlist(TEXGLYPHLIST)),
        ("glyphtounicode.tex", read_tex(GLYPHTOUNICODE)),
        ("glyphtounicode-cmr.tex", read_tex(PDFX_CMR)),
        ("unicode-math-table.tex", [e for e in read_unicode_math(UNICODE_MATH) if e[0] in font_names]),
        ("typed in", sorted(TYPED.items())),
    ):
        added = 0
        for name, value in entries:
            if name in agl or name in table or NUMERIC.match(name):
                continue
            table[name] = value
            added += 1
        counts.append((label, added))
    lines = "\n".join(
        "        %s;%s" % (name, " ".join("%04X" % v for v in table[name])) for name in sorted(table)
    )
    header = f"""\
// generated by tools/fonts/generate_tex_glyph_list.py — do not edit
//
// Sources (Debian texlive packages, texmf-dist; first list to name a glyph wins):
//   texglyphlist.txt ({first_line(TEXGLYPHLIST, '# lcdf')}; texlive package glyphlist,
//   fonts/map/glyphlist/) and glyphtounicode.tex ({first_line(GLYPHTOUNICODE, '% lcdf')};
//   texlive package pdftex, tex/generic/pdftex/, licence GPL per texlive's Licenses list),
//   both by Eddie Kohler as part of lcdf-typetools (https://lcdf.org/type/, GPL-2.0-or-later);
//   glyphtounicode-cmr.tex of the pdfx package (tex/latex/pdfx/), Copyright (c) 2008 Han The
//   Thanh, 2014 Peter Selinger, 2018 Ross Moore, licence LPPL 1.2 or later;
//   unicode-math-table.tex of the unicode-math package (tex/latex/unicode-math/), Copyright
//   2006-2019 Will Robertson and others, LPPL 1.3c: command names whose glyphs carry the same name
//   (wasy, stmaryrd), only names those fonts carry; and a few names typed in from the
//   symbol tables of the wasysym, stmaryrd and amssymb documentation (see the generator).
//   Only glyph-name → Unicode facts are taken, filtered and reformatted.
// Entries added per list: {", ".join(f"{label} {n}" for label, n in counts)}.
// Names in the Adobe Glyph List (but for those it maps only to the private use area, such
// as bracelefttp) and numeric names (a1, d12) are left out; variation
// selectors are dropped (sized delimiters map to their base character); values that are
// private-use only are left out.

// One line per entry, `name;HHHH[ HHHH…]` (glyph name; Unicode scalars in hex). Parsed once,
// lazily, by GlyphList; consulted after the Adobe Glyph List.

enum TeXGlyphListData {{
    /// TeX glyph names outside the Adobe Glyph List: {len(table)} names.
    static let texGlyphList: String = \"\"\"
{lines}
        \"\"\"
}}
"""
    with open(OUT, "w") as f:
        f.write(header)
    print(f"wrote {OUT}: {len(table)} names; {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the tiny font programs used by FontProgramTests, and expected.json.

Every font here is drawn from scratch by this script (rectangles), so the fixtures carry
no third-party outlines. Requires Python fontTools (`pip install fonttools`); written with
fontTools 4.68. Run from anywhere: outputs go next to this script.

expected.json records what fontTools itself says about each fixture (glyph order, advance
widths in 1/1000 em, cmap subtables, built-in encodings, CIDs), so the Swift tests compare
FreeType's reading (through FontProgram) with an independent source.
"""
import io
import json
import os

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable
from fontTools.misc.psCharStrings import T1CharString
from fontTools import t1Lib

HERE = os.path.dirname(os.path.abspath(__file__))
# fontTools stamps head.created/modified with this when set: reruns give identical files.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")

# Glyph order and widths shared by the fonts (widths in font units).
GLYPHS = [".notdef", "space", "A", "B", "C", "bullet", "uniE001", "Aacute"]
WIDTHS_1000 = [500, 250, 610, 620, 630, 400, 700, 611]
WIDTHS_2048 = [1024, 512, 1250, 1270, 1290, 820, 1434, 1251]


def rect_tt(width, upem):
    pen = TTGlyphPen(None)
    if width > upem // 4:
        m = upem // 20
        pen.moveTo((m, 0))
        pen.lineTo((m, upem // 2))
        pen.lineTo((width - m, upem // 2))
        pen.lineTo((width - m, 0))
        pen.closePath()
    return pen.glyph()


def rect_cff(width):
    pen = T2CharStringPen(width, None)
    if width > 300:
        pen.moveTo((50, 0))
        pen.lineTo((50, 500))
        pen.lineTo((width - 50, 500))
        pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.getCharString()


def cmap_subtable(fmt, platform, encoding, mapping):
    st = CmapSubtable.newSubtable(fmt)
    st.platformID = platform
    st.platEncID = encoding
    st.language = 0
    st.cmap = dict(mapping)
    return st


def build_truetype(path, family, cmaps, upem=2048, mac_style=0, fixed=False, vertical=False):
    fb = FontBuilder(upem, isTTF=True)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap({})
    fb.setupGlyf({g: rect_tt(w, upem) for g, w in zip(GLYPHS, WIDTHS_2048)})
    fb.setupHorizontalMetrics({g: (w, 0) for g, w in zip(GLYPHS, WIDTHS_2048)})
    fb.setupHorizontalHeader(ascent=1638, descent=-410)
    fb.setupNameTable({"familyName": family, "styleName": "Bold" if mac_style & 1 else "Regular",
                       "psName": family.replace(" ", "") + ("-Bold" if mac_style & 1 else "")})
    fb.setupOS2(sTypoAscender=1638, sTypoDescender=-410, usWinAscent=1638, usWinDescent=410,
                fsSelection=(0x20 if mac_style & 1 else 0x40))
    fb.setupPost(isFixedPitch=1 if fixed else 0)  # format 2: glyph names kept
    if vertical:
        fb.setupVerticalMetrics({g: (1000 + 10 * i, 100) for i, g in enumerate(GLYPHS)})
        fb.setupVerticalHeader(ascent=1024, descent=-1024)
    font = fb.font
    font["head"].macStyle = mac_style
    font["cmap"].tables = [cmap_subtable(fmt, p, e, m) for (fmt, p, e, m) in cmaps]
    font.save(path)
    return path


def build_cff_otf(path, ps_name, encoding=None):
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap({0x41: "A", 0x42: "B", 0x43: "C", 0x20: "space"})
    fb.setupCFF(ps_name, {"FullName": ps_name, "FamilyName": "Fixture CFF"},
                {g: rect_cff(w) for g, w in zip(GLYPHS, WIDTHS_1000)}, {})
    fb.setupHorizontalMetrics({g: (w, 0) for g, w in zip(GLYPHS, WIDTHS_1000)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Fixture CFF", "styleName": "Regular", "psName": ps_name})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    if encoding is not None:
        fb.font["CFF "].cff.topDictIndex[0].Encoding = encoding
    fb.save(path)
    return TTFont(path)


def make_cid(otf, cids):
    """Turns the name-keyed CFF of `otf` into a CID-keyed one (Adobe-Identity-0), with glyph
    i named cid<cids[i]>. Returns the bare CFF bytes."""
    from fontTools.cffLib import FDArrayIndex, FDSelect, FontDict
    cff = otf["CFF "].cff
    top = cff.topDictIndex[0]
    order = top.charset
    new_names = [".notdef"] + ["cid%05d" % c for c in cids[1:]]  # CID 0 is always .notdef
    rename = dict(zip(order, new_names))
    cs = top.CharStrings
    cs.charStrings = {rename[k]: v for k, v in cs.charStrings.items()}
    top.charset = new_names
    otf.setGlyphOrder(new_names)
    top.ROS = ("Adobe", "Identity", 0)
    top.CIDCount = max(cids) + 1
    fd = FontDict()
    fd.setCFF2(False)
    fd.Private = top.Private
    fd.FontName = top.rawDict.get("FontName", "CIDFixture") if hasattr(top, "rawDict") else "CIDFixture"
    fda = FDArrayIndex()
    fda.append(fd)
    top.FDArray = fda
    fds = FDSelect()
    fds.format = 3
    fds.gidArray = [0] * len(new_names)
    top.FDSelect = fds
    cs.fdSelect = fds
    cs.fdArray = fda
    del top.Private
    if hasattr(top, "Encoding"):
        del top.Encoding
    buf = io.BytesIO()
    cff.compile(buf, otf)
    return buf.getvalue()


def t1_charstring(width, draw):
    prog = [0, width, "hsbw"]
    if draw:
        prog += [50, 0, "rmoveto", 0, 500, "rlineto", width - 100, 0, "rlineto",
                 0, -500, "rlineto", "closepath"]
    prog += ["endchar"]
    return T1CharString(program=prog)


def build_type1(encoding):
    font = {
        "FontType": 1,
        "FontName": "FixtureType1",
        "FontInfo": {"FamilyName": "Fixture Type1", "FullName": "Fixture Type1",
                     "Weight": "Regular", "ItalicAngle": 0, "isFixedPitch": False},
        "PaintType": 0,
        "FontMatrix": [0.001, 0, 0, 0.001, 0, 0],
        "Encoding": encoding,
        "FontBBox": [0, 0, 700, 500],
        "Private": {
            "RD": ("string", "currentfile", "exch", "readstring", "pop"),
            "ND": ("def",),
            "NP": ("put",),
            "BlueValues": [-10, 0, 500, 510],
            "lenIV": 4,
            "password": 5839,
            "MinFeature": (16, 16),
        },
        "CharStrings": {g: t1_charstring(w, w > 300) for g, w in zip(GLYPHS, WIDTHS_1000)},
    }
    t1 = t1Lib.T1Font.__new__(t1Lib.T1Font)
    t1.font = font
    t1.encoding = "ascii"
    return t1.createData()


def main():
    expected = {}
    glyph_widths_tt = [w * 1000 / 2048 for w in WIDTHS_2048]

    # 1. Symbolic TrueType: (3,0) at 0xF020.., and (1,0) at 0x20...
    sym3 = {0xF020: "space", 0xF041: "A", 0xF042: "B", 0xF043: "C", 0xF0B7: "bullet", 0xF0FF: "Aacute"}
    mac = {0x20: "space", 0x41: "A", 0x42: "B", 0x43: "C", 0xA5: "bullet", 0xE7: "Aacute"}
    build_truetype(os.path.join(HERE, "symbolic.ttf"), "Fixture Symbolic",
                   [(4, 3, 0, sym3), (0, 1, 0, mac)])
    # 2. Unicode TrueType: (0,3) and (3,1), several codes on glyph A; bold, fixed pitch,
    #    vertical metrics.
    uni = {0x20: "space", 0x41: "A", 0x410: "A", 0xE041: "A", 0x42: "B", 0x43: "C",
           0x2022: "bullet", 0xE001: "uniE001", 0xC1: "Aacute"}
    build_truetype(os.path.join(HERE, "unicode.ttf"), "Fixture Unicode",
                   [(4, 0, 3, uni), (4, 3, 1, uni), (0, 1, 0, mac)],
                   mac_style=1, fixed=True, vertical=True)

    for name in ("symbolic.ttf", "unicode.ttf"):
        f = TTFont(os.path.join(HERE, name))
        order = f.getGlyphOrder()
        entry = {
            "unitsPerEm": f["head"].unitsPerEm,
            "numGlyphs": len(order),
            "postScriptName": f["name"].getDebugName(6),
            "glyphNames": order,
            "advances": [f["hmtx"][g][0] * 1000 / f["head"].unitsPerEm for g in order],
            "ascender": f["hhea"].ascent * 1000 / f["head"].unitsPerEm,
            "descender": f["hhea"].descent * 1000 / f["head"].unitsPerEm,
            "cmaps": {"%d,%d" % (t.platformID, t.platEncID):
                      {str(c): order.index(g) for c, g in sorted(t.cmap.items())}
                      for t in f["cmap"].tables},
        }
        if "vmtx" in f:
            entry["verticalAdvances"] = [f["vmtx"][g][0] * 1000 / f["head"].unitsPerEm for g in order]
        uni_tables = [t for t in f["cmap"].tables if t.isUnicode()]
        if uni_tables:
            rev = {}
            for t in uni_tables:
                for c, g in t.cmap.items():
                    rev.setdefault(order.index(g), set()).add(c)
            def pick(codes):
                non_pua = [c for c in codes if not (0xE000 <= c <= 0xF8FF)]
                return min(non_pua) if non_pua else min(codes)
            entry["unicode"] = {str(g): pick(cs) for g, cs in sorted(rev.items())}
        expected[name] = entry

    # 3. Name-keyed CFF with a custom built-in encoding, as an OpenType and as bare CFF.
    encoding = [".notdef"] * 256
    for code, g in {0x20: "space", 0x41: "A", 0x42: "B", 0x43: "C", 0x80: "bullet",
                    0xC1: "Aacute", 0xF0: "uniE001"}.items():
        encoding[code] = g
    otf = build_cff_otf(os.path.join(HERE, "named.otf"), "FixtureCFF", encoding)
    cff_bytes = otf.getTableData("CFF ")
    with open(os.path.join(HERE, "named.cff"), "wb") as fh:
        fh.write(cff_bytes)
    check = TTFont(os.path.join(HERE, "named.otf"))
    top = check["CFF "].cff.topDictIndex[0]
    expected["named.cff"] = {
        "unitsPerEm": 1000,
        "numGlyphs": len(top.charset),
        "postScriptName": check["CFF "].cff.fontNames[0],
        "glyphNames": list(top.charset),
        "advances": [top.CharStrings[g].width if hasattr(top.CharStrings[g], "width") else None
                     for g in top.charset],
        "builtinEncoding": {str(c): g for c, g in enumerate(top.Encoding) if g != ".notdef"},
    }
    # the charstring width needs decompiling to be known: take hmtx, which setupCFF kept equal
    expected["named.cff"]["advances"] = [check["hmtx"][g][0] for g in top.charset]
    expected["named.otf"] = dict(expected["named.cff"])
    expected["named.otf"]["cmaps"] = {"%d,%d" % (t.platformID, t.platEncID):
                                      {str(c): top.charset.index(g) for c, g in sorted(t.cmap.items())}
                                      for t in check["cmap"].tables}

    # 4. CID-keyed CFF: glyphs 0..7 carry CIDs 0, 1, 34, 35, 36, 200, 1000, 65000.
    cids = [0, 1, 34, 35, 36, 200, 1000, 65000]
    plain = build_cff_otf(os.path.join(HERE, "cid-tmp.otf"), "FixtureCID")
    cid_bytes = make_cid(plain, cids)
    os.remove(os.path.join(HERE, "cid-tmp.otf"))
    with open(os.path.join(HERE, "cid.cff"), "wb") as fh:
        fh.write(cid_bytes)
    from fontTools.cffLib import CFFFontSet
    parsed = CFFFontSet()
    parsed.decompile(io.BytesIO(cid_bytes), None)
    ptop = parsed.topDictIndex[0]
    expected["cid.cff"] = {
        "unitsPerEm": 1000,
        "numGlyphs": len(ptop.charset),
        "ros": list(ptop.ROS),
        "cids": {str(0 if n == ".notdef" else int(n[3:])): i for i, n in enumerate(ptop.charset)},
        "advances": WIDTHS_1000,
    }

    # 5. Type 1: PFA (hex eexec), PFB (segment headers) and the bare form embedded in PDFs
    #    as /FontFile (cleartext + binary eexec + zeros, with Length1/2/3).
    t1_encoding = [".notdef"] * 256
    for code, g in {0x20: "space", 0x41: "A", 0x42: "B", 0x43: "C", 0xA5: "bullet",
                    0xC1: "Aacute", 0xE1: "uniE001"}.items():
        t1_encoding[code] = g
    data = build_type1(t1_encoding)
    t1Lib.write(os.path.join(HERE, "type1.pfb"), data, "PFB")
    t1Lib.write(os.path.join(HERE, "type1.pfa"), data, "OTHER", dohex=True)
    chunks = t1Lib.findEncryptedChunks(data)
    with open(os.path.join(HERE, "type1-fontfile.bin"), "wb") as fh:
        for _, chunk in chunks:
            fh.write(chunk)
    expected["type1"] = {
        "unitsPerEm": 1000,
        "numGlyphs": len(GLYPHS),
        "postScriptName": "FixtureType1",
        "glyphNames": GLYPHS,
        "advances": WIDTHS_1000,
        "builtinEncoding": {str(c): g for c, g in enumerate(t1_encoding) if g != ".notdef"},
        "segmentLengths": [len(c) for _, c in chunks],
    }
    # 6. StandardEncoding programs: a Type 1 saying `/Encoding StandardEncoding def` and a CFF
    #    whose top dict names encoding 0. Their built-in encoding, as names of glyphs the
    #    program has, is StandardEncoding restricted to the glyph set.
    from fontTools.encodings.StandardEncoding import StandardEncoding
    t1Lib.write(os.path.join(HERE, "type1-standard.pfb"), build_type1(list(StandardEncoding)), "PFB")
    std = build_cff_otf(os.path.join(HERE, "std-tmp.otf"), "FixtureStandardCFF")
    with open(os.path.join(HERE, "standard.cff"), "wb") as fh:
        fh.write(std.getTableData("CFF "))
    assert std["CFF "].cff.topDictIndex[0].Encoding == "StandardEncoding"
    os.remove(os.path.join(HERE, "std-tmp.otf"))
    expected["standardEncoding"] = {
        "builtinEncoding": {str(c): g for c, g in enumerate(StandardEncoding)
                            if g != ".notdef" and g in GLYPHS},
    }

    with open(os.path.join(HERE, "expected.json"), "w") as fh:
        json.dump(expected, fh, indent=1, sort_keys=True)
        fh.write("\n")


if __name__ == "__main__":
    main()

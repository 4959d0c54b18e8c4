#!/usr/bin/env python3
"""Writes the seeds of the image fuzz targets (FuzzDCT, FuzzJPX, FuzzJBIG2, FuzzImageSamples)
into tools/fuzz/seeds/{dct,jpx,jbig2,image-samples}/.

Every image is made here (nothing is taken from elsewhere): small gray and colour pictures
drawn by this script, encoded by ImageMagick's `convert` (JPEG: baseline, progressive, 4:4:4,
CMYK with Adobe's marker, a truncated file, a header claiming 4000 x 4000), OpenJPEG's
`opj_compress` (JPEG 2000: raw codestreams and JP2 files, reversible and lossy, tiles,
resolution levels, progression orders) and libtiff (`tiffcp -c g4`: JBIG2's MMR generic
regions are T.6 data, wrapped here in JBIG2 segments). Each seed starts with the target's
header bytes (see FuzzImages.swift in Sources/PDFFuzzing), chosen so that the seeds cover
the colour spaces, /Decode arrays and sizes the header can say.

With `--work`, the JBIG2 streams of the shared corpus's pdf.js files (../shared/corpus/pdfjs,
`*jbig2*` and `bitmap-*`) are also extracted, with their /JBIG2Globals, into the git-ignored
tools/fuzz/work/FuzzJBIG2/seeds/: those files are not ours to commit.

Needs `convert`, `opj_compress` (libopenjp2-tools), `tiffcp` (libtiff-tools), and for
`--work` `qpdf`.

    python3 tools/fuzz/make_image_seeds.py [--work]
"""
import base64, glob, json, os, struct, subprocess, sys, tempfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SEEDS = os.path.join(HERE, "seeds")


def write(folder, name, data):
    os.makedirs(os.path.join(SEEDS, folder), exist_ok=True)
    with open(os.path.join(SEEDS, folder, name), "wb") as f:
        f.write(data)


def picture(w, h, channels):
    """Rows of a picture with edges and gradients: a dark frame, a diagonal, a bar, a ramp."""
    out = bytearray()
    for y in range(h):
        for x in range(w):
            edge = x in (0, w - 1) or y in (0, h - 1)
            diag = abs(x - y * w // max(h, 1)) <= 1
            bar = h // 3 <= y < h // 3 + 2
            v = 0 if edge or diag else 40 if bar else 255 - (x * 200 // max(w, 1))
            for c in range(channels):
                out.append(max(0, min(255, v if c == 0 else v ^ (c * 0x35))))
    return bytes(out)


def pnm(w, h, channels):
    magic = b"P5" if channels == 1 else b"P6"
    return magic + b"\n%d %d\n255\n" % (w, h) + picture(w, h, channels)


def run(*args, data=None):
    return subprocess.run(args, input=data, check=True, capture_output=True).stdout


def jpeg(w, h, channels, *options):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in.pnm")
        with open(src, "wb") as f:
            f.write(pnm(w, h, channels))
        dst = os.path.join(tmp, "out.jpg")
        run("convert", src, *options, "-quality", "80", dst)
        return open(dst, "rb").read()


def patch_jpeg_size(data, w, h):
    """The same JPEG with its frame header (SOF0/SOF2) claiming w x h."""
    p = 2
    while p + 4 <= len(data):
        marker, length = data[p + 1], struct.unpack(">H", data[p + 2:p + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            return data[:p + 5] + struct.pack(">HH", h, w) + data[p + 9:]
        p += 2 + length
    raise ValueError("no frame header")


def jpx(w, h, channels, name, *options):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in." + ("pgm" if channels == 1 else "ppm"))
        with open(src, "wb") as f:
            f.write(pnm(w, h, channels))
        dst = os.path.join(tmp, name)
        levels = () if "-n" in options else ("-n", "2")  # the default 6 levels need 32 pixels a side
        run("opj_compress", "-i", src, "-o", dst, *levels, *options)
        return open(dst, "rb").read()


# Codec header (FuzzEntry.CodecChoice): byte 0 bits 0-2 colour space, 3-4 /Decode, 5 ImageMask,
# 6 inline image, 7 an outer /FlateDecode; byte 1 bits 0-1 /BitsPerComponent, 2-3 declared size,
# 4 codec /DecodeParms, 5 their value.
def codec_header(space=0, decode=0, mask=0, inline=0, flate=0, bpc=0, size=0, parms=0, value=0):
    return bytes([space | decode << 3 | mask << 5 | inline << 6 | flate << 7,
                  bpc | size << 2 | parms << 4 | value << 5])


def dct_seeds():
    gray = jpeg(16, 16, 1)
    rgb = jpeg(24, 16, 3, "-sampling-factor", "2x2")
    seeds = {
        "gray.bin": codec_header(space=1) + gray,
        "gray-inverted-inline.bin": codec_header(space=1, decode=1, inline=1) + gray,
        "gray-flate-outer.bin": codec_header(space=0, flate=1, size=1) + gray,
        "rgb-420.bin": codec_header(space=2, parms=1, value=1) + rgb,
        "rgb-444-icc.bin": codec_header(space=4) + jpeg(16, 8, 3, "-sampling-factor", "1x1"),
        "rgb-progressive.bin": codec_header(space=2, decode=2) + jpeg(32, 16, 3, "-interlace", "Plane"),
        "cmyk-adobe.bin": codec_header(space=3) + jpeg(16, 16, 3, "-colorspace", "CMYK"),
        "cmyk-separation-huge-decode.bin": codec_header(space=6, decode=3) + jpeg(8, 8, 3, "-colorspace", "CMYK"),
        "gray-1x1-indexed.bin": codec_header(space=5, bpc=1) + jpeg(1, 1, 1),
        "gray-truncated.bin": codec_header(space=1) + gray[:len(gray) * 2 // 3],
        "gray-4000x4000-truncated.bin": codec_header(space=1, size=2) + patch_jpeg_size(gray, 4000, 4000),
        "rgb-mask-pattern.bin": codec_header(space=7, mask=1, bpc=3) + rgb,
    }
    for name, data in seeds.items():
        write("dct", name, data)


def jpx_seeds():
    seeds = {
        "gray.bin": codec_header(space=1) + jpx(16, 16, 1, "o.j2k"),
        "gray-jp2-inline.bin": codec_header(space=0, inline=1) + jpx(16, 12, 1, "o.jp2"),
        "rgb.bin": codec_header(space=2) + jpx(16, 16, 3, "o.j2k"),
        "rgb-jp2-lossy.bin": codec_header(space=0, decode=1) + jpx(24, 16, 3, "o.jp2", "-r", "20", "-I"),
        "rgb-tiles-levels.bin": codec_header(space=4, size=1) + jpx(32, 32, 3, "o.j2k", "-t", "16,16", "-n", "3"),
        "rgb-rpcl-flate-outer.bin": codec_header(space=3, flate=1) + jpx(16, 16, 3, "o.jp2", "-p", "RPCL", "-n", "2"),
        "gray-precincts-mask.bin": codec_header(space=5, mask=1) + jpx(20, 20, 1, "o.j2k", "-c", "[8,8]", "-b", "8,8"),
        "rgb-no-mct-separation.bin": codec_header(space=6, decode=3) + jpx(8, 8, 3, "o.j2k", "-mct", "0"),
    }
    trunc = jpx(16, 16, 3, "o.jp2")
    seeds["rgb-jp2-truncated.bin"] = codec_header(space=2) + trunc[:len(trunc) // 2]
    for name, data in seeds.items():
        write("jpx", name, data)


def bilevel_pbm(w, h):
    rows = bytearray()
    pic = picture(w, h, 1)
    for y in range(h):
        row = 0
        for x in range(w):
            row = row << 1 | (1 if pic[y * w + x] < 128 else 0)
        pad = (-w) % 8
        rows += (row << pad).to_bytes((w + 7) // 8, "big")
    return b"P4\n%d %d\n" % (w, h) + bytes(rows)


def tiff_strip(tiff):
    """The bytes of the (one) strip of a little- or big-endian TIFF."""
    e = "<" if tiff[:2] == b"II" else ">"
    ifd = struct.unpack(e + "I", tiff[4:8])[0]
    count = struct.unpack(e + "H", tiff[ifd:ifd + 2])[0]
    tags = {}
    for i in range(count):
        tag, typ, n, value = struct.unpack(e + "HHII", tiff[ifd + 2 + 12 * i: ifd + 14 + 12 * i])
        if typ == 3 and n == 1:
            value = struct.unpack(e + "H", tiff[ifd + 10 + 12 * i: ifd + 12 + 12 * i])[0]
        tags[tag] = (n, value)
    (n1, offset), (n2, length) = tags[273], tags[279]
    assert n1 == 1 and n2 == 1, "more than one strip"
    return tiff[offset:offset + length]


def g4(w, h):
    with tempfile.TemporaryDirectory() as tmp:
        src, mid, dst = (os.path.join(tmp, n) for n in ("in.pbm", "mid.tif", "out.tif"))
        with open(src, "wb") as f:
            f.write(bilevel_pbm(w, h))
        run("convert", src, "-compress", "None", "-define", "tiff:rows-per-strip=%d" % h, mid)
        run("tiffcp", "-c", "g4", "-r", str(h), mid, dst)
        return tiff_strip(open(dst, "rb").read())


def segment(number, kind, data, page=1):
    """A JBIG2 segment (T.88 §7.2): no referred-to segments, a one-byte page association."""
    return struct.pack(">IBBBI", number, kind, 0, page, len(data)) + data


def jbig2_mmr(w, h, x=0, y=0, page_h=None):
    """An embedded JBIG2 stream: page information, an immediate lossless MMR generic region, end of page."""
    page = struct.pack(">IIIIBH", w + x, page_h if page_h is not None else h + y, 0, 0, 0, 0)
    region = struct.pack(">IIIIB", w, h, x, y, 0) + bytes([1]) + g4(w, h)
    return [segment(0, 48, page), segment(1, 39, region), segment(2, 49, b"")]


def jbig2_input(header, globals_, data):
    return header + struct.pack(">H", len(globals_)) + globals_ + data


def jbig2_seeds():
    a = jbig2_mmr(32, 16)
    b = jbig2_mmr(61, 37, x=3, y=5)
    c = jbig2_mmr(200, 3)
    seeds = {
        "mmr-32x16.bin": jbig2_input(codec_header(space=1, bpc=1), b"", b"".join(a)),
        "mmr-offset-mask.bin": jbig2_input(codec_header(mask=1, bpc=1), b"", b"".join(b)),
        "mmr-wide-inverted-inline.bin": jbig2_input(codec_header(space=1, decode=1, inline=1, bpc=1), b"", b"".join(c)),
        "mmr-page-in-globals.bin": jbig2_input(codec_header(space=1, bpc=1), a[0], a[1] + a[2]),
        "mmr-unknown-page-height.bin": jbig2_input(codec_header(space=5, bpc=1),
                                                   b"", b"".join(jbig2_mmr(32, 16, page_h=0xFFFFFFFF))),
        "mmr-truncated-flate-outer.bin": jbig2_input(codec_header(space=1, flate=1, bpc=1), b"", b"".join(a)[:40]),
    }
    for name, data in seeds.items():
        write("jbig2", name, data)


# Samples header (FuzzEntry.SampleChoice): width - 1, height - 1, bits per component (bits 0-2)
# and colour space (bits 3-7), /Decode (bits 0-2), filter (bits 3-5), inline (6), ImageMask (7),
# a byte for hival / predictor / ink, the length of an Indexed space's lookup table.
BPC = [1, 2, 4, 8, 16, 0, 3, 32]
COMPONENTS = [1, 1, 3, 4, 1, 1, 1, 1, 1, 1, 2, 10, 3, 4, 3, 1, 1, 0]
SPACE_NAMES = ["none", "gray", "rgb", "cmyk", "indexed-rgb", "indexed-icc-stream", "indexed-cmyk", "separation",
               "separation-none", "separation-all-sampled", "devicen-2-ps", "devicen-10-stitching", "icc-3-alternate",
               "icc-4", "lab", "indexed-lab", "icc-1", "pattern"]
FILTER_NAMES = ["raw", "flate", "flate-predictor", "flate-predictor-mismatch", "lzw", "lzw-predictor",
                "flate-zlib", "runlength"]


def samples_header(w, h, bpc, space, decode=0, filt=0, inline=0, mask=0, extra=0, lookup=0):
    return bytes([w - 1, h - 1, BPC.index(bpc) | space << 3, decode | filt << 3 | inline << 6 | mask << 7, extra, lookup])


def rows(w, h, n, bpc):
    row = (w * n * bpc + 7) // 8
    return [bytes((x * 37 + y * 11) & 0xFF for x in range(row)) for y in range(h)]


def runlength(data):
    out = bytearray()
    for i in range(0, len(data), 128):
        chunk = data[i:i + 128]
        out += bytes([len(chunk) - 1]) + chunk
    return bytes(out + b"\x80")


def samples_seeds():
    for space, n in enumerate(COMPONENTS):
        bpcs = [8] if space in (17,) else [1, 2, 4, 8, 16] if space in (1, 4) else [8, 4]
        for bpc in bpcs:
            w, h = 9, 5
            lookup = b""
            if space in (4, 5, 6, 15):
                per = {4: 3, 5: 3, 6: 4, 15: 3}[space]
                hival = min(255, (1 << min(bpc, 8)) - 1)
                lookup = bytes((i * 53) & 0xFF for i in range(per * (hival + 1)))[:255]
            payload = b"".join(rows(w, h, max(n, 1), bpc))
            head = samples_header(w, h, bpc, space, decode=(space + bpc) % 8, filt=0,
                                  extra=len(lookup) // 3 if lookup else 0x40, lookup=len(lookup))
            write("image-samples", "%02d-%s-%dbpc.bin" % (space, SPACE_NAMES[space], bpc), head + lookup + payload)
    # Every filter on 8-bit RGB and 1-bit gray, with predictors; inline images; masks; short data.
    for filt, fname in enumerate(FILTER_NAMES):
        for space, bpc in ((2, 8), (1, 1), (3, 16)):
            n = COMPONENTS[space]
            w, h = 7, 6
            data = rows(w, h, n, bpc)
            extra = filt * 3 % 7  # predictor 2 or 10-15 (FuzzEntry: [2, 10, 11, 12, 13, 14, 15][extra % 7])
            if filt in (2, 3, 5) and extra != 0:
                payload = b"".join(bytes([(y + filt) % 5]) + r for y, r in enumerate(data))
            else:
                payload = b"".join(data)
            if filt == 6:
                payload = zlib.compress(payload)
            elif filt == 7:
                payload = runlength(payload)
            head = samples_header(w, h, bpc, space, filt=filt, inline=filt % 2, extra=extra)
            write("image-samples", "filter-%s-%s-%dbpc.bin" % (fname, SPACE_NAMES[space], bpc), head + payload)
    w, h = 13, 4
    mask = b"".join(rows(w, h, 1, 1))
    write("image-samples", "mask.bin", samples_header(w, h, 1, 0, mask=1, extra=0x30) + mask)
    write("image-samples", "mask-inverted-inline.bin", samples_header(w, h, 1, 0, decode=2, inline=1, mask=1, extra=0x80) + mask)
    write("image-samples", "gray-short.bin", samples_header(20, 20, 8, 1) + bytes(range(50)))
    write("image-samples", "rgb-256x256-lzw.bin", samples_header(256, 256, 8, 2, filt=4) + bytes(range(256)) * 3)
    write("image-samples", "bad-bpc-3.bin", samples_header(4, 4, 3, 1) + bytes(8))
    write("image-samples", "bad-bpc-0.bin", samples_header(4, 4, 0, 2) + bytes(8))
    write("image-samples", "bad-bpc-32.bin", samples_header(4, 4, 32, 3) + bytes(64))
    write("image-samples", "indexed-short-lookup.bin", samples_header(4, 4, 8, 4, extra=200, lookup=5) + bytes(5) + bytes(range(16)))


def shared_jbig2():
    """pdf.js's JBIG2 streams (and globals), decoded of any filter before the codec, into the work folder."""
    corpus = os.environ.get("FUZZ_SHARED_CORPUS", os.path.join(ROOT, "..", "shared", "corpus"))
    files = sorted(glob.glob(os.path.join(corpus, "pdfjs", "*jbig2*.pdf")) + glob.glob(os.path.join(corpus, "pdfjs", "bitmap-*.pdf")))
    out = os.path.join(HERE, "work", "FuzzJBIG2", "seeds")
    os.makedirs(out, exist_ok=True)
    written = 0
    for path in files:
        try:
            doc = json.loads(run("qpdf", "--json=2", "--json-key=qpdf", "--decode-level=generalized",
                                 "--json-stream-data=inline", path))
        except subprocess.CalledProcessError:
            continue
        objects = doc["qpdf"][1]
        for key, value in objects.items():
            stream = value.get("stream")
            if not stream or "JBIG2Decode" not in json.dumps(stream["dict"].get("/Filter", "")):
                continue
            data = base64.b64decode(stream.get("data", ""))
            parms = stream["dict"].get("/DecodeParms") or {}
            if isinstance(parms, list):
                parms = next((p for p in parms if isinstance(p, dict)), {})
            globals_ = b""
            ref = parms.get("/JBIG2Globals") if isinstance(parms, dict) else None
            if ref and "obj:" + ref in objects:
                globals_ = base64.b64decode(objects["obj:" + ref].get("stream", {}).get("data", ""))
            name = "%s-%s.bin" % (os.path.splitext(os.path.basename(path))[0], key.replace(" ", "_").replace(":", ""))
            with open(os.path.join(out, name), "wb") as f:
                f.write(jbig2_input(codec_header(space=1, bpc=1), globals_[:0xFFFF], data))
            written += 1
    print("%d JBIG2 streams of the shared corpus in %s" % (written, out))


if __name__ == "__main__":
    dct_seeds()
    jpx_seeds()
    jbig2_seeds()
    samples_seeds()
    if "--work" in sys.argv:
        shared_jbig2()

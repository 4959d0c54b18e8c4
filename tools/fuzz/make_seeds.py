#!/usr/bin/env python3
"""Writes small seed PDFs for the document-loading fuzzer into tools/fuzz/seeds/.

Each seed is a few hundred bytes to a few kilobytes and exercises one part of the file
layer (cross-reference tables and streams, object streams, incremental updates, page-tree
inheritance and boxes, page labels, outlines and named destinations, info and XMP, every
stream filter, linearization, the standard security handler R2 to R6), so that mutations
land on the values those parts read. Small inputs also run far faster than real-world files.

Usage: tools/fuzz/make_seeds.py   (needs the `cryptography` package for the AES seeds)
"""
import hashlib
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "seeds")

PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
DOC_ID = bytes.fromhex("00112233445566778899aabbccddeeff")


def stream(dict_body, data):
    return b"<<" + dict_body + b"/Length %d>>stream\n" % len(data) + data + b"\nendstream"


def build(objects, trailer=b"", header=b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", xref="table", prefix=b""):
    """objects: list of (number, body bytes). xref: 'table' or 'none' (no cross-reference data)."""
    out = bytearray(prefix + header)
    offsets = {}
    for number, body in objects:
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    size = max(offsets) + 1
    start = len(out)
    if xref == "table":
        out += b"xref\n0 %d\n0000000000 65535 f \n" % size
        for n in range(1, size):
            out += b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n"
        out += b"trailer\n<</Size %d/Root 1 0 R" % size + trailer + b">>\n"
    else:
        out += b"trailer\n<</Root 1 0 R" + trailer + b">>\n%%EOF\n"
        return bytes(out)
    out += b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


def simple(pages=1, catalog_extra=b"", page_extra=b""):
    kids = b" ".join(b"%d 0 R" % (3 + i) for i in range(pages))
    objs = [(1, b"<</Type/Catalog/Pages 2 0 R" + catalog_extra + b">>"),
            (2, b"<</Type/Pages/Kids[" + kids + b"]/Count %d/MediaBox[0 0 612 792]>>" % pages)]
    for i in range(pages):
        objs.append((3 + i, b"<</Type/Page/Parent 2 0 R" + page_extra + b">>"))
    return objs


# --- seeds -------------------------------------------------------------------------------

def minimal():
    return build(simple())


def page_tree():
    objs = [
        (1, b"<</Type/Catalog/Pages 2 0 R>>"),
        (2, b"<</Type/Pages/Kids[3 0 R 4 0 R]/Count 3/MediaBox[0 0 500 700]/Rotate 90/Resources<</Font<<>>>>>>"),
        (3, b"<</Type/Page/Parent 2 0 R/CropBox[10 10 600 600]/BleedBox[0 0 400 400]/TrimBox[5 5 300 300]/ArtBox[1 1 2 2]>>"),
        (4, b"<</Type/Pages/Parent 2 0 R/Kids[5 0 R 6 0 R]/Count 2/Rotate -90>>"),
        (5, b"<</Type/Page/Parent 4 0 R/MediaBox[0 0 200 300]/Rotate 450/UserUnit 2.5>>"),
        (6, b"<</Type/Page/Parent 4 0 R/MediaBox[300 400 0 0]/Rotate 180.0>>"),
    ]
    return build(objs)


def labels_and_outline():
    objs = [
        (1, b"<</Type/Catalog/Pages 2 0 R/PageLabels 10 0 R/Outlines 20 0 R/Dests 30 0 R/Names<</Dests 31 0 R>>>>"),
        (2, b"<</Type/Pages/Kids[3 0 R 4 0 R 5 0 R 6 0 R 7 0 R]/Count 5/MediaBox[0 0 612 792]>>"),
    ]
    objs += [(n, b"<</Type/Page/Parent 2 0 R>>") for n in range(3, 8)]
    objs += [
        (10, b"<</Kids[11 0 R 12 0 R]>>"),
        (11, b"<</Limits[0 1]/Nums[0<</S/r>>1<</S/D/St 5/P(A-)>>]>>"),
        (12, b"<</Limits[2 4]/Nums[2<</S/A/St 26>>4<</S/a/P<FEFF00E9>>>]>>"),
        (20, b"<</Type/Outlines/First 21 0 R/Last 23 0 R/Count 3>>"),
        (21, b"<</Title(One)/Parent 20 0 R/Next 22 0 R/Dest[3 0 R/XYZ 0 792 null]/First 24 0 R/Last 24 0 R/Count 1>>"),
        (22, b"<</Title<FEFF0054007700F6>/Parent 20 0 R/Prev 21 0 R/Next 23 0 R/A<</S/GoTo/D(chapter)>>>>"),
        (23, b"<</Title(Link)/Parent 20 0 R/Prev 22 0 R/A<</S/URI/URI(https://example.org/)>>>>"),
        (24, b"<</Title(Nested)/Parent 21 0 R/Dest/old>>"),
        (30, b"<</old[4 0 R/Fit]>>"),
        (31, b"<</Kids[32 0 R]>>"),
        (32, b"<</Limits[(chapter)(chapter)]/Names[(chapter)<</D[5 0 R/FitH 100]>>]>>"),
    ]
    return build(objs)


def metadata():
    xmp = (b'<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
           b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           b'<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Seed</dc:title></rdf:Description>'
           b'</rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>')
    objs = simple(catalog_extra=b"/Metadata 9 0 R/MarkInfo<</Marked true>>/StructTreeRoot 8 0 R/AcroForm<</Fields[]>>"
                                b"/OpenAction<</S/JavaScript/JS(1)>>/Version/2.0")
    objs += [
        (8, b"<</Type/StructTreeRoot>>"),
        (9, stream(b"/Type/Metadata/Subtype/XML/Filter/FlateDecode", zlib.compress(xmp))),
        (10, b"<</Title(Seed \\(title\\))/Author<FEFF0041006400E1>/Subject(s)/Keywords(k)/Creator(c)/Producer(p)"
             b"/CreationDate(D:20240131235959+01'00')/ModDate(D:2024)/Trapped/False/Custom(x)>>"),
    ]
    return build(objs, trailer=b"/Info 10 0 R/ID[<00><00>]")


def filters():
    text = b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n" * 4
    ahx = text.hex().encode() + b">"
    import base64
    a85 = base64.a85encode(text) + b"~>"
    rl = bytes([len(text[:100]) - 1]) + text[:100] + bytes([256 - 9 + 1, 0x41]) + b"\x80"
    rows = b"".join(b"\x02" + bytes(range(i, i + 4)) for i in range(6))
    png = zlib.compress(rows)
    tiff = zlib.compress(bytes(range(24)))
    objs = simple()
    objs += [
        (10, stream(b"/Filter/ASCIIHexDecode", ahx)),
        (11, stream(b"/Filter/ASCII85Decode", a85)),
        (12, stream(b"/Filter/RunLengthDecode", rl)),
        (13, stream(b"/Filter[/ASCIIHexDecode/FlateDecode]", zlib.compress(text).hex().encode() + b">")),
        (14, stream(b"/Filter/FlateDecode/DecodeParms<</Predictor 12/Columns 4>>", png)),
        (15, stream(b"/Filter[/FlateDecode]/DecodeParms[<</Predictor 2/Colors 3/BitsPerComponent 8/Columns 2>>]", tiff)),
        (16, stream(b"/Filter/LZWDecode/DecodeParms<</EarlyChange 0>>", lzw(text, early=0))),
        (17, stream(b"/Filter/LZWDecode", lzw(text, early=1))),
        (18, stream(b"/Filter/DCTDecode/Width 1/Height 1", b"\xff\xd8\xff\xd9")),
        (19, stream(b"/Filter/Unknown", b"abc")),
        (20, b"<</Length 21 0 R/Filter/FlateDecode>>stream\n" + zlib.compress(text) + b"\nendstream"),
        (21, b"%d" % len(zlib.compress(text))),
    ]
    return build(objs)


def lzw(data, early=1):
    """A plain LZW encoder (9 to 12 bit codes, clear at start, end-of-data at the end)."""
    table = {bytes([i]): i for i in range(256)}
    next_code, width = 258, 9
    bits, nbits, out = 0, 0, bytearray()

    def emit(code):
        nonlocal bits, nbits
        bits = (bits << width) | code
        nbits += width
        while nbits >= 8:
            nbits -= 8
            out.append((bits >> nbits) & 0xFF)
    emit(256)
    w = b""
    for c in data:
        wc = w + bytes([c])
        if wc in table:
            w = wc
            continue
        emit(table[w])
        table[wc] = next_code
        next_code += 1
        if next_code + early > (1 << width) and width < 12:
            width += 1
        w = bytes([c])
    if w:
        emit(table[w])
    emit(257)
    if nbits:
        out.append((bits << (8 - nbits)) & 0xFF)
    return bytes(out)


def xref_stream_and_object_stream():
    # Objects 3 and 4 live in object stream 5; object 6 extends it with object 7.
    inner = [b"<</Type/Page/Parent 2 0 R>>", b"<</Type/Page/Parent 2 0 R/Rotate 270>>"]
    header = b"3 0 4 %d " % (len(inner[0]) + 1)
    body = inner[0] + b" " + inner[1]
    ext_header = b"7 0 "
    ext_body = b"<</Title(from extends)>>"
    objs = [
        (1, b"<</Type/Catalog/Pages 2 0 R/Info 7 0 R>>"),
        (2, b"<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2/MediaBox[0 0 612 792]>>"),
        (5, stream(b"/Type/ObjStm/N 2/First %d/Extends 6 0 R/Filter/FlateDecode" % len(header), zlib.compress(header + body))),
        (6, stream(b"/Type/ObjStm/N 1/First %d" % len(ext_header), ext_header + ext_body)),
    ]
    out = bytearray(b"%PDF-1.7\n")
    offsets = {}
    for number, b in objs:
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + b + b"\nendobj\n"
    entries = {1: (1, offsets[1], 0), 2: (1, offsets[2], 0), 3: (2, 5, 0), 4: (2, 5, 1),
               5: (1, offsets[5], 0), 6: (1, offsets[6], 0), 7: (2, 6, 0)}
    start = len(out)
    entries[8] = (1, start, 0)
    rows = b"\x00\x00\x00\x00\xff\xff"
    for n in range(1, 9):
        t, f2, f3 = entries[n]
        rows += bytes([t]) + struct.pack(">I", f2)[1:] + struct.pack(">H", f3)
    # PNG Up predictor over rows of 6 bytes, as many writers produce.
    predicted, prev = bytearray(), bytes(6)
    for i in range(0, len(rows), 6):
        row = rows[i:i + 6]
        predicted += b"\x02" + bytes((a - b) & 0xFF for a, b in zip(row, prev))
        prev = row
    out += b"8 0 obj\n" + stream(b"/Type/XRef/Size 9/W[1 3 2]/Root 1 0 R/ID[<01><01>]/Filter/FlateDecode"
                                 b"/DecodeParms<</Predictor 12/Columns 6>>", zlib.compress(bytes(predicted)))
    out += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


def incremental():
    base = build(simple(pages=1), trailer=b"/Info 9 0 R", xref="table")
    first_xref = int(base.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    out = bytearray(base)
    o9 = len(out)
    out += b"9 0 obj\n<</Title(updated)>>\nendobj\n"
    o3 = len(out)
    out += b"3 0 obj\n<</Type/Page/Parent 2 0 R/Rotate 90>>\nendobj\n"
    start = len(out)
    out += b"xref\n3 1\n%010d 00000 n \n9 1\n%010d 00000 n \n" % (o3, o9)
    out += b"trailer\n<</Size 10/Root 1 0 R/Info 9 0 R/Prev %d>>\nstartxref\n%d\n%%%%EOF\n" % (first_xref, start)
    return bytes(out)


def hybrid():
    # A classic table whose /XRefStm names a stream holding object 4 (compressed in 5).
    objs = [(1, b"<</Type/Catalog/Pages 2 0 R>>"),
            (2, b"<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2/MediaBox[0 0 612 792]>>"),
            (3, b"<</Type/Page/Parent 2 0 R>>")]
    out = bytearray(b"%PDF-1.5\n")
    offsets = {}
    for number, b in objs:
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + b + b"\nendobj\n"
    inner = b"4 0 <</Type/Page/Parent 2 0 R>>"
    offsets[5] = len(out)
    out += b"5 0 obj\n" + stream(b"/Type/ObjStm/N 1/First 4", inner) + b"\nendobj\n"
    offsets[6] = len(out)
    rows = b"\x02\x00\x00\x05\x00"
    out += b"6 0 obj\n" + stream(b"/Type/XRef/Size 7/W[1 3 1]/Index[4 1]", rows) + b"\nendobj\n"
    start = len(out)
    out += b"xref\n0 7\n0000000000 65535 f \n"
    for n in range(1, 7):
        out += b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n"
    out += b"trailer\n<</Size 7/Root 1 0 R/XRefStm %d>>\nstartxref\n%d\n%%%%EOF\n" % (offsets[6], start)
    return bytes(out)


def linearized():
    objs = simple(pages=2)
    doc = build([(9, b"<</Linearized 1/L 0000000/O 4/E 0/N 2/T 0/H[0 0]>>")] + objs)
    return doc.replace(b"/L 0000000", b"/L %07d" % len(doc))


def damaged():
    # No cross-reference data, an unterminated string swallowing a header, a stream
    # with a wrong /Length, junk before the header.
    objs = [(1, b"<</Type/Catalog/Pages 2 0 R>>"),
            (2, b"<</Type/Pages/Kids[3 0 R]/Count 1>>"),
            (3, b"<</Type/Page/Parent 2 0 R/Contents 4 0 R/Annots[(open>>"),
            (4, b"<</Length 999>>stream\nq Q\nendstream"),
            (5, b"[1 2 3")]
    return build(objs, xref="none", prefix=b"garbage\n")


# --- encryption ------------------------------------------------------------------------

def rc4(key, data):
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) & 0xFF
        s[i], s[j] = s[j], s[i]
    i = j = 0
    out = bytearray()
    for c in data:
        i = (i + 1) & 0xFF
        j = (j + s[i]) & 0xFF
        s[i], s[j] = s[j], s[i]
        out.append(c ^ s[(s[i] + s[j]) & 0xFF])
    return bytes(out)


def legacy_keys(r, n, user=b"", owner=b"owner", p=-4):
    pu = (user + PAD)[:32]
    po = (owner + PAD)[:32]
    h = hashlib.md5(po).digest()
    if r >= 3:
        for _ in range(50):
            h = hashlib.md5(h).digest()
    okey = h[:n]
    o = rc4(okey, pu)
    if r >= 3:
        for i in range(1, 20):
            o = rc4(bytes(b ^ i for b in okey), o)
    m = hashlib.md5(pu + o + struct.pack("<i", p) + DOC_ID)
    h = m.digest()
    if r >= 3:
        for _ in range(50):
            h = hashlib.md5(h[:n]).digest()
    key = h[:n]
    if r == 2:
        u = rc4(key, PAD)
    else:
        u = rc4(key, hashlib.md5(PAD + DOC_ID).digest())
        for i in range(1, 20):
            u = rc4(bytes(b ^ i for b in key), u)
        u += bytes(16)
    return key, o, u


def object_key(key, num, gen, aes):
    h = hashlib.md5(key + struct.pack("<I", num)[:3] + struct.pack("<H", gen) + (b"sAlT" if aes else b"")).digest()
    return h[:min(len(key) + 5, 16)]


def aes_cbc(key, data):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    iv = bytes(range(16))
    pad = 16 - len(data) % 16
    enc = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return iv + enc.update(data + bytes([pad]) * pad) + enc.finalize()


def r6_hash(password, salt, udata=b""):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    k = hashlib.sha256(password + salt + udata).digest()
    i = 0
    while True:
        k1 = (password + k + udata) * 64
        enc = Cipher(algorithms.AES(k[:16]), modes.CBC(k[16:32])).encryptor()
        e = enc.update(k1) + enc.finalize()
        k = [hashlib.sha256, hashlib.sha384, hashlib.sha512][sum(e[:16]) % 3](e).digest()
        i += 1
        if i >= 64 and e[-1] <= i - 32:
            return k[:32]


def encrypted(kind):
    text = b"BT (secret) Tj ET"
    p = -3904
    objs_plain = simple(catalog_extra=b"", page_extra=b"/Contents 6 0 R")
    info = (7, b"(Encrypted title)")
    if kind in ("rc4-40", "rc4-128", "aes-128"):
        r, v, n, aes = {"rc4-40": (2, 1, 5, False), "rc4-128": (3, 2, 16, False), "aes-128": (4, 4, 16, True)}[kind]
        key, o, u = legacy_keys(r, n, p=p)

        def enc(num, data):
            k = object_key(key, num, 0, aes)
            return aes_cbc(k, data) if aes else rc4(k, data)
        crypt = b"/Filter/Standard/V %d/R %d/Length %d/P %d/O<%s>/U<%s>" % (v, r, n * 8, p, o.hex().encode(), u.hex().encode())
        if aes:
            crypt += b"/CF<</StdCF<</CFM/AESV2/Length 16/AuthEvent/DocOpen>>>>/StmF/StdCF/StrF/StdCF"
    else:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        key = bytes(range(32))
        vs, ks = b"\x01" * 8, b"\x02" * 8
        u = r6_hash(b"", vs) + vs + ks
        ue_key = r6_hash(b"", ks)
        e = Cipher(algorithms.AES(ue_key), modes.CBC(bytes(16))).encryptor()
        ue = e.update(key) + e.finalize()
        ovs, oks = b"\x03" * 8, b"\x04" * 8
        o = r6_hash(b"owner", ovs, u) + ovs + oks
        oe_key = r6_hash(b"owner", oks, u)
        e = Cipher(algorithms.AES(oe_key), modes.CBC(bytes(16))).encryptor()
        oe = e.update(key) + e.finalize()
        perms = struct.pack("<i", p) + b"\xff\xff\xff\xff" + b"Tadb" + b"\x00" * 4
        e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        perms = e.update(perms) + e.finalize()

        def enc(num, data):
            return aes_cbc(key, data)
        crypt = (b"/Filter/Standard/V 5/R 6/Length 256/P %d/O<%s>/U<%s>/OE<%s>/UE<%s>/Perms<%s>"
                 b"/CF<</StdCF<</CFM/AESV3/Length 32/AuthEvent/DocOpen>>>>/StmF/StdCF/StrF/StdCF"
                 % (p, o.hex().encode(), u.hex().encode(), oe.hex().encode(), ue.hex().encode(), perms.hex().encode()))
    objs = objs_plain + [
        (6, stream(b"", enc(6, text))),
        (7, b"<</Title<" + enc(7, b"Encrypted title").hex().encode() + b">>>"),
        (8, b"<<" + crypt + b">>"),
    ]
    return build(objs, trailer=b"/Info 7 0 R/Encrypt 8 0 R/ID[<%s><%s>]" % (DOC_ID.hex().encode(), DOC_ID.hex().encode()))


SEEDS = {
    "minimal": minimal,
    "page-tree": page_tree,
    "labels-outline": labels_and_outline,
    "metadata": metadata,
    "filters": filters,
    "xref-stream-objstm": xref_stream_and_object_stream,
    "incremental": incremental,
    "hybrid": hybrid,
    "linearized": linearized,
    "damaged": damaged,
    "encrypted-rc4-40": lambda: encrypted("rc4-40"),
    "encrypted-rc4-128": lambda: encrypted("rc4-128"),
    "encrypted-aes-128": lambda: encrypted("aes-128"),
    "encrypted-aes-256": lambda: encrypted("aes-256"),
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, make in SEEDS.items():
        with open(os.path.join(OUT, name + ".pdf"), "wb") as f:
            f.write(make())
    print(f"wrote {len(SEEDS)} seeds to {OUT}")

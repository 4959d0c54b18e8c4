"""Class 10 of issue 15: encryption dictionaries at their edges.

The encryption dictionaries are written out here by hand (with the RC4 writer of
tools/fuzz/make_seeds.py), so that they can hold what no writer would produce: an
unknown /CFM, /StmF and /StrF names missing from /CF, /Identity for both, a /P too large for any
integer, only an /EFF crypt filter, and /Encrypt entries that are null or lead nowhere.
"""
import importlib.util
import os

from pdfbytes import HELVETICA, pdf

# The standard security handler's writer side (RC4 and MD5, algorithms 2, 3 and 5 of
# ISO 32000-2 §7.6.4) is the one the fuzzer's seeds use.
_spec = importlib.util.spec_from_file_location(
    "make_seeds", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fuzz", "make_seeds.py"))
seeds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(seeds)
DOC_ID = seeds.DOC_ID


def keys(user, owner, p):
    """(file key, /O, /U) for revision 3 or 4 with a 128-bit key; p is taken modulo 2^32."""
    p32 = (p + (1 << 31)) % (1 << 32) - (1 << 31)
    return seeds.legacy_keys(3, 16, user=user, owner=owner, p=p32)


def rc4_for_object(key, number, data):
    return seeds.rc4(seeds.object_key(key, number, 0, False), data)


def hexstr(b):
    return b"<" + b.hex().encode() + b">"


def document(text, encrypt, user=b"", owner=b"owner", p=-4, encrypt_content=True, extra_objects=(),
             catalog_extra=b"", trailer_encrypt=None):
    """A one-page document (1 catalog, 2 pages, 3 font, 4 page, 5 content, 6 /Encrypt).
    `encrypt` is the /Encrypt dictionary body before /O /U /P (None: no object 6), written
    with `p_token` from the dictionary itself when it has one. The content stream is RC4
    encrypted with the file key when encrypt_content is true."""
    key, o, u = keys(user, owner, p)
    content = b"BT /F1 24 Tf 72 700 Td (" + text + b") Tj ET"
    data = rc4_for_object(key, 5, content) if encrypt_content else content
    objs = [
        (1, b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>"),
        (2, b"<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
        (3, HELVETICA),
        (4, b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>"),
        (5, b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"),
    ]
    if encrypt is not None:
        body = encrypt.replace(b"%O", hexstr(o)).replace(b"%U", hexstr(u))
        if b"/P " not in body:
            body += b" /P %d" % p
        objs.append((6, b"<< " + body + b" >>"))
    objs += [(n, b) for n, b in extra_objects]
    ident = hexstr(DOC_ID)
    ref = trailer_encrypt if trailer_encrypt is not None else b"6 0 R"
    return pdf(objs, b"/Encrypt " + ref + b" /ID [" + ident + b" " + ident + b"]")


V4 = b"/Filter /Standard /V 4 /R 4 /Length 128 /O %O /U %U "


def crypt_filters(entries, stm, strf, eff=None):
    cf = b" ".join(b"/" + name + b" << /Type /CryptFilter /CFM /" + cfm + b" /AuthEvent /" + event + b" /Length 16 >>"
                   for name, cfm, event in entries)
    out = V4 + b"/CF << " + cf + b" >> /StmF /" + stm + b" /StrF /" + strf
    if eff:
        out += b" /EFF /" + eff
    return out


def embedded_file_objects(user=b"user", owner=b"owner", p=-4):
    """An /EmbeddedFiles name tree (7) with a file specification (8) whose embedded file
    stream (9) is RC4-encrypted with the file key: only the password opens it."""
    key, _, _ = keys(user, owner, p)
    data = rc4_for_object(key, 9, b"the attachment's secret contents")
    return [
        (7, b"<< /Names [(secret.txt) 8 0 R] >>"),
        (8, b"<< /Type /Filespec /F (secret.txt) /UF (secret.txt) /EF << /F 9 0 R >> >>"),
        (9, b"<< /Type /EmbeddedFile /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"),
    ]


def opens(text, password_args=()):
    return [{"args": ["text", *password_args, "{file}"], "exit": 0, "stdout_contains": text}]


def refused(*needles):
    return [{"args": [cmd, "{file}"], "exit": 3, "stderr_contains": needle}
            for cmd in ("text", "info") for needle in needles]


BIG_P = 99999999999999999999

FIXTURES = [
    {
        "name": "encryption-cfm-rot13", "klass": 10,
        "what": "a revision 4 dictionary whose only crypt filter, used for strings and streams, has /CFM /ROT13",
        "defect": "an unknown /CFM was read as no encryption: empty text and exit 0; now the file is refused "
                  "(exit 3, \"unsupported crypt filter\" naming the filter and its method)",
        "data": document(b"Hello rot13", crypt_filters([(b"StdCF", b"ROT13", b"DocOpen")], b"StdCF", b"StdCF"),
                         encrypt_content=False),
        "checks": refused("unsupported crypt filter", "/StdCF", "ROT13")
        + [{"args": ["text", "{file}"], "exit": 3, "stderr_contains": "encryption-cfm-rot13.pdf"}],
    },
    {
        "name": "encryption-stmf-unknown-cfm-strf-v2", "klass": 10,
        "what": "a revision 4 dictionary with two crypt filters: /StrF names one with /CFM /V2, /StmF one with /CFM /ROT13",
        "defect": "streams were left undecrypted (/CFM read as none); now refused with exit 3",
        "data": document(b"Hello mixed", crypt_filters([(b"StdCF", b"V2", b"DocOpen"), (b"OddCF", b"ROT13", b"DocOpen")],
                                                       b"OddCF", b"StdCF")),
        "checks": refused("unsupported crypt filter /OddCF"),
    },
    {
        "name": "encryption-stmf-not-in-cf", "klass": 10,
        "what": "a revision 4 dictionary whose /StmF and /StrF name /Missing, which /CF does not hold; the one crypt filter in /CF is RC4",
        "defect": "pinned behaviour: the one crypt filter there is stands in for the missing name, and the text decrypts",
        "data": document(b"Hello fallback", crypt_filters([(b"StdCF", b"V2", b"DocOpen")], b"Missing", b"Missing")),
        "checks": opens("Hello fallback"),
    },
    {
        "name": "encryption-identity-only", "klass": 10,
        "what": "a revision 4 dictionary with /StmF /Identity and /StrF /Identity and a user password",
        "defect": "the file asked for a password although nothing in it is encrypted; now it opens without one, as Poppler does",
        "data": document(b"Hello identity", crypt_filters([(b"StdCF", b"V2", b"DocOpen")], b"Identity", b"Identity"),
                         user=b"user", encrypt_content=False),
        "checks": opens("Hello identity"),
    },
    {
        "name": "encryption-eff-only", "klass": 10,
        "what": "a revision 4 dictionary whose only crypt filter is the /EFF one (/AuthEvent /EFOpen), strings and "
                "streams /Identity, a user password, and an RC4-encrypted embedded file",
        "defect": "the file asked for the user password; now it opens without one, as Poppler does, and only the "
                  "embedded file needs it",
        "data": document(b"Hello attachments", crypt_filters([(b"EmbCF", b"V2", b"EFOpen")], b"Identity", b"Identity", b"EmbCF"),
                         user=b"user", encrypt_content=False, extra_objects=embedded_file_objects(),
                         catalog_extra=b"/Names << /EmbeddedFiles 7 0 R >>"),
        "checks": opens("Hello attachments") + opens("Hello attachments", ["--user-password", "user"])
        + [{"args": ["text", "--user-password", "wrong", "{file}"], "exit": 3, "stderr_contains": "incorrect password"}],
    },
    {
        "name": "encryption-p-overflows-int64", "klass": 10,
        "what": "a revision 3 RC4 file with /P 99999999999999999999 (beyond any 64-bit integer), user password \"user\"",
        "defect": "the /P no Int64 holds was ignored, so the key came out wrong and the right password was refused; "
                  "now /P is taken modulo 2^32 from its digits, as MuPDF does",
        "data": document(b"Hello big P", b"/Filter /Standard /V 2 /R 3 /Length 128 /O %O /U %U /P 99999999999999999999",
                         user=b"user", p=BIG_P),
        "checks": opens("Hello big P", ["--user-password", "user"]) + opens("Hello big P", ["-opw", "owner"])
        + [{"args": ["text", "{file}"], "exit": 3, "stderr_contains": "incorrect password"}],
    },
    {
        "name": "encryption-p-negative-overflow", "klass": 10,
        "what": "a revision 3 RC4 file with /P -99999999999999999999, user password \"user\"",
        "defect": "as for the positive one: now /P is taken modulo 2^32 and the password opens the file",
        "data": document(b"Hello negative P", b"/Filter /Standard /V 2 /R 3 /Length 128 /O %O /U %U /P -99999999999999999999",
                         user=b"user", p=-BIG_P),
        # The low 32 bits of -99999999999999999999 switch copying off: the user password is
        # accepted (the refusal names the permissions, not the password); the owner's extracts.
        "checks": opens("Hello negative P", ["--owner-password", "owner"])
        + [{"args": ["text", "--user-password", "user", "{file}"], "exit": 3, "stderr_contains": "copying text is not permitted"}],
    },
    {
        "name": "encryption-null", "klass": 10,
        "what": "a trailer with /Encrypt null",
        "defect": "pinned behaviour: read as unencrypted",
        "data": document(b"Hello null", None, encrypt_content=False, trailer_encrypt=b"null"),
        "checks": opens("Hello null") + [{"args": ["info", "{file}"], "exit": 0, "stdout_contains": "Encrypted:       no"}],
    },
    {
        "name": "encryption-missing-object", "klass": 10,
        "what": "a trailer whose /Encrypt names object 99, which the file does not hold",
        "defect": "pinned behaviour: read as unencrypted",
        "data": document(b"Hello missing", None, encrypt_content=False, trailer_encrypt=b"99 0 R"),
        "checks": opens("Hello missing"),
    },
    {
        "name": "encryption-not-a-dictionary", "klass": 10,
        "what": "a trailer whose /Encrypt names the page's content stream",
        "defect": "the stream's dictionary was taken for an encryption dictionary and the file was refused "
                  "(exit 3, \"security handler / is not supported\"); now a non-dictionary /Encrypt is read as unencrypted",
        "data": document(b"Hello stream", None, encrypt_content=False, trailer_encrypt=b"5 0 R"),
        "checks": opens("Hello stream")
        + [{"args": ["info", "--diagnostics", "{file}"], "exit": 0, "stdout_contains": "read as unencrypted (object 5 0) [encryptionIgnored]"}],
    },
]

import PDFCore

/// The standard security handler (ISO 32000-2 §7.6.4), revisions 2 to 6: checks passwords
/// and hands out a ``Decryptor`` for the document.
package struct SecurityHandler: Sendable {
    package let dictionary: EncryptionDictionary

    /// The revision (/R), 2...6.
    let revision: Int
    /// File key lengths (bytes) to try for revisions 2–4, the one the dictionary implies first.
    let keyLengthCandidates: [Int]
    /// Methods resolved from /StmF, /StrF and /CF.
    let methods: CryptMethods

    /// Validates the dictionary: /Filter must be /Standard (public-key handlers are refused),
    /// /V one of 1, 2, 4, 5 and /R one of 2...6, in a combination that fits together.
    /// Anything else throws ``PDFError/Code/unsupportedEncryption``.
    package init(_ dictionary: EncryptionDictionary) throws(PDFError) {
        let filter = dictionary.filter
        if filter != "Standard" {
            let subFilter = dictionary.subFilter ?? ""
            if filter.contains("PubSec") || subFilter.hasPrefix("adbe.pkcs7") {
                throw PDFError(.unsupportedEncryption, "public-key security handler is not supported")
            }
            throw PDFError(.unsupportedEncryption, "security handler \(Self.written(filter)) is not supported")
        }
        switch dictionary.v {
        case 1, 2, 4, 5:
            break
        case 0:
            throw PDFError(.unsupportedEncryption, "encryption algorithm /V 0 (undocumented) is not supported")
        case 3:
            throw PDFError(.unsupportedEncryption, "encryption algorithm /V 3 (unpublished) is not supported")
        default:
            throw PDFError(.unsupportedEncryption, "encryption algorithm /V \(dictionary.v) is not supported")
        }
        guard (2...6).contains(dictionary.r) else {
            throw PDFError(.unsupportedEncryption, "standard security handler revision /R \(dictionary.r) is not supported")
        }
        if (dictionary.v == 5) != (dictionary.r >= 5) {
            throw PDFError(
                .unsupportedEncryption,
                "standard security handler: /V \(dictionary.v) does not go with /R \(dictionary.r)")
        }
        self.dictionary = dictionary
        self.revision = dictionary.r
        let methods = CryptMethods(dictionary)
        // Strings and streams under a method this toolkit does not implement cannot be read
        // at all: refuse the file rather than show undecrypted bytes as its text.
        for (filter, method) in [methods.streamFilter, methods.stringFilter] {
            if case .unsupported(let cfm) = method {
                throw PDFError(.unsupportedEncryption, "unsupported crypt filter \(Self.written(filter)) (/CFM \(Self.written(cfm)))")
            }
        }
        self.methods = methods
        self.keyLengthCandidates = Self.keyLengths(dictionary)
    }

    /// Whether the document opens without a password: /StmF and /StrF are both /Identity
    /// (revision 4 and later), so strings and streams are in clear and only embedded files
    /// (/EFF) or streams that name a crypt filter are encrypted. Poppler opens such files
    /// without asking; the password is needed only to read those streams.
    package var opensWithoutPassword: Bool { methods.string == .none && methods.stream == .none }

    /// For a document that ``opensWithoutPassword``, a decryptor that leaves strings and
    /// streams as they are and refuses the streams that need the key (see
    /// ``Decryptor/refusal(cryptFilter:embeddedFile:)``); nil for any other document.
    package func keylessDecryptor() -> Decryptor? {
        guard opensWithoutPassword else { return nil }
        return Decryptor(
            fileKey: [], role: .user, permissions: Permissions(p: dictionary.p, revision: revision),
            encryptsMetadata: dictionary.encryptMetadata, methods: methods, hasKey: false, diagnostics: DiagnosticLog())
    }

    /// Tries the password as user password, then as owner password; nil when it is neither.
    /// The empty string is the empty user password.
    ///
    /// Revisions 2–4 hash the password in PDFDocEncoding (then Latin-1 and UTF-8 when that
    /// fails), padded or cut to 32 bytes. Revisions 5 and 6 hash its SASLprep form (the raw
    /// string when SASLprep refuses it, and as a second try) in UTF-8, cut to 127 bytes.
    package func authenticate(password: String) -> Decryptor? {
        let candidates = revision >= 5
            ? PasswordEncoding.unicodeCandidates(password)
            : PasswordEncoding.legacyCandidates(password)
        for bytes in candidates {
            if let decryptor = authenticate(passwordBytes: bytes) { return decryptor }
        }
        return nil
    }

    /// Like ``authenticate(password:)`` with the password bytes as given (no encoding step;
    /// still padded or cut to the length the revision uses).
    package func authenticate(passwordBytes: [UInt8]) -> Decryptor? {
        if revision >= 5 {
            let d = dictionary
            guard let (key, role) = StandardSecurity.authenticateR5R6(
                password: passwordBytes, u: d.u, o: d.o, ue: d.ue, oe: d.oe, revision: revision)
            else { return nil }
            return makeDecryptor(fileKey: key, role: role)
        }
        let padded = StandardSecurity.pad(passwordBytes)
        let readingsOfP = [dictionary.p] + dictionary.alternativeP.filter { $0 != dictionary.p }
        for p in readingsOfP {
            for n in keyLengthCandidates {
                if let key = userKey(paddedPassword: padded, keyLength: n, p: p) {
                    return makeDecryptor(fileKey: key, role: .user, p: p)
                }
            }
        }
        for p in readingsOfP {
            for n in keyLengthCandidates {
                let userPassword = StandardSecurity.userPasswordFromOwner(
                    paddedOwnerPassword: padded, o: dictionary.o, revision: revision, keyLength: n)
                if let key = userKey(paddedPassword: userPassword, keyLength: n, p: p) {
                    return makeDecryptor(fileKey: key, role: .owner, p: p)
                }
            }
        }
        return nil
    }

    private func userKey(paddedPassword: [UInt8], keyLength: Int, p: Int32) -> [UInt8]? {
        let d = dictionary
        return StandardSecurity.checkUserPassword(
            paddedPassword: paddedPassword, o: d.o, u: d.u, p: p, documentID: d.documentID,
            revision: revision, keyLength: keyLength, encryptMetadata: d.encryptMetadata)
    }

    /// `p`: the reading of /P the key was made with (revisions 2–4).
    private func makeDecryptor(fileKey: [UInt8], role: PasswordRole, p: Int32? = nil) -> Decryptor {
        var diagnostics = DiagnosticLog()
        if revision >= 5 {
            checkPerms(fileKey: fileKey, into: &diagnostics)
        }
        return Decryptor(
            fileKey: fileKey, role: role,
            permissions: role == .owner ? .all : Permissions(p: p ?? dictionary.p, revision: revision),
            encryptsMetadata: dictionary.encryptMetadata,
            methods: methods, hasKey: true, diagnostics: diagnostics)
    }

    /// Algorithm 13, advisory only: a /Perms that does not check out gives a warning.
    private func checkPerms(fileKey: [UInt8], into diagnostics: inout DiagnosticLog) {
        guard !dictionary.perms.isEmpty else {
            diagnostics.append(.encryptionPermsMismatch, .info, "the encryption dictionary has no /Perms entry")
            return
        }
        guard let perms = StandardSecurity.readPerms(dictionary.perms, fileKey: fileKey) else {
            diagnostics.append(.encryptionPermsMismatch, .warning, "/Perms does not decrypt with the file key; ignored")
            return
        }
        if perms.p != dictionary.p {
            diagnostics.append(
                .encryptionPermsMismatch, .warning,
                "/Perms holds permissions \(perms.p) but /P is \(dictionary.p); /P is used")
        }
        if let flag = perms.encryptMetadata, flag != dictionary.encryptMetadata {
            diagnostics.append(
                .encryptionPermsMismatch, .warning,
                "/Perms and /EncryptMetadata disagree on metadata encryption; /EncryptMetadata is used")
        }
    }

    /// A name from the file as PDF writes it, for a message: `/` then the bytes, with `#xx`
    /// for `#` and for every byte outside `!`…`~` (so no control character reaches a terminal).
    static func written(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "/")]
        for b in name.utf8 {
            if b > 0x20, b < 0x7F, b != UInt8(ascii: "#") {
                out.append(b)
            } else {
                out += [UInt8(ascii: "#"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The file key lengths to try for revisions 2–4. Revision 2 uses 5 bytes. Otherwise the
    /// length comes from an AESV2 crypt filter (always 16), the crypt filter's /Length, or
    /// the dictionary's /Length; 16 and 5 follow as fallbacks for files whose /Length is wrong.
    static func keyLengths(_ d: EncryptionDictionary) -> [Int] {
        var preferred = 5
        if d.r >= 3 {
            preferred = normalizedBits(d.lengthBits) / 8
            if d.v == 4 {
                let used = [d.stmF, d.strF].compactMap { d.cryptFilters[$0] }
                if used.contains(where: { $0.method == .aesV2 }) {
                    preferred = 16
                } else if let bytes = used.compactMap(\.lengthBytes).first {
                    preferred = bytes > 32 ? bytes / 8 : bytes
                }
            }
            preferred = min(max(preferred, 5), 16)
        }
        var out = [preferred]
        for n in (d.r >= 3 ? [16, 5] : [5]) where !out.contains(n) { out.append(n) }
        return out
    }

    /// /Length in bits; a small value was most likely written in bytes.
    private static func normalizedBits(_ value: Int) -> Int {
        if value > 0 && value <= 16 { return value * 8 }
        return value
    }
}

/// The crypt methods of a document, resolved once from the dictionary.
struct CryptMethods: Sendable {
    var string: CryptMethod
    var stream: CryptMethod
    /// For embedded file streams that name no crypt filter: /EFF, else /StmF.
    var embeddedFile: CryptMethod
    /// Named crypt filters (/CF entries plus Identity) for streams that name one.
    var named: [String: CryptMethod]
    /// The crypt filters /StmF and /StrF stand for, by name (the stand-in's name when the
    /// one written is missing from /CF), with their methods: what an error names.
    var streamFilter: (name: String, method: CryptMethod)
    var stringFilter: (name: String, method: CryptMethod)

    init(_ d: EncryptionDictionary) {
        switch d.v {
        case 1, 2:
            // No crypt filters: everything is RC4.
            string = .rc4
            stream = .rc4
            embeddedFile = .rc4
            named = ["Identity": .none]
            streamFilter = ("StdCF", .rc4)
            stringFilter = ("StdCF", .rc4)
        default:
            var named: [String: CryptMethod] = [:]
            for (name, descriptor) in d.cryptFilters { named[name] = descriptor.method }
            named["Identity"] = CryptMethod.none
            // A name missing from /CF: the only crypt filter there is, else the method the
            // version stands for.
            let only = d.cryptFilters.count == 1 ? d.cryptFilters.first : nil
            func resolve(_ name: String) -> (name: String, method: CryptMethod) {
                if let m = named[name] { return (name, m) }
                if let only { return (only.key, only.value.method) }
                return (name, d.v >= 5 ? .aesV3 : .aesV2)
            }
            streamFilter = resolve(d.stmF)
            stringFilter = resolve(d.strF)
            string = stringFilter.method
            stream = streamFilter.method
            embeddedFile = d.eff.map { resolve($0).method } ?? stream
            self.named = named
        }
    }

    /// The method for stream data: the crypt filter the stream names (a name not in /CF →
    /// /StmF), else /EFF for an embedded file, else /StmF.
    func method(forStreamFilter name: String?, embeddedFile isEmbeddedFile: Bool = false) -> CryptMethod {
        guard let name else { return isEmbeddedFile ? embeddedFile : stream }
        return named[name] ?? stream
    }
}

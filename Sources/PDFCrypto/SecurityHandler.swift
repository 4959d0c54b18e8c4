import PDFCore

/// The standard security handler (ISO 32000-2 §7.6.4), revisions 2 to 6: checks passwords
/// and hands out a ``Decryptor`` for the document.
public struct SecurityHandler: Sendable {
    public let dictionary: EncryptionDictionary

    /// The revision (/R), 2...6.
    let revision: Int
    /// File key lengths (bytes) to try for revisions 2–4, the one the dictionary implies first.
    let keyLengthCandidates: [Int]
    /// Methods resolved from /StmF, /StrF and /CF.
    let methods: CryptMethods

    /// Validates the dictionary: /Filter must be /Standard (public-key handlers are refused),
    /// /V one of 1, 2, 4, 5 and /R one of 2...6, in a combination that fits together.
    /// Anything else throws ``PDFError/Code/unsupportedEncryption``.
    public init(_ dictionary: EncryptionDictionary) throws(PDFError) {
        let filter = dictionary.filter
        if filter != "Standard" {
            let subFilter = dictionary.subFilter ?? ""
            if filter.contains("PubSec") || subFilter.hasPrefix("adbe.pkcs7") {
                throw PDFError(.unsupportedEncryption, "public-key security handler is not supported")
            }
            throw PDFError(.unsupportedEncryption, "security handler /\(filter) is not supported")
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
        self.methods = CryptMethods(dictionary)
        self.keyLengthCandidates = Self.keyLengths(dictionary)
    }

    /// Tries the password as user password, then as owner password; nil when it is neither.
    /// The empty string is the empty user password.
    ///
    /// Revisions 2–4 hash the password in PDFDocEncoding (then Latin-1 and UTF-8 when that
    /// fails), padded or cut to 32 bytes. Revisions 5 and 6 hash its SASLprep form (the raw
    /// string when SASLprep refuses it, and as a second try) in UTF-8, cut to 127 bytes.
    public func authenticate(password: String) -> Decryptor? {
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
    public func authenticate(passwordBytes: [UInt8]) -> Decryptor? {
        if revision >= 5 {
            let d = dictionary
            guard let (key, role) = StandardSecurity.authenticateR5R6(
                password: passwordBytes, u: d.u, o: d.o, ue: d.ue, oe: d.oe, revision: revision)
            else { return nil }
            return makeDecryptor(fileKey: key, role: role)
        }
        let padded = StandardSecurity.pad(passwordBytes)
        for n in keyLengthCandidates {
            if let key = userKey(paddedPassword: padded, keyLength: n) {
                return makeDecryptor(fileKey: key, role: .user)
            }
        }
        for n in keyLengthCandidates {
            let userPassword = StandardSecurity.userPasswordFromOwner(
                paddedOwnerPassword: padded, o: dictionary.o, revision: revision, keyLength: n)
            if let key = userKey(paddedPassword: userPassword, keyLength: n) {
                return makeDecryptor(fileKey: key, role: .owner)
            }
        }
        return nil
    }

    private func userKey(paddedPassword: [UInt8], keyLength: Int) -> [UInt8]? {
        let d = dictionary
        return StandardSecurity.checkUserPassword(
            paddedPassword: paddedPassword, o: d.o, u: d.u, p: d.p, documentID: d.documentID,
            revision: revision, keyLength: keyLength, encryptMetadata: d.encryptMetadata)
    }

    private func makeDecryptor(fileKey: [UInt8], role: PasswordRole) -> Decryptor {
        var diagnostics = DiagnosticLog()
        if revision >= 5 {
            checkPerms(fileKey: fileKey, into: &diagnostics)
        }
        return Decryptor(
            fileKey: fileKey, role: role,
            permissions: role == .owner ? .all : Permissions(p: dictionary.p, revision: revision),
            encryptsMetadata: dictionary.encryptMetadata,
            methods: methods, diagnostics: diagnostics)
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
    /// Named crypt filters (/CF entries plus Identity) for streams that name one.
    var named: [String: CryptMethod]

    init(_ d: EncryptionDictionary) {
        switch d.v {
        case 1, 2:
            // No crypt filters: everything is RC4.
            string = .rc4
            stream = .rc4
            named = ["Identity": .none]
        default:
            var named: [String: CryptMethod] = [:]
            for (name, descriptor) in d.cryptFilters { named[name] = descriptor.method }
            named["Identity"] = CryptMethod.none
            // A name missing from /CF: the only crypt filter there is, else the method the
            // version stands for.
            let fallback: CryptMethod = d.cryptFilters.count == 1
                ? d.cryptFilters.first!.value.method
                : (d.v >= 5 ? .aesV3 : .aesV2)
            string = named[d.strF] ?? fallback
            stream = named[d.stmF] ?? fallback
            self.named = named
        }
    }

    func method(forStreamFilter name: String?) -> CryptMethod {
        guard let name else { return stream }
        return named[name] ?? stream
    }
}

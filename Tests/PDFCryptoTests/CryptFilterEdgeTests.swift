import PDFCore
import PDFCrypto
import Testing

/// Encryption dictionaries at their edges: unknown crypt filter methods, /StmF and /StrF
/// names missing from /CF, /Identity for both (with only an /EFF filter), and /P readings.
@Suite("Crypt filters and /P at their edges")
struct CryptFilterEdgeTests {
    static let rc4 = LegacyConfig.all.first { $0.name == "R4 V4 RC4-128" }!

    /// A revision 4 dictionary (user "user", owner "owner") whose /CF, /StmF, /StrF and /EFF
    /// are replaced by the given ones; /O and /U are those of an RC4-128 writer.
    static func dictionary(
        filters: [String: CryptMethod], stmF: String, strF: String, eff: String? = nil
    ) -> (EncryptionDictionary, fileKey: [UInt8]) {
        var (d, key) = rc4.dictionary(user: utf8("user"), owner: utf8("owner"))
        d.cryptFilters = filters.mapValues { CryptFilterDescriptor(method: $0, lengthBytes: 16) }
        d.stmF = stmF
        d.strF = strF
        d.eff = eff
        return (d, key)
    }

    @Test("an unknown /CFM for streams or strings is refused, naming the filter and the method")
    func unknownMethodRefused() throws {
        let (streams, _) = Self.dictionary(filters: ["StdCF": .unsupported("ROT13")], stmF: "StdCF", strF: "StdCF")
        let e1 = #expect(throws: PDFError.self) { try SecurityHandler(streams) }
        #expect(e1?.code == .unsupportedEncryption)
        #expect(e1?.message == "unsupported crypt filter /StdCF (/CFM /ROT13)")

        // Only the strings' filter is unknown: still refused, naming that one.
        let (strings, _) = Self.dictionary(
            filters: ["StdCF": .rc4, "OddCF": .unsupported("ROT13")], stmF: "StdCF", strF: "OddCF")
        let e2 = #expect(throws: PDFError.self) { try SecurityHandler(strings) }
        #expect(e2?.message == "unsupported crypt filter /OddCF (/CFM /ROT13)")

        // A name missing from /CF stands for the only filter there; that one is unknown.
        let (missing, _) = Self.dictionary(filters: ["StdCF": .unsupported("X")], stmF: "Nowhere", strF: "Nowhere")
        let e3 = #expect(throws: PDFError.self) { try SecurityHandler(missing) }
        #expect(e3?.message == "unsupported crypt filter /StdCF (/CFM /X)")
    }

    @Test("names from the file reach messages in PDF syntax, with no control character")
    func messageEscapesNames() throws {
        let (d, _) = Self.dictionary(filters: ["Std\u{1B}CF": .unsupported("RO T#\u{7}")], stmF: "Std\u{1B}CF", strF: "Std\u{1B}CF")
        let error = #expect(throws: PDFError.self) { try SecurityHandler(d) }
        #expect(error?.message == "unsupported crypt filter /Std#1BCF (/CFM /RO#20T#23#07)")
    }

    @Test("an unknown /CFM used only by a stream that names it: the file opens; that stream is refused")
    func unknownMethodOnNamedStreamOnly() throws {
        let (d, key) = Self.dictionary(filters: ["StdCF": .rc4, "OddCF": .unsupported("ROT13")], stmF: "StdCF", strF: "StdCF")
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "user"))
        #expect(decryptor.refusal(cryptFilter: nil) == nil)
        #expect(decryptor.refusal(cryptFilter: "OddCF")?.contains("/CFM /ROT13") == true)
        let plain = utf8("stream data")
        let encrypted = StandardSecurityWriter.encrypt(plain, method: .rc4, fileKey: key, objectNumber: 7, generation: 0)
        #expect(decryptor.decryptStream(encrypted[...], objectNumber: 7, generation: 0) == plain)
    }

    @Test("/StmF and /StrF missing from /CF: the one filter there stands in; with several, the version's method")
    func missingNamesFallBack() throws {
        let (d, key) = Self.dictionary(filters: ["StdCF": .rc4], stmF: "Missing", strF: "Missing")
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "user"))
        let plain = utf8("fallback")
        let encrypted = StandardSecurityWriter.encrypt(plain, method: .rc4, fileKey: key, objectNumber: 5, generation: 0)
        #expect(decryptor.decryptStream(encrypted[...], objectNumber: 5, generation: 0) == plain)
        #expect(decryptor.decryptString(encrypted, objectNumber: 5, generation: 0) == plain)

        // Two filters, neither named: /V 4 stands for AESV2, which RC4 data does not decrypt as.
        let (two, _) = Self.dictionary(filters: ["A": .rc4, "B": .rc4], stmF: "Missing", strF: "Missing")
        let d2 = try #require(try SecurityHandler(two).authenticate(password: "user"))
        #expect(d2.decryptStream(encrypted[...], objectNumber: 5, generation: 0) != plain)
    }

    @Test("/StmF and /StrF /Identity with only an /EFF filter: no password needed; embedded files need it")
    func identityWithEmbeddedFileFilter() throws {
        let (d, key) = Self.dictionary(filters: ["EmbCF": .rc4], stmF: "Identity", strF: "Identity", eff: "EmbCF")
        let handler = try SecurityHandler(d)
        #expect(handler.opensWithoutPassword)
        #expect(handler.authenticate(password: "") == nil)  // a user password is set

        let keyless = try #require(handler.keylessDecryptor())
        #expect(!keyless.hasKey && keyless.role == .user)
        #expect(keyless.refusal(cryptFilter: nil) == nil)
        #expect(keyless.refusal(cryptFilter: "Identity") == nil)
        #expect(keyless.refusal(cryptFilter: nil, embeddedFile: true) == "stream data is encrypted and needs the password")
        #expect(keyless.refusal(cryptFilter: "EmbCF") != nil)
        #expect(keyless.decryptString(utf8("clear"), objectNumber: 3, generation: 0) == utf8("clear"))

        let plain = utf8("attachment")
        let encrypted = StandardSecurityWriter.encrypt(plain, method: .rc4, fileKey: key, objectNumber: 9, generation: 0)
        let unlocked = try #require(handler.authenticate(password: "user"))
        #expect(unlocked.hasKey)
        #expect(unlocked.refusal(cryptFilter: nil, embeddedFile: true) == nil)
        #expect(unlocked.decryptStream(encrypted[...], objectNumber: 9, generation: 0, embeddedFile: true) == plain)
        // Other streams stay in clear: /StmF is /Identity.
        #expect(unlocked.decryptStream(plain[...], objectNumber: 4, generation: 0) == plain)

        // A file whose strings or streams are encrypted has no keyless decryptor.
        let (normal, _) = Self.dictionary(filters: ["StdCF": .rc4], stmF: "StdCF", strF: "Identity")
        #expect(try SecurityHandler(normal).keylessDecryptor() == nil)
    }

    @Test("/P readings: the password is checked against each in turn; permissions come from the one that fits")
    func alternativeReadingsOfP() throws {
        let written: Int32 = -3904  // printing and copying off
        let (d, key) = Self.rc4.dictionary(user: utf8("user"), owner: utf8("owner"), p: written)
        var misread = d
        misread.p = 0
        #expect(try SecurityHandler(misread).authenticate(password: "user") == nil)
        misread.alternativeP = [17, written]
        let asUser = try #require(try SecurityHandler(misread).authenticate(password: "user"))
        #expect(asUser.fileKey == key)
        #expect(asUser.permissions == Permissions(p: written, revision: 4))
        #expect(try SecurityHandler(misread).authenticate(password: "owner")?.role == .owner)
        #expect(try SecurityHandler(misread).authenticate(password: "wrong") == nil)
    }
}

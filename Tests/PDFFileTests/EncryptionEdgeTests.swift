import Foundation
import PDFCore
import PDFCrypto
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

/// Opening files whose /Encrypt entry sits at an edge: null or leading nowhere, unknown crypt
/// filter methods, /Identity for strings and streams with an /EFF filter, and /P values no
/// 64-bit integer holds.
@Suite struct EncryptionEdgeTests {
    static let documentID = Array("pdftext-test-id!".utf8)
    static let content = Array("BT /F1 12 Tf 72 720 Td (Edge) Tj ET".utf8)

    static func hex(_ bytes: [UInt8]) -> String { PDFString(bytes: bytes, isHex: true).description }

    /// Catalog 1, pages 2, page 3, font 4, content 5 (`data`), `encrypt` as object 6 when
    /// given, plus `extra` objects; the trailer names `/Encrypt` as `encryptEntry`.
    static func file(encrypt: String?, encryptEntry: String = "6 0 R", data: [UInt8] = content,
                     catalogExtras: String = "", extra: [(Int, String)] = [], streams: [(Int, String, [UInt8])] = []) -> [UInt8] {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R \(catalogExtras) >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>")
        b.add(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        b.addStream(5, data: data)
        if let encrypt { b.add(6, "<< \(encrypt) >>") }
        for (n, body) in extra { b.add(n, body) }
        for (n, dict, bytes) in streams { b.addStream(n, dictionary: dict, data: bytes) }
        let id = hex(documentID)
        return b.build(trailer: "/Encrypt \(encryptEntry) /ID [\(id) \(id)]").bytes
    }

    /// The page's content stream, decoded.
    static func pageContent(_ doc: Document) throws -> [UInt8] {
        guard case .stream(let s) = doc.store.resolve(try #require(doc.pages.first).dictionary["Contents"]) else {
            Issue.record("no content stream")
            return []
        }
        return doc.store.streamData(s).bytes
    }

    /// An RC4-128 revision 3 dictionary (user "user", owner "owner") whose key was made with
    /// `p`, /P written as `pToken`; and the content encrypted with that key.
    static func rc4(p: Int32, pToken: String) -> (encrypt: String, data: [UInt8]) {
        let v = StandardSecurityWriter.legacyValues(
            userPassword: Array("user".utf8), ownerPassword: Array("owner".utf8), p: p, documentID: documentID,
            revision: 3, keyLength: 16)
        let data = StandardSecurityWriter.encrypt(content, method: .rc4, fileKey: v.fileKey, objectNumber: 5, generation: 0)
        return ("/Filter /Standard /V 2 /R 3 /Length 128 /O \(hex(v.o)) /U \(hex(v.u)) /P \(pToken)", data)
    }

    @Test("/Encrypt null, a missing object, a number or a stream: read as unencrypted")
    func encryptNotADictionary() throws {
        for entry in ["null", "99 0 R", "42", "5 0 R", "[1 2]"] {
            let doc = try Document(bytes: Self.file(encrypt: nil, encryptEntry: entry))
            #expect(!doc.isEncrypted && !doc.isLocked, "\(entry)")
            #expect(try Self.pageContent(doc) == Self.content, "\(entry)")
            #expect(doc.diagnostics.contains(.encryptionIgnored) == (entry != "null"), "\(entry)")
        }
        // An indirect dictionary still counts.
        let encrypted = Self.rc4(p: -4, pToken: "-4")
        let doc = try Document(bytes: Self.file(encrypt: encrypted.encrypt, data: encrypted.data), password: "user")
        #expect(doc.isEncrypted && !doc.isLocked)
        #expect(try Self.pageContent(doc) == Self.content)
    }

    @Test("an unknown /CFM for streams: refused as unsupported encryption, naming the filter")
    func unknownCryptFilterMethod() throws {
        let v = StandardSecurityWriter.legacyValues(
            userPassword: [], ownerPassword: Array("owner".utf8), p: -4, documentID: Self.documentID, revision: 4, keyLength: 16)
        let encrypt = "/Filter /Standard /V 4 /R 4 /Length 128 /O \(Self.hex(v.o)) /U \(Self.hex(v.u)) /P -4"
            + " /CF << /StdCF << /CFM /ROT13 /Length 16 >> >> /StmF /StdCF /StrF /StdCF"
        let error = #expect(throws: PDFError.self) { try Document(bytes: Self.file(encrypt: encrypt)) }
        #expect(error?.code == .unsupportedEncryption)
        #expect(error?.message == "unsupported crypt filter /StdCF (/CFM /ROT13)")

        // /CFM absent means /None (the default); /CFM written as a number is not a method.
        let absent = encrypt.replacingOccurrences(of: "/CFM /ROT13 ", with: "")
        let doc = try Document(bytes: Self.file(encrypt: absent))
        #expect(!doc.isLocked && doc.security?.dictionary.cryptFilters["StdCF"]?.method == CryptMethod.none)
        #expect(try Self.pageContent(doc) == Self.content)
        let number = encrypt.replacingOccurrences(of: "/CFM /ROT13", with: "/CFM 7")
        #expect(throws: PDFError.self) { try Document(bytes: Self.file(encrypt: number)) }
    }

    @Test("/StmF and /StrF /Identity, only an /EFF filter: opens without the password; the embedded file needs it")
    func embeddedFileFilterOnly() throws {
        let v = StandardSecurityWriter.legacyValues(
            userPassword: Array("user".utf8), ownerPassword: Array("owner".utf8), p: -3904, documentID: Self.documentID,
            revision: 4, keyLength: 16)
        let secret = Array("attached secret".utf8)
        let attachment = StandardSecurityWriter.encrypt(secret, method: .rc4, fileKey: v.fileKey, objectNumber: 9, generation: 0)
        let encrypt = "/Filter /Standard /V 4 /R 4 /Length 128 /O \(Self.hex(v.o)) /U \(Self.hex(v.u)) /P -3904"
            + " /CF << /EmbCF << /Type /CryptFilter /CFM /V2 /AuthEvent /EFOpen /Length 16 >> >>"
            + " /StmF /Identity /StrF /Identity /EFF /EmbCF"
        let bytes = Self.file(encrypt: encrypt, streams: [(9, "/Type /EmbeddedFile", attachment)])

        let doc = try Document(bytes: bytes)
        #expect(doc.isEncrypted && !doc.isLocked)
        #expect(doc.unlockedAs == .user)
        #expect(try Self.pageContent(doc) == Self.content)
        guard case .stream(let embedded) = doc.store.object(ObjectID(9)) else { Issue.record("object 9"); return }
        let refused = doc.store.streamData(embedded)
        #expect(refused.bytes.isEmpty && !refused.isComplete)
        #expect(refused.diagnostics.contains(.streamNotDecrypted))

        // The password is only needed for the embedded file, and opens it.
        let unlocked = try Document(bytes: bytes, password: "user")
        guard case .stream(let opened) = unlocked.store.object(ObjectID(9)) else { Issue.record("object 9"); return }
        #expect(unlocked.store.streamData(opened).bytes == secret)
        #expect(try Self.pageContent(unlocked) == Self.content)
        // A wrong password given explicitly is still an error.
        #expect(throws: PDFError.self) { try Document(bytes: bytes, password: "wrong") }
    }

    @Test("the encryption summary of a crypt filter whose /Length times 8 overflows: saturated key bits, no trap; strings sealed while locked")
    func summaryOfHostileFilterLength() throws {
        let v = StandardSecurityWriter.legacyValues(
            userPassword: Array("user".utf8), ownerPassword: Array("owner".utf8), p: -3904, documentID: Self.documentID,
            revision: 4, keyLength: 16)
        let encrypt = "/Filter /Standard /V 4 /R 4 /Length 128 /O \(Self.hex(v.o)) /U \(Self.hex(v.u)) /P -3904"
            + " /CF << /StdCF << /Type /CryptFilter /CFM /AESV2 /Length -9223372036854775807 >> >> /StmF /StdCF /StrF /StdCF"
        let doc = try Document(bytes: Self.file(encrypt: encrypt))
        #expect(doc.isLocked && doc.stringsSealed)
        let summary = try #require(doc.encryption)
        #expect(summary.algorithm == "AES" && summary.keyBits == Int.min && summary.version == 4 && !summary.openedAsOwner)
        // /StrF /Identity leaves strings plain: nothing is sealed although the file is locked.
        let plain = encrypt.replacingOccurrences(of: "/StrF /StdCF", with: "/StrF /Identity")
        let open = try Document(bytes: Self.file(encrypt: plain))
        #expect(open.isLocked && !open.stringsSealed)
    }

    @Test("/P beyond 64 bits: the low 32 bits of the integer as written, so the right password opens")
    func pTooLargeForInt64() throws {
        // 99999999999999999999 = 9999999999 · 10^10 + 9999999999, reduced modulo 2^32 term by term.
        let low = UInt32(truncatingIfNeeded: 9_999_999_999) &* UInt32(truncatingIfNeeded: 10_000_000_000)
            &+ UInt32(truncatingIfNeeded: 9_999_999_999)
        for (p, token) in [(Int32(bitPattern: low), "99999999999999999999"), (Int32(bitPattern: 0 &- low), "-99999999999999999999")] {
            let encrypted = Self.rc4(p: p, pToken: token)
            let bytes = Self.file(encrypt: encrypted.encrypt, data: encrypted.data)
            let doc = try Document(bytes: bytes, password: "user")
            #expect(doc.security?.dictionary.p == p, "\(token)")
            #expect(doc.unlockedAs == .user)
            #expect(doc.permissions == Permissions(p: p, revision: 3))
            #expect(try Self.pageContent(doc) == Self.content)
            #expect(try Document(bytes: bytes, password: "owner").unlockedAs == .owner)
            #expect(throws: PDFError.self) { try Document(bytes: bytes, password: "wrong") }
        }
    }

    @Test("/P in 64 bits but not 32, or written as a real: reduced modulo 2^32")
    func pOutOfRangeOrReal() throws {
        // 2^32 - 3904 (unsigned) and 2^33 - 3904 both reduce to -3904; a real is truncated.
        for token in ["4294963392", "8589930688", "-3904.0", "-3904.7"] {
            let encrypted = Self.rc4(p: -3904, pToken: token)
            let doc = try Document(bytes: Self.file(encrypt: encrypted.encrypt, data: encrypted.data), password: "user")
            #expect(doc.security?.dictionary.p == -3904, "\(token)")
            #expect(try Self.pageContent(doc) == Self.content, "\(token)")
        }
        // Not finite, or not a number: no reading (0), and nothing traps.
        for token in ["1e400", "(text)", "/Name"] {
            let encrypted = Self.rc4(p: -3904, pToken: token)
            let doc = try Document(bytes: Self.file(encrypt: encrypted.encrypt, data: encrypted.data))
            #expect(doc.security?.dictionary.p == 0, "\(token)")
            #expect(doc.isLocked)
        }
    }

    @Test("reading /P again from its digits: only `/P` itself, only integers")
    func lowBitsFromDigits() {
        func bits(_ s: String) -> UInt32? { Lexer.integerLow32Bits(Array(s.utf8), at: 0) }
        #expect(bits("4294967297 ") == 1)
        #expect(bits("-1>>") == UInt32.max)
        #expect(bits("+12") == 12)
        #expect(bits("1.5") == nil)
        #expect(bits("12e3") == nil)
        #expect(bits("-") == nil)
        #expect(bits("x") == nil)
        #expect(Lexer.integerLow32Bits([], at: 0) == nil)
    }
}

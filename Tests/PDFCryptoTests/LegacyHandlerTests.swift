import PDFCore
import PDFCrypto
import Testing

/// A revision 2–4 configuration to build dictionaries for.
struct LegacyConfig: Sendable, CustomTestStringConvertible {
    var name: String
    var v: Int
    var r: Int
    var lengthBits: Int
    /// For V4: the method of the StdCF crypt filter.
    var cfMethod: CryptMethod? = nil

    var keyLength: Int {
        if r == 2 { return 5 }
        if cfMethod == .aesV2 { return 16 }
        return lengthBits / 8
    }
    var method: CryptMethod { cfMethod ?? .rc4 }
    var testDescription: String { name }

    static let all: [LegacyConfig] = [
        LegacyConfig(name: "R2 V1 RC4-40", v: 1, r: 2, lengthBits: 40),
        LegacyConfig(name: "R3 V2 RC4-40", v: 2, r: 3, lengthBits: 40),
        LegacyConfig(name: "R3 V2 RC4-56", v: 2, r: 3, lengthBits: 56),
        LegacyConfig(name: "R3 V2 RC4-128", v: 2, r: 3, lengthBits: 128),
        LegacyConfig(name: "R4 V4 RC4-128", v: 4, r: 4, lengthBits: 128, cfMethod: .rc4),
        LegacyConfig(name: "R4 V4 AESV2", v: 4, r: 4, lengthBits: 128, cfMethod: .aesV2),
    ]

    /// An /Encrypt dictionary for these passwords, with /O and /U computed by the writer side.
    func dictionary(
        user: [UInt8], owner: [UInt8], p: Int32 = -4, id: [UInt8] = hex("651a94feeb7868d312a97b377270860e"),
        encryptMetadata: Bool = true
    ) -> (EncryptionDictionary, fileKey: [UInt8]) {
        var d = EncryptionDictionary()
        d.v = v
        d.r = r
        d.lengthBits = lengthBits
        d.p = p
        d.documentID = id
        d.encryptMetadata = encryptMetadata
        if let cfMethod {
            d.cryptFilters = ["StdCF": CryptFilterDescriptor(method: cfMethod, lengthBytes: 16)]
            d.stmF = "StdCF"
            d.strF = "StdCF"
        }
        let values = StandardSecurityWriter.legacyValues(
            userPassword: user, ownerPassword: owner, p: p, documentID: id,
            revision: r, keyLength: keyLength, encryptMetadata: encryptMetadata)
        d.o = values.o
        d.u = values.u
        return (d, values.fileKey)
    }
}

@Suite("Standard security handler, revisions 2–4")
struct LegacyHandlerTests {
    @Test(arguments: LegacyConfig.all)
    func userOwnerAndWrongPasswords(config: LegacyConfig) throws {
        let (d, key) = config.dictionary(user: utf8("user pw"), owner: utf8("owner pw"))
        let handler = try SecurityHandler(d)

        let asUser = try #require(handler.authenticate(password: "user pw"))
        #expect(asUser.role == .user)
        #expect(asUser.fileKey == key)
        #expect(asUser.fileKey.count == config.keyLength)

        let asOwner = try #require(handler.authenticate(password: "owner pw"))
        #expect(asOwner.role == .owner)
        #expect(asOwner.fileKey == key)

        #expect(handler.authenticate(password: "wrong") == nil)
        #expect(handler.authenticate(password: "") == nil)
        #expect(handler.authenticate(password: "user p") == nil)
    }

    @Test(arguments: LegacyConfig.all)
    func emptyUserPassword(config: LegacyConfig) throws {
        let (d, _) = config.dictionary(user: [], owner: utf8("secret"))
        let handler = try SecurityHandler(d)
        #expect(handler.authenticate(password: "")?.role == .user)
        #expect(handler.authenticate(passwordBytes: [])?.role == .user)
        #expect(handler.authenticate(password: "secret")?.role == .owner)
        #expect(handler.authenticate(password: "Secret") == nil)
    }

    @Test(arguments: LegacyConfig.all)
    func emptyOwnerPasswordMeansTheUserPassword(config: LegacyConfig) throws {
        let (d, _) = config.dictionary(user: utf8("only"), owner: [])
        let handler = try SecurityHandler(d)
        // Both roles share the password; the user check comes first.
        #expect(handler.authenticate(password: "only")?.role == .user)
        #expect(handler.authenticate(password: "") == nil)
    }

    @Test(arguments: LegacyConfig.all)
    func stringsAndStreamsRoundTrip(config: LegacyConfig) throws {
        let (d, key) = config.dictionary(user: utf8("u"), owner: utf8("o"))
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "o"))
        for (num, gen) in [(1, 0), (12, 0), (70_000, 3), (0x12_3456, 0x1_0002)] {
            let text = utf8("Hello, object \(num) \(gen)!")
            let encrypted = StandardSecurityWriter.encrypt(text, method: config.method, fileKey: key, objectNumber: num, generation: gen)
            #expect(encrypted != text)
            #expect(decryptor.decryptString(encrypted, objectNumber: num, generation: gen) == text)
            #expect(decryptor.decryptStream(encrypted[...], objectNumber: num, generation: gen) == text)
            // Another object's key does not decrypt it.
            #expect(decryptor.decryptString(encrypted, objectNumber: num + 1, generation: gen) != text)
            // Identity leaves data alone.
            #expect(decryptor.decryptStream(encrypted[...], objectNumber: num, generation: gen, cryptFilter: "Identity") == encrypted)
        }
        #expect(decryptor.decryptString([], objectNumber: 1, generation: 0).isEmpty)
    }

    @Test func objectKeyLength() {
        let five = [UInt8](repeating: 1, count: 5)
        let sixteen = [UInt8](repeating: 1, count: 16)
        #expect(StandardSecurity.objectKey(fileKey: five, objectNumber: 3, generation: 0, aes: false).count == 10)
        #expect(StandardSecurity.objectKey(fileKey: sixteen, objectNumber: 3, generation: 0, aes: false).count == 16)
        // Only the low 3 bytes of the object number and low 2 of the generation count.
        #expect(
            StandardSecurity.objectKey(fileKey: five, objectNumber: 0x0100_0003, generation: 0x1_0000, aes: false)
                == StandardSecurity.objectKey(fileKey: five, objectNumber: 3, generation: 0, aes: false))
        #expect(
            StandardSecurity.objectKey(fileKey: sixteen, objectNumber: 3, generation: 0, aes: true)
                != StandardSecurity.objectKey(fileKey: sixteen, objectNumber: 3, generation: 0, aes: false))
    }

    @Test func encryptMetadataFalseChangesTheR4Key() throws {
        let config = LegacyConfig.all.first { $0.name == "R4 V4 AESV2" }!
        let (withMeta, keyWith) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        let (withoutMeta, keyWithout) = config.dictionary(user: utf8("pw"), owner: utf8("own"), encryptMetadata: false)
        #expect(keyWith != keyWithout)
        #expect(withMeta.o == withoutMeta.o)  // /O does not depend on the flag
        #expect(withMeta.u != withoutMeta.u)

        let a = try #require(try SecurityHandler(withMeta).authenticate(password: "pw"))
        let b = try #require(try SecurityHandler(withoutMeta).authenticate(password: "pw"))
        #expect(a.fileKey == keyWith && a.encryptsMetadata)
        #expect(b.fileKey == keyWithout && !b.encryptsMetadata)
        #expect(try SecurityHandler(withoutMeta).authenticate(password: "own")?.role == .owner)

        // A dictionary claiming the other flag does not open with the same /U.
        var lying = withoutMeta
        lying.encryptMetadata = true
        #expect(try SecurityHandler(lying).authenticate(password: "pw") == nil)
    }

    @Test func encryptMetadataIsIgnoredBeforeRevision4() throws {
        let config = LegacyConfig.all.first { $0.name == "R3 V2 RC4-128" }!
        let (_, a) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        let (_, b) = config.dictionary(user: utf8("pw"), owner: utf8("own"), encryptMetadata: false)
        #expect(a == b)
    }

    @Test func documentIDTakesPart() throws {
        let config = LegacyConfig.all.first { $0.name == "R3 V2 RC4-128" }!
        let (d, _) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        var other = d
        other.documentID = hex("00112233445566778899aabbccddeeff")
        #expect(try SecurityHandler(other).authenticate(password: "pw") == nil)

        // An empty /ID is legal input.
        let (noID, _) = config.dictionary(user: [], owner: utf8("own"), id: [])
        #expect(try SecurityHandler(noID).authenticate(password: "")?.role == .user)
        #expect(try SecurityHandler(noID).authenticate(password: "own")?.role == .owner)
    }

    @Test func longPasswordsAreCutTo32Bytes() throws {
        let config = LegacyConfig.all.first { $0.name == "R3 V2 RC4-128" }!
        let long = String(repeating: "abcdefgh", count: 5)  // 40 bytes
        let (d, _) = config.dictionary(user: utf8(long), owner: utf8("x"))
        let handler = try SecurityHandler(d)
        #expect(handler.authenticate(password: long)?.role == .user)
        #expect(handler.authenticate(password: String(long.prefix(32)))?.role == .user)
        #expect(handler.authenticate(password: String(long.prefix(31))) == nil)
    }

    @Test func nonASCIIPasswordsInPDFDocEncodingAndUTF8() throws {
        let config = LegacyConfig.all.first { $0.name == "R3 V2 RC4-128" }!
        // "café €": PDFDocEncoding puts é at 0xE9 and € at 0xA0.
        let password = "café €"
        let pdfDoc: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0xA0]
        #expect(PasswordEncoding.pdfDocEncoded(password) == pdfDoc)
        let (d1, _) = config.dictionary(user: pdfDoc, owner: utf8("o"))
        #expect(try SecurityHandler(d1).authenticate(password: password)?.role == .user)
        #expect(try SecurityHandler(d1).authenticate(passwordBytes: pdfDoc)?.role == .user)

        // A writer that hashed UTF-8 instead: the fallback finds it.
        let (d2, _) = config.dictionary(user: utf8(password), owner: utf8("o"))
        #expect(try SecurityHandler(d2).authenticate(password: password)?.role == .user)

        // Latin-1 differs from PDFDocEncoding for some characters (U+0080 here); also tried.
        let latin = "x\u{80}y"
        let (d3, _) = config.dictionary(user: [0x78, 0x80, 0x79], owner: utf8("o"))
        #expect(PasswordEncoding.pdfDocEncoded(latin) == nil)
        #expect(try SecurityHandler(d3).authenticate(password: latin)?.role == .user)

        // A non-ASCII owner password.
        let (d4, _) = config.dictionary(user: utf8("u"), owner: [0x9F, 0xE4])
        #expect(try SecurityHandler(d4).authenticate(passwordBytes: [0x9F, 0xE4])?.role == .owner)
        #expect(try SecurityHandler(d4).authenticate(password: "\u{9F}ä")?.role == .owner)
    }

    @Test func wrongLengthEntryStillOpens() throws {
        // A V2 file written with a 128-bit key whose /Length says 40.
        let config = LegacyConfig.all.first { $0.name == "R3 V2 RC4-128" }!
        var (d, key) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        d.lengthBits = 40
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "pw"))
        #expect(decryptor.fileKey == key)
        #expect(try SecurityHandler(d).authenticate(password: "own")?.role == .owner)

        // /Length given in bytes.
        d.lengthBits = 16
        #expect(try SecurityHandler(d).authenticate(password: "pw")?.fileKey == key)
    }

    @Test func v4CryptFilterLengthInBitsIsTolerated() throws {
        let config = LegacyConfig.all.first { $0.name == "R4 V4 RC4-128" }!
        var (d, key) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        d.cryptFilters["StdCF"]?.lengthBytes = 128
        d.lengthBits = 40
        #expect(try SecurityHandler(d).authenticate(password: "pw")?.fileKey == key)
    }

    @Test func v4MixedCryptFilters() throws {
        let config = LegacyConfig.all.first { $0.name == "R4 V4 AESV2" }!
        var (d, key) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        d.strF = "Identity"
        d.cryptFilters["OldStyle"] = CryptFilterDescriptor(method: .rc4, lengthBytes: 16)
        d.cryptFilters["Off"] = CryptFilterDescriptor(method: .none)
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "pw"))

        let text = utf8("(Strings are left alone)")
        #expect(decryptor.decryptString(text, objectNumber: 5, generation: 0) == text)

        let aes = StandardSecurityWriter.encrypt(text, method: .aesV2, fileKey: key, objectNumber: 5, generation: 0)
        #expect(decryptor.decryptStream(aes[...], objectNumber: 5, generation: 0) == text)
        #expect(decryptor.decryptStream(aes[...], objectNumber: 5, generation: 0, cryptFilter: "StdCF") == text)
        // A name missing from /CF falls back to /StmF.
        #expect(decryptor.decryptStream(aes[...], objectNumber: 5, generation: 0, cryptFilter: "Nope") == text)

        let rc4 = StandardSecurityWriter.encrypt(text, method: .rc4, fileKey: key, objectNumber: 5, generation: 0)
        #expect(decryptor.decryptStream(rc4[...], objectNumber: 5, generation: 0, cryptFilter: "OldStyle") == text)
        #expect(decryptor.decryptStream(rc4[...], objectNumber: 5, generation: 0, cryptFilter: "Off") == rc4)
    }

    @Test func v4WithStdCFMissingFromCF() throws {
        // /StmF names a filter that /CF lacks, and /CF is empty: AESV2 is assumed for V4.
        let config = LegacyConfig.all.first { $0.name == "R4 V4 AESV2" }!
        var (d, key) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        d.cryptFilters = [:]
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "pw"))
        let text = utf8("guessing game")
        let aes = StandardSecurityWriter.encrypt(text, method: .aesV2, fileKey: key, objectNumber: 9, generation: 0)
        #expect(decryptor.decryptString(aes, objectNumber: 9, generation: 0) == text)
    }

    @Test func slicesWithNonZeroStartIndexDecrypt() throws {
        let config = LegacyConfig.all.first { $0.name == "R4 V4 AESV2" }!
        let (d, key) = config.dictionary(user: utf8("pw"), owner: utf8("own"))
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "pw"))
        let text = utf8("in the middle of a file")
        let encrypted = StandardSecurityWriter.encrypt(text, method: .aesV2, fileKey: key, objectNumber: 2, generation: 0)
        let file = utf8("stream\n") + encrypted + utf8("\nendstream")
        let slice = file[7..<(7 + encrypted.count)]
        #expect(decryptor.decryptStream(slice, objectNumber: 2, generation: 0) == text)
    }

    @Test func largeStreamsDecrypt() throws {
        let config = LegacyConfig.all.first { $0.name == "R4 V4 AESV2" }!
        let (d, key) = config.dictionary(user: [], owner: utf8("own"))
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: ""))
        let big = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 9)) }
        let aes = StandardSecurityWriter.encrypt(big, method: .aesV2, fileKey: key, objectNumber: 4, generation: 0)
        #expect(decryptor.decryptStream(aes[...], objectNumber: 4, generation: 0) == big)
        let rc4 = StandardSecurityWriter.encrypt(big, method: .rc4, fileKey: key, objectNumber: 4, generation: 0)
        #expect(decryptor.decrypt(rc4[...], method: .rc4, objectNumber: 4, generation: 0) == big)
    }
}

@Suite("Permissions")
struct PermissionsTests {
    /// /P with every bit set except those listed (1-based bit numbers).
    func p(clearing bits: [Int]) -> Int32 {
        var value: UInt32 = 0xFFFF_FFFC  // bits 1–2 must be 0
        for bit in bits { value &= ~(UInt32(1) << UInt32(bit - 1)) }
        return Int32(bitPattern: value)
    }

    @Test func everythingAllowed() {
        for revision in 2...6 {
            #expect(Permissions(p: -4, revision: revision) == .all)
        }
        // Written as an unsigned number in the file.
        #expect(Int32(truncatingIfNeeded: 4_294_967_292 as Int64) == -4)
    }

    @Test func nothingAllowed() {
        let none = Permissions(p: Int32(bitPattern: 0xFFFF_F0C0), revision: 3)
        #expect(!none.allowsPrinting && !none.allowsHighQualityPrinting)
        #expect(!none.allowsDocumentChanges && !none.allowsCopying && !none.allowsCommenting)
        #expect(!none.allowsFormFieldEntry && !none.allowsContentAccessibility && !none.allowsDocumentAssembly)
    }

    @Test func printing() {
        // Bit 3 set, bit 12 clear: low-quality printing only — for revision 3.
        let lowOnly = p(clearing: [12])
        #expect(Permissions(p: lowOnly, revision: 3).allowsPrinting)
        #expect(!Permissions(p: lowOnly, revision: 3).allowsHighQualityPrinting)
        #expect(Permissions(p: lowOnly, revision: 2).allowsHighQualityPrinting)  // bit 12 means nothing for R2
        // Bit 12 alone does not allow printing.
        let noPrint = p(clearing: [3])
        #expect(!Permissions(p: noPrint, revision: 4).allowsPrinting)
        #expect(!Permissions(p: noPrint, revision: 4).allowsHighQualityPrinting)
        #expect(!Permissions(p: noPrint, revision: 2).allowsHighQualityPrinting)
    }

    @Test func formsCommentsCopyingAndAssembly() {
        // Bits 4, 5 and 6 clear, bits 9, 10 and 11 set.
        let value = p(clearing: [4, 5, 6])
        let r3 = Permissions(p: value, revision: 3)
        #expect(!r3.allowsDocumentChanges && !r3.allowsCopying && !r3.allowsCommenting)
        #expect(r3.allowsFormFieldEntry && r3.allowsContentAccessibility && r3.allowsDocumentAssembly)
        let r2 = Permissions(p: value, revision: 2)
        #expect(!r2.allowsDocumentChanges && !r2.allowsCopying && !r2.allowsCommenting)
        #expect(!r2.allowsFormFieldEntry && !r2.allowsContentAccessibility && !r2.allowsDocumentAssembly)

        // Bits 9, 10 and 11 clear, bits 4, 5 and 6 set: R2 ignores the later bits; for R3+
        // the broader bits still grant them.
        let later = p(clearing: [9, 10, 11])
        let r2b = Permissions(p: later, revision: 2)
        #expect(r2b.allowsFormFieldEntry && r2b.allowsContentAccessibility && r2b.allowsDocumentAssembly)
        let r4 = Permissions(p: later, revision: 4)
        #expect(r4.allowsFormFieldEntry && r4.allowsContentAccessibility && r4.allowsDocumentAssembly)

        // Only bit 10 clear with bit 5 clear: no accessibility extraction for R3+.
        let r3c = Permissions(p: p(clearing: [5, 10]), revision: 3)
        #expect(!r3c.allowsContentAccessibility && !r3c.allowsCopying && r3c.allowsFormFieldEntry)
    }

    @Test func ownerGetsEverythingUserGetsP() throws {
        let config = LegacyConfig.all.first { $0.name == "R3 V2 RC4-128" }!
        let restrictive = p(clearing: [3, 4, 5, 6, 9, 10, 11, 12])
        let (d, _) = config.dictionary(user: utf8("u"), owner: utf8("o"), p: restrictive)
        let handler = try SecurityHandler(d)
        #expect(handler.authenticate(password: "o")?.permissions == .all)
        let user = try #require(handler.authenticate(password: "u"))
        #expect(user.permissions == Permissions(p: restrictive, revision: 3))
        #expect(!user.permissions.allowsCopying)
    }
}

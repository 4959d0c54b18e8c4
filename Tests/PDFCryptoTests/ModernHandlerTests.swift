import PDFCore
import PDFCrypto
import Testing

/// Builds revision 5/6 dictionaries with the writer side.
enum ModernFixture {
    static let fileKey = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 13 + 7) }
    static let salts = StandardSecurityWriter.Salts(
        userValidation: hex("0102030405060708"), userKey: hex("1112131415161718"),
        ownerValidation: hex("2122232425262728"), ownerKey: hex("3132333435363738"))

    static func dictionary(
        user: [UInt8], owner: [UInt8], revision: Int = 6, p: Int32 = -3904, encryptMetadata: Bool = true
    ) -> EncryptionDictionary {
        var d = EncryptionDictionary()
        d.v = 5
        d.r = revision
        d.lengthBits = 256
        d.p = p
        d.encryptMetadata = encryptMetadata
        d.cryptFilters = ["StdCF": CryptFilterDescriptor(method: .aesV3, lengthBytes: 32)]
        d.stmF = "StdCF"
        d.strF = "StdCF"
        let values = StandardSecurityWriter.modernValues(
            userPassword: user, ownerPassword: owner, fileKey: fileKey, salts: salts,
            p: p, encryptMetadata: encryptMetadata, revision: revision)
        d.u = values.u
        d.ue = values.ue
        d.o = values.o
        d.oe = values.oe
        d.perms = values.perms
        return d
    }
}

@Suite("Standard security handler, revisions 5 and 6")
struct ModernHandlerTests {
    @Test(arguments: [5, 6])
    func userOwnerAndWrongPasswords(revision: Int) throws {
        let d = ModernFixture.dictionary(user: utf8("usersecret"), owner: utf8("ownersecret"), revision: revision)
        #expect(d.u.count == 48 && d.o.count == 48 && d.ue.count == 32 && d.oe.count == 32 && d.perms.count == 16)
        let handler = try SecurityHandler(d)

        let user = try #require(handler.authenticate(password: "usersecret"))
        #expect(user.role == .user)
        #expect(user.fileKey == ModernFixture.fileKey)
        #expect(user.permissions == Permissions(p: -3904, revision: revision))
        #expect(user.diagnostics.isEmpty)

        let owner = try #require(handler.authenticate(password: "ownersecret"))
        #expect(owner.role == .owner)
        #expect(owner.fileKey == ModernFixture.fileKey)
        #expect(owner.permissions == .all)

        #expect(handler.authenticate(password: "wrong") == nil)
        #expect(handler.authenticate(password: "") == nil)
        #expect(handler.authenticate(password: "usersecre") == nil)
    }

    @Test(arguments: [5, 6])
    func emptyUserPassword(revision: Int) throws {
        let d = ModernFixture.dictionary(user: [], owner: utf8("owner"), revision: revision)
        let handler = try SecurityHandler(d)
        #expect(handler.authenticate(password: "")?.role == .user)
        #expect(handler.authenticate(password: "owner")?.role == .owner)
    }

    @Test func revision5And6HashesDiffer() throws {
        let r5 = ModernFixture.dictionary(user: utf8("pw"), owner: utf8("own"), revision: 5)
        let r6 = ModernFixture.dictionary(user: utf8("pw"), owner: utf8("own"), revision: 6)
        #expect(r5.u != r6.u)
        #expect(r5.u[32..<48] == r6.u[32..<48])  // same salts
        // An R6 dictionary relabelled as R5 does not open.
        var relabelled = r6
        relabelled.r = 5
        #expect(try SecurityHandler(relabelled).authenticate(password: "pw") == nil)
    }

    @Test func saslPrepNormalisesPasswords() throws {
        // "S\u{AA}SL\u{AD}prep": ª becomes "a" (NFKC), the soft hyphen is mapped to nothing.
        #expect(PasswordEncoding.saslPrep("S\u{AA}SL\u{AD}prep") == "SaSLprep")
        // The Ohm sign normalises to Greek capital omega.
        #expect(PasswordEncoding.saslPrep("\u{2126}mega") == "\u{3A9}mega")
        // A prohibited control character: SASLprep refuses, the raw UTF-8 is used.
        #expect(PasswordEncoding.saslPrep("a\u{7}b") == nil)
        #expect(PasswordEncoding.unicodeCandidates("a\u{7}b") == [[0x61, 0x07, 0x62]])

        let d = ModernFixture.dictionary(user: utf8("SaSLprep"), owner: utf8("\u{3A9}mega"))
        let handler = try SecurityHandler(d)
        #expect(handler.authenticate(password: "S\u{AA}SL\u{AD}prep")?.role == .user)
        #expect(handler.authenticate(password: "SaSLprep")?.role == .user)
        #expect(handler.authenticate(password: "\u{2126}mega")?.role == .owner)
        #expect(handler.authenticate(password: "\u{3A9}mega")?.role == .owner)
        #expect(handler.authenticate(password: "saslprep") == nil)
        // Raw bytes skip the preparation step.
        #expect(handler.authenticate(passwordBytes: utf8("S\u{AA}SL\u{AD}prep")) == nil)
        #expect(handler.authenticate(passwordBytes: utf8("SaSLprep"))?.role == .user)
    }

    @Test func passwordsRefusedBySASLprepStillWork() throws {
        let raw = "tab\there"
        let d = ModernFixture.dictionary(user: utf8(raw), owner: utf8("own"))
        #expect(try SecurityHandler(d).authenticate(password: raw)?.role == .user)
    }

    @Test func passwordsAreCutTo127Bytes() throws {
        let long = String(repeating: "0123456789", count: 20)  // 200 bytes
        let d = ModernFixture.dictionary(user: Array(utf8(long).prefix(127)), owner: utf8("own"))
        let handler = try SecurityHandler(d)
        #expect(handler.authenticate(password: long)?.role == .user)
        #expect(handler.authenticate(password: String(long.prefix(127)))?.role == .user)
        #expect(handler.authenticate(password: String(long.prefix(126))) == nil)
    }

    @Test func stringsAndStreamsRoundTrip() throws {
        let d = ModernFixture.dictionary(user: [], owner: utf8("own"))
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: ""))
        for length in [0, 1, 15, 16, 17, 31, 32, 100] {
            let text = (0..<length).map { UInt8(0x30 + $0 % 40) }
            let iv = (0..<16).map { UInt8($0 * 3 + length) }
            let encrypted = StandardSecurityWriter.encrypt(
                text, method: .aesV3, fileKey: ModernFixture.fileKey, objectNumber: 8, generation: 0, iv: iv)
            #expect(encrypted.count == 16 + (length / 16 + 1) * 16)
            // AESV3 does not use per-object keys: any object number decrypts.
            #expect(decryptor.decryptString(encrypted, objectNumber: 8, generation: 0) == text)
            #expect(decryptor.decryptString(encrypted, objectNumber: 99, generation: 5) == text)
            #expect(decryptor.decryptStream(encrypted[...], objectNumber: 8, generation: 0) == text)
        }
    }

    @Test func permsMismatchDoesNotPreventOpening() throws {
        var d = ModernFixture.dictionary(user: utf8("pw"), owner: utf8("own"))
        d.perms = d.perms.map { $0 ^ 0x55 }
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "pw"))
        #expect(decryptor.diagnostics.contains(.encryptionPermsMismatch))
        #expect(decryptor.fileKey == ModernFixture.fileKey)

        d.perms = []
        #expect(try SecurityHandler(d).authenticate(password: "own")?.role == .owner)

        // /Perms decrypts, but /P in the dictionary was changed: /P wins, with a warning.
        var changedP = ModernFixture.dictionary(user: utf8("pw"), owner: utf8("own"))
        changedP.p = -4
        let opened = try #require(try SecurityHandler(changedP).authenticate(password: "pw"))
        #expect(opened.permissions == .all)
        #expect(opened.diagnostics.contains(.encryptionPermsMismatch))
    }

    @Test func permsRecordsMetadataFlag() throws {
        let d = ModernFixture.dictionary(user: utf8("pw"), owner: utf8("own"), encryptMetadata: false)
        let decryptor = try #require(try SecurityHandler(d).authenticate(password: "pw"))
        #expect(!decryptor.encryptsMetadata)
        #expect(decryptor.diagnostics.isEmpty)
        let perms = try #require(StandardSecurity.readPerms(d.perms, fileKey: ModernFixture.fileKey))
        #expect(perms.p == -3904 && perms.encryptMetadata == false)
    }

    @Test func damagedEntriesGiveNilNotACrash() throws {
        let good = ModernFixture.dictionary(user: utf8("pw"), owner: utf8("own"))
        var shortU = good
        shortU.u = Array(good.u.prefix(40))
        #expect(try SecurityHandler(shortU).authenticate(password: "pw") == nil)
        var shortUE = good
        shortUE.ue = Array(good.ue.prefix(20))
        // The user password matches but /UE is unusable; the owner path does not apply.
        #expect(try SecurityHandler(shortUE).authenticate(password: "pw") == nil)
        #expect(try SecurityHandler(shortUE).authenticate(password: "own")?.role == .owner)
        var empty = EncryptionDictionary()
        empty.v = 5
        empty.r = 6
        #expect(try SecurityHandler(empty).authenticate(password: "") == nil)
        // Longer /U and /O (padded by some writers) still work.
        var padded = good
        padded.u += [0, 0, 0]
        padded.o += [0]
        #expect(try SecurityHandler(padded).authenticate(password: "pw")?.role == .user)
        #expect(try SecurityHandler(padded).authenticate(password: "own")?.role == .owner)
    }
}

@Suite("Dictionary validation")
struct ValidationTests {
    func dictionary(filter: String = "Standard", subFilter: String? = nil, v: Int, r: Int) -> EncryptionDictionary {
        var d = EncryptionDictionary()
        d.filter = filter
        d.subFilter = subFilter
        d.v = v
        d.r = r
        return d
    }

    @Test func publicKeyHandlersAreRefused() {
        for (filter, subFilter) in [("Adobe.PubSec", "adbe.pkcs7.s5"), ("Adobe.PubSec", nil), ("Other", "adbe.pkcs7.s4")] {
            let error = expectPDFError { () throws(PDFError) in _ = try SecurityHandler(dictionary(filter: filter, subFilter: subFilter, v: 4, r: 4)) }
            #expect(error?.code == .unsupportedEncryption)
            #expect(error?.message == "public-key security handler is not supported")
        }
    }

    @Test func otherHandlersAreRefused() {
        let error = expectPDFError { () throws(PDFError) in _ = try SecurityHandler(dictionary(filter: "FOPN_foweb", v: 1, r: 2)) }
        #expect(error?.code == .unsupportedEncryption)
        #expect(error?.message.contains("FOPN_foweb") == true)
    }

    @Test(arguments: [0, 3, 6, -1, 99])
    func unsupportedVersions(v: Int) {
        let error = expectPDFError { () throws(PDFError) in _ = try SecurityHandler(dictionary(v: v, r: 3)) }
        #expect(error?.code == .unsupportedEncryption)
        #expect(error?.message.contains("/V \(v)") == true)
    }

    @Test(arguments: [(1, 1), (2, 7), (4, 0), (5, 4), (5, 2), (2, 5), (4, 6)])
    func unsupportedRevisionsAndCombinations(v: Int, r: Int) {
        let error = expectPDFError { () throws(PDFError) in _ = try SecurityHandler(dictionary(v: v, r: r)) }
        #expect(error?.code == .unsupportedEncryption)
    }

    @Test(arguments: [(1, 2), (1, 3), (2, 2), (2, 3), (4, 4), (2, 4), (5, 5), (5, 6)])
    func supportedCombinations(v: Int, r: Int) throws {
        let handler = try SecurityHandler(dictionary(v: v, r: r))
        #expect(handler.dictionary.v == v)
        // Empty /O and /U: nothing opens, nothing traps.
        #expect(handler.authenticate(password: "") == nil)
    }
}

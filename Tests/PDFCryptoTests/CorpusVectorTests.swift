import PDFCore
import PDFCrypto
import Testing

/// Known-answer vectors: the /Encrypt values, trailer /ID and a few encrypted objects of the
/// pdfminer test files in /work/shared/corpus/pdfminer/encryption/ (read with
/// `qpdf --show-object`; the expected plaintexts are what qpdf decrypts them to). The
/// files themselves are not needed to run these tests.
struct CorpusVector: Sendable, CustomTestStringConvertible {
    var file: String
    var dictionary: EncryptionDictionary
    var userPassword: String
    var ownerPassword: String?
    /// (object number, generation, ciphertext, plaintext) of a stream.
    var stream: (Int, Int, [UInt8], [UInt8])
    /// (object number, generation, ciphertext, plaintext) of a string, when one was taken.
    var string: (Int, Int, [UInt8], [UInt8])?
    var testDescription: String { file }

    static let pdfminerID = hex("651a94feeb7868d312a97b377270860e")
    /// Object 12 of the pdfminer files decrypts to this (an empty zlib stream).
    static let emptyZlib = hex("789c030000000001")

    static func legacy(v: Int, r: Int, lengthBits: Int, o: String, u: String, aes: Bool = false, encryptMetadata: Bool = true) -> EncryptionDictionary {
        var d = EncryptionDictionary()
        d.v = v
        d.r = r
        d.lengthBits = lengthBits
        d.o = hex(o)
        d.u = hex(u)
        d.p = -4
        d.documentID = pdfminerID
        d.encryptMetadata = encryptMetadata
        if aes {
            d.cryptFilters = ["StdCF": CryptFilterDescriptor(method: .aesV2, lengthBytes: 16)]
            d.stmF = "StdCF"
            d.strF = "StdCF"
        }
        return d
    }

    static func modern(r: Int, o: String, u: String, oe: String, ue: String, perms: String, id: [UInt8], encryptMetadata: Bool = true) -> EncryptionDictionary {
        var d = EncryptionDictionary()
        d.v = 5
        d.r = r
        d.lengthBits = 256
        d.o = hex(o)
        d.u = hex(u)
        d.oe = hex(oe)
        d.ue = hex(ue)
        d.perms = hex(perms)
        d.p = -4
        d.documentID = id
        d.encryptMetadata = encryptMetadata
        d.cryptFilters = ["StdCF": CryptFilterDescriptor(method: .aesV3, lengthBytes: 32)]
        d.stmF = "StdCF"
        d.strF = "StdCF"
        return d
    }

    static let all: [CorpusVector] = [
        // rc4-40.pdf: /V 1 /R 2, no /Length.
        CorpusVector(
            file: "rc4-40.pdf",
            dictionary: legacy(
                v: 1, r: 2, lengthBits: 40,
                o: "01a9f0cef28d00f8dfb0258f5ef0c55c9df7c816958f363100af77ec02262454",
                u: "694b9da2f809c77c72778cfbcac20481b27205d0e7d3226236828364666a9708"),
            userPassword: "baz", ownerPassword: "foo",
            stream: (12, 0, hex("a9f8e1a2b64df47a"), emptyZlib)),
        // rc4-128.pdf: /V 2 /R 3 /Length 128.
        CorpusVector(
            file: "rc4-128.pdf",
            dictionary: legacy(
                v: 2, r: 3, lengthBits: 128,
                o: "d048d1529e535d1884cd3856367b184b4a90df01e637d16eca065baf4e64900b",
                u: "093412363b9d327c7ac50144c7c755f100000000000000000000000000000000"),
            userPassword: "baz", ownerPassword: "foo",
            stream: (12, 0, hex("e8e83bdb46723793"), emptyZlib)),
        // aes-128.pdf: /V 4 /R 4, StdCF /AESV2.
        CorpusVector(
            file: "aes-128.pdf",
            dictionary: legacy(
                v: 4, r: 4, lengthBits: 128,
                o: "d048d1529e535d1884cd3856367b184b4a90df01e637d16eca065baf4e64900b",
                u: "093412363b9d327c7ac50144c7c755f100000000000000000000000000000000", aes: true),
            userPassword: "baz", ownerPassword: "foo",
            stream: (12, 0, hex("782ce705b9e09990bcb1c23fa7f5d69ec679b8240881156d3361f333a201967d"), emptyZlib)),
        // aes-128-m.pdf: as aes-128.pdf with /EncryptMetadata false.
        CorpusVector(
            file: "aes-128-m.pdf",
            dictionary: legacy(
                v: 4, r: 4, lengthBits: 128,
                o: "d048d1529e535d1884cd3856367b184b4a90df01e637d16eca065baf4e64900b",
                u: "958c4913c05b2024060165ea145d888d00000000000000000000000000000000", aes: true,
                encryptMetadata: false),
            userPassword: "baz", ownerPassword: "foo",
            stream: (12, 0, hex("efe8f5021c0b41e6551c86f399dfcd68579faea69c00281fdd3ddaa1a59366ad"), emptyZlib)),
        // aes-256.pdf: /V 5 /R 5.
        CorpusVector(
            file: "aes-256.pdf",
            dictionary: modern(
                r: 5,
                o: "c57e3c2eda16be5b842ec6de91316f7d1893df7a06159f4e9bc331dcfca1cbb6d73873ec17f7c10e27b8d2cf38c972c7",
                u: "b3ec8a57ee4c3f2cbc4226e0590188d8e956ce332b67f8ad1ab75537e5efb49558881c7cf9badf3bb407b2135433f9bc",
                oe: "5bce31c2255a315180dc0e944879d5de2d62e3230f4cbf0a36d3b82b51fa50e7",
                ue: "79d14e4809c35d601061bdd8c654c3cd7d49d051ad21c4c309043903e2f71f08",
                perms: "570003d1b373c91d135899a5c48137fd", id: pdfminerID),
            userPassword: "baz", ownerPassword: "foo",
            stream: (12, 0, hex("446948b208de4d5b852db1ed7ff5a8c21b67d6d33ed383f64c18b7be95bfef0d"), emptyZlib)),
        // aes-256-m.pdf: /V 5 /R 5 with /EncryptMetadata false.
        CorpusVector(
            file: "aes-256-m.pdf",
            dictionary: modern(
                r: 5,
                o: "3914ac4773d5f42e773a182880bf6d3dea7dfbc9dcb2dc1dcd42199df579239d09c806ee2574a5023ba27e4b58ca58bc",
                u: "3bd7097f38c90b8ee63c7689b670dad5cb961e9519022517a6179c233a0701d61bdf62c5adc824a6b52795d557d09389",
                oe: "b7376ed0987c53d8a93dd76aa7aba0f89fe2a14e50a651bb7ae5917768136e3b",
                ue: "5e2d465d5d69b6d89f3419ac3cac9d0a3af38e24c28520ab3b1f8aae42cbb2a3",
                perms: "a5fab33b4a566c8ba97d7ae5e3da7b0b", id: pdfminerID, encryptMetadata: false),
            userPassword: "baz", ownerPassword: "foo",
            stream: (12, 0, hex("5659d36c3b272590de4732edc19aa31bdd980dd1df06e06a13ecf6a338ce1eb5"), emptyZlib)),
        // aes-256-r6.pdf: /V 5 /R 6; object 2 is the Info dictionary, object 5 the page content.
        CorpusVector(
            file: "aes-256-r6.pdf",
            dictionary: modern(
                r: 6,
                o: "047761f7f568bfacb096382f2fc7cc94ffd87f33dc472ca4a3a3a78c739c77df26a794a7819aff59b3b85780c0fafe9f",
                u: "446ea469061c56060b56fa0296bfd32cc54fa9175e92ef5c0b945f4c810e309a03af4a2ff103bbd4db065e036f78ac4c",
                oe: "65012afdd09b34431117b9fa5f557202940dece9758d53c61fc5ff436cf2515c",
                ue: "71071c8c117abc19d26b5efc44a080667ef3c3665ad3bc8f5f5b58126a15d931",
                perms: "b8729f735b0976d80f61d16bcfe09273", id: hex("5e9b54f40d14faa4bcd53932cf71689a")),
            userPassword: "usersecret", ownerPassword: "ownersecret",
            stream: (
                5, 0,
                hex("561db66c6d5fa8d8ad79363ee68223cb3b661aae613e7cefd64a0b92e0b89cb220c7945e14fbc20bb490e7811116229d4628559a78c4bd4d4af08fb889d1c288209321af373fb74e643c91ae7f0f7539"),
                utf8("  BT\n    /F1 18 Tf\n    0 0 Td\n    (Hello World) Tj\n  ET")),
            string: (2, 0, hex("9d04ff17bff04490b4805c06231315c596f7370b73a2dbcb1cad0d5a41f28413"), utf8("pyhanko"))),
        // encrypted_doc_no_id.pdf: /V 1 /R 2 with no usable trailer /ID, empty user password;
        // object 8 is the Info dictionary, object 6 a page content stream.
        CorpusVector(
            file: "encrypted_doc_no_id.pdf",
            dictionary: {
                var d = legacy(
                    v: 1, r: 2, lengthBits: 40,
                    o: "2055c756c72e1ad702608e8196acad447ad32d17cff583235f6dd15fed7dab67",
                    u: "3dd10f68c622f77c202fc53a35f6315e4e7ce53d043b06c36b9c9dab55d904fd")
                d.p = -8
                d.documentID = []
                return d
            }(),
            userPassword: "", ownerPassword: nil,
            stream: (6, 0, hex("3145f199ca477df28b4bfe55bf75b81befc1f0f63f4314e3dffbc5c2"), utf8("q 595 0 0 842 0 0 cm/I1 Do Q")),
            string: (8, 0, hex("27a5f9f3c1e36a061b2a9a5a5788cf5886d7722a8c68"), utf8("European Patent Office"))),
    ]
}

@Suite("Known answers from the pdfminer encryption files")
struct CorpusVectorTests {
    @Test(arguments: CorpusVector.all)
    func passwordsAndRoles(vector: CorpusVector) throws {
        let handler = try SecurityHandler(vector.dictionary)
        let user = try #require(handler.authenticate(password: vector.userPassword))
        #expect(user.role == .user)
        #expect(user.diagnostics.isEmpty)  // /Perms checks out where there is one
        if let ownerPassword = vector.ownerPassword {
            let owner = try #require(handler.authenticate(password: ownerPassword))
            #expect(owner.role == .owner)
            #expect(owner.fileKey == user.fileKey)
        }
        #expect(handler.authenticate(password: "wrong password") == nil)
        #expect(handler.authenticate(password: "Baz") == nil)
        if !vector.userPassword.isEmpty {
            #expect(handler.authenticate(password: "") == nil)
        }
    }

    @Test(arguments: CorpusVector.all)
    func objectsDecrypt(vector: CorpusVector) throws {
        let handler = try SecurityHandler(vector.dictionary)
        for password in [vector.userPassword] + (vector.ownerPassword.map { [$0] } ?? []) {
            let decryptor = try #require(handler.authenticate(password: password))
            let (num, gen, cipher, plain) = vector.stream
            #expect(decryptor.decryptStream(cipher[...], objectNumber: num, generation: gen) == plain)
            if let (num, gen, cipher, plain) = vector.string {
                #expect(decryptor.decryptString(cipher, objectNumber: num, generation: gen) == plain)
            }
        }
    }

    @Test func encryptMetadataFlagIsReported() throws {
        for vector in CorpusVector.all {
            let decryptor = try #require(try SecurityHandler(vector.dictionary).authenticate(password: vector.userPassword))
            #expect(decryptor.encryptsMetadata == !vector.file.hasSuffix("-m.pdf"))
        }
    }

    @Test func noIDFilePermissions() throws {
        // /P -8 in revision 2: bit 3 (printing) clear, everything else set.
        let vector = CorpusVector.all.first { $0.file == "encrypted_doc_no_id.pdf" }!
        let decryptor = try #require(try SecurityHandler(vector.dictionary).authenticate(password: ""))
        #expect(!decryptor.permissions.allowsPrinting && !decryptor.permissions.allowsHighQualityPrinting)
        #expect(decryptor.permissions.allowsCopying && decryptor.permissions.allowsDocumentChanges)
        #expect(decryptor.fileKey.count == 5)
    }

    @Test func writerSideReproducesTheFileValues() {
        // The writer's Algorithm 3 reproduces /O of rc4-40.pdf and rc4-128.pdf, and Algorithms
        // 4/5 their /U (the first 16 bytes for revision 3).
        for file in ["rc4-40.pdf", "rc4-128.pdf"] {
            let d = CorpusVector.all.first { $0.file == file }!.dictionary
            let n = d.r == 2 ? 5 : d.lengthBits / 8
            let values = StandardSecurityWriter.legacyValues(
                userPassword: utf8("baz"), ownerPassword: utf8("foo"), p: d.p, documentID: d.documentID,
                revision: d.r, keyLength: n)
            #expect(values.o == d.o, "\(file) /O")
            #expect(values.u.prefix(d.r == 2 ? 32 : 16) == d.u.prefix(d.r == 2 ? 32 : 16), "\(file) /U")
        }
    }
}

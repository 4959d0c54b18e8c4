/// The key and password algorithms of the standard security handler (ISO 32000-2 §7.6.4),
/// shared by the reading side (``SecurityHandler``) and the writing side
/// (``StandardSecurityWriter``). Algorithm numbers follow ISO 32000-2.
package enum StandardSecurity {
    /// The 32-byte string that pads passwords for revisions 2–4 (Algorithm 2, step a).
    package static let passwordPadding: [UInt8] = [
        0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
        0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
    ]

    /// A revision 2–4 password cut to 32 bytes, or completed with the padding string.
    package static func pad<C: Collection<UInt8>>(_ password: C) -> [UInt8] {
        var out = Array(password.prefix(32))
        if out.count < 32 { out += passwordPadding.prefix(32 - out.count) }
        return out
    }

    // MARK: Revisions 2–4

    /// Algorithm 2: the file encryption key from a (padded) user password.
    /// `keyLength` is n in bytes (5 for revision 2).
    package static func fileKey(
        paddedPassword: [UInt8], o: [UInt8], p: Int32, documentID: [UInt8],
        revision: Int, keyLength: Int, encryptMetadata: Bool
    ) -> [UInt8] {
        let n = max(1, min(keyLength, 16))
        let pBits = UInt32(bitPattern: p)
        let pBytes: [UInt8] = [
            UInt8(truncatingIfNeeded: pBits), UInt8(truncatingIfNeeded: pBits >> 8),
            UInt8(truncatingIfNeeded: pBits >> 16), UInt8(truncatingIfNeeded: pBits >> 24),
        ]
        var parts: [[UInt8]] = [paddedPassword, Array(o.prefix(32)), pBytes, documentID]
        if revision >= 4 && !encryptMetadata { parts.append([0xFF, 0xFF, 0xFF, 0xFF]) }
        var hash = Digests.md5(parts: parts)
        if revision >= 3 {
            for _ in 0..<50 { hash = Digests.md5(Array(hash.prefix(n))) }
        }
        return Array(hash.prefix(n))
    }

    /// Algorithm 4 (revision 2: 32 bytes) and Algorithm 5 (revision 3+: the 16 bytes that
    /// are checked) — the /U value a file key produces.
    package static func userCheckValue(fileKey: [UInt8], revision: Int, documentID: [UInt8]) -> [UInt8] {
        if revision <= 2 {
            return RC4.crypt(key: fileKey, passwordPadding)
        }
        var value = RC4.crypt(key: fileKey, Digests.md5(passwordPadding, documentID))
        for i in 1...19 {
            value = RC4.crypt(key: fileKey.map { $0 ^ UInt8(i) }, value)
        }
        return value
    }

    /// Algorithm 6 on the reading side: the file key when the padded password is the user
    /// password, nil otherwise. Revision 2 compares all 32 bytes of /U, later revisions 16.
    package static func checkUserPassword(
        paddedPassword: [UInt8], o: [UInt8], u: [UInt8], p: Int32, documentID: [UInt8],
        revision: Int, keyLength: Int, encryptMetadata: Bool
    ) -> [UInt8]? {
        let compared = revision <= 2 ? 32 : 16
        guard u.count >= compared else { return nil }
        let key = fileKey(
            paddedPassword: paddedPassword, o: o, p: p, documentID: documentID,
            revision: revision, keyLength: keyLength, encryptMetadata: encryptMetadata)
        let check = userCheckValue(fileKey: key, revision: revision, documentID: documentID)
        return check.prefix(compared).elementsEqual(u.prefix(compared)) ? key : nil
    }

    /// Algorithm 3, steps a–d: the RC4 key derived from the padded owner password.
    package static func ownerKey(paddedOwnerPassword: [UInt8], revision: Int, keyLength: Int) -> [UInt8] {
        let n = revision <= 2 ? 5 : max(1, min(keyLength, 16))
        var hash = Digests.md5(paddedOwnerPassword)
        if revision >= 3 {
            for _ in 0..<50 { hash = Digests.md5(hash) }
        }
        return Array(hash.prefix(n))
    }

    /// Algorithm 7, steps a–b: the padded user password recovered from /O with a candidate
    /// owner password.
    package static func userPasswordFromOwner(
        paddedOwnerPassword: [UInt8], o: [UInt8], revision: Int, keyLength: Int
    ) -> [UInt8] {
        let key = ownerKey(paddedOwnerPassword: paddedOwnerPassword, revision: revision, keyLength: keyLength)
        var value = Array(o.prefix(32))
        if revision <= 2 {
            return RC4.crypt(key: key, value)
        }
        for i in stride(from: 19, through: 0, by: -1) {
            value = RC4.crypt(key: key.map { $0 ^ UInt8(i) }, value)
        }
        return value
    }

    /// The per-object key for RC4 and AESV2 (Algorithm 1): MD5 of the file key, the low
    /// three bytes of the object number and low two of the generation (little-endian), and
    /// "sAlT" for AES; the first min(n + 5, 16) bytes.
    package static func objectKey(fileKey: [UInt8], objectNumber: Int, generation: Int, aes: Bool) -> [UInt8] {
        var input = fileKey
        input.reserveCapacity(fileKey.count + 9)
        input.append(UInt8(truncatingIfNeeded: objectNumber))
        input.append(UInt8(truncatingIfNeeded: objectNumber >> 8))
        input.append(UInt8(truncatingIfNeeded: objectNumber >> 16))
        input.append(UInt8(truncatingIfNeeded: generation))
        input.append(UInt8(truncatingIfNeeded: generation >> 8))
        if aes { input += [0x73, 0x41, 0x6C, 0x54] }  // "sAlT"
        return Array(Digests.md5(input).prefix(min(fileKey.count + 5, 16)))
    }

    // MARK: Revisions 5 and 6

    /// The hash of Algorithm 2.A: plain SHA-256 for revision 5, Algorithm 2.B for revision 6.
    /// `userKey` is the first 48 bytes of /U when checking the owner password, empty otherwise.
    package static func passwordHash(password: [UInt8], salt: ArraySlice<UInt8>, userKey: [UInt8], revision: Int) -> [UInt8] {
        if revision <= 5 {
            return Digests.sha256(password, Array(salt), userKey)
        }
        return hardenedHash(password: password, salt: Array(salt), userKey: userKey)
    }

    /// Algorithm 2.B: SHA-256, then rounds of AES-128-CBC over 64 repetitions of
    /// password + K + user key, each rehashed with SHA-256/384/512 picked by the first 16
    /// bytes of the ciphertext modulo 3; at least 64 rounds, then until the last ciphertext
    /// byte is at most the round number minus 32.
    package static func hardenedHash(password: [UInt8], salt: [UInt8], userKey: [UInt8]) -> [UInt8] {
        var k = Digests.sha256(password, salt, userKey)
        var round = 0
        while true {
            round += 1
            let unit = password + k + userKey
            var k1: [UInt8] = []
            k1.reserveCapacity(unit.count * 64)
            for _ in 0..<64 { k1 += unit }
            // K is at least 32 bytes, and k1 a multiple of 16 bytes long (64 copies), so
            // the encryption cannot fail; the fallback only keeps the loop total.
            let e = AESBlocks.cbcEncrypt(k1, key: k[0..<16], iv: k[16..<32]) ?? k1
            // The first 16 bytes as a big-endian number modulo 3: 256 ≡ 1 (mod 3), so the
            // byte sum has the same remainder.
            var sum = 0
            for b in e.prefix(16) { sum += Int(b) }
            switch sum % 3 {
            case 0: k = Digests.sha256(e)
            case 1: k = Digests.sha384(e)
            default: k = Digests.sha512(e)
            }
            if round >= 64, let last = e.last, Int(last) <= round - 32 { break }
        }
        return Array(k.prefix(32))
    }

    /// Algorithm 2.A, steps that decrypt /UE or /OE: AES-256-CBC with a zero IV and no padding.
    package static func unwrapFileKey(_ wrapped: [UInt8], intermediateKey: [UInt8]) -> [UInt8]? {
        guard wrapped.count >= 32 else { return nil }
        return AESBlocks.cbcDecrypt(wrapped[0..<32], key: intermediateKey, iv: zeroIV[...])
    }

    package static let zeroIV = [UInt8](repeating: 0, count: 16)

    /// Algorithm 11 (user) / 12 (owner) with the key derivation of Algorithm 2.A: the file
    /// key and the role the password has, or nil. The user password is tried first.
    package static func authenticateR5R6(
        password: [UInt8], u: [UInt8], o: [UInt8], ue: [UInt8], oe: [UInt8], revision: Int
    ) -> (key: [UInt8], role: PasswordRole)? {
        guard u.count >= 48, o.count >= 48 else { return nil }
        let pw = Array(password.prefix(127))
        let uHash = u[0..<32], uValidationSalt = u[32..<40], uKeySalt = u[40..<48]
        if passwordHash(password: pw, salt: uValidationSalt, userKey: [], revision: revision).elementsEqual(uHash) {
            let intermediate = passwordHash(password: pw, salt: uKeySalt, userKey: [], revision: revision)
            if let key = unwrapFileKey(ue, intermediateKey: intermediate) { return (key, .user) }
        }
        let userKey = Array(u[0..<48])
        let oHash = o[0..<32], oValidationSalt = o[32..<40], oKeySalt = o[40..<48]
        if passwordHash(password: pw, salt: oValidationSalt, userKey: userKey, revision: revision).elementsEqual(oHash) {
            let intermediate = passwordHash(password: pw, salt: oKeySalt, userKey: userKey, revision: revision)
            if let key = unwrapFileKey(oe, intermediateKey: intermediate) { return (key, .owner) }
        }
        return nil
    }

    /// Algorithm 13: decrypts /Perms with the file key. Returns nil when it decrypts to
    /// something without the "adb" marker; otherwise the P value and the metadata flag it holds.
    package static func readPerms(_ perms: [UInt8], fileKey: [UInt8]) -> (p: Int32, encryptMetadata: Bool?)? {
        guard perms.count >= 16, let block = AESBlocks.decryptBlock(Array(perms.prefix(16)), key: fileKey) else { return nil }
        guard block[9] == 0x61, block[10] == 0x64, block[11] == 0x62 else { return nil }  // "adb"
        let p = UInt32(block[0]) | UInt32(block[1]) << 8 | UInt32(block[2]) << 16 | UInt32(block[3]) << 24
        let flag: Bool? = block[8] == 0x54 ? true : (block[8] == 0x46 ? false : nil)  // "T" / "F"
        return (Int32(bitPattern: p), flag)
    }
}

/// The writing side of the standard security handler: computes /O, /U, /OE, /UE and
/// /Perms for given passwords, and encrypts strings and streams. The toolkit only reads
/// PDF; this exists so that tests can build encrypted dictionaries and data for any
/// revision and check the reading side against them.
package enum StandardSecurityWriter {
    /// Algorithm 3: /O for revisions 2–4. An empty owner password means the user password.
    package static func computeO(ownerPassword: [UInt8], userPassword: [UInt8], revision: Int, keyLength: Int) -> [UInt8] {
        let owner = ownerPassword.isEmpty ? userPassword : ownerPassword
        let key = StandardSecurity.ownerKey(
            paddedOwnerPassword: StandardSecurity.pad(owner), revision: revision, keyLength: keyLength)
        var value = RC4.crypt(key: key, StandardSecurity.pad(userPassword))
        if revision >= 3 {
            for i in 1...19 {
                value = RC4.crypt(key: key.map { $0 ^ UInt8(i) }, value)
            }
        }
        return value
    }

    /// Algorithms 4 and 5: /U for revisions 2–4 from the file key. Revision 3+ fills the
    /// 16 arbitrary trailing bytes with `filler`.
    package static func computeU(fileKey: [UInt8], revision: Int, documentID: [UInt8], filler: UInt8 = 0) -> [UInt8] {
        let check = StandardSecurity.userCheckValue(fileKey: fileKey, revision: revision, documentID: documentID)
        if revision <= 2 { return check }
        return check + [UInt8](repeating: filler, count: 16)
    }

    /// /O, /U and the file key for revisions 2–4.
    package static func legacyValues(
        userPassword: [UInt8], ownerPassword: [UInt8], p: Int32, documentID: [UInt8],
        revision: Int, keyLength: Int, encryptMetadata: Bool = true
    ) -> (o: [UInt8], u: [UInt8], fileKey: [UInt8]) {
        let n = revision <= 2 ? 5 : keyLength
        let o = computeO(ownerPassword: ownerPassword, userPassword: userPassword, revision: revision, keyLength: n)
        let key = StandardSecurity.fileKey(
            paddedPassword: StandardSecurity.pad(userPassword), o: o, p: p, documentID: documentID,
            revision: revision, keyLength: n, encryptMetadata: encryptMetadata)
        let u = computeU(fileKey: key, revision: revision, documentID: documentID)
        return (o, u, key)
    }

    /// The salts revision 5/6 values are made from (8 bytes each).
    package struct Salts: Sendable {
        package var userValidation: [UInt8]
        package var userKey: [UInt8]
        package var ownerValidation: [UInt8]
        package var ownerKey: [UInt8]
        package init(userValidation: [UInt8], userKey: [UInt8], ownerValidation: [UInt8], ownerKey: [UInt8]) {
            self.userValidation = userValidation
            self.userKey = userKey
            self.ownerValidation = ownerValidation
            self.ownerKey = ownerKey
        }
    }

    /// Algorithm 8: /U and /UE for revision 5 or 6. The password is used as given (already
    /// SASLprep'ed and UTF-8 encoded), cut to 127 bytes.
    package static func computeUandUE(
        userPassword: [UInt8], fileKey: [UInt8], salts: Salts, revision: Int
    ) -> (u: [UInt8], ue: [UInt8]) {
        let pw = Array(userPassword.prefix(127))
        let hash = StandardSecurity.passwordHash(password: pw, salt: salts.userValidation[...], userKey: [], revision: revision)
        let u = hash + salts.userValidation + salts.userKey
        let intermediate = StandardSecurity.passwordHash(password: pw, salt: salts.userKey[...], userKey: [], revision: revision)
        let ue = AESBlocks.cbcEncrypt(fileKey, key: intermediate[...], iv: StandardSecurity.zeroIV[...]) ?? []
        return (u, ue)
    }

    /// Algorithm 9: /O and /OE for revision 5 or 6, given the 48-byte /U.
    package static func computeOandOE(
        ownerPassword: [UInt8], fileKey: [UInt8], u: [UInt8], salts: Salts, revision: Int
    ) -> (o: [UInt8], oe: [UInt8]) {
        let pw = Array(ownerPassword.prefix(127))
        let userKey = Array(u.prefix(48))
        let hash = StandardSecurity.passwordHash(password: pw, salt: salts.ownerValidation[...], userKey: userKey, revision: revision)
        let o = hash + salts.ownerValidation + salts.ownerKey
        let intermediate = StandardSecurity.passwordHash(password: pw, salt: salts.ownerKey[...], userKey: userKey, revision: revision)
        let oe = AESBlocks.cbcEncrypt(fileKey, key: intermediate[...], iv: StandardSecurity.zeroIV[...]) ?? []
        return (o, oe)
    }

    /// Algorithm 10: /Perms. `filler` supplies bytes 12–15.
    package static func computePerms(p: Int32, encryptMetadata: Bool, fileKey: [UInt8], filler: [UInt8] = [0, 0, 0, 0]) -> [UInt8] {
        let bits = UInt32(bitPattern: p)
        var block: [UInt8] = [
            UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
            UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 24),
            0xFF, 0xFF, 0xFF, 0xFF,
            encryptMetadata ? 0x54 : 0x46, 0x61, 0x64, 0x62,
        ]
        block += filler.prefix(4) + [UInt8](repeating: 0, count: max(0, 4 - filler.count))
        return AESBlocks.encryptBlock(block, key: fileKey) ?? []
    }

    /// A complete revision 5/6 dictionary's password values.
    package static func modernValues(
        userPassword: [UInt8], ownerPassword: [UInt8], fileKey: [UInt8], salts: Salts,
        p: Int32, encryptMetadata: Bool, revision: Int
    ) -> (u: [UInt8], ue: [UInt8], o: [UInt8], oe: [UInt8], perms: [UInt8]) {
        let (u, ue) = computeUandUE(userPassword: userPassword, fileKey: fileKey, salts: salts, revision: revision)
        let (o, oe) = computeOandOE(ownerPassword: ownerPassword, fileKey: fileKey, u: u, salts: salts, revision: revision)
        let perms = computePerms(p: p, encryptMetadata: encryptMetadata, fileKey: fileKey)
        return (u, ue, o, oe, perms)
    }

    /// Encrypts a string or stream of object (num, gen) the way a writer would: RC4 with the
    /// object key, or AES-CBC with PKCS#7 padding behind the given 16-byte IV.
    package static func encrypt(
        _ plain: [UInt8], method: CryptMethod, fileKey: [UInt8], objectNumber: Int, generation: Int,
        iv: [UInt8] = [UInt8](repeating: 0x5A, count: 16)
    ) -> [UInt8] {
        switch method {
        case .none, .unsupported:
            return plain
        case .rc4:
            let key = StandardSecurity.objectKey(fileKey: fileKey, objectNumber: objectNumber, generation: generation, aes: false)
            return RC4.crypt(key: key, plain)
        case .aesV2, .aesV3:
            let key = method == .aesV3
                ? fileKey
                : StandardSecurity.objectKey(fileKey: fileKey, objectNumber: objectNumber, generation: generation, aes: true)
            let padLength = 16 - plain.count % 16
            let padded = plain + [UInt8](repeating: UInt8(padLength), count: padLength)
            return iv + (AESBlocks.cbcEncrypt(padded, key: key[...], iv: iv[...]) ?? [])
        }
    }
}

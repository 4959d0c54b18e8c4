import PDFCore

/// Decrypts the strings and streams of one document with the file key a password unlocked.
package struct Decryptor: Sendable {
    package let fileKey: [UInt8]
    package let role: PasswordRole
    /// From /P; all permissions when opened with the owner password (as PDFKit does).
    package let permissions: Permissions
    package let encryptsMetadata: Bool
    /// Findings made while opening, such as a /Perms entry that does not check out.
    package let diagnostics: DiagnosticLog

    /// False for the decryptor of a document opened without a password because its strings
    /// and streams are in clear (``SecurityHandler/keylessDecryptor()``): ``fileKey`` is empty.
    package let hasKey: Bool

    let methods: CryptMethods

    init(
        fileKey: [UInt8], role: PasswordRole, permissions: Permissions, encryptsMetadata: Bool,
        methods: CryptMethods, hasKey: Bool, diagnostics: DiagnosticLog
    ) {
        self.fileKey = fileKey
        self.role = role
        self.permissions = permissions
        self.encryptsMetadata = encryptsMetadata
        self.methods = methods
        self.hasKey = hasKey
        self.diagnostics = diagnostics
    }

    /// Why the data of a stream that names `cryptFilter` (nil: none; `embeddedFile`: an
    /// embedded file stream, under /EFF) cannot be decrypted, or nil when it can: its crypt
    /// filter's method is not implemented, or the document was opened without a password
    /// and this stream needs one.
    package func refusal(cryptFilter: String?, embeddedFile: Bool = false) -> String? {
        let method = methods.method(forStreamFilter: cryptFilter, embeddedFile: embeddedFile)
        switch method {
        case .none:
            return nil
        case .unsupported(let cfm):
            return "stream data under an unsupported crypt filter (/CFM /\(cfm)) cannot be decrypted"
        case .rc4, .aesV2, .aesV3:
            return hasKey ? nil : "stream data is encrypted and needs the password"
        }
    }

    /// Decrypts a string of object (num, gen) with /StrF.
    package func decryptString(_ bytes: [UInt8], objectNumber: Int, generation: Int) -> [UInt8] {
        decrypt(bytes[...], method: methods.string, objectNumber: objectNumber, generation: generation)
    }

    /// Decrypts stream data of object (num, gen) with the named crypt filter (nil → /StmF,
    /// or /EFF for an embedded file stream; "Identity" → unchanged; a name not in /CF →
    /// /StmF). Check ``refusal(cryptFilter:embeddedFile:)`` first: data that cannot be
    /// decrypted comes back unchanged.
    package func decryptStream(
        _ bytes: ArraySlice<UInt8>, objectNumber: Int, generation: Int, cryptFilter: String? = nil,
        embeddedFile: Bool = false
    ) -> [UInt8] {
        decrypt(
            bytes, method: methods.method(forStreamFilter: cryptFilter, embeddedFile: embeddedFile),
            objectNumber: objectNumber, generation: generation)
    }

    /// Decrypts with an explicit method.
    package func decrypt(_ bytes: ArraySlice<UInt8>, method: CryptMethod, objectNumber: Int, generation: Int) -> [UInt8] {
        if !hasKey && method != .none { return Array(bytes) }
        switch method {
        case .none, .unsupported:
            return Array(bytes)
        case .rc4:
            if bytes.isEmpty { return [] }
            let key = StandardSecurity.objectKey(
                fileKey: fileKey, objectNumber: objectNumber, generation: generation, aes: false)
            return RC4.crypt(key: key, bytes)
        case .aesV2:
            if bytes.isEmpty { return [] }
            let key = StandardSecurity.objectKey(
                fileKey: fileKey, objectNumber: objectNumber, generation: generation, aes: true)
            return AESBlocks.decryptWithLeadingIV(bytes, key: key)
        case .aesV3:
            return AESBlocks.decryptWithLeadingIV(bytes, key: fileKey)
        }
    }
}

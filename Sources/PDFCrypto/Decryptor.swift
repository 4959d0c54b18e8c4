import PDFCore

/// Decrypts the strings and streams of one document with the file key a password unlocked.
public struct Decryptor: Sendable {
    public let fileKey: [UInt8]
    public let role: PasswordRole
    /// From /P; all permissions when opened with the owner password (as PDFKit does).
    public let permissions: Permissions
    public let encryptsMetadata: Bool
    /// Findings made while opening, such as a /Perms entry that does not check out.
    public let diagnostics: DiagnosticLog

    let methods: CryptMethods

    init(
        fileKey: [UInt8], role: PasswordRole, permissions: Permissions, encryptsMetadata: Bool,
        methods: CryptMethods, diagnostics: DiagnosticLog
    ) {
        self.fileKey = fileKey
        self.role = role
        self.permissions = permissions
        self.encryptsMetadata = encryptsMetadata
        self.methods = methods
        self.diagnostics = diagnostics
    }

    /// Decrypts a string of object (num, gen) with /StrF.
    public func decryptString(_ bytes: [UInt8], objectNumber: Int, generation: Int) -> [UInt8] {
        decrypt(bytes[...], method: methods.string, objectNumber: objectNumber, generation: generation)
    }

    /// Decrypts stream data of object (num, gen) with the named crypt filter (nil → /StmF;
    /// "Identity" → unchanged; a name not in /CF → /StmF).
    public func decryptStream(
        _ bytes: ArraySlice<UInt8>, objectNumber: Int, generation: Int, cryptFilter: String? = nil
    ) -> [UInt8] {
        decrypt(
            bytes, method: methods.method(forStreamFilter: cryptFilter),
            objectNumber: objectNumber, generation: generation)
    }

    /// Decrypts with an explicit method.
    package func decrypt(_ bytes: ArraySlice<UInt8>, method: CryptMethod, objectNumber: Int, generation: Int) -> [UInt8] {
        switch method {
        case .none:
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

import PDFCore
import PDFCrypto

/// How an encrypted document is encrypted, in the words `pdfinfo` uses: what `pdftext info`
/// prints and what a caller shows next to the permissions.
public struct EncryptionSummary: Sendable, Hashable {
    /// "RC4", "AES", "AES-256", "none" (a /V 4 handler whose crypt filters are /Identity)
    /// or "unknown".
    public var algorithm: String
    /// The key length in bits, when the handler states or implies one.
    public var keyBits: Int?
    /// The security handler's /V and /R.
    public var version: Int
    public var revision: Int
    /// /EncryptMetadata (true unless the file says false).
    public var encryptsMetadata: Bool
    /// True when the owner password opened the file (false for the user password, and
    /// while the document is still locked).
    public var openedAsOwner: Bool

    init(_ s: EncryptionDictionary, openedAs role: PasswordRole?) {
        version = s.v
        revision = s.r
        encryptsMetadata = s.encryptMetadata
        openedAsOwner = role == .owner
        let method = s.cryptFilters[s.stmF]?.method ?? s.cryptFilters[s.strF]?.method
        switch s.v {
        case 1:
            algorithm = "RC4"; keyBits = 40
        case 2:
            algorithm = "RC4"; keyBits = s.lengthBits
        case 4:
            algorithm = method == .aesV2 ? "AES" : method == .aesV3 ? "AES-256" : method == .rc4 ? "RC4" : "none"
            // (Saturating: /Length is the file's, and may be any integer.)
            keyBits = s.cryptFilters[s.stmF]?.lengthBytes.map { $0.multipliedSaturating(by: 8) } ?? 128
        case 5:
            algorithm = "AES-256"; keyBits = 256
        default:
            algorithm = "unknown"; keyBits = nil
        }
    }
}

extension Document {
    /// How the file is encrypted; nil when it is not.
    public var encryption: EncryptionSummary? {
        security.map { EncryptionSummary($0.dictionary, openedAs: unlockedAs) }
    }
}

import PDFCore

/// How a crypt filter transforms data: the /CFM entry of a crypt filter dictionary
/// (ISO 32000-2 §7.6.6). `none` is /CFM /None (also when /CFM is absent, its default);
/// `rc4` is /V2; `aesV2` is /AESV2 (AES-128); `aesV3` is /AESV3 (AES-256); `unsupported`
/// is any other /CFM, with the name as written: data under it cannot be decrypted.
package enum CryptMethod: Sendable, Hashable {
    case none, rc4, aesV2, aesV3
    case unsupported(String)
}

/// One entry of the /CF dictionary of an /Encrypt dictionary.
package struct CryptFilterDescriptor: Sendable, Hashable {
    package var method: CryptMethod
    /// The /Length of the crypt filter in bytes. Values above 32 were written in bits and
    /// are divided by 8 by whoever fills this in (``SecurityHandler`` tolerates them too).
    package var lengthBytes: Int?

    package init(method: CryptMethod, lengthBytes: Int? = nil) {
        self.method = method
        self.lengthBytes = lengthBytes
    }
}

/// The values of an /Encrypt dictionary (ISO 32000-2 §7.6), unpacked by the file layer.
package struct EncryptionDictionary: Sendable, Hashable {
    package var filter: String = "Standard"
    package var subFilter: String? = nil
    package var v: Int = 0
    package var r: Int = 2
    package var lengthBits: Int = 40
    package var o: [UInt8] = []
    package var u: [UInt8] = []
    package var oe: [UInt8] = []
    package var ue: [UInt8] = []
    package var perms: [UInt8] = []
    /// /P, reduced modulo 2^32 as other readers do: files write it as a signed or an unsigned
    /// 32-bit number, and sometimes as a larger one (the caller converts with
    /// `Int32(truncatingIfNeeded:)`).
    package var p: Int32 = 0
    /// Further readings of /P tried, in order, when a password does not fit with ``p``
    /// (revisions 2–4 hash /P into the file key). A /P too large for a 64-bit integer is
    /// parsed as a real, which has lost its low bits: ``p`` is then the low 32 bits of the
    /// integer as written, and the real's own value modulo 2^32 is tried next.
    package var alternativeP: [Int32] = []
    package var encryptMetadata: Bool = true
    /// /CF: crypt filters by name.
    package var cryptFilters: [String: CryptFilterDescriptor] = [:]
    package var stmF: String = "Identity"
    package var strF: String = "Identity"
    /// /EFF: the crypt filter of embedded file streams that name none (§7.6.6).
    package var eff: String? = nil
    /// The first element of the trailer /ID (may be empty).
    package var documentID: [UInt8] = []

    package init() {}

    /// Whether the file's strings are encrypted: /StrF resolved as decryption resolves it
    /// (``CryptMethods``: RC4 below /V 4; /Identity or a method of none leaves them plain).
    package var encryptsStrings: Bool { CryptMethods(self).string != CryptMethod.none }
    /// Whether the catalog's metadata stream is encrypted: /StmF resolved as decryption
    /// resolves it, unless /EncryptMetadata is false (from /V 4 on, where it exists).
    package var encryptsMetadataStream: Bool { (v < 4 || encryptMetadata) && CryptMethods(self).stream != CryptMethod.none }
}

/// The user access permissions of /P (ISO 32000-2 Table 22), with the names Apple's PDFKit
/// uses on `PDFDocument`.
///
/// For revision 3 and later, the bits that grant something "even if" another bit is clear
/// are combined with that bit: form filling (bit 9) is also allowed by bit 6, assembly
/// (bit 11) by bit 4, extraction for accessibility (bit 10) by bit 5, and high-quality
/// printing (bit 12) needs printing (bit 3). For revision 2 the later bits do not exist and
/// take the value of the bit that covered them then.
public struct Permissions: Sendable, Hashable {
    /// Bit 3.
    public var allowsPrinting: Bool
    /// Bit 12 (revision 3+), together with bit 3; for revision 2 the same as bit 3.
    public var allowsHighQualityPrinting: Bool
    /// Bit 4.
    public var allowsDocumentChanges: Bool
    /// Bit 5.
    public var allowsCopying: Bool
    /// Bit 6.
    public var allowsCommenting: Bool
    /// Bit 9 or bit 6 (revision 3+); for revision 2 bit 6.
    public var allowsFormFieldEntry: Bool
    /// Bit 10 or bit 5 (revision 3+); for revision 2 bit 5.
    public var allowsContentAccessibility: Bool
    /// Bit 11 or bit 4 (revision 3+); for revision 2 bit 4.
    public var allowsDocumentAssembly: Bool

    public init(p: Int32, revision: Int) {
        let bits = UInt32(bitPattern: p)
        func bit(_ n: Int) -> Bool { bits & (UInt32(1) << UInt32(n - 1)) != 0 }
        allowsPrinting = bit(3)
        allowsDocumentChanges = bit(4)
        allowsCopying = bit(5)
        allowsCommenting = bit(6)
        if revision >= 3 {
            allowsHighQualityPrinting = bit(3) && bit(12)
            allowsFormFieldEntry = bit(9) || bit(6)
            allowsContentAccessibility = bit(10) || bit(5)
            allowsDocumentAssembly = bit(11) || bit(4)
        } else {
            allowsHighQualityPrinting = bit(3)
            allowsFormFieldEntry = bit(6)
            allowsContentAccessibility = bit(5)
            allowsDocumentAssembly = bit(4)
        }
    }

    /// Everything allowed: unencrypted documents, and documents opened with the owner password.
    public static let all = Permissions(p: -1, revision: 6)
}

/// Which password opened the document.
public enum PasswordRole: Sendable, Hashable {
    case user, owner
}

extension Diagnostic.Code {
    /// The /Perms entry of a revision 5/6 dictionary did not decrypt to the expected
    /// marker, or disagrees with /P or /EncryptMetadata. The document is opened anyway.
    public static let encryptionPermsMismatch = Diagnostic.Code("encryptionPermsMismatch")
}

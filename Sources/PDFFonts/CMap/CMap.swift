import PDFCore

// STUB: the contract for CMaps (encoding CMaps of Type 0 fonts, and ToUnicode CMaps).

/// A character-code to CID map (PDF 32000-1 §9.7.5): codespace ranges that say how many
/// bytes a code takes, `cidchar`/`cidrange`/`notdef*` mappings, `usecmap` inheritance,
/// writing mode.
public final class CMap: Sendable {
    public let name: String?
    /// 0 horizontal, 1 vertical.
    public let writingMode: Int
    /// /CIDSystemInfo registry and ordering (`Adobe`, `Japan1`), when declared.
    public let registry: String?
    public let ordering: String?

    public init(name: String?, writingMode: Int, registry: String?, ordering: String?) {
        self.name = name; self.writingMode = writingMode; self.registry = registry; self.ordering = ordering
    }

    /// Parses a CMap program. `resolve` supplies CMaps named by `usecmap`.
    public static func parse(_ bytes: [UInt8], resolve: (String) -> CMap?, diagnostics: inout DiagnosticLog) -> CMap? {
        nil
    }

    /// `Identity-H` / `Identity-V`: two-byte codes, CID = code.
    public static let identityH = CMap(name: "Identity-H", writingMode: 0, registry: "Adobe", ordering: "Identity")
    public static let identityV = CMap(name: "Identity-V", writingMode: 1, registry: "Adobe", ordering: "Identity")

    /// Reads the code starting at `bytes[index]` using the codespace ranges; returns the code
    /// and its length in bytes (at least 1, so a caller always moves forward). A byte
    /// sequence no range matches is read as the shortest range's length, as Acrobat does.
    public func nextCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (code: UInt32, length: Int) {
        let n = min(2, bytes.count - index)
        var c: UInt32 = 0
        for k in 0..<n { c = c << 8 | UInt32(bytes[index + k]) }
        return (c, max(1, n))
    }

    /// The CID for a code of `length` bytes, or nil when unmapped (CID 0 is then used).
    public func cid(for code: UInt32, length: Int) -> UInt32? { code }
}

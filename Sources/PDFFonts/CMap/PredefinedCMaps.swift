// STUB: the contract for predefined CMaps and CID-to-Unicode tables (read from Debian's
// poppler-data files).

public enum PredefinedCMaps {
    /// Where CMap files are looked for: `$PDFTEXT_CMAP_DIR`, then `/usr/share/poppler/cMap`.
    public static var searchPaths: [String] { [] }
    public static var isAvailable: Bool { false }

    /// A predefined CMap by name (`UniJIS-UCS2-H`, `90ms-RKSJ-V`, `Identity-H`, …), loaded
    /// once per process. Nil when unknown or the data files are absent.
    public static func cmap(named name: String) -> CMap? {
        switch name {
        case "Identity-H": return CMap.identityH
        case "Identity-V": return CMap.identityV
        default: return nil
        }
    }

    /// The CID → Unicode table of a character collection (`Adobe-Japan1`, `Adobe-GB1`,
    /// `Adobe-CNS1`, `Adobe-Korea1`, and `Adobe-KR`), loaded once per process.
    public static func cidToUnicode(registry: String, ordering: String) -> CIDToUnicodeTable? { nil }
}

/// CID → Unicode for one character collection.
public struct CIDToUnicodeTable: Sendable {
    public init() {}
    public func unicode(for cid: UInt32) -> [Unicode.Scalar]? { nil }
}

import PDFCore
import PDFSyntax

extension Document {
    /// The catalog's `/Lang` (ISO 32000-2 §14.9.2): the document's natural language as a
    /// BCP 47 tag (`en-GB`), or nil when absent or empty.
    public var language: String? {
        guard let s = store.text(catalog["Lang"])?.trimmingASCIISpaces, !s.isEmpty else { return nil }
        return s
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    fileprivate var trimmingASCIISpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}

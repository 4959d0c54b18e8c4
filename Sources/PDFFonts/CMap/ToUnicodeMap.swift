import PDFCore

// STUB: the contract for ToUnicode CMaps.

/// A /ToUnicode CMap: character codes (of 1–4 bytes) to Unicode text.
public struct ToUnicodeMap: Sendable {
    public init() {}

    /// Parses a ToUnicode CMap: `bfchar`, `bfrange` with a start string or an array of
    /// strings, multi-character and UTF-16 surrogate-pair destinations, codespace ranges of
    /// mixed lengths, and the damaged forms real files carry. Nil when nothing is usable.
    public static func parse(_ bytes: [UInt8], diagnostics: inout DiagnosticLog) -> ToUnicodeMap? { nil }

    /// The text for a code (nil when unmapped). `length` is the code's length in bytes.
    public func unicode(for code: UInt32, length: Int) -> [Unicode.Scalar]? { nil }

    /// Whether the map maps anything.
    public var isEmpty: Bool { true }
}

import PDFCore
import PDFGlyphs

/// The per-kind part of a font: how codes are split and what each means.
protocol FontDecoder: Sendable {
    var isSimple: Bool { get }
    func forEachCode(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32, Int) -> Void)
    func glyph(_ code: UInt32, byteCount: Int) -> FontGlyph
    /// The CID of a code (composite fonts); nil for simple fonts.
    func cid(_ code: UInt32, byteCount: Int) -> UInt32?
}

extension FontDecoder {
    func cid(_ code: UInt32, byteCount: Int) -> UInt32? { nil }
}

/// Simple fonts (Type 1, TrueType, Type 3): one byte per code, all 256 answers computed at
/// load time.
struct SimpleFontDecoder: FontDecoder {
    var table: [FontGlyph]  // 256 entries

    var isSimple: Bool { true }

    func forEachCode(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32, Int) -> Void) {
        for b in bytes { body(UInt32(b), 1) }
    }

    func glyph(_ code: UInt32, byteCount: Int) -> FontGlyph {
        code < 256 ? table[Int(code)] : FontGlyph(unicode: [], source: .none, width: 0)
    }
}

extension CMap {
    /// Splits `bytes` into codes by the codespace ranges, calling `body(code, byteCount)`;
    /// every step moves forward by at least one byte.
    func forEachCode(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32, Int) -> Void) {
        var i = 0
        while i < bytes.count {
            let (code, length) = nextCode(bytes, at: i)
            let n = max(1, min(length, bytes.count - i))
            body(code, n)
            i += n
        }
    }
}

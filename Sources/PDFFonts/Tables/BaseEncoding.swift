// The simple-font encodings. Tables: Generated/EncodingData.swift.

/// The encodings of PDF 32000-1 Annex D, plus the built-in encodings of Symbol and
/// ZapfDingbats.
///
/// WinAnsiEncoding leaves 0x7F, 0x81, 0x8D, 0x8F, 0x90 and 0x9D unassigned (Annex D
/// footnote 3 says readers may show a bullet there; only 0x95 is `bullet`), and names the
/// duplicates 0xA0 `space` and 0xAD `hyphen`. MacRomanEncoding has `currency` at 0xDB
/// (footnote 1) and also the Mac OS Roman codes outside the Latin set (`notequal`, …,
/// `apple`), which Annex D does not list.
package enum BaseEncoding: String, Sendable, Hashable, CaseIterable {
    case standard = "StandardEncoding"
    case winAnsi = "WinAnsiEncoding"
    case macRoman = "MacRomanEncoding"
    case macExpert = "MacExpertEncoding"
    case pdfDoc = "PDFDocEncoding"
    case symbol = "SymbolEncoding"
    case zapfDingbats = "ZapfDingbatsEncoding"

    /// The encoding a `/BaseEncoding` or `/Encoding` name stands for.
    package init?(pdfName: String) { self.init(rawValue: pdfName) }

    /// The glyph name for `code`, or nil when the code is unassigned.
    package func glyphName(_ code: UInt8) -> String? { glyphNames[Int(code)] }

    /// All 256 glyph names, indexed by code (nil: unassigned).
    package var glyphNames: [String?] {
        switch self {
        case .standard: EncodingData.standard
        case .winAnsi: EncodingData.winAnsi
        case .macRoman: EncodingData.macRoman
        case .macExpert: EncodingData.macExpert
        case .pdfDoc: EncodingData.pdfDoc
        case .symbol: EncodingData.symbol
        case .zapfDingbats: EncodingData.zapfDingbats
        }
    }
}

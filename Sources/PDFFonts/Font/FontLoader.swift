import PDFCore
import PDFSyntax
import PDFFile
import PDFTextModel

/// Builds a `Font` from a font dictionary.
struct FontLoader {
    let store: ObjectStore
    var diagnostics = DiagnosticLog()

    init(store: ObjectStore) { self.store = store }

    mutating func load(_ dict: PDFDictionary?, objectNumber: Int?) -> Font {
        guard let dict else {
            diagnostics.append(.fontMissing, .warning, "font dictionary missing; using Helvetica metrics", objectNumber: objectNumber)
            return fallback(objectNumber: objectNumber)
        }
        _ = dict
        return fallback(objectNumber: objectNumber)
    }

    mutating func fallback(objectNumber: Int?) -> Font {
        var table: [FontGlyph] = []
        table.reserveCapacity(256)
        for c in 0..<256 {
            let s = Unicode.Scalar(UInt8(c))
            table.append(FontGlyph(unicode: c >= 32 ? [s] : [], source: c >= 32 ? .guessed : .none, width: 500))
        }
        let summary = FontSummary(baseFont: "Helvetica", name: "Helvetica", family: "Helvetica", kind: .type1,
                                  descriptorFlags: 32, isEmbedded: false, isBold: false, isItalic: false,
                                  isMonospaced: false, isSerif: false, objectNumber: objectNumber)
        return Font(summary: summary, writingMode: 0, fontMatrix: Matrix(a: 0.001, b: 0, c: 0, d: 0.001, e: 0, f: 0),
                    ascent: 718, descent: -207, type3: nil, diagnostics: diagnostics,
                    decoder: SimpleFontDecoder(table: table))
    }
}

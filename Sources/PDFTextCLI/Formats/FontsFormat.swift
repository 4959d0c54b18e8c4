import Foundation
import PDFCore
import PDFSyntax
import PDFFonts
import PDFGlyphs

/// One row of `pdftext fonts`: what `pdffonts` prints about a font, and, when the pages
/// were interpreted, where its glyphs' Unicode came from.
struct FontRow {
    var classification: FontClassification
    /// The font dictionary's object; nil for a dictionary written inside another.
    var reference: ObjectID?
    var resourceName: String?
    var firstPage: Int
    /// Found only by interpreting the pages (a font `pdffonts`' walk over resources does
    /// not reach: inherited past the page's own /Resources, in a Type 3 glyph's resources).
    var foundWhilePainting = false
    /// Glyphs painted with the font, by Unicode source (`UnicodeSource.rawValue`).
    var sources = [Int](repeating: 0, count: UnicodeSource.allCases.count)

    var glyphs: Int { sources.reduce(0, +) }
    var unmapped: Int { sources[Int(UnicodeSource.none.rawValue)] }
    /// The share of glyphs with no Unicode; nil when the font painted none.
    var unmappedShare: Double? { glyphs > 0 ? Double(unmapped) / Double(glyphs) : nil }
}

/// The text and JSON forms of `pdftext fonts`.
enum FontsFormat {
    static let header = "name                                 type              encoding         emb sub uni object ID\n"
        + "------------------------------------ ----------------- ---------------- --- --- --- ---------\n"
    static let detailsHeader = "name                                 type              encoding         emb sub uni object ID   glyphs unmapped sources\n"
        + "------------------------------------ ----------------- ---------------- --- --- --- --------- -------- -------- -------\n"
    static let substHeader = "name                                 object ID substitute font                      substitute font file\n"
        + "------------------------------------ --------- ------------------------------------ ------------------------------------\n"

    /// `pdffonts`' row: name (36), type (17), encoding (16), emb, sub, uni, object ID.
    static func row(_ r: FontRow) -> String {
        let c = r.classification
        var s = pad(display(c.name), 36) + " " + pad(c.type.rawValue, 17) + " " + pad(ControlEscaping.escaped(c.encoding), 16)
        s += " " + pad(yn(c.isEmbedded), 3) + " " + pad(yn(c.isSubset), 3) + " " + pad(yn(c.hasToUnicode), 3)
        return s + " " + objectID(r.reference)
    }

    /// The row with our columns after it: glyphs, the unmapped share, the sources.
    static func detailsRow(_ r: FontRow) -> String {
        let share = r.unmappedShare.map { String(format: "%.1f%%", $0 * 100) } ?? "-"
        let sources = UnicodeSource.allCases.compactMap { s -> String? in
            let n = r.sources[Int(s.rawValue)]
            return n > 0 ? "\(s)=\(n)" : nil
        }
        let mark = r.foundWhilePainting ? " (found while painting)" : ""
        return row(r) + " " + leftPad(String(r.glyphs), 8) + " " + leftPad(share, 8) + " "
            + (sources.isEmpty ? "-" : sources.joined(separator: " ")) + mark
    }

    /// The `-subst` row of a font that is not embedded: the standard font whose metrics
    /// stand in for it (no font file is loaded: the file column says so).
    static func substRow(_ r: FontRow, substitute: String) -> String {
        pad(display(r.classification.name), 36) + " " + objectID(r.reference) + " " + pad(substitute, 36) + " [metrics only]"
    }

    /// `pdffonts`' object ID: number in 6 columns and generation in 2, or `[none]`.
    static func objectID(_ id: ObjectID?) -> String {
        guard let id else { return "[none]" }
        return leftPad(String(id.number), 6) + " " + leftPad(String(id.generation), 2)
    }

    static func display(_ name: String?) -> String { name.map { ControlEscaping.escaped($0) } ?? "[none]" }
    static func yn(_ b: Bool) -> String { b ? "yes" : "no" }

    /// Pads to `width` bytes of UTF-8, as pdffonts' printf pads (a name in CJK characters
    /// takes fewer columns than its bytes).
    static func pad(_ s: String, _ width: Int) -> String {
        let n = s.utf8.count
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    static func leftPad(_ s: String, _ width: Int) -> String {
        let n = s.utf8.count
        return n >= width ? s : String(repeating: " ", count: width - n) + s
    }

    /// One JSON document for a file: every column, our counts, the pages read.
    static func json(path: String, pages: ClosedRange<Int>?, rows: [FontRow], glyphsCounted: Bool,
                     unattributed: Int, diagnostics: [String]) -> String {
        var o = JSONObject()
        o["file"] = .string(path)
        o["firstPage"] = pages.map { .int($0.lowerBound) } ?? .null
        o["lastPage"] = pages.map { .int($0.upperBound) } ?? .null
        o["fonts"] = .array(rows.map { font($0, glyphsCounted: glyphsCounted) })
        if glyphsCounted { o["glyphsInUnknownFonts"] = .int(unattributed) }
        if !diagnostics.isEmpty { o["diagnostics"] = .array(diagnostics.map { .string($0) }) }
        return JSONValue.object(o).serialized
    }

    static func font(_ r: FontRow, glyphsCounted: Bool) -> JSONValue {
        let c = r.classification
        var f = JSONObject()
        f["name"] = c.name.map { .string($0) } ?? .null
        f["type"] = .string(c.type.rawValue)
        f["encoding"] = .string(c.encoding)
        f["embedded"] = .bool(c.isEmbedded)
        f["subset"] = .bool(c.isSubset)
        f["toUnicode"] = .bool(c.hasToUnicode)
        if let id = r.reference {
            var ref = JSONObject()
            ref["number"] = .int(id.number)
            ref["generation"] = .int(id.generation)
            f["object"] = .object(ref)
        } else {
            f["object"] = .null
        }
        f["resource"] = r.resourceName.map { .string($0) } ?? .null
        f["firstPage"] = .int(r.firstPage)
        f["foundWhilePainting"] = .bool(r.foundWhilePainting)
        if glyphsCounted {
            f["glyphs"] = .int(r.glyphs)
            var sources = JSONObject()
            for s in UnicodeSource.allCases { sources[s.description] = .int(r.sources[Int(s.rawValue)]) }
            f["unicodeSources"] = .object(sources)
            f["unmappedShare"] = r.unmappedShare.map { .double(($0 * 10_000).rounded() / 10_000) } ?? .null
        }
        return .object(f)
    }
}

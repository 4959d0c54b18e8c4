import Foundation
import PDFContent
import PDFCore
import PDFFile
import PDFFonts
import PDFGlyphs
import Testing

/// The font fixtures (`Corpus/fonts/`, manifest entries tagged `fonts`, written by
/// `tools/corpus/make_font_fixtures.py`): page 1's glyph text in painting order, white space
/// removed, equals the manifest's `glyphText` exactly; every `contains` string appears; no
/// glyph is left without Unicode unless the entry allows it; the glyphs' Unicode sources are
/// those of the path the fixture exercises (`unicodeSources`).
struct FontFixture: Sendable, CustomTestStringConvertible {
    var file: String
    var glyphText: String?
    var contains: [String]
    var allowUnmapped: Bool
    var vertical: Bool
    var invisible: Bool
    var exercises: String
    /// The UnicodeSource descriptions page 1's glyphs show (`tounicode`, `fontprogram`, …).
    var unicodeSources: Set<String>?
    /// Every glyph selects a glyph other than .notdef in the embedded program.
    var programGlyphs: Bool
    var testDescription: String { file }

    static var all: [FontFixture] {
        guard let data = try? Data(contentsOf: ManifestEntry.corpusRoot.appendingPathComponent("manifest.json")),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let file = e["file"] as? String, (e["tags"] as? [String])?.contains("fonts") == true else { return nil }
            return FontFixture(file: file, glyphText: e["glyphText"] as? String, contains: e["contains"] as? [String] ?? [],
                               allowUnmapped: e["allowUnmapped"] as? Bool ?? false, vertical: e["vertical"] as? Bool ?? false,
                               invisible: e["invisible"] as? Bool ?? false, exercises: e["exercises"] as? String ?? "",
                               unicodeSources: (e["unicodeSources"] as? [String]).map(Set.init),
                               programGlyphs: e["programGlyphs"] as? Bool ?? false)
        }
    }

    static func withoutWhitespace(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }
}

@Suite struct FontFixtureTests {
    @Test("the manifest lists the font fixtures")
    func listed() {
        #expect(FontFixture.all.count >= 10)
        #expect(FontFixture.all.allSatisfy { $0.glyphText != nil })
    }

    @Test("page 1's glyph text, unmapped glyphs and flags match the manifest", arguments: FontFixture.all)
    func fixture(_ f: FontFixture) throws {
        let bytes = try [UInt8](Data(contentsOf: ManifestEntry.corpusRoot.appendingPathComponent(f.file)))
        let document = try Document(bytes: bytes)
        let page = extractGlyphs(document: document, pageIndex: 0, fonts: FontCache(store: document.store),
                                 options: ExtractionOptions())
        let text = FontFixture.withoutWhitespace(page.paintingOrderText)
        #expect(!page.glyphs.isEmpty)
        if let expected = f.glyphText {
            #expect(text == expected, "\(f.file) (\(f.exercises))")
        }
        for s in f.contains {
            #expect(text.contains(FontFixture.withoutWhitespace(s)), "\(f.file): missing \"\(s)\" in \"\(text)\"")
        }
        if !f.allowUnmapped {
            // Glyphs after the first of an ActualText span carry no text of their own, but
            // their source says .actualText, not .none.
            let unmapped = page.glyphs.indices.filter { page.glyphs[$0].unicodeSource == .none }
            #expect(unmapped.isEmpty, "\(f.file): \(unmapped.count) glyphs without Unicode, codes \(unmapped.prefix(8).map { String(page.glyphs[$0].code, radix: 16) })")
        }
        if let sources = f.unicodeSources {
            #expect(Set(page.glyphs.map { $0.unicodeSource.description }) == sources, "\(f.file) (\(f.exercises))")
        }
        if f.programGlyphs {
            let missing = page.glyphs.filter { $0.glyphID == PositionedGlyph.unknownGlyphID || $0.glyphID == 0 }
            #expect(missing.isEmpty, "\(f.file): codes \(missing.prefix(8).map { String($0.code, radix: 16) }) find no glyph in the program")
        }
        if f.vertical {
            #expect(page.glyphs.allSatisfy { $0.flags.contains(.vertical) })
            // Each glyph sits below the one before it.
            for i in page.glyphs.indices.dropFirst() {
                #expect(page.glyphs[i].origin.y < page.glyphs[i - 1].origin.y)
            }
        } else {
            #expect(page.glyphs.allSatisfy { !$0.flags.contains(.vertical) })
        }
        #expect(page.glyphs.allSatisfy { $0.flags.contains(.invisible) == f.invisible })
    }
}

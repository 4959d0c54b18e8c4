import Foundation
import PDFCore
import PDFLayout
import PDFGlyphs

/// The text-quality diagnosis of one page: glyph counts by Unicode source, unmapped,
/// guessed, invisible and duplicate glyphs, image coverage, the reading order's source and
/// confidence, the garbled-text measure, and from these a verdict with its reasons (the
/// rules and their thresholds: ``DiagnoseThresholds``; docs/DIAGNOSE.md).
public struct PageDiagnosis: Sendable {
    /// The page's 1-based number.
    public var number: Int
    /// All glyphs of the page.
    public var glyphs = 0
    /// Glyphs by Unicode source, in `UnicodeSource` order.
    public var sources = [Int](repeating: 0, count: UnicodeSource.allCases.count)
    /// Glyphs that take part in the text (not hidden, clipped, off the page or spaces).
    public var textGlyphs = 0
    /// Of those, glyphs with no Unicode (source `none`, or U+FFFD).
    public var unmapped = 0
    /// Of those, glyphs whose Unicode is a guess.
    public var guessed = 0
    /// Fonts with unmapped glyphs, most first.
    public var unmappedFonts: [(name: String, glyphs: Int)] = []
    /// Glyphs painted invisibly (an invisible or clip-only render mode, as an OCR layer is).
    public var invisible = 0
    /// Glyphs repeating one already painted at the same place (fake bold).
    public var duplicate = 0
    /// Visible, mapped, non-space characters.
    public var visibleCharacters = 0
    /// Mapped non-space characters of invisible glyphs (an OCR layer).
    public var invisibleCharacters = 0
    /// The share of the crop box covered by images, 0…1.
    public var imageCoverage = 0.0
    /// What decided the reading order.
    public var orderSource: OrderSource
    /// How sure the layout is of the reading order, 0…1.
    public var orderConfidence: Double
    /// The garbled-text measure of the page's words.
    public var garble = GarbleMeasure()
    /// The worst verdict a rule gave.
    public var verdict = PageVerdict.ok
    /// Why: one sentence per rule that applied (also notes that do not change the verdict,
    /// such as `blank page`).
    public var reasons: [String] = []

    /// The share of text glyphs without Unicode, 0…1.
    public var unmappedShare: Double { textGlyphs == 0 ? 0 : Double(unmapped) / Double(textGlyphs) }
    /// The share of text glyphs whose Unicode is a guess, 0…1.
    public var guessedShare: Double { textGlyphs == 0 ? 0 : Double(guessed) / Double(textGlyphs) }

    /// Diagnoses `page`, numbered `number`, by the rules of `thresholds`.
    public init(_ page: PageText, number: Int, thresholds t: DiagnoseThresholds = DiagnoseThresholds()) {
        self.number = number
        let g = page.glyphs
        orderSource = page.layout.orderSource
        orderConfidence = page.layout.orderConfidence
        glyphs = g.glyphs.count
        var byFont: [Int32: Int] = [:]
        let left: GlyphFlags = [.hidden, .clipped, .offPage, .space]
        for glyph in g.glyphs {
            sources[Int(glyph.unicodeSource.rawValue)] += 1
            if glyph.flags.contains(.invisible) { invisible += 1 }
            if glyph.flags.contains(.duplicate) { duplicate += 1 }
            guard glyph.flags.isDisjoint(with: left) else { continue }
            let text = g.scalars[Int(glyph.text.lowerBound)..<Int(glyph.text.upperBound)]
            if text.allSatisfy({ $0.properties.isWhitespace }) && !text.isEmpty { continue }
            textGlyphs += 1
            if glyph.unicodeSource == .none || text.contains("\u{FFFD}") {
                unmapped += 1
                let font = glyph.run >= 0 && Int(glyph.run) < g.runs.count ? g.runs[Int(glyph.run)].font : -1
                byFont[font, default: 0] += 1
                continue
            }
            if glyph.unicodeSource == .guessed { guessed += 1 }
            let n = text.filter { !$0.properties.isWhitespace }.count
            if glyph.flags.contains(.invisible) {
                invisibleCharacters += n
            } else if !glyph.flags.contains(.duplicate) {
                visibleCharacters += n
            }
        }
        unmappedFonts = byFont.map { (font, n) in
            (font >= 0 && Int(font) < g.fonts.count ? g.fonts[Int(font)].name : "(unknown font)", n)
        }.sorted { $0.glyphs != $1.glyphs ? $0.glyphs > $1.glyphs : $0.name < $1.name }
        imageCoverage = Coverage.share(of: g.images.map(\.bounds), within: g.cropBox)
        let layout = page.layout
        for w in layout.words {
            garble.add(word: layout.characters[Int(w.characters.lowerBound)..<Int(w.characters.upperBound)].map(\.scalar),
                       minimumLetters: t.minimumWordLetters, maximumLength: t.maximumWordLength)
        }
        judge(t)
    }

    /// A share as the reasons write it: `12.3%`, `<0.1%` for a share above 0 that would
    /// round to 0.
    package static func percent(_ v: Double) -> String {
        v > 0 && v < 0.001 ? "<0.1%" : String(format: "%.1f%%", v * 100)
    }

    private mutating func flag(_ v: PageVerdict, _ reason: String) {
        verdict = max(verdict, v)
        reasons.append(reason)
    }

    private mutating func judge(_ t: DiagnoseThresholds) {
        if visibleCharacters <= t.minTextCharacters {
            let amount = visibleCharacters == 0 ? "no text" : "almost no text (\(visibleCharacters) characters)"
            if imageCoverage >= t.imageCoverage {
                if invisibleCharacters > t.minTextCharacters {
                    reasons.append("images cover \(Self.percent(imageCoverage)) of the page under an invisible text layer (\(invisibleCharacters) characters: OCR done)")
                } else {
                    flag(.needsOCR, "images cover \(Self.percent(imageCoverage)) of the page and it has \(amount)")
                }
            } else if visibleCharacters == 0 && unmapped == 0 && invisibleCharacters == 0 {
                reasons.append(imageCoverage > 0 ? "no text (images cover \(Self.percent(imageCoverage)))" : "blank page")
            }
        }
        if unmapped > 0 {
            let fonts = unmappedFonts.prefix(5).map { "\($0.name) (\($0.glyphs))" }.joined(separator: ", ")
            let what = "\(unmapped) of \(textGlyphs) glyphs (\(Self.percent(unmappedShare))) have no Unicode mapping; fonts: \(fonts)"
            if unmappedShare >= t.unmappedNeedsOCR {
                flag(.needsOCR, what)
            } else if unmappedShare >= t.unmappedDegraded {
                flag(.degraded, what)
            } else {
                reasons.append(what)
            }
        }
        if garble.characters > 0 {
            let what = "text looks garbled: \(Self.percent(garble.share)) of characters (\(garble.suspicious) impossible characters, \(garble.implausibleWords) implausible words)"
            if garble.share >= t.garbledNeedsOCR {
                flag(.needsOCR, what)
            } else if garble.share >= t.garbledDegraded {
                flag(.degraded, what)
            }
        }
        if textGlyphs > 0 && guessedShare >= t.guessedDegraded {
            flag(.degraded, "\(Self.percent(guessedShare)) of glyphs have guessed Unicode (the font gives no encoding)")
        }
        if orderConfidence < t.lowOrderConfidence && textGlyphs > 0 {
            flag(.degraded, "reading order uncertain (confidence \(String(format: "%.2f", orderConfidence)), from \(orderSource.rawValue))")
        }
    }
}

/// The summary of a document's page diagnoses: how many pages got each verdict.
public struct DocumentDiagnosis: Sendable, Hashable {
    /// The pages diagnosed.
    public var pages: Int
    /// Pages judged ok.
    public var ok = 0
    /// Pages judged degraded.
    public var degraded = 0
    /// Pages judged to need OCR.
    public var needsOCR = 0

    /// The summary of `list`.
    public init(pages list: [PageDiagnosis]) {
        pages = list.count
        for p in list {
            switch p.verdict {
            case .ok: ok += 1
            case .degraded: degraded += 1
            case .needsOCR: needsOCR += 1
            }
        }
    }

    /// The worst page verdict (ok for a document without pages).
    public var verdict: PageVerdict { needsOCR > 0 ? .needsOCR : degraded > 0 ? .degraded : .ok }
}

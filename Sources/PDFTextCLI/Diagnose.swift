import ArgumentParser
import Foundation
import PDFCore
import PDFLayout
import PDFText
import PDFTextModel

/// `pdftext diagnose`: how trustworthy each page's text is, and whether it needs OCR.
public struct Diagnose: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diagnose",
        abstract: "Judge the text quality of each page: ok, degraded, or needs-ocr, with the reasons.",
        discussion: """
            Per page: glyph counts by Unicode source (tounicode, encoding, glyphname, fontprogram, \
            actualtext, guessed, none), glyphs left without Unicode and the fonts responsible, \
            invisible and duplicate glyphs, the share of the page covered by images, which source \
            decided the reading order and how sure it is, and a garbled-text measure. Then a \
            verdict: needs-ocr (images and no or almost no text, or text mostly unmapped or \
            garbled), degraded (partly unmapped or garbled, mostly guessed, or an uncertain \
            order) or ok; and one summary line per file. The measures and thresholds are \
            described in docs/DIAGNOSE.md.

            Exit codes: 0 whatever the verdicts (unless --fail-on); 1 a file could not be opened; \
            2 output could not be written; 3 password missing or wrong; 4 with --fail-on, some \
            page reached that verdict; 64 bad usage.
            """)

    @Argument(help: "PDF files (`-` reads standard input).")
    public var files: [String]

    @Option(help: "Pages, such as 1-3,7,10- (default: all).")
    public var pages: String?

    @OptionGroup public var range: FirstLastOptions

    @Flag(help: "One JSON object per file, one per line.")
    public var json = false

    @Option(help: "Exit with 4 when some page is at least this bad: degraded or needs-ocr.")
    public var failOn: PageVerdict?

    @OptionGroup(title: "Thresholds") public var thresholds: DiagnoseThresholdFlags

    @OptionGroup public var passwords: PasswordOptions

    public init() {}

    public func validate() throws {
        if let p = pages { _ = try PageSelection(parsing: p) }
        if failOn == .ok { throw ValidationError("--fail-on takes degraded or needs-ocr") }
    }

    public func run() throws {
        let selection = (try? pages.map { try PageSelection(parsing: $0) }) ?? PageSelection()
        let first = range.firstPage, last = range.lastPage
        let candidates = passwords.candidates
        let limits = thresholds.values
        let files = self.files
        let pipeline = OrderedPipeline<TextExtractor, PageDiagnosis>(
            count: files.count, workers: Processors.available(online: Processors.online()),
            open: { i in
                Opening.open(path: files[i], passwords: candidates).map { document, _ in
                    (TextExtractor(document: document), selection.pages(count: document.pageCount, first: first, last: last))
                }
            },
            process: { extractor, number, _ in
                PageDiagnosis(extractor.page(number - 1), number: number, thresholds: limits)
            })
        let out = ByteWriter()
        var status = ExitStatus.success
        var found = false
        var diagnoses: [PageDiagnosis] = []
        pipeline.run { event in
            switch event {
            case .failed(_, let f):
                out.flush()
                printError(f.message)
                status = max(status, f.exitCode)
            case .opened(let i, _, _):
                diagnoses = []
                if !json { out.write(ControlEscaping.escaped(files[i]) + "\n") }
            case .page(_, _, _, let d):
                diagnoses.append(d)
                if let f = failOn, d.verdict >= f { found = true }
                if !json { out.write(ControlEscaping.escapedLines(d.text)) }
            case .finished(let i):
                let summary = DocumentDiagnosis(pages: diagnoses)
                if json {
                    var o = JSONObject()
                    o["file"] = .string(files[i])
                    o["pages"] = .array(diagnoses.map(\.json))
                    o["summary"] = summary.json
                    out.write(JSONValue.object(o).serialized + "\n")
                } else {
                    out.write(ControlEscaping.escaped("\(files[i]): \(summary.line)") + "\n")
                }
            }
            out.flushIfFull()
            return out.error == nil
        }
        out.flush()
        if let e = out.error {
            printError("cannot write output: \(e)")
            throw ExitCode(ExitStatus.outputFailed)
        }
        if status == ExitStatus.success && found { status = ExitStatus.findings }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

/// A page's verdict, best first (so `<` means better).
public enum PageVerdict: String, Sendable, Comparable, CaseIterable, ExpressibleByArgument {
    case ok
    case degraded
    case needsOCR = "needs-ocr"

    var rank: Int { self == .ok ? 0 : self == .degraded ? 1 : 2 }
    public static func < (a: PageVerdict, b: PageVerdict) -> Bool { a.rank < b.rank }
}

/// The thresholds of the verdict. Shares are fractions, 0…1.
public struct DiagnoseThresholds: Sendable, Hashable {
    /// A page with at most this many visible text characters has "almost no text".
    public var minTextCharacters = 10
    /// A page with almost no text needs OCR when images cover at least this share of it.
    public var imageCoverage = 0.5
    /// Glyphs without Unicode: from this share the page needs OCR …
    public var unmappedNeedsOCR = 0.5
    /// … and from this share it is degraded.
    public var unmappedDegraded = 0.02
    /// Garbled characters (see `GarbleMeasure`): from this share the page needs OCR …
    public var garbledNeedsOCR = 0.5
    /// … and from this share it is degraded.
    public var garbledDegraded = 0.1
    /// Glyphs whose Unicode is a guess (a code read as Latin-1 for want of anything better):
    /// from this share the page is degraded.
    public var guessedDegraded = 0.5
    /// A reading order decided with less confidence than this makes the page degraded.
    public var lowOrderConfidence = 0.5
    /// Latin words with at least this many letters are checked for plausibility …
    public var minimumWordLetters = 4
    /// … and at most this many characters: longer tokens are URLs, identifiers or words
    /// run together, checked only for impossible characters.
    public var maximumWordLength = 30
    public init() {}
}

/// The thresholds as flags of `diagnose`.
public struct DiagnoseThresholdFlags: ParsableArguments {
    @Option(help: ArgumentHelp("A page with at most this many visible characters has almost no text (default 10).", valueName: "n"))
    var minTextCharacters: Int?
    @Option(help: ArgumentHelp("Image share of the page from which a page with almost no text needs OCR (default 0.5).", valueName: "share"))
    var imageCoverage: Double?
    @Option(help: ArgumentHelp("Share of glyphs without Unicode from which a page needs OCR (default 0.5).", valueName: "share"))
    var unmappedNeedsOcr: Double?
    @Option(help: ArgumentHelp("Share of glyphs without Unicode from which a page is degraded (default 0.02).", valueName: "share"))
    var unmappedDegraded: Double?
    @Option(help: ArgumentHelp("Share of garbled characters from which a page needs OCR (default 0.5).", valueName: "share"))
    var garbledNeedsOcr: Double?
    @Option(help: ArgumentHelp("Share of garbled characters from which a page is degraded (default 0.1).", valueName: "share"))
    var garbledDegraded: Double?
    @Option(help: ArgumentHelp("Share of guessed glyphs from which a page is degraded (default 0.5).", valueName: "share"))
    var guessedDegraded: Double?
    @Option(help: ArgumentHelp("Reading-order confidence below which a page is degraded (default 0.5).", valueName: "c"))
    var lowOrderConfidence: Double?

    public init() {}

    public func validate() throws {
        for (name, v) in [("--image-coverage", imageCoverage), ("--unmapped-needs-ocr", unmappedNeedsOcr),
                          ("--unmapped-degraded", unmappedDegraded), ("--garbled-needs-ocr", garbledNeedsOcr),
                          ("--garbled-degraded", garbledDegraded), ("--guessed-degraded", guessedDegraded),
                          ("--low-order-confidence", lowOrderConfidence)] {
            if let v, !(v >= 0 && v <= 1) { throw ValidationError("\(name) must be between 0 and 1") }
        }
        if let n = minTextCharacters, n < 0 { throw ValidationError("--min-text-characters must be 0 or more") }
    }

    var values: DiagnoseThresholds {
        var t = DiagnoseThresholds()
        if let v = minTextCharacters { t.minTextCharacters = v }
        if let v = imageCoverage { t.imageCoverage = v }
        if let v = unmappedNeedsOcr { t.unmappedNeedsOCR = v }
        if let v = unmappedDegraded { t.unmappedDegraded = v }
        if let v = garbledNeedsOcr { t.garbledNeedsOCR = v }
        if let v = garbledDegraded { t.garbledDegraded = v }
        if let v = guessedDegraded { t.guessedDegraded = v }
        if let v = lowOrderConfidence { t.lowOrderConfidence = v }
        return t
    }
}

/// The garbled-text measure: the share of a page's word characters that are either
/// impossible in real text or part of a Latin word no language would write.
///
/// *Suspicious characters*: U+FFFD (no Unicode known), private-use characters (a font's
/// own codes leaking through), control characters, noncharacters, unassigned code points.
///
/// *Implausible Latin words* (words of at least `minimumWordLetters` letters, leading and
/// trailing punctuation removed), whose characters all count as garbled:
/// 1. only Latin letters, more than half of them lower case (so acronyms such as `PDFs`
///    pass), not one letter repeated (`xxxx`), not followed by a full stop (abbreviations
///    such as `sprl.`), and no vowel (a e i o u y, with any accent, æ œ ø): text read
///    through the wrong encoding is mostly consonants;
/// 2. case flipping from lower to upper more than once inside the word (`hElLo`);
/// 3. letters mixed with two or more ASCII symbols of the kind a wrong single-byte
///    decoding produces: `# $ % * + < = > [ \ ] ^ ` { | } ~` (`H#ll$o`).
/// Tokens longer than `maximumWordLength` are only checked for impossible characters.
///
/// Known misses: Czech and Slovak words with syllabic r or l (`čtvrt`) count as implausible;
/// a wrong encoding that happens to produce vowels is not caught by rule 1.
public struct GarbleMeasure: Sendable, Hashable {
    /// Non-white-space characters in the page's words.
    public var characters = 0
    public var suspicious = 0
    public var implausibleCharacters = 0
    public var implausibleWords = 0

    public var share: Double { characters == 0 ? 0 : Double(suspicious + implausibleCharacters) / Double(characters) }

    public init() {}

    static func isSuspicious(_ s: Unicode.Scalar) -> Bool {
        if s.value == 0xFFFD { return true }
        if s.properties.isNoncharacterCodePoint { return true }
        switch s.properties.generalCategory {
        case .privateUse, .unassigned, .surrogate: return true
        case .control: return !(s == "\t" || s == "\n" || s == "\r" || s == "\u{C}")
        default: return false
        }
    }

    static func isLatinLetter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A: return true
        case 0xC0...0x24F: return s.value != 0xD7 && s.value != 0xF7
        case 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    static func isVowel(_ s: Unicode.Scalar) -> Bool {
        let lower = String(s).lowercased()
        if "æœø".contains(lower) { return true }
        guard let base = lower.decomposedStringWithCanonicalMapping.unicodeScalars.first else { return false }
        return "aeiouy".unicodeScalars.contains(base)
    }

    static let garbleSymbols: Set<Unicode.Scalar> = ["#", "$", "%", "*", "+", "<", "=", ">", "[", "\\", "]", "^", "`", "{", "|", "}", "~"]

    /// Adds the text of one word (split further at any white space inside).
    mutating func add<S: Sequence>(word scalars: S, minimumLetters: Int, maximumLength: Int = 30) where S.Element == Unicode.Scalar {
        var token: [Unicode.Scalar] = []
        for s in scalars {
            if s.properties.isWhitespace {
                addToken(token, minimumLetters: minimumLetters, maximumLength: maximumLength)
                token.removeAll(keepingCapacity: true)
            } else {
                token.append(s)
            }
        }
        addToken(token, minimumLetters: minimumLetters, maximumLength: maximumLength)
    }

    private mutating func addToken(_ token: [Unicode.Scalar], minimumLetters: Int, maximumLength: Int) {
        guard !token.isEmpty else { return }
        characters += token.count
        let bad = token.filter(Self.isSuspicious).count
        suspicious += bad
        // Leading and trailing punctuation does not count.
        var core = token[...]
        while let f = core.first, !f.properties.isAlphabetic && f.properties.numericType == nil { core.removeFirst() }
        while let l = core.last, !l.properties.isAlphabetic && l.properties.numericType == nil { core.removeLast() }
        let letters = core.filter { $0.properties.isAlphabetic }
        guard letters.count >= minimumLetters, core.count <= maximumLength else { return }
        var implausible = false
        if letters.count == core.count && letters.allSatisfy(Self.isLatinLetter) {
            // Mostly capitals is an acronym (`HTML`, `PDFs`); one letter repeated is filler (`xxxx`).
            let lower = letters.filter { $0.properties.isLowercase }.count
            let repeated = Set(String(String.UnicodeScalarView(letters)).lowercased().unicodeScalars).count == 1
            // A vowel-less word ending in a full stop is an abbreviation (`sprl.`, `Nr.`, `Bhf.`).
            let abbreviation = token.last == "." && core.endIndex == token.endIndex - 1
            if 2 * lower > letters.count && !repeated && !abbreviation && !letters.contains(where: Self.isVowel) { implausible = true }
            var flips = 0
            for k in 1..<letters.count where letters[k].properties.isUppercase && letters[k - 1].properties.isLowercase {
                flips += 1
            }
            if flips >= 2 { implausible = true }
        }
        let symbols = core.filter { Self.garbleSymbols.contains($0) }
        if symbols.count >= 2 { implausible = true }
        if implausible {
            implausibleWords += 1
            implausibleCharacters += token.count - bad
        }
    }
}

/// The share of a rectangle covered by the union of others.
enum Coverage {
    static func share(of rects: [Rect], within page: Rect) -> Double {
        guard page.width > 0, page.height > 0 else { return 0 }
        // Rectangles with a NaN or infinite side (a hostile matrix) are left out.
        let clipped = rects.compactMap { $0.intersection(page) }
            .filter { !$0.isEmpty && $0.x0.isFinite && $0.x1.isFinite && $0.y0.isFinite && $0.y1.isFinite }
        guard !clipped.isEmpty else { return 0 }
        let pageArea = page.width * page.height
        if clipped.count <= 2000, pageArea.isFinite {
            // Exact: a sweep over the x edges, merging y intervals in each slab.
            var area = 0.0
            let xs = Array(Set(clipped.flatMap { [$0.x0, $0.x1] })).sorted()
            for k in 0..<(xs.count - 1) {
                let a = xs[k], b = xs[k + 1]
                let spans = clipped.filter { $0.x0 <= a && $0.x1 >= b }.map { ($0.y0, $0.y1) }.sorted { $0.0 < $1.0 }
                var covered = 0.0
                var current: (Double, Double)? = nil
                for s in spans {
                    if let c = current, s.0 <= c.1 {
                        current = (c.0, max(c.1, s.1))
                    } else {
                        if let c = current { covered += c.1 - c.0 }
                        current = s
                    }
                }
                if let c = current { covered += c.1 - c.0 }
                area += covered * (b - a)
            }
            return min(1, area / pageArea)
        }
        // Many images (tiles), or a page too large for its area to be a Double: a 256 × 256
        // grid of cell centres. Cell sizes and offsets are computed so that a page of
        // ±1.7e308 does not overflow to an infinity.
        let n = 256
        var cells = [Bool](repeating: false, count: n * n)
        let w = page.x1 / Double(n) - page.x0 / Double(n), h = page.y1 / Double(n) - page.y0 / Double(n)
        func cell(_ v: Double, _ origin: Double, _ size: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(saturating: (v / size - origin / size - 0.5).rounded(rule))
        }
        for r in clipped {
            let i0 = max(0, cell(r.x0, page.x0, w, .up)), i1 = min(n - 1, cell(r.x1, page.x0, w, .down))
            let j0 = max(0, cell(r.y0, page.y0, h, .up)), j1 = min(n - 1, cell(r.y1, page.y0, h, .down))
            guard i0 <= i1, j0 <= j1 else { continue }
            for j in j0...j1 { for i in i0...i1 { cells[j * n + i] = true } }
        }
        return Double(cells.filter { $0 }.count) / Double(n * n)
    }
}

/// The diagnosis of one page.
public struct PageDiagnosis: Sendable {
    public var number: Int
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
    public var invisible = 0
    public var duplicate = 0
    /// Visible, mapped, non-space characters.
    public var visibleCharacters = 0
    /// Mapped non-space characters of invisible glyphs (an OCR layer).
    public var invisibleCharacters = 0
    public var imageCoverage = 0.0
    public var orderSource: OrderSource
    public var orderConfidence: Double
    public var garble = GarbleMeasure()
    public var verdict = PageVerdict.ok
    public var reasons: [String] = []

    public var unmappedShare: Double { textGlyphs == 0 ? 0 : Double(unmapped) / Double(textGlyphs) }
    public var guessedShare: Double { textGlyphs == 0 ? 0 : Double(guessed) / Double(textGlyphs) }

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

    static func percent(_ v: Double) -> String {
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

    /// The human-readable lines of this page (font names as the file gives them: the
    /// writer escapes control characters, `ControlEscaping`).
    var text: String {
        var s = "  page \(number): \(verdict.rawValue)"
        if !reasons.isEmpty { s += " — " + reasons.joined(separator: "; ") }
        s += "\n    glyphs \(glyphs)"
        let named = UnicodeSource.allCases.filter { sources[Int($0.rawValue)] > 0 }.map { "\($0) \(sources[Int($0.rawValue)])" }
        if !named.isEmpty { s += " (" + named.joined(separator: ", ") + ")" }
        s += "; unmapped \(unmapped); invisible \(invisible); duplicate \(duplicate)"
        s += "; images \(Self.percent(imageCoverage)); order \(orderSource.rawValue) \(String(format: "%.2f", orderConfidence))"
        s += "; garbled \(Self.percent(garble.share))\n"
        return s
    }

    var json: JSONValue {
        var o = JSONObject()
        o["page"] = .int(number)
        o["verdict"] = .string(verdict.rawValue)
        o["reasons"] = .array(reasons.map { .string($0) })
        o["glyphs"] = .int(glyphs)
        var src = JSONObject()
        for s in UnicodeSource.allCases { src[s.description] = .int(sources[Int(s.rawValue)]) }
        o["sources"] = .object(src)
        o["textGlyphs"] = .int(textGlyphs)
        o["unmapped"] = .int(unmapped)
        o["unmappedShare"] = .double(unmappedShare)
        o["unmappedFonts"] = .array(unmappedFonts.map { f in
            var j = JSONObject()
            j["font"] = .string(f.name)
            j["glyphs"] = .int(f.glyphs)
            return .object(j)
        })
        o["guessed"] = .int(guessed)
        o["invisible"] = .int(invisible)
        o["duplicate"] = .int(duplicate)
        o["visibleCharacters"] = .int(visibleCharacters)
        o["invisibleCharacters"] = .int(invisibleCharacters)
        o["imageCoverage"] = .double(imageCoverage)
        o["orderSource"] = .string(orderSource.rawValue)
        o["orderConfidence"] = .double(orderConfidence)
        var gj = JSONObject()
        gj["characters"] = .int(garble.characters)
        gj["suspicious"] = .int(garble.suspicious)
        gj["implausibleWords"] = .int(garble.implausibleWords)
        gj["implausibleCharacters"] = .int(garble.implausibleCharacters)
        gj["share"] = .double(garble.share)
        o["garbled"] = .object(gj)
        return .object(o)
    }
}

/// The summary of a document's pages.
struct DocumentDiagnosis {
    var pages: Int
    var ok = 0, degraded = 0, needsOCR = 0

    init(pages list: [PageDiagnosis]) {
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
    var verdict: PageVerdict { needsOCR > 0 ? .needsOCR : degraded > 0 ? .degraded : .ok }

    var line: String {
        "\(pages) page\(pages == 1 ? "" : "s"): \(ok) ok, \(degraded) degraded, \(needsOCR) needs-ocr; verdict \(verdict.rawValue)"
    }

    var json: JSONValue {
        var o = JSONObject()
        o["pages"] = .int(pages)
        o["ok"] = .int(ok)
        o["degraded"] = .int(degraded)
        o["needsOCR"] = .int(needsOCR)
        o["verdict"] = .string(verdict.rawValue)
        return .object(o)
    }
}

import Foundation
import PDFCore
import PDFTestSupport
import Testing
@testable import PDFText

/// A page's attributed string as PDFKit's `attributedString` will give it: the page string
/// (without its final line break) with styles, links, language and roles.
struct AttributedPage {
    var text: PageText
    var string: AttributedString
    var plain: String

    init(_ document: Document, page: Int = 0, roles: [Int: String]? = nil, documentLanguage: String?? = nil,
         options: TextStyleOptions = TextStyleOptions()) {
        text = TextExtractor(document: document).page(page)
        let structure = StructureOrder(document: document)
        string = makeAttributedString(text, characters: text.pageStringCharacters,
                                      links: LinkArea.links(in: document, pageIndex: page),
                                      documentLanguage: documentLanguage ?? document.language,
                                      roles: roles ?? structure.roles(forPage: page), options: options)
        plain = String(String.UnicodeScalarView(text.layout.characters[text.pageStringCharacters].map(\.scalar)))
    }

    init(fixture name: String) throws {
        self.init(try Document(bytes: try FileBytes.read(path: corpusURL.appendingPathComponent("text/\(name).pdf").path)))
    }

    static func url(_ name: String) -> URL { corpusURL.appendingPathComponent("text/\(name).pdf") }

    /// The runs over the only occurrence of `word` (the `index`th character of it when given).
    func runs(_ word: String, character index: Int? = nil) throws -> [AttributedString.Runs.Run] {
        let range = try #require(string.range(of: word), "\(word) not in the page text")
        guard let index else { return Array(string[range].runs) }
        let start = string.characters.index(range.lowerBound, offsetBy: index)
        return Array(string[start..<string.characters.index(after: start)].runs)
    }

    func all(_ word: String, _ test: (AttributedString.Runs.Run) -> Bool) throws -> Bool { try runs(word).allSatisfy(test) }
    func none(_ word: String, _ test: (AttributedString.Runs.Run) -> Bool) throws -> Bool { try !runs(word).contains(where: test) }
}

/// The known styles of the style fixtures (tools/corpus/make_style_fixture.py).
@Suite struct AttributedTextTests {
    static let fixtures = ["styles-pdflatex", "styles-chromium"]
    static let plainWords = ["This", "paragraph", "follow.", "Einstein", "once."]

    @Test("the attributed string's characters are the page text", arguments: fixtures)
    func characters(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        #expect(String(page.string.characters) == page.plain)
        // The same characters as PDFKit's page string.
        let pdfPage = try #require(PDFDocument(url: AttributedPage.url(name))?.page(at: 0))
        #expect(pdfPage.string == page.plain)
        #expect(page.string.utf16.count == pdfPage.numberOfCharacters)
        #expect(page.string.runs.count > 10)
        // One run per change of style: neighbouring runs differ.
        let runs = Array(page.string.runs)
        for (a, b) in zip(runs, runs.dropFirst()) { #expect(a.attributes != b.attributes) }
    }

    @Test("bold, italic and monospace words, and only those", arguments: fixtures)
    func fontStyles(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        #expect(try page.all("boldword") { $0.isBold == true })
        #expect(try page.all("italicword") { $0.isItalic == true })
        #expect(try page.all("monoword") { $0.isMonospace == true })
        #expect(try page.all("Styled Text Sample") { $0.isBold == true })
        for word in ["italicword", "monoword", "redword"] + Self.plainWords {
            #expect(try page.none(word) { $0.isBold == true }, "\(word) is not bold")
        }
        for word in ["boldword", "monoword"] + Self.plainWords {
            #expect(try page.none(word) { $0.isItalic == true }, "\(word) is not italic")
            if word != "monoword" { #expect(try page.none(word) { $0.isMonospace == true }, "\(word) is not monospace") }
        }
        #expect(try page.runs("boldword").first?.postScriptName?.contains("+") == false)
    }

    @Test("sizes: title > body > small paragraph (> footnote)", arguments: fixtures)
    func sizes(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        let title = try #require(try page.runs("Sample").first?.fontSize)
        let body = try #require(try page.runs("paragraph").first?.fontSize)
        let small = try #require(try page.runs("smallword").first?.fontSize)
        #expect(title > body * 1.2)
        #expect(body > small)
        #expect(abs(body - 11 * 72 / (name.hasSuffix("pdflatex") ? 72.27 : 72)) < 0.1, "11 pt body")
        if name.hasSuffix("pdflatex") {
            let footnote = try #require(try page.runs("footnote").first?.fontSize)
            #expect(small > footnote)
        }
    }

    @Test("red and blue words, the rest black", arguments: fixtures)
    func colours(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        func colour(_ word: String) throws -> PDFColor? { try page.runs(word).first?.foregroundColor }
        let red = try #require(try colour("redword")), blue = try #require(try colour("blueword"))
        #expect(red.red > 0.9 && red.green < 0.1 && red.blue < 0.1)
        #expect(blue.blue > 0.9 && blue.red < 0.1 && blue.green < 0.1)
        for word in ["boldword", "linkword"] + Self.plainWords {
            #expect(try colour(word) == .black, "\(word) is black")
        }
    }

    @Test("the link is on the link's text only, spaces inside it included", arguments: fixtures)
    func link(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        let url = URL(string: "https://example.org/styles")
        #expect(try page.all("linkword") { $0.link == url })
        // "the linkword site": whatever separates the words is made up, and linked.
        let linked = try #require(page.string.range(of: "linkword"))
        let before = page.string.characters.index(before: linked.lowerBound)
        #expect(page.string[before..<linked.lowerBound].runs.allSatisfy { $0.link == url })
        #expect(try page.all("site") { $0.link == url })
        for word in ["Read", "for", "more."] + Self.plainWords {
            #expect(try page.none(word) { $0.link != nil }, "\(word) is not linked")
        }
        // The break after "site" leads to unlinked text: it is not linked.
        let site = try #require(page.string.range(of: "site"))
        #expect(page.string[site.upperBound..<page.string.characters.index(after: site.upperBound)].runs.allSatisfy { $0.link == nil })
    }

    @Test("superscripts rise above the baseline, subscripts sink below it", arguments: fixtures)
    func baselines(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        let sup = try #require(try page.runs("mc2", character: 2).first?.baselineOffset)
        let sub = try #require(try page.runs("H2O", character: 1).first?.baselineOffset)
        #expect(sup > 1)
        #expect(sub < -1)
        for word in ["mc", "H", "O and"] + Self.plainWords {
            #expect(try page.none(word) { $0.baselineOffset != nil }, "\(word) is on the baseline")
        }
    }

    @Test("underline and strike-through on their words only", arguments: fixtures)
    func decorations(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        #expect(try page.all("underlined") { $0.underline == true })
        #expect(try page.all("struckout") { $0.strikethrough == true })
        for word in ["struckout", "text.", "is", "boldword", "linkword", "footnote", "smallword"] + Self.plainWords
            where page.plain.contains(word) {
            #expect(try page.none(word) { $0.underline == true }, "\(word) is not underlined")
        }
        for word in ["underlined", "text.", "boldword", "footnote", "smallword"] + Self.plainWords where page.plain.contains(word) {
            #expect(try page.none(word) { $0.strikethrough == true }, "\(word) is not struck through")
        }
    }

    @Test("the document language (catalog /Lang) is every run's language", arguments: fixtures)
    func language(_ name: String) throws {
        let page = try AttributedPage(fixture: name)
        #expect(page.string.runs.allSatisfy { $0.languageIdentifier == "en-GB" })
    }

    @Test("structure roles come from the structure tree, through NonStruct elements")
    func roles() throws {
        let page = try AttributedPage(fixture: "styles-chromium")
        #expect(try page.all("Styled Text Sample") { $0.structureRole == "H1" })
        #expect(try page.all("linkword") { $0.structureRole == "Link" })
        #expect(try page.all("monoword") { $0.structureRole == "Code" })
        #expect(try page.all("boldword") { $0.structureRole == "P" })
        let untagged = try AttributedPage(fixture: "styles-pdflatex")
        #expect(untagged.string.runs.allSatisfy { $0.structureRole == nil })
    }

    @Test("NSAttributedString: the same string, attributes under their raw names, UTF-16 ranges")
    func nsAttributedString() throws {
        let page = try AttributedPage(fixture: "styles-pdflatex")
        let ns = page.string.nsAttributedString()
        #expect(ns.string == page.plain)
        let nsString = ns.string as NSString
        let bold = nsString.range(of: "boldword")
        #expect(ns.attribute(NSAttributedString.Key("PDFTextBold"), at: bold.location, effectiveRange: nil) as? Bool == true)
        #expect(ns.attribute(.pdfTextBold, at: nsString.range(of: "italicword").location, effectiveRange: nil) == nil)
        let link = nsString.range(of: "linkword")
        #expect(ns.attribute(.pdfTextLink, at: link.location + 3, effectiveRange: nil) as? URL == URL(string: "https://example.org/styles"))
        let red = ns.attribute(.pdfTextForegroundColor, at: nsString.range(of: "redword").location, effectiveRange: nil) as? PDFColor
        #expect(red == PDFColor(red: 1, green: 0, blue: 0))
        #expect(ns.attribute(.pdfTextLanguage, at: 0, effectiveRange: nil) as? String == "en-GB")
        let size = ns.attribute(.pdfTextFontSize, at: nsString.range(of: "footnote").location, effectiveRange: nil) as? Double
        #expect(size != nil && size! < 10)
    }

    @Test("a range of the page: its characters and styles only")
    func range() throws {
        let page = try AttributedPage(fixture: "styles-pdflatex")
        let chars = page.text.layout.characters
        let all = String(String.UnicodeScalarView(chars.map(\.scalar)))
        let start = try #require(all.range(of: "boldword")).lowerBound
        let from = all.unicodeScalars.distance(from: all.unicodeScalars.startIndex, to: start)
        let part = makeAttributedString(page.text, characters: from..<(from + 12))
        #expect(String(part.characters) == "boldword and")
        #expect(part.runs.first?.isBold == true)
        #expect(part.runs.count == 2)
        #expect(makeAttributedString(page.text, characters: -5..<0).characters.isEmpty)
        #expect(String(makeAttributedString(page.text, characters: chars.count - 3..<chars.count + 50).characters).count == 3)
    }

    @Test("stricter thresholds find no decorations")
    func thresholds() throws {
        var options = TextStyleOptions()
        options.maximumRuleThickness = 0
        let document = try Document(bytes: try FileBytes.read(path: corpusURL.appendingPathComponent("text/styles-pdflatex.pdf").path))
        let page = AttributedPage(document, options: options)
        #expect(page.string.runs.allSatisfy { $0.underline == nil && $0.strikethrough == nil })
    }

    /// Every PDF of the project's corpus (damaged ones too): runs cover the page string
    /// without gaps, and the attributed string's characters are the page string.
    @Test("every corpus page: runs cover the page string, characters unchanged")
    func corpus() throws {
        let files = (FileManager.default.enumerator(atPath: corpusURL.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(files.count > 40)
        for file in files {
            guard let bytes = try? FileBytes.read(path: corpusURL.appendingPathComponent(file).path),
                  let document = try? Document(bytes: bytes) else { continue }
            if document.isLocked { _ = document.unlock(password: "user") }
            let extractor = TextExtractor(document: document)
            for index in 0..<min(document.pageCount, 4) {
                let text = extractor.page(index)
                let range = text.pageStringCharacters
                let styles = PageTextStyles(text, characters: range, links: LinkArea.links(in: document, pageIndex: index),
                                            documentLanguage: document.language)
                #expect(styles.runs.first?.characters.lowerBound ?? 0 == range.lowerBound, "\(file) page \(index)")
                #expect(styles.runs.last?.characters.upperBound ?? 0 == range.upperBound, "\(file) page \(index)")
                for (a, b) in zip(styles.runs, styles.runs.dropFirst()) {
                    #expect(a.characters.upperBound == b.characters.lowerBound && a.style != b.style, "\(file) page \(index)")
                }
                let string = makeAttributedString(text.layout, styles: styles)
                #expect(string.unicodeScalars.elementsEqual(text.layout.characters[range].lazy.map(\.scalar)), "\(file) page \(index)")
            }
        }
    }

    @Test("TeX font names say bold, italic and typewriter")
    func texNames() {
        #expect(FontStyleNames.texHints("CMBX10") == (true, false, false))
        #expect(FontStyleNames.texHints("CMTI12") == (false, true, false))
        #expect(FontStyleNames.texHints("CMTT9") == (false, false, true))
        #expect(FontStyleNames.texHints("CMSLTT10") == (false, true, true))
        #expect(FontStyleNames.texHints("SFBX1200") == (true, false, false))
        #expect(FontStyleNames.texHints("CMR10") == (false, false, false))
        #expect(FontStyleNames.texHints("CMBRIGHT") == (false, false, false))
        #expect(FontStyleNames.texHints("Helvetica-Bold") == (false, false, false))
        #expect(FontStyleNames.withoutSubsetPrefix("ABCDEF+Times-Roman") == "Times-Roman")
        #expect(FontStyleNames.withoutSubsetPrefix("ABCDE+Times") == "ABCDE+Times")
    }
}

/// Styles drawn by a hand-written page: fake bold (fill and stroke), a slanted text matrix,
/// an underline rule and a table rule, links to a URI and to a page, a rise, marked content
/// with a language and an MCID.
@Suite struct SyntheticStyleTests {
    static let content = """
        BT /F1 12 Tf /P << /MCID 0 >> BDC 72 700 Td (plain) Tj EMC 40 0 Td 1 0 0 RG 2 Tr (fakebold) Tj 0 Tr ET
        BT /F1 12 Tf 1 0 0.3 1 180 700 Tm (slanted) Tj ET
        BT /F1 12 Tf 72 650 Td (under) Tj 48 0 Td (rule) Tj ET
        72 647.4 30.7 0.6 re f
        BT /F1 12 Tf 72 600 Td (tabled) Tj 60 0 Td (row) Tj 60 0 Td (text) Tj ET
        72 597 468 0.5 re f
        BT /F1 12 Tf 72 550 Td (link) Tj 28 0 Td /Span << /Lang (fr) >> BDC (here) Tj EMC 30 0 Td (and) Tj 30 0 Td (there) Tj ET
        BT /F1 12 Tf 72 500 Td (E=mc) Tj /F1 8 Tf 5 Ts (2) Tj 0 Ts /F1 12 Tf ( ok) Tj ET
        """

    static func document() throws -> Document {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R /Lang (de-CH) /Names << /Dests 30 0 R >> >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 /MediaBox [0 0 612 792] >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 10 0 R >> >> /Annots [20 0 R 21 0 R 22 0 R 23 0 R] >>")
        b.addStream(4, text: content)
        b.add(5, "<< /Type /Page /Parent 2 0 R /Contents 6 0 R /Resources << /Font << /F1 10 0 R >> >> >>")
        b.addStream(6, text: "BT /F1 12 Tf 72 700 Td (second) Tj ET")
        b.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        b.add(20, "<< /Type /Annot /Subtype /Link /Rect [70 545 92 562] /A << /S /URI /URI (https://example.com/a) >> >>")
        b.add(21, "<< /Type /Annot /Subtype /Link /Rect [158 545 190 562] /Dest [5 0 R /XYZ 0 792 0] >>")
        b.add(22, "<< /Type /Annot /Subtype /Text /Rect [72 500 90 520] /Contents (a note, not a link) >>")
        b.add(23, "<< /Type /Annot /Subtype /Link /Rect [70 595 110 612] /A << /S /GoTo /D (second) >> >>")
        // A name tree whose value is an indirect dictionary with /D, as pdfLaTeX writes them.
        b.add(30, "<< /Names [(second) 31 0 R] >>")
        b.add(31, "<< /D [5 0 R /XYZ 72 720 null] >>")
        return try Document(bytes: b.build().bytes)
    }

    @Test("fill-and-stroke text is bold, a skewed matrix italic, both marked synthetic")
    func synthetic() throws {
        let doc = try Self.document()
        let text = TextExtractor(document: doc).page(0)
        let styles = PageTextStyles(text)
        let s = String(String.UnicodeScalarView(text.layout.characters.map(\.scalar)))
        func style(_ word: String) throws -> TextStyle {
            let r = try #require(s.range(of: word))
            return try #require(styles.style(at: s.unicodeScalars.distance(from: s.unicodeScalars.startIndex, to: r.lowerBound)))
        }
        #expect(try style("fakebold").isBold && style("fakebold").isSyntheticBold)
        #expect(try !style("plain").isBold && !style("plain").isSyntheticBold)
        #expect(try style("slanted").isItalic && style("slanted").isSyntheticItalic)
        #expect(try !style("plain").isItalic)
        #expect(try style("plain").postScriptName == "Helvetica" && style("plain").fontSize == 12)
        // Stroke colour does not change the fill colour of fill-and-stroke text.
        #expect(try style("fakebold").foregroundColor == .black)
    }

    @Test("a rule under a word underlines it; a rule running far past the text does not")
    func rules() throws {
        let page = AttributedPage(try Self.document())
        #expect(try page.all("under") { $0.underline == true })
        #expect(try page.none("rule") { $0.underline == true })
        for word in ["tabled", "row", "text"] { #expect(try page.none(word) { $0.underline == true }, "\(word)") }
    }

    @Test("links to a URI and to pages (explicit and named destinations); other annotations are not links")
    func links() throws {
        let doc = try Self.document()
        let areas = LinkArea.links(in: doc, pageIndex: 0)
        #expect(areas.count == 3)
        #expect(areas.first?.url == "https://example.com/a")
        #expect(areas.dropFirst().map(\.pageIndex) == [1, 1])
        #expect(LinkArea.links(in: doc, pageIndex: 1).isEmpty)
        #expect(LinkArea.links(in: doc, pageIndex: 7).isEmpty)
        let page = AttributedPage(doc)
        #expect(try page.all("link") { $0.link == URL(string: "https://example.com/a") && $0.destinationPageIndex == nil })
        #expect(try page.all("there") { $0.destinationPageIndex == 1 && $0.link == nil })
        #expect(try page.none("here") { $0.link != nil || $0.destinationPageIndex != nil })
        #expect(try page.none("and") { $0.link != nil || $0.destinationPageIndex != nil })
        // A named destination (GoTo with a name-tree entry).
        #expect(try page.all("tabled") { $0.destinationPageIndex == 1 })
        #expect(try page.none("row") { $0.destinationPageIndex != nil })
    }

    @Test("a rise of 5 points is a baseline offset of 5")
    func rise() throws {
        let page = AttributedPage(try Self.document())
        let offset = try #require(try page.runs("mc2", character: 2).first?.baselineOffset)
        #expect(abs(offset - 5) < 0.05)
        #expect(try page.runs("mc2", character: 2).first?.fontSize == 8)
        #expect(try page.none("ok") { $0.baselineOffset != nil })
    }

    @Test("language from marked content, else the document's; roles from MCIDs, else the tag")
    func languageAndRoles() throws {
        let doc = try Self.document()
        let page = AttributedPage(doc, roles: [0: "H2"])
        #expect(try page.all("here") { $0.languageIdentifier == "fr" && $0.structureRole == "Span" })
        #expect(try page.all("there") { $0.languageIdentifier == "de-CH" && $0.structureRole == nil })
        #expect(try page.all("plain") { $0.structureRole == "H2" })
        let untagged = AttributedPage(doc, roles: [:], documentLanguage: .some(nil))
        #expect(try untagged.all("plain") { $0.structureRole == "P" })
        #expect(try untagged.all("there") { $0.languageIdentifier == nil })
        #expect(doc.language == "de-CH")
    }

    @Test("link areas: quadrilaterals in any corner order")
    func quads() {
        let q = Quad(lowerLeft: Point(x: 0, y: 10), lowerRight: Point(x: 10, y: 10), upperRight: Point(x: 0, y: 0), upperLeft: Point(x: 10, y: 0))
        let area = LinkArea(rect: Rect(x0: 100, y0: 100, x1: 200, y1: 200), quads: [q], url: "u")
        #expect(area.contains(Point(x: 5, y: 5)))
        #expect(!area.contains(Point(x: 150, y: 150)))
        #expect(LinkArea(rect: Rect(x0: 100, y0: 100, x1: 200, y1: 200)).contains(Point(x: 150, y: 150)))
        #expect(area.bounds == Rect(x0: 0, y0: 0, x1: 10, y1: 10))
    }
}

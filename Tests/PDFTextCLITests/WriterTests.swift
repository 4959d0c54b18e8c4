import Foundation
import PDFCore
import PDFLayout
import PDFText
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import PDFTextCLI

/// The format writers on hand-made layouts: expected values are worked out from the
/// geometry (display y = 792 − page y; a character is 6 pt wide, 10 pt tall, its box from
/// 2 pt below the baseline).
#if canImport(FoundationXML) || canImport(Darwin)
extension XMLElement {
    /// An attribute's value (through XPath: `attribute(forName:)` misses attributes of
    /// elements in the XHTML namespace on Linux).
    func attr(_ name: String) -> String? {
        (try? nodes(forXPath: "@" + name))?.first?.stringValue
    }
}
#endif

@Suite struct WriterTests {
    /// Two blocks: "Tom & Jerry" / "second line" at x 72, baselines 720 and 706; "Right" at
    /// x 350, baseline 720.
    static func twoBlocks(lang: String? = nil) -> HandLayout {
        var h = HandLayout(lang: lang)
        h.line(["Tom", "&", "Jerry"], x: 72, y: 720)
        h.line(["second", "line"], x: 72, y: 706)
        h.block()
        h.line(["Right"], x: 350, y: 720)
        h.block()
        return h
    }

    static let document = DocumentContext(path: "hand.pdf", pageCount: 1, pages: [1], labels: nil, title: nil, firstOnStream: true)
    static let context = PageContext(number: 1, ordinal: 0, label: nil)

    static func string(_ b: Bytes) -> String { String(decoding: b.data, as: UTF8.self) }

    @Test("TSV: rows, numbering and number formats of pdftotext -tsv")
    func tsv() {
        let f = TSVFormatter()
        let page = Self.twoBlocks().page
        let out = Self.string(f.documentStart(Self.document)) + Self.string(f.page(page, Self.context, Self.document))
        let rows = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[0] == "level\tpage_num\tpar_num\tblock_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext")
        #expect(rows[1] == "1\t1\t0\t0\t0\t0\t0.000000\t0.000000\t612.000000\t792.000000\t-1\t###PAGE###")
        // Words as pdftotext measures them (PopplerWordBox): 10-pt type, the font dictionary
        // has no descriptor, so 0.95 em above the baseline and 0.35 below: baseline 792 − 720
        // = 72 gives top 62.5 and height 13; the second line's (86) top 76.5. Lines and flows
        // are the unions of their words. Block 1: x 72…138 (11 characters), 62.5…89.5.
        #expect(rows[2] == "3\t1\t0\t0\t0\t0\t72.000000\t62.500000\t66.000000\t27.000000\t-1\t###FLOW###")
        #expect(rows[3] == "4\t1\t0\t0\t0\t0\t72.000000\t62.500000\t66.000000\t13.000000\t-1\t###LINE###")
        #expect(rows[4] == "5\t1\t0\t0\t0\t0\t72.00\t62.50\t18.00\t13.00\t100\tTom")
        #expect(rows[5] == "5\t1\t0\t0\t0\t1\t96.00\t62.50\t6.00\t13.00\t100\t&")
        #expect(rows[6] == "5\t1\t0\t0\t0\t2\t108.00\t62.50\t30.00\t13.00\t100\tJerry")
        #expect(rows[7] == "4\t1\t0\t0\t1\t0\t72.000000\t76.500000\t66.000000\t13.000000\t-1\t###LINE###")
        #expect(rows[8] == "5\t1\t0\t0\t1\t0\t72.00\t76.50\t36.00\t13.00\t100\tsecond")
        #expect(rows[9] == "5\t1\t0\t0\t1\t1\t114.00\t76.50\t24.00\t13.00\t100\tline")
        #expect(rows[10] == "3\t1\t1\t0\t0\t0\t350.000000\t62.500000\t30.000000\t13.000000\t-1\t###FLOW###")
        #expect(rows[11] == "4\t1\t1\t0\t0\t0\t350.000000\t62.500000\t30.000000\t13.000000\t-1\t###LINE###")
        #expect(rows[12] == "5\t1\t1\t0\t0\t0\t350.00\t62.50\t30.00\t13.00\t100\tRight")
        #expect(rows.count == 14 && rows[13].isEmpty)
    }

    @Test("TSV: the header only for the first document on a stream; a tab inside a word is escaped")
    func tsvHeaderAndTabs() {
        var h = HandLayout()
        h.line(["a\tb"], x: 72, y: 720)
        h.block()
        var second = Self.document
        second.firstOnStream = false
        #expect(TSVFormatter().documentStart(second).data.isEmpty)
        let out = Self.string(TSVFormatter().page(h.page, Self.context, Self.document))
        #expect(out.hasSuffix("\t100\ta\\tb\n"))
    }

    @Test("TSV numbers round like printf")
    func rounding() {
        #expect(String(decoding: Bytes.fixed(0.125, 2), as: UTF8.self) == "0.12")  // 0.125 is exact: half to even
        #expect(String(decoding: Bytes.fixed(54.768, 2), as: UTF8.self) == "54.77")
        #expect(String(decoding: Bytes.fixed(612, 6), as: UTF8.self) == "612.000000")
        #expect(String(decoding: Bytes.fixed(-0.004, 2), as: UTF8.self) == "-0.00")
        // The integer fast path agrees with printf wherever it answers.
        var rng = SystemRandomNumberGenerator()
        var answered = 0
        for k in 0..<20_000 {
            let v = k < 10_000 ? Double.random(in: -2000...2000, using: &rng) : Double(Int.random(in: -200_000...200_000, using: &rng)) / 1000
            for d in [2, 6] {
                if let fast = Bytes.fastFixed(v, d) {
                    answered += 1
                    #expect(fast == Bytes.printfFixed(v, d), "\(v) %.\(d)f")
                }
            }
        }
        #expect(answered > 30_000)
    }

    @Test("TSV on a page rotated 90°: width and height swap, left is page y, top is page x")
    func rotated() {
        var h = HandLayout(rotation: 90)
        h.line(["Up"], x: 100, y: 300)
        h.block()
        let rows = Self.string(TSVFormatter().page(h.page, Self.context, Self.document)).split(separator: "\n")
        #expect(rows[0].hasSuffix("\t792.000000\t612.000000\t-1\t###PAGE###"))
        // Glyph boxes: page x 100…112, y 298…308 → display left 298, top 100, 10 × 12.
        #expect(rows[3] == "5\t1\t0\t0\t0\t0\t298.00\t100.00\t10.00\t12.00\t100\tUp")
    }

    @Test("JSON: blocks, lines and words with display-space boxes, font and size; parses back")
    func json() throws {
        let f = JSONFormatter()
        let page = Self.twoBlocks(lang: "fr").page
        var bytes = f.documentStart(Self.document).data
        bytes += f.page(page, Self.context, Self.document).data
        bytes += f.documentEnd(Self.document).data
        #expect(bytes.last == 10 && !bytes.dropLast().contains(10))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(root["schema"] as? String == "pdftext/1")
        #expect(root["file"] as? String == "hand.pdf")
        let pages = try #require(root["pages"] as? [[String: Any]])
        #expect(pages.count == 1)
        let p = pages[0]
        #expect(p["index"] as? Int == 0 && p["number"] as? Int == 1)
        #expect(p["width"] as? Double == 612 && p["height"] as? Double == 792 && p["rotation"] as? Int == 0)
        #expect(p["orderSource"] as? String == "geometry")
        let blocks = try #require(p["blocks"] as? [[String: Any]])
        #expect(blocks.count == 2)
        #expect(blocks[0]["kind"] as? String == "text")
        #expect(blocks[0]["bbox"] as? [Double] == [72, 64, 138, 88])
        let lines = try #require(blocks[0]["lines"] as? [[String: Any]])
        #expect(lines.count == 2 && lines[1]["direction"] as? String == "leftToRight")
        let words = try #require(lines[0]["words"] as? [[String: Any]])
        #expect(words.map { $0["text"] as? String } == ["Tom", "&", "Jerry"])
        #expect(words[0]["bbox"] as? [Double] == [72, 64, 90, 74])
        #expect(words[0]["font"] as? String == "Helvetica" && words[0]["size"] as? Double == 10)
        #expect(words[0]["lang"] as? String == "fr")
    }

    @Test("JSON: quotes, backslashes and control characters in words survive a round trip")
    func jsonEscaping() throws {
        var h = HandLayout()
        h.line(["a\"b\\c", "t\u{1}x", "é€𝄞"], x: 72, y: 720)
        h.block()
        let f = JSONFormatter()
        let bytes = f.documentStart(Self.document).data + f.page(h.page, Self.context, Self.document).data + f.documentEnd(Self.document).data
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let page = try #require((root["pages"] as? [[String: Any]])?.first)
        let words = ((page["blocks"] as? [[String: Any]])?.first?["lines"] as? [[String: Any]])?.first?["words"] as? [[String: Any]]
        #expect(words?.map { $0["text"] as? String } == ["a\"b\\c", "t\u{1}x", "é€𝄞"])
        #expect(page["text"] as? String == "a\"b\\c t\u{1}x é€𝄞\n\n")
    }

    @Test("JSON: a second page starts with a comma, so the array stays valid")
    func jsonSecondPage() {
        let page = Self.twoBlocks().page
        let out = JSONFormatter().page(page, PageContext(number: 2, ordinal: 1, label: "ii"), Self.document)
        #expect(out.data.first == UInt8(ascii: ","))
        #expect(Self.string(out).contains("\"label\":\"ii\""))
    }

    #if canImport(FoundationXML) || canImport(Darwin)
    @Test("hOCR: parses as XML; page, areas, paragraphs, lines and words with bbox, font, size, lang and dir")
    func hocr() throws {
        var h = Self.twoBlocks(lang: "de")
        h.line(["<b>", "x&y"], x: 72, y: 600, direction: .rightToLeft)
        h.block()
        let f = HOCRFormatter(version: "9.9")
        var bytes = f.documentStart(Self.document).data
        bytes += f.page(h.page, Self.context, Self.document).data
        bytes += f.documentEnd(Self.document).data
        let doc = try XMLDocument(data: Data(bytes), options: [])
        func nodes(_ xpath: String) throws -> [XMLElement] { try doc.nodes(forXPath: xpath).compactMap { $0 as? XMLElement } }
        let metas = try nodes("//*[local-name()='meta']")
        #expect(metas.contains { $0.attr("name") == "ocr-system" && $0.attr("content") == "pdftext 9.9" })
        let caps = metas.first { $0.attr("name") == "ocr-capabilities" }?.attr("content") ?? ""
        for c in ["ocr_page", "ocr_carea", "ocr_par", "ocr_line", "ocrx_word"] { #expect(caps.split(separator: " ").contains(Substring(c))) }
        let page = try #require(try nodes("//*[@class='ocr_page']").first)
        #expect(page.attr("title") == "bbox 0 0 612 792; ppageno 0")
        #expect(try nodes("//*[@class='ocr_carea']").count == 3)
        let pars = try nodes("//*[@class='ocr_par']")
        #expect(pars.map { $0.attr("lang") } == ["de", "de", "de"])
        #expect(pars.map { $0.attr("dir") } == ["ltr", "ltr", "rtl"])
        let lines = try nodes("//*[@class='ocr_line']")
        #expect(lines.count == 4)
        // Line 1: bbox 72 64 138 74; the baseline (display y 72) lies 2 above the bottom.
        #expect(lines[0].attr("title") == "bbox 72 64 138 74; baseline 0 -2")
        let words = try nodes("//*[@class='ocrx_word']")
        #expect(words.map(\.stringValue) == ["Tom", "&", "Jerry", "second", "line", "Right", "<b>", "x&y"])
        #expect(words[0].attr("title") == "bbox 72 64 90 74; x_font Helvetica; x_fsize 10")
        let ids = try nodes("//*[@id]").compactMap { $0.attr("id") }
        #expect(Set(ids).count == ids.count)
    }
    #endif

    @Test("text: the layout's characters, a form feed after the page unless turned off")
    func text() {
        let page = Self.twoBlocks().page
        let on = Self.string(TextFormatter(physical: false, pageBreaks: true).page(page, Self.context, Self.document))
        #expect(on == "Tom & Jerry\nsecond line\n\nRight\n\n\u{C}")
        let off = Self.string(TextFormatter(physical: false, pageBreaks: false).page(page, Self.context, Self.document))
        #expect(off == "Tom & Jerry\nsecond line\n\nRight\n\n")
    }
}

@Suite struct DisplayLayoutTests {
    @Test("zero bounds are rebuilt from the glyph boxes; stray words and lines get a line and a block")
    func normalisation() {
        var h = HandLayout()
        h.line(["Alpha", "beta"], x: 72, y: 720, zeroBounds: true)
        h.line(["gamma"], x: 72, y: 700)
        // A layout whose blocks cover only the first line, and whose lines leave the last word out.
        h.layout.blocks = [LayoutBlock(lines: 0..<1, bounds: Rect(x0: 0, y0: 0, x1: 0, y1: 0), kind: .header)]
        h.layout.lines.removeLast()
        let tree = DisplayLayout(h.layout, glyphs: h.glyphs)
        #expect(tree.blocks.count == 2)
        #expect(tree.blocks[0].kind == .header && tree.blocks[0].index == 0)
        #expect(tree.blocks[1].index == nil && tree.blocks[1].kind == .text)
        #expect(tree.blocks[0].lines[0].words.map(\.index) == [0, 1])
        #expect(tree.blocks[1].lines[0].index == nil && tree.blocks[1].lines[0].words.map(\.index) == [2])
        // "Alpha": page x 72…102, y 718…728 → display top 64.
        #expect(tree.blocks[0].lines[0].words[0].box == Rect(x0: 72, y0: 64, x1: 102, y1: 74))
        #expect(tree.blocks[0].box == Rect(x0: 72, y0: 64, x1: 132, y1: 74))
        #expect(tree.blocks[0].lines[0].words[0].baseline == 72)
    }
}

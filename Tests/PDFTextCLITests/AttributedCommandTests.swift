import Foundation
import PDFText
import PDFTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import PDFTextCLI

/// `pdftext --attributed` on the style fixtures (tools/corpus/make_style_fixture.py), whose
/// words carry known styles.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct AttributedCommandTests {
    static let fixtures = ["styles-pdflatex", "styles-chromium"]

    static func run(_ arguments: [String]) throws -> String {
        let r = try CLI.run(arguments)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        #expect(r.stderr.isEmpty)
        return r.stdout
    }

    #if canImport(FoundationXML) || canImport(Darwin)
    @Test("HTML: well-formed, with title, language and the expected elements around the expected words", arguments: fixtures)
    func html(_ name: String) throws {
        let out = try Self.run(["--attributed", CLI.fixture("text/\(name).pdf")])
        #expect(out.hasPrefix("<!DOCTYPE html>\n"))
        let doc = try XMLDocument(data: Data(out.utf8), options: [])
        func texts(_ xpath: String) throws -> [String] { try doc.nodes(forXPath: xpath).map { $0.stringValue ?? "" } }
        #expect(try texts("/html/@lang") == ["en-GB"])
        #expect(try texts("/html/head/title") == ["Styled Text Sample"])
        #expect(try texts("//section/@id") == ["page-1"])
        #expect(try texts("//h1") == ["Styled Text Sample"])
        #expect(try texts("//b") == ["boldword"])
        #expect(try texts("//i") == ["italicword"])
        #expect(try texts("//code") == ["monoword"])
        #expect(try texts("//u") == ["underlined"])
        #expect(try texts("//s") == ["struckout"])
        #expect(try texts("//span[@style='color:#ff0000']") == ["redword"])
        #expect(try texts("//span[@style='color:#0000ff']") == ["blueword"])
        let links = try doc.nodes(forXPath: "//a[@href='https://example.org/styles']")
        #expect(links.count == 1)
        #expect(links.first?.stringValue?.split(whereSeparator: \.isWhitespace) == ["the", "linkword", "site"])
        // pdfLaTeX's footnote mark links to the footnote (a named destination on this page).
        #expect(try texts("//a/@href").sorted() == (name.hasSuffix("pdflatex") ? ["#page-1", "https://example.org/styles"] : ["https://example.org/styles"]))
        #expect(try texts("//sub") == ["2"])
        #expect(try texts("//sup").first == "2")
        // The sub- and superscript sit after "H" and "mc".
        let paragraph = try #require(try texts("//p").first(where: { $0.contains("boldword") }))
        #expect(paragraph.contains("H2O") && paragraph.contains("mc2"))
        // Plain words are outside every inline element.
        let inline = try texts("//b|//i|//code|//u|//s|//sup|//sub|//span|//a").joined(separator: " ")
        for word in ["has a", "follow.", "Einstein", "Water", "more."] { #expect(!inline.contains(word), "\(word)") }
    }
    #endif

    @Test("JSON: runs with attributes cover the page string in UTF-16 units", arguments: fixtures)
    func json(_ name: String) throws {
        let out = try Self.run(["--attributed", "--format", "json", CLI.fixture("text/\(name).pdf")])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "pdftext-attributed/1")
        #expect(object["lang"] as? String == "en-GB")
        let page = try #require((object["pages"] as? [[String: Any]])?.first)
        let text = try #require(page["text"] as? String) as NSString
        let runs = try #require(page["runs"] as? [[String: Any]])
        var next = 0
        for run in runs {
            #expect(run["location"] as? Int == next)
            next += run["length"] as? Int ?? 0
        }
        #expect(next == text.length)
        func run(at word: String) throws -> [String: Any] {
            let at = text.range(of: word).location
            return try #require(runs.first { r in
                let l = r["location"] as! Int
                return l <= at && at < l + (r["length"] as! Int)
            })
        }
        #expect(try run(at: "boldword")["bold"] as? Bool == true)
        #expect(try run(at: "italicword")["italic"] as? Bool == true)
        #expect(try run(at: "monoword")["monospace"] as? Bool == true)
        #expect(try run(at: "redword")["color"] as? String == "#ff0000")
        #expect(try run(at: "linkword")["link"] as? String == "https://example.org/styles")
        #expect(try run(at: "underlined")["underline"] as? Bool == true)
        #expect(try run(at: "struckout")["strikethrough"] as? Bool == true)
        #expect((try run(at: "mc2")["baselineOffset"]) == nil)
        let paragraph = try run(at: "paragraph")
        #expect(paragraph["bold"] == nil && paragraph["link"] == nil && paragraph["color"] as? String == "#000000")
        #expect((paragraph["size"] as? Double ?? 0) > 10)
    }

    @Test("Markdown: headings, emphasis, code, links, strike-through, inline HTML")
    func markdown() throws {
        let out = try Self.run(["--attributed", "--format", "markdown", CLI.fixture("text/styles-pdflatex.pdf")])
        for markup in ["# Styled Text Sample\n", "**boldword**", "*italicword*", "`monoword`",
                       "[the linkword site](https://example.org/styles)", "~~struckout~~", "<u>underlined</u>",
                       "H<sub>2</sub>O", "mc<sup>2</sup>"] {
            #expect(out.contains(markup), "\(markup)")
        }
        #expect(!out.contains("boldword **") && !out.contains("italicword *"), "emphasis does not end in a space")
        // --format markdown implies --attributed, and .md names it.
        #expect(try Self.run(["--format", "markdown", CLI.fixture("text/styles-pdflatex.pdf")]) == out)
        let dir = try TextCommandTests.tempDir()
        let file = dir.appendingPathComponent("out.md").path
        _ = try Self.run([CLI.fixture("text/styles-pdflatex.pdf"), file])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == out)
    }

    @Test("Markdown: inferred list items with their continuation lines, then the paragraph after the list")
    func markdownLists() throws {
        let out = try Self.run(["--format", "markdown", CLI.fixture("text/lists-libreoffice.pdf")])
        #expect(out.contains("\n- a waterproof jacket and a warm hat\n- a map of the area and a compass\n"))
        #expect(out.contains("\n1. Read the weather forecast for the summit, not for the\n   valley.\n2. Tell someone"))
        #expect(out.contains("even if the top looks close.\n\nMost accidents happen"), "a paragraph after a list is not part of its last item")
    }

    @Test("Markdown: a block of monospaced lines is a fenced code block, written as it reads")
    func markdownCodeBlock() throws {
        var t = TaggedDocument()
        t.structTreeRoot = false
        t.marked = false
        t.font = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>"
        t.content = ["BT /F1 10 Tf 12 TL 72 700 Td (let x = 1 * 2) Tj T* (print\\(x\\) # [done]) Tj T* (`tick`) Tj ET"]
        let dir = try TextCommandTests.tempDir()
        let file = dir.appendingPathComponent("code.pdf")
        try Data(t.build()).write(to: file)
        let out = try Self.run(["--format", "markdown", file.path])
        #expect(out.contains("```\nlet x = 1 * 2\nprint(x) # [done]\n`tick`\n```\n"), "\(out)")
    }

    @Test("Markdown specials in text are escaped, list and heading starts too")
    func markdownEscaping() {
        #expect(AttributedMarkdownFormatter.escaped("*a* [b] `c` <d> #e", atLineStart: false) == "\\*a\\* \\[b\\] \\`c\\` &lt;d\\> \\#e")
        // A prepended or combining mark does not hide a bracket; `](` never survives as such.
        #expect(AttributedMarkdownFormatter.escaped("\u{D4E}[x\u{D4E}](javascript:a)", atLineStart: false) == "\u{D4E}\\[x\u{D4E}\\]\\(javascript:a)")
        #expect(AttributedMarkdownFormatter.escaped("[\u{301}x]\u{301}(y) \u{600}<javascript:b\u{600}>", atLineStart: false) == "\\[\u{301}x\\]\u{301}(y) \u{600}&lt;javascript:b\u{600}\\>")
        // A code span's fence is longer than any run of backticks inside it.
        #expect(AttributedMarkdownFormatter.codeFence(for: "plain") == "`")
        #expect(AttributedMarkdownFormatter.codeFence(for: "a``[y](javascript:z)") == "``` ")
        #expect(AttributedMarkdownFormatter.codeFence(for: "`x`") == "`` ")
        #expect(AttributedMarkdownFormatter.escaped("1. item", atLineStart: true) == "1\\. item")
        #expect(AttributedMarkdownFormatter.escaped("1. item", atLineStart: false) == "1. item")
        #expect(AttributedMarkdownFormatter.escaped("- x", atLineStart: true) == "\\- x")
        #expect(AttributedMarkdownFormatter.escaped("a - b", atLineStart: true) == "a - b")
    }

    @Test("RTF: header, font and colour tables, character formatting, links, balanced groups")
    func rtf() throws {
        let out = try Self.run(["--attributed", "--format", "rtf", CLI.fixture("text/styles-pdflatex.pdf")])
        #expect(out.hasPrefix("{\\rtf1\\ansi"))
        for markup in ["{\\fonttbl{\\f0", "{\\colortbl;", "\\red255\\green0\\blue0;", "\\red0\\green0\\blue255;",
                       "\\b boldword", "\\i italicword", "\\ul underlined", "\\strike struckout", "\\super 2", "\\sub 2",
                       "{\\field{\\*\\fldinst{HYPERLINK \"https://example.org/styles\"}}{\\fldrslt{", "\\fs22", "\\outlinelevel0",
                       "{\\info{\\title Styled Text Sample}}"] {
            #expect(out.contains(markup), "\(markup)")
        }
        #expect(!out.contains("\\b italicword") && !out.contains("\\ul struckout"))
        var depth = 0, minimum = 0
        var escaped = false
        for ch in out.dropFirst() {
            if escaped { escaped = false; continue }
            if ch == "\\" { escaped = true } else if ch == "{" { depth += 1 } else if ch == "}" { depth -= 1; minimum = min(minimum, depth) }
        }
        #expect(depth == -1 && minimum == -1, "groups balance and the document group closes last")
        // .rtf names the format.
        let dir = try TextCommandTests.tempDir()
        let file = dir.appendingPathComponent("out.rtf").path
        _ = try Self.run([CLI.fixture("text/styles-pdflatex.pdf"), file])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == out)
    }

    @Test("RTF text: non-ASCII as \\uN?, specials escaped")
    func rtfText() throws {
        let path = try TestDocument("BT /F1 12 Tf 72 720 Td (caf\\351 {x} \\\\y) Tj ET").write()
        let out = try Self.run(["--format", "rtf", path])
        #expect(out.contains("caf\\u233? \\{x\\} \\\\y"))
        var b = Bytes()
        AttributedRTFFormatter.text("\u{1F600}", into: &b)
        #expect(String(decoding: b.data, as: UTF8.self) == "\\u-10179?\\u-8704?")
        var q = Bytes()
        AttributedRTFFormatter.text("HYPERLINK \"javascript:x\"\u{7F}\u{1B}", into: &q)
        #expect(String(decoding: q.data, as: UTF8.self) == "HYPERLINK \\'22javascript:x\\'22")
    }

    @Test("--attributed refuses plain formats; --format json without it stays plain JSON")
    func formats() throws {
        let file = CLI.fixture("text/styles-pdflatex.pdf")
        let refused = try CLI.run(["--attributed", "--format", "tsv", file])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--attributed"))
        let plain = try Self.run(["--format", "json", file])
        #expect(plain.hasPrefix("{\"schema\":\"pdftext/1\""))
        let dir = try TextCommandTests.tempDir()
        _ = try Self.run(["--attributed", "--output-dir", dir.path, file])
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("styles-pdflatex.html").path))
    }

    @Test("several documents: one complete HTML document each, in order")
    func severalDocuments() throws {
        let a = CLI.fixture("text/styles-pdflatex.pdf"), b = CLI.fixture("basic/three-pages.pdf")
        let out = try Self.run(["--attributed", a, b])
        #expect(out.components(separatedBy: "<!DOCTYPE html>").count == 3)
        #expect(out.components(separatedBy: "</html>").count == 3)
        #expect(out.components(separatedBy: "<section id=").count == 5)
    }
}

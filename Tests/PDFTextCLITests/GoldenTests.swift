import Foundation
import PDFCore
import PDFLayout
import PDFText
import Testing

/// Readable snapshots of what each stage makes of a dozen `Corpus/` files, compared exactly:
/// the glyphs of the first two pages (`pdftext glyphs`), the layout's blocks and lines (this
/// file's dump), the semantic HTML (`pdftext text -F html`) and the audit report
/// (`pdftext audit --format json`, timestamps and timings blanked). A change that moves a
/// glyph, a line or a heading shows in the diff of `Tests/Goldens/`.
///
/// Record mode rewrites them after an intended change: `PDFTEXT_RECORD_GOLDENS=1 swift test
/// --filter GoldenTests`; review the diff before committing it (Tests/Goldens/README.md).
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct GoldenTests {
    static let files = [
        "basic/hello.pdf", "text/semantic-chromium.pdf", "text/lists-libreoffice.pdf", "text/table-libreoffice.pdf",
        "text/two-column-pdflatex.pdf", "text/mixed-bidi-chromium.pdf", "text/japanese-vertical-lualatex.pdf",
        "text/hyphenated-pdflatex.pdf", "text/styles-chromium.pdf", "layout/leaders-libreoffice-3004.pdf",
        "layout/sidebar-chromium+qpdf-linear-3016.pdf", "fonts/type3-matplotlib.pdf", "fonts/actualtext.pdf",
    ]
    static let goldens = CLI.projectRoot.appendingPathComponent("Tests/Goldens")
    static let recording = ProcessInfo.processInfo.environment["PDFTEXT_RECORD_GOLDENS"] == "1"

    /// The snapshots of one file, by golden file name.
    static func snapshots(of file: String) throws -> [(name: String, text: String)] {
        let path = CLI.fixture(file)
        return [
            ("glyphs.tsv", try cli(["glyphs", "-l", "2", path])),
            ("layout.txt", try layoutDump(path)),
            ("semantic.html", try cli(["text", "-F", "html", path])),
            ("audit.json", blankVolatile(try cli(["audit", "--format", "json", path]))),
        ]
    }

    /// Standard output with the repository's path left out, so that snapshots do not depend
    /// on where the clone is.
    static func cli(_ arguments: [String]) throws -> String {
        let r = try CLI.run(arguments)
        return r.stdout.replacingOccurrences(of: CLI.projectRoot.path + "/", with: "")
    }

    /// Audit reports carry the time they were made and how long checks took.
    static func blankVolatile(_ s: String) -> String {
        var s = s
        for key in ["generatedAt"] {
            s = s.replacingOccurrences(of: "\"\(key)\":\"[^\"]*\"", with: "\"\(key)\":\"\"", options: .regularExpression)
        }
        for key in ["parseMs", "checkMs"] {
            s = s.replacingOccurrences(of: "\"\(key)\":[0-9.eE+-]+", with: "\"\(key)\":0", options: .regularExpression)
        }
        return s
    }

    /// Every page's order source, blocks (kind, bounds) and lines (direction, angle, bounds,
    /// text), coordinates to a tenth of a point.
    static func layoutDump(_ path: String) throws -> String {
        let extractor = TextExtractor(document: try Document(bytes: try FileBytes.read(path: path)))
        var out = ""
        for index in 0..<extractor.document.pageCount {
            let layout = extractor.page(index).layout
            out += "page \(index + 1): order \(layout.orderSource.rawValue), confidence \(format(layout.orderConfidence))\n"
            for (b, block) in layout.blocks.enumerated() {
                out += "  block \(b + 1) \(block.kind) \(format(block.bounds))\n"
                for line in layout.lines[Int(block.lines.lowerBound)..<Int(block.lines.upperBound)] {
                    let text = ControlEscaping.escaped(layout.text(line.characters))
                    out += "    \(line.direction) \(format(line.angle)) \(format(line.bounds)) \(text)\n"
                }
            }
        }
        return out
    }

    static func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == 0 ? "0.0" : String(format: "%.1f", r)
    }

    static func format(_ r: Rect) -> String { "[\(format(r.x0)) \(format(r.y0)) \(format(r.x1)) \(format(r.y1))]" }

    @Test("glyphs, layout, semantic HTML and audit JSON match their goldens", arguments: files)
    func golden(_ file: String) throws {
        let folder = Self.goldens.appendingPathComponent((file as NSString).deletingPathExtension)
        for (name, text) in try Self.snapshots(of: file) {
            let url = folder.appendingPathComponent(name)
            if Self.recording {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                continue
            }
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("no golden \(url.path); record with PDFTEXT_RECORD_GOLDENS=1 swift test --filter GoldenTests")
                continue
            }
            #expect(text == expected, "\(file) \(name) differs from its golden; if intended, record again and review the diff")
            if text != expected { Self.showFirstDifference(text, expected, name: "\(file) \(name)") }
        }
    }

    static func showFirstDifference(_ a: String, _ b: String, name: String) {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : "") != (i < y.count ? y[i] : "") {
            print("\(name): line \(i + 1)\n  got:      \(i < x.count ? x[i] : "<end>")\n  expected: \(i < y.count ? y[i] : "<end>")")
            return
        }
    }

    @Test("the blanking of volatile fields and the number format are what the goldens assume")
    func helpers() {
        #expect(Self.blankVolatile(#"{"generatedAt":"2026-01-01T00:00:00Z","parseMs":1.5,"checkMs":2}"#)
                == #"{"generatedAt":"","parseMs":0,"checkMs":0}"#)
        #expect(Self.format(-0.04) == "0.0" && Self.format(12.349) == "12.3" && Self.format(12.36) == "12.4")
        #expect(Self.format(Rect(x0: 1, y0: 2, x1: 3.25, y1: 4)) == "[1.0 2.0 3.3 4.0]")
    }
}

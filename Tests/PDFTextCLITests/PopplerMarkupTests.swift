import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import PDFTestSupport
@testable import PDFTextCLI

/// `--format bbox`, `bbox-layout` and `alto`, and `-htmlmeta`: pdftotext's HTML outputs
/// against pdftotext itself, ALTO against its schema (tools/alto) and the TSV words.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct PopplerMarkupTests {
    /// An executable on the PATH, or nil.
    static func tool(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let pdftotext = tool("pdftotext")
    static let xmllint = tool("xmllint")

    /// Runs a tool with standard output to a file, killed after `timeout` seconds; nil then.
    static func run(_ path: String, _ arguments: [String], timeout: Double = 60) throws -> (status: Int32, stdout: Data)? {
        let out = try TestDirectory.make("markup").appendingPathComponent("out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        defer { try? handle.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.standardOutput = handle
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning {
            if Date() > deadline { p.terminate(); p.waitUntilExit(); return nil }
            usleep(10_000)
        }
        return (p.terminationStatus, try Data(contentsOf: out))
    }

    /// Our output in `format`, or nil when the file does not open (encrypted, not a PDF).
    static func ours(_ format: String, _ file: String) throws -> String? {
        let r = try Spawn.run(["--format", format, file, "-"], timeout: 60)
        guard !r.timedOut, r.status == 0 || !r.stdout.isEmpty else { return nil }
        return r.stdoutText
    }

    static var corpus: [String] {
        let root = CLI.projectRoot.appendingPathComponent("Corpus")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".pdf") }.sorted().map { root.appendingPathComponent($0).path }
    }

    /// Single-column files on which our layout and pdftotext's find the same words in the
    /// same order (docs/POPPLER-COMPAT.md lists the single-column files where they differ).
    static let singleColumn = [
        "basic/hello.pdf", "basic/three-pages.pdf", "fonts/standard14-encodings.pdf",
        "fonts/type1-embedded-builtin-encoding.pdf", "fonts/truetype-reportlab-tounicode.pdf",
        "fonts/type42-matplotlib.pdf", "fonts/type0-identity-h-tounicode.pdf", "text/greek-lualatex.pdf",
        "text/headers-footers-groff.pdf", "text/rotated-page-pdflatex.pdf", "text/semantic-chromium.pdf",
        "text/japanese-lualatex.pdf", "text/chinese-xelatex.pdf", "layout/paragraphs-pdflatex-3006.pdf",
        "layout/multilang-xelatex-3019.pdf", "text/prose-libreoffice.pdf", "text/lists-libreoffice.pdf",
    ]

    struct Word: Equatable { var box: [Double]; var text: String }

    /// The `<word>` elements of a bbox output, in order (text still escaped).
    static func words(_ html: String) -> [Word] {
        let pattern = /<word xMin="([^"]*)" yMin="([^"]*)" xMax="([^"]*)" yMax="([^"]*)">(.*?)<\/word>/
        return html.matches(of: pattern).map { m in
            Word(box: [m.1, m.2, m.3, m.4].map { Double($0) ?? .nan }, text: String(m.5))
        }
    }

    /// Element paths with their attribute names (`doc/page[height,width]`), from `<doc>` on.
    static func shape(_ html: String) throws -> Set<String> {
        guard let start = html.range(of: "<doc>"), let end = html.range(of: "</doc>") else { return [] }
        let doc = try XMLDocument(xmlString: String(html[start.lowerBound..<end.upperBound]), options: [])
        var paths: Set<String> = []
        func walk(_ e: XMLElement, _ prefix: String) {
            let attributes = (e.attributes ?? []).compactMap(\.name).sorted()
            let path = prefix + (e.name ?? "?") + (attributes.isEmpty ? "" : "[\(attributes.joined(separator: ","))]")
            paths.insert(path)
            for child in e.children ?? [] { if let c = child as? XMLElement { walk(c, prefix + (e.name ?? "?") + "/") } }
        }
        if let root = doc.rootElement() { walk(root, "") }
        return paths
    }

    static let box = "[xMax,xMin,yMax,yMin]"
    static let grammar: [String: Set<String>] = [
        "bbox": ["doc", "doc/page[height,width]", "doc/page/word\(box)"],
        "bbox-layout": ["doc", "doc/page[height,width]", "doc/page/flow", "doc/page/flow/block\(box)",
                        "doc/page/flow/block/line\(box)", "doc/page/flow/block/line/word\(box)"],
    ]

    @Test("-bbox and -bbox-layout: the same head as pdftotext, and on single-column files the same words with boxes within 0.5 pt")
    func wordForWord() throws {
        guard let pdftotext = Self.pdftotext else {
            print("PopplerMarkupTests: pdftotext not on the PATH; comparison skipped"); return
        }
        for format in ["bbox", "bbox-layout"] {
            for name in Self.singleColumn {
                let file = CLI.fixture(name)
                let ours = try #require(try Self.ours(format, file))
                let theirs = try #require(try Self.run(pdftotext, ["-\(format)", file, "-"]))
                let theirsText = String(decoding: theirs.stdout, as: UTF8.self)
                #expect(ours.components(separatedBy: "<doc>")[0] == theirsText.components(separatedBy: "<doc>")[0], "\(name)")
                let a = Self.words(ours), b = Self.words(theirsText)
                #expect(a.map(\.text) == b.map(\.text), "\(format) \(name)")
                guard a.count == b.count else { continue }
                for (x, y) in zip(a, b) {
                    let far = zip(x.box, y.box).contains { abs($0 - $1) > 0.5 || !$0.isFinite }
                    #expect(!far, "\(format) \(name): \(x) against \(y)")
                }
            }
        }
    }

    @Test("-bbox and -bbox-layout on the corpus: well-formed, pdftotext's elements and attributes, as pdftotext nests them")
    func structure() throws {
        var compared = 0
        // Not the hostile files: pdftotext takes minutes on some, and two more runs of ours on
        // each would add a minute and a half (`alto()` runs on them).
        for file in Self.corpus where !file.contains("/hostile/") {
            for format in ["bbox", "bbox-layout"] {
                guard let ours = try Self.ours(format, file) else { continue }
                #expect(ours.hasPrefix(PopplerHTML.doctype) && ours.hasSuffix("</doc>\n</body>\n</html>\n"), "\(file)")
                let shape = try Self.shape(ours)
                #expect(shape.isSubset(of: Self.grammar[format]!), "\(format) \(file): \(shape)")
                guard let pdftotext = Self.pdftotext,
                      let theirs = try Self.run(pdftotext, ["-\(format)", file, "-"], timeout: 30), theirs.status == 0 else { continue }
                let theirsText = String(decoding: theirs.stdout, as: UTF8.self)
                // (pdftotext writes control characters as they are: such output does not parse.)
                guard !Self.words(ours).isEmpty, !Self.words(theirsText).isEmpty,
                      let theirShape = try? Self.shape(theirsText) else { continue }
                #expect(theirShape == shape, "\(format) \(file)")
                compared += 1
            }
        }
        if Self.pdftotext == nil { print("PopplerMarkupTests: pdftotext not on the PATH; shapes checked against the grammar only") }
        #expect(Self.pdftotext == nil || compared > 60)
    }

    @Test("ALTO for every corpus file validates against the ALTO 4.4 schema, its Strings are the TSV words in order")
    func alto() throws {
        let dir = try TestDirectory.make("alto")
        var written: [String] = []
        for (i, file) in Self.corpus.enumerated() {
            guard let alto = try Self.ours("alto", file) else { continue }
            let path = dir.appendingPathComponent("\(i).xml").path
            try Data(alto.utf8).write(to: URL(fileURLWithPath: path))
            written.append(path)
            _ = try XMLDocument(xmlString: alto, options: [])   // well-formed, with or without xmllint
            // The TSV words, except on the hostile files (a second run on each would add a
            // minute and a half).
            guard !file.contains("/hostile/") else { continue }
            let strings = alto.matches(of: /<String ID="[^"]*" CONTENT="([^"]*)"/).map { Self.unescape(String($0.1)) }
            let tsv = try #require(try Self.ours("tsv", file))
            let words = tsv.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("5\t") }
                .map { $0.split(separator: "\t", maxSplits: 11, omittingEmptySubsequences: false).last.map(String.init) ?? "" }
            #expect(strings.count == words.count, "\(file)")
            for (a, b) in zip(strings, words) where !b.contains("\\") {
                #expect(a == b, "\(file): \(a) against \(b)")
            }
        }
        #expect(written.count > 100)
        guard let xmllint = Self.xmllint else {
            print("PopplerMarkupTests: xmllint not on the PATH (Debian: libxml2-utils); ALTO schema validation skipped"); return
        }
        let schema = CLI.projectRoot.appendingPathComponent("tools/alto/alto-4-4.xsd").path
        for chunk in stride(from: 0, to: written.count, by: 40) {
            let files = Array(written[chunk..<min(written.count, chunk + 40)])
            let r = try #require(try Self.run(xmllint, ["--noout", "--nonet", "--schema", schema] + files, timeout: 120))
            #expect(r.status == 0, "xmllint rejected one of \(files.count) files from \(chunk)")
        }
    }

    /// An attribute value as a parser reads it (the references ALTOFormatter writes).
    static func unescape(_ s: String) -> String {
        var out = s
        for (entity, text) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#10;", "\n"), ("&#9;", "\t"), ("&#13;", "\r"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: text)
        }
        return out
    }

    /// One page with the word `<script>&"'` and that title and author.
    static func hostileText() throws -> String {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>")
        b.add(3, "<< /Title (<script>&\"') /Author (x<y) /CreationDate (D:20200102030405+01'30') /ModDate (D:19990101) >>")
        b.add(4, "<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>")
        b.addStream(5, text: "BT /F1 12 Tf 72 720 Td (<script>&\"' tail) Tj ET")
        b.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let url = try TestDirectory.make("markup").appendingPathComponent("script.pdf")
        try Data(b.build(trailer: "/Info 3 0 R").bytes).write(to: url)
        return url.path
    }

    @Test("<script>&\"' comes out escaped in -bbox, -htmlmeta and ALTO, in the text and the head")
    func escaping() throws {
        let file = try Self.hostileText()
        let escaped = "&lt;script&gt;&amp;&quot;&apos;"
        let bbox = try #require(try Self.ours("bbox", file))
        #expect(bbox.contains("<title>\(escaped)</title>\n<meta name=\"Author\" content=\"x&lt;y\"/>\n"))
        #expect(bbox.contains("<meta name=\"CreationDate\" content=\"2020-01-02T03:04:05+01:30\"/>\n<meta name=\"ModDate\" content=\"1999-01-01T00:00:00Z\"/>\n"))
        #expect(bbox.contains(">\(escaped)</word>"))
        let meta = try CLI.run(["-htmlmeta", file, "-"])
        #expect(meta.status == 0)
        #expect(meta.stdout.contains("<pre>\n\(escaped) tail"))
        #expect(meta.stdout.hasSuffix("</pre>\n</body>\n</html>\n"))
        let alto = try #require(try Self.ours("alto", file))
        #expect(alto.contains("CONTENT=\"\(escaped)\""))
        #expect(!alto.contains("<script>") && !bbox.contains("<script>") && !meta.stdout.contains("<script>"))
        if let pdftotext = Self.pdftotext, let theirs = try Self.run(pdftotext, ["-bbox", file, "-"]) {
            #expect(bbox == String(decoding: theirs.stdout, as: UTF8.self))
        }
    }

    @Test("pdftotext's dates: scanf's fields, Distiller's years, the offset")
    func dates() {
        let cases: [(String, String?)] = [
            ("D:20200102030405+01'30'", "2020-01-02T03:04:05+01:30"), ("D:20200102030405-05'00'", "2020-01-02T03:04:05-05"),
            ("D:20200102030405Z", "2020-01-02T03:04:05Z"), ("20200102", "2020-01-02T00:00:00Z"),
            ("D:199", "0199-01-01T00:00:00Z"), ("D:2020013", "2020-01-03T00:00:00Z"),
            ("D:20201302", "2020-13-02T00:00:00Z"), ("D:20200102 03", "2020-01-02T03:00:00Z"),
            ("D:20200102030405+1'0'", "2020-01-02T03:04:05+01"), ("D:20200102030405-00'30'", "2020-01-02T03:04:05-00:30"),
            ("garbage", nil), ("D:00000000", nil), ("D", nil), ("D:19990101120000", "1999-01-01T12:00:00Z"),
            ("D:191000101120000", "2000-01-01T12:00:00Z"), ("D:1920010112000000", "2100-10-11T20:00:00Z"),
        ]
        for (raw, expected) in cases {
            #expect(PopplerDate.iso8601(Array(raw.utf8)) == expected, "\(raw)")
        }
    }
}

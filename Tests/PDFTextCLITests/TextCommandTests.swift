import Foundation
import PDFCore
import PDFText
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import PDFTextCLI
import PDFTestSupport

/// `pdftext [text]` as a user runs it.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct TextCommandTests {
    static func tempDir() throws -> URL {
        try TestDirectory.make("cli")
    }

    /// The words of a page's layout, as the library gives them.
    static func layoutWords(_ path: String, page: Int = 0) throws -> [String] {
        let extractor = TextExtractor(document: try Document(bytes: try FileBytes.read(path: path)))
        let p = extractor.page(page)
        return p.layout.words.map { p.layout.text($0.characters) }
    }

    @Test("pdftext FILE prints the text with a form feed after the page; `text` is the same")
    func defaultSubcommand() throws {
        let r = try CLI.run([CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout.contains("Hello,") && r.stdout.contains("world."))
        #expect(r.stdout.hasSuffix("\u{C}"))
        #expect(r.stdout.filter { $0 == "\u{C}" }.count == 1)
        let explicit = try CLI.run(["text", CLI.fixture("basic/hello.pdf")])
        #expect(explicit.stdout == r.stdout)
        // The other subcommands still answer.
        #expect(try CLI.run(["info", CLI.fixture("basic/hello.pdf")]).stdout.contains("Pages:"))
        #expect(try CLI.run(["glyphs", CLI.fixture("basic/hello.pdf")]).stdout.hasPrefix("page\tindex"))
    }

    @Test("a page selection outside the document says so on one line and exits 4, as pdftotext refuses it")
    func selectionOutsideDocument() throws {
        let r = try CLI.run(["-f", "9", CLI.fixture("basic/three-pages.pdf"), "-"])
        #expect(r.status == 4)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("three-pages.pdf: no page in the selection (the document has 3 pages)"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        let inside = try CLI.run(["--pages", "2", CLI.fixture("basic/three-pages.pdf"), "-"])
        #expect(inside.status == 0 && inside.stdout.contains("Page 2") && !inside.stdout.contains("Page 1"))
    }

    @Test("standard input with `-`; one form feed per page, none with --no-page-breaks or -nopgbrk")
    func stdinAndPageBreaks() throws {
        let three = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("basic/three-pages.pdf")))
        let r = try CLI.run(["-"], stdin: three)
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\u{C}", omittingEmptySubsequences: false).count == 4)
        for n in 1...3 { #expect(r.stdout.contains("Page \(n)")) }
        for flag in ["--no-page-breaks", "-nopgbrk"] {
            let n = try CLI.run([flag, CLI.fixture("basic/three-pages.pdf")])
            #expect(!n.stdout.contains("\u{C}") && n.stdout.contains("Page 3"))
        }
    }

    @Test("--pages and -f/-l choose pages, in page order")
    func pages() throws {
        let file = CLI.fixture("basic/three-pages.pdf")
        let r = try CLI.run(["--pages", "3,1", file])
        #expect(r.stdout.contains("Page 1") && !r.stdout.contains("Page 2") && r.stdout.contains("Page 3"))
        #expect(r.stdout.range(of: "Page 1")!.lowerBound < r.stdout.range(of: "Page 3")!.lowerBound)
        let fl = try CLI.run(["-f", "2", "-l", "2", file])
        #expect(fl.stdout.contains("Page 2") && !fl.stdout.contains("Page 1") && !fl.stdout.contains("Page 3"))
        #expect(try CLI.run(["--pages", "2-x", file]).status == 64)
    }

    @Test("-layout is --layout (not -l ayout) and -raw is --raw")
    func popplerSpellings() throws {
        let file = CLI.fixture("basic/three-pages.pdf")
        let single = try CLI.run(["-layout", file]), double = try CLI.run(["--layout", file])
        #expect(single.status == 0 && single.stdout == double.stdout && single.stdout.contains("Page 3"))
        let raw = try CLI.run(["-raw", file]), stream = try CLI.run(["--reading-order", "stream", file])
        #expect(raw.status == 0 && raw.stdout == stream.stdout)
    }

    @Test("several files: texts in input order on standard output, the worst exit code, one line per failure")
    func severalFiles() throws {
        let hello = CLI.fixture("basic/hello.pdf"), three = CLI.fixture("basic/three-pages.pdf")
        let files = [three, hello, CLI.fixture("encrypted/aes-256.pdf"), three, hello, "/nonexistent/x.pdf", hello]
        let r = try CLI.run(["-j", "2"] + files)
        #expect(r.status == 3)
        let pages = r.stdout.split(separator: "\u{C}").map(String.init)
        // three (3 pages), hello, three (3), hello, hello: 9 pages in this order.
        #expect(pages.count == 9)
        let kinds = pages.map { $0.contains("Hello") ? "h" : $0.contains("Page") ? "t" : "?" }
        #expect(kinds == ["t", "t", "t", "h", "t", "t", "t", "h", "h"])
        #expect(pages[1].contains("Page 2") && pages[6].contains("Page 3"))
        let errors = r.stderr.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors[0].contains("aes-256.pdf") && errors[0].contains("password"))
        #expect(errors[1].contains("/nonexistent/x.pdf"))
        let one = try CLI.run(["-j", "1"] + files)
        #expect(one.stdout == r.stdout)
    }

    @Test("passwords: -upw, -p, --password, -opw open the file; without one exit 3")
    func passwords() throws {
        // The file forbids copying but allows accessibility: user passwords need --accessibility.
        let file = CLI.fixture("encrypted/aes-256.pdf")
        #expect(try CLI.run([file]).status == 3)
        for args in [["-upw", "user", "--accessibility"], ["-p", "user", "--accessibility"], ["--password", "user", "--accessibility"], ["-opw", "owner"], ["-p", "owner"]] {
            let r = try CLI.run(args + [file])
            #expect(r.status == 0 && r.stdout.contains("Hello, world."), "\(args)")
        }
    }

    @Test("IN OUT writes OUT; an output that is the input is refused and the input kept")
    func outputFile() throws {
        let dir = try Self.tempDir()
        let input = dir.appendingPathComponent("in.pdf").path
        try FileManager.default.copyItem(atPath: CLI.fixture("basic/hello.pdf"), toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let out = dir.appendingPathComponent("out.txt").path
        let r = try CLI.run([input, out])
        #expect(r.status == 0 && r.stdout.isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Hello,"))
        let clash = try CLI.run(["-o", input, input])
        #expect(clash.status == 2 && clash.stderr.contains("refusing"))
        let link = dir.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        #expect(try CLI.run(["-o", link, input]).status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        let bad = try CLI.run([input, "/nonexistent/dir/out.txt"])
        #expect(bad.status == 2 && bad.stderr.contains("/nonexistent/dir/out.txt"))
    }

    @Test("--output-dir writes one file per input with the format's extension")
    func outputDir() throws {
        let dir = try Self.tempDir().appendingPathComponent("out")
        let r = try CLI.run(["--output-dir", dir.path, "-F", "json", CLI.fixture("basic/hello.pdf"), CLI.fixture("basic/three-pages.pdf")])
        #expect(r.status == 0 && r.stdout.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["hello.json", "three-pages.json"])
        let three = try Data(contentsOf: dir.appendingPathComponent("three-pages.json"))
        let o = try #require(try JSONSerialization.jsonObject(with: three) as? [String: Any])
        #expect((o["pages"] as? [Any])?.count == 3)
    }

    @Test("TSV: pdftotext's header; a word row per layout word, in order; number formats")
    func tsv() throws {
        let file = CLI.fixture("basic/three-pages.pdf")
        let r = try CLI.run(["--format", "tsv", file])
        #expect(r.status == 0)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows[0] == ["level", "page_num", "par_num", "block_num", "line_num", "word_num", "left", "top", "width", "height", "conf", "text"])
        #expect(rows.dropFirst().allSatisfy { $0.count == 12 })
        for page in 1...3 {
            let words = rows.filter { $0[0] == "5" && $0[1] == "\(page)" }.map { $0[11] }
            #expect(words == (try Self.layoutWords(file, page: page - 1)))
            #expect(rows.filter { $0[0] == "1" && $0[1] == "\(page)" }.count == 1)
        }
        let sixDecimals = try Regex("^-?[0-9]+\\.[0-9]{6}$"), twoDecimals = try Regex("^-?[0-9]+\\.[0-9]{2}$")
        for row in rows.dropFirst() {
            let pattern = row[0] == "5" ? twoDecimals : sixDecimals
            #expect(row[6...9].allSatisfy { $0.wholeMatch(of: pattern) != nil })
            #expect(row[10] == (row[0] == "5" ? "100" : "-1"))
        }
        #expect(try CLI.run(["-tsv", file]).stdout == r.stdout)
    }

    static func pdftotextTSV(_ file: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        p.arguments = ["-tsv", file, "-"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return out
    }

    @Test("TSV is pdftotext -tsv's, byte for byte, on the basic fixtures (but for 22.x's page-row position)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"), "pdftotext not installed"))
    func tsvAgainstPdftotext() throws {
        let hello = CLI.fixture("basic/hello.pdf")
        #expect(try CLI.run(["-tsv", hello]).stdout == (try Self.pdftotextTSV(hello)))
        // poppler 22.x repeats the previous page's last word position in later page rows;
        // we print 0 0 there, as later poppler does.
        let three = CLI.fixture("basic/three-pages.pdf")
        func rows(_ s: String) -> [String] {
            s.split(separator: "\n").map { row in
                var f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                if f.first == "1" && f.count == 12 { f[6] = "0.000000"; f[7] = "0.000000" }
                return f.joined(separator: "\t")
            }
        }
        #expect(rows(try CLI.run(["-tsv", three]).stdout) == rows(try Self.pdftotextTSV(three)))
    }

    @Test("JSON: one document per input and line; display-space boxes; words of the layout")
    func json() throws {
        let file = CLI.fixture("basic/hello.pdf")
        let r = try CLI.run(["-F", "json", file, CLI.fixture("basic/three-pages.pdf")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(o["schema"] as? String == "pdftext/1" && o["pageCount"] as? Int == 1 && o["title"] as? String == "Hello")
        let page = try #require((o["pages"] as? [[String: Any]])?.first)
        #expect(page["width"] as? Double == 612 && page["height"] as? Double == 792)
        let words = (page["blocks"] as? [[String: Any]] ?? []).flatMap { ($0["lines"] as? [[String: Any]]) ?? [] }.flatMap { ($0["words"] as? [[String: Any]]) ?? [] }
        #expect(words.compactMap { $0["text"] as? String } == (try Self.layoutWords(file)))
        // The text is painted at y 720 in page space: near the top in display space.
        for w in words {
            let box = try #require(w["bbox"] as? [Double])
            #expect(box[0] <= box[2] && box[1] <= box[3] && box[3] < 100 && box[1] > 40)
            #expect(w["font"] as? String == "Helvetica" && w["size"] as? Double == 24)
        }
    }

    @Test("JSON of a rotated page: width and height swap")
    func rotatedJSON() throws {
        let path = try TestDocument([TestDocument.Page(TestDocument.lines(["Sideways"]), pageExtras: "/Rotate 90")]).write()
        let r = try CLI.run(["-F", "json", path])
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let page = try #require((o["pages"] as? [[String: Any]])?.first)
        #expect(page["width"] as? Double == 792 && page["height"] as? Double == 612 && page["rotation"] as? Int == 90)
    }

    #if canImport(FoundationXML) || canImport(Darwin)
    @Test("hOCR: well-formed XML with the page, its words (escaped) and the ocr-system meta")
    func hocr() throws {
        let path = try TestDocument(TestDocument.lines(["Tom & Jerry <a> \"q\""]), TestDocument.lines(["Second page"])).write()
        let r = try CLI.run(["--format", "hocr", path])
        #expect(r.status == 0)
        let doc = try XMLDocument(data: Data(r.stdout.utf8), options: [])
        let pages = try doc.nodes(forXPath: "//*[@class='ocr_page']/@title").map(\.stringValue)
        #expect(pages == ["bbox 0 0 612 792; ppageno 0", "bbox 0 0 612 792; ppageno 1"])
        let words = try doc.nodes(forXPath: "//*[@class='ocrx_word']").map { $0.stringValue ?? "" }
        #expect(words.joined(separator: " ").split(separator: " ").map(String.init) == ["Tom", "&", "Jerry", "<a>", "\"q\"", "Second", "page"])
        #expect(r.stdout.contains("<meta name=\"ocr-system\" content=\"pdftext "))
    }
    #endif

    @Test("--layout keeps a column apart from the text beside it")
    func layout() throws {
        let path = try TestDocument(TestDocument.lines(["Left column"], x: 72) + TestDocument.lines(["Right column"], x: 350, y: 721.5)).write()
        let r = try CLI.run(["--layout", path])
        #expect(r.status == 0)
        let first = try #require(r.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix("Left column"))
        let gap = first.dropFirst("Left column".count).prefix { $0 == " " }.count
        #expect(gap >= 2)
        #expect(first.hasSuffix("Right column"))
    }

    @Test("no input is a usage error; --progress always reports on standard error only")
    func usageAndProgress() throws {
        let none = try CLI.run([])
        #expect(none.status == 64)
        let file = CLI.fixture("basic/hello.pdf")
        let plain = try CLI.run([file, file])
        let r = try CLI.run(["--progress", "always", file, file])
        #expect(r.stdout == plain.stdout)
        #expect(r.stderr.contains("2 files, 2 pages"))
        #expect(try CLI.run([file, file]).stderr.isEmpty)
    }
}

/// `pdftext FILE [OUTPUT]` and `pdftext --version` skip the argument parser
/// (`Text.fastRun`); everything they print must be what `pdftext text …` prints.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct FastRunTests {
    @Test("bare calls give the parsed command's output, files and exit codes")
    func sameAsParsed() throws {
        let dir = try TestDirectory.make("fastrun")
        let hello = CLI.fixture("basic/hello.pdf"), other = CLI.fixture("text/arabic-libreoffice.pdf")
        for args in [[hello], [hello, other], [hello, "-"]] {
            let fast = try CLI.run(args), parsed = try CLI.run(["text"] + args)
            #expect(fast.status == 0 && fast.stdout == parsed.stdout && !fast.stdout.isEmpty, "\(args)")
        }
        for ext in ["txt", "tsv", "json", "jsonl", "ndjson", "hocr", "html", "xhtml", "md", "markdown", "rtf", "MD", "out"] {
            let a = dir.appendingPathComponent("fast.\(ext)").path, b = dir.appendingPathComponent("parsed.\(ext)").path
            let fast = try CLI.run([other, a]), parsed = try CLI.run(["text", other, b])
            #expect(fast.status == 0 && parsed.status == 0)
            let fa = try Data(contentsOf: URL(fileURLWithPath: a)), fb = try Data(contentsOf: URL(fileURLWithPath: b))
            #expect(!fa.isEmpty && fa == fb, "\(ext)")
        }
        // A missing input: the same one-line error and exit code.
        let missing = dir.appendingPathComponent("missing.pdf").path
        let fast = try CLI.run([missing]), parsed = try CLI.run(["text", missing])
        #expect(fast.status == 1 && fast.status == parsed.status && fast.stderr == parsed.stderr && fast.stderr.contains("missing.pdf"))
        // A second path that is an existing PDF, whatever its name, is an input: never
        // overwritten.
        let copy = dir.appendingPathComponent("copy.txt").path
        try Data(contentsOf: URL(fileURLWithPath: hello)).write(to: URL(fileURLWithPath: copy))
        let twice = try CLI.run([copy, copy]), parsedTwice = try CLI.run(["text", copy, copy])
        #expect(twice.status == 0 && twice.stdout == parsedTwice.stdout && twice.stdout.filter { $0 == "\u{C}" }.count == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: URL(fileURLWithPath: hello)))
    }

    @Test("--version prints the configured version")
    func version() throws {
        let r = try CLI.run(["--version"])
        #expect(r.status == 0 && r.stdout == PDFTextCommand.configuration.version + "\n")
    }

    @Test("options, subcommand names, dashes and styled outputs are left to the parser")
    func leftToParser() {
        for args in [[], ["a.pdf", "--layout"], ["info", "a.pdf"], ["help"], ["-"], ["a.pdf", "b.pdf", "c.pdf"],
                     ["--version", "a.pdf"], ["layout-debug", "a.pdf"], [""], ["a.pdf", "out.md"], ["a.pdf", "out.RTF"],
                     ["a.pdf", "out.markdown"], ["-q", "-q", "a.pdf"], ["--jobs=2", "a.pdf"], ["-j", "0", "a.pdf"],
                     ["-j", "1025", "a.pdf"], ["-f", "0", "a.pdf"], ["-l", "-1", "a.pdf"], ["-f", "+2", "a.pdf"],
                     ["-f", " 2", "a.pdf"], ["-f", "1234567890", "a.pdf"], ["a.pdf", "-j"], ["-f", "1", "-f", "2", "a.pdf"],
                     ["-q", "text", "a.pdf"], ["-j", "2", "info", "a.pdf"], ["-qj2", "a.pdf"], ["-q"], ["--", "a.pdf"],
                     ["-q", "a.pdf", "b.txt", "c.pdf"]] {
            #expect(Text.fastRun(args) == nil, "\(args)")
        }
    }

    @Test("the common options are read as the parser reads them")
    func commonOptions() {
        #expect(Text.fastCall(["-q", "a.pdf"]) == Text.FastCall(paths: ["a.pdf"], quiet: true))
        #expect(Text.fastCall(["a.pdf", "--quiet", "out.txt"]) == Text.FastCall(paths: ["a.pdf", "out.txt"], quiet: true))
        #expect(Text.fastCall(["-j", "3", "--first-page", "2", "a.pdf", "-l", "007"])
            == Text.FastCall(paths: ["a.pdf"], jobs: 3, firstPage: 2, lastPage: 7))
        #expect(Text.fastCall(["--jobs", "1024", "-f", "1", "a.pdf"]) == Text.FastCall(paths: ["a.pdf"], jobs: 1024, firstPage: 1))
    }

    @Test("calls with the common options give the parsed command's output, errors and exit codes")
    func optionsSameAsParsed() throws {
        let groff = CLI.fixture("text/headers-footers-groff.pdf")
        for args in [["-q", groff], [groff, "-q"], ["-j", "1", groff], ["--jobs", "2", "-q", groff, "-"], ["-f", "2", groff],
                     ["-l", "1", groff], ["-f", "2", "-l", "3", groff], ["-f", "3", "-l", "2", groff], ["-f", "99", groff],
                     ["-f", "0", groff], ["-j", "0", groff], ["-f", "+2", groff]] {
            let fast = try CLI.run(args), parsed = try CLI.run(["text"] + args)
            #expect(fast.status == parsed.status && fast.stdout == parsed.stdout && fast.stderr == parsed.stderr, "\(args)")
        }
        let pages = try CLI.run(["-q", "-f", "2", "-l", "2", groff])
        #expect(pages.status == 0 && pages.stdout.filter { $0 == "\u{C}" }.count == 1)
    }
}

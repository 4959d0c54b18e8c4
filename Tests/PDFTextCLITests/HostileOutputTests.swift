import Foundation
import PDFCore
import Testing
import PDFAudit
@testable import PDFTextCLI

/// Output written to hurt: script-capable links (issue 15, class 2) and control characters
/// meant for the terminal (class 3), through the built binary as a user runs it.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct HostileOutputTests {
    static let links = CLI.fixture("hostile/links-script-schemes.pdf")
    static let info = CLI.fixture("hostile/controls-info-strings.pdf")
    static let structure = CLI.fixture("hostile/controls-structure.pdf")
    static let fontName = CLI.fixture("hostile/controls-font-name.pdf")

    /// What must never follow an href, a Markdown link or a HYPERLINK field.
    static let dangerous = ["javascript:", "data:", "vbscript:", "file:", "script:", "avascript:", "etc/passwd"]

    /// The characters of `s` that a terminal would act on (line feeds, and tabs where the
    /// format separates fields with them, allowed).
    static func raw(_ s: String, allowingTabs: Bool = false) -> [Unicode.Scalar] {
        s.unicodeScalars.filter { ControlEscaping.needsEscape($0) && $0 != "\n" && !(allowingTabs && $0 == "\t") }
    }

    static func count(_ needle: String, in s: String) -> Int { s.components(separatedBy: needle).count - 1 }

    @Test("every link writer keeps the two allowed links and no script-capable one", arguments: [
        (["--attributed", "--format", "html"], "<a href=\"", "<a href=\"https://example.org/ok\">"),
        (["--format", "html"], "<a href=\"", "<a href=\"https://example.org/ok\">"),
        (["--attributed", "--format", "markdown"], "](", "[good-link](https://example.org/ok)"),
        (["--attributed", "--format", "rtf"], "HYPERLINK ", "HYPERLINK \"https://example.org/ok\""),
    ])
    func linkWriters(_ args: [String], _ linkMarker: String, _ good: String) throws {
        let r = try CLI.run(args + [Self.links])
        #expect(r.status == 0)
        #expect(r.stdout.contains(good))
        #expect(Self.count(linkMarker, in: r.stdout) == 2)
        for s in Self.dangerous { #expect(!r.stdout.lowercased().contains(s), "\(s) in \(args)") }
        // The refused links keep their text.
        for text in ["evil-js", "evil-data", "evil-vbs", "evil-file", "evil-entity", "evil-relative"] {
            #expect(r.stdout.contains(text))
        }
    }

    @Test("a file whose name is not UTF-8 is read through the one opening path of the subcommands, and named with \\xNN")
    func namesThatAreNotUTF8() throws {
        guard let binary = CLI.binary else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-raw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Process passes arguments as UTF-8, so the shell makes the bytes (\377 and a C1 CSI).
        func sh(_ script: String) throws -> CLI.Output {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", script, binary.path, dir, CLI.fixture("basic/hello.pdf")]
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return CLI.Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
        }
        _ = try sh(#"cp "$2" "$1/$(printf 'name\302\23331m\377.pdf')""#)
        let text = try sh(#"exec "$0" text "$1/$(printf 'name\302\23331m\377.pdf')" -"#)
        #expect(text.status == 0 && text.stdout.contains("Hello, world."), "\(text.stderr)")
        let info = try sh(#"exec "$0" info "$1/$(printf 'name\302\23331m\377.pdf')""#)
        #expect(info.status == 0 && info.stdout.contains("Pages:           1"))
        let missing = try sh(#"exec "$0" info "$1/$(printf 'gone\377.pdf')""#)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("gone\\xff.pdf: "), "\(missing.stderr)")
    }

    @Test("a URI with a quote, a line feed, '>', a space, parentheses, a backslash and braces stays one token")
    func oddTarget() throws {
        let html = try CLI.run(["--attributed", "--format", "html", Self.links]).stdout
        #expect(html.contains("<a href=\"https://example.org/a%22b%3Ec%20d(e)%5Cf%7Bg%7D\">odd-https</a>"))
        let md = try CLI.run(["--attributed", "--format", "markdown", Self.links]).stdout
        #expect(md.contains("[odd-https](https://example.org/a%22b%3Ec%20d%28e%29%5Cf%7Bg%7D)"))
        let rtf = try CLI.run(["--attributed", "--format", "rtf", Self.links]).stdout
        #expect(rtf.contains("{\\field{\\*\\fldinst{HYPERLINK \"https://example.org/a%22b%3Ec%20d(e)%5Cf%7Bg%7D\"}}{\\fldrslt{"))
    }

    @Test("accessible text spells out only allowed addresses; JSON keeps every URI as the file wrote it")
    func dataAndPlainText() throws {
        let text = try CLI.run(["--format", "accessible-text", Self.links])
        #expect(text.status == 0)
        #expect(text.stdout.contains("good-link (https://example.org/ok)"))
        for s in Self.dangerous { #expect(!text.stdout.lowercased().contains(s)) }
        let json = try CLI.run(["--attributed", "--format", "json", Self.links])
        #expect(json.stdout.contains("\"link\":\"javascript:alert(1)\""))
        #expect(json.stdout.contains("\"link\":\"vbscript:msgbox(4)\""))
        #expect(json.stdout.contains("\"link\":\"file:///etc/passwd\""))
    }

    @Test("info shows Info strings escaped in every encoding; JSON escapes as its specification says")
    func info() throws {
        let r = try CLI.run(["info", Self.info])
        #expect(r.status == 0)
        #expect(Self.raw(r.stdout).isEmpty)
        #expect(r.stdout.contains("Title:           Title\\u{7}\\u{0}\\u{8}\\r[2J\\u{202e}gpj.exe\\u{9b}31m\n"))
        #expect(r.stdout.contains("Author:          Author\\u{7}\\r]0;pwned\\u{202e}x\\u{2066}y\\u{9b}2J\n"))
        #expect(r.stdout.contains("Subject:         Subject\\u{7}\\u{8}\\r\\u{0}end\n"))
        let j = try CLI.run(["info", "--json", Self.info])
        #expect(Self.raw(j.stdout).filter { $0.value < 0x20 }.isEmpty)
        #expect(j.stdout.contains("\"title\":\"Title\\u0007\\u0000\\u0008\\r[2J\u{202E}gpj.exe\\u009b31m\""))
    }

    @Test("structure and audit show types, Lang, Alt, ActualText and Title escaped")
    func structureAndAudit() throws {
        let s = try CLI.run(["structure", Self.structure])
        #expect(s.status == 0)
        #expect(Self.raw(s.stdout).isEmpty)
        #expect(s.stdout.contains("Document\\u{1b}]0;t\\u{7} (non-standard)"))
        #expect(s.stdout.contains("P\\u{1b}[31m → P p1 lang=fr\\u{7}\\u{8} actualText=\"Tagged \\u{0}\\u{202e} control\\r text \\u{9b}2J\""))
        // #9B is not UTF-8: the name reads U+FFFD there.
        #expect(s.stdout.contains("Fig\\u{7}\u{FFFD} → Figure p1 alt=\"alt\\u{7}\\u{202e}text\\u{2066}\""))
        let a = try CLI.run(["audit", Self.structure])
        #expect(Self.raw(a.stdout).isEmpty)
        #expect(a.stdout.contains("Title: \"Tagged\\u{7}\\u{202e}title\\u{9b}31m\""))
        #expect(a.stdout.contains("Lang: en\\u{7}\\u{202e}"))
    }

    @Test("diagnose and glyphs show a font name with ESC and BEL escaped")
    func fontNames() throws {
        let d = try CLI.run(["diagnose", Self.fontName])
        #expect(Self.raw(d.stdout).isEmpty)
        #expect(d.stdout.contains("Evil\\u{1b}[31mFont\\u{7}"))
        let g = try CLI.run(["glyphs", Self.fontName])
        #expect(g.status == 0)
        #expect(Self.raw(g.stdout, allowingTabs: true).isEmpty)
        let rows = g.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[7] == "Evil\\u{1b}[31mFont\\u{7}" })
    }

    /// A folder holding the control fixture under a name with ESC, BEL, a line feed and RLO.
    static func hostileName() throws -> (dir: URL, file: String, shown: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let name = "evil\u{1B}]0;pwned\u{07}\n\u{202E}fdp.pdf"
        let file = dir.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: Self.info, toPath: file)
        return (dir, file, "evil\\u{1b}]0;pwned\\u{7}\\n\\u{202e}fdp.pdf")
    }

    @Test("a file name with controls is shown escaped by grep, audit, info, diagnose, index and search")
    func fileNames() throws {
        let (dir, file, shown) = try Self.hostileName()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runs: [([String], Int32)] = [
            (["grep", "Hello", file, Self.info], 0), (["grep", "-c", "Hello", file], 0), (["grep", "-l", "Hello", file], 0),
            (["audit", file], 4), (["info", file, Self.info], 0), (["diagnose", file], 0),
            (["info", file + ".missing"], 1), (["grep", "Hello", file + ".missing"], 2),
        ]
        for (args, status) in runs {
            let r = try CLI.run(args)
            #expect(r.status == status, "\(args)")
            #expect(Self.raw(r.stdout).isEmpty, "\(args)")
            #expect(Self.raw(r.stderr).isEmpty, "\(args)")
            #expect((r.stdout + r.stderr).contains(shown), "\(args)")
        }
        let db = dir.appendingPathComponent("index.sqlite").path
        let index = try CLI.run(["index", "--db", db, dir.path])
        #expect(index.status == 0)
        #expect(Self.raw(index.stderr).isEmpty)
        let search = try CLI.run(["search", "--db", db, "Hello"])
        #expect(search.status == 0)
        #expect(Self.raw(search.stdout).isEmpty)
        // The file name and the page label (BEL, RLO and C1 CSI in /PageLabels) escaped.
        #expect(search.stdout.contains(shown + ", page 1 (L\\u{7}\\u{202e}\\u{9b}2J1): "))
        let json = try CLI.run(["search", "--db", db, "--json", "Hello"])
        // JSON is data: the name as it is, controls as \\uXXXX.
        #expect(json.stdout.contains("/evil\\u001b]0;pwned\\u0007\\n\u{202E}fdp.pdf\","))
    }

    @Test("TSV word fields and grep lines escape the controls a ToUnicode map puts in the page text")
    func pageTextControls() throws {
        let file = CLI.fixture("hostile/controls-tounicode.pdf")
        let tsv = try CLI.run(["--format", "tsv", file])
        #expect(tsv.status == 0)
        for line in tsv.stdout.split(separator: "\n") {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 12)
        }
        #expect(Self.raw(tsv.stdout, allowingTabs: true).isEmpty)
        // The layout leaves C0 controls out of the page text; RLO stays, escaped.
        #expect(tsv.stdout.contains("\tA[31mA\n"))
        #expect(tsv.stdout.contains("\tA\\u{202e}A\n"))
        let grep = try CLI.run(["grep", "world", file])
        #expect(grep.status == 0)
        #expect(Self.raw(grep.stdout).isEmpty)
        #expect(grep.stdout.contains(":1:Hello A[31mA AA A\\u{202e}A world\n"))
    }

    @Test("the JSON writer, as a tree and as a stream, escapes every C0 control as the specification says, DEL, C1 and U+2028/U+2029")
    func jsonEscapes() {
        let input = "q\"b\\\u{0}\u{1}\u{8}\t\n\r\u{1B}\u{1F}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}\u{2028}\u{2029}\u{202E}é"
        let expected = "\"q\\\"b\\\\\\u0000\\u0001\\u0008\\t\\n\\r\\u001b\\u001f\\u007f\\u0080\\u009b\\u009f\u{A0}\\u2028\\u2029\u{202E}é\""
        #expect(JSONValue.string(input).serialized == expected)
        var b = Bytes()
        b.jsonString(input.unicodeScalars)
        #expect(String(decoding: b.data, as: UTF8.self) == expected)
    }

    @Test("an RTF HYPERLINK argument is a policy target in quotes, else a page bookmark, else none")
    func rtfField() {
        #expect(AttributedRTFFormatter.fieldArgument(url: "https://e.org/a\"b\\c", pageIndex: nil) == "\"https://e.org/a%22b%5Cc\"")
        #expect(AttributedRTFFormatter.fieldArgument(url: "javascript:x", pageIndex: 1) == "\\l \"page-2\"")
        #expect(AttributedRTFFormatter.fieldArgument(url: " data:text/html,x", pageIndex: nil) == nil)
    }

    @Test("XML and HTML text: a carriage return is a line feed, other C0, DEL and C1 a replacement character")
    func xmlEscapes() {
        var b = Bytes()
        b.xmlEscaped("a\r\nb\u{1B}[2J\u{7F}\u{9B}31m\t<&>\u{A0}")
        #expect(String(decoding: b.data, as: UTF8.self) == "a\n\nb\u{FFFD}[2J\u{FFFD}\u{FFFD}31m\t&lt;&amp;&gt;\u{A0}")
        #expect(AuditJUnit.text("a\rb\u{9B}c\u{1B}d") == "a&#13;bcd")
    }
}

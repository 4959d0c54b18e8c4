import Foundation
import Testing
import PDFCore
import PDFTestSupport
@testable import PDFTextCLI

/// pdftotext's option set on our command line: parsing, wrong values, and a script written
/// for pdftotext run unchanged (docs/POPPLER-COMPAT.md).
@Suite struct PdftotextOptionParsingTests {
    @Test("single-dash words are options, never letters: -eol, -enc, -bbox-layout, -fixed, -colspacing, -cropbox, -htmlmeta")
    func singleDashWords() throws {
        let t = try Text.parse(["-eol", "dos", "-enc", "Latin1", "-cropbox", "-r", "144", "-x", "10", "-y", "20",
                                "-W", "300", "-H", "-40", "-colspacing", "0.3", "a.pdf"])
        #expect(t.poppler.endOfLine == .dos && t.poppler.encoding.name == "Latin1" && t.poppler.cropBox)
        #expect(t.poppler.cropArea == Rect(x0: 5, y0: 10, x1: 155, y1: -10))
        #expect(t.layoutOptions.segmentGapRatio == 0.3)
        #expect(try Text.parse(["-bbox-layout", "a.pdf"]).effectiveFormat == .bboxLayout)
        #expect(try Text.parse(["-bbox", "a.pdf"]).effectiveFormat == .bbox)
        let fixed = try Text.parse(["-fixed", "6", "a.pdf"])
        #expect(fixed.physical && fixed.textFormatter.physicalOptions.fixedCharacterWidth == 6)
        #expect(try Text.parse(["-htmlmeta", "a.pdf"]).formatter() is HTMLMetaFormatter)
        #expect(try Text.parse(["--encoding", "ucs-2", "a.pdf"]).poppler.encoding.kind == .utf16)
    }

    @Test("the command line is read as pdftotext reads it before the parser sees it")
    func reading() {
        #expect(PopplerArguments.read(["-eol", "unix", "a.pdf"]) == .arguments(["-eol", "unix", "a.pdf"]))
        #expect(PopplerArguments.read(["-eolx", "a.pdf"]) == .unknown("-eolx"))
        #expect(PopplerArguments.read(["-layuot", "a.pdf"]) == .unknown("-layuot"))
        #expect(PopplerArguments.read(["-qj", "a.pdf"]) == .unknown("-qj"))
        #expect(PopplerArguments.read(["-v"]) == .version)
        #expect(PopplerArguments.read(["-help"]) == .arguments(["--help"]))
        #expect(PopplerArguments.read(["-?"]) == .arguments(["--help"]))
        // Values are values: a password or a negative crop may look like an option.
        #expect(PopplerArguments.read(["-upw", "-secret", "-x", "-10", "a.pdf"]) == .arguments(["-upw", "-secret", "-x", "-10", "a.pdf"]))
        #expect(PopplerArguments.read(["--owner-password", "-secret", "a.pdf"]) == .arguments(["--owner-password", "-secret", "a.pdf"]))
        #expect(PopplerArguments.read(["--", "-odd-name.pdf"]) == .arguments(["--", "-odd-name.pdf"]))
        // Other subcommands keep the parser's reading (grep's -in).
        #expect(PopplerArguments.read(["grep", "-in", "x", "a.pdf"]) == .arguments(["grep", "-in", "x", "a.pdf"]))
        #expect(PopplerArguments.isPdftotext(programName: "/usr/local/libexec/pdftext/pdftotext", arguments: []))
        #expect(PopplerArguments.isPdftotext(programName: "pdftext", arguments: ["--as-pdftotext", "a.pdf"]))
        #expect(!PopplerArguments.isPdftotext(programName: "pdftext", arguments: ["--", "--as-pdftotext"]))
    }

    @Test("pdftotext's output names: INPUT.txt, .html with -htmlmeta or -bbox, the second path, `-`")
    func pdftotextPlan() throws {
        #expect(try Text.parse(["--as-pdftotext", "dir/a.pdf"]).plan().destination == .file("dir/a.txt"))
        #expect(try Text.parse(["--as-pdftotext", "a.PDF", "-htmlmeta"]).plan().destination == .file("a.html"))
        #expect(try Text.parse(["--as-pdftotext", "report", "-bbox"]).plan().destination == .file("report.html"))
        #expect(try Text.parse(["--as-pdftotext", "a.pdf", "-"]).plan().destination == .standardOutput)
        // The format follows the flags only: an .html output is still text.
        #expect(try Text.parse(["--as-pdftotext", "a.pdf", "out.html"]).effectiveFormat == .text)
        #expect(throws: (any Error).self) { _ = try Text.parse(["--as-pdftotext", "-"]) }
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct PdftotextOptionCommandTests {
    static let file = CLI.fixture("basic/hello.pdf")

    @Test("every option with a wrong value: one line naming it, exit 64 (99 as pdftotext), never a trap")
    func wrongValues() throws {
        let cases: [[String]] = [
            ["-f", "abc"], ["-l", "1.5"], ["-r", "0"], ["-r", "nan"], ["-r", "1e300"], ["-x", "abc"],
            ["-y", "99999999999999999999"], ["-W", "2000000000"], ["-H", "x"], ["-fixed", "-3"],
            ["-fixed", "inf"], ["-colspacing", "nan"], ["-enc", "KLINGON"], ["-eol", "vms"], ["-bbox", "-tsv"],
            ["-bbox", "--format", "json"], ["-htmlmeta", "--format", "json"], ["-eolx"], ["-f"],
            ["-enc", "Latin1", "--format", "json"], ["-eol", "dos", "--format", "alto"],
        ]
        for c in cases {
            for asPdftotext in [false, true] {
                let args = (asPdftotext ? ["--as-pdftotext"] : []) + c + [Self.file, "-"]
                let r = try CLI.run(args)
                let expected: Int32 = asPdftotext ? 99 : 64
                #expect(r.status == expected, "\(args): \(r.status) \(r.stderr)")
                #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
                #expect(r.stdout.isEmpty, "\(args)")
            }
        }
        let unknown = try CLI.run(["-eolx", Self.file])
        #expect(unknown.stderr == "pdftext: unknown option '-eolx' (pdftext --help lists the options)\n")
    }

    @Test("-r scales -bbox-layout and -tsv word coordinates (the page size stays in points), byte for byte with pdftotext here")
    func resolutionScalesBoxes() throws {
        let r = try PdftotextCompatibilityTests.ours(["-r", "144", "-bbox-layout", Self.file, "-"])
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(r.status == 0 && text.contains("<page width=\"612.000000\" height=\"792.000000\">"))
        #expect(text.contains("<word xMin=\"144.000000\""))
        guard let pdftotext = PdftotextCompatibilityTests.pdftotext else { print("skipped the comparison: pdftotext is not installed"); return }
        for flags in [["-r", "144", "-bbox-layout"], ["-r", "144", "-bbox"], ["-r", "50", "-tsv"]] {
            let theirs = try PdftotextCompatibilityTests.raw(pdftotext, flags + [Self.file, "-"])
            let ours = try PdftotextCompatibilityTests.ours(flags + [Self.file, "-"])
            #expect(ours.stdout == theirs.stdout, "\(flags)")
        }
    }

    @Test("-v prints the version on standard error; -h, -help, -? and --help print help; -listenc lists encodings")
    func versionHelpEncodings() throws {
        let v = try CLI.run(["-v"])
        #expect(v.status == 0 && v.stderr.hasPrefix("pdftext version ") && v.stdout.isEmpty)
        for h in ["-h", "-help", "-?", "--help"] {
            let r = try CLI.run([h])
            #expect(r.status == 0 && r.stdout.contains("USAGE"), "\(h)")
        }
        let text = try CLI.run(["text", "--help"])
        #expect(text.stdout.contains("--encoding") && text.stdout.contains("-bbox-layout"))
        let l = try CLI.run(["-listenc"])
        let names = l.stdout.split(separator: "\n").map(String.init)
        #expect(l.status == 0 && names.first == "Available encodings are:")
        for n in ["UTF-8", "UTF-16", "Latin1", "ASCII7", "Latin2", "Shift-JIS"] { #expect(names.contains(n), "\(n)") }
    }

    @Test("a script written for pdftotext runs unchanged with pdftext under the name pdftotext, making the same files")
    func scriptRunsUnchanged() throws {
        let script = CLI.projectRoot.appendingPathComponent("tools/poppler-compat/pdftotext-script.sh").path
        let dir = try TestDirectory.make("pdftotext-script")
        let link = dir.appendingPathComponent("bin/pdftotext")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLI.binary!)
        let input = CLI.fixture("text/prose-libreoffice.pdf")
        func run(_ pdftotext: String, _ out: String) throws -> (Int32, [String]) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = [script, input, dir.appendingPathComponent(out).path]
            p.environment = ProcessInfo.processInfo.environment.merging(["PDFTOTEXT": pdftotext]) { $1 }
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(out).path)) ?? []
            return (p.terminationStatus, files.sorted())
        }
        let ours = try run(link.path, "ours")
        #expect(ours.0 == 0)
        #expect(ours.1.count == 18, "\(ours.1)")
        for name in ours.1 {
            let size = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("ours/\(name)").path)[.size] as? Int) ?? 0
            #expect(size > 0, "\(name) is empty")
        }
        let doc = try String(contentsOf: dir.appendingPathComponent("ours/doc.txt"), encoding: .utf8)
        #expect(doc.contains("Lighthouse Keeper"))
        let latin1 = try Data(contentsOf: dir.appendingPathComponent("ours/latin1.txt"))
        #expect(latin1.contains(0x0D) && !latin1.contains(0xE2), "Latin1 with DOS line ends: no UTF-8 left")
        guard let poppler = PdftotextCompatibilityTests.pdftotext else { print("skipped the comparison: pdftotext is not installed"); return }
        let theirs = try run(poppler.path, "poppler")
        #expect(theirs.0 == 0)
        #expect(theirs.1 == ours.1)
    }
}

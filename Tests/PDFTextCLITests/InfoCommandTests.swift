import Foundation
import Testing
@testable import PDFTextCLI

/// Runs the built `pdftext` binary and checks output and exit codes as a user sees them.
struct CLI {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `pdftext` binary next to the test bundle (SwiftPM builds it with the tests).
    static var binary: URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("pdftext")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        for config in ["debug", "release"] {
            let candidate = projectRoot.appendingPathComponent(".build/\(config)/pdftext")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func fixture(_ name: String) -> String { projectRoot.appendingPathComponent("Corpus/\(name)").path }

    enum CLIError: Error { case notBuilt }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> Output {
        let p = Process()
        guard let binary else { throw CLIError.notBuilt }
        p.executableURL = binary
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct InfoCommandTests {
    @Test("info prints pdfinfo's fields for a plain file")
    func text() throws {
        let r = try CLI.run(["info", CLI.fixture("basic/three-pages.pdf")])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.contains("Title:           Three\n"))
        #expect(r.stdout.contains("Pages:           3\n"))
        #expect(r.stdout.contains("Encrypted:       no\n"))
        #expect(r.stdout.contains("Page size:       612 x 792 pts (letter)\n"))
        #expect(r.stdout.contains("PDF version:     1.7\n"))
        #expect(r.stdout.contains("CreationDate:    2026-11-21T12:00:00Z\n"))
    }

    @Test("--json gives one parseable object per file with page count and permissions")
    func json() throws {
        let r = try CLI.run(["info", "--json", CLI.fixture("basic/hello.pdf"), CLI.fixture("structure/linearized.pdf")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["pages"] as? Int == 1)
        #expect(first["title"] as? String == "Hello")
        #expect(first["encrypted"] as? Bool == false)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["linearized"] as? Bool == true)
        #expect(second["pages"] as? Int == 3)
    }

    @Test("encrypted: no password or a wrong one is exit 3 with 'FILE: incorrect password'", arguments: [[String](), ["--password", "nope"], ["-upw", "nope"], ["-opw", "nope"]])
    func wrongPassword(_ extra: [String]) throws {
        let file = CLI.fixture("encrypted/aes-256.pdf")
        let r = try CLI.run(["info"] + extra + [file])
        #expect(r.status == 3)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "pdftext: \(file): incorrect password\n")
    }

    @Test("user and owner passwords open the file with their roles and permissions", arguments: [
        (["-upw", "user"], "user", false), (["--password", "user"], "user", false),
        (["-opw", "owner"], "owner", true), (["--owner-password", "owner"], "owner", true), (["-p", "owner"], "owner", true),
    ])
    func passwords(_ extra: [String], _ role: String, _ copying: Bool) throws {
        let r = try CLI.run(["info", "--json"] + extra + [CLI.fixture("encrypted/rc4-128.pdf")])
        #expect(r.status == 0)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((o["encryption"] as? [String: Any])?["openedAs"] as? String == role)
        #expect((o["permissions"] as? [String: Any])?["allowsCopying"] as? Bool == copying)
        #expect(o["title"] as? String == "Hello")
    }

    @Test("a file that is not a PDF: exit 1 and one line naming the file")
    func notAPDF() throws {
        let file = CLI.fixture("broken/not-a-pdf.pdf")
        let r = try CLI.run(["info", file])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("pdftext: \(file): not a PDF"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("-f/-l print each page's size and rotation; -box adds the five boxes as pdfinfo formats them")
    func pageRangeAndBoxes() throws {
        let r = try CLI.run(["info", "-f", "2", "-l", "3", "-box", CLI.fixture("basic/three-pages.pdf")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Page    2 size:  612 x 792 pts (letter)\nPage    2 rot:   0\nPage    3 size:  612 x 792 pts (letter)\n"))
        #expect(r.stdout.contains("Page    3 MediaBox:      0.00     0.00   612.00   792.00\n"))
        #expect(!r.stdout.contains("Page    1 "))
        let single = try CLI.run(["info", "--box", CLI.fixture("basic/hello.pdf")])
        #expect(single.stdout.contains("Page rot:        0\nMediaBox:            0.00     0.00   612.00   792.00\nCropBox:  "))
    }

    @Test("a missing file: exit 1, one line")
    func missing() throws {
        let r = try CLI.run(["info", "/nonexistent/x.pdf"])
        #expect(r.status == 1)
        #expect(r.stderr == "pdftext: /nonexistent/x.pdf: no such file\n")
    }

    @Test("several files: each is reported, the exit code is the worst")
    func several() throws {
        let r = try CLI.run(["info", "--json", CLI.fixture("basic/hello.pdf"), CLI.fixture("encrypted/aes-128.pdf"), CLI.fixture("broken/not-a-pdf.pdf")])
        #expect(r.status == 3)
        #expect(r.stdout.split(separator: "\n").count == 1)
        #expect(r.stderr.split(separator: "\n").count == 2)
    }

    @Test("a damaged file is repaired and says so; --diagnostics lists why")
    func repaired() throws {
        let r = try CLI.run(["info", "--diagnostics", CLI.fixture("broken/no-xref.pdf")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Pages:           3\n"))
        #expect(r.stdout.contains("Repaired:        yes"))
        #expect(r.stdout.contains("[xrefRepaired]"))
    }

    @Test("'-' reads the PDF from standard input")
    func stdin() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("basic/hello.pdf")))
        let r = try CLI.run(["info", "--json", "-"], stdin: data)
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"pages\":1"))
    }

    @Test("bad usage is exit 64")
    func usage() throws {
        let r = try CLI.run(["info", "--no-such-flag", CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 64)
    }
}

@Suite struct PaperNameTests {
    @Test("letter and A-series names within pdfinfo's tolerance")
    func names() {
        #expect(InfoReport.paperName(612, 792) == "letter")
        #expect(InfoReport.paperName(792, 612) == "letter")
        #expect(InfoReport.paperName(595.276, 841.89) == "A4")
        #expect(InfoReport.paperName(841.89, 1190.55) == "A3")
        #expect(InfoReport.paperName(500, 500) == nil)
    }
}

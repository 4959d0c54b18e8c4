import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import PDFTestSupport

/// `pdftext serve` and `pdftext view` as a user runs them: the built binary, its output,
/// exit codes and signals.
@Suite(.serialized) struct ViewerCommandTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `pdftext` binary SwiftPM built with the tests.
    static var binary: String? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("pdftext").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let built = projectRoot.appendingPathComponent(".build/debug/pdftext").path
        return FileManager.default.isExecutableFile(atPath: built) ? built : nil
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(binary, "pdftext is not built"))
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test("serve: answers on the port it prints, and SIGTERM or SIGINT stop it with status 0", arguments: [SIGTERM, SIGINT])
    func serveStopsOnSignal(signal: Int32) async throws {
        let root = try Fixtures.folder("serve", ["a.pdf": Fixtures.textPDF(["Served by the binary"])])
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(Self.binary, "pdftext is not built"))
        p.arguments = ["serve", root.path, "--port", "0"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        // "pdftext: serving 1 document at http://127.0.0.1:PORT/ (Ctrl-C stops)"
        var line = Data()
        while !line.contains(10) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix("pdftext: serving 1 document at http://127.0.0.1:"))
        let url = try #require(text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url + "api/docs")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("\"name\":\"a.pdf\""))
        kill(p.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while p.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!p.isRunning)
        #expect(p.terminationReason == .exit && p.terminationStatus == 0)
    }

    @Test("serve: no PATH is bad usage (64), a missing one fails (1), each with one line")
    func serveUsage() throws {
        #expect(try Self.run(["serve"]).status == 64)
        let missing = try Self.run(["serve", "/nonexistent/folder"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "pdftext: /nonexistent/folder: no such file or folder\n")
        #expect(try Self.run(["serve", "--port", "70000", "/tmp"]).status == 64)
    }

    @Test("view: writes the folder; refuses another folder (2) and a missing file (1) in one line")
    func view() throws {
        let root = try Fixtures.folder("view-cli", ["doc.pdf": Fixtures.textPDF(["Static copy"])])
        let out = root.appendingPathComponent("out").path
        let ok = try Self.run(["view", root.appendingPathComponent("doc.pdf").path, "-o", out])
        #expect(ok.status == 0, "\(ok.stderr)")
        for f in ["index.html", "data/doc.js", "data/page-1.js", "document.pdf"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + f), "\(f)")
        }
        let page = try String(contentsOfFile: out + "/data/page-1.js", encoding: .utf8)
        #expect(page.contains("\"text\":\"Static\""))
        // Again into its own output: replaced.
        #expect(try Self.run(["view", root.appendingPathComponent("doc.pdf").path, "-o", out]).status == 0)
        // Into a folder of other files.
        let refused = try Self.run(["view", root.appendingPathComponent("doc.pdf").path, "-o", root.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("pdftext: \(root.path): not empty") && refused.stderr.filter { $0 == "\n" }.count == 1)
        let missing = try Self.run(["view", root.appendingPathComponent("nope.pdf").path, "-o", root.appendingPathComponent("o2").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("pdftext: \(root.appendingPathComponent("nope.pdf").path): ") && missing.stderr.filter { $0 == "\n" }.count == 1)
    }
}

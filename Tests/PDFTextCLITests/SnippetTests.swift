import Foundation
import Testing

/// The documentation's runnable examples (Snippets/), built by `swift build` next to
/// `pdftext`: each runs on a Corpus file and prints what its article says it prints.
struct Snippet {
    static func binary(_ name: String) -> URL? {
        guard let dir = CLI.binary?.deletingLastPathComponent() else { return nil }
        let url = dir.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    static func run(_ name: String, _ arguments: [String]) throws -> CLI.Output {
        let p = Process()
        p.executableURL = try #require(binary(name))
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Output(status: p.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }
}

@Suite(.enabled(if: Snippet.binary("ExtractText") != nil, "snippets not built; run `swift build` first"))
struct SnippetTests {
    @Test func extractTextPrintsEveryPageWithItsOrderSource() throws {
        let r = try Snippet.run("ExtractText", [CLI.fixture("basic/three-pages.pdf")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("— page 1 (geometry) —"))
        #expect(r.stdout.contains("— page 3 (geometry) —"))
        #expect(r.stdout.contains("Page 2"))
    }

    @Test func selectTextShowsRangeWordLineAndQuads() throws {
        let r = try Snippet.run("SelectText", [CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("range 0,6: Hello,"))
        #expect(r.stdout.contains("upper half: Hello, world."))
        #expect(r.stdout.contains("word: Hello,"))
        #expect(r.stdout.contains("line: Hello, world."))
    }

    @Test("a @MainActor delegate gets every match on the main actor, with a run loop and with dispatchMain",
          arguments: ["runloop", "dispatch"])
    func mainActorFindDelegate(mode: String) throws {
        let r = try Snippet.run("FindWithMainActorDelegate", [CLI.fixture("basic/three-pages.pdf"), "page", mode])
        #expect(r.status == 0)
        #expect(r.stdout == "6 matches, each on the main actor\n")
    }

    @Test func extractTextReportsAMissingFile() throws {
        let r = try Snippet.run("ExtractText", ["/nonexistent/file.pdf"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("cannot open /nonexistent/file.pdf"))
    }

    @Test func attributedTextListsStyledRuns() throws {
        let r = try Snippet.run("AttributedText", [CLI.fixture("text/styles-pdflatex.pdf")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("bold]") && $0.hasSuffix("boldword ") })
        #expect(lines.contains { $0.contains("italic]") && $0.contains("italicword") })
        #expect(lines.contains { $0.contains("#ff0000") && $0.contains("redword") })
        #expect(lines.contains { $0.contains("link https://") && $0.contains("linkword") })
        #expect(lines.contains { $0.contains("superscript]") })
    }
}

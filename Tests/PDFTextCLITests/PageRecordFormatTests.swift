import Foundation
import Testing

/// `--format jsonl` and `--format opensearch-bulk`: one page object per line.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct PageRecordFormatTests {
    func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    func sha256(_ path: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.arguments = [path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func jsonlHasOnePageAPerLineWithWordsThatSliceTheText() throws {
        let files = [CLI.fixture("basic/three-pages.pdf"), CLI.fixture("text/greek-lualatex.pdf"), CLI.fixture("text/chinese-xelatex.pdf")]
        let r = try CLI.run(["--format", "jsonl"] + files)
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\n"))
        let pages = try objects(r.stdout)
        #expect(pages.map { $0["file"] as? String } == [files[0], files[0], files[0], files[1], files[2]])
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3, 1, 1])
        for page in pages {
            let file = try #require(page["file"] as? String)
            let hash = try sha256(file)
            #expect(page["schema"] as? String == "pdftext-page/1")
            #expect(page["sha256"] as? String == hash)
            #expect(page["id"] as? String == "\(hash)-p0000\(page["page"] as! Int)")
            let text = Array((try #require(page["text"] as? String)).unicodeScalars)
            let width = try #require(page["width"] as? Double), height = try #require(page["height"] as? Double)
            let words = try #require(page["words"] as? [[String: Any]])
            #expect(!words.isEmpty)
            for w in words {
                let start = try #require(w["start"] as? Int), end = try #require(w["end"] as? Int)
                #expect(String(String.UnicodeScalarView(text[start..<end])) == w["text"] as? String)
                for b in try #require(w["boxes"] as? [[Double]]) {
                    #expect(b[0] >= 0 && b[2] <= width + 1 && b[1] >= 0 && b[3] <= height + 1 && b[0] < b[2] && b[1] < b[3])
                }
            }
        }
        // Dictionary words for Chinese: more than one character each for some.
        let chinese = try #require(pages.last?["words"] as? [[String: Any]])
        #expect(chinese.contains { ($0["text"] as? String)?.count ?? 0 >= 2 })
    }

    @Test func opensearchBulkPairsActionAndSourceLines() throws {
        let file = CLI.fixture("basic/three-pages.pdf")
        let r = try CLI.run(["--format", "opensearch-bulk", "--index-name", "books", file])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\n"))
        let lines = try objects(r.stdout)
        #expect(lines.count == 6)
        for k in stride(from: 0, to: lines.count, by: 2) {
            let action = try #require(lines[k]["index"] as? [String: Any])
            #expect(action["_index"] as? String == "books")
            #expect(action["_id"] as? String == lines[k + 1]["id"] as? String)
            #expect(lines[k + 1]["text"] is String)
        }
        // The same page objects as jsonl.
        let jsonl = try CLI.run(["--format", "jsonl", file])
        let sources = r.stdout.split(separator: "\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(sources == jsonl.stdout.split(separator: "\n"))
    }
}

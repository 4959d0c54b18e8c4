import Foundation
import Testing

/// Heap allocations per page, counted by valgrind's malloc counter ("total heap usage: N
/// allocs"; the same count every run, unlike time) on fixed fixtures of two producers.
/// Per page: the allocations of the whole document less those of its first page alone,
/// over the other pages, both runs on one worker (`-j 1`) and both on the command line's
/// fast path (`Text.fastRun`), so start-up cancels out. A count more than `allowedRise` over the committed baseline
/// (`allocation-baseline.json`, next to this file; counts of the test build, debug) fails.
/// After an intended change, rewrite the baseline with
/// `PDFTEXT_UPDATE_ALLOCATION_BASELINE=1 swift test --filter AllocationTests` and say why in
/// the commit.
@Suite(.enabled(if: CLI.binary != nil && Valgrind.path != nil,
                "needs the pdftext binary and valgrind (apt-get install valgrind; tools/install-deps.sh --checks)"))
struct AllocationTests {
    static let fixtures: [(path: String, pages: Int)] = [
        ("text/headers-footers-groff.pdf", 3), ("layout/endnotes-libreoffice-3015.pdf", 2),
    ]
    static let allowedRise = 0.10
    static let baselineURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("allocation-baseline.json")

    enum Failure: Error { case noCount(String) }

    /// The binary without its debug information, which valgrind cannot read here.
    static func strippedBinary(in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent("pdftext")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["strip", "--strip-debug", "-o", out.path, CLI.binary!.path]
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? out : CLI.binary!
    }

    /// valgrind's count of heap allocations of one run.
    static func allocations(_ binary: URL, _ arguments: [String]) throws -> Int {
        let p = Process()
        p.executableURL = Valgrind.path
        p.arguments = ["--tool=memcheck", "--leak-check=no", binary.path] + arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        // "==123==   total heap usage: 11,596 allocs, 6,091 frees, 2,546,321 bytes allocated"
        guard p.terminationStatus == 0, let line = text.split(separator: "\n").first(where: { $0.contains("total heap usage:") }),
              let field = line.split(separator: ":").last?.split(separator: " ").first,
              let n = Int(field.replacingOccurrences(of: ",", with: "")) else {
            throw Failure.noCount(String(text.suffix(400)))
        }
        return n
    }

    @Test func perPageWithinBaseline() throws {
        let dir = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                              appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = try Self.strippedBinary(in: dir)
        var measured: [String: Int] = [:]
        for (path, pages) in Self.fixtures {
            let file = CLI.fixture(path)
            let all = try Self.allocations(binary, ["-j", "1", file, "/dev/null"])
            // The same way in for both: options the fast path takes (no argument parser),
            // so that only the pages differ.
            let first = try Self.allocations(binary, ["-j", "1", "-f", "1", "-l", "1", file, "/dev/null"])
            #expect(all > first, "\(path): the whole document allocates no more than its first page")
            measured[path] = (all - first) / (pages - 1)
        }
        if ProcessInfo.processInfo.environment["PDFTEXT_UPDATE_ALLOCATION_BASELINE"] != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(measured).write(to: Self.baselineURL)
            print("allocation baseline written: \(Self.baselineURL.path)")
            return
        }
        let baseline = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: Self.baselineURL))
        for (path, _) in Self.fixtures {
            let now = try #require(measured[path]), then = try #require(baseline[path], "no baseline for \(path)")
            print("heap allocations per page, \(path): \(now) (baseline \(then))")
            #expect(Double(now) <= Double(then) * (1 + Self.allowedRise),
                    "\(path): \(now) heap allocations a page, more than \(Int(Self.allowedRise * 100))% over the baseline's \(then)")
        }
    }
}

/// valgrind, when installed.
enum Valgrind {
    static let path: URL? = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"]
        .map { URL(fileURLWithPath: $0) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

import Foundation
import GRDB
import PDFSearchIndex
import Testing
@testable import PDFTextCLI

/// `pdftext index` and `pdftext search` against input written to hurt them: files whose
/// pages repeat a great many words, databases that are not ours, queries and command lines
/// of unbounded size, and folders holding links out, names that are not UTF-8, named pipes
/// and devices.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"), .serialized)
struct IndexHostileTests {
    typealias Scratch = IndexCommandTests.Scratch

    struct Timed {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        var timedOut: Bool
    }

    /// Runs the binary, killing it after `limit` seconds (a named pipe that is opened would
    /// block it forever).
    func run(_ arguments: [String], limit: Double = 60) throws -> Timed {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-out-\(UUID().uuidString)")
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        p.standardOutput = try FileHandle(forWritingTo: outFile)
        p.standardError = try FileHandle(forWritingTo: errFile)
        p.standardInput = FileHandle.nullDevice
        let start = Date()
        try p.run()
        var timedOut = false
        while p.isRunning {
            if Date().timeIntervalSince(start) > limit {
                timedOut = true
                kill(p.processIdentifier, SIGKILL)
                break
            }
            usleep(20_000)
        }
        p.waitUntilExit()
        return Timed(status: p.terminationStatus,
                     stdout: String(decoding: (try? Data(contentsOf: outFile)) ?? Data(), as: UTF8.self),
                     stderr: String(decoding: (try? Data(contentsOf: errFile)) ?? Data(), as: UTF8.self),
                     seconds: Date().timeIntervalSince(start), timedOut: timedOut)
    }

    func jsonLines(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func hits(_ db: String, _ query: String) throws -> [[String: Any]] {
        let r = try CLI.run(["search", "--db", db, "--json", "--limit", "1000", query])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return (object["hits"] as? [[String: Any]]) ?? []
    }

    static let fixture = CLI.fixture("hostile/index-shared-stream-200-pages.pdf")

    // MARK: Class 6: what one file may add to the index

    @Test("a file past --max-words-per-file is cut after its last whole word, reported, recorded and shown by search")
    func wordLimit() throws {
        let s = try Scratch([])
        // 250 words a page: 2,100 words are 8 whole pages and 100 words of page 9.
        let r = try run(["index", Self.fixture, "--db", s.db, "--json", "--max-words-per-file", "2100"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = jsonLines(r.stdout)
        let file = try #require(lines.first { $0["action"] as? String == "indexed" })
        #expect(file["pages"] as? Int == 9)
        let truncated = try #require(file["truncated"] as? [String: Any])
        #expect(truncated["fromPage"] as? Int == 9)
        #expect(truncated["words"] as? Int == 2100)
        #expect(truncated["limit"] as? String == "words")
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect(summary["truncated"] as? Int == 1)
        #expect(r.stderr.contains("indexed in part: the limit of 2100 words (--max-words-per-file) was reached on page 9 of 200"))
        #expect(r.stderr.contains("1 truncated"))
        // The first word of the page is on the nine pages kept; the 120th on the eight whole ones.
        let first = try hits(s.db, "w000xabc")
        #expect(Set(first.compactMap { $0["page"] as? Int }) == Set(1...9))
        #expect(first.allSatisfy { $0["truncatedFromPage"] as? Int == 9 })
        #expect(Set(try hits(s.db, "w120xabc").compactMap { $0["page"] as? Int }) == Set(1...8))
    }

    @Test("--max-characters-per-file bounds the text kept; the default keeps a 200-page file whole")
    func characterLimitAndDefault() throws {
        let s = try Scratch([])
        let r = try run(["index", Self.fixture, "--db", s.db, "--json", "--max-characters-per-file", "5000"])
        #expect(r.status == 0, "\(r.stderr)")
        let file = try #require(jsonLines(r.stdout).first { $0["action"] as? String == "indexed" })
        let truncated = try #require(file["truncated"] as? [String: Any])
        #expect(truncated["limit"] as? String == "characters")
        let characters = try #require(truncated["characters"] as? Int)
        #expect(characters <= 5000 && characters > 4900)
        // With the defaults nothing of these 50,000 words is left out, and the index stays
        // a small multiple of the text it holds.
        let whole = s.dir.appendingPathComponent("whole.sqlite").path
        let d = try run(["index", Self.fixture, "--db", whole, "--json"])
        #expect(d.status == 0, "\(d.stderr)")
        let indexed = try #require(jsonLines(d.stdout).first { $0["action"] as? String == "indexed" })
        #expect(indexed["pages"] as? Int == 200)
        #expect(indexed["truncated"] == nil)
        #expect(try hits(whole, "w249xj").count == 200)
        #expect(try hits(whole, "w249xj").allSatisfy { $0["truncatedFromPage"] is NSNull })
        let size = try #require(try FileManager.default.attributesOfItem(atPath: whole)[.size] as? Int)
        #expect(size < 100 * 50_000, "\(size) bytes for 50,000 words")
        #expect(try CLI.run(["index", Self.fixture, "--db", whole, "--max-words-per-file", "-1"]).status == 64)
    }

    // MARK: Class 7: databases that are not ours

    /// A database of somebody else's, in rollback-journal mode.
    func foreignDatabase(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users(name) VALUES ('ada')")
        }
        try queue.close()
    }

    @Test("index and search refuse a database that is not theirs without changing a byte of it")
    func foreignDatabaseUntouched() throws {
        let s = try Scratch(["basic/hello.pdf"])
        let db = s.dir.appendingPathComponent("other.sqlite").path
        try foreignDatabase(db)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        #expect(before[18] == 1 && before[19] == 1)  // rollback journal, not WAL
        let index = try run(["index", s.docs.path, "--db", db])
        #expect(index.status == 2)
        #expect(index.stderr.contains("other.sqlite: an SQLite database that is not a pdftext index"))
        #expect(Opening.sha256([UInt8](try Data(contentsOf: URL(fileURLWithPath: db)))) == Opening.sha256([UInt8](before)))
        let search = try run(["search", "--db", db, "hello"])
        #expect(search.status == 2)
        #expect(search.stderr.contains("not a pdftext index"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        // A named pipe as --db is refused at once, not opened.
        let fifo = s.dir.appendingPathComponent("pipe.sqlite").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let piped = try run(["search", "--db", fifo, "hello"], limit: 20)
        #expect(!piped.timedOut)
        #expect(piped.status == 2 && piped.stderr.contains("not a regular file"))
    }

    @Test("search opens the index read-only: its bytes stay the same, also in rollback-journal mode")
    func searchIsReadOnly() throws {
        let s = try Scratch(["basic/hello.pdf", "text/greek-lualatex.pdf"])
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        for mode in ["WAL", "DELETE"] {
            if mode == "DELETE" {
                // An index copied or converted out of WAL mode: a writer would turn it back.
                let queue = try DatabaseQueue(path: s.db)
                try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
                try queue.close()
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: s.db))
            for args in [["hello"], ["--json", "νησί OR hello"], ["--under", s.docs.path, "hello"], ["zzzqqq"]] {
                let r = try run(["search", "--db", s.db] + args)
                #expect(r.status == 0 || (r.status == 1 && args == ["zzzqqq"]), "\(mode) \(args): \(r.stderr)")
            }
            let after = try Data(contentsOf: URL(fileURLWithPath: s.db))
            #expect(after == before, "\(mode): search changed the index")
            #expect(after[18] == before[18] && after[19] == before[19])
        }
        // A writer opens it again as before.
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
    }

    // MARK: Class 8: queries and command lines of unbounded size

    @Test("a query over the length, word or nesting limit is refused at once with exit 64 and one line")
    func queryLimits() throws {
        let s = try Scratch(["basic/hello.pdf"])
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        let long = try run(["search", "--db", s.db, String(repeating: "x", count: 92_160)], limit: 20)
        #expect(long.status == 64)
        #expect(long.stderr == "pdftext: search: the query is 92160 bytes long; the longest allowed is 8192\n")
        #expect(long.seconds < 5)
        // 30,000 arguments: refused before the argument parser reads them.
        let many = try run(["search", "--db", s.db] + (0..<30_000).map { "w\($0)" }, limit: 20)
        #expect(many.status == 64)
        #expect(many.stderr.contains("a query may hold at most 256 words"))
        #expect(many.stderr.split(separator: "\n").count == 1)
        #expect(many.seconds < 5)
        let words = (0..<257).map { "w\($0)" }.joined(separator: " ")
        let tooMany = try run(["search", "--db", s.db, words], limit: 20)
        #expect(tooMany.status == 64 && tooMany.stderr.contains("the query has more than 256 words"))
        #expect(try run(["search", "--db", s.db, "hello " + (0..<255).map { "w\($0)" }.joined(separator: " ")]).status == 1)
        let deep = try run(["search", "--db", s.db, String(repeating: "(", count: 33) + "hello" + String(repeating: ")", count: 33)], limit: 20)
        #expect(deep.status == 64 && deep.stderr.contains("nests parentheses deeper than 32"))
        #expect(try run(["search", "--db", s.db, String(repeating: "(", count: 32) + "hello" + String(repeating: ")", count: 32)]).status == 0)
    }

    // MARK: Class 9: walking a folder

    /// Writes a file whose name is given as bytes (not necessarily UTF-8).
    func write(_ data: Data, folder: URL, name: [UInt8]) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        #expect(fd >= 0)
        _ = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test("a link out of the folder is skipped and reported, never opened; --follow-symlinks follows it")
    func linksOutOfTheFolder() throws {
        let s = try Scratch(["basic/hello.pdf"])
        let outside = s.dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.fixture("text/greek-lualatex.pdf"), toPath: outside.appendingPathComponent("secret.pdf").path)
        let out = s.docs.appendingPathComponent("out.pdf").path
        try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: "../outside/secret.pdf")
        try FileManager.default.createSymbolicLink(atPath: s.docs.appendingPathComponent("sub/in.pdf").path, withDestinationPath: "../hello-0.pdf")
        try FileManager.default.createSymbolicLink(atPath: s.docs.appendingPathComponent("sub/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: s.docs.appendingPathComponent("away").path, withDestinationPath: outside.path)

        let r = try run(["index", s.docs.path, "--db", s.db, "--json"], limit: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = jsonLines(r.stdout)
        let skipped = lines.filter { $0["action"] as? String == "skipped" }
        #expect(skipped.count == 1)
        #expect(skipped.first?["path"] as? String == out)
        #expect(skipped.first?["target"] as? String == outside.appendingPathComponent("secret.pdf").path)
        #expect((lines.last?["summary"] as? [String: Any])?["skipped"] as? Int == 1)
        #expect(r.stderr.contains("out.pdf: a link to \(outside.path)/secret.pdf, outside the folder; not followed"))
        #expect(try hits(s.db, "νησί").isEmpty)
        // A link inside the folder is followed.
        #expect(Set(try hits(s.db, "hello").compactMap { $0["file"] as? String }) == [s.path("hello"), s.docs.path + "/sub/in.pdf"])

        // --follow-symlinks follows both links out, and the loop back up ends.
        let followed = try run(["index", s.docs.path, "--db", s.db, "--json", "--follow-symlinks"], limit: 60)
        #expect(!followed.timedOut)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(Set(try hits(s.db, "νησί").compactMap { $0["file"] as? String }) == [out, s.docs.path + "/away/secret.pdf"])
        // Without it again, what it added leaves the index.
        let again = try run(["index", s.docs.path, "--db", s.db, "-v"], limit: 60)
        #expect(again.stderr.contains("removed \(out)"))
        #expect(try hits(s.db, "νησί").isEmpty)
    }

    @Test("a name that is not UTF-8 is indexed under its escaped key, from a folder and from --files-from")
    func namesThatAreNotUTF8() throws {
        let s = try Scratch([])
        let hello = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("basic/hello.pdf")))
        let name: [UInt8] = Array("caf".utf8) + [0xE9, 0xFF] + Array("\\.pdf".utf8)  // Latin-1 é, a stray byte, a backslash
        try write(hello, folder: s.docs, name: name)
        let key = s.docs.path + "/caf\\xe9\\xff\\\\.pdf"
        let r = try run(["index", s.docs.path, "--db", s.db, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(jsonLines(r.stdout).contains { $0["path"] as? String == key && $0["action"] as? String == "indexed" })
        #expect(try hits(s.db, "hello").compactMap { $0["file"] as? String } == [key])
        // Checking every indexed file again finds it where it is.
        let refresh = try run(["index", "--db", s.db, "-v"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(!refresh.stderr.contains("pdftext: removed"))
        #expect(refresh.stderr.contains("1 unchanged, 0 removed, 0 failed"))
        // --files-from -0 passes the bytes as they are.
        let other = s.dir.appendingPathComponent("other.sqlite").path
        let list = Data(Array(s.docs.path.utf8) + [UInt8(ascii: "/")] + name + [0])
        let listed = try CLI.run(["index", "--files-from", "-", "-0", "--db", other, "--json"], stdin: list)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(jsonLines(listed.stdout).contains { $0["path"] as? String == key && $0["action"] as? String == "indexed" })
    }

    @Test("named pipes and devices are reported as failed, never opened, and the run goes on")
    func specialFiles() throws {
        let s = try Scratch(["basic/hello.pdf", "basic/three-pages.pdf"])
        let pipe = s.docs.appendingPathComponent("pipe.pdf").path
        #expect(mkfifo(pipe, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: s.docs.appendingPathComponent("null.pdf").path, withDestinationPath: "/dev/null")
        let r = try run(["index", s.docs.path, "--db", s.db, "--json", "--follow-symlinks"], limit: 30)
        #expect(!r.timedOut, "the run blocked")
        #expect(r.status == 4)
        let failed = jsonLines(r.stdout).filter { $0["action"] as? String == "failed" }
        #expect(failed.contains { $0["path"] as? String == pipe && ($0["error"] as? String)?.contains("a named pipe (FIFO), not a regular file; not read") == true })
        #expect(failed.contains { ($0["error"] as? String)?.contains("null.pdf: a character device") == true })
        #expect(r.stderr.contains("2 files indexed"))
        #expect(r.stderr.contains("2 failed"))
        #expect(try hits(s.db, "hello").count == 1)
        // Named on the command line, the same.
        let named = try run(["index", pipe, "/dev/zero", "--db", s.db, "--json"], limit: 30)
        #expect(!named.timedOut)
        #expect(named.status == 4)
        #expect(jsonLines(named.stdout).filter { $0["action"] as? String == "failed" }.count == 2)
    }
}

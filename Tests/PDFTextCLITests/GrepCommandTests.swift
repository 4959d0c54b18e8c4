import Foundation
import PDFCore
import PDFText
import Testing

/// `pdftext grep` as a user runs it.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct GrepCommandTests {
    /// Two pages: a line with two matches, a phrase across a line break, a hyphenated word.
    static func sample() throws -> String {
        try TestDocument(
            TestDocument.lines(["the cat sat on the mat", "a concatenated catalogue", "nothing here"]),
            TestDocument.lines(["the quick brown", "fox jumps over the lazy dog", "price 42.50 EUR"])
        ).write("sample.pdf")
    }

    static func lines(_ s: String) -> [String] { s.split(separator: "\n").map(String.init) }

    @Test("matching lines as FILE:PAGE:LINE, exit 0; nothing matched, exit 1")
    func basicMatches() throws {
        let file = try Self.sample()
        let r = try CLI.run(["grep", "the", file])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(Self.lines(r.stdout) == ["\(file):1:the cat sat on the mat", "\(file):2:the quick brown",
                                         "\(file):2:fox jumps over the lazy dog"])
        let none = try CLI.run(["grep", "zebra", file])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty)
        let plain = try CLI.run(["grep", "--no-filename", "lazy", file])
        #expect(plain.stdout == "2:fox jumps over the lazy dog\n")
    }

    @Test("-i, -w, -F (the default) and -E")
    func matchingFlags() throws {
        let file = try Self.sample()
        #expect(try CLI.run(["grep", "THE", file]).status == 1)
        #expect(Self.lines(try CLI.run(["grep", "-i", "THE", file]).stdout).count == 3)
        let cat = Self.lines(try CLI.run(["grep", "cat", file]).stdout)
        #expect(cat.count == 2)
        let word = Self.lines(try CLI.run(["grep", "-w", "cat", file]).stdout)
        #expect(word == ["\(file):1:the cat sat on the mat"])
        // A literal dot by default, any character with -E.
        #expect(try CLI.run(["grep", "42.50", file]).status == 0)
        #expect(try CLI.run(["grep", "42x50", file]).status == 1)
        #expect(try CLI.run(["grep", "-F", "4.\\.5", file]).status == 1)
        let regex = try CLI.run(["grep", "-E", "[0-9]+\\.[0-9]{2}", file])
        #expect(regex.stdout == "\(file):2:price 42.50 EUR\n")
        let bad = try CLI.run(["grep", "-E", "([", file])
        #expect(bad.status == 2 && bad.stderr.contains("invalid regular expression"))
        #expect(try CLI.run(["grep", "-E", "-F", "x", file]).status == 2)
    }

    @Test("a match across a line break prints its lines joined by a space")
    func phraseAcrossLines() throws {
        let file = try Self.sample()
        let r = try CLI.run(["grep", "brown fox", file])
        #expect(r.stdout == "\(file):2:the quick brown fox jumps over the lazy dog\n")
    }

    @Test("-c counts matching lines, -l names files, -q prints nothing")
    func countsNamesQuiet() throws {
        let file = try Self.sample()
        let other = try TestDocument(TestDocument.lines(["no cats"])).write("other.pdf")
        let empty = try TestDocument(TestDocument.lines(["nothing"])).write("empty.pdf")
        // Two matches on one line count once, as grep counts lines.
        let c = try CLI.run(["grep", "-c", "the", file, other, empty])
        #expect(Self.lines(c.stdout) == ["\(file):3", "\(other):0", "\(empty):0"])
        #expect(c.status == 0)
        let l = try CLI.run(["grep", "-l", "cat", file, other, empty])
        #expect(Self.lines(l.stdout) == [file, other])
        let q = try CLI.run(["grep", "-q", "cat", empty, file])
        #expect(q.status == 0 && q.stdout.isEmpty)
        #expect(try CLI.run(["grep", "-q", "zebra", file]).status == 1)
    }

    @Test("--json: one object per match with the library's range and quads")
    func json() throws {
        let file = try Self.sample()
        let r = try CLI.run(["grep", "--json", "the", file])
        #expect(r.status == 0)
        let objects = try Self.lines(r.stdout).map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.count == 4)
        let doc = try #require(PDFDocument(url: URL(fileURLWithPath: file)))
        let expected = doc.findString("the")
        #expect(expected.count == 4)
        for (o, s) in zip(objects, expected) {
            let page = s.pages[0]
            #expect(o["file"] as? String == file)
            #expect(o["page"] as? Int == page.pageIndex + 1)
            #expect(o["label"] as? String == page.label)
            #expect(o["match"] as? String == "the")
            let range = try #require(o["range"] as? [String: Int])
            let want = s.range(at: 0, on: page)
            #expect(range["location"] == want.location && range["length"] == want.length)
            let quads = try #require(o["quads"] as? [[Double]])
            let lib = s.quadrilaterals(on: page)
            #expect(quads.count == lib.count)
            for (q, l) in zip(quads, lib) {
                let points = [l.lowerLeft, l.lowerRight, l.upperRight, l.upperLeft].flatMap { [$0.x, $0.y] }
                #expect(q.count == 8 && zip(q, points).allSatisfy { abs($0 - $1) < 0.006 })
            }
        }
        #expect(objects[0]["context"] as? String == "the cat sat on the mat")
    }

    @Test("--pages restricts the search")
    func pages() throws {
        let file = try Self.sample()
        let r = try CLI.run(["grep", "--pages", "2", "the", file])
        #expect(Self.lines(r.stdout).allSatisfy { $0.hasPrefix("\(file):2:") } && Self.lines(r.stdout).count == 2)
        #expect(try CLI.run(["grep", "--pages", "2", "cat", file]).status == 1)
    }

    @Test("--color always marks matches as grep does; never and auto (not a terminal) do not")
    func colour() throws {
        let file = try Self.sample()
        let r = try CLI.run(["grep", "--color=always", "lazy", file])
        #expect(r.stdout.contains("\u{1B}[01;31m\u{1B}[Klazy\u{1B}[m\u{1B}[K"))
        #expect(r.stdout.contains("\u{1B}[35m\u{1B}[K\(file)\u{1B}[m\u{1B}[K"))
        for mode in ["never", "auto"] {
            #expect(try CLI.run(["grep", "--color", mode, "lazy", file]).stdout == "\(file):2:fox jumps over the lazy dog\n")
        }
    }

    @Test("errors exit 2 even when something matched, except with -q; passwords as other subcommands")
    func errorsAndPasswords() throws {
        let file = try Self.sample()
        let missing = file + ".missing.pdf"
        let r = try CLI.run(["grep", "cat", missing, file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("missing.pdf"))
        #expect(Self.lines(r.stdout).count == 2)
        #expect(try CLI.run(["grep", "-q", "cat", missing, file]).status == 0)
        #expect(try CLI.run(["grep", "zebra", missing]).status == 2)
        let locked = CLI.fixture("encrypted/aes-256.pdf")
        let noPassword = try CLI.run(["grep", "Hello", locked])
        #expect(noPassword.status == 2 && noPassword.stderr.contains("incorrect password"))
        // The user password opens it, but its permissions allow text for accessibility only.
        let refused = try CLI.run(["grep", "-p", "user", "Hello", locked])
        #expect(refused.status == 2 && refused.stderr.contains("--accessibility") && refused.stdout.isEmpty)
        let unlocked = try CLI.run(["grep", "-p", "user", "--accessibility", "Hello", locked])
        #expect(unlocked.status == 0 && unlocked.stdout.contains("Hello"))
    }

    @Test("several files in parallel keep input order")
    func order() throws {
        let files = try (0..<6).map { i in
            try TestDocument(TestDocument.lines(["file \(i) needle"]), TestDocument.lines(["page two needle \(i)"])).write("f\(i).pdf")
        }
        let r = try CLI.run(["grep", "-j", "3", "needle"] + files)
        let expected = files.enumerated().flatMap { i, f in ["\(f):1:file \(i) needle", "\(f):2:page two needle \(i)"] }
        #expect(Self.lines(r.stdout) == expected)
    }
}

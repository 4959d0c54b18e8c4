import Foundation
import Testing
@testable import PDFTextCLI

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct GlyphsCommandTests {
    static func rows(_ s: String) -> [[String]] {
        s.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("glyphs lists each glyph with its box, font, size, source and origin in page space")
    func pageSpace() throws {
        let r = try CLI.run(["glyphs", CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 0)
        let rows = Self.rows(r.stdout)
        #expect(rows.first == ["page", "index", "text", "x0", "y0", "x1", "y1", "font", "size", "source", "flags", "ox", "oy"])
        let glyphs = Array(rows.dropFirst())
        #expect(glyphs.map { $0[2] }.joined() == "Hello, world.")
        let h = glyphs[0]
        #expect(h[0] == "1" && h[1] == "0")
        #expect(h[7] == "Helvetica" && h[8] == "24" && h[9] == "encoding" && h[10] == "-")
        #expect(h[11] == "72" && h[12] == "720")
        // The second glyph starts one Helvetica "H" (722/1000 em) later.
        #expect(glyphs[1][11] == "89.33")
        #expect(h[3] == "72" && h[5] == "89.33")
    }

    @Test("--display flips y to the top of the crop box")
    func display() throws {
        let r = try CLI.run(["glyphs", "--display", "--no-header", CLI.fixture("basic/hello.pdf")])
        let first = Self.rows(r.stdout)[0]
        #expect(first[11] == "72" && first[12] == "72")
    }

    @Test("--pages picks pages; -f/-l narrow them")
    func pages() throws {
        let r = try CLI.run(["glyphs", "--no-header", "--pages", "2-", "-l", "2", CLI.fixture("basic/three-pages.pdf")])
        #expect(r.status == 0)
        let pages = Set(Self.rows(r.stdout).map { $0[0] })
        #expect(pages == ["2"])
    }

    @Test("several files, one without its password: the others are listed, exit 3 with one line for it")
    func passwords() throws {
        let r = try CLI.run(["glyphs", "--no-header", CLI.fixture("encrypted/aes-256.pdf"), CLI.fixture("basic/hello.pdf")])
        #expect(r.status == 3)
        #expect(Self.rows(r.stdout).map { $0[2] }.joined() == "Hello, world.")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("incorrect password"))
        let unlocked = try CLI.run(["glyphs", "--no-header", "-p", "user", "--accessibility", CLI.fixture("encrypted/aes-256.pdf")])
        #expect(unlocked.status == 0)
        #expect(!Self.rows(unlocked.stdout).isEmpty)
    }

    @Test("a bad page range is a usage error (64); a missing file exits 1 with one line naming it")
    func errors() throws {
        let bad = try CLI.run(["glyphs", "--pages", "3-1", CLI.fixture("basic/hello.pdf")])
        #expect(bad.status == 64)
        let missing = try CLI.run(["glyphs", "/nonexistent/x.pdf"])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("/nonexistent/x.pdf"))
    }
}

@Suite struct PageSelectionTests {
    @Test("ranges, single pages and open ends, in order and each once")
    func parse() throws {
        let s = try PageSelection(parsing: "7,1-3,2,10-")
        #expect(s.pages(count: 12) == [1, 2, 3, 7, 10, 11, 12])
        #expect(s.pages(count: 12, first: 3, last: 10) == [3, 7, 10])
        #expect(PageSelection().pages(count: 3) == [1, 2, 3])
        #expect(try PageSelection(parsing: "5").pages(count: 3) == [])
    }

    @Test("malformed selections are refused", arguments: ["", "0", "3-1", "a", "1,,2", "-2", "1-x"])
    func malformed(_ text: String) {
        #expect(throws: (any Error).self) { _ = try PageSelection(parsing: text) }
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct GlyphsPermissionTests {
    @Test("glyphs follows the text-access policy: refused without --accessibility when copying is off")
    func refusedThenAllowed() throws {
        let refused = try CLI.run(["glyphs", "-p", "user", CLI.fixture("encrypted/aes-256.pdf")])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("not permitted"))
        #expect(!refused.stdout.contains("Helvetica"))
        let allowed = try CLI.run(["glyphs", "-p", "user", "--accessibility", CLI.fixture("encrypted/aes-256.pdf")])
        #expect(allowed.status == 0)
        #expect(allowed.stdout.contains("\tH\t"))
        let owner = try CLI.run(["glyphs", "-opw", "owner", CLI.fixture("encrypted/aes-256.pdf")])
        #expect(owner.status == 0)
    }
}

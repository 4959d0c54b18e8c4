import Foundation
import Testing

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct SelectCommandTests {
    @Test("--range prints the UTF-16 range of the page text")
    func range() throws {
        let r = try CLI.run(["select", CLI.fixture("basic/hello.pdf"), "--page", "1", "--range", "7,6"])
        #expect(r.status == 0)
        #expect(r.stdout == "world.\n")
    }

    @Test("--rect selects the words inside and --json gives ranges, bounds and line quads")
    func rectJSON() throws {
        // The page's text runs along y ≈ 715…737 from x = 72: 24 pt Helvetica, so x < 135 holds "Hello,".
        let r = try CLI.run(["select", CLI.fixture("basic/hello.pdf"), "--page", "1", "--rect", "60,700,75,50", "--json"])
        #expect(r.status == 0)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["text"] as? String == "Hello,")
        #expect((o["ranges"] as? [[Int]]) == [[0, 6]])
        let lines = try #require(o["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        let quad = try #require((lines.first?["quads"] as? [[Double]])?.first)
        #expect(quad.count == 8)
        #expect(quad[0] >= 71.9 && quad[0] <= 72.1)
    }

    @Test("an empty selection exits 4, bad arguments 64, a missing page 4 with a one-line error")
    func errors() throws {
        let empty = try CLI.run(["select", CLI.fixture("basic/hello.pdf"), "--page", "1", "--rect", "0,0,1,1"])
        #expect(empty.status == 4)
        #expect(empty.stdout.isEmpty)
        let bad = try CLI.run(["select", CLI.fixture("basic/hello.pdf"), "--page", "1", "--rect", "0,0,1"])
        #expect(bad.status == 64)
        let both = try CLI.run(["select", CLI.fixture("basic/hello.pdf"), "--page", "1"])
        #expect(both.status == 64)
        let missing = try CLI.run(["select", CLI.fixture("basic/hello.pdf"), "--page", "9", "--range", "0,1"])
        #expect(missing.status == 4)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("hello.pdf") && missing.stderr.contains("no page 9"))
    }

    @Test("the document's permissions are respected as by the text command")
    func permissions() throws {
        let refused = try CLI.run(["select", CLI.fixture("encrypted/aes-256.pdf"), "-p", "user", "--page", "1", "--range", "0,3"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("not permitted"))
        let allowed = try CLI.run(["select", CLI.fixture("encrypted/aes-256.pdf"), "-p", "user", "--accessibility", "--page", "1", "--range", "0,3"])
        #expect(allowed.status == 0)
        #expect(allowed.stdout.count == 4)
    }
}

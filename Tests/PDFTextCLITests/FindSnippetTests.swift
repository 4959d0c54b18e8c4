import Foundation
import Testing

@Suite(.enabled(if: Snippet.binary("FindText") != nil, "snippets not built; run `swift build` first"))
struct FindSnippetTests {
    @Test func findTextPrintsMatchesFindNextWholeWordsAndTheFirstAsyncMatch() throws {
        let r = try Snippet.run("FindText", [CLI.fixture("text/prose-libreoffice.pdf"), "lighthouse"])
        #expect(r.status == 0)
        let count = try #require(r.stdout.split(separator: "\n").first.flatMap { Int($0.split(separator: " ")[0]) })
        #expect(count > 1)
        #expect(r.stdout.contains("find-next visited \(count)\n"))
        #expect(r.stdout.contains("page 1, characters 4..<14: Lighthouse"))
        #expect(r.stdout.contains("first match on page 1: Lighthouse"))
        let absent = try Snippet.run("FindText", [CLI.fixture("text/prose-libreoffice.pdf"), "zyzzyva"])
        #expect(absent.stdout.hasPrefix("0 matches of \"zyzzyva\"\nfind-next visited 0\nas a whole word: 0\n"))
    }
}

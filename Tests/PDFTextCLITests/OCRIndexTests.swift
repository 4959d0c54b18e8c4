import Foundation
import PDFSearch
import PDFTestSupport
import PDFText
import PDFTextCLI
import Testing

/// `pdftext index` of a folder of scans (no text layer): phrases are found, and each
/// highlight box lies over the word in the image: where the document the scan was rendered
/// from draws that word (same page size, display space), within 3 pt on every edge, and two
/// of the scan's pixels more (OCR reads a 150 dpi scan at 150 ppi: its edges are pixels of
/// 0.48 pt).
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"), .serialized)
struct OCRIndexTests {
    /// Scans, the documents they were rendered from (both upright as displayed), and the
    /// scans' resolutions.
    static let scans = [("scanned/two-column-g4.pdf", "text/two-column-pdflatex.pdf", 300.0),
                        ("scanned/prose-rotate270-jpx.pdf", "text/prose-libreoffice.pdf", 150.0)]

    @Test("index finds phrases on scanned pages, with boxes over the words in the image")
    func highlights() throws {
        if let problem = OCRAvailability.problem(languages: nil) {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("OCR must run on CI: \(problem)") }
            else { print("OCRIndexTests: skipped: \(problem)") }
            return
        }
        let s = try IndexCommandTests.Scratch(Self.scans.map(\.0))
        let r = try CLI.run(["index", s.docs.path, "--db", s.db, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let helper = IndexCommandTests()
        var sources: [String: [IndexCommandTests.TSVWord]] = [:]
        for (scan, source, _) in Self.scans {
            let base = URL(fileURLWithPath: scan).deletingPathExtension().lastPathComponent
            sources[base] = try helper.tsvWords(CLI.fixture(source))
        }
        let tokenizer = Tokenizer()
        var checked = 0
        for q in ["\"Good bread needs only four things\"", "overnight", "\"hollow sound\"", "lighthouse", "\"bare rock\"", "binoculars"] {
            let out = try CLI.run(["search", "--db", s.db, "--json", "--limit", "5", q])
            #expect(out.status == 0, "\(q): \(out.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            let hits = try #require(json["hits"] as? [[String: Any]])
            #expect(hits.count == 1, "\(q): \(hits.count) hits")
            for hit in hits {
                let file = try #require(hit["file"] as? String)
                let base = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                let key = try #require(sources.keys.first { base.hasPrefix($0) })
                let words = sources[key]!
                let dpi = Self.scans.first { $0.0.contains(key) }?.2 ?? 300
                let slack = 3 + 2 * 72 / dpi
                for m in try #require(hit["matches"] as? [[String: Any]]) {
                    let terms = tokenizer.words(in: try #require(m["text"] as? String)).map(\.key)
                    for box in try #require(m["boxes"] as? [[Double]]) {
                        // The source's words under the box: each a word of the match, their
                        // union the box within 3 pt.
                        let under = words.filter { w in
                            let ix = max(0, min(w.box[2], box[2]) - max(w.box[0], box[0]))
                            let iy = max(0, min(w.box[3], box[3]) - max(w.box[1], box[1]))
                            let area = min((w.box[2] - w.box[0]) * (w.box[3] - w.box[1]), (box[2] - box[0]) * (box[3] - box[1]))
                            return ix * iy > 0.5 * area
                        }
                        #expect(!under.isEmpty, "\(q): box \(box) lies on no word of the source")
                        guard !under.isEmpty else { continue }
                        let union = [under.map { $0.box[0] }.min()!, under.map { $0.box[1] }.min()!,
                                     under.map { $0.box[2] }.max()!, under.map { $0.box[3] }.max()!]
                        // Left within 3 pt; right too, or short of the source's by at most half an
                        // em when its last word ends in punctuation (not part of the match);
                        // top and bottom within 3 pt or 0.3 of the line's height (the
                        // source's font metrics against the OCR's typical ones).
                        let height = union[3] - union[1]
                        let punctuated = under.max { $0.box[2] < $1.box[2] }!.text.last.map { $0.isPunctuation } ?? false
                        let what = "\(q): box \(box), source words \(union) \(under.map(\.text))"
                        #expect(abs(union[0] - box[0]) <= slack, "left: \(what)")
                        #expect(box[2] <= union[2] + slack && box[2] >= union[2] - (punctuated ? 0.5 * height : slack), "right: \(what)")
                        #expect(abs(union[1] - box[1]) <= max(slack, 0.3 * height), "top: \(what)")
                        #expect(abs(union[3] - box[3]) <= max(slack, 0.3 * height), "bottom: \(what)")
                        for w in under {
                            let wk = tokenizer.words(in: w.text).map(\.key).joined()
                            #expect(terms.contains { wk.contains($0) || $0.contains(wk) }, "\(q): “\(w.text)” under \(box)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked >= 6)
    }
}

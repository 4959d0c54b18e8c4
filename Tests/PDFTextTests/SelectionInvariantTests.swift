import Foundation
import PDFCore
import PDFTestSupport
import PDFText
import Testing

/// Every PDF under `Corpus/` but `Corpus/hostile/` that opens without a password.
func corpusPDFs() -> [URL] {
    guard let e = FileManager.default.enumerator(at: corpusURL, includingPropertiesForKeys: nil) else { return [] }
    // Corpus/hostile/ holds files written to hurt (text at 1e30, pages of ±1.7e308) where
    // selection geometry cannot hold; its own tests check them for a result without a trap.
    return e.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "pdf" && !$0.pathComponents.contains("hostile") }
        .sorted { $0.path < $1.path }
}

/// Checks PDFKit's text invariants on every text-bearing page of a document and returns one
/// line per violation (empty when all hold).
///
/// - `selection(for: r).string` is the page string's substring for every word range `r`;
/// - `characterIndex(at:)` of the centre of `characterBounds(at: i)` is `i` for every real
///   (not synthesised) character, unless another character has exactly the same box centre
///   (stacked duplicates nobody can tell apart; counted in `coincident`);
/// - the selection of the page's whole bounds has the page's string;
/// - `selectionsByLine()` of the whole page gives the page's lines.
struct InvariantReport {
    var failures: [String] = []
    var pages = 0
    var characters = 0
    var coincident = 0
}

func checkInvariants(_ doc: PDFDocument, name: String, maxPages: Int = .max, into report: inout InvariantReport) {
    for pi in 0..<min(doc.pageCount, maxPages) {
        guard let page = doc.page(at: pi), let string = page.string, !string.isEmpty, let text = page.pageText else { continue }
        report.pages += 1
        let ns = string as NSString
        let layout = text.layout
        let n = page.numberOfCharacters
        func fail(_ what: String) { report.failures.append("\(name) p\(pi + 1): \(what)") }

        // UTF-16 start of each layout character in the page string.
        var starts: [Int] = []
        var offset = 0
        for c in layout.characters {
            starts.append(offset)
            offset += c.scalar.value > 0xFFFF ? 2 : 1
        }
        starts.append(offset)

        // Word ranges.
        for w in layout.words {
            let lo = starts[Int(w.characters.lowerBound)], hi = min(n, starts[Int(w.characters.upperBound)])
            guard hi > lo else { continue }
            let r = NSRange(location: lo, length: hi - lo)
            let got = page.selection(for: r)?.string
            if got != ns.substring(with: r) { fail("word \(r) selects \(got ?? "nil") not \(ns.substring(with: r))") }
        }

        // Character hit testing.
        var centres: [Int: [Int]] = [:]
        var real: [(index: Int, x: Double, y: Double)] = []
        for (ci, c) in layout.characters.enumerated() where !c.isSynthesized && starts[ci] < n {
            let b = page.characterBounds(at: starts[ci])
            real.append((starts[ci], Double(b.midX), Double(b.midY)))
        }
        for (k, r) in real.enumerated() {
            centres[Int(saturating: (r.x * 1000).rounded()) &* 31 &+ Int(saturating: (r.y * 1000).rounded()), default: []].append(k)
        }
        for r in real {
            report.characters += 1
            let hit = page.characterIndex(at: CGPoint(x: r.x, y: r.y))
            guard hit != r.index else { continue }
            let key = Int(saturating: (r.x * 1000).rounded()) &* 31 &+ Int(saturating: (r.y * 1000).rounded())
            if centres[key, default: []].count > 1 { report.coincident += 1; continue }
            fail("characterIndex(at: centre of \(r.index)) = \(hit)")
        }

        // Whole page bounds, grown to hold text drawn outside the media box.
        var box = page.bounds(for: .mediaBox)
        for r in real { box = box.union(CGRect(x: r.x, y: r.y, width: 0, height: 0)) }
        let all = page.selection(for: box.insetBy(dx: -1, dy: -1))?.string
        if all != string { fail("selection(for: page bounds) differs from string (\(all?.count ?? -1) vs \(string.count) characters)") }

        // Lines.
        let lines = (page.selectionForEntirePage?.selectionsByLine() ?? []).map { $0.string ?? "" }
        let expected = layout.lines.compactMap { l -> String? in
            let lo = starts[Int(l.characters.lowerBound)], hi = min(n, starts[Int(l.characters.upperBound)])
            return hi > lo ? ns.substring(with: NSRange(location: lo, length: hi - lo)) : nil
        }
        if lines != expected { fail("selectionsByLine: \(lines.count) lines, layout has \(expected.count)") }
    }
}

@Suite struct SelectionInvariantTests {
    @Test func holdOnEveryCorpusPage() throws {
        var report = InvariantReport()
        for url in corpusPDFs() {
            guard let doc = PDFDocument(url: url), !doc.isLocked else { continue }
            checkInvariants(doc, name: url.lastPathComponent, into: &report)
        }
        #expect(report.pages > 60)
        #expect(report.failures.isEmpty, "\(report.failures.count) failures: \(report.failures.prefix(20).joined(separator: "\n"))")
        print("Corpus invariants: \(report.pages) pages, \(report.characters) characters, \(report.coincident) coincident")
    }

    /// The shared corpus: the first pages of every file up to a size, so the run stays short.
    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipMessage)))
    func holdOnSharedCorpus() throws {
        var report = InvariantReport()
        var skipped: [String] = []
        for rel in SharedCorpus.allPDFs {
            let url = SharedCorpus.url(rel)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            if size > 8_000_000 { skipped.append(rel); continue }
            guard let doc = PDFDocument(url: url), !doc.isLocked else { continue }
            checkInvariants(doc, name: rel, maxPages: 3, into: &report)
        }
        print("Shared-corpus invariants: \(report.pages) pages, \(report.characters) characters, \(report.coincident) coincident; skipped (over 8 MB): \(skipped.joined(separator: ", "))")
        #expect(report.pages > 500)
        #expect(report.failures.isEmpty, "\(report.failures.count) failures: \(report.failures.prefix(30).joined(separator: "\n"))")
    }
}

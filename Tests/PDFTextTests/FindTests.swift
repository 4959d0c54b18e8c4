import Foundation
import Synchronization
import PDFTestSupport
import PDFText
import Testing

/// A document of `pages` pages, page i (0-based) showing `lines(i)` in Helvetica, 14 pt apart.
private func syntheticDocument(pages: Int, lines: (Int) -> [String]) throws -> PDFDocument {
    var b = PDFBuilder()
    b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
    let kids = (0..<pages).map { "\(100 + 2 * $0) 0 R" }.joined(separator: " ")
    b.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages) /MediaBox [0 0 612 792] >>")
    b.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    for i in 0..<pages {
        var content = "BT /F1 12 Tf 72 720 Td "
        for (k, l) in lines(i).enumerated() { content += (k > 0 ? "0 -14 Td " : "") + "(\(l)) Tj " }
        b.add(100 + 2 * i, "<< /Type /Page /Parent 2 0 R /Contents \(101 + 2 * i) 0 R /Resources << /Font << /F1 10 0 R >> >> >>")
        b.addStream(101 + 2 * i, text: content + "ET\n")
    }
    return try PDFDocument(bytes: b.build().bytes)
}

/// Forty pages: page i says "page i", and "needle" on even pages.
private func fortyPages() throws -> PDFDocument {
    try syntheticDocument(pages: 40) { i in
        i % 2 == 0 ? ["page \(i) has a needle", "and another needle here"] : ["page \(i) has nothing"]
    }
}

/// Non-overlapping case-insensitive occurrences by Foundation's `range(of:options:range:)`.
private func foundationCount(_ word: String, in text: String) -> Int {
    var count = 0
    var from = text.startIndex
    while from < text.endIndex, let r = text.range(of: word, options: .caseInsensitive, range: from..<text.endIndex) {
        count += 1
        from = r.upperBound
    }
    return count
}

/// The page string with line-end hyphenations (letter, hyphen, line feed, letter) removed,
/// or with only their line feed removed.
private func dehyphenated(_ text: String, keepHyphen: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
        if scalars[i] == "-", i > 0, i + 2 < scalars.count, scalars[i + 1] == "\n",
           scalars[i - 1].properties.isAlphabetic, scalars[i + 2].properties.isAlphabetic {
            if keepHyphen { out.append("-") }
            i += 2
            continue
        }
        out.append(scalars[i])
        i += 1
    }
    return String(out)
}

private struct WordCountReport {
    var pages = 0, words = 0, ambiguous = 0
    var failures: [String] = []
}

/// The invariant: a word of the page, searched case-insensitively on the page, is found as
/// many times as Foundation counts it in the page string. Words whose count changes when
/// line-end hyphenations are joined are left out (counted as ambiguous): we match across
/// those, Foundation does not.
private func checkWordCounts(_ doc: PDFDocument, name: String, maxPages: Int, wordsPerPage: Int,
                             into report: inout WordCountReport) {
    for pi in 0..<min(doc.pageCount, maxPages) {
        guard let page = doc.page(at: pi), let text = page.string, !text.isEmpty else { continue }
        report.pages += 1
        let words = Array(Set(text.split(whereSeparator: { $0.isWhitespace }).map(String.init))).sorted()
        let step = max(1, words.count / wordsPerPage)
        let joined = dehyphenated(text, keepHyphen: false), kept = dehyphenated(text, keepHyphen: true)
        for word in stride(from: 0, to: words.count, by: step).map({ words[$0] }) {
            let expected = foundationCount(word, in: text)
            if expected != foundationCount(word, in: joined) || expected != foundationCount(word, in: kept) {
                report.ambiguous += 1
                continue
            }
            report.words += 1
            let got = page.findString(word, withOptions: .caseInsensitive)
            if got.count != expected {
                report.failures.append("\(name) p\(pi + 1): \"\(word)\" found \(got.count), Foundation counts \(expected)")
            }
            for s in got where s.string.map({ $0.compare(word, options: .caseInsensitive) != .orderedSame }) ?? true {
                report.failures.append("\(name) p\(pi + 1): \"\(word)\" selected \"\(s.string ?? "nil")\"")
            }
        }
    }
}

@Suite struct FindTests {
    // MARK: Invariant over the corpora

    @Test func wordCountsAgreeWithFoundationOnCorpusPages() throws {
        var report = WordCountReport()
        var uncached = PDFTextOptions()
        uncached.cachedPages = 0
        for url in corpusPDFs() {
            guard let doc = PDFDocument(url: url), !doc.isLocked else { continue }
            checkWordCounts(doc, name: url.lastPathComponent, maxPages: 50, wordsPerPage: 40, into: &report)
            // Without a page cache, page matches read the text from the layout alone.
            let light = PDFDocument(file: doc.file, options: uncached)
            let search = try TextSearch("e")
            for pi in 0..<min(doc.pageCount, 50) {
                let m = light.pageMatches(at: pi, for: search, quads: false)
                #expect(m?.string == doc.page(at: pi)?.string, "\(url.lastPathComponent) p\(pi + 1)")
                #expect(m?.ranges == doc.pageMatches(at: pi, for: search)?.ranges)
            }
        }
        print("Find word counts (Corpus): \(report.pages) pages, \(report.words) words, \(report.ambiguous) left out at hyphenations")
        #expect(report.pages > 60 && report.words > 1000)
        #expect(report.failures.isEmpty, "\(report.failures.count) failures:\n\(report.failures.prefix(20).joined(separator: "\n"))")
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipMessage)))
    func wordCountsAgreeWithFoundationOnSharedCorpusPages() throws {
        var report = WordCountReport()
        var skipped: [String] = []
        for rel in SharedCorpus.allPDFs {
            let url = SharedCorpus.url(rel)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            if size > 2_000_000 { skipped.append(rel); continue }
            guard let doc = PDFDocument(url: url), !doc.isLocked else { continue }
            checkWordCounts(doc, name: rel, maxPages: 1, wordsPerPage: 20, into: &report)
        }
        print("Find word counts (shared corpus): \(report.pages) pages, \(report.words) words, \(report.ambiguous) left out at hyphenations; first page of each file; skipped (over 2 MB): \(skipped.joined(separator: ", "))")
        #expect(report.pages > 400)
        #expect(report.failures.isEmpty, "\(report.failures.count) failures:\n\(report.failures.prefix(30).joined(separator: "\n"))")
    }

    /// Known text: every word of the ground truth that the page string has is found there.
    @Test func documentFindAgreesWithPageFindOnKnownText() throws {
        let doc = try #require(PDFDocument(url: corpusURL.appendingPathComponent("text/prose-libreoffice.pdf")))
        let truth = try String(contentsOf: corpusURL.appendingPathComponent("text/prose-libreoffice.txt"), encoding: .utf8)
        let words = Array(Set(truth.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count > 3 })).sorted().prefix(30)
        #expect(words.count == 30)
        for word in words {
            let all = doc.findString(word, withOptions: .caseInsensitive)
            #expect(!all.isEmpty, "\(word)")
            for pi in 0..<doc.pageCount {
                let page = try #require(doc.page(at: pi))
                let onPage = all.filter { $0.pages.first === page }
                #expect(onPage.count == page.findString(word, withOptions: .caseInsensitive).count)
            }
        }
    }

    // MARK: PDFKit semantics

    @Test func findStringReturnsSelectionsInPageOrderAndBackwardsReversed() throws {
        let doc = try fortyPages()
        let all = doc.findString("needle")
        #expect(all.count == 40)
        #expect(all.map { $0.pages[0].pageIndex } == (0..<20).flatMap { [2 * $0, 2 * $0] })
        #expect(all.allSatisfy { $0.string == "needle" })
        let back = doc.findString("needle", withOptions: .backwards)
        #expect(back.map(\.description) == all.reversed().map(\.description))
        #expect(doc.findString("NEEDLE").isEmpty)
        #expect(doc.findString("NEEDLE", withOptions: .caseInsensitive).count == 40)
        #expect(doc.findString("").isEmpty)
        // A phrase across a line break.
        #expect(doc.findString("needle and").count == 20)
        // Whole words and regular expressions through FindOptions.
        #expect(doc.findString("page 1", options: FindOptions(wholeWords: true)).count == 1)
        #expect(doc.findString("page 1").count == 11)  // 1, 10…19
        #expect(doc.findString("page \\d+ has a", options: FindOptions(.regularExpression)).count == 20)
        #expect(doc.findString("page \\d+", options: FindOptions(.regularExpression, regularExpressionHonoured: false)).isEmpty)
        #expect(doc.findString("(", options: FindOptions(.regularExpression)).isEmpty)
    }

    @Test func findNextVisitsEveryMatchThenGivesNil() throws {
        let doc = try fortyPages()
        let all = doc.findString("needle").map(\.description)
        var seen: [String] = []
        var current: PDFSelection? = nil
        while let next = doc.findString("needle", fromSelection: current) {
            seen.append(next.description)
            current = next
            if seen.count > 100 { break }
        }
        #expect(seen == all)
        #expect(doc.findString("needle", fromSelection: current) == nil)  // no wrap-around

        var back: [String] = []
        current = nil
        while let previous = doc.findString("needle", fromSelection: current, withOptions: .backwards) {
            back.append(previous.description)
            current = previous
            if back.count > 100 { break }
        }
        #expect(back == all.reversed())
        #expect(doc.findString("absent", fromSelection: nil) == nil)
        // From a selection that is not a match: the next match after it.
        let page3 = try #require(doc.page(at: 3))
        let start = try #require(page3.selection(for: NSRange(location: 0, length: 4)))
        let next = try #require(doc.findString("needle", fromSelection: start))
        #expect(next.pages[0].pageIndex == 4)
    }

    @Test func pageFindAndPageMatches() throws {
        let doc = try fortyPages()
        let page = try #require(doc.page(at: 2))
        let found = page.findString("needle")
        #expect(found.count == 2)
        let search = try TextSearch("needle")
        let m = try #require(doc.pageMatches(at: 2, for: search))
        #expect(m.ranges.count == 2 && m.quads.count == 2)
        #expect(m.ranges[0] == found[0].range(at: 0, on: page).location..<NSMaxRange(found[0].range(at: 0, on: page)))
        #expect(m.quads[0] == found[0].quadrilaterals(on: page))
        #expect(m.quads[0].count == 1 && m.quads[0][0].bounds.width > 20)
        #expect(doc.pageMatches(at: 40, for: search) == nil)
    }

    @Test func lockedDocumentsFindNothingUntilUnlocked() throws {
        let doc = try #require(PDFDocument(url: corpusURL.appendingPathComponent("encrypted/aes-256.pdf")))
        #expect(doc.isLocked)
        #expect(doc.findString("e", withOptions: .caseInsensitive).isEmpty)
        #expect(doc.unlock(withPassword: "user"))
        let text = doc.page(at: 0)?.string ?? ""
        let word = try #require(text.split(separator: " ").first.map(String.init))
        #expect(!doc.findString(word).isEmpty)
    }

    // MARK: Asynchronous

    @Test func findMatchesReportsMatchesAndProgressInOrder() async throws {
        let doc = try fortyPages()
        var matches: [Int] = []
        var progress: [Int] = []
        for try await event in doc.findMatches("needle") {
            switch event {
            case .match(let s, let pageIndex):
                #expect(s.pages[0].pageIndex == pageIndex)
                matches.append(pageIndex)
            case .progress(let searched, let total):
                #expect(total == 40)
                progress.append(searched)
            }
        }
        #expect(matches == (0..<20).flatMap { [2 * $0, 2 * $0] })
        #expect(progress == Array(1...40))
        var backwards: [Int] = []
        for try await case .match(_, let p) in doc.findMatches("needle", withOptions: .backwards) { backwards.append(p) }
        #expect(backwards == matches.reversed())
    }

    @Test func findMatchesStopsWhenTheTaskIsCancelled() async throws {
        let doc = try fortyPages()
        let events = try await Task { () -> Int in
            var count = 0
            for try await _ in doc.findMatches("needle") {
                count += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return count
        }.value
        #expect(events == 1)
        // Leaving the loop early is fine too, and a new sequence starts afresh.
        var first: Int?
        for try await case .match(_, let p) in doc.findMatches("needle", withOptions: .backwards) {
            first = p
            break
        }
        #expect(first == 38)
    }

    @Test func findMatchesThrowsForAnInvalidRegularExpression() async throws {
        let doc = try fortyPages()
        await #expect(throws: FindError.self) {
            for try await _ in doc.findMatches("([", options: FindOptions(.regularExpression)) {}
        }
        var count = 0
        for try await case .match in doc.findMatches(["needle", "nothing"]) { count += 1 }
        #expect(count == 60)
    }

    // MARK: Notifications and delegate

    /// Records find notifications for one document, in the order they arrive.
    final class Recorder: PDFDocumentDelegate, @unchecked Sendable {
        let log = Mutex<[String]>([])
        var tokens: [NSObjectProtocol] = []
        let ended = DispatchSemaphore(value: 0)
        var onPageBegin: (@Sendable (Int) -> Void)?
        /// Whether the recorder is also the document's delegate: then the end is the
        /// delegate's call, which comes after the notification.
        var isDelegate = false

        init(_ doc: PDFDocument) {
            let names: [(Notification.Name, String)] = [
                (.PDFDocumentDidBeginFind, "begin"), (.PDFDocumentDidEndFind, "end"),
                (.PDFDocumentDidBeginPageFind, "page"), (.PDFDocumentDidEndPageFind, "/page"),
                (.PDFDocumentDidFindMatch, "match"),
            ]
            for (name, tag) in names {
                tokens.append(NotificationCenter.default.addObserver(forName: name, object: doc, queue: nil) { [weak self] note in
                    // Weak: a notification can be delivered on the find thread while the
                    // recorder is being released (its deinit removes the observers).
                    guard let self else { return }
                    let index = note.userInfo?[PDFDocumentFindKey.pageIndex] as? Int
                    if name == .PDFDocumentDidFindMatch {
                        #expect(note.userInfo?[PDFDocumentFindKey.foundSelection] is PDFSelection)
                    }
                    self.log.withLock { $0.append(index.map { "\(tag) \($0)" } ?? tag) }
                    if name == .PDFDocumentDidBeginPageFind, let index { self.onPageBegin?(index) }
                    if name == .PDFDocumentDidEndFind, !self.isDelegate { self.ended.signal() }
                })
            }
        }

        deinit { for t in tokens { NotificationCenter.default.removeObserver(t) } }

        func didMatchString(_ instance: PDFSelection) { log.withLock { $0.append("delegate") } }
        func documentDidEndDocumentFind(_ notification: Notification) {
            log.withLock { $0.append("delegate end") }
            ended.signal()
        }

        var entries: [String] { log.withLock { $0 } }
    }

    /// The expected log of a whole-document find on `fortyPages()`.
    static func expectedLog(pages: Range<Int>) -> [String] {
        var out = ["begin"]
        for i in pages {
            out.append("page \(i)")
            if i % 2 == 0 { out += ["match \(i)", "delegate", "match \(i)", "delegate"] }
            out.append("/page \(i)")
        }
        return out + ["end", "delegate end"]
    }

    @Test func synchronousFindPostsNotificationsInOrder() throws {
        let doc = try fortyPages()
        let recorder = Recorder(doc)
        recorder.isDelegate = true
        doc.delegate = recorder
        let found = doc.findString("needle")
        #expect(found.count == 40)
        #expect(recorder.entries == Self.expectedLog(pages: 0..<40))
    }

    @Test func beginFindStringPostsNotificationsInOrderFromTheBackground() throws {
        let doc = try fortyPages()
        let recorder = Recorder(doc)
        recorder.isDelegate = true
        doc.delegate = recorder
        doc.beginFindString("needle")
        #expect(doc.isFinding)
        #expect(recorder.ended.wait(timeout: .now() + 60) == .success)
        #expect(recorder.entries == Self.expectedLog(pages: 0..<40))
        // isFinding turns false right after DidEndFind.
        for _ in 0..<100 where doc.isFinding { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!doc.isFinding)

        doc.delegate = nil
        let again = Recorder(doc)
        doc.beginFindStrings(["needle", "nothing"], withOptions: [])
        #expect(again.ended.wait(timeout: .now() + 60) == .success)
        #expect(again.entries.filter { $0.hasPrefix("match") }.count == 60)
    }

    @Test func cancelFindStringStopsAfterThePageBeingSearched() throws {
        let doc = try fortyPages()
        let recorder = Recorder(doc)
        recorder.onPageBegin = { [weak doc] _ in doc?.cancelFindString() }
        doc.beginFindString("needle")
        #expect(recorder.ended.wait(timeout: .now() + 60) == .success)
        let pages = recorder.entries.filter { $0.hasPrefix("page") }
        #expect(pages == ["page 0"])
        #expect(recorder.entries.last == "end")
        for _ in 0..<100 where doc.isFinding { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!doc.isFinding)
    }
}

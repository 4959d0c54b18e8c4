import Foundation
import PDFLayout
import Testing
@testable import PDFTextCLI

@Suite struct LayoutFlagsTests {
    /// The stored properties of `LayoutOptions`, read from its source.
    static func layoutOptionFields() throws -> Set<String> {
        let url = CLI.projectRoot.appendingPathComponent("Sources/PDFLayout/LayoutOptions.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        var names: Set<String> = []
        for line in source.split(separator: "\n") {
            let t = line.drop { $0 == " " }
            guard t.hasPrefix("public var ") else { continue }
            let name = t.dropFirst("public var ".count).prefix { $0.isLetter || $0.isNumber }
            names.insert(String(name))
        }
        return names
    }

    @Test("every LayoutOptions field has a flag")
    func coverage() throws {
        let fields = try Self.layoutOptionFields()
        #expect(!fields.isEmpty)
        #expect(fields.subtracting(LayoutFlags.fieldNames).isEmpty, "fields without a flag: \(fields.subtracting(LayoutFlags.fieldNames).sorted())")
        #expect(LayoutFlags.fieldNames.subtracting(fields).isEmpty, "flags of fields that are gone: \(LayoutFlags.fieldNames.subtracting(fields).sorted())")
    }

    @Test("the help of each number and choice flag is its field's documentation, and shows the library default")
    func helpFromDocComments() throws {
        let url = CLI.projectRoot.appendingPathComponent("Sources/PDFLayout/LayoutOptions.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        let help = Text.helpMessage(columns: 100_000)
        var doc: [String] = []
        var checked = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("///") { doc.append(String(t.dropFirst(3)).trimmingCharacters(in: .whitespaces)); continue }
            defer { doc = [] }
            guard t.hasPrefix("public var "), !doc.isEmpty else { continue }
            let decl = t.dropFirst("public var ".count)
            let name = String(decl.prefix { $0.isLetter || $0.isNumber })
            guard decl.contains(": Double") || decl.contains(": Int") else { continue }
            let kebab = name.reduce(into: "") { s, c in s += c.isUppercase ? "-" + c.lowercased() : String(c) }
            // The option's entry: its line and the indented lines after it.
            let lines = help.split(separator: "\n").map(String.init)
            let at = try #require(lines.firstIndex { $0.hasPrefix("  --\(kebab) ") }, "no --\(kebab)")
            let helpLine = ([lines[at]] + lines[(at + 1)...].prefix { $0.hasPrefix("   ") })
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(helpLine.contains(doc.joined(separator: " ")), "--\(kebab): \(helpLine)")
            #expect(helpLine.contains("(default: "))
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test("flags set their fields and leave the others at their defaults")
    func apply() throws {
        let flags = try LayoutFlags.parse([
            "--word-gap-ratio", "0.3", "--keep-ligatures", "--no-diagonal", "--reading-order", "stream",
            "--hyphen-joining", "never", "--drop-invisible", "--max-ordered-blocks", "20", "--no-tables",
            "--stacked-glyph-step", "0.5-2", "--stripe-window", "5",
        ])
        var o = LayoutOptions()
        flags.apply(to: &o)
        let d = LayoutOptions()
        #expect(o.wordGapRatio == 0.3)
        #expect(o.expandsLigatures == false && d.expandsLigatures == true)
        #expect(o.dropsDiagonalText == true && d.dropsDiagonalText == false)
        #expect(o.readingOrder == .contentStream)
        #expect(o.hyphenJoining == .never)
        #expect(o.dropsInvisibleText == true)
        #expect(o.maxOrderedBlocks == 20)
        #expect(o.detectsTables == false)
        #expect(o.stackedGlyphStep == 0.5...2 && o.stripeWindow == 5)
        #expect(o.baselineTolerance == d.baselineTolerance && o.marginBand == d.marginBand && o.dropsHiddenText == d.dropsHiddenText)
        var none = LayoutOptions()
        try LayoutFlags.parse([]).apply(to: &none)
        #expect(none == d)
    }

    @Test("every number flag sets its own field, and only it")
    func eachNumberFlagSetsItsField() throws {
        let defaults = LayoutOptions()
        let fields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: defaults).children.compactMap { c in c.label.map { ($0, c.value) } })
        var checked = 0
        for name in LayoutFlags.fieldNames.sorted() {
            let kebab = name.reduce(into: "") { s, c in s += c.isUppercase ? "-" + c.lowercased() : String(c) }
            let value: String
            switch fields[name] {
            case let d as Double where d.isFinite: value = String(d > 0 ? d / 2 : 0.5)
            case let n as Int: value = String(n + 1)
            default: continue
            }
            var o = LayoutOptions()
            try LayoutFlags.parse(["--\(kebab)", value]).apply(to: &o)
            let changed = zip(Mirror(reflecting: o).children, Mirror(reflecting: defaults).children)
                .filter { "\($0.0.value)" != "\($0.1.value)" }.compactMap(\.0.label)
            #expect(changed == [name], "--\(kebab) \(value) changed \(changed)")
            checked += 1
        }
        #expect(checked >= 100)
    }

    @Test("poppler's -nodiag is --no-diagonal; out-of-range values are refused")
    func popplerAndRanges() throws {
        var o = LayoutOptions()
        try LayoutFlags.parse(["-nodiag"]).apply(to: &o)
        #expect(o.dropsDiagonalText)
        #expect(throws: (any Error).self) { _ = try LayoutFlags.parse(["--margin-band", "1.5"]) }
        #expect(throws: (any Error).self) { _ = try LayoutFlags.parse(["--word-gap-ratio", "-1"]) }
        #expect(throws: (any Error).self) { _ = try LayoutFlags.parse(["--reading-order", "sideways"]) }
        #expect(throws: (any Error).self) { _ = try LayoutFlags.parse(["--stacked-glyph-step", "2-1"]) }
        #expect(try LayoutFlags.parse(["--stacked-glyph-step", "0.7...1.5"]).stackedGlyphStep.range == 0.7...1.5)
    }
}

@Suite struct TextOptionTests {
    @Test("-layout, -raw, -nopgbrk and -tsv are poppler's flags, not -l with a value; -l and -f still take pages")
    func popplerSpellings() throws {
        let t = try Text.parse(["-layout", "-raw", "-nopgbrk", "-l", "2", "-f", "1", "a.pdf"])
        #expect(t.physical && t.contentOrder && t.popplerNoPageBreaks)
        #expect(t.range.lastPage == 2 && t.range.firstPage == 1)
        #expect(t.layoutOptions.readingOrder == .contentStream)
        let tsv = try Text.parse(["-tsv", "a.pdf"])
        #expect(tsv.effectiveFormat == .tsv)
        let pw = try Text.parse(["-upw", "u", "-opw", "o", "a.pdf"])
        #expect(pw.passwords.candidates == ["o", "u"])
        #expect(throws: (any Error).self) { _ = try Text.parse(["-raw", "--reading-order", "geometry", "a.pdf"]) }
        #expect(throws: (any Error).self) { _ = try Text.parse(["--layout", "--format", "json", "a.pdf"]) }
    }

    @Test("two paths: the second is the output unless it is a PDF; -o and --output-dir make all paths inputs")
    func outputRule() throws {
        let pdf = try TestDocument(TestDocument.lines(["x"])).write()
        #expect(try Text.parse(["a.pdf", "out.txt"]).plan().inputs == ["a.pdf"])
        #expect(try Text.parse(["a.pdf", "out.txt"]).plan().destination == .file("out.txt"))
        #expect(try Text.parse(["a.pdf", "-"]).plan().destination == .standardOutput)
        #expect(try Text.parse(["a.pdf", "b.PDF"]).plan().inputs == ["a.pdf", "b.PDF"])
        #expect(try Text.parse(["a.pdf", pdf]).plan().inputs == ["a.pdf", pdf])
        #expect(try Text.parse(["a.pdf", "b", "c"]).plan().inputs == ["a.pdf", "b", "c"])
        #expect(try Text.parse(["-o", "x.tsv", "a.pdf", "b"]).plan().inputs == ["a.pdf", "b"])
        #expect(try Text.parse(["-o", "x.tsv", "a.pdf"]).effectiveFormat == .tsv)
        #expect(try Text.parse(["a.pdf", "x.hocr"]).effectiveFormat == .hocr)
        #expect(try Text.parse(["--output-dir", "d", "a.pdf", "b"]).plan().destination == .directory("d"))
    }

    @Test("output-dir names: extension replaced, stdin named, clashes numbered")
    func names() {
        #expect(FileIdentity.outputNames(for: ["a/x.pdf", "b/x.PDF", "-", "y", "x"], extension: "txt")
                == ["x.txt", "x-2.txt", "stdin.txt", "y.txt", "x-3.txt"])
    }
}

@Suite struct PipelineTests {
    /// The threads pages were processed on.
    final class ThreadsSeen: @unchecked Sendable {
        let lock = NSLock()
        var all: Set<pthread_t> = []
        func note(_ t: pthread_t) { lock.lock(); all.insert(t); lock.unlock() }
    }

    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var inFlight = 0, maxInFlight = 0
        func up() { lock.lock(); inFlight += 1; maxInFlight = max(maxInFlight, inFlight); lock.unlock() }
        func down() { lock.lock(); inFlight -= 1; lock.unlock() }
    }

    @Test("results come in input order, failures in their place, and pages held at once stay bounded",
          arguments: [4, 1])
    func order(workers: Int) {
        let counter = Counter()
        let pageCounts = [7, 0, 3, -1, 12, 1]  // -1: fails to open
        let caller = pthread_self()
        let threads = ThreadsSeen()
        let p = OrderedPipeline<Int, String>(
            count: pageCounts.count, workers: workers, window: 3, openDocuments: 2,
            open: { i in
                pageCounts[i] < 0 ? .failure(Opening.Failure(message: "doc \(i)", exitCode: 1)) : .success((i, (0..<pageCounts[i]).map { $0 + 1 }))
            },
            process: { doc, number, _ in
                counter.up()
                threads.note(pthread_self())
                usleep(useconds_t((doc * 7 + number * 13) % 5) * 1000)
                return "\(doc):\(number)"
            })
        var seen: [String] = []
        p.run { event in
            switch event {
            case .opened(let i, _, let pages): seen.append("open \(i) \(pages.count)")
            case .failed(let i, _): seen.append("fail \(i)")
            case .page(_, _, _, let r):
                counter.down()
                seen.append(r)
            case .finished(let i): seen.append("end \(i)")
            }
            return true
        }
        var expected: [String] = []
        for (i, n) in pageCounts.enumerated() {
            if n < 0 { expected.append("fail \(i)"); continue }
            expected.append("open \(i) \(n)")
            for k in 0..<n { expected.append("\(i):\(k + 1)") }
            expected.append("end \(i)")
        }
        #expect(seen == expected)
        // At most `window` pages ahead of the writer in each of `openDocuments` documents.
        #expect(counter.maxInFlight <= 3 * 2)
        // One worker: every page on the calling thread, one at a time (no worker thread to
        // hand pages over); more workers: never on the calling thread.
        if workers == 1 {
            #expect(threads.all == [caller])
            #expect(counter.maxInFlight == 1)
        } else {
            #expect(!threads.all.isEmpty && !threads.all.contains(caller))
        }
    }

    @Test("returning false stops the run", arguments: [2, 1])
    func stop(workers: Int) {
        let opened = Counter()
        let p = OrderedPipeline<Int, Int>(count: 3, workers: workers, open: { opened.up(); return .success(($0, [1, 2, 3])) },
                                          process: { _, n, _ in n })
        var pages = 0
        var finished = 0
        p.run { event in
            if case .page = event { pages += 1; return pages < 2 }
            if case .finished = event { finished += 1 }
            return true
        }
        #expect(pages == 2)
        #expect(finished == 0)
        // Inline, nothing is opened past the stop.
        if workers == 1 { #expect(opened.maxInFlight == 1) }
    }
}

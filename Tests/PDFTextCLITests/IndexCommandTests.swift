import Foundation
import PDFSearch
import PDFTestSupport
import PDFSearchIndex
import Testing

/// `pdftext index` and `pdftext search` as a user runs them: end to end on Corpus files,
/// incremental updates, and SIGKILL at random moments.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"), .serialized)
struct IndexCommandTests {
    /// A scratch folder with copies of Corpus PDFs, each made distinct (a comment appended
    /// after %%EOF changes the hash, not the content).
    final class Scratch {
        let dir: URL
        var db: String { dir.appendingPathComponent("index.sqlite").path }
        var docs: URL { dir.appendingPathComponent("docs") }

        init(_ names: [String], copies: Int = 1) throws {
            dir = try TestDirectory.make("indexcmd")
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs/sub"), withIntermediateDirectories: true)
            for c in 0..<copies {
                for (k, name) in names.enumerated() {
                    var data = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture(name)))
                    if copies > 1 { data.append(Data("%% copy \(c)\n".utf8)) }
                    let base = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
                    let folder = k % 2 == 0 ? "docs" : "docs/sub"
                    try data.write(to: dir.appendingPathComponent("\(folder)/\(base)-\(c).pdf"))
                }
            }
        }

        func path(_ name: String, copy: Int = 0, sub: Bool = false) -> String {
            dir.appendingPathComponent("docs/\(sub ? "sub/" : "")\(name)-\(copy).pdf").path
        }

        deinit { try? FileManager.default.removeItem(at: dir) }
    }

    static let texts = ["text/headers-footers-groff.pdf", "text/two-column-pdflatex.pdf", "text/greek-lualatex.pdf",
                        "text/chinese-xelatex.pdf", "text/japanese-lualatex.pdf", "text/rotated-page-pdflatex.pdf",
                        "text/arabic-libreoffice.pdf", "text/hebrew-xelatex.pdf"]

    struct TSVWord { var page: Int; var box: [Double]; var text: String }

    /// Word rows of `pdftext --format tsv` (the layout's word boxes, display space).
    /// The layout's words with their glyph boxes (`--format json`: display space, the crop
    /// box's frame, as search highlights are; `--format tsv` measures as pdftotext does).
    func tsvWords(_ file: String) throws -> [TSVWord] {
        let r = try CLI.run(["--format", "json", file])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out: [TSVWord] = []
        for page in doc["pages"] as? [[String: Any]] ?? [] {
            guard let number = page["number"] as? Int else { continue }
            for block in page["blocks"] as? [[String: Any]] ?? [] {
                for line in block["lines"] as? [[String: Any]] ?? [] {
                    for w in line["words"] as? [[String: Any]] ?? [] {
                        guard let text = w["text"] as? String, let b = w["bbox"] as? [Double], b.count == 4 else { continue }
                        out.append(TSVWord(page: number, box: b, text: text))
                    }
                }
            }
        }
        return out
    }

    /// The words under a match box (overlapping it by at least half the smaller area; a
    /// phrase lies on several), when together they cover it to within 0.6 pt; else nil.
    func wordsCovering(_ box: [Double], _ words: [TSVWord]) -> [TSVWord]? {
        let under = words.filter { w in
            let ix = max(0, min(w.box[2], box[2]) - max(w.box[0], box[0]))
            let iy = max(0, min(w.box[3], box[3]) - max(w.box[1], box[1]))
            return ix * iy > 0.5 * min((w.box[2] - w.box[0]) * (w.box[3] - w.box[1]), (box[2] - box[0]) * (box[3] - box[1]))
        }
        guard !under.isEmpty,
              under.map({ $0.box[0] }).min()! - 0.6 <= box[0], box[2] <= under.map({ $0.box[2] }).max()! + 0.6,
              under.map({ $0.box[1] }).min()! - 0.6 <= box[1], box[3] <= under.map({ $0.box[3] }).max()! + 0.6 else { return nil }
        return under
    }

    @Test("search --json gives hits whose boxes lie on the matched words")
    func endToEnd() throws {
        let s = try Scratch(Self.texts)
        let r = try CLI.run(["index", s.docs.path, "--db", s.db, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let tokenizer = Tokenizer()
        let queries = ["fishing", "\"fishing village\"", "flour", "νησί", "长江", "花火", "hawfinch", "العربي", "הספרייה", "volunteers OR sparrows", "fish*"]
        var words: [String: [TSVWord]] = [:]
        for q in queries {
            let out = try CLI.run(["search", "--db", s.db, "--json", "--limit", "5", q])
            #expect(out.status == 0, "\(q): \(out.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            let hits = try #require(json["hits"] as? [[String: Any]])
            #expect(!hits.isEmpty, "no hit for \(q)")
            for hit in hits {
                let file = try #require(hit["file"] as? String)
                let page = try #require(hit["page"] as? Int)
                let snippet = try #require(hit["snippet"] as? String)
                #expect(snippet.contains("["))
                if words[file] == nil { words[file] = try tsvWords(file) }
                let onPage = words[file]!.filter { $0.page == page }
                for m in try #require(hit["matches"] as? [[String: Any]]) {
                    let text = try #require(m["text"] as? String)
                    let key = tokenizer.words(in: text).map(\.key).joined()
                    for box in try #require(m["boxes"] as? [[Double]]) {
                        // The words under the box (a phrase covers several): each is part of
                        // the match, and together they cover the box.
                        let under = wordsCovering(box, onPage)
                        let on = under.map { words in
                            words.allSatisfy { w in
                                let wk = tokenizer.words(in: w.text).map(\.key).joined()
                                return key.contains(wk) || wk.contains(key)
                            }
                        } ?? false
                        #expect(on, "\(q): box \(box) of “\(text)” on page \(page) of \(file) lies on no word")
                    }
                }
            }
        }
        // Plain output names the file and page and marks the match.
        let plain = try CLI.run(["search", "--db", s.db, "--color", "never", "hawfinch"])
        #expect(plain.stdout.contains("rotated-page-pdflatex-0.pdf, page 2: "))
        #expect(plain.stdout.contains("[hawfinch]"))
        // Nothing found: exit 1, as grep.
        #expect(try CLI.run(["search", "--db", s.db, "zzzqqq"]).status == 1)
        #expect(try CLI.run(["search", "--db", s.dir.appendingPathComponent("none.sqlite").path, "a"]).status == 2)
        #expect(try CLI.run(["search", "--db", s.db, "?!"]).status == 64)
    }

    @Test("every Corpus/text document: its longest words are found on it, with boxes on those words")
    func corpusWords() throws {
        let folder = URL(fileURLWithPath: CLI.fixture("text"))
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(pdfs.count >= 20)
        let s = try Scratch([])
        for name in pdfs { try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: s.docs.appendingPathComponent(name)) }
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        let tokenizer = Tokenizer()
        var checked = 0
        for name in pdfs {
            let truth = folder.appendingPathComponent(name.replacingOccurrences(of: ".pdf", with: ".txt"))
            guard let text = try? String(contentsOf: truth, encoding: .utf8) else { continue }
            let scalars = Array(text.unicodeScalars)
            // The three longest distinct words of the ground truth (letters, 4 or more).
            var seen = Set<String>()
            let words = tokenizer.words(in: scalars).filter { $0.kind != .number && $0.range.count >= 4 }
                .sorted { $0.range.count > $1.range.count || ($0.range.count == $1.range.count && $0.range.lowerBound < $1.range.lowerBound) }
                .filter { seen.insert($0.key).inserted }.prefix(3)
            let file = s.docs.appendingPathComponent(name).path
            let tsv = try tsvWords(file)
            for w in words {
                let original = String(String.UnicodeScalarView(scalars[w.range]))
                let r = try CLI.run(["search", "--db", s.db, "--json", "--under", file, "--limit", "50", "\"" + original + "\""])
                #expect(r.status == 0, "\(name): “\(original)” not found")
                guard r.status == 0 else { continue }
                let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
                for hit in (object["hits"] as? [[String: Any]]) ?? [] {
                    let page = try #require(hit["page"] as? Int)
                    let onPage = tsv.filter { $0.page == page }
                    for m in (hit["matches"] as? [[String: Any]]) ?? [] {
                        let key = tokenizer.words(in: (m["text"] as? String) ?? "").map(\.key).joined()
                        #expect(key == tokenizer.words(in: original).map(\.key).joined(), "\(name): matched “\(m["text"] ?? "")” for “\(original)”")
                        for box in (m["boxes"] as? [[Double]]) ?? [] {
                            let covered = wordsCovering(box, onPage) != nil
                            #expect(covered, "\(name) page \(page): box \(box) of “\(original)” lies on no word")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked >= 60)
    }

    func lines(_ stderr: String, _ prefix: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("pdftext: " + prefix) }
    }

    @Test("touched, changed and deleted files: only those are read again")
    func incremental() throws {
        let s = try Scratch(["text/headers-footers-groff.pdf", "text/two-column-pdflatex.pdf", "text/greek-lualatex.pdf",
                             "text/russian-xelatex.pdf", "basic/three-pages.pdf"])
        let first = try CLI.run(["index", s.docs.path, "--db", s.db, "-v"])
        #expect(first.status == 0)
        #expect(lines(first.stderr, "indexed ").count == 5)

        // Nothing changed: nothing read.
        let again = try CLI.run(["index", s.docs.path, "--db", s.db, "-v"])
        #expect(lines(again.stderr, "indexed ").isEmpty && lines(again.stderr, "same content").isEmpty)
        #expect(again.stderr.contains("0 files indexed (0 pages), 5 unchanged, 0 removed, 0 failed"))

        let touched = s.path("headers-footers-groff")
        let changed = s.path("two-column-pdflatex", sub: true)
        let deleted = s.path("greek-lualatex")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: touched)
        var data = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("text/hyphenated-pdflatex.pdf")))
        data.append(Data("%% changed\n".utf8))
        try data.write(to: URL(fileURLWithPath: changed))
        try FileManager.default.removeItem(atPath: deleted)

        let third = try CLI.run(["index", s.docs.path, "--db", s.db, "-v"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(lines(third.stderr, "indexed ") == ["pdftext: indexed \(changed) (1 page)"])
        #expect(lines(third.stderr, "same content ") == ["pdftext: same content \(touched)"])
        #expect(lines(third.stderr, "removed ") == ["pdftext: removed \(deleted)"])
        #expect(third.stderr.contains("1 file indexed (1 page), 3 unchanged (1 hashed), 1 removed, 0 failed"))

        // The index follows: the deleted file's words are gone, the changed file's new.
        #expect(try CLI.run(["search", "--db", s.db, "νησί"]).status == 1)
        #expect(try CLI.run(["search", "--db", s.db, "flour"]).status == 1)
        let hyphen = try CLI.run(["search", "--db", s.db, "--json", "--limit", "50", "the"])
        #expect(hyphen.stdout.contains(changed))

        // And the result equals a clean index of the same files.
        let clean = s.dir.appendingPathComponent("clean.sqlite").path
        #expect(try CLI.run(["index", s.docs.path, "--db", clean, "-q"]).status == 0)
        #expect(try SearchIndex(path: s.db, create: false).dump() == SearchIndex(path: clean, create: false).dump())

        // With no path, every indexed file is checked again.
        try FileManager.default.removeItem(atPath: touched)
        let refresh = try CLI.run(["index", "--db", s.db, "-v"])
        #expect(lines(refresh.stderr, "removed ") == ["pdftext: removed \(touched)"])
    }

    @Test("a new file with the content of an indexed one gets its pages copied; --json reports each file")
    func copiesAndReport() throws {
        let s = try Scratch(["text/greek-lualatex.pdf", "basic/three-pages.pdf"])
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        let twin = s.dir.appendingPathComponent("docs/twin.pdf").path
        try FileManager.default.copyItem(atPath: s.path("greek-lualatex"), toPath: twin)
        let r = try CLI.run(["index", s.docs.path, "--db", s.db, "--json", "-q"])
        #expect(r.status == 0)
        let lines = try r.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.count == 2)
        #expect(lines.first?["path"] as? String == twin)
        #expect(lines.first?["action"] as? String == "copied")
        #expect(lines.first?["from"] as? String == s.path("greek-lualatex"))
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect(summary["copied"] as? Int == 1 && summary["unchanged"] as? Int == 2 && summary["indexFiles"] as? Int == 3)
        // The copy is what extracting the file gives.
        let clean = s.dir.appendingPathComponent("clean.sqlite").path
        #expect(try CLI.run(["index", s.docs.path, "--db", clean, "-q"]).status == 0)
        #expect(try SearchIndex(path: s.db, create: false).dump() == SearchIndex(path: clean, create: false).dump())
        let hits = try CLI.run(["search", "--db", s.db, "νησί"])
        #expect(hits.stdout.split(separator: "\n").count == 2)
    }

    @Test("--keep-diacritics makes an index whose words and queries keep their accents")
    func keepDiacritics() throws {
        let s = try Scratch(["text/greek-lualatex.pdf"])
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q", "--keep-diacritics"]).status == 0)
        #expect(try CLI.run(["search", "--db", s.db, "νησί"]).status == 0)
        #expect(try CLI.run(["search", "--db", s.db, "νησι"]).status == 1)
        // A later run without the flag keeps the index's choice.
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        #expect(try CLI.run(["search", "--db", s.db, "νησι"]).status == 1)
        // The default folds them.
        let folded = s.dir.appendingPathComponent("folded.sqlite").path
        #expect(try CLI.run(["index", s.docs.path, "--db", folded, "-q"]).status == 0)
        #expect(try CLI.run(["search", "--db", folded, "νησι"]).status == 0)
        #expect(try CLI.run(["search", "--db", folded, "ΝΗΣΊ"]).status == 0)
    }

    @Test("--under and --lang narrow a search")
    func filters() throws {
        // Even-numbered names go to docs/, odd ones to docs/sub/ (see Scratch).
        let s = try Scratch(["text/greek-lualatex.pdf", "text/headers-footers-groff.pdf", "basic/three-pages.pdf"])
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        func files(_ args: [String]) throws -> [String] {
            let r = try CLI.run(["search", "--db", s.db, "--json", "--limit", "50"] + args)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            return ((object["hits"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String }
        }
        let page = try files(["page OR νησί OR path"])
        #expect(Set(page).count == 3)
        #expect(Set(try files(["--under", s.docs.appendingPathComponent("sub").path, "page OR νησί OR path"])) == [s.path("headers-footers-groff", sub: true)])
        #expect(Set(try files(["--under", s.docs.path + "/", "page OR νησί OR path"])).count == 3)
        #expect(try files(["--under", s.path("three-pages"), "page"]).allSatisfy { $0 == s.path("three-pages") })
        // Greek has no /Lang; its language is guessed from the script.
        #expect(Set(try files(["--lang", "el", "page OR νησί OR path"])) == [s.path("greek-lualatex")])
        #expect(try files(["--lang", "fr", "page OR νησί OR path"]).isEmpty)
    }

    @Test("searches while a run writes to the index see whole documents and never fail")
    func searchWhileIndexing() throws {
        let s = try Scratch(Self.texts, copies: 4)
        #expect(try CLI.run(["index", CLI.fixture("basic/hello.pdf"), "--db", s.db, "-q"]).status == 0)
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["index", s.docs.path, "--db", s.db, "-q", "-j", "1"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        var searches = 0
        while p.isRunning && searches < 30 {
            let r = try CLI.run(["search", "--db", s.db, "--json", "--limit", "100", "the OR hello"])
            #expect(r.status == 0, "\(r.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            // headers-footers-groff has three pages with "the": never seen in part.
            let hits = (object["hits"] as? [[String: Any]]) ?? []
            let byFile = Dictionary(grouping: hits.compactMap { $0["file"] as? String }.filter { $0.contains("headers-footers-groff") }) { $0 }
            #expect(byFile.values.allSatisfy { $0.count == 3 })
            searches += 1
        }
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(searches > 0)
    }

    @Test("--english-stemming: other forms of an English word match, and are marked")
    func englishStemming() throws {
        let s = try Scratch(["text/headers-footers-groff.pdf", "text/greek-lualatex.pdf"])
        let plain = s.dir.appendingPathComponent("plain.sqlite").path
        #expect(try CLI.run(["index", s.docs.path, "--db", plain, "-q"]).status == 0)
        // The text has "walk", "walkers" and "Walking", not "walker".
        #expect(try CLI.run(["search", "--db", plain, "walker"]).status == 1)
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q", "--english-stemming"]).status == 0)
        let r = try CLI.run(["search", "--db", s.db, "--color", "never", "walker"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("[walkers]") || r.stdout.contains("[Walkers]"))
        // Other scripts are untouched.
        #expect(try CLI.run(["search", "--db", s.db, "νησι"]).status == 0)
        // The choice stays with the index.
        #expect(try CLI.run(["index", s.docs.path, "--db", plain, "-q", "--english-stemming"]).status == 2)
    }

    @Test("--files-from reads the paths from a list, lines or NUL-separated")
    func filesFrom() throws {
        let s = try Scratch(["basic/hello.pdf", "basic/three-pages.pdf", "text/greek-lualatex.pdf"])
        let a = s.path("hello"), b = s.path("greek-lualatex")
        let r = try CLI.run(["index", "--files-from", "-", "-0", "--db", s.db, "--json", "-q"], stdin: Data((a + "\0" + b + "\0").utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let indexed = r.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["path"] as? String
        }
        #expect(Set(indexed) == [a, b])
        // Lines, with CRLF and blank lines; an empty list indexes nothing (and is not a refresh).
        let list = s.dir.appendingPathComponent("list.txt")
        try Data((s.path("three-pages", sub: true) + "\r\n\n").utf8).write(to: list)
        let lines = try CLI.run(["index", "--files-from", list.path, "--db", s.db, "-v"])
        #expect(lines.status == 0)
        #expect(lines.stderr.contains("indexed \(s.path("three-pages", sub: true)) (3 pages)"))
        try FileManager.default.removeItem(atPath: a)
        try Data().write(to: list)
        let empty = try CLI.run(["index", "--files-from", list.path, "--db", s.db, "-v"])
        #expect(empty.status == 0)
        #expect(!empty.stderr.contains("pdftext: removed"))
        #expect(empty.stderr.contains("the index has 3 files"))
    }

    @Test("page labels are stored and shown with hits")
    func labels() throws {
        // Four pages labelled i, ii, 1, 2, each with one word of its own.
        var b = PDFBuilder(version: "1.7")
        b.add(1, "<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [0 << /S /r >> 2 << /S /D >>] >> >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R] /Count 4 /MediaBox [0 0 612 792] >>")
        let words = ["preface", "contents", "introduction", "method"]
        for (k, w) in words.enumerated() {
            b.add(3 + k, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 20 0 R >> >> /Contents \(10 + k) 0 R >>")
            b.addStream(10 + k, text: "BT /F1 12 Tf 72 700 Td (\(w)) Tj ET")
        }
        b.add(20, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let s = try Scratch([])
        let file = s.docs.appendingPathComponent("labelled.pdf")
        try Data(b.build().bytes).write(to: file)
        #expect(try CLI.run(["index", s.docs.path, "--db", s.db, "-q"]).status == 0)
        let plain = try CLI.run(["search", "--db", s.db, "--color", "never", "contents"])
        #expect(plain.stdout == "\(file.path), page 2 (ii): [contents]\n")
        let json = try CLI.run(["search", "--db", s.db, "--json", "method"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let hit = try #require((object["hits"] as? [[String: Any]])?.first)
        #expect(hit["page"] as? Int == 4)
        #expect(hit["label"] as? String == "2")
        // And in the page records.
        let records = try CLI.run(["--format", "jsonl", file.path])
        let labels = records.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["label"] as? String
        }
        #expect(labels == ["i", "ii", "1", "2"])
    }

    @Test("a file that fails is reported, recorded and skipped; the batch goes on")
    func failures() throws {
        let s = try Scratch(["basic/hello.pdf", "broken/not-a-pdf.pdf", "encrypted/aes-256.pdf", "basic/three-pages.pdf"])
        let r = try CLI.run(["index", s.docs.path, "--db", s.db])
        #expect(r.status == 4)
        #expect(r.stderr.contains("not-a-pdf-0.pdf: "))
        #expect(r.stderr.contains("aes-256-0.pdf: incorrect password"))
        #expect(r.stderr.contains("2 files indexed (4 pages)"))
        #expect(r.stderr.contains("2 failed"))
        #expect(try CLI.run(["search", "--db", s.db, "hello"]).status == 0)
        // A --db that is not an index (here a PDF) is refused and left as it was.
        let pdf = s.docs.appendingPathComponent("hello-0.pdf").path
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let refused = try CLI.run(["index", s.docs.path, "--db", pdf])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("hello-0.pdf: cannot open the index: file is not a database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) == before)
        // Missing paths are an error, and leave the index alone.
        let missing = try CLI.run(["index", s.dir.appendingPathComponent("nope").path, "--db", s.db])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope: no such file or directory"))
        #expect(try CLI.run(["search", "--db", s.db, "hello"]).status == 0)
    }

    @Test("killed with SIGKILL at random moments, the index opens and the next run converges")
    func crashSafety() throws {
        let s = try Scratch(Self.texts + ["basic/three-pages.pdf", "text/russian-xelatex.pdf"], copies: 3)
        let clean = s.dir.appendingPathComponent("clean.sqlite").path
        let start = Date()
        #expect(try CLI.run(["index", s.docs.path, "--db", clean, "-q"]).status == 0)
        let duration = Date().timeIntervalSince(start)
        let expected = try SearchIndex(path: clean, create: false).dump()
        #expect(expected.contains("document\t"))

        var generator = SystemRandomNumberGenerator()
        var killedMidRun = 0
        for round in 0..<12 {
            // Half the rounds start from nothing, half resume a previously killed index.
            if round % 2 == 0 {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: s.db + suffix) }
            }
            let p = Process()
            p.executableURL = CLI.binary
            p.arguments = ["index", s.docs.path, "--db", s.db, "-q", "-j", "2"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Every third round kills within the first 60 ms, while the index is being created.
            let limit = round % 3 == 0 ? min(duration, 0.06) : duration
            usleep(UInt32(Double.random(in: 0...limit, using: &generator) * 1_000_000))
            if p.isRunning { killedMidRun += 1 }
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            if FileManager.default.fileExists(atPath: s.db) {
                let index = try SearchIndex(path: s.db, create: false)
                #expect(try index.integrityProblem() == nil, "round \(round)")
                // Only whole documents: every document has all its pages.
                let dump = try index.dump()
                for line in dump.split(separator: "\n") where line.hasPrefix("document\t") {
                    let f = line.split(separator: "\t", omittingEmptySubsequences: false)
                    let pages = Int(f[4])!
                    let rows = dump.split(separator: "\n").filter { $0.hasPrefix("page\t\(f[1])\t") }.count
                    #expect(rows == pages, "round \(round): \(f[1]) has \(rows) of \(pages) pages")
                }
            }
            let finish = try CLI.run(["index", s.docs.path, "--db", s.db, "-q"])
            #expect(finish.status == 0, "round \(round): \(finish.stderr)")
            #expect(try SearchIndex(path: s.db, create: false).dump() == expected, "round \(round)")
        }
        #expect(killedMidRun >= 4, "the kills should land while the indexer runs")
    }
}

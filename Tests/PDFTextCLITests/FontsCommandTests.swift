import Foundation
import Testing
import PDFTestSupport
@testable import PDFTextCLI

/// `pdftext fonts` against Poppler's `pdffonts`, its Unicode counts, and its errors.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct FontsCommandTests {
    /// `pdffonts` on the PATH, or nil (the comparisons are then skipped with a reason).
    static let pdffonts: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/pdffonts"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Runs `pdffonts` (standard output as bytes read as Latin-1: it pads by bytes).
    static func runPdffonts(_ arguments: [String]) throws -> (status: Int32, stdout: [UInt8]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: pdffonts!)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, [UInt8](data))
    }

    /// The fields compared with pdffonts, per row, keyed by object ID (`[none]` rows by name).
    struct Row: Hashable {
        var name: String, type: String, emb: String, sub: String, id: String
    }

    static let types = ["CID Type 0C (OT)", "CID Type 0C", "CID Type 0", "CID TrueType (OT)", "CID TrueType",
                        "Type 1C (OT)", "Type 1C", "Type 1", "Type 3", "TrueType (OT)", "TrueType", "unknown"]

    /// Parses table rows: name (36 bytes or more), type, encoding, emb, sub, uni, object ID.
    static func rows(_ bytes: [UInt8]) -> [Row] {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).dropFirst(2)
        return lines.compactMap { line -> Row? in
            guard line.count > 37 else { return nil }
            let text = String(decoding: line, as: UTF8.self)
            // The type starts after the first space at byte 36 or later.
            var i = line.startIndex + 36
            while i < line.endIndex && line[i] != 32 { i += 1 }
            guard i < line.endIndex else { return nil }
            let name = String(decoding: line[line.startIndex..<i], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let rest = String(decoding: line[(i + 1)...], as: UTF8.self)
            guard let type = types.first(where: { rest.hasPrefix($0) }) else { Issue.record("row not parsed: \(text)"); return nil }
            let fields = rest.dropFirst(type.count).split(separator: " ")
            guard fields.count >= 5 else { return nil }
            let id = fields.last == "[none]" ? "[none]" : fields.suffix(2).joined(separator: " ")
            let tail = fields.last == "[none]" ? Array(fields.dropLast()) : Array(fields.dropLast(2))
            guard tail.count >= 4 else { return nil }
            return Row(name: name, type: type, emb: String(tail[tail.count - 3]), sub: String(tail[tail.count - 2]), id: id)
        }
    }

    static func json(_ text: String) throws -> [String: Any] {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static func fonts(_ doc: [String: Any]) -> [[String: Any]] { doc["fonts"] as? [[String: Any]] ?? [] }

    static var fixtures: [String] {
        let dir = CLI.projectRoot.appendingPathComponent("Corpus/fonts").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".pdf") }.sorted().map { "fonts/\($0)" } + ["basic/hello.pdf", "basic/three-pages.pdf"]
    }

    @Test("the table is pdffonts' own, byte for byte, on the font fixtures")
    func sameTableAsPdffonts() throws {
        guard Self.pdffonts != nil else { print("pdffonts not installed; comparison skipped"); return }
        for fixture in Self.fixtures {
            let path = CLI.fixture(fixture)
            let theirs = try Self.runPdffonts([path])
            let ours = try CLI.run(["fonts", path])
            #expect(ours.status == 0 && theirs.status == 0, "\(fixture)")
            #expect(Array(ours.stdout.utf8) == theirs.stdout, "\(fixture): \(ours.stdout)")
        }
    }

    /// A page whose fonts come from everywhere pdffonts looks, and one place it does not:
    /// a font in the page's own resources (5), one written in place (Courier), one in a form
    /// XObject's resources (8), one in an annotation appearance's (12), and one the page
    /// uses from its parent's resources although it has its own (6).
    static func resourceWalkDocument() throws -> String {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] /Resources << /Font << /FI 6 0 R >> >> >>")
        b.add(3, """
            << /Type /Page /Parent 2 0 R /Contents 4 0 R /Annots [9 0 R]
               /Resources << /Font << /F1 5 0 R /FD << /Type /Font /Subtype /Type1 /BaseFont /Courier >> >> /XObject << /X1 7 0 R >> >> >>
            """)
        b.addStream(4, text: "BT /F1 12 Tf 72 700 Td (Hello) Tj /FD 12 Tf (Direct) Tj /FI 12 Tf (Inherited) Tj ET /X1 Do")
        b.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        b.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>")
        b.addStream(7, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F2 8 0 R >> >>",
                    text: "BT /F2 10 Tf 72 600 Td (Form) Tj ET")
        b.add(8, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold >>")
        b.add(9, "<< /Type /Annot /Subtype /Square /Rect [72 500 172 520] /AP << /N 11 0 R >> >>")
        b.addStream(11, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << /Font << /F3 12 0 R >> >>",
                    text: "BT /F3 8 Tf 2 5 Td (Note) Tj ET")
        b.add(12, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold >>")
        let url = try TestDirectory.make("fonts").appendingPathComponent("walk.pdf")
        try Data(b.build().bytes).write(to: url)
        return url.path
    }

    @Test("fonts of forms, annotation appearances and in-place dictionaries are listed as pdffonts lists them")
    func resourceWalk() throws {
        let path = try Self.resourceWalkDocument()
        let r = try CLI.run(["fonts", path])
        #expect(r.status == 0)
        let ours = Self.rows(Array(r.stdout.utf8))
        #expect(Set(ours.map(\.id)) == ["5 0", "[none]", "8 0", "12 0"])
        #expect(ours.first { $0.id == "[none]" }?.name == "Courier")
        if Self.pdffonts != nil {
            let theirs = try Self.runPdffonts([path])
            #expect(Set(Self.rows(theirs.stdout)) == Set(ours))
        } else {
            print("pdffonts not installed; comparison skipped")
        }
        // --details adds the inherited font the page paints with, which the walk cannot see.
        let d = try CLI.run(["fonts", "--details", path])
        let painted = d.stdout.split(separator: "\n").filter { $0.contains("(found while painting)") }
        #expect(painted.count == 1 && painted.first?.hasPrefix("Times-Roman ") == true, "\(d.stdout)")
        let doc = try Self.json(try CLI.run(["fonts", "--json", path]).stdout)
        let glyphs = Dictionary(uniqueKeysWithValues: Self.fonts(doc).map { ($0["name"] as? String ?? "", $0["glyphs"] as? Int ?? -1) })
        #expect(glyphs == ["Helvetica": 5, "Courier": 6, "Times-Roman": 9, "Times-Bold": 4, "Courier-Bold": 4])
        #expect(doc["glyphsInUnknownFonts"] as? Int == 0)
    }

    @Test("the Unicode mix of fonts whose sources are known")
    func unicodeMix() throws {
        func sources(_ fixture: String) throws -> [[String: Int]] {
            let doc = try Self.json(try CLI.run(["fonts", "--json", CLI.fixture(fixture)]).stdout)
            return Self.fonts(doc).map { ($0["unicodeSources"] as? [String: Int] ?? [:]).filter { $0.value > 0 } }
        }
        // Standard 14 fonts without ToUnicode: every glyph through the encoding's names.
        #expect(try sources("fonts/standard14-encodings.pdf") == [["encoding": 34], ["encoding": 10], ["encoding": 3]])
        // matplotlib's Type 3 fonts carry a ToUnicode map.
        #expect(try sources("fonts/type3-matplotlib.pdf") == [["tounicode": 17], ["tounicode": 1]])
        // A Type 0 font over an OpenType CFF without ToUnicode: the program's cmap.
        #expect(try sources("fonts/type0-cff-opentype-program.pdf") == [["fontprogram": 15]])
        // ActualText replaces what it covers.
        #expect(try sources("fonts/actualtext.pdf").first?["actualtext"] ?? 0 > 0)
        // Identity CIDs with nothing to map them: unmapped, and the share says so.
        let doc = try Self.json(try CLI.run(["fonts", "--json", CLI.fixture("fonts/type0-cid-cff-identity-unmapped.pdf")]).stdout)
        let font = try #require(Self.fonts(doc).first)
        let unmapped = (font["unicodeSources"] as? [String: Int])?["none"] ?? 0
        #expect(unmapped > 0 && (font["unmappedShare"] as? Double ?? 0) > 0)
        // The text table with --details shows the same counts.
        let table = try CLI.run(["fonts", "--details", CLI.fixture("fonts/standard14-encodings.pdf")]).stdout
        #expect(table.contains("      34     0.0% encoding=34"))
    }

    @Test("--json parses, has every column, and its numbers add up")
    func jsonAddsUp() throws {
        for fixture in Self.fixtures {
            let r = try CLI.run(["fonts", "--json", CLI.fixture(fixture)])
            #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 1, "\(fixture)")
            let doc = try Self.json(r.stdout)
            for f in Self.fonts(doc) {
                for key in ["name", "type", "encoding", "embedded", "subset", "toUnicode", "object", "glyphs", "unicodeSources", "unmappedShare"] {
                    #expect(f.keys.contains(key), "\(fixture): \(key)")
                }
                let glyphs = f["glyphs"] as? Int ?? -1
                let sources = f["unicodeSources"] as? [String: Int] ?? [:]
                #expect(sources.values.reduce(0, +) == glyphs, "\(fixture)")
                if glyphs > 0 {
                    let share = f["unmappedShare"] as? Double ?? -1
                    #expect(abs(share - Double(sources["none"] ?? 0) / Double(glyphs)) < 0.0001, "\(fixture)")
                }
            }
        }
    }

    @Test("pages: -f/-l pick them, --first-page is the same, and a document's fonts are those of its pages")
    func pageRange() throws {
        let path = CLI.fixture("basic/three-pages.pdf")
        let all = try CLI.run(["fonts", path])
        #expect(try CLI.run(["fonts", "-f", "2", "-l", "3", path]).stdout == CLI.run(["fonts", "--first-page", "2", "--last-page", "3", path]).stdout)
        #expect(all.status == 0 && all.stdout.split(separator: "\n").count >= 3)
        if Self.pdffonts != nil {
            for args in [["-f", "2"], ["-l", "1"], ["-f", "3", "-l", "3"]] {
                #expect(try Array(CLI.run(["fonts"] + args + [path]).stdout.utf8) == Self.runPdffonts(args + [path]).stdout)
            }
        }
    }

    @Test("passwords: -opw and -upw as pdffonts takes them")
    func passwords() throws {
        let path = CLI.fixture("encrypted/aes-256.pdf")
        for args in [["-opw", "owner"], ["-upw", "user"], ["--owner-password", "owner"]] {
            let r = try CLI.run(["fonts"] + args + [path])
            #expect(r.status == 0 && r.stdout.hasPrefix("name "), "\(args)")
        }
    }

    @Test("bad input: one line on standard error and the documented exit code")
    func badInput() throws {
        let three = CLI.fixture("basic/three-pages.pdf")
        let cases: [([String], Int32, String)] = [
            (["fonts", CLI.fixture("broken/not-a-pdf.pdf")], 1, "not-a-pdf.pdf"),
            (["fonts", "/nonexistent/missing.pdf"], 1, "missing.pdf"),
            (["fonts", CLI.fixture("encrypted/aes-256.pdf")], 3, "incorrect password"),
            (["fonts", "-upw", "wrong", CLI.fixture("encrypted/aes-256.pdf")], 3, "incorrect password"),
            (["fonts", "-f", "9", three], 4, "first page (9)"),
            (["fonts", "-f", "0", three], 64, "-f"),
            (["fonts", "-f", "abc", three], 64, "abc"),
            (["fonts", "-f", "3", "-l", "2", three], 64, "first page"),
            (["fonts", "-l", "-5", three], 64, "-l"),
        ]
        for (args, status, text) in cases {
            let r = try CLI.run(args)
            #expect(r.status == status, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(text), "\(args): \(r.stderr)")
            if status != 64 { #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)") }
            #expect(r.stdout.isEmpty || !r.stdout.contains("\u{0}"))
        }
        // Several files: the good one is listed, the bad one named, the highest code returned.
        let mixed = try CLI.run(["fonts", CLI.fixture("basic/hello.pdf"), "/nonexistent/missing.pdf"])
        #expect(mixed.status == 1 && mixed.stdout.contains("File: ") && mixed.stderr.split(separator: "\n").count == 1)
    }

    @Test("hostile fixtures: an exit code, never a trap, within a bounded time")
    func hostile() throws {
        let dir = CLI.projectRoot.appendingPathComponent("Corpus/hostile").path
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".pdf") }.sorted()
        for name in files {
            let r = try Spawn.run(["fonts", "--json", "\(dir)/\(name)"], timeout: 60)
            #expect(r.signal == nil && !r.timedOut, "\(name): signal \(r.signal ?? 0), \(r.seconds) s")
            #expect([0, 1, 3, 4].contains(r.status), "\(name): \(r.status) \(r.stderrText)")
            #expect(r.stderrText.split(separator: "\n").count <= 1, "\(name): \(r.stderrText)")
            if r.status == 0 { #expect((try? Self.json(r.stdoutText)) != nil, "\(name)") }
        }
    }

    @Test("a sample of the shared corpus agrees with pdffonts on name, type, emb, sub and object ID")
    func sharedCorpusSample() throws {
        guard SharedCorpus.isAvailable else { print(SharedCorpus.skipMessage); return }
        guard Self.pdffonts != nil else { print("pdffonts not installed; comparison skipped"); return }
        // Every 30th file: about 30 files, a few seconds (tools/fonts-compare/compare.py runs them all).
        let sample = SharedCorpus.allPDFs.enumerated().filter { $0.offset % 30 == 0 }.map(\.element)
        var compared = 0
        for relative in sample {
            let path = SharedCorpus.url(relative).path
            let theirs = try Self.runPdffonts([path])
            let ours = try Spawn.run(["fonts", path], timeout: 60)
            guard theirs.status == 0, ours.status == 0 else { continue }
            compared += 1
            let a = Set(Self.rows(theirs.stdout).filter { $0.id != "[none]" })
            let b = Set(Self.rows(ours.stdout).filter { $0.id != "[none]" })
            #expect(a == b, "\(relative): only pdffonts \(a.subtracting(b)), only pdftext \(b.subtracting(a))")
        }
        #expect(compared >= sample.count / 2)
    }
}

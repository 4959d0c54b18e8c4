import Foundation
import Testing
@testable import PDFTextCLI

/// pdftotext's options as a script uses them, run side by side with Poppler's pdftotext
/// on the same Corpus files (docs/POPPLER-COMPAT.md lists the deliberate differences).
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct PdftotextCompatibilityTests {
    struct Raw {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs a program, its output as bytes.
    static func raw(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Raw {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Standard error is read after standard output: the runs here write a line or two there.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Raw(status: p.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }

    static func ours(_ arguments: [String]) throws -> Raw { try raw(CLI.binary!, arguments) }

    /// Poppler's pdftotext, when installed.
    static let pdftotext: URL? = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The Corpus files both tools should read: not hostile, broken or encrypted, and not the
    /// scans (`scanned/`: page images, whose text only our OCR reads).
    static var corpusFiles: [String] {
        let root = CLI.projectRoot.appendingPathComponent("Corpus")
        let e = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let p = e?.nextObject() as? String {
            guard p.hasSuffix(".pdf"), !p.hasPrefix("hostile/"), !p.hasPrefix("broken/"), !p.hasPrefix("encrypted/"),
                  !p.hasPrefix("scanned/") else { continue }
            files.append(root.appendingPathComponent(p).path)
        }
        return files.sorted()
    }

    static func bytes(_ d: Data) -> Bytes {
        var b = Bytes(capacity: d.count)
        for x in d { b.append(x) }
        return b
    }

    @Test("-enc Latin1, ASCII7 and UTF-16 map pdftotext's own UTF-8 text to the bytes pdftotext writes")
    func encodingTablesAgreeWithPoppler() throws {
        guard let pdftotext = Self.pdftotext else { print("skipped: pdftotext is not installed"); return }
        var compared = 0
        var mismatches: [String] = []
        for file in Self.corpusFiles {
            let utf8 = try Self.raw(pdftotext, ["-q", file, "-"])
            // Right-to-left text: pdftotext writes it with embedding marks in Unicode
            // encodings and reordered otherwise, so its UTF-8 is not its Latin1 text.
            let text = String(decoding: utf8.stdout, as: UTF8.self)
            guard utf8.status == 0, !text.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) }) else { continue }
            for name in ["Latin1", "ASCII7", "UTF-16"] {
                let theirs = try Self.raw(pdftotext, ["-q", "-enc", name, file, "-"])
                let mapped = try #require(OutputEncoding(name: name)).encode(Self.bytes(utf8.stdout))
                if Data(mapped.data) != theirs.stdout { mismatches.append("\(name) \(file)") }
                compared += 1
            }
        }
        #expect(compared >= 150, "only \(compared) comparisons")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(10))")
    }

    @Test("-enc and -eol re-encode our text: Latin1 with DOS line ends, UTF-16, and Mac line ends")
    func encodingAndLineEnds() throws {
        for file in Self.corpusFiles.prefix(40) {
            let plain = try Self.ours([file, "-"])
            guard plain.status == 0 else { continue }
            let dos = try Self.ours(["-enc", "Latin1", "-eol", "dos", file, "-"])
            #expect(dos.status == 0)
            let expected = OutputEncoding(name: "Latin1")!.encode(EndOfLine.dos.apply(Self.bytes(plain.stdout)))
            #expect(dos.stdout == Data(expected.data), "\(file)")
            let utf16 = try Self.ours(["--encoding", "UCS-2", "--eol", "mac", file, "-"])
            let text = String(decoding: plain.stdout, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r")
            var be = Data()
            for u in text.utf16 { be.append(UInt8(u >> 8)); be.append(UInt8(u & 0xFF)) }
            #expect(utf16.stdout == be, "\(file)")
        }
        // TSV: the encoding applies, the line ends stay (as pdftotext's -tsv writes them).
        let tsv = try Self.ours(["-tsv", "-eol", "dos", "-enc", "ASCII7", CLI.fixture("basic/hello.pdf"), "-"])
        #expect(!tsv.stdout.contains(0x0D) && tsv.stdout.count > 100)
    }

    /// The words of a pdftotext-style TSV: (text, left, top, width, height) of level-5 rows, by page.
    static func tsvWords(_ d: Data) -> [Int: [(String, [Double])]] {
        var pages: [Int: [(String, [Double])]] = [:]
        for line in String(decoding: d, as: UTF8.self).split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 12, f[0] == "5", let page = Int(f[1]) else { continue }
            let box = f[6...9].compactMap { Double($0) }
            pages[page, default: []].append((f[11...].joined(separator: "\t"), box))
        }
        return pages
    }

    @Test("-tsv: the same words with the same boxes (within 0.5 pt) as pdftotext's, also at -r 144")
    func tsvAgainstPoppler() throws {
        guard let pdftotext = Self.pdftotext else { print("skipped: pdftotext is not installed"); return }
        var words = 0, matched = 0, sameText = 0, sameColumns = 0
        for file in Self.corpusFiles {
            for resolution in ["72", "144"] {
                let theirs = try Self.raw(pdftotext, ["-q", "-r", resolution, "-tsv", file, "-"])
                let mine = try Self.ours(["-q", "-r", resolution, "-tsv", file, "-"])
                guard theirs.status == 0, mine.status == 0 else { continue }
                #expect(mine.stdout.prefix(80) == theirs.stdout.prefix(80), "header and first page row: \(file)")
                let t = Self.tsvWords(theirs.stdout), m = Self.tsvWords(mine.stdout)
                let tolerance = 0.5 * (Double(resolution)! / 72)
                for (page, ws) in m {
                    var pool = t[page] ?? []
                    for w in ws {
                        words += 1
                        if let k = pool.firstIndex(where: { $0.0 == w.0 && zip($0.1, w.1).allSatisfy { abs($0 - $1) <= tolerance } }) {
                            matched += 1
                            sameText += 1
                            sameColumns += 1
                            pool.remove(at: k)
                        } else if let k = pool.firstIndex(where: { $0.0 == w.0 && abs($0.1[0] - w.1[0]) <= tolerance && abs($0.1[2] - w.1[2]) <= tolerance }) {
                            sameText += 1
                            sameColumns += 1
                            pool.remove(at: k)
                        } else if pool.contains(where: { $0.0 == w.0 }) {
                            sameText += 1
                        }
                    }
                }
            }
        }
        print("tsv: of \(words) words, \(sameText) have pdftotext's text; of those \(sameColumns) its left and width and \(matched) its whole box (within 0.5 pt)")
        #expect(words > 2000)
        // Words differ where our text differs (right-to-left and vertical text, fonts without
        // Unicode, letter spacing: docs/POPPLER-COMPAT.md).
        #expect(Double(sameText) >= 0.93 * Double(words), "\(sameText) of \(words)")
        // Horizontal extents agree; heights too (PopplerWordBox), but for Type 3 fonts and
        // words whose size changes inside.
        #expect(Double(sameColumns) >= 0.99 * Double(sameText), "\(sameColumns) of \(sameText)")
        #expect(Double(matched) >= 0.98 * Double(sameText), "\(matched) of \(sameText)")
    }

    /// The words of plain text.
    static func words(_ d: Data) -> Set<String> {
        Set(String(decoding: d, as: UTF8.self).split(whereSeparator: { $0.isWhitespace }).map(String.init))
    }

    @Test("-x -y -W -H keep the words pdftotext keeps: the top-left quarter, a band at -r 144, nothing at W=H=0")
    func cropArea() throws {
        guard let pdftotext = Self.pdftotext else { print("skipped: pdftotext is not installed"); return }
        var compared = 0, agreeing = 0
        let crops = [["-x", "0", "-y", "0", "-W", "306", "-H", "396"],
                     ["-r", "144", "-x", "0", "-y", "400", "-W", "1224", "-H", "300"]]
        for file in Self.corpusFiles {
            // Only files whose whole pages give the same words: elsewhere the texts differ
            // (docs/POPPLER-COMPAT.md), whatever the crop.
            let fullTheirs = Self.words(try Self.raw(pdftotext, ["-q", file, "-"]).stdout)
            let fullMine = Self.words(try Self.ours(["-q", file, "-"]).stdout)
            guard Double(fullTheirs.intersection(fullMine).count) >= 0.95 * Double(max(fullTheirs.count, fullMine.count)) else { continue }
            for crop in crops {
                let theirs = try Self.raw(pdftotext, ["-q"] + crop + [file, "-"])
                let mine = try Self.ours(["-q"] + crop + [file, "-"])
                guard theirs.status == 0, mine.status == 0 else { continue }
                let t = Self.words(theirs.stdout), m = Self.words(mine.stdout)
                guard !t.isEmpty || !m.isEmpty else { continue }
                compared += 1
                let common = t.intersection(m).count
                if Double(common) >= 0.9 * Double(max(t.count, m.count)) { agreeing += 1 }
            }
        }
        print("crop: \(agreeing) of \(compared) crops keep the same words (90% or more)")
        #expect(compared >= 40)
        #expect(Double(agreeing) >= 0.95 * Double(compared), "\(agreeing) of \(compared)")
        let none = try Self.ours(["-x", "100", "-y", "100", CLI.fixture("basic/hello.pdf"), "-"])
        #expect(none.status == 0 && Self.words(none.stdout).isEmpty)
    }
}

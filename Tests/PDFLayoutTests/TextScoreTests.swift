import Foundation
import PDFTestSupport
import Testing

/// The text-fidelity metric (`PDFTestSupport.scoreText`): values worked out by hand, the
/// distance against the textbook dynamic programme, and, where python3 with rapidfuzz and
/// `../shared/tools/score.py` are present, the reference implementation on the same strings.
@Suite struct TextScoreTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    @Test("normalisation: NFKC then NFC, soft hyphens, white space runs, CJK gaps")
    func normalisation() {
        #expect(normalizeForScoring("\u{FB01}ne \u{FB02}ow") == "fine flow")
        #expect(normalizeForScoring("\u{FF21}\u{FF22}\u{FF23}") == "ABC")
        #expect(normalizeForScoring("e\u{301}") == "\u{E9}")
        #expect(normalizeForScoring("hy\u{AD}phen") == "hyphen")
        #expect(normalizeForScoring("  a\n\tb \u{0C}\u{0C} c\r\n") == "a b c")
        // Python's str.isspace counts U+001C…U+001F (Unicode's White_Space does not);
        // U+00A0, U+3000 and U+2029 fold too, U+200B (a format character) does not.
        #expect(normalizeForScoring("a\u{1C}b\u{A0}c\u{3000}d\u{2029}e") == "a b c d e")
        #expect(normalizeForScoring("a\u{200B}b") == "a\u{200B}b")
        // A wrap inside CJK text is no word break; between CJK and Latin it stays.
        #expect(normalizeForScoring("日本\n語 の テキスト") == "日本語のテキスト")
        #expect(normalizeForScoring("日本 abc 語") == "日本 abc 語")
        #expect(normalizeForScoring("") == "")
        #expect(normalizeForScoring(" \n ") == "")
    }

    @Test("scores worked out by hand")
    func handValues() {
        // kitten → sitting: 3 edits over 7 characters; the single words differ.
        var s = scoreText(groundTruth: "kitten", extracted: "sitting")
        #expect(close(s.char, 1 - 3.0 / 7) && s.wordF1 == 0 && s.order == 0)

        // Two words swapped: two substitutions in 11 characters, the same bag, 2 of 3 words moved.
        s = scoreText(groundTruth: "the cat sat", extracted: "the sat cat")
        #expect(close(s.char, 1 - 2.0 / 11) && s.wordF1 == 1 && close(s.order, 1.0 / 3))

        // Ligatures, soft hyphens, line and page breaks vanish in normalisation.
        s = scoreText(groundTruth: "fine hyphenated text\n", extracted: "\u{FB01}ne hy\u{AD}phen-\u{AD}ated\u{0C}text")
        #expect(s.char < 1)  // the hard hyphen stays
        s = scoreText(groundTruth: "fine hyphenated text\n", extracted: "\u{FB01}ne hy\u{AD}phenated\u{0C}text")
        #expect(s == TextScore(char: 1, wordF1: 1, order: 1))

        // CJK: characters are words. 日本語 against 日本: one deletion in three; p = 1, r = 2/3.
        s = scoreText(groundTruth: "日本 語", extracted: "日本")
        #expect(close(s.char, 1 - 1.0 / 3) && close(s.wordF1, 0.8) && close(s.order, 1 - 1.0 / 3))

        // Bags with repeats: gt {a, a, b}, extracted {a, b, b, c}: 2 shared; p = 2/4, r = 2/3.
        s = scoreText(groundTruth: "a a b", extracted: "a b b c")
        #expect(close(s.wordF1, 2 * 0.5 * (2.0 / 3) / (0.5 + 2.0 / 3)))
        #expect(close(s.order, 1 - 2.0 / 4))  // a a b → a b b c: substitute, insert

        // Lengths are Unicode scalars (Python code points), not UTF-16 units or graphemes.
        s = scoreText(groundTruth: "\u{1F600}a", extracted: "a")
        #expect(close(s.char, 0.5))
        s = scoreText(groundTruth: "\u{1F1E9}\u{1F1EA}", extracted: "\u{1F1E9}")  // one grapheme, two scalars
        #expect(close(s.char, 0.5))

        // Empty texts: identical strings score 1, but there are no words to share.
        #expect(scoreText(groundTruth: "", extracted: "") == TextScore(char: 1, wordF1: 0, order: 1))
        #expect(scoreText(groundTruth: "a b", extracted: " ") == TextScore(char: 0, wordF1: 0, order: 0))
    }

    @Test("canonically equivalent but different words are different words, as in Python")
    func codePointWords() {
        // After NFC both are U+00E9, so they match; U+212B (angstrom) becomes U+00C5 under NFC.
        #expect(scoreText(groundTruth: "caf\u{E9} \u{212B}", extracted: "cafe\u{301} \u{C5}").wordF1 == 1)
    }

    /// The textbook O(n·m) distance.
    func reference(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.isEmpty { return b.count }
        var prev = Array(0...b.count), cur = prev
        for i in 1...a.count {
            cur[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    @Test("the bit-vector distance equals the dynamic programme (lengths across block edges)")
    func distanceAgainstReference() {
        var rng = SeededGenerator(seed: 7)
        for round in 0..<410 {
            let alphabet = UInt32(1 + round % 6)
            let lengths = [0, 1, 63, 64, 65, 127, 128, 129, 200, 300]
            // The last rounds are long with few edits: narrow bands that leave blocks behind.
            let n = round < 100 ? lengths[round % lengths.count] : round < 400 ? Int(rng.next() % 300) : 700 + Int(rng.next() % 300)
            let a = (0..<n).map { _ in UInt32(rng.next() % UInt64(alphabet)) }
            var b = a
            for _ in 0..<Int(rng.next() % (round < 400 ? 40 : 120)) {
                let i = b.isEmpty ? 0 : Int(rng.next() % UInt64(b.count))
                switch rng.next() % 3 {
                case 0: b.insert(UInt32(rng.next() % UInt64(alphabet + 1)), at: min(i, b.count))
                case 1: if !b.isEmpty { b.remove(at: i) }
                default: if !b.isEmpty { b[i] = UInt32(rng.next() % UInt64(alphabet + 1)) }
                }
            }
            if round % 5 == 0, round < 400 { b = (0..<Int(rng.next() % 300)).map { _ in UInt32(rng.next() % UInt64(alphabet)) } }
            let want = reference(a, b)
            #expect(levenshteinDistance(a, b) == want, "round \(round): \(a.count) × \(b.count)")
            #expect(levenshteinDistance(b, a) == want)
        }
    }

    @Test("50k × 50k: an exact distance, and the time it takes")
    func large() {
        var rng = SeededGenerator(seed: 11)
        let a = (0..<51_000).map { _ in UInt32(rng.next() % 60) }
        // Deleting 1,000 symbols spread over the whole length: the distance is exactly 1,000
        // (at least the length difference, at most the deletions), and the common prefix and
        // suffix are a few symbols, so the whole 50k × 51k matrix is computed.
        var b: [UInt32] = []
        for (i, c) in a.enumerated() where i % 51 != 3 { b.append(c) }
        let clock = ContinuousClock()
        var d = 0
        let t = clock.measure { d = levenshteinDistance(a, b) }
        #expect(d == a.count - b.count)
        print("levenshteinDistance \(a.count) × \(b.count), distance \(d): \(t)")

        // Unrelated texts: the band widens to the whole matrix.
        let c = (0..<50_000).map { _ in UInt32(rng.next() % 60) }
        let u = clock.measure { d = levenshteinDistance(a, c) }
        #expect(d >= a.count - c.count && d <= a.count)
        print("levenshteinDistance \(a.count) × \(c.count), unrelated, distance \(d): \(u)")
    }

    // MARK: - Against score.py

    static let scorePy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/tools/score.py")

    /// Why the comparison with score.py cannot run here, or nil when it can.
    static let pythonUnavailable: String? = {
        guard FileManager.default.fileExists(atPath: scorePy.path) else { return "\(scorePy.path) not found" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import rapidfuzz"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return "python3 not runnable: \(error)" }
        p.waitUntilExit()
        return p.terminationStatus == 0 ? nil : "python3 with rapidfuzz not found (pip install rapidfuzz)"
    }()

    /// Pieces random texts are made of: Latin words, CJK, Arabic, ligatures, soft hyphens,
    /// combining marks, full-width forms, every kind of white space, astral scalars.
    static let pieces: [String] = [
        "the", "The", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "a", "of", "1984", "3.14", "—", "(x)",
        "\u{FB01}nd", "e\u{FB03}cient", "\u{FB00}", "hy\u{AD}phen", "\u{AD}", "co-operate", "na\u{EF}ve", "nai\u{308}ve",
        "e\u{301}", "\u{212B}", "\u{FF21}\u{FF42}\u{FF43}", "\u{FF11}\u{FF12}", "\u{2460}", "x\u{B2}", "\u{1D400}",
        "日本語", "の", "テキスト", "中文", "文字", "、", "。", "\u{FF0C}", "ｶﾀｶﾅ", "한국어",
        "العربية", "النص", "\u{FEFB}", "مرحبا",
        "\u{1F600}", "\u{1F1E9}\u{1F1EA}", "\u{200B}",
        " ", " ", " ", "  ", "\n", "\n\n", "\t", "\u{0C}", "\r\n", "\u{A0}", "\u{3000}", "\u{1C}", "\u{2028}", "\u{85}",
    ]

    static func randomText(_ rng: inout SeededGenerator, pieces count: Int) -> String {
        var s = ""
        for _ in 0..<count { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return s
    }

    /// A reading of `s` with some of its pieces lost, doubled, moved or garbled, as an
    /// extractor might produce.
    static func mutated(_ s: String, _ rng: inout SeededGenerator) -> String {
        var parts = s.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<Int(rng.next() % 6) where !parts.isEmpty {
            let i = Int(rng.next() % UInt64(parts.count))
            switch rng.next() % 4 {
            case 0: parts.remove(at: i)
            case 1: parts.insert(parts[i], at: Int(rng.next() % UInt64(parts.count)))
            case 2: parts.swapAt(i, Int(rng.next() % UInt64(parts.count)))
            default: parts[i] = randomText(&rng, pieces: 1)
            }
        }
        return parts.joined(separator: rng.next() % 2 == 0 ? " " : "\n")
    }

    @Test("the same numbers as score.py (to 1e-9) on random and real texts")
    func againstScorePy() throws {
        if let reason = Self.pythonUnavailable {
            print("TextScoreTests.againstScorePy skipped: \(reason)")
            return
        }
        var rng = SeededGenerator(seed: 2024)
        var pairs: [(String, String)] = [
            ("", ""), ("a", ""), ("", " \n "), ("The ﬁrst line\nsecond line", "The first line second line"),
            ("日本語のテキスト。\n改行されたテキスト", "日本語の テキスト。改行 された"),
            ("النص العربي هنا", "هنا العربي النص"),
            ("Hyphen\u{AD}ation and ligatures: ﬀ ﬁ ﬂ ﬃ ﬄ", "Hyphenation and ligatures: ff fi fl ffi ffl"),
        ]
        // The corpus's ground truths (when there are some), each against a garbled reading of itself.
        let textDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/text")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: textDir.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".txt") {
            let truth = String(decoding: try Data(contentsOf: textDir.appendingPathComponent(name)), as: UTF8.self)
            pairs.append((truth, Self.mutated(truth, &rng)))
        }
        for i in 0..<120 {
            let gt = Self.randomText(&rng, pieces: i < 100 ? Int(rng.next() % 60) : 2_000)
            pairs.append((gt, i % 4 == 0 ? Self.randomText(&rng, pieces: Int(rng.next() % 60)) : Self.mutated(gt, &rng)))
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textscore-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("pairs.json")
        try JSONSerialization.data(withJSONObject: pairs.map { [$0.0, $0.1] }).write(to: input)
        let script = """
            import json, sys, importlib.util
            spec = importlib.util.spec_from_file_location("score", sys.argv[1])
            score = importlib.util.module_from_spec(spec); spec.loader.exec_module(score)
            pairs = json.load(open(sys.argv[2], encoding="utf-8"))
            print(json.dumps([score.score(g, e) for g, e in pairs]))
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, Self.scorePy.path, input.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Double]])
        #expect(expected.count == pairs.count)
        for (i, (pair, want)) in zip(pairs, expected).enumerated() {
            let got = scoreText(groundTruth: pair.0, extracted: pair.1)
            let ok = abs(got.char - want["char"]!) < 1e-9 && abs(got.wordF1 - want["f1"]!) < 1e-9
                && abs(got.order - want["order"]!) < 1e-9
            #expect(ok, "pair \(i): ours \(got), score.py \(want); gt \(pair.0.debugDescription.prefix(200)), extracted \(pair.1.debugDescription.prefix(200))")
        }
    }
}

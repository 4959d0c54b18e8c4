import PDFCore
import Testing
@testable import PDFSyntax

private func tokens(_ s: String) -> [Token] {
    var lexer = Lexer(bytes: Array(s.utf8))
    var out: [Token] = []
    while true {
        let t = lexer.next()
        if t == .eof { return out }
        out.append(t)
    }
}

private func object(_ s: String) throws -> PDFObject {
    var p = Parser(bytes: Array(s.utf8))
    return try p.parseObject()
}

private func literal(_ s: String) -> [UInt8] {
    guard case .string(let str)? = tokens(s).first else { return [] }
    return str.bytes
}

@Suite struct LexerTests {
    @Test("numbers as real files write them", arguments: [
        ("123", PDFObject.integer(123)), ("-17", .integer(-17)), ("+5", .integer(5)),
        ("1.", .real(1)), (".5", .real(0.5)), ("-.25", .real(-0.25)),
        ("--5", .integer(-5)), ("4.-2", .real(4.2)), ("0.000", .real(0)),
        ("99999999999999999999", .real(1e20)),
    ])
    func numbers(_ input: String, _ expected: PDFObject) throws {
        #expect(try object(input) == expected)
    }

    @Test("a lone minus sign or dot reads as zero")
    func loneSign() throws {
        #expect(try object("- ") == .integer(0))
        #expect(try object(". ") == .integer(0))
    }

    @Test("literal string escapes: named, octal of 1–3 digits, unknown and parentheses")
    func literalEscapes() {
        #expect(literal(#"(a\nb\rc\td\be\ff)"#) == Array("a\nb\rc\td\u{8}e\u{C}f".utf8))
        #expect(literal(#"(\101\102C)"#) == Array("ABC".utf8))
        #expect(literal(#"(\0053)"#) == [0x05, 0x33])           // three digits at most
        #expect(literal(#"(\7)"#) == [0x07])
        #expect(literal(#"(\501)"#) == [0x41])                  // high-order overflow ignored
        #expect(literal(#"(\(\)\\)"#) == Array("()\\".utf8))
        #expect(literal(#"(\q)"#) == Array("q".utf8))           // unknown escape: the character
        #expect(literal("(a(b)c)") == Array("a(b)c".utf8))      // balanced parentheses
    }

    @Test("literal string line continuations and end-of-line normalisation")
    func literalLines() {
        #expect(literal("(ab\\\ncd)") == Array("abcd".utf8))
        #expect(literal("(ab\\\r\ncd)") == Array("abcd".utf8))
        #expect(literal("(ab\\\rcd)") == Array("abcd".utf8))
        #expect(literal("(a\r\nb)") == Array("a\nb".utf8))
        #expect(literal("(a\rb)") == Array("a\nb".utf8))
        #expect(literal("(a\nb)") == Array("a\nb".utf8))
    }

    @Test("unterminated literal string keeps what was read")
    func literalUnterminated() {
        #expect(literal("(abc") == Array("abc".utf8))
    }

    @Test("hex strings: whitespace, odd digit count, lower case, junk")
    func hexStrings() {
        guard case .string(let a)? = tokens("<48 65\n6C6c 6f>").first else { Issue.record("no string"); return }
        #expect(a.bytes == Array("Hello".utf8))
        #expect(a.isHex)
        guard case .string(let b)? = tokens("<901FA>").first else { Issue.record("no string"); return }
        #expect(b.bytes == [0x90, 0x1F, 0xA0])
        guard case .string(let c)? = tokens("<>").first else { Issue.record("no string"); return }
        #expect(c.bytes == [])
    }

    @Test("names with #xx escapes, empty names and delimiters ending names")
    func names() throws {
        #expect(try object("/A#20B") == .name(Name(bytes: Array("A B".utf8))))
        #expect(try object("/Lime#20Green") == .name("Lime Green"))
        #expect(try object("/paired#28#29parentheses") == .name("paired()parentheses"))
        #expect(try object("/The_Key_of_F#23_Minor") == .name("The_Key_of_F#_Minor"))
        #expect(try object("/A#2") == .name("A#2"))   // incomplete escape kept
        #expect(tokens("/ ") == [.name(Name(bytes: []))])
        #expect(tokens("/a/b") == [.name("a"), .name("b")])
    }

    @Test("comments are skipped, also at the end of data")
    func comments() {
        #expect(tokens("1 % comment (not a string)\n2 %end") == [.integer(1), .integer(2)])
    }

    @Test("keywords are classified")
    func keywords() {
        let t = tokens("true false null obj endobj stream endstream R xref trailer startxref Tj")
        let kinds: [Keyword] = t.compactMap { if case .keyword(let k, _) = $0 { return k }; return nil }
        #expect(kinds == [.true, .false, .null, .obj, .endobj, .stream, .endstream, .R, .xref, .trailer, .startxref, .other])
    }
}

@Suite struct ParserTests {
    @Test("all object types parse")
    func allTypes() throws {
        let o = try object("<< /A 1 /B 2.5 /C (s) /D <41> /E /N /F [1 2 R] /G true /H null /I 3 0 R >>")
        let d = try #require(o.dictionary)
        #expect(d["A"] == .integer(1))
        #expect(d["B"] == .real(2.5))
        #expect(d["C"]?.string?.bytes == Array("s".utf8))
        #expect(d["D"]?.string?.bytes == [0x41])
        #expect(d["E"] == .name("N"))
        #expect(d["F"] == .array([.reference(ObjectID(1, 2))]))
        #expect(d["G"] == .bool(true))
        #expect(d["H"] == nil)   // null values are absent keys
        #expect(d["I"] == .reference(ObjectID(3, 0)))
    }

    @Test("references inside arrays; integers that are not references stay integers")
    func references() throws {
        #expect(try object("[1 0 R 2 0 R 3 4]") == .array([.reference(ObjectID(1)), .reference(ObjectID(2)), .integer(3), .integer(4)]))
        #expect(try object("[1 0 2 0 R]") == .array([.integer(1), .integer(0), .reference(ObjectID(2, 0))]))
    }

    @Test("unclosed containers end at the keyword that ends the object")
    func unclosed() throws {
        var p = Parser(bytes: Array("1 0 obj << /A [1 2 endobj".utf8))
        let (id, o) = try p.parseIndirectObject()
        #expect(id == ObjectID(1))
        #expect(o.dictionary?["A"] == .array([.integer(1), .integer(2)]))
        #expect(p.diagnostics.contains(.syntaxRecovered))
    }

    @Test("nesting beyond the limit is an error, not a crash")
    func nesting() {
        var limits = Limits()
        limits.maxNestingDepth = 10
        var p = Parser(bytes: Array(String(repeating: "[", count: 100_000).utf8), limits: limits)
        #expect(throws: PDFError.self) { try p.parseObject() }
    }

    @Test("stream with correct /Length")
    func streamLength() throws {
        var p = Parser(bytes: Array("5 0 obj << /Length 5 >>\nstream\nHelloendstream\nendobj".utf8))
        let (_, o) = try p.parseIndirectObject()
        let s = try #require(o.stream)
        #expect(Array(p.lexer.bytes[s.dataRange]) == Array("Hello".utf8))
        #expect(s.objectID == ObjectID(5))
        #expect(p.diagnostics.isEmpty)
    }

    @Test("stream with a wrong, missing or indirect /Length falls back to endstream", arguments: [
        "<< /Length 99 >>", "<< >>", "<< /Length 7 0 R >>", "<< /Length 2 >>",
    ])
    func streamWrongLength(_ dict: String) throws {
        var p = Parser(bytes: Array("5 0 obj \(dict)\nstream\r\nHello, world\r\nendstream\nendobj".utf8))
        let (_, o) = try p.parseIndirectObject(resolveLength: { _ in 3 })
        let s = try #require(o.stream)
        #expect(String(decoding: p.lexer.bytes[s.dataRange], as: UTF8.self) == "Hello, world")
        #expect(p.diagnostics.contains(.streamLengthWrong))
    }

    @Test("indirect /Length resolved through the callback")
    func streamIndirectLength() throws {
        var p = Parser(bytes: Array("5 0 obj << /Length 9 0 R >>\nstream\nabcdefendstream\nendobj".utf8))
        let (_, o) = try p.parseIndirectObject(resolveLength: { $0 == ObjectID(9) ? 6 : nil })
        let s = try #require(o.stream)
        #expect(String(decoding: p.lexer.bytes[s.dataRange], as: UTF8.self) == "abcdef")
        #expect(p.diagnostics.isEmpty)
    }

    @Test("object header mismatch throws a syntax error")
    func badHeader() {
        var p = Parser(bytes: Array("xx 0 obj".utf8))
        #expect(throws: PDFError.self) { try p.parseIndirectObject() }
    }
}

/// Arrays and dictionaries are gathered on the parser's scratch stacks and copied out at
/// their size: nesting, duplicates and damage must come out as they did when each container
/// grew its own storage.
@Suite struct ContainerScratchTests {
    @Test("nested arrays and dictionaries keep their own items, in order")
    func nested() throws {
        let o = try object("[1 [2 [3] 4] << /A [5 6] /B << /C 7 /D [] >> /E 8 >> 9 []]")
        let inner: PDFDictionary = PDFDictionary(["C": .integer(7), "D": .array([])])
        let dict = PDFDictionary(["A": .array([.integer(5), .integer(6)]), "B": .dictionary(inner), "E": .integer(8)])
        #expect(o == .array([.integer(1), .array([.integer(2), .array([.integer(3)]), .integer(4)]), .dictionary(dict), .integer(9), .array([])]))
    }

    @Test("a later duplicate key wins, and a null value leaves an earlier one in place")
    func duplicates() throws {
        #expect(try object("<< /A 1 /B 2 /A 3 >>") == .dictionary(PDFDictionary(["A": .integer(3), "B": .integer(2)])))
        #expect(try object("<< /A 1 /A null /B << /A 4 /A 5 >> >>")
            == .dictionary(PDFDictionary(["A": .integer(1), "B": .dictionary(PDFDictionary(["A": .integer(5)]))])))
    }

    @Test("containers left open inside others close where the object ends, keeping what was read")
    func unclosed() throws {
        var p = Parser(bytes: Array("1 0 obj << /A [1 2 << /B [3 endobj 2 0 obj [4 5] endobj".utf8))
        let (_, first) = try p.parseIndirectObject()
        let b = PDFDictionary(["B": .array([.integer(3)])])
        #expect(first == .dictionary(PDFDictionary(["A": .array([.integer(1), .integer(2), .dictionary(b)])])))
        // The same parser reads the next object with empty scratch stacks.
        let (id, second) = try p.parseIndirectObject()
        #expect(id == ObjectID(2) && second == .array([.integer(4), .integer(5)]))
        #expect(p.itemScratch.isEmpty && p.entryScratch.isEmpty)
    }

    @Test("a nesting error leaves the scratch stacks empty for the next object")
    func afterError() throws {
        var limits = Limits.default
        limits.maxNestingDepth = 4
        var p = Parser(bytes: Array("[1 << /A [2 [3 [4 [5]]]] >>] [6 7]".utf8), limits: limits)
        #expect(throws: PDFError.self) { try p.parseObject() }
        #expect(p.itemScratch.isEmpty && p.entryScratch.isEmpty)
    }
}

@Suite struct NameTests {
    @Test("names are equal when their bytes are, at every length around the 16-byte inline limit")
    func equality() {
        for n in [0, 1, 7, 8, 9, 15, 16, 17, 40] {
            let bytes = (0..<n).map { UInt8(0x41 + $0 % 26) }
            let a = Name(bytes: bytes), b = Name(bytes: ArraySlice(bytes)), c = Name(String(decoding: bytes, as: UTF8.self))
            #expect(a == b && b == c && a.hashValue == b.hashValue && a.hashValue == c.hashValue)
            #expect(a.bytes == bytes)
            if n > 0 {
                var other = bytes
                other[n - 1] ^= 1
                #expect(Name(bytes: other) != a)
            }
        }
    }

    @Test("a trailing zero byte (#00) makes another name, and the length takes part in the hash")
    func trailingZero() throws {
        let a = Name(bytes: [0x41]), a0 = Name(bytes: [0x41, 0]), a15 = Name(bytes: [0x41] + [UInt8](repeating: 0, count: 15))
        #expect(a != a0 && a0 != a15 && a != a15)
        #expect(Set([a, a0, a15]).count == 3)
        #expect(try object("/A#00") == .name(a0))
        let d = PDFDictionary([a: .integer(1), a0: .integer(2), a15: .integer(3)])
        #expect(d[a] == .integer(1) && d[a0] == .integer(2) && d[a15] == .integer(3))
    }

    @Test("the table hash: equal names agree under one seed, the seed changes it, and names chosen to cancel a factor still spread")
    func tableHash() {
        for n in [0, 1, 8, 15, 16, 17, 40] {
            let bytes = (0..<n).map { UInt8(0x61 + $0 % 26) }
            let a = Name(bytes: bytes), b = Name(String(decoding: bytes, as: UTF8.self))
            for seed in [0, 1, -1, 0x5555_5555, Int.max] { #expect(a._rawHashValue(seed: seed) == b._rawHashValue(seed: seed)) }
            #expect(Set([1, 2, 3, 4].map { a._rawHashValue(seed: $0) }).count == 4)
        }
        // 16-byte names sharing their second word (the constant the mixing XORs into it, or
        // zero): the hashes, and the buckets of a 4,096-slot table, stay spread, whatever
        // the seed.
        for second: UInt64 in [0xE703_7ED1_A0B4_28DB, 0, .max] {
            let names = (0..<4096).map { i -> Name in
                let first = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
                let bytes = withUnsafeBytes(of: (first.littleEndian, second.littleEndian)) { Array($0) }
                return Name(bytes: bytes)
            }
            for seed in [0, 12345, Int(bitPattern: 0xDEAD_BEEF_0000)] {
                let hashes = names.map { $0._rawHashValue(seed: seed) }
                #expect(Set(hashes).count == names.count)
                #expect(Set(hashes.map { $0 & 4095 }).count > 2400)  // about 2,589 for a random function
            }
            var table: [Name: Int] = [:]
            for (i, name) in names.enumerated() { table[name] = i }
            #expect(names.indices.allSatisfy { table[names[$0]] == $0 })
        }
    }

    @Test("a name's string: from its words when short, its array when long, invalid UTF-8 repaired as from its bytes")
    func string() {
        let samples: [[UInt8]] = [[], Array("P".utf8), Array("Artifact".utf8), Array("0123456789ABCDEF".utf8),
                                  Array("0123456789ABCDEFG".utf8), [0x41, 0xFF, 0x42], [0xE2, 0x82], Array("Caf\u{E9}".utf8)]
        for bytes in samples {
            #expect(Name(bytes: bytes).string == String(decoding: bytes, as: UTF8.self))
        }
        #expect(Name("Artifact").string == "Artifact")
    }

    @Test("a literal key finds the entry a parsed name made, short and long")
    func literalLookup() throws {
        let o = try object("<< /Type /Page /ThisIsAVeryLongNameIndeed 3 /MediaBox [0 0 1 1] >>")
        #expect(o.dictionary?["Type"] == .name("Page"))
        #expect(o.dictionary?["ThisIsAVeryLongNameIndeed"] == .integer(3))
        #expect(o.dictionary?["MediaBo"] == nil)
    }
}

/// `parseIndirectDictionaryEntries` gives a plain dictionary's entries as written, and
/// declines (nil) whatever the full parser would recover or read as something else.
@Suite struct WrittenEntriesTests {
    func entries(_ s: String) -> (ObjectID, [DictionaryEntry])? {
        var p = Parser(bytes: Array(s.utf8))
        return p.parseIndirectDictionaryEntries()
    }

    func full(_ s: String) throws -> PDFObject {
        var p = Parser(bytes: Array(s.utf8))
        return try p.parseIndirectObject().1
    }

    @Test("a plain dictionary: its entries in order, and lookups that agree with the full parse")
    func plain() throws {
        let text = "12 0 obj << /Type /StructElem /S /P /K [1 2 << /MCID 3 >>] /A null /S /H1 /Pg 4 0 R >> endobj"
        let (id, written) = try #require(entries(text))
        #expect(id == ObjectID(12))
        #expect(written.map(\.key) == ["Type", "S", "K", "S", "Pg"])  // null left out, duplicates as written
        let e = DictionaryEntries(written: written)
        let d = try #require(try full(text).dictionary)
        for key: Name in ["Type", "S", "K", "Pg", "A", "MCID", "Missing"] { #expect(e[key] == d[key]) }
        #expect(e["S"] == .name("H1"))  // the later duplicate wins
        #expect(e.dictionary == d)
        #expect(DictionaryEntries(d)["Pg"] == .reference(ObjectID(4)))
        // One pass over them: file order, so that the last of a key is what a lookup gives.
        var seen: [(Name, PDFObject)] = []
        e.forEach { seen.append(($0, $1)) }
        #expect(seen.map(\.0) == written.map(\.key) && seen.map(\.1) == written.map(\.value))
        var last: [Name: PDFObject] = [:]
        DictionaryEntries(d).forEach { last[$0] = $1 }
        #expect(last == d.entries)
    }

    @Test("nil for a stream, a non-dictionary, a bad header, and for anything the parser has to recover")
    func declines() {
        #expect(entries("5 0 obj << /Length 3 >> stream\nabc\nendstream endobj") == nil)
        #expect(entries("5 0 obj [1 2] endobj") == nil)
        #expect(entries("5 0 obj 6 0 R endobj") == nil)
        #expect(entries("x 0 obj << >> endobj") == nil)
        #expect(entries("5 0 obj << /K [1 2 endobj") == nil)   // unclosed: recovered with a diagnostic
        #expect(entries("5 0 obj << /A 1") == nil)             // ends before >>
        var limits = Limits.default
        limits.maxNestingDepth = 2
        var p = Parser(bytes: Array("5 0 obj << /A [[1]] >> endobj".utf8), limits: limits)
        #expect(p.parseIndirectDictionaryEntries() == nil)     // too deep: the full parse throws
        #expect(p.entryScratch.isEmpty && p.itemScratch.isEmpty)
    }

    @Test("without endobj, or with a key left without value, the entries are what the full parse keeps")
    func lenient() throws {
        for text in ["7 0 obj << /A 1 /B >>", "7 0 obj << /A 1 >> 8 0 obj << >> endobj", "7 0 obj << /A 1 (stray) /B 2 >> endobj"] {
            let written = try #require(entries(text), "\(text)")
            #expect(DictionaryEntries(written: written.1).dictionary == (try full(text).dictionary), "\(text)")
        }
    }
}

/// The fast number path gives what the general scanner gives, on every form.
@Suite struct NumberFastPathTests {
    func both(_ text: [UInt8]) -> ((Token?, Int), (Token?, Int)) {
        text.withUnsafeBufferPointer { b in
            (Lexer.scanNumber(b, from: 0, end: b.count), Lexer.scanAnyNumber(b, from: 0, end: b.count))
        }
    }

    func same(_ a: (Token?, Int), _ b: (Token?, Int)) -> Bool {
        guard a.1 == b.1 else { return false }
        switch (a.0, b.0) {
        case (nil, nil): return true
        case (.real(let x)?, .real(let y)?): return x.bitPattern == y.bitPattern
        case (let x?, let y?): return x == y
        default: return false
        }
    }

    @Test("written forms real files use, and odd ones, read the same by both paths")
    func writtenForms() {
        let forms = ["0", "-0", "+7", "123", "-45.25", "3.", ".5", "-.5", "+.75", "1.5.3", "4.-2", "--5", "-", "+", ".",
                     "1e3", "1E-2", "2e", "1.5e+3x", "12345678901234567", "123456789012345678", "1234567890123456789",
                     "99999999999999999999", "0.000000000000000000000001", "612.0 792", "12 0 R", "7/Name", "3(x)",
                     "-12.375]", "1.2345678901234567890123", "00000000000000000000001"]
        for f in forms {
            let (fast, general) = both(Array(f.utf8))
            #expect(same(fast, general), "\(f): \(String(describing: fast)) against \(String(describing: general))")
        }
        let (token, next) = both(Array("-45.25 ".utf8)).0
        #expect(token == .real(-45.25) && next == 6)
        let (integer, after) = both(Array("12 0 R".utf8)).0
        #expect(integer == .integer(12) && after == 2)
    }

    @Test("random strings of number bytes read the same by both paths")
    func randomForms() {
        let alphabet = Array("0123456789.-+eE /]a".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<50_000 {
            var text: [UInt8] = []
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(state >> 59) + 1
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                // Digits most of the time, as in real numbers.
                let k = Int(state >> 33) % 32
                text.append(k < 13 ? alphabet[k % 10] : alphabet[k % alphabet.count])
            }
            let (fast, general) = both(text)
            #expect(same(fast, general), "\(String(decoding: text, as: UTF8.self))")
        }
    }
}

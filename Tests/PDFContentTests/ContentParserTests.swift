import Testing
import PDFCore
import PDFSyntax
@testable import PDFContent

@Suite struct ContentParserTests {
    @Test("text, graphics, colour and path operators decode with their operands")
    func decoding() {
        let (ops, log) = operators("""
            q 1 0 0 1 10 20 cm BT /F1 12 Tf 1 2 Td 3 4 TD 1 0 0 1 5 6 Tm T* 1 Tc 2 Tw 90 Tz 14 TL 3 Tr 2 Ts
            (a) Tj [(b) -250 (c)] TJ (d) ' 1 2 (e) " ET Q
            0.5 G 0.2 g 1 0 0 RG 0 1 0 rg 0 0 0 1 K 1 0 0 0 k /CS0 CS /CS1 cs 0.3 SC 0.4 sc 0.1 0.2 /P1 SCN 0.5 scn
            10 20 m 30 40 l 1 2 3 4 5 6 c 1 2 3 4 v 1 2 3 4 y h 0 0 10 10 re S s f F f* B B* b b* n W W* 2 w
            /Im1 Do /Sh sh /GS0 gs 0 J 1 j [3] 0 d
            """)
        #expect(log.isEmpty)
        let expected: [Operator] = [
            .q, .cm(Matrix(a: 1, b: 0, c: 0, d: 1, e: 10, f: 20)), .BT, .Tf("F1", 12), .Td(1, 2), .TD(3, 4),
            .Tm(Matrix(a: 1, b: 0, c: 0, d: 1, e: 5, f: 6)), .Tstar, .Tc(1), .Tw(2), .Tz(90), .TL(14), .Tr(3), .Ts(2),
            .Tj(Array("a".utf8)), .TJ(TextArray([.string(Array("b".utf8)), .adjustment(-250), .string(Array("c".utf8))])),
            .quote(Array("d".utf8)), .doubleQuote(wordSpacing: 1, charSpacing: 2, Array("e".utf8)), .ET, .Q,
            .G(0.5), .g(0.2), .RG(1, 0, 0), .rg(0, 1, 0), .K(0, 0, 0, 1), .k(1, 0, 0, 0), .CS("CS0"), .cs("CS1"),
            .SC([0.3]), .sc([0.4]), .SCN([0.1, 0.2], "P1"), .scn([0.5], nil),
            .m(10, 20), .l(30, 40), .c(1, 2, 3, 4, 5, 6), .v(1, 2, 3, 4), .y(1, 2, 3, 4), .h, .re(0, 0, 10, 10),
            .S, .s, .f, .F, .fStar, .B, .BStar, .b, .bStar, .n, .W, .WStar, .w(2),
            .Do("Im1"), .sh("Sh"), .gs("GS0"), .otherGraphicsState, .otherGraphicsState, .otherGraphicsState,
        ]
        #expect(ops == expected)
    }

    @Test("odd numbers as real files write them")
    func oddNumbers() {
        let (ops, _) = operators("1 0 0 1 --5 4.-2 cm +.5 -.5 Td 1. 2 Td")
        #expect(ops == [.cm(Matrix(a: 1, b: 0, c: 0, d: 1, e: -5, f: 4.2)), .Td(0.5, -0.5), .Td(1, 2)])
    }

    @Test("BDC properties with nested arrays and dictionaries; named properties; MP and DP")
    func markedContent() {
        let (ops, log) = operators("/Span << /MCID 3 /A [1 [2 3] << /K /V >>] /D << /E << /F 1 >> >> >> BDC EMC /P /MC0 BDC EMC /X BMC EMC /Y MP /Z /Q0 DP")
        #expect(log.isEmpty)
        #expect(ops.count == 8)
        guard case .BDC(let tag, let props) = ops[0], let d = props.dictionary else {
            Issue.record("expected BDC with a dictionary"); return
        }
        #expect(tag == "Span")
        #expect(d["MCID"]?.integer == 3)
        #expect(d["A"]?.array?.count == 3)
        #expect(d["A"]?.array?[1].array?.count == 2)
        #expect(d["A"]?.array?[2].dictionary?["K"]?.name == "V")
        #expect(d["D"]?.dictionary?["E"]?.dictionary?["F"]?.integer == 1)
        #expect(ops[1] == .EMC)
        #expect(ops[2] == .BDC("P", .name("MC0")))
        #expect(ops[4] == .BMC("X"))
        #expect(ops[6] == .MP("Y"))
        #expect(ops[7] == .DP("Z", .name("Q0")))
    }

    @Test("unknown operators are reported outside BX/EX only")
    func unknownOperators() {
        let (ops, log) = operators("1 2 foo BX 3 bar EX baz")
        #expect(ops == [.unknown(Array("foo".utf8)), .BX, .unknown(Array("bar".utf8)), .EX, .unknown(Array("baz".utf8))])
        let unknown = log.entries.filter { $0.code == .contentUnknownOperator }
        #expect(unknown.count == 2)
        #expect(unknown.map(\.message).contains { $0.contains("foo") })
        #expect(!unknown.map(\.message).contains { $0.contains("bar") })
    }

    @Test("wrong operand counts and types skip the operator with a diagnostic; extra operands are dropped")
    func operandErrors() {
        let (ops, log) = operators("10 Td (x) 5 Td /F1 Tf 7 8 9 Td (a) Tj")
        #expect(ops == [.Td(8, 9), .Tj(Array("a".utf8))])
        #expect(log.entries.filter { $0.code == .contentOperands }.count == 4)
    }

    @Test("diagnostics are capped per kind with a summary")
    func cappedDiagnostics() {
        let content = String(repeating: "1 Td ", count: 500)
        let (ops, log) = operators(content)
        #expect(ops.isEmpty)
        #expect(log.entries.filter { $0.code == .contentOperands }.count == 21)  // 20 + summary
        #expect(log.entries.last?.message.contains("480 more") == true)
    }

    @Test("the operand stack is capped")
    func operandCap() {
        let content = String(repeating: "1 ", count: 5000) + "2 3 Td"
        var p = ContentParser(bytes: Array(content.utf8), maxOperands: 100)
        #expect(p.next() == .Td(2, 3))
        #expect(p.next() == nil)
        #expect(p.diagnostics.finished.contains(.contentOperands))
    }

    @Test("truncated content: an unclosed string or array ends at the end of the data")
    func truncated() {
        let (ops, log) = operators("BT /F1 10 Tf (Hel")
        #expect(ops == [.BT, .Tf("F1", 10)])
        #expect(log.contains(.contentSyntax))
        let (ops2, log2) = operators("[(A) 10 (B) TJ")
        #expect(ops2 == [.TJ(TextArray([.string([0x41]), .adjustment(10), .string([0x42])]))])
        #expect(log2.contains(.contentSyntax))
    }

    @Test("an unfiltered inline image whose data contains EI is skipped by its computed length")
    func inlineImageComputedLength() {
        // 4×1 gray, 8 bits: 4 bytes of data that spell " EI ".
        let content: [UInt8] = Array("q BI /W 4 /H 1 /BPC 8 /CS /G ID ".utf8) + Array(" EI ".utf8) + Array("\nEI Q".utf8)
        let (ops, log) = operators(content)
        #expect(log.isEmpty)
        #expect(ops.count == 3)
        guard case .inlineImage(let image) = ops[1] else { Issue.record("no inline image"); return }
        #expect(image.dictionary["W"]?.integer == 4)
        #expect(Array(content[image.dataRange]) == Array(" EI ".utf8))
        #expect(ops[2] == .Q)
    }

    @Test("a filtered inline image: an EI followed by binary is data; the EI followed by operators ends it")
    func inlineImageSearch() {
        let data: [UInt8] = [0xFF, 0xD8, 0x20, 0x45, 0x49, 0x20, 0x80, 0x81, 0xFE, 0x01, 0x45, 0x49, 0x9A]
        let content: [UInt8] = Array("BI /W 10 /H 10 /BPC 8 /CS /RGB /F /DCT ID ".utf8) + data + Array(" EI\nBT /F1 10 Tf (A) Tj ET".utf8)
        let (ops, _) = operators(content)
        guard case .inlineImage(let image)? = ops.first else { Issue.record("no inline image"); return }
        #expect(Array(content[image.dataRange]) == data)
        #expect(Array(ops.dropFirst()) == [.BT, .Tf("F1", 10), .Tj([0x41]), .ET])
    }

    @Test("an inline image at the very end of the content")
    func inlineImageAtEnd() {
        let (ops, log) = operators("BI /W 1 /H 1 /F /AHx ID 00> EI")
        guard case .inlineImage(let image)? = ops.first else { Issue.record("no inline image"); return }
        #expect(image.dataRange.count == 3)
        #expect(ops.count == 1)
        #expect(!log.contains(.inlineImageDamaged))
    }
}

/// `TJ` arrays read straight into one buffer give what the general reading (an object per
/// item, an array per string) gives: the same operators, items, positions and diagnostics,
/// and the general reading wherever the fast one does not apply.
@Suite struct TextArrayReadingTests {
    static func read(_ content: String, direct: Bool, maxOperands: Int = 1024) -> (ops: [Operator], elements: [[TextArrayElement]], positions: [Int], log: [String], directly: Int) {
        var p = ContentParser(bytes: Array(content.utf8), maxOperands: maxOperands)
        p.readsTextArraysDirectly = direct
        var ops: [Operator] = [], elements: [[TextArrayElement]] = [], positions: [Int] = []
        while let op = p.next() {
            ops.append(op)
            positions.append(p.position)
            if case .TJ(let array) = op { elements.append(array.elements) }
        }
        return (ops, elements, positions, p.diagnostics.finished.entries.map { "\($0.code) \($0.message)" }, p.textArraysReadDirectly)
    }

    static let cases: [String] = [
        "BT [(Hel) -20 (lo) 1.5 <576F72> 7 <6C6 4>] TJ ET",
        "[(a\\)b\\(c) (\\101\\12x) (par(en)s) (line\\\ncont) (cr\rlf\r\n)] TJ",
        "[ % a comment\n (a) --5 (b) 4.-2 (c) .5 (d) +3 ] TJ",
        "[] TJ [()] TJ [<>] TJ [-250] TJ",
        "[(a) /Name (b)] TJ",
        "[(a) [(b)] (c)] TJ",
        "[(a) << /K 1 >> (b)] TJ",
        "[(a) true null (b)] TJ",
        "[3 2] 0 d [(x)] Tj [(y)] TJ",
        "1 [(a) 5 (b)] TJ",
        "[(a) 5 (b)] 7 TJ",
        "[(a) 5 (b)] TJx (c) Tj",
        "[(a) 5 (b)]TJ[(c)]TJ",
        "[(A) 10 (B) TJ",
        "[(A) 10 (B)",
        "[(unterminated 10 TJ",
        "[<41 42 4",
        "[(a) 1e5 (b) 9999999999999999999999 (c)] TJ",
    ]

    @Test("the direct reading gives the general reading's operators, items, positions and diagnostics", arguments: cases)
    func sameAsGeneral(_ content: String) {
        let direct = Self.read(content, direct: true)
        let general = Self.read(content, direct: false)
        #expect(direct.ops == general.ops)
        #expect(direct.elements == general.elements)
        #expect(direct.positions == general.positions)
        #expect(direct.log == general.log)
        #expect(general.directly == 0)
    }

    @Test("arrays of strings and numbers before TJ are read directly; others the general way")
    func whichWay() {
        #expect(Self.read(Self.cases[0], direct: true).directly == 1)
        #expect(Self.read(Self.cases[3], direct: true).directly == 4)
        #expect(Self.read("[(a) /Name (b)] TJ [3 2] 0 d 1 [(a)] TJ [(a)] 7 TJ", direct: true).directly == 0)
        #expect(Self.read("[(a) 5 (b)]TJ[(c)]TJ", direct: true).directly == 2)
    }

    @Test("an array past the operand limit keeps the same first items both ways")
    func itemLimit() {
        // maxOperands 8 keeps 512 items of an array.
        let items = (0..<700).map { $0 % 3 == 0 ? "(s\($0))" : "\($0)" }.joined(separator: " ")
        let content = "[\(items)] TJ"
        let direct = Self.read(content, direct: true, maxOperands: 8)
        let general = Self.read(content, direct: false, maxOperands: 8)
        #expect(direct.elements.first?.count == 512)
        #expect(direct.elements == general.elements && direct.log == general.log)
    }

    @Test("an operand limit as large as Int allows keeps every item, both ways, without overflow")
    func largestOperandLimit() {
        let content = "[(a) 1 (b)] TJ [3 2] 0 d /Span << /K [1 2] >> BDC EMC"
        let direct = Self.read(content, direct: true, maxOperands: .max)
        let general = Self.read(content, direct: false, maxOperands: .max)
        #expect(direct.elements == [[.string([0x61]), .adjustment(1), .string([0x62])]])
        #expect(direct.ops == general.ops && direct.log == general.log && direct.ops.count == 4)
    }

    @Test("text arrays are equal by their elements, however their bytes are laid out")
    func equality() {
        let a = TextArray([.string([0x41, 0x42]), .adjustment(-5), .string([])])
        let b = TextArray(bytes: [0x5A, 0x41, 0x42], items: [.string(1..<3), .adjustment(-5), .string(3..<3)])
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != TextArray([.string([0x41, 0x42]), .adjustment(-5)]))
        #expect(b.elements == [.string([0x41, 0x42]), .adjustment(-5), .string([])])
        // Items made by hand that point outside the bytes read as clamped to them.
        let odd = TextArray(bytes: [0x41], items: [.string(0..<9), TextArray.Item(start: 5, end: 2, adjustment: 0)])
        #expect(odd.elements == [.string([0x41]), .string([])])
    }
}

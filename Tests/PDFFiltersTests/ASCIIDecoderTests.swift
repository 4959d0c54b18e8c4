import PDFCore
import Testing
@testable import PDFFilters

@Suite struct ASCII85DecoderTests {
    @Test("known vectors decode, with and without the <~ ~> brackets")
    func knownVectors() {
        let vectors: [(String, [UInt8])] = [
            ("<~87cURD]i,\"Ebo7~>", bytes("Hello World")),
            ("9jqo^BlbD-BleB1DJ+*+F(f,q~>", bytes("Man is distinguished")),
            ("s8W-!~>", [0xFF, 0xFF, 0xFF, 0xFF]),
            ("~>", []),
            ("", []),
        ]
        for (encoded, expected) in vectors {
            let r = ascii85(bytes(encoded))
            #expect(r.bytes == expected, "\(encoded)")
            #expect(r.complete)
            #expect(r.log.isEmpty)
        }
    }

    @Test("z stands for four zero bytes, also between groups")
    func zShortcut() {
        #expect(ascii85(bytes("z~>")).bytes == [0, 0, 0, 0])
        #expect(ascii85(bytes("!!!!!~>")).bytes == [0, 0, 0, 0])
        #expect(ascii85(bytes("s8W-!zz@:E_W~>")).bytes == [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0] + bytes("abcd"))
    }

    @Test("final partial groups of 2, 3 and 4 characters give 1, 2 and 3 bytes")
    func partialGroups() {
        #expect(ascii85(bytes("@/~>")).bytes == bytes("a"))
        #expect(ascii85(bytes("@:B~>")).bytes == bytes("ab"))
        #expect(ascii85(bytes("@:E^~>")).bytes == bytes("abc"))
        #expect(ascii85(bytes("s8W*~>")).bytes == [0xFF, 0xFF, 0xFF])
    }

    @Test("white space anywhere is ignored, including inside groups and between ~ and >")
    func whitespace() {
        let r = ascii85(bytes(" \n<~87c\r\nUR D]i,\t\"E\u{0C}bo7~\n>"))
        #expect(r.bytes == bytes("Hello World"))
        #expect(r.complete)
    }

    @Test("a missing ~> is accepted; anything after ~> is ignored")
    func endMarker() {
        let missing = ascii85(bytes("87cURD]i,\"Ebo7"))
        #expect(missing.bytes == bytes("Hello World"))
        #expect(missing.complete)
        #expect(ascii85(bytes("@:E_W~>garbage!")).bytes == bytes("abcd"))
        #expect(ascii85(bytes("@:E_W~")).bytes == bytes("abcd"))
    }

    @Test("an invalid character stops decoding, keeps earlier bytes, and reports it")
    func invalidCharacter() {
        let r = ascii85(bytes("@:E_W@:E_W{@:E_W~>"))
        #expect(r.bytes == bytes("abcdabcd"))
        #expect(!r.complete)
        #expect(r.log.codes == [.ascii85Corrupt])
    }

    @Test("z inside a group is corrupt")
    func zInsideGroup() {
        let r = ascii85(bytes("@:E_W@:z~>"))
        #expect(r.bytes == bytes("abcd"))
        #expect(r.log.codes == [.ascii85Corrupt])
    }

    @Test("a group above 2^32 - 1 is corrupt")
    func overflow() {
        let r = ascii85(bytes("@:E_Wuuuuu~>"))
        #expect(r.bytes == bytes("abcd"))
        #expect(!r.complete)
        #expect(r.log.codes == [.ascii85Corrupt])
    }

    @Test("a single character in the final group is reported and dropped")
    func singleTrailingCharacter() {
        let r = ascii85(bytes("@:E_W@~>"))
        #expect(r.bytes == bytes("abcd"))
        #expect(!r.complete)
        #expect(r.log.codes == [.ascii85Corrupt])
    }

    @Test("random data round-trips through an encoder, for every length 0...40")
    func roundTrip() {
        var g = SeededGenerator(seed: 85)
        for length in 0...40 {
            var data = g.bytes(length)
            if length >= 8 { data.replaceSubrange(4..<8, with: [0, 0, 0, 0]) }
            let r = ascii85(ascii85Encode(data))
            #expect(r.bytes == data)
            #expect(r.complete)
        }
    }

    @Test("output is capped with a size-limit diagnostic")
    func capped() {
        let r = ascii85(bytes("zzzzzzzzzz~>"), maxOutput: 10)
        #expect(r.bytes == [UInt8](repeating: 0, count: 10))
        #expect(!r.complete)
        #expect(r.log.codes == [.decodedSizeLimit])
        let exact = ascii85(bytes("zz~>"), maxOutput: 8)
        #expect(exact.bytes.count == 8)
        #expect(exact.complete)
    }
}

@Suite struct ASCIIHexDecoderTests {
    @Test("hex pairs decode in either case, white space ignored, > ends")
    func basic() {
        let r = asciiHex(bytes("48 65\n6c6C\t6F>"))
        #expect(r.bytes == bytes("Hello"))
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("an odd final digit is padded with 0")
    func oddDigit() {
        #expect(asciiHex(bytes("414>")).bytes == [0x41, 0x40])
        #expect(asciiHex(bytes("4 1 4 >")).bytes == [0x41, 0x40])
        #expect(asciiHex(bytes("F")).bytes == [0xF0])
    }

    @Test("a missing > is accepted; anything after > is ignored")
    func endMarker() {
        let missing = asciiHex(bytes("DEADbeef"))
        #expect(missing.bytes == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(missing.complete)
        #expect(asciiHex(bytes("00ff>zz not hex")).bytes == [0x00, 0xFF])
        #expect(asciiHex(bytes(">")).bytes.isEmpty)
        #expect(asciiHex([]).bytes.isEmpty)
    }

    @Test("an invalid character stops decoding, keeps earlier bytes, and reports it")
    func invalid() {
        let r = asciiHex(bytes("41 42 4G 43>"))
        #expect(r.bytes == [0x41, 0x42])
        #expect(!r.complete)
        #expect(r.log.codes == [.asciiHexCorrupt])
    }

    @Test("all 256 byte values round-trip")
    func allBytes() {
        let data = (0...255).map { UInt8($0) }
        let r = asciiHex(asciiHexEncode(data))
        #expect(r.bytes == data)
    }

    @Test("output is capped with a size-limit diagnostic")
    func capped() {
        let r = asciiHex(bytes("0102030405>"), maxOutput: 3)
        #expect(r.bytes == [1, 2, 3])
        #expect(!r.complete)
        #expect(r.log.codes == [.decodedSizeLimit])
        let odd = asciiHex(bytes("01020>"), maxOutput: 2)
        #expect(odd.bytes == [1, 2])
        #expect(odd.log.codes == [.decodedSizeLimit])
        let exact = asciiHex(bytes("010203>"), maxOutput: 3)
        #expect(exact.bytes == [1, 2, 3])
        #expect(exact.complete)
    }

    @Test("an input slice is read from its own start index")
    func sliceInput() {
        let padded = bytes("ZZ4142>ZZ")
        var log = DiagnosticLog()
        let r = ASCIIHexDecoder.decode(padded[2..<7], maxOutput: noCap, log: &log)
        #expect(r.bytes == bytes("AB"))
        #expect(r.complete)
    }
}

@Suite struct RunLengthDecoderTests {
    @Test("literal runs, repeat runs and the end-of-data byte")
    func basic() {
        let r = runLength([2, 0x61, 0x62, 0x63, 253, 0x78, 0, 0x7A, 128, 5, 5, 5])
        #expect(r.bytes == bytes("abcxxxxz"))
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("the longest runs: 128 literal bytes and 128 repeats")
    func longestRuns() {
        let literal = (0..<128).map { UInt8($0) }
        let r = runLength([127] + literal + [129, 0xEE, 128])
        #expect(r.bytes == literal + [UInt8](repeating: 0xEE, count: 128))
        #expect(r.complete)
    }

    @Test("data without the end-of-data byte is accepted")
    func missingEnd() {
        let r = runLength([1, 9, 8, 255, 7])
        #expect(r.bytes == [9, 8, 7, 7])
        #expect(r.complete)
        #expect(r.log.isEmpty)
        #expect(runLength([]).bytes.isEmpty)
    }

    @Test("a literal run cut short keeps what is there and reports it")
    func truncatedLiteral() {
        let r = runLength([0, 1, 5, 0x61, 0x62])
        #expect(r.bytes == [1, 0x61, 0x62])
        #expect(!r.complete)
        #expect(r.log.codes == [.runLengthCorrupt])
    }

    @Test("a repeat run without its byte is reported")
    func truncatedRepeat() {
        let r = runLength([0, 1, 200])
        #expect(r.bytes == [1])
        #expect(!r.complete)
        #expect(r.log.codes == [.runLengthCorrupt])
    }

    @Test("output is capped with a size-limit diagnostic")
    func capped() {
        let r = runLength([129, 1, 129, 2], maxOutput: 200)
        #expect(r.bytes == [UInt8](repeating: 1, count: 128) + [UInt8](repeating: 2, count: 72))
        #expect(!r.complete)
        #expect(r.log.codes == [.decodedSizeLimit])
        let literal = runLength([3, 1, 2, 3, 4], maxOutput: 2)
        #expect(literal.bytes == [1, 2])
        #expect(literal.log.codes == [.decodedSizeLimit])
        let exact = runLength([129, 1, 128], maxOutput: 128)
        #expect(exact.bytes.count == 128)
        #expect(exact.complete)
    }

    @Test("an input slice is read from its own start index")
    func sliceInput() {
        let padded: [UInt8] = [0xAA, 0xAA, 1, 0x41, 0x42, 254, 0x43, 128, 0xBB]
        var log = DiagnosticLog()
        let r = RunLengthDecoder.decode(padded[2..<8], maxOutput: noCap, log: &log)
        #expect(r.bytes == bytes("ABCCC"))
        #expect(r.complete)
    }
}

import PDFCore
import Testing
@testable import PDFFilters

@Suite struct LZWDecoderTests {
    @Test("the ISO 32000 example 80 0B 60 50 22 0C 0C 85 01 decodes to -----A---B")
    func specExample() {
        let r = lzw([0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01], earlyChange: 1)
        #expect(r.bytes == bytes("-----A---B"))
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("round trip with EarlyChange 1 through every code width and table resets", arguments: [0, 1, 2, 100, 20_000, 100_000])
    func roundTripEarlyChange1(words: Int) {
        let original = sampleText(words: words, seed: UInt64(words))
        let r = lzw(lzwEncode(original, earlyChange: 1), earlyChange: 1)
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("round trip with EarlyChange 0 through every code width and table resets", arguments: [0, 1, 2, 100, 20_000, 100_000])
    func roundTripEarlyChange0(words: Int) {
        let original = sampleText(words: words, seed: UInt64(words) + 1)
        let r = lzw(lzwEncode(original, earlyChange: 0), earlyChange: 0)
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("random bytes round-trip (many single-byte codes, KwKwK cases on runs)")
    func randomRoundTrip() {
        var g = SeededGenerator(seed: 99)
        var original = g.bytes(50_000)
        original += [UInt8](repeating: 7, count: 5000)  // runs exercise the code-being-defined case
        for early in [0, 1] {
            let r = lzw(lzwEncode(original, earlyChange: early), earlyChange: early)
            #expect(r.bytes == original)
            #expect(r.complete)
        }
    }

    @Test("a full table without a clear code keeps decoding 12-bit codes without adding entries")
    func fullTableWithoutClear() {
        var g = SeededGenerator(seed: 5)
        let original = g.bytes(30_000) + sampleText(words: 10_000)
        for early in [0, 1] {
            let encoded = lzwEncode(original, earlyChange: early, resetWhenFull: false)
            // Differs from the resetting encoder's output: the table really filled up without a clear.
            #expect(encoded != lzwEncode(original, earlyChange: early))
            let r = lzw(encoded, earlyChange: early)
            #expect(r.bytes == original)
            #expect(r.complete)
        }
    }

    @Test("the EarlyChange value matters once codes widen")
    func earlyChangeMismatch() {
        let original = sampleText(words: 2000)
        let r = lzw(lzwEncode(original, earlyChange: 0), earlyChange: 1)
        #expect(r.bytes != original)
    }

    @Test("data without an end-of-data code is accepted")
    func missingEndCode() {
        // 9-bit codes: clear, 'A', 'B', then padding bits.
        let codes = [256, 65, 66]
        let r = lzw(pack9(codes))
        #expect(r.bytes == bytes("AB"))
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("data without a leading clear code decodes")
    func noLeadingClear() {
        let r = lzw(pack9([72, 105, 257]))
        #expect(r.bytes == bytes("Hi"))
        #expect(r.complete)
    }

    @Test("bytes after the end-of-data code are ignored")
    func afterEnd() {
        let r = lzw(pack9([256, 65, 257, 66, 67]))
        #expect(r.bytes == bytes("A"))
        #expect(r.complete)
    }

    @Test("a code beyond the table stops decoding, keeps the output and reports it")
    func codeBeyondTable() {
        // After clear, 'A', 'B' the next free code is 259; 300 is undefined.
        let r = lzw(pack9([256, 65, 66, 300, 67, 257]))
        #expect(r.bytes == bytes("AB"))
        #expect(!r.complete)
        #expect(r.log.codes == [.lzwCorrupt])
    }

    @Test("a table code right after a clear code is corrupt")
    func tableCodeAfterClear() {
        let r = lzw(pack9([256, 258, 257]))
        #expect(r.bytes.isEmpty)
        #expect(!r.complete)
        #expect(r.log.codes == [.lzwCorrupt])
    }

    @Test("the code being defined (KwKwK) expands to the previous string plus its first byte")
    func codeBeingDefined() {
        // clear, 'a', 258 (= "aa", not yet in the table), 259 (= "aaa", again being defined)
        let r = lzw(pack9([256, 97, 258, 259, 257]))
        #expect(r.bytes == bytes("aaaaaa"))
        #expect(r.complete)
    }

    @Test("output is capped with a size-limit diagnostic")
    func capped() {
        let original = [UInt8](repeating: 0x20, count: 1_000_000)
        let r = lzw(lzwEncode(original, earlyChange: 1), maxOutput: 10_000)
        #expect(r.bytes == [UInt8](repeating: 0x20, count: 10_000))
        #expect(!r.complete)
        #expect(r.log.codes == [.decodedSizeLimit])
        let exact = lzw(lzwEncode(original, earlyChange: 1), maxOutput: original.count)
        #expect(exact.bytes == original)
        #expect(exact.complete)
    }

    @Test("empty input gives empty output")
    func empty() {
        let r = lzw([])
        #expect(r.bytes.isEmpty)
        #expect(r.complete)
    }

    @Test("an input slice is read from its own start index")
    func sliceInput() {
        let padded: [UInt8] = [0xFF, 0xFF] + [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01] + [0xAA]
        var log = DiagnosticLog()
        let r = LZWDecoder.decode(padded[2..<11], earlyChange: 1, maxOutput: noCap, log: &log)
        #expect(r.bytes == bytes("-----A---B"))
    }

    /// Packs 9-bit codes most significant bit first.
    func pack9(_ codes: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = 0, count = 0
        for code in codes {
            buffer = buffer << 9 | code
            count += 9
            while count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> count))
            }
        }
        if count > 0 { out.append(UInt8(truncatingIfNeeded: buffer << (8 - count))) }
        return out
    }
}

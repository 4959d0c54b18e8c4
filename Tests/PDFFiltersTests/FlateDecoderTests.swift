import CZlib
import PDFCore
import Testing
@testable import PDFFilters

@Suite struct FlateDecoderTests {
    @Test("zlib data inflates to the original bytes with no diagnostics")
    func roundTrip() {
        let original = sampleText(words: 5000)
        let r = flate(zlibCompress(original))
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("output larger than the first buffer guess grows correctly (highly compressible data)")
    func growth() {
        var original = [UInt8](repeating: 0x41, count: 3_000_000)
        original[1_234_567] = 0x42
        let compressed = zlibCompress(original, level: 9)
        #expect(compressed.count < 10_000)
        let r = flate(compressed)
        #expect(r.bytes == original)
        #expect(r.complete)
    }

    @Test("incompressible data round-trips")
    func incompressible() {
        var g = SeededGenerator(seed: 7)
        let original = g.bytes(200_000)
        let r = flate(zlibCompress(original, level: 1))
        #expect(r.bytes == original)
        #expect(r.complete)
    }

    @Test("empty input gives empty output, complete, without diagnostics")
    func emptyInput() {
        let r = flate([])
        #expect(r.bytes.isEmpty)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("a compressed empty stream gives empty output")
    func compressedEmpty() {
        let r = flate(zlibCompress([]))
        #expect(r.bytes.isEmpty)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("raw deflate without a zlib header is decoded, with an informational diagnostic")
    func rawDeflateFallback() {
        let original = sampleText(words: 800)
        let raw = deflateChunks([original], windowBits: -15)
        let r = flate(raw)
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.codes == [.flateRawDeflate])
        #expect(r.log.entries.first?.severity == .info)
    }

    @Test("a zlib header with a bad check value followed by deflate data still decodes")
    func damagedHeader() {
        let original = sampleText(words: 300)
        var data = zlibCompress(original)
        data[1] ^= 0x01  // header check now fails
        let r = flate(data)
        #expect(r.bytes == original)
        #expect(r.log.contains(.flateRawDeflate))
    }

    @Test("gzip-wrapped data decodes")
    func gzip() {
        let original = sampleText(words: 400)
        let r = flate(deflateChunks([original], windowBits: 31))
        #expect(r.bytes == original)
        #expect(r.complete)
    }

    @Test("white space before the zlib header is skipped")
    func leadingWhitespace() {
        let original = sampleText(words: 100)
        let r = flate([0x0D, 0x0A] + zlibCompress(original))
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("junk after the end of the compressed data is ignored")
    func trailingJunk() {
        let original = sampleText(words: 100)
        let r = flate(zlibCompress(original) + bytes("\r\nendstream\nendobj junk junk"))
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("truncated data returns the bytes inflated so far and a truncation diagnostic")
    func truncated() {
        let original = sampleText(words: 20_000)
        let compressed = zlibCompress(original)
        let r = flate(Array(compressed[0..<(compressed.count / 2)]))
        #expect(!r.complete)
        #expect(r.log.codes == [.flateTruncated])
        #expect(r.bytes.count > original.count / 4)
        #expect(r.bytes.count < original.count)
        #expect(Array(original[0..<r.bytes.count]) == r.bytes)
    }

    @Test("corrupt data after a flush point keeps everything before it and reports the damage")
    func corruptAfterFlush() {
        let first = sampleText(words: 2000, seed: 3)
        let second = sampleText(words: 2000, seed: 4)
        let good = deflateChunks([first, second], windowBits: 15, finish: false)
        // A final block of the reserved type 3 right after the flush.
        let r = flate(good + [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(r.bytes == first + second)
        #expect(!r.complete)
        #expect(r.log.codes == [.flateCorrupt])
    }

    @Test("a wrong Adler-32 checksum keeps all the data, with an informational diagnostic")
    func checksumMismatch() {
        let original = sampleText(words: 500)
        var data = zlibCompress(original)
        data[data.count - 1] ^= 0x5A
        let r = flate(data)
        #expect(r.bytes == original)
        #expect(r.complete)
        #expect(r.log.codes == [.flateChecksumMismatch])
    }

    @Test("garbage that is neither zlib nor deflate gives a corrupt diagnostic and no bytes")
    func garbage() {
        let r = flate(bytes("this is not compressed data at all"))
        #expect(r.bytes.isEmpty)
        #expect(!r.complete)
        #expect(r.log.contains(.flateCorrupt))
    }

    @Test("a decompression bomb stops at the cap with a size-limit diagnostic")
    func bomb() {
        let zeros = [UInt8](repeating: 0, count: 10 << 20)
        let compressed = zlibCompress(zeros, level: 9)
        #expect(compressed.count < 20_000)
        let r = flate(compressed, maxOutput: 1 << 20)
        #expect(r.bytes.count == 1 << 20)
        #expect(r.bytes.allSatisfy { $0 == 0 })
        #expect(!r.complete)
        #expect(r.log.codes == [.decodedSizeLimit])
    }

    @Test("output exactly at the cap is complete; one byte over is cut with a diagnostic")
    func capBoundary() {
        let original = sampleText(words: 1000)
        let compressed = zlibCompress(original)
        let exact = flate(compressed, maxOutput: original.count)
        #expect(exact.bytes == original)
        #expect(exact.complete)
        #expect(exact.log.isEmpty)
        let under = flate(compressed, maxOutput: original.count - 1)
        #expect(under.bytes == Array(original.dropLast()))
        #expect(!under.complete)
        #expect(under.log.codes == [.decodedSizeLimit])
        let zero = flate(compressed, maxOutput: 0)
        #expect(zero.bytes.isEmpty)
        #expect(zero.log.codes == [.decodedSizeLimit])
    }

    @Test("an input slice is read from its own start index")
    func sliceInput() {
        let original = sampleText(words: 200)
        let padded = bytes("xxxx") + zlibCompress(original) + bytes("yyyy")
        var log = DiagnosticLog()
        let r = FlateDecoder.decode(padded[4..<(padded.count - 4)], maxOutput: noCap, log: &log)
        #expect(r.bytes == original)
        #expect(r.complete)
    }
}

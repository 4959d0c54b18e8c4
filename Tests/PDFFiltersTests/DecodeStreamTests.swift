import PDFCore
import Testing
@testable import PDFFilters

@Suite struct DecodeStreamTests {
    let defaults = FilterParameters()

    @Test("no filters returns the input unchanged")
    func noFilters() {
        let r = decodeStream(bytes("plain")[...], filters: [], limits: .default)
        #expect(r.bytes == bytes("plain"))
        #expect(r.isComplete)
        #expect(r.stoppedAt == nil)
        #expect(r.diagnostics.isEmpty)
    }

    @Test("a single Flate filter inflates")
    func singleFlate() {
        let original = sampleText(words: 300)
        let r = decodeStream(zlibCompress(original)[...], filters: [(.flate, defaults)], limits: .default)
        #expect(r.bytes == original)
        #expect(r.isComplete)
        #expect(r.diagnostics.isEmpty)
    }

    @Test("ASCIIHex then Flate with its own PNG predictor parameters")
    func hexThenFlateWithPredictor() {
        let rows: [UInt8] = [1, 0, 0x10, 0, 0, 1, 0, 0x20, 0, 0, 1, 0, 0x35, 0, 0, 2, 0, 1, 0, 0]
        let encoded = asciiHexEncode(zlibCompress(pngEncode(rows, rowLength: 5, bytesPerPixel: 1, tag: 2)))
        let r = decodeStream(
            encoded[...],
            filters: [(.asciiHex, defaults), (.flate, FilterParameters(predictor: 12, columns: 5))],
            limits: .default)
        #expect(r.bytes == rows)
        #expect(r.isComplete)
        #expect(r.diagnostics.isEmpty)
    }

    @Test("ASCII85 then LZW with a TIFF predictor and EarlyChange 0")
    func ascii85ThenLZW() {
        let data: [UInt8] = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var predicted = data
        for i in stride(from: predicted.count - 1, to: 0, by: -1) where i % 30 != 0 {
            predicted[i] = data[i] &- data[i - 1]
        }
        let encoded = ascii85Encode(lzwEncode(predicted, earlyChange: 0))
        let r = decodeStream(
            encoded[...],
            filters: [(.ascii85, defaults), (.lzw, FilterParameters(predictor: 2, columns: 30, earlyChange: 0))],
            limits: .default)
        #expect(r.bytes == data)
        #expect(r.isComplete)
    }

    @Test("RunLength decodes within a chain")
    func runLengthInChain() {
        let r = decodeStream(asciiHexEncode([2, 65, 66, 67, 254, 68, 128])[...], filters: [(.asciiHex, defaults), (.runLength, defaults)], limits: .default)
        #expect(r.bytes == bytes("ABCDDD"))
        #expect(r.isComplete)
    }

    @Test("a predictor is ignored for filters other than Flate and LZW")
    func predictorOnlyForFlateAndLZW() {
        let r = decodeStream(bytes("02010203>")[...], filters: [(.asciiHex, FilterParameters(predictor: 12, columns: 3))], limits: .default)
        #expect(r.bytes == [2, 1, 2, 3])
    }

    @Test("an image codec stops the chain; the bytes are still encoded with it")
    func imageCodecStops() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0xFF, 0xD9]
        let r = decodeStream(zlibCompress(jpeg)[...], filters: [(.flate, defaults), (.dct, defaults)], limits: .default)
        #expect(r.bytes == jpeg)
        #expect(r.stoppedAt == .dct)
        #expect(r.isComplete)
        #expect(r.diagnostics.isEmpty)

        let first = decodeStream(bytes("4142>")[...], filters: [(.jpx, defaults), (.asciiHex, defaults)], limits: .default)
        #expect(first.bytes == bytes("4142>"))
        #expect(first.stoppedAt == .jpx)
        for codec: StreamFilter in [.ccittFax, .jbig2] {
            #expect(decodeStream(bytes("x")[...], filters: [(codec, defaults)], limits: .default).stoppedAt == codec)
        }
    }

    @Test("an unknown filter stops the chain with a diagnostic")
    func unknownFilter() {
        let r = decodeStream(bytes("4142>")[...], filters: [(.asciiHex, defaults), (.unknown("Zstd"), defaults), (.flate, defaults)], limits: .default)
        #expect(r.bytes == bytes("AB"))
        #expect(r.stoppedAt == .unknown("Zstd"))
        #expect(!r.isComplete)
        #expect(r.diagnostics.codes == [.unknownFilter])
    }

    @Test("Crypt is the identity")
    func cryptIdentity() {
        let r = decodeStream(bytes("4142>")[...], filters: [(.crypt, defaults), (.asciiHex, defaults), (.crypt, defaults)], limits: .default)
        #expect(r.bytes == bytes("AB"))
        #expect(r.isComplete)
        #expect(r.stoppedAt == nil)
        #expect(decodeStream(bytes("raw")[...], filters: [(.crypt, defaults)], limits: .default).bytes == bytes("raw"))
    }

    @Test("a chain longer than the limit stops after the limit with a diagnostic")
    func chainTooLong() {
        let three = asciiHexEncode(asciiHexEncode(asciiHexEncode(bytes("Z"))))
        var limits = Limits()
        limits.maxFilterChain = 2
        let r = decodeStream(three[...], filters: Array(repeating: (StreamFilter.asciiHex, defaults), count: 3), limits: limits)
        #expect(r.bytes == asciiHexEncode(bytes("Z")))
        #expect(!r.isComplete)
        #expect(r.stoppedAt == .asciiHex)
        #expect(r.diagnostics.codes == [.filterChainTooLong])
        limits.maxFilterChain = 3
        #expect(decodeStream(three[...], filters: Array(repeating: (StreamFilter.asciiHex, defaults), count: 3), limits: limits).bytes == bytes("Z"))
    }

    @Test("a decompression bomb is capped at maxDecodedStreamBytes")
    func bomb() {
        let compressed = zlibCompress([UInt8](repeating: 0, count: 10 << 20), level: 9)
        var limits = Limits()
        limits.maxDecodedStreamBytes = 1 << 20
        let r = decodeStream(compressed[...], filters: [(.flate, defaults)], limits: limits)
        #expect(r.bytes.count == 1 << 20)
        #expect(!r.isComplete)
        #expect(r.diagnostics.contains(.decodedSizeLimit))
    }

    @Test("the cap applies to every stage, including one after Flate")
    func capAfterFlate() {
        let runs = [UInt8](repeating: 0, count: 1000).flatMap { _ in [129, 0x55] as [UInt8] }  // 128000 bytes decoded
        var limits = Limits()
        limits.maxDecodedStreamBytes = 50_000
        let r = decodeStream(zlibCompress(runs)[...], filters: [(.flate, defaults), (.runLength, defaults)], limits: limits)
        #expect(r.bytes.count == 50_000)
        #expect(r.bytes.allSatisfy { $0 == 0x55 })
        #expect(!r.isComplete)
        #expect(r.diagnostics.codes == [.decodedSizeLimit])
    }

    @Test("partial output of a damaged filter still goes through the rest of the chain")
    func damagedThenPredictor() {
        let rows = (0..<2000).flatMap { i in [1, UInt8(truncatingIfNeeded: i >> 8), UInt8(truncatingIfNeeded: i), 0] as [UInt8] }
        let compressed = zlibCompress(pngEncode(rows, rowLength: 4, bytesPerPixel: 1, tag: 2))
        let r = decodeStream(compressed[0..<(compressed.count / 2)], filters: [(.flate, FilterParameters(predictor: 12, columns: 4))], limits: .default)
        #expect(!r.isComplete)
        #expect(r.diagnostics.contains(.flateTruncated))
        #expect(r.bytes.count > 0)
        #expect(r.bytes == Array(rows[0..<r.bytes.count]))
    }

    @Test("diagnostics are kept within the configured capacity")
    func diagnosticCapacity() {
        var limits = Limits()
        limits.maxDiagnostics = 1
        let r = decodeStream(bytes("4G")[...], filters: [(.asciiHex, defaults), (.unknown("X"), defaults)], limits: limits)
        #expect(r.diagnostics.entries.count == 1)
        #expect(r.diagnostics.count == 2)
    }
}

import PDFCore
import Testing
@testable import PDFFilters

@Suite struct PNGPredictorTests {
    @Test("hand-computed rows: None, Sub, Up, Average, Paeth with one byte per pixel")
    func handComputed() {
        let encoded: [UInt8] = [
            0, 10, 20, 30, 40,  // None
            1, 5, 1, 1, 1,  // Sub: 5, 6, 7, 8
            2, 1, 1, 1, 250,  // Up: 6, 7, 8, 2 (258 wraps)
            3, 0, 0, 0, 0,  // Average: 3, 5, 6, 4
            4, 1, 2, 3, 4,  // Paeth: 4, 7, 10, 14
        ]
        let r = predict(encoded, FilterParameters(predictor: 12, columns: 4))
        #expect(r.bytes == [10, 20, 30, 40, 5, 6, 7, 8, 6, 7, 8, 2, 3, 5, 6, 4, 4, 7, 10, 14])
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("three bytes per pixel: Sub and Average on the first row reach back a whole pixel")
    func multiBytePixels() {
        let p = FilterParameters(predictor: 15, colors: 3, columns: 2)
        #expect(predict([1, 1, 2, 3, 10, 20, 30], p).bytes == [1, 2, 3, 11, 22, 33])
        #expect(predict([3, 10, 20, 30, 4, 4, 4], p).bytes == [10, 20, 30, 9, 14, 19])
        // Up and Paeth on the first row: the row above counts as zeros.
        #expect(predict([2, 9, 8, 7, 6, 5, 4], p).bytes == [9, 8, 7, 6, 5, 4])
        #expect(predict([4, 1, 2, 3, 1, 1, 1], p).bytes == [1, 2, 3, 2, 3, 4])
    }

    @Test("a typical cross-reference stream layout (Columns 5, Predictor 12, Up rows)")
    func xrefStreamRows() {
        let rows: [[UInt8]] = [[1, 0, 0, 0, 0], [1, 0, 0, 0x0F, 0], [1, 0, 0, 0x2A, 0], [2, 0, 7, 0, 3]]
        let encoded = pngEncode(rows.flatMap { $0 }, rowLength: 5, bytesPerPixel: 1, tag: 2)
        #expect(encoded == [2, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0x0F, 0, 2, 0, 0, 0, 0x1B, 0, 2, 1, 0, 7, 0xD6, 3])
        let r = predict(encoded, FilterParameters(predictor: 12, columns: 5))
        #expect(r.bytes == rows.flatMap { $0 })
    }

    @Test("each row tag round-trips through an encoder for several pixel layouts",
          arguments: [(1, 8, 7), (3, 8, 5), (4, 8, 3), (1, 16, 6), (3, 16, 2), (1, 1, 20), (2, 4, 5), (1, 2, 9)])
    func roundTrip(colors: Int, bitsPerComponent: Int, columns: Int) {
        var g = SeededGenerator(seed: UInt64(colors * 1000 + bitsPerComponent * 10 + columns))
        let rowLength = (colors * bitsPerComponent * columns + 7) / 8
        let bpp = max(1, (colors * bitsPerComponent + 7) / 8)
        let data = g.bytes(rowLength * 9)
        for tag: UInt8 in 0...4 {
            let encoded = pngEncode(data, rowLength: rowLength, bytesPerPixel: bpp, tag: tag)
            let r = predict(encoded, FilterParameters(predictor: 10 + Int(tag), colors: colors, bitsPerComponent: bitsPerComponent, columns: columns))
            #expect(r.bytes == data, "tag \(tag)")
            #expect(r.complete)
            #expect(r.log.isEmpty)
        }
    }

    @Test("rows may mix tags; the Predictor value (10...15) does not matter")
    func mixedTags() {
        var g = SeededGenerator(seed: 12)
        let data = g.bytes(8 * 6)
        var encoded: [UInt8] = []
        for row in 0..<6 {
            let tag = UInt8(row % 5)
            // Encode each row against the real previous row.
            let prior = row > 0 ? Array(data[((row - 1) * 8)..<(row * 8)]) : []
            let pair = pngEncode(prior + Array(data[(row * 8)..<((row + 1) * 8)]), rowLength: 8, bytesPerPixel: 2, tag: tag)
            encoded += pair.suffix(9)
        }
        for predictor in [10, 11, 12, 13, 14, 15] {
            let r = predict(encoded, FilterParameters(predictor: predictor, colors: 2, columns: 4))
            #expect(r.bytes == data)
        }
    }

    @Test("a row tag above 4 is treated as None with a diagnostic")
    func badTag() {
        let r = predict([2, 1, 2, 7, 3, 4, 9, 5, 6], FilterParameters(predictor: 12, columns: 2))
        #expect(r.bytes == [1, 2, 3, 4, 5, 6])
        #expect(!r.complete)
        #expect(r.log.codes == [.predictorCorrupt])
    }

    @Test("a final partial row is decoded as far as it goes")
    func partialRow() {
        let r = predict([2, 1, 2, 3, 4, 2, 1, 1], FilterParameters(predictor: 12, columns: 4))
        #expect(r.bytes == [1, 2, 3, 4, 2, 3])
        #expect(r.complete)
        #expect(r.log.codes == [.predictorCorrupt])
        #expect(r.log.entries.first?.severity == .info)
        // A lone tag byte at the end adds nothing.
        #expect(predict([0, 1, 2, 3, 4, 2], FilterParameters(predictor: 12, columns: 4)).bytes == [1, 2, 3, 4])
    }

    @Test("absurd Columns and Colors cannot overflow: the data is one partial row")
    func hugeParameters() {
        let r = predict([1, 1, 1, 1], FilterParameters(predictor: 11, colors: 1, columns: Int.max))
        #expect(r.bytes == [1, 2, 3])
        let wide = predict([1, 5, 6, 7], FilterParameters(predictor: 11, colors: Int.max / 2, bitsPerComponent: 16, columns: Int.max))
        #expect(wide.bytes == [5, 6, 7])
        #expect(predict([], FilterParameters(predictor: 12, columns: 4)).bytes.isEmpty)
    }
}

@Suite struct TIFFPredictorTests {
    @Test("8 bits, one colour: each byte adds its left neighbour, per row")
    func eightBitGray() {
        let r = predict([10, 1, 1, 1, 5, 5, 5, 5], FilterParameters(predictor: 2, columns: 4))
        #expect(r.bytes == [10, 11, 12, 13, 5, 10, 15, 20])
        #expect(r.complete)
        #expect(r.log.isEmpty)
        #expect(predict([200, 100], FilterParameters(predictor: 2, columns: 2)).bytes == [200, 44])
    }

    @Test("8 bits, three colours: each component adds the same component of the pixel before")
    func eightBitRGB() {
        let r = predict([1, 2, 3, 1, 1, 1, 10, 20, 30, 0, 0, 255], FilterParameters(predictor: 2, colors: 3, columns: 2))
        #expect(r.bytes == [1, 2, 3, 2, 3, 4, 10, 20, 30, 10, 20, 29])
    }

    @Test("16 bits: big-endian samples wrap at 65536")
    func sixteenBit() {
        let r = predict([0x01, 0x00, 0x00, 0x01, 0xFF, 0xFF], FilterParameters(predictor: 2, bitsPerComponent: 16, columns: 3))
        #expect(r.bytes == [0x01, 0x00, 0x01, 0x01, 0x01, 0x00])
        let rgb = predict([0, 1, 0, 2, 0, 1, 0, 1], FilterParameters(predictor: 2, colors: 2, bitsPerComponent: 16, columns: 2))
        #expect(rgb.bytes == [0, 1, 0, 2, 0, 2, 0, 3])
    }

    @Test("1 bit: differences are XORs along the row")
    func oneBit() {
        let r = predict([0x80, 0xC0], FilterParameters(predictor: 2, bitsPerComponent: 1, columns: 8))
        #expect(r.bytes == [0xFF, 0x80])
    }

    @Test("2 bits, two colours: components wrap at 4")
    func twoBit() {
        let r = predict([0b01_10_11_11], FilterParameters(predictor: 2, colors: 2, bitsPerComponent: 2, columns: 2))
        #expect(r.bytes == [0b01_10_00_01])
    }

    @Test("4 bits: padding bits at the end of a row are left alone, rows restart")
    func fourBit() {
        let r = predict([0x12, 0x3F, 0x11, 0x10], FilterParameters(predictor: 2, bitsPerComponent: 4, columns: 3))
        #expect(r.bytes == [0x13, 0x6F, 0x12, 0x30])
    }

    @Test("a final partial row is decoded as far as it goes")
    func partialRow() {
        #expect(predict([1, 1, 1, 1, 2, 2], FilterParameters(predictor: 2, columns: 4)).bytes == [1, 2, 3, 4, 2, 4])
        #expect(predict([0, 1, 0, 1, 0, 1, 0xAB], FilterParameters(predictor: 2, bitsPerComponent: 16, columns: 4)).bytes == [0, 1, 0, 2, 0, 3, 0xAB])
    }

    @Test("an unsupported BitsPerComponent leaves the data as is, with a diagnostic")
    func unsupportedDepth() {
        let r = predict([1, 2, 3], FilterParameters(predictor: 2, bitsPerComponent: 3, columns: 4))
        #expect(r.bytes == [1, 2, 3])
        #expect(!r.complete)
        #expect(r.log.codes == [.predictorCorrupt])
    }
}

@Suite struct PredictorParameterTests {
    @Test("Predictor 1 is the identity")
    func none() {
        let r = predict([0, 1, 2, 3], FilterParameters(predictor: 1, columns: 2))
        #expect(r.bytes == [0, 1, 2, 3])
        #expect(r.complete)
        #expect(r.log.isEmpty)
    }

    @Test("an undefined Predictor value leaves the data as is, with a warning")
    func undefinedPredictor() {
        for value in [0, 3, 9, -1] {
            let r = predict([4, 5, 6], FilterParameters(predictor: value, columns: 2))
            #expect(r.bytes == [4, 5, 6])
            #expect(r.complete)
            #expect(r.log.codes == [.predictorCorrupt])
        }
    }

    @Test("non-positive Colors, BitsPerComponent or Columns leave the data as is, with a diagnostic")
    func invalidParameters() {
        let bad = [
            FilterParameters(predictor: 12, colors: 0), FilterParameters(predictor: 12, bitsPerComponent: 0),
            FilterParameters(predictor: 2, columns: -3), FilterParameters(predictor: 12, colors: Int.min),
        ]
        for p in bad {
            let r = predict([2, 1, 2], p)
            #expect(r.bytes == [2, 1, 2])
            #expect(!r.complete)
            #expect(r.log.codes == [.predictorCorrupt])
        }
    }

    @Test("output is capped with a size-limit diagnostic")
    func capped() {
        let r = predict([0, 1, 2, 0, 3, 4], FilterParameters(predictor: 12, columns: 2), maxOutput: 3)
        #expect(r.bytes == [1, 2, 3])
        #expect(!r.complete)
        #expect(r.log.codes == [.decodedSizeLimit])
    }

    @Test("an input slice is read from its own start index")
    func sliceInput() {
        let padded: [UInt8] = [9, 9, 2, 1, 2, 2, 1, 1, 9]
        var log = DiagnosticLog()
        let png = Predictor.decode(padded[2..<8], parameters: FilterParameters(predictor: 12, columns: 2), maxOutput: noCap, log: &log)
        #expect(png.bytes == [1, 2, 2, 3])
        let tiff = Predictor.decode(padded[3..<7], parameters: FilterParameters(predictor: 2, columns: 2), maxOutput: noCap, log: &log)
        #expect(tiff.bytes == [1, 3, 2, 3])
    }
}

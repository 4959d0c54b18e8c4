import Foundation
import PDFCore
import Testing
@testable import PDFFilters

/// The CCITT fax decoder against encodings of our own images by libtiff and by
/// tools/corpus/make-ccitt-fixtures.py (CCITTFaxFixtures.swift), hand-made bit strings, and
/// damaged, truncated and hostile data.
@Suite struct CCITTFaxDecoderTests {
    typealias Result = (bytes: [UInt8], log: DiagnosticLog)

    static func decode(_ data: [UInt8], _ parameters: CCITTFaxParameters, maxOutput: Int = noCap) -> Result {
        var log = DiagnosticLog()
        let bytes = CCITTFaxDecoder.decode(data, parameters: parameters, maxOutputBytes: maxOutput, log: &log)
        return (bytes, log)
    }

    static func base64(_ text: String) -> [UInt8] {
        Array(Data(base64Encoded: text.filter { !$0.isWhitespace }) ?? Data())
    }

    /// A fixture image's packed rows, 1 = black, padding bits 0.
    static func bitmap(_ image: CCITTFaxFixtures.Image) -> [UInt8] {
        guard image.pbm.isEmpty else { return base64(image.pbm) }
        let stride = (image.width + 7) / 8
        var out = [UInt8](repeating: 0, count: stride * image.height)
        for (y, runs) in image.runs.enumerated() {
            var x = 0
            for (k, run) in runs.enumerated() {
                if k % 2 == 1 { for p in x..<x + run { out[y * stride + p / 8] |= 0x80 >> UInt8(p % 8) } }
                x += run
            }
        }
        return out
    }

    /// A PBM bitmap (1 = black) in the decoder's default sense (0 = black), padding bits 0.
    static func whiteIs1(_ pbm: [UInt8], width: Int) -> [UInt8] {
        let stride = (width + 7) / 8
        let pad = UInt8(truncatingIfNeeded: 0xFF << (8 - width % 8))
        return pbm.enumerated().map { i, b in
            i % stride == stride - 1 && width % 8 != 0 ? ~b & pad : ~b
        }
    }

    /// Bytes from a string of binary digits (spaces ignored), padded with zero bits.
    static func bits(_ s: String) -> [UInt8] {
        let digits = s.filter { $0 == "0" || $0 == "1" }.map { $0 == "1" ? UInt8(1) : 0 }
        return stride(from: 0, to: digits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { $0 << 1 | (start + $1 < digits.count ? digits[start + $1] : 0) }
        }
    }

    /// The first row where two bitmaps differ (a missing row counts), nil when they are equal.
    static func firstDifferentRow(_ a: [UInt8], _ b: [UInt8], stride: Int) -> Int? {
        if a == b { return nil }
        let rows = (max(a.count, b.count) + stride - 1) / stride
        return (0..<rows).first { r in
            a.dropFirst(r * stride).prefix(stride).elementsEqual(b.dropFirst(r * stride).prefix(stride)) == false
        } ?? rows
    }

    static func parameters(_ e: CCITTFaxFixtures.Encoding, width: Int, blackIs1: Bool = false) -> CCITTFaxParameters {
        CCITTFaxParameters(k: e.k, endOfLine: e.endOfLine, encodedByteAlign: e.encodedByteAlign, columns: width,
                           rows: e.rows, endOfBlock: e.endOfBlock, blackIs1: blackIs1)
    }

    /// A fixture: its data, parameters for its image, and the image in the decoder's sense.
    static func fixture(_ image: String, _ variant: String) throws -> (data: [UInt8], parameters: CCITTFaxParameters, expected: [UInt8], height: Int) {
        let e = try #require(CCITTFaxFixtures.encodings.first { $0.image == image && $0.variant == variant })
        let i = try #require(CCITTFaxFixtures.images[image])
        return (base64(e.data), parameters(e, width: i.width), whiteIs1(bitmap(i), width: i.width), i.height)
    }

    // MARK: Code tables

    @Test("the code tables: 64 terminating and 27 make-up codes per colour, 13 extended, each set prefix-free")
    func codeTablesArePrefixFree() {
        func prefixFree(_ codes: [String]) -> Bool {
            for (i, a) in codes.enumerated() {
                for (j, b) in codes.enumerated() where i != j && b.hasPrefix(a) { return false }
            }
            return true
        }
        let extra = CCITTCodes.extendedMakeUp + [CCITTCodes.endOfLine, CCITTCodes.uncompressed1D]
        #expect(CCITTCodes.whiteTerminating.count == 64 && CCITTCodes.blackTerminating.count == 64)
        #expect(CCITTCodes.whiteMakeUp.count == 27 && CCITTCodes.blackMakeUp.count == 27)
        #expect(CCITTCodes.extendedMakeUp.count == 13)
        #expect(prefixFree(CCITTCodes.whiteTerminating + CCITTCodes.whiteMakeUp + extra))
        #expect(prefixFree(CCITTCodes.blackTerminating + CCITTCodes.blackMakeUp + extra))
        #expect(prefixFree(CCITTCodes.modeCodes.map(\.0)))
        #expect(CCITTCodes.whiteTerminating.allSatisfy { $0.count <= CCITTCodes.whiteBits })
        #expect(CCITTCodes.blackMakeUp.allSatisfy { $0.count <= CCITTCodes.blackBits })
    }

    // MARK: Real encodings

    @Test("every fixture decodes pixel for pixel to its source image, BlackIs1 false and true")
    func fixturesDecodeExactly() {
        #expect(CCITTFaxFixtures.encodings.count >= 20)
        for e in CCITTFaxFixtures.encodings {
            guard let image = CCITTFaxFixtures.images[e.image] else {
                Issue.record("no image \(e.image)")
                continue
            }
            let pbm = Self.bitmap(image)
            let data = Self.base64(e.data)
            #expect(pbm.count == (image.width + 7) / 8 * image.height)
            let normal = Self.decode(data, Self.parameters(e, width: image.width))
            let stride = (image.width + 7) / 8
            #expect(Self.firstDifferentRow(normal.bytes, Self.whiteIs1(pbm, width: image.width), stride: stride) == nil, "\(e.image) \(e.variant)")
            #expect(normal.log.isEmpty, "\(e.image) \(e.variant): \(normal.log.entries.map(\.message))")
            let inverted = Self.decode(data, Self.parameters(e, width: image.width, blackIs1: true))
            #expect(Self.firstDifferentRow(inverted.bytes, pbm, stride: stride) == nil, "\(e.image) \(e.variant) BlackIs1")
        }
    }

    @Test("every form is covered: G4, G3 1-D and 2-D, byte-aligned, with and without EOLs and end of block")
    func fixtureCoverage() {
        let forms = Set(CCITTFaxFixtures.encodings.map { "\($0.k.signum()) \($0.endOfLine) \($0.encodedByteAlign) \($0.endOfBlock)" })
        for form in ["-1 false false true", "-1 false true true", "0 true false true", "0 true true true",
                     "0 false true false", "0 false false false", "1 true false true", "1 true true true"] {
            #expect(forms.contains(form), "\(form)")
        }
    }

    @Test("EOLs are accepted when EndOfLine is false; Rows stops decoding when EndOfBlock is false")
    func parametersThatDoNotMatchTheData() throws {
        let g3 = try Self.fixture("text", "g3")
        var p = g3.parameters
        p.endOfLine = false
        #expect(Self.decode(g3.data, p).bytes == g3.expected)
        // Rows with EndOfBlock false: the first 10 rows and nothing more, without diagnostics.
        let g4 = try Self.fixture("text", "g4")
        p = g4.parameters
        p.rows = 10
        p.endOfBlock = false
        let ten = Self.decode(g4.data, p)
        #expect(ten.bytes == Array(g4.expected.prefix(40 * 10)))
        #expect(ten.log.isEmpty)
        // With EndOfBlock true, Rows does not stop decoding before the EOFB.
        p.endOfBlock = true
        #expect(Self.decode(g4.data, p).bytes == g4.expected)
    }

    @Test("any collection of bytes: array slice and a collection without contiguous storage")
    func collections() throws {
        let g4 = try Self.fixture("noise", "g4")
        var log = DiagnosticLog()
        let slice = ([0] + g4.data + [0])[1...g4.data.count]
        #expect(CCITTFaxDecoder.decode(slice, parameters: g4.parameters, maxOutputBytes: noCap, log: &log) == g4.expected)
        #expect(CCITTFaxDecoder.decode(g4.data.lazy.map { $0 }, parameters: g4.parameters, maxOutputBytes: noCap, log: &log) == g4.expected)
        #expect(log.isEmpty)
    }

    // MARK: Hand-made data

    @Test("hand-made rows: 1-D runs, 2-D vertical, pass and horizontal modes, padding bits 0")
    func handMadeRows() {
        // 1-D, 10 columns: white 3 (1000), black 4 (011), white 3 (1000); then 10 white (00111).
        var p = CCITTFaxParameters(k: 0, columns: 10, rows: 2, endOfBlock: false)
        let oneD = Self.decode(Self.bits("1000 011 1000  00111"), p)
        #expect(oneD.bytes == [0b1110_0001, 0b1100_0000, 0xFF, 0xC0])
        #expect(oneD.log.isEmpty)
        p.blackIs1 = true
        #expect(Self.decode(Self.bits("1000 011 1000  00111"), p).bytes == [0b0001_1110, 0, 0, 0])
        // 2-D, 8 columns: row 0 horizontal (001) white 2 (0111) black 3 (10), then V0 to the end
        // (b1 = 8); row 1 VR1 (011) then VL1 (010): black from 3 to 4; row 2 pass (0001) over
        // row 1's black, then V0: all white; EOFB.
        p = CCITTFaxParameters(k: -1, columns: 8)
        let twoD = Self.decode(Self.bits("001 0111 10 1   011 010 1   0001 1   000000000001 000000000001"), p)
        #expect(twoD.bytes == [0b1100_0111, 0b1110_1111, 0xFF])
        #expect(twoD.log.isEmpty, "\(twoD.log.entries.map(\.message))")
        // Mixed: EOL + tag 1 and a 1-D row, EOL + tag 0 and a 2-D row copying it (V0 V0 V0), RTC.
        p = CCITTFaxParameters(k: 2, endOfLine: true, columns: 10)
        let eol = "000000000001"
        let mixed = Self.decode(Self.bits("\(eol) 1 1000 011 1000 \(eol) 0 1 1 1 " + String(repeating: "\(eol) 1 ", count: 6)), p)
        #expect(mixed.bytes == [0b1110_0001, 0b1100_0000, 0b1110_0001, 0b1100_0000])
        #expect(mixed.log.isEmpty)
        // 1-D with EOLs and an RTC (six EOLs), then bits that are not read.
        p = CCITTFaxParameters(k: 0, endOfLine: true, columns: 10)
        let rtc = Self.decode(Self.bits("\(eol) 00111 " + String(repeating: eol, count: 6) + " 1111 0000"), p)
        #expect(rtc.bytes == [0xFF, 0xC0])
        #expect(rtc.log.isEmpty)
    }

    @Test("extended make-up codes: 2560 + 2560 + 1792 + 64 + 10 white pixels in one run")
    func extendedMakeUpRuns() {
        let width = 2560 * 2 + 1792 + 64 + 10
        let code = "000000011111 000000011111 00000001000 11011 00111"
        let r = Self.decode(Self.bits(code), CCITTFaxParameters(k: 0, columns: width, rows: 1, endOfBlock: false))
        #expect(r.bytes.count == (width + 7) / 8)
        #expect(r.bytes.dropLast().allSatisfy { $0 == 0xFF } && r.bytes.last == 0b1100_0000)
        #expect(r.log.isEmpty)
    }

    // MARK: Damaged and hostile data

    @Test("truncated G4: the rows before the cut are exact, the cut row is completed with white, Rows padded")
    func truncated() throws {
        let g4 = try Self.fixture("text", "g4")
        let cut = Array(g4.data.prefix(g4.data.count / 2))
        var p = g4.parameters
        let r = Self.decode(cut, p)
        let rows = r.bytes.count / 40
        #expect(r.bytes.count % 40 == 0)
        #expect(rows > 10 && rows < g4.height)
        #expect(Array(r.bytes.prefix((rows - 1) * 40)) == Array(g4.expected.prefix((rows - 1) * 40)))
        #expect(r.log.contains(.ccittTruncated))
        p.rows = g4.height
        let padded = Self.decode(cut, p)
        #expect(padded.bytes.count == g4.height * 40)
        #expect(padded.bytes.suffix(40).allSatisfy { $0 == 0xFF || $0 == 0xF8 })
    }

    /// The bit offset of the `n`th EOL (eleven zeros and a one) in `data`, after its one.
    static func endOfLine(_ n: Int, in data: [UInt8]) -> Int? {
        var zeros = 0, seen = 0
        for i in 0..<data.count * 8 {
            if data[i >> 3] >> (7 - i & 7) & 1 == 1 {
                if zeros >= 11 {
                    seen += 1
                    if seen == n { return i + 1 }
                }
                zeros = 0
            } else {
                zeros += 1
            }
        }
        return nil
    }

    @Test("a damaged G3 row: decoding stops there by default, and goes on at the next EOL with DamagedRowsBeforeError")
    func damagedRows() throws {
        let g3 = try Self.fixture("text", "g3")
        var data = g3.data
        // Row 30 (after the 31st EOL): its first bits become 000000000 1 (no white code, no EOL).
        let start = try #require(Self.endOfLine(31, in: data))
        for i in start..<start + 9 { data[i >> 3] &= ~(UInt8(0x80) >> UInt8(i & 7)) }
        data[(start + 9) >> 3] |= UInt8(0x80) >> UInt8((start + 9) & 7)
        var p = g3.parameters
        let strict = Self.decode(data, p)
        #expect(strict.bytes.count == 31 * 40)
        #expect(Array(strict.bytes.prefix(30 * 40)) == Array(g3.expected.prefix(30 * 40)))
        #expect(strict.bytes.suffix(40).allSatisfy { $0 == 0xFF || $0 == 0xF8 })
        #expect(strict.log.contains(.ccittCorrupt))
        p.damagedRowsBeforeError = 2
        let tolerant = Self.decode(data, p)
        let after = (g3.height - 31) * 40
        #expect(tolerant.bytes.count == g3.height * 40)
        #expect(Array(tolerant.bytes.prefix(30 * 40)) == Array(g3.expected.prefix(30 * 40)))
        #expect(Array(tolerant.bytes.suffix(after)) == Array(g3.expected.suffix(after)))
        #expect(tolerant.log.contains(.ccittCorrupt))
    }

    @Test("uncompressed mode is refused with a diagnostic, in 1-D and 2-D rows")
    func uncompressedMode() {
        let twoD = Self.decode(Self.bits("1 1 0000001111 0000"), CCITTFaxParameters(k: -1, columns: 8))
        #expect(twoD.log.contains(.ccittUncompressed))
        #expect(twoD.bytes == [0xFF, 0xFF, 0xFF])
        let oneD = Self.decode(Self.bits("10011 000000001111 1"), CCITTFaxParameters(k: 0, columns: 8))
        #expect(oneD.log.contains(.ccittUncompressed))
        #expect(oneD.bytes == [0xFF, 0xFF])
    }

    @Test("maxOutputBytes: whole rows up to the limit, then a size-limit diagnostic")
    func outputLimit() throws {
        let g3 = try Self.fixture("text", "g3_2d")
        let r = Self.decode(g3.data, g3.parameters, maxOutput: 40 * 10 + 39)
        #expect(r.bytes == Array(g3.expected.prefix(400)))
        #expect(r.log.contains(.decodedSizeLimit))
        let none = Self.decode(g3.data, g3.parameters, maxOutput: 0)
        #expect(none.bytes.isEmpty && none.log.contains(.decodedSizeLimit))
        // Padding to a huge /Rows stops at the limit too.
        let padded = Self.decode([], CCITTFaxParameters(k: -1, columns: 1728, rows: Int.max, endOfBlock: false), maxOutput: 1 << 20)
        #expect(padded.bytes.count == (1 << 20) / 216 * 216)
        #expect(padded.log.contains(.decodedSizeLimit))
    }

    @Test("huge, zero and negative Columns and negative Rows are clamped")
    func clampedParameters() {
        // V0 rows of all white: one bit a row.
        let ones = [UInt8](repeating: 0xFF, count: 64)
        let huge = Self.decode(ones, CCITTFaxParameters(k: -1, columns: Int.max, rows: -5), maxOutput: 1 << 20)
        #expect(huge.log.contains(.ccittParameters))
        #expect(huge.bytes.count == 8 * (CCITTFaxDecoder.maxColumns / 8))
        #expect(huge.log.contains(.decodedSizeLimit))
        for columns in [0, -1, Int.min] {
            let r = Self.decode([0xFF], CCITTFaxParameters(k: -1, columns: columns))
            #expect(r.bytes == [UInt8](repeating: 0x80, count: 8), "\(columns)")
            #expect(r.log.contains(.ccittParameters))
        }
    }

    @Test("random and hostile data never traps, gives whole rows within the limit, in bounded time",
          arguments: [-1, 0, 1, 4])
    func garbage(k: Int) {
        var g = SeededGenerator(seed: UInt64(k + 10))
        let clock = ContinuousClock()
        let started = clock.now
        for trial in 0..<200 {
            let data = g.bytes(Int.random(in: 0...600, using: &g))
            let columns = [1, 7, 8, 61, 317, 1728, 5000][trial % 7]
            let p = CCITTFaxParameters(
                k: k, endOfLine: trial & 1 == 0, encodedByteAlign: trial & 2 == 0, columns: columns,
                rows: trial % 3 == 0 ? trial : 0, endOfBlock: trial & 4 == 0, blackIs1: trial & 8 == 0,
                damagedRowsBeforeError: trial % 5)
            let r = Self.decode(data, p, maxOutput: 1 << 18)
            let stride = (columns + 7) / 8
            #expect(r.bytes.count % stride == 0 && r.bytes.count <= 1 << 18)
        }
        // Long inputs: all ones (one row a bit in 2-D), all zeros, and random bytes.
        for data in [[UInt8](repeating: 0xFF, count: 1 << 16), [UInt8](repeating: 0, count: 1 << 16), g.bytes(1 << 18)] {
            let r = Self.decode(data, CCITTFaxParameters(k: k, endOfLine: true, columns: 64, damagedRowsBeforeError: Int.max), maxOutput: 8 << 20)
            #expect(r.bytes.count % 8 == 0)
        }
        #expect(clock.now - started < .seconds(60))
    }

    @Test("the /DecodeParms reader: spec defaults, and values where given")
    func parameterReader() {
        let defaults = CCITTFaxParameters(integer: { _ in nil }, boolean: { _ in nil })
        #expect(defaults == CCITTFaxParameters())
        #expect(defaults.columns == 1728 && defaults.endOfBlock && !defaults.blackIs1 && defaults.k == 0)
        let ints = ["K": -1, "Columns": 2480, "Rows": 3508, "DamagedRowsBeforeError": 3]
        let bools = ["EndOfLine": true, "EncodedByteAlign": true, "EndOfBlock": false, "BlackIs1": true]
        let p = CCITTFaxParameters(integer: { ints[$0] }, boolean: { bools[$0] })
        #expect(p == CCITTFaxParameters(k: -1, endOfLine: true, encodedByteAlign: true, columns: 2480, rows: 3508,
                                        endOfBlock: false, blackIs1: true, damagedRowsBeforeError: 3))
    }
}

import Foundation
import Testing
import PDFCore
import PDFContent
import PDFFile
import PDFImages
import PDFTestSupport
import PDFText

/// Image XObjects written to hurt the OCR's image decoding: sizes past every limit or no size
/// at all, wrong BitsPerComponent, truncated codec data, broken /Decode arrays and palettes,
/// and a JPEG whose header claims 65535 × 65535. `ImageDecoder.decode` must give nil or an
/// image of the right size, say why in a diagnostic, never trap, and stay within memory.
@Suite(.serialized) struct HostileImageTests {
    /// A one-page document painting image object 5 over the page, with `extra` objects.
    static func document(_ dictionary: String, data: [UInt8], extra: [(Int, String)] = []) -> [UInt8] {
        var b = PDFBuilder.simpleDocument()
        b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>")
        b.addStream(4, text: "q 612 0 0 792 0 0 cm /Im1 Do Q")
        b.addStream(5, dictionary: "/Type /XObject /Subtype /Image " + dictionary, data: data)
        for (n, body) in extra { b.add(n, body) }
        return b.build().bytes
    }

    struct Outcome {
        var image: GrayImage?
        var codes: [String]
        var messages: [String]
    }

    /// The page's image of `pdf` decoded with `limits`.
    static func decode(_ pdf: [UInt8], limits: Limits = .default) throws -> Outcome {
        let document = try Document(bytes: pdf, limits: limits)
        let store = document.store
        let xobjects = store.dictionary(document.pages.first?.resources?["XObject"])
        let object = store.resolve(xobjects?["Im1"])
        let stream = try #require(object.stream)
        var decoder = ImageDecoder(store: store)
        var log = CappedLog()
        let image = decoder.decode(.xobject(stream), resources: nil, log: &log)
        let entries = log.finished.entries
        return Outcome(image: image, codes: entries.map(\.code.rawValue), messages: entries.map(\.message))
    }

    /// The process's peak resident memory so far, in bytes.
    static var peakMemory: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    /// Checks `outcome`: nil with a diagnostic whose code is `refused`, or an image of
    /// `width × height` (when given) whose pixels fill it.
    static func expect(_ outcome: Outcome, refused: String? = nil, width: Int? = nil, height: Int? = nil,
                       logged: String? = nil, _ what: String) {
        if let image = outcome.image {
            #expect(refused == nil, "\(what): decoded \(image.width) × \(image.height), expected \(refused ?? "")")
            #expect(image.pixels.count == image.width * image.height, "\(what)")
            if let width { #expect(image.width == width, "\(what)") }
            if let height { #expect(image.height == height, "\(what)") }
        } else {
            #expect(refused != nil, "\(what): refused with \(outcome.codes) \(outcome.messages)")
            if let refused { #expect(outcome.codes.contains(refused), "\(what): \(outcome.codes) \(outcome.messages)") }
        }
        if let logged { #expect(outcome.codes.contains(logged), "\(what): \(outcome.codes) \(outcome.messages)") }
    }

    // MARK: Sizes and sample depths

    /// A size, the code it is refused with, and whether a JPEG's data (whose own header gives
    /// the size decoded) is refused too: the dictionary's size is checked first.
    @Test("sizes past the limits, negative, zero, missing and not integers", arguments: [
        ("/Width 1000000000 /Height 10", "imageTooLarge", true),
        ("/Width 10 /Height 1000000000", "imageTooLarge", true),
        ("/Width 2147483648 /Height 2147483648", "imageTooLarge", true),
        ("/Width 9223372036854775807 /Height 2", "imageTooLarge", true),
        ("/Width 1048576 /Height 1048576", "imageTooLarge", false),
        ("/Width -5 /Height 10", "imageUndecodable", true),
        ("/Width 10 /Height -2147483648", "imageUndecodable", true),
        ("/Width 0 /Height 0", "imageUndecodable", true),
        ("/Height 10", "imageUndecodable", true),
        ("/Width 10.5 /Height 10", "imageUndecodable", true),
        ("/Width 1e9 /Height 10", "imageTooLarge", true),
        ("/Width (ten) /Height 10", "imageUndecodable", true),
    ])
    func sizes(_ size: String, _ code: String, _ jpegRefused: Bool) throws {
        let before = Self.peakMemory
        let pdf = Self.document("\(size) /ColorSpace /DeviceGray /BitsPerComponent 8", data: [UInt8](repeating: 0x80, count: 100))
        Self.expect(try Self.decode(pdf), refused: code, size)
        let jpeg = Self.document("\(size) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", data: Self.grayJPEG)
        Self.expect(try Self.decode(jpeg), refused: jpegRefused ? code : nil, width: 16, height: 16, "DCT, " + size)
        #expect(Self.peakMemory - before < 1 << 30, "\(size): peak memory grew by \((Self.peakMemory - before) >> 20) MiB")
    }

    @Test("BitsPerComponent 3, 0, 64, -1 and 2^63 are refused; 1 to 16 give the image", arguments: [3, 0, 64, -1, Int.max])
    func wrongDepth(_ bpc: Int) throws {
        let pdf = Self.document("/Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent \(bpc)", data: [UInt8](repeating: 7, count: 512))
        Self.expect(try Self.decode(pdf), refused: "imageUndecodable", "BitsPerComponent \(bpc)")
    }

    @Test("every valid depth gives an image of the declared size", arguments: [1, 2, 4, 8, 16])
    func validDepths(_ bpc: Int) throws {
        let rowBytes = (8 * 3 * bpc + 7) / 8
        let pdf = Self.document("/Width 8 /Height 3 /ColorSpace /DeviceRGB /BitsPerComponent \(bpc)", data: [UInt8](repeating: 0xFF, count: rowBytes * 3))
        let outcome = try Self.decode(pdf)
        Self.expect(outcome, width: 8, height: 3, "BitsPerComponent \(bpc)")
        #expect(outcome.codes.isEmpty && outcome.image?.pixels.allSatisfy { $0 == 255 } == true)
    }

    // MARK: Truncated codec data

    /// A 16 × 16 gray JPEG (ImageMagick, quality 80), from tools/fuzz/seeds/dct/gray.bin.
    static let grayJPEG: [UInt8] = seed("dct/gray.bin", header: 2)
    static let rgbJPEG: [UInt8] = seed("dct/rgb-420.bin", header: 2)
    static let rgbJPX: [UInt8] = seed("jpx/rgb.bin", header: 2)
    static let mmrJBIG2: [UInt8] = seed("jbig2/mmr-32x16.bin", header: 4)

    static func seed(_ name: String, header: Int) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/fuzz/seeds/\(name)")
        return Array(((try? Data(contentsOf: url)) ?? Data()).dropFirst(header))
    }

    @Test("the codecs' data cut short: an image with imageTruncated, or nil with imageUndecodable")
    func truncated() throws {
        #expect(Self.grayJPEG.count > 100 && Self.rgbJPX.count > 100 && Self.mmrJBIG2.count > 40)
        let cases: [(String, [UInt8], String)] = [
            ("/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", Self.grayJPEG, "DCT"),
            ("/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /JPXDecode", Self.rgbJPX, "JPX"),
            ("/ImageMask true /Filter /JBIG2Decode", Self.mmrJBIG2, "JBIG2"),
            ("/ImageMask true /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 16 /Rows 16 >>",
             [0x26, 0xA1, 0xAF, 0xFF, 0x80, 0x01, 0x22, 0x99, 0x4C, 0x33], "CCITT"),
        ]
        for (dictionary, data, codec) in cases {
            for keep in [0, 1, 2, 11, data.count / 3, data.count / 2, data.count - 2] {
                let pdf = Self.document("/Width 16 /Height 16 " + dictionary, data: Array(data.prefix(keep)))
                let outcome = try Self.decode(pdf)
                let what = "\(codec) cut to \(keep) of \(data.count) bytes"
                if outcome.image != nil {
                    #expect(outcome.codes.contains("imageTruncated") || outcome.codes.contains { $0.hasPrefix("ccitt") }, "\(what): \(outcome.codes)")
                }
                Self.expect(outcome, refused: outcome.image == nil ? "imageUndecodable" : nil, what)
            }
        }
    }

    // MARK: Decode arrays and palettes

    @Test("/Decode of the wrong length or with huge numbers: the defaults where a pair is missing or not finite", arguments: [
        ("[0]", [0, 128, 255]),
        ("[]", [0, 128, 255]),
        ("[1 0 1 0 1 0 1 0 1 0]", [255, 127, 0]),
        ("[1e400 -1e400]", nil),
        ("[99999999999999999999999999999999999999 -99999999999999999999999999999999999999]", nil),
        ("[-1.7976931348623157e308 1.7976931348623157e308]", nil),
        ("[0 1 /Name (text) null]", [0, 128, 255]),
        ("5", [0, 128, 255]),
    ] as [(String, [UInt8]?)])
    func decodeArrays(_ decode: String, _ expected: [UInt8]?) throws {
        let pdf = Self.document("/Width 3 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Decode \(decode)", data: [0, 128, 255])
        let outcome = try Self.decode(pdf)
        Self.expect(outcome, width: 3, height: 1, decode)
        if let expected { #expect(outcome.image?.pixels == expected, "\(decode)") }
    }

    @Test("an Indexed space with a short or missing lookup table: missing entries are black")
    func shortPalette() throws {
        for (space, data) in [("[/Indexed /DeviceRGB 255 <FFFFFF>]", [0, 1, 200, 255] as [UInt8]),
                              ("[/Indexed /DeviceRGB 255 ()]", [0, 1, 2, 3]),
                              ("[/Indexed /DeviceRGB 99999 <FFFFFF>]", [0, 1, 2, 3]),
                              ("[/Indexed /DeviceRGB -1 <FFFFFF>]", [0, 1, 2, 3]),
                              ("[/Indexed /DeviceCMYK 1 6 0 R]", [0, 1, 2, 3]),
                              ("[/Indexed]", [0, 1, 2, 3])] {
            let pdf = Self.document("/Width 4 /Height 1 /BitsPerComponent 8 /ColorSpace \(space)", data: data,
                                    extra: [(6, "<< /Length 3 >>\nstream\nabc\nendstream")])
            let outcome = try Self.decode(pdf)
            Self.expect(outcome, width: 4, height: 1, space)
            if space.hasSuffix("<FFFFFF>]"), space.contains(" 255 ") { #expect(outcome.image?.pixels == [255, 0, 0, 0]) }
        }
    }

    // MARK: Headers that claim too much

    /// `jpeg` with its frame header claiming `width × height`.
    static func claiming(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = jpeg
        var p = 2
        while p + 9 < out.count {
            let marker = out[p + 1], length = Int(out[p + 2]) << 8 | Int(out[p + 3])
            if marker == 0xC0 || marker == 0xC2 {
                out[p + 5] = UInt8(height >> 8); out[p + 6] = UInt8(height & 0xFF)
                out[p + 7] = UInt8(width >> 8); out[p + 8] = UInt8(width & 0xFF)
                return out
            }
            p += 2 + length
        }
        return out
    }

    @Test("a JPEG whose header claims 65535 × 65535 or 65500 × 65500: refused, or scaled to the pixel limit within memory")
    func hugeJPEGHeader() throws {
        let before = Self.peakMemory
        func pdf(_ jpeg: [UInt8], _ side: Int, _ space: String) -> [UInt8] {
            Self.document("/Width \(side) /Height \(side) /ColorSpace \(space) /BitsPerComponent 8 /Filter /DCTDecode",
                          data: Self.claiming(jpeg, width: side, height: side))
        }
        // Past TurboJPEG's largest side (65500): refused by the library, which says so.
        let most = try Self.decode(pdf(Self.grayJPEG, 65535, "/DeviceGray"))
        Self.expect(most, refused: "imageUndecodable", "65535 × 65535 JPEG")
        #expect(most.messages.first?.contains("65500") == true)
        // Default limits (128 Mi pixels): TurboJPEG's 1/8 scale, 8188 × 8188, from data that ends early.
        let gray = try Self.decode(pdf(Self.grayJPEG, 65500, "/DeviceGray"))
        Self.expect(gray, width: 8188, height: 8188, logged: "imageTruncated", "65500 × 65500 JPEG")
        // The fuzzing limits (4 Mi pixels): even 1/8 is too large.
        for (jpeg, space) in [(Self.grayJPEG, "/DeviceGray"), (Self.rgbJPEG, "/DeviceRGB")] {
            Self.expect(try Self.decode(pdf(jpeg, 65500, space), limits: .fuzzing), refused: "imageTooLarge", "65500 × 65500 JPEG, 4 Mi pixels")
        }
        #expect(Self.peakMemory - before < 1 << 30, "peak memory grew by \((Self.peakMemory - before) >> 20) MiB")
    }

    /// An embedded JBIG2 stream of one page information segment for `width × height` and an
    /// end of page (T.88 §7.4.8, §7.4.9).
    static func jbig2Page(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let info = be(width) + be(height) + be(0) + be(0) + [0, 0, 0]
        return be(0) + [48, 0, 1] + be(UInt32(info.count)) + info + be(1) + [49, 0, 1] + be(0)
    }

    @Test("a JBIG2 page claiming 2^32 − 1 × 2^32 − 1 or 60000 × 60000: refused within memory", arguments: [
        (UInt32.max, UInt32.max), (60000, 60000), (1 << 20, 1 << 14), (65535, 2),
    ] as [(UInt32, UInt32)])
    func hugeJBIG2Page(_ width: UInt32, _ height: UInt32) throws {
        let before = Self.peakMemory
        let pdf = Self.document("/Width 100 /Height 100 /ImageMask true /Filter /JBIG2Decode", data: Self.jbig2Page(width: width, height: height))
        let outcome = try Self.decode(pdf)
        if UInt64(width) * UInt64(height) > UInt64(Limits.default.maxImagePixels) {
            Self.expect(outcome, refused: "imageTooLarge", "JBIG2 page \(width) × \(height)")
        } else {
            Self.expect(outcome, width: Int(width), height: Int(height), "JBIG2 page \(width) × \(height)")
        }
        #expect(Self.peakMemory - before < 1 << 30, "\(width) × \(height): peak memory grew by \((Self.peakMemory - before) >> 20) MiB")
    }

    @Test("raw samples declaring 2^20 × 2^20 over a few bytes, and a decompression bomb: within memory")
    func hugeRawImages() throws {
        let before = Self.peakMemory
        let raw = Self.document("/Width 1048576 /Height 1048576 /ColorSpace /DeviceCMYK /BitsPerComponent 16", data: [1, 2, 3])
        Self.expect(try Self.decode(raw), refused: "imageTooLarge", "2^20 × 2^20 CMYK")
        // 64 MiB of zeros deflated to 256 KiB, cut at a decoded-stream limit of 16 MiB: the
        // rows decoded, the rest white, and both said.
        var limits = Limits.default
        limits.maxDecodedStreamBytes = 16 << 20
        let bomb = Self.deflatedZeros(megabytes: 64)
        let pdf = Self.document("/Width 4096 /Height 4096 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode", data: bomb)
        let outcome = try Self.decode(pdf, limits: limits)
        Self.expect(outcome, width: 4096, height: 4096, logged: "imageTooLarge", "Flate bomb")
        #expect(outcome.codes.contains("imageTruncated"))
        #expect(outcome.image?.pixels.first == 0 && outcome.image?.pixels.last == 255)
        #expect(Self.peakMemory - before < 1 << 30, "peak memory grew by \((Self.peakMemory - before) >> 20) MiB")
    }

    /// `megabytes` MiB of zero bytes as a zlib stream: one block of fixed Huffman codes, a
    /// literal 0 and then 258-byte matches of it (13 bits each).
    static func deflatedZeros(megabytes: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.put(1, 1); writer.put(1, 2)         // final block, fixed Huffman codes
        writer.put(0b00110000, 8, reversed: true) // literal 0
        var left = megabytes << 20 - 1
        while left >= 258 {
            writer.put(0b11000101, 8, reversed: true) // length 258 (code 285)
            writer.put(0, 5, reversed: true)          // distance 1 (code 0)
            left -= 258
        }
        for _ in 0..<left { writer.put(0b00110000, 8, reversed: true) }
        writer.put(0, 7 + 7, reversed: true)         // end of block, and padding to a byte
        return [0x78, 0x01] + writer.bytes + [0, 0, 0, 0]
    }

    /// Bits written least significant first, as deflate packs them; Huffman codes `reversed`.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0, count: UInt32 = 0
        mutating func put(_ value: UInt32, _ bits: UInt32, reversed: Bool = false) {
            var v = value
            if reversed {
                v = 0
                for i in 0..<bits where value & (1 << i) != 0 { v |= 1 << (bits - 1 - i) }
            }
            buffer |= v << count
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
    }
}

/// The OCR pass (`--ocr always`) over pages whose images are hostile: the page is read, and the
/// decoder's diagnostics reach the page's.
@Suite(.enabled(if: OCREngineInfo.unavailableReason == nil, "Tesseract is not installed"))
struct HostileImageOCRTests {
    @Test("refused, oversized and truncated images: the page's diagnostics say so", arguments: [
        ("/Width 2147483648 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8", "imageTooLarge"),
        ("/Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 64", "imageUndecodable"),
        ("/Width 16 /Height 16 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", "imageTruncated"),
        ("/Width 16 /Height 16 /ImageMask true /Filter /JBIG2Decode", "imageTooLarge"),
    ])
    func pageDiagnostics(_ dictionary: String, _ code: String) throws {
        let data: [UInt8]
        switch code {
        case "imageTruncated": data = Array(HostileImageTests.grayJPEG.dropLast(20))
        case "imageTooLarge" where dictionary.contains("JBIG2"): data = HostileImageTests.jbig2Page(width: .max, height: .max)
        default: data = [1, 2, 3]
        }
        let document = try Document(bytes: HostileImageTests.document(dictionary, data: data))
        let page = TextExtractor(document: document).withOCR(OCROptions(mode: .always)).page(0)
        #expect(page.glyphs.diagnostics.contains(Diagnostic.Code(code)), "\(page.glyphs.diagnostics.entries.map(\.description))")
    }
}

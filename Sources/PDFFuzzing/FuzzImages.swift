// The bodies of tools/fuzz's image targets: FuzzDCT, FuzzJPX and FuzzJBIG2 (a codec's data in
// an image stream whose dictionary the first bytes choose) and FuzzImageSamples (raw samples
// through the stream filters, every BitsPerComponent and the colour spaces to gray). Each input
// becomes a small PDF written here (the image as object 3, with the colour-space, function,
// ICC and JBIG2-globals objects it may refer to), opened by `ObjectStore` with
// `Limits.fuzzing`, and the image is decoded by `ImageDecoder` as an image XObject or, when the
// header says so, as an inline image with abbreviated keys.

import PDFCore
import PDFSyntax
import PDFFile
import PDFContent
import PDFImages

extension FuzzEntry {
    /// What an image entry point decoded: the image's size (nil when it was refused) and the
    /// codes of the diagnostics it logged, in order.
    public struct ImageOutcome: Sendable, Equatable {
        public var width: Int?
        public var height: Int?
        public var codes: [String]
        /// The image's pixels (empty when refused).
        public var pixels: [UInt8] = []
        public var decoded: Bool { width != nil }
    }

    public enum ImageCodec: Sendable, CaseIterable {
        case dct, jpx, jbig2
        var filter: String {
            switch self {
            case .dct: "DCTDecode"
            case .jpx: "JPXDecode"
            case .jbig2: "JBIG2Decode"
            }
        }
    }

    /// The image dictionary a codec target's first ``codecHeaderBytes`` bytes choose.
    public struct CodecChoice: Equatable, Sendable {
        /// 0 none, /DeviceGray, /DeviceRGB, /DeviceCMYK, ICCBased (3, /Alternate /DeviceRGB),
        /// Indexed (RGB, hival 1), Separation (CMYK alternate, type 2 function), /Pattern.
        public var space: Int
        /// 0 none, `[1 0]` × 4, `[0]`, `[±1.7e308]` × 4.
        public var decode: Int
        public var isMask: Bool
        public var isInline: Bool
        /// A /FlateDecode before the codec (the data is wrapped in stored deflate blocks).
        public var outerFlate: Bool
        /// /BitsPerComponent: 8, 1, 16, absent.
        public var bitsPerComponent: Int?
        /// Declared /Width × /Height: 64 × 64, 1 × 1, 65535 × 65535, 2^20 + 1 × 0 (refused).
        public var size: Int
        /// The codec's /DecodeParms: DCT `/ColorTransform`, JPX none, JBIG2 its globals' place.
        public var parameters: Bool
        public var parameterValue: Int

        /// Byte 0: bits 0–2 `space`, 3–4 `decode`, 5 ImageMask, 6 inline, 7 outer Flate; byte 1:
        /// bits 0–1 BitsPerComponent, 2–3 size, 4 /DecodeParms, 5 their value. Missing bytes are 0.
        public init(_ header: ArraySlice<UInt8>) {
            let b0 = header.first.map(Int.init) ?? 0
            let b1 = header.dropFirst().first.map(Int.init) ?? 0
            space = b0 & 7
            decode = b0 >> 3 & 3
            isMask = b0 & 0x20 != 0
            isInline = b0 & 0x40 != 0
            outerFlate = b0 & 0x80 != 0
            bitsPerComponent = [8, 1, 16, nil][b1 & 3]
            size = b1 >> 2 & 3
            parameters = b1 & 0x10 != 0
            parameterValue = b1 >> 5 & 1
        }

        var declaredSize: (Int, Int) { [(64, 64), (1, 1), (65535, 65535), (1 << 20 + 1, 0)][size] }
        /// The sample target's colour space for `space`.
        var sampleSpace: Int { [0, 1, 2, 3, 12, 4, 7, 17][space] }
    }

    public static let codecHeaderBytes = 2

    /// DCT, JPX or JBIG2 data after a ``CodecChoice`` header (JBIG2: then two bytes, big-endian,
    /// give the length of the /JBIG2Globals data that follows, and the rest is the page's
    /// data). Checks that a refusal is logged, that an image has `width × height` pixels within
    /// the limits, and that a declared size the decoder refuses gives no image.
    public static func imageCodec(_ codec: ImageCodec, _ input: [UInt8]) -> ImageOutcome {
        let choice = CodecChoice(input.prefix(codecHeaderBytes))
        var data = input.dropFirst(codecHeaderBytes)
        var globals: ArraySlice<UInt8> = []
        if codec == .jbig2 {
            let length = data.prefix(2).reduce(0) { $0 << 8 | Int($1) }
            data = data.dropFirst(2)
            globals = data.prefix(length)
            data = data.dropFirst(length)
        }
        let (w, h) = choice.declaredSize
        var image = ImageText(width: w, height: h, inline: choice.isInline)
        image.bitsPerComponent = choice.bitsPerComponent
        image.isMask = choice.isMask
        image.space = choice.sampleSpace
        image.hival = 1
        image.lookup = [0, 0, 0, 255, 255, 255]
        image.decode = ["", "[1 0 1 0 1 0 1 0]", "[0]", "[-1.7e308 1.7e308 1.7e308 -1.7e308 0 1e308 1 -1e308]"][choice.decode]
        var encoded = Array(data)
        if choice.outerFlate {
            encoded = storedZlib(data)
            image.filters.append("FlateDecode")
            image.parameters.append("null")
        }
        image.filters.append(codec.filter)
        switch codec {
        case .dct: image.parameters.append(choice.parameters ? "<< /ColorTransform \(choice.parameterValue) >>" : "null")
        case .jpx: image.parameters.append("null")
        case .jbig2: image.parameters.append(globals.isEmpty ? "null" : "<< /JBIG2Globals 11 0 R >>")
        }
        let outcome = decodeImage(image, data: encoded, globals: Array(globals), ink: 0)
        let limits = Limits.fuzzing
        if let width = outcome.width, let height = outcome.height {
            check(width > 0 && height > 0 && width * height <= limits.maxImagePixels, "\(codec) image of \(width) × \(height)")
            if codec == .jbig2 { check((width + 7) / 8 * height <= limits.maxImageDecodeBytes, "JBIG2 image of \(width) × \(height)") }
        }
        if choice.size == 3 { check(!outcome.decoded, "an image of declared height 0 was decoded") }
        return outcome
    }

    /// The image dictionary FuzzImageSamples' first ``sampleHeaderBytes`` bytes choose.
    public struct SampleChoice: Equatable, Sendable {
        public var width: Int, height: Int
        /// 1, 2, 4, 8, 16, or the wrong 0, 3, 32.
        public var bitsPerComponent: Int
        /// An index into ``sampleSpaces`` (the colour spaces with their components).
        public var space: Int
        /// 0 none, the space's natural range, inverted, `[]`, `[0]`, too long, ±1.7e308, 400-digit numbers.
        public var decode: Int
        /// 0 none, Flate, Flate with a predictor, Flate with a predictor whose parameters do
        /// not fit the image, LZW, LZW with a predictor and /EarlyChange 0, Flate of the
        /// input's own bytes (not wrapped), RunLength of the input's own bytes.
        public var filter: Int
        public var isInline: Bool
        public var isMask: Bool
        /// Indexed: hival; predictors: `[2, 10, 11, 12, 13, 14, 15][extra % 7]`; masks: the ink.
        public var extra: Int
        /// Indexed: how many bytes after the header are the lookup table.
        public var lookupLength: Int

        /// Byte 0 width − 1, byte 1 height − 1, byte 2 bits 0–2 BitsPerComponent and 3–7 the
        /// colour space, byte 3 bits 0–2 /Decode, 3–5 the filter, 6 inline, 7 ImageMask, byte 4
        /// `extra`, byte 5 `lookupLength`. Missing bytes are 0.
        public init(_ header: ArraySlice<UInt8>) {
            let b = (Array(header.prefix(6)) + [0, 0, 0, 0, 0, 0]).map(Int.init)
            (width, height) = (b[0] + 1, b[1] + 1)
            (bitsPerComponent, space) = ([1, 2, 4, 8, 16, 0, 3, 32][b[2] & 7], (b[2] >> 3) % sampleSpaces.count)
            (decode, filter, isInline, isMask) = (b[3] & 7, b[3] >> 3 & 7, b[3] & 0x40 != 0, b[3] & 0x80 != 0)
            (extra, lookupLength) = (b[4], b[5])
        }

        var isValid: Bool { isMask || ([1, 2, 4, 8, 16].contains(bitsPerComponent) && sampleSpaces[space].components > 0) }
        var components: Int { isMask ? 1 : sampleSpaces[space].components }
        var bitsPerComponentUsed: Int { isMask ? 1 : bitsPerComponent }
        var rowBytes: Int { (width * components * bitsPerComponentUsed + 7) / 8 }
        var predictor: Int { [2, 10, 11, 12, 13, 14, 15][extra % 7] }
        /// The filters after which the decoded data is the payload itself.
        var keepsPayload: Bool { [0, 1, 4].contains(filter) }
    }

    public static let sampleHeaderBytes = 6

    /// Raw samples after a ``SampleChoice`` header (and, for Indexed spaces, the lookup table).
    /// Checks that a refusal is logged, that a valid dictionary (BitsPerComponent 1–16 or a
    /// mask, a space with components) always gives an image of the declared size, that a mask
    /// paints only its ink, that `imageTruncated` is logged exactly when the data is short,
    /// and that 8-bit gray comes out as the samples themselves (inverted by `[1 0]`).
    public static func imageSamples(_ input: [UInt8]) -> ImageOutcome {
        let choice = SampleChoice(input.prefix(sampleHeaderBytes))
        var payload = input.dropFirst(sampleHeaderBytes)
        let isIndexed = sampleSpaces[choice.space].indexed
        var image = ImageText(width: choice.width, height: choice.height, inline: choice.isInline)
        image.bitsPerComponent = choice.bitsPerComponent
        image.isMask = choice.isMask
        image.space = choice.space
        if isIndexed {
            image.lookup = Array(payload.prefix(choice.lookupLength))
            payload = payload.dropFirst(choice.lookupLength)
            image.hival = choice.extra
        }
        image.decode = sampleDecode(choice, isIndexed: isIndexed)
        let encoded = sampleFilters(choice, payload: payload, into: &image)
        let ink = UInt8(choice.extra)
        let outcome = decodeImage(image, data: encoded, globals: [], ink: ink)
        guard choice.isValid else { return outcome }
        let pixels = outcome.pixels
        check(outcome.width == choice.width && outcome.height == choice.height,
              "a valid \(choice.width) × \(choice.height) image gave \(String(describing: outcome.width)) × \(String(describing: outcome.height)): \(outcome.codes)")
        if choice.isMask {
            check(pixels.allSatisfy { $0 == 255 || $0 == ink }, "a mask painted other than its ink \(ink)")
        }
        if choice.keepsPayload {
            let short = payload.count < choice.rowBytes * choice.height
            check(outcome.codes.contains("imageTruncated") == short, "\(payload.count) bytes for rows of \(choice.rowBytes) × \(choice.height): \(outcome.codes)")
            if !choice.isMask, choice.bitsPerComponent == 8, [0, 1, 16].contains(choice.space), choice.decode != 6, choice.decode != 7 {
                // Whole rows only: a partial last row is left white.
                let samples = payload.count / choice.width * choice.width
                for (i, p) in pixels.enumerated() {
                    let s = i < samples ? payload[payload.startIndex + i] : 255
                    let expected = i < samples && choice.decode == 2 ? 255 - s : s
                    check(p == expected, "gray pixel \(i): \(p) for sample \(s)")
                }
            }
        }
        return outcome
    }

    static func sampleDecode(_ c: SampleChoice, isIndexed: Bool) -> String {
        let n = c.components
        let top = isIndexed && !c.isMask ? (1 << min(c.bitsPerComponentUsed, 16)) - 1 : 1
        func pairs(_ pair: String) -> String { "[" + Array(repeating: pair, count: n).joined(separator: " ") + "]" }
        let huge = String(repeating: "9", count: 400)
        switch c.decode {
        case 1: return pairs("0 \(top)")
        case 2: return pairs("\(top) 0")
        case 3: return "[]"
        case 4: return "[0]"
        case 5: return "[" + Array(repeating: "0 \(top)", count: n).joined(separator: " ") + " 0 1 0.5]"
        case 6: return pairs("1.7e308 -1.7e308")
        case 7: return pairs("\(huge) -\(huge)")
        default: return ""
        }
    }

    /// The data for the choice's filter, its names and parameters set in `image`.
    static func sampleFilters(_ c: SampleChoice, payload: ArraySlice<UInt8>, into image: inout ImageText) -> [UInt8] {
        let colors = max(1, c.components), bpc = c.bitsPerComponentUsed
        let matching = "/Colors \(colors) /BitsPerComponent \(bpc) /Columns \(c.width)"
        switch c.filter {
        case 1, 6:
            image.filters = ["FlateDecode"]
            return c.filter == 1 ? storedZlib(payload) : Array(payload)
        case 2, 3:
            image.filters = ["FlateDecode"]
            let parameters = c.filter == 2 ? matching : "/Colors \(colors + 1) /BitsPerComponent \(bpc == 8 ? 4 : 8) /Columns \(c.width * 2 + 1)"
            image.parameters = ["<< /Predictor \(c.predictor) \(parameters) >>"]
            return storedZlib(payload)
        case 4, 5:
            image.filters = ["LZWDecode"]
            if c.filter == 5 { image.parameters = ["<< /Predictor \(c.predictor) \(matching) /EarlyChange 0 >>"] }
            return lzwLiterals(payload)
        case 7:
            image.filters = ["RunLengthDecode"]
            return Array(payload)
        default:
            return Array(payload)
        }
    }

    /// Writes the document, opens it and decodes object 3 (or object 12 as an inline image).
    static func decodeImage(_ image: ImageText, data: [UInt8], globals: [UInt8], ink: UInt8) -> ImageOutcome {
        let pdf = imageDocument(image, data: data, globals: globals)
        let store: ObjectStore
        do { store = try ObjectStore(bytes: pdf, limits: .fuzzing) } catch {
            check(false, "the image document was refused: \(error)")
            return ImageOutcome(width: nil, height: nil, codes: [])
        }
        let source: ImageSource
        if image.inline {
            guard let dictionary = store.dictionary(store.object(ObjectID(12))) else {
                check(false, "object 12 is not the inline image's dictionary")
                return ImageOutcome(width: nil, height: nil, codes: [])
            }
            source = .inline(dictionary: dictionary, data: data)
        } else {
            guard case .stream(let stream) = store.object(ObjectID(3)) else {
                check(false, "object 3 is not the image stream")
                return ImageOutcome(width: nil, height: nil, codes: [])
            }
            source = .xobject(stream)
        }
        var decoder = ImageDecoder(store: store)
        var log = CappedLog(perCode: 20, capacity: 200)
        let decoded = decoder.decode(source, resources: store.dictionary(store.object(ObjectID(8))), ink: ink, log: &log)
        let codes = log.finished.entries.map(\.code.rawValue)
        guard let decoded else {
            check(!codes.isEmpty, "an image was refused without a diagnostic")
            return ImageOutcome(width: nil, height: nil, codes: codes)
        }
        check(decoded.width > 0 && decoded.height > 0 && decoded.pixels.count == decoded.width * decoded.height,
              "\(decoded.pixels.count) pixels for \(decoded.width) × \(decoded.height)")
        return ImageOutcome(width: decoded.width, height: decoded.height, codes: codes, pixels: decoded.pixels)
    }
}

/// The colour spaces FuzzImageSamples chooses from: their text (`{hival}` stands for hival,
/// `{lookup}` for the lookup table as a hex string), components, and whether they are Indexed.
let sampleSpaces: [(text: String?, components: Int, indexed: Bool)] = [
    (nil, 1, false),
    ("/DeviceGray", 1, false),
    ("/DeviceRGB", 3, false),
    ("/DeviceCMYK", 4, false),
    ("[/Indexed /DeviceRGB {hival} {lookup}]", 1, true),
    ("[/Indexed [/ICCBased 4 0 R] {hival} 6 0 R]", 1, true),
    ("[/Indexed /DeviceCMYK {hival} {lookup}]", 1, true),
    ("[/Separation /Spot /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0.2 0.9 0.1 0.3] /N 1.5 >>]", 1, false),
    ("[/Separation /None /DeviceGray << /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >>]", 1, false),
    ("[/Separation /All /DeviceGray 9 0 R]", 1, false),
    ("[/DeviceN [/A /B] /DeviceRGB 7 0 R]", 2, false),
    ("""
     [/DeviceN [/A /B /C /D /E /F /G /H /I /J] /DeviceCMYK << /FunctionType 3 /Domain [0 1] /Bounds [0.5] /Encode [0 1 0 1] \
     /Functions [<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0 0 0] /N 1 >> << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 1] /C1 [0 1 1 0] /N 2 >>] >>]
     """, 10, false),
    ("[/ICCBased 4 0 R]", 3, false),
    ("[/ICCBased 10 0 R]", 4, false),
    ("[/Lab << /WhitePoint [0.9505 1 1.089] /Range [-128 127 -128 127] >>]", 3, false),
    ("[/Indexed [/Lab << /WhitePoint [0.9505 1 1.089] >>] {hival} {lookup}]", 1, true),
    ("[/ICCBased 5 0 R]", 1, false),
    ("/Pattern", 0, false),
]

/// An image dictionary to be written as PDF text, as an XObject or with an inline image's
/// abbreviated keys.
struct ImageText {
    var width: Int, height: Int
    var inline: Bool
    var bitsPerComponent: Int?
    var isMask = false
    /// An index into `sampleSpaces`.
    var space = 0
    var hival = 0
    var lookup: [UInt8] = []
    /// The /Decode array's text, "" for none.
    var decode = ""
    var filters: [String] = []
    /// One entry per filter, "null" for none (or empty: no /DecodeParms).
    var parameters: [String] = []

    init(width: Int, height: Int, inline: Bool) {
        self.width = width; self.height = height; self.inline = inline
    }

    /// The space's text, for the image (`inline`: a name, /CS0 for the resources' array).
    func spaceText(inline: Bool) -> String? {
        guard let text = sampleSpaces[space].text else { return nil }
        if inline {
            switch text {
            case "/DeviceGray": return "/G"
            case "/DeviceRGB": return "/RGB"
            case "/DeviceCMYK": return "/CMYK"
            case "/Pattern": return text
            default: return "/CS0"
            }
        }
        let hex = lookup.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        return text.replacingOccurrences("{hival}", with: String(hival)).replacingOccurrences("{lookup}", with: "<\(hex)>")
    }

    var dictionary: String {
        let abbreviations: [String: String] = ["FlateDecode": "Fl", "LZWDecode": "LZW", "RunLengthDecode": "RL", "DCTDecode": "DCT"]
        func key(_ full: String, _ short: String) -> String { inline ? short : full }
        var s = inline ? "<<" : "<< /Type /XObject /Subtype /Image"
        s += " /\(key("Width", "W")) \(width) /\(key("Height", "H")) \(height)"
        if let bitsPerComponent { s += " /\(key("BitsPerComponent", "BPC")) \(bitsPerComponent)" }
        if isMask { s += " /\(key("ImageMask", "IM")) true" }
        if let space = spaceText(inline: inline) { s += " /\(key("ColorSpace", "CS")) \(space)" }
        if !decode.isEmpty { s += " /\(key("Decode", "D")) \(decode)" }
        if !filters.isEmpty {
            let names = filters.map { "/" + (inline ? abbreviations[$0] ?? $0 : $0) }
            s += " /\(key("Filter", "F")) [\(names.joined(separator: " "))]"
        }
        if !parameters.isEmpty { s += " /\(key("DecodeParms", "DP")) [\(parameters.joined(separator: " "))]" }
        return s
    }
}

extension String {
    /// Every `target` replaced (Foundation is not imported below PDFText).
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// The document around an image: catalog 1, an empty page tree 2, the image stream 3, ICC
/// profiles 4 (3 components, /Alternate /DeviceRGB), 5 (1) and 10 (4), an Indexed lookup
/// stream 6, a type 4 function 7 (2 in, 3 out), resources 8 naming the image's space /CS0, a
/// sampled function 9, JBIG2 globals 11 and the inline image's dictionary 12.
func imageDocument(_ image: ImageText, data: [UInt8], globals: [UInt8]) -> [UInt8] {
    func stream(_ dictionary: String, _ bytes: [UInt8]) -> [UInt8] {
        Array("<< \(dictionary) /Length \(bytes.count) >>\nstream\n".utf8) + bytes + Array("\nendstream".utf8)
    }
    let space = image.spaceText(inline: false) ?? "/DeviceGray"
    var inline = image
    inline.inline = true
    let objects: [(Int, [UInt8])] = [
        (1, Array("<< /Type /Catalog /Pages 2 0 R >>".utf8)),
        (2, Array("<< /Type /Pages /Kids [] /Count 0 >>".utf8)),
        (3, stream(String(image.dictionary.dropFirst(2)), data)),
        (4, stream("/N 3 /Alternate /DeviceRGB", Array("fuzz ICC profile, 3 components".utf8))),
        (5, stream("/N 1", Array("gray".utf8))),
        (6, stream("", image.lookup)),
        (7, stream("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", Array("{ add 2 div dup dup }".utf8))),
        (8, Array("<< /ColorSpace << /CS0 \(space) >> >>".utf8)),
        (9, stream("/FunctionType 0 /Domain [0 1] /Range [0 1] /Size [4] /BitsPerSample 8", [0, 0x40, 0xC0, 0xFF])),
        (10, stream("/N 4", Array("cmyk".utf8))),
        (11, stream("", globals)),
        (12, Array(inline.dictionary.utf8) + Array(" >>".utf8)),
    ]
    var out = Array("%PDF-1.7\n".utf8)
    var table = "xref\n0 13\n0000000000 65535 f \n"
    for (number, body) in objects {
        let offset = String(out.count)
        table += String(repeating: "0", count: 10 - offset.count) + offset + " 00000 n \n"
        out += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
    }
    let start = out.count
    out += Array((table + "trailer\n<< /Size 13 /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n").utf8)
    return out
}

/// `bytes` as a zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
func storedZlib<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
    let data = Array(bytes)
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
        let n = min(65535, data.count - start)
        let final: UInt8 = start + n == data.count ? 1 : 0
        out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
        out += data[start..<start + n]
        start += n
    } while start < data.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in data {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    let adler = b << 16 | a
    return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
}

/// `bytes` as LZW codes of 9 bits, each byte its own literal code, with a clear code every 250
/// codes so that the table never reaches the 10-bit width (whatever /EarlyChange says).
func lzwLiterals<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
    var out: [UInt8] = []
    var buffer: UInt32 = 0, bits = 0
    func put(_ code: Int) {
        buffer = buffer << 9 | UInt32(code)
        bits += 9
        while bits >= 8 {
            out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits - 8)))
            bits -= 8
        }
    }
    put(256)
    for (i, byte) in bytes.enumerated() {
        if i > 0, i % 250 == 0 { put(256) }
        put(Int(byte))
    }
    put(257)
    if bits > 0 { out.append(UInt8(truncatingIfNeeded: buffer << UInt32(8 - bits))) }
    return out
}

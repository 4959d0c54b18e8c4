import CPDFImaging
import PDFContent
import PDFCore
import PDFFile
import PDFFilters
import PDFSyntax

extension Diagnostic.Code {
    /// An image could not be decoded (damaged data, a codec that is not installed).
    package static let imageUndecodable = Diagnostic.Code("imageUndecodable")
    /// An image was larger than ``Limits/maxImagePixels`` or ``Limits/maxImageDecodeBytes``.
    package static let imageTooLarge = Diagnostic.Code("imageTooLarge")
    /// An image's data ended early; the rows missing were left white.
    package static let imageTruncated = Diagnostic.Code("imageTruncated")
}

/// Decodes image XObjects and inline images (ISO 32000-2 §8.9) to gray: the stream's
/// filters, then its image codec (DCT through libjpeg-turbo, JPX through OpenJPEG, JBIG2
/// through jbig2dec, CCITT fax by our own decoder), then bits per component 1–16, /Decode and
/// the colour space (Indexed, ICCBased, Separation and DeviceN through their alternates).
/// Soft masks are not applied: OCR reads the image's own samples. Everything stays under the
/// document's ``Limits``; a damaged or oversized image gives nil and a diagnostic, never a trap.
package struct ImageDecoder {
    package let store: ObjectStore
    var colorSpaces: ColorSpaceReader
    var limits: Limits { store.limits }

    package init(store: ObjectStore) {
        self.store = store
        self.colorSpaces = ColorSpaceReader(store: store)
    }

    /// The gray image of `source`. `resources` are those in force (inline images name their
    /// colour space there); `ink` is the gray a stencil mask paints.
    package mutating func decode(_ source: ImageSource, resources: PDFDictionary?, ink: UInt8 = 0,
                                 log: inout CappedLog) -> GrayImage? {
        switch source {
        case .xobject(let stream):
            let store = self.store
            return decodeImage(dictionary: stream.dictionary, resources: resources, ink: ink, log: &log) {
                store.streamData(stream)
            }
        case .inline(let dictionary, let data):
            let d = Self.expandInlineKeys(dictionary)
            let store = self.store
            return decodeImage(dictionary: d, resources: resources, ink: ink, log: &log) {
                let filters = FilterChain.filters(d, store: store).map { ($0.filter, $0.parameters) }
                return decodeStream(data[...], filters: filters, limits: store.limits, budget: store.decodeBudget)
            }
        }
    }

    /// An inline image's dictionary with its abbreviated keys and values written out
    /// (ISO 32000-2 Table 91–92).
    package static func expandInlineKeys(_ d: PDFDictionary) -> PDFDictionary {
        let keys: [Name: Name] = ["W": "Width", "H": "Height", "CS": "ColorSpace", "BPC": "BitsPerComponent",
                                  "IM": "ImageMask", "D": "Decode", "F": "Filter", "DP": "DecodeParms", "I": "Interpolate"]
        var out = PDFDictionary()
        for (k, v) in d.entries { out[keys[k] ?? k] = v }
        return out
    }

    /// The parts of an image dictionary that say how to read its samples.
    struct Header {
        var width: Int, height: Int
        var bitsPerComponent: Int?
        var isMask: Bool
        var decode: [Double]?
    }

    func header(_ d: PDFDictionary, log: inout CappedLog) -> Header? {
        guard let w = store.integer(d["Width"]), let h = store.integer(d["Height"]) else {
            log.note(.imageUndecodable, "image without /Width or /Height")
            return nil
        }
        guard w > 0, h > 0 else {
            log.note(.imageUndecodable, "image of \(w) × \(h) pixels")
            return nil
        }
        guard w <= 1 << 20, h <= 1 << 20 else {
            log.note(.imageTooLarge, "image of \(w) × \(h) pixels is over 2^20 pixels a side")
            return nil
        }
        let isMask = store.resolve(d["ImageMask"]).bool ?? false
        var bpc = store.integer(d["BitsPerComponent"])
        if isMask { bpc = 1 }
        let decode = store.array(d["Decode"])?.compactMap { store.number($0) }
        return Header(width: w, height: h, bitsPerComponent: bpc, isMask: isMask, decode: decode)
    }

    mutating func decodeImage(dictionary d: PDFDictionary, resources: PDFDictionary?, ink: UInt8,
                              log: inout CappedLog, data: () -> DecodeResult) -> GrayImage? {
        guard let h = header(d, log: &log) else { return nil }
        let declared = declaredSpace(d, resources: resources, log: &log)
        let result = data()
        if result.diagnostics.contains(.decodeBudget) || result.bytes.count >= limits.maxDecodedStreamBytes {
            log.note(.imageTooLarge, "image data cut short by the decode limits")
        }
        let codec = result.stoppedAt
        guard let codec, codec.isImageCodec else {
            if let codec { log.note(.imageUndecodable, "image filter \(codec.name) is not supported"); return nil }
            return samples(result.bytes, header: h, space: declared, components: nil, ink: ink, log: &log)
        }
        let parms = codecParameters(d, codec: codec)
        switch codec {
        case .dct: return jpeg(result.bytes, header: h, declared: declared, log: &log)
        case .jpx: return jpx(result.bytes, header: h, declared: declared, log: &log)
        case .jbig2: return jbig2(result.bytes, header: h, parameters: parms, declared: declared, ink: ink, log: &log)
        case .ccittFax: return ccitt(result.bytes, header: h, parameters: parms, declared: declared, ink: ink, log: &log)
        default: return nil
        }
    }

    /// The colour space the dictionary names, nil when it names none (JPX, masks).
    mutating func declaredSpace(_ d: PDFDictionary, resources: PDFDictionary?, log: inout CappedLog) -> ColorSpace? {
        guard let object = d["ColorSpace"], !store.resolve(object).isNull else { return nil }
        if let name = object.name {
            return colorSpaces.colorSpace(named: Self.expandSpaceName(name), resources: resources, log: &log)
        }
        return colorSpaces.colorSpace(object, log: &log, depth: 0)
    }

    static func expandSpaceName(_ n: Name) -> Name {
        switch n {
        case "G": "DeviceGray"
        case "RGB": "DeviceRGB"
        case "CMYK": "DeviceCMYK"
        case "I": "Indexed"
        default: n
        }
    }

    /// The /DecodeParms dictionary of the image codec in the filter chain.
    func codecParameters(_ d: PDFDictionary, codec: StreamFilter) -> PDFDictionary? {
        let filters: [Name]
        switch store.resolve(d["Filter"]) {
        case .name(let n): filters = [n]
        case .array(let a): filters = a.compactMap { store.name($0) }
        default: filters = []
        }
        guard let i = filters.firstIndex(where: { StreamFilter(name: $0.string) == codec }) else { return nil }
        switch store.resolve(d["DecodeParms"]) {
        case .dictionary(let p): return i == 0 ? p : nil
        case .array(let a): return i < a.count ? store.dictionary(a[i]) : nil
        default: return nil
        }
    }

    /// Raw samples (after the stream filters, or from a codec) to gray.
    func samples(_ bytes: [UInt8], header h: Header, space: ColorSpace?, components: Int?, ink: UInt8,
                 log: inout CappedLog) -> GrayImage? {
        guard h.width * h.height <= limits.maxImagePixels else {
            log.note(.imageTooLarge, "image of \(h.width) × \(h.height) pixels is over the limit of \(limits.maxImagePixels)")
            return nil
        }
        let bpc = h.bitsPerComponent ?? 8
        guard [1, 2, 4, 8, 16].contains(bpc) else {
            log.note(.imageUndecodable, "image with \(bpc) bits per component")
            return nil
        }
        let space = space ?? .gray
        var n = components ?? space.components
        if case .pattern = space { n = 0 }
        guard h.isMask || (1...32).contains(n) else {
            log.note(.imageUndecodable, "image colour space with \(n) components")
            return nil
        }
        let conversion = SampleConversion(width: h.width, height: h.height, components: h.isMask ? 1 : n,
                                          bitsPerComponent: bpc, space: space, decode: h.decode,
                                          isMask: h.isMask, maskInk: ink)
        let (image, short) = conversion.convert(bytes)
        if short {
            log.note(.imageTruncated, "image data holds \(bytes.count) of \(conversion.rowBytes * h.height) bytes; the rest left white")
        }
        return image
    }
}

import CPDFImaging
import PDFContent
import PDFCore
import PDFFilters
import PDFSyntax

// The image codecs: DCT, JPX and JBIG2 through the system libraries (CPDFImaging loads them
// on first use), CCITT fax through PDFFilters' own decoder.

extension ImageDecoder {
    /// The message of a failed C decode, for a diagnostic.
    static func message(_ image: inout pdfi_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// What a codec's return code means, noted; true when there is an image.
    func accept(_ rc: Int32, _ image: inout pdfi_image, codec: String, log: inout CappedLog) -> Bool {
        let message = Self.message(&image)
        switch rc {
        case Int32(PDFI_OK):
            if !message.isEmpty { log.note(.imageTruncated, "\(codec) image: \(message)") }
            return image.pixels != nil && image.width > 0 && image.height > 0
        case Int32(PDFI_UNAVAILABLE):
            log.note(.imageUndecodable, "\(codec) image not decoded: \(message)")
        case Int32(PDFI_TOO_LARGE):
            log.note(.imageTooLarge, "\(codec) image not decoded: \(message.isEmpty ? "over the limits" : message)")
        default:
            log.note(.imageUndecodable, "\(codec) image not decoded: \(message.isEmpty ? "damaged data" : message)")
        }
        return false
    }

    /// The codec's samples as a Swift array, freeing the C buffer.
    static func take(_ image: inout pdfi_image) -> [UInt8] {
        let count = Int(image.stride) * Int(image.height)
        defer { pdfi_image_free(&image) }
        guard let p = image.pixels, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }

    /// The space a codec's samples are in: the dictionary's when it has as many components,
    /// else the codec's own (1 gray, 3 RGB, 4 CMYK).
    static func space(declared: ColorSpace?, components: Int) -> ColorSpace {
        if let declared, declared.components == components { return declared }
        switch components {
        case 1: return .gray
        case 4: return .cmyk
        default: return .rgb
        }
    }

    mutating func jpeg(_ bytes: [UInt8], header h: Header, declared: ColorSpace?, log: inout CappedLog) -> GrayImage? {
        var image = pdfi_image()
        let rc = bytes.withUnsafeBufferPointer {
            pdfi_jpeg_decode($0.baseAddress, $0.count, UInt64(max(0, limits.maxImagePixels)), &image)
        }
        guard accept(rc, &image, codec: "DCT", log: &log) else { pdfi_image_free(&image); return nil }
        let n = Int(image.components)
        var decode = h.decode
        // Adobe's CMYK JPEGs hold inverted samples; PDF writers then give no /Decode of their own.
        if n == 4, image.colorInfo == 1, decode == nil { decode = [1, 0, 1, 0, 1, 0, 1, 0] }
        return colorSamples(&image, decode: decode, declared: declared, log: &log)
    }

    /// A DCT or JPX codec's 8-bit samples to gray, in the dictionary's space when it fits.
    func colorSamples(_ image: inout pdfi_image, decode: [Double]?, declared: ColorSpace?, log: inout CappedLog) -> GrayImage? {
        let n = Int(image.components)
        let header = Header(width: Int(image.width), height: Int(image.height), bitsPerComponent: 8,
                            isMask: false, decode: decode)
        let samples = Self.take(&image)
        return self.samples(samples, header: header, space: Self.space(declared: declared, components: n),
                            components: n, ink: 0, log: &log)
    }

    mutating func jpx(_ bytes: [UInt8], header h: Header, declared: ColorSpace?, log: inout CappedLog) -> GrayImage? {
        var image = pdfi_image()
        let rc = bytes.withUnsafeBufferPointer {
            pdfi_jpx_decode($0.baseAddress, $0.count, UInt64(max(0, limits.maxImagePixels)), &image)
        }
        guard accept(rc, &image, codec: "JPX", log: &log) else { pdfi_image_free(&image); return nil }
        // /Decode is ignored for JPX unless the image is a mask (ISO 32000-2 §8.9.5.2).
        return colorSamples(&image, decode: nil, declared: declared, log: &log)
    }

    mutating func jbig2(_ bytes: [UInt8], header h: Header, parameters: PDFDictionary?, declared: ColorSpace?,
                        ink: UInt8, log: inout CappedLog) -> GrayImage? {
        var globals: [UInt8] = []
        if let g = store.resolve(parameters?["JBIG2Globals"]).stream {
            let r = store.streamData(g)
            if r.stoppedAt == nil { globals = r.bytes }
        }
        // jbig2dec allocates a page as soon as its page information is read, and takes a
        // segment cut short as missing: both are looked for first.
        let scan = Self.jbig2Segments(globals) + Self.jbig2Segments(bytes)
        if let (w, h) = scan.pages.first(where: { w, h in
            let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
            return overflow || pixels > limits.maxImagePixels
        }) {
            log.note(.imageTooLarge, "JBIG2 page of \(w) × \(h) pixels is over the limit of \(limits.maxImagePixels)")
            return nil
        }
        // The decoder's memory: four pages at the pixel limit (1 bit each), and room for symbols.
        let budget = min(limits.maxImageDecodeBytes, limits.maxImagePixels / 2 + 32 << 20)
        var image = pdfi_image()
        let rc = bytes.withUnsafeBufferPointer { data in
            globals.withUnsafeBufferPointer { g in
                pdfi_jbig2_decode(data.baseAddress, data.count, g.baseAddress, g.count, UInt64(max(0, budget)), &image)
            }
        }
        guard accept(rc, &image, codec: "JBIG2", log: &log) else { pdfi_image_free(&image); return nil }
        guard Int(image.width) * Int(image.height) <= limits.maxImagePixels else {
            log.note(.imageTooLarge, "JBIG2 page of \(image.width) × \(image.height) pixels is over the limit of \(limits.maxImagePixels)")
            pdfi_image_free(&image)
            return nil
        }
        if let cut = scan.truncated { log.note(.imageTruncated, "JBIG2 image: \(cut)") }
        // jbig2dec gives 1 for black; the filter's output has 0 for black (as DeviceGray reads
        // one bit), so the bits are inverted.
        var samples = Self.take(&image)
        for i in samples.indices { samples[i] = ~samples[i] }
        let header = Header(width: Int(image.width), height: Int(image.height), bitsPerComponent: 1,
                            isMask: h.isMask, decode: h.decode)
        return self.samples(samples, header: header, space: declared ?? .gray, components: 1, ink: ink, log: &log)
    }

    /// What the segment headers of embedded JBIG2 data (ITU-T T.88 §7.2) say before it is
    /// decoded: the sizes of its pages (an unknown, striped height counts as 1) and, when the
    /// data ends inside a segment, where.
    struct JBIG2Scan {
        var pages: [(Int, Int)] = []
        var truncated: String?
        static func + (a: JBIG2Scan, b: JBIG2Scan) -> JBIG2Scan {
            JBIG2Scan(pages: a.pages + b.pages, truncated: a.truncated ?? b.truncated)
        }
    }

    static func jbig2Segments(_ d: [UInt8]) -> JBIG2Scan {
        var scan = JBIG2Scan()
        func u32(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        var p = 0
        while p < d.count {
            guard p + 6 <= d.count else { scan.truncated = "the data ends inside a segment header"; break }
            let number = u32(p), flags = d[p + 4]
            var q = p + 5
            var referred = Int(d[q] >> 5)
            if referred == 7 {
                guard q + 4 <= d.count else { scan.truncated = "the data ends inside a segment header"; break }
                referred = u32(q) & 0x1FFF_FFFF
                q += 4 + (referred + 8) / 8
            } else {
                q += 1
            }
            q += referred * (number <= 256 ? 1 : number <= 65536 ? 2 : 4) + (flags & 0x40 != 0 ? 4 : 1)
            guard q + 4 <= d.count else { scan.truncated = "the data ends inside the header of segment \(number)"; break }
            let length = u32(q)
            q += 4
            if length == 0xFFFF_FFFF { break }  // an immediate generic region of unknown length: ends the data
            guard length <= d.count - q else {
                scan.truncated = "segment \(number) holds \(d.count - q) of its \(length) bytes"
                break
            }
            if flags & 0x3F == 48, length >= 8 {
                let height = u32(q + 4)
                scan.pages.append((u32(q), height == 0xFFFF_FFFF ? 1 : height))
            }
            p = q + length
        }
        return scan
    }
}

import Foundation
import PDFContent
import PDFCore
import PDFFile
import PDFFonts
import PDFImages
import PDFSyntax
import PDFTestSupport
import PDFText
import Testing

/// What OCR sees of a page's images: each found with its placement (forms and inline images
/// included), its samples read right for every bit depth, /Decode and colour space, and drawn
/// into the page raster where and how the page shows it.
@Suite struct ImagePipelineTests {
    /// A page with an image XObject, an inline image inside a form XObject, and a stencil mask.
    static func page() -> Document? {
        var b = PDFBuilder.simpleDocument()
        b.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /XObject << /Im1 5 0 R /Fm1 6 0 R /Mk 7 0 R >> >> /Contents 4 0 R >>")
        b.addStream(4, text: "q 40 0 0 20 10 70 cm /Im1 Do Q q 1 0 0 1 100 0 cm /Fm1 Do Q q 0 0 1 rg 8 0 0 8 150 10 cm /Mk Do Q")
        // 4 × 1, Indexed over DeviceRGB, 4 bits: black, white, red, then index 1 again.
        b.addStream(5, dictionary: "/Type /XObject /Subtype /Image /Width 4 /Height 1 /BitsPerComponent 4 /ColorSpace [/Indexed /DeviceRGB 2 <000000FFFFFFFF0000>]",
                    data: [0x01, 0x21])
        // The form paints a 2 × 2 inline image of 16-bit gray with /Decode [1 0] (inverted).
        let inline = "q 20 0 0 20 0 0 cm BI /W 2 /H 2 /BPC 16 /CS /G /D [1 0] ID "
        let samples: [UInt8] = [0x00, 0x00, 0xFF, 0xFF, 0x80, 0x00, 0x40, 0x00]
        b.addStream(6, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 50 50]",
                    data: Array(inline.utf8) + samples + Array(" EI Q".utf8))
        // An 8 × 1 stencil mask: 0 bits paint (the fill colour, blue).
        b.addStream(7, dictionary: "/Type /XObject /Subtype /Image /Width 8 /Height 1 /ImageMask true", data: [0x0F])
        return try? Document(bytes: b.build().bytes)
    }

    @Test("a page's images are found with their placement: XObject, inline in a form, stencil mask")
    func collected() throws {
        let document = try #require(Self.page())
        let extractor = PageExtractor(document: document, fonts: FontCache(store: document.store))
        var log = DiagnosticLog()
        let images = PageImages.collect(extractor, pageIndex: 0, log: &log)
        #expect(images.count == 3)
        guard images.count == 3 else { return }
        #expect(images[0].matrix == Matrix(a: 40, b: 0, c: 0, d: 20, e: 10, f: 70))
        #expect(images[1].matrix == Matrix(a: 20, b: 0, c: 0, d: 20, e: 100, f: 0))
        if case .inline = images[1].source {} else { Issue.record("the form's image is not inline") }
        #expect(images[2].matrix == Matrix(a: 8, b: 0, c: 0, d: 8, e: 150, f: 10))
        #expect(images[2].ink == 29)  // pure blue's luminance: 0.114 × 255

        var decoder = ImageDecoder(store: document.store)
        var decodeLog = CappedLog()
        let indexed = try #require(decoder.decode(images[0].source, resources: images[0].resources, log: &decodeLog))
        #expect(indexed.width == 4 && indexed.height == 1)
        #expect(indexed.pixels == [0, 255, 76, 255])  // black, white, red (0.299), white
        let gray16 = try #require(decoder.decode(images[1].source, resources: images[1].resources, log: &decodeLog))
        // /Decode [1 0] inverts; 16-bit samples keep their high byte.
        #expect(gray16.pixels == [255, 0, 127, 191])
        let mask = try #require(decoder.decode(images[2].source, resources: nil, ink: images[2].ink, log: &decodeLog))
        #expect(mask.pixels == [29, 29, 29, 29, 255, 255, 255, 255])
        #expect(decodeLog.finished.entries.isEmpty, "\(decodeLog.finished.entries)")
    }

    @Test("samples of every depth and colour space read to gray", arguments: [
        // (bits, colour space, decode, data, width, expected)
        (1, "/DeviceGray", "", [UInt8]([0b1010_0000]), 4, [UInt8]([255, 0, 255, 0])),
        (2, "/DeviceGray", "", [0b00_01_10_11], 4, [0, 85, 170, 255]),
        (8, "/DeviceCMYK", "", [0, 0, 0, 255, 0, 0, 0, 0], 2, [0, 255]),
        (8, "/DeviceRGB", "/Decode [1 0 1 0 1 0]", [255, 255, 255], 1, [0]),
        (8, "[/Separation /Spot /DeviceGray << /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >>]", "", [0, 255], 2, [255, 0]),
    ] as [(Int, String, String, [UInt8], Int, [UInt8])])
    func samples(_ c: (Int, String, String, [UInt8], Int, [UInt8])) throws {
        var b = PDFBuilder.simpleDocument()
        b.addStream(5, dictionary: "/Type /XObject /Subtype /Image /Width \(c.4) /Height 1 /BitsPerComponent \(c.0) /ColorSpace \(c.1) \(c.2)", data: c.3)
        let store = try ObjectStore(bytes: b.build().bytes)
        let stream = try #require(store.object(ObjectID(5)).stream)
        var decoder = ImageDecoder(store: store)
        var log = CappedLog()
        let image = try #require(decoder.decode(.xobject(stream), resources: nil, log: &log))
        #expect(image.pixels == c.5, "\(c.1) \(c.0) bits")
    }

    @Test("the raster shows an image as the page does: turned by its matrix and by /Rotate")
    func raster() {
        // A 2 × 1 image: black then white, placed turned 90° counter-clockwise over a 100 × 100
        // page, so that in page space the black half is at the bottom.
        let picture = GrayImage(width: 2, height: 1, pixels: [0, 255])
        var page = PageGlyphs(pageIndex: 0, mediaBox: Rect(x0: 0, y0: 0, x1: 100, y1: 100),
                              cropBox: Rect(x0: 0, y0: 0, x1: 100, y1: 100), rotation: 0)
        var r = PageRaster(page: page, resolution: 72, maxPixels: 1 << 20)
        r.draw(picture, matrix: Matrix(a: 0, b: 100, c: -100, d: 0, e: 100, f: 0))
        #expect(r.image.width == 100 && r.image.height == 100)
        #expect(r.image[50, 90] < 64, "the black half lies at the bottom of the page (the raster's y runs down)")
        #expect(r.image[50, 10] > 192)
        // /Rotate 90 turns the page clockwise as shown: the bottom of the page is then on the left.
        page.rotation = 90
        var turned = PageRaster(page: page, resolution: 72, maxPixels: 1 << 20)
        turned.draw(picture, matrix: Matrix(a: 0, b: 100, c: -100, d: 0, e: 100, f: 0))
        #expect(turned.image[10, 50] < 64)
        #expect(turned.image[90, 50] > 192)
        // Turning the raster back keeps the mapping to page space.
        let back = turned.rotated(clockwise: 3)
        let p = back.pixelsToPage.apply(Point(x: 50, y: 90))
        #expect(abs(p.y - 10) < 1.5 && abs(p.x - 50) < 1.5, "\(p)")
        #expect(back.image[50, 90] < 64)
    }

    @Test("hostile geometry gives an empty or clipped raster, not a trap")
    func hostileGeometry() {
        let huge = Rect(x0: -1e308, y0: -1e308, x1: 1e308, y1: 1e308)
        let page = PageGlyphs(pageIndex: 0, mediaBox: huge, cropBox: huge, rotation: 0)
        var r = PageRaster(page: page, resolution: 300, maxPixels: 1 << 20)
        #expect(r.image.width <= 16384 && r.image.height <= 16384 && r.image.width * r.image.height <= 1 << 21)
        var small = PageRaster(page: PageGlyphs(pageIndex: 0, mediaBox: Rect(x0: 0, y0: 0, x1: 100, y1: 100),
                                               cropBox: Rect(x0: 0, y0: 0, x1: 100, y1: 100), rotation: 0),
                               resolution: 72, maxPixels: 1 << 20)
        let picture = GrayImage(width: 1, height: 1, pixels: [0])
        // Placed a 10³⁰⁰ away, or scaled to cover far past the page: nothing, or the whole page.
        small.draw(picture, matrix: Matrix(a: 1, b: 0, c: 0, d: 1, e: 1e300, f: -1e300))
        #expect(small.image.pixels.allSatisfy { $0 == 255 })
        small.draw(picture, matrix: Matrix(a: 1e300, b: 0, c: 0, d: 1e300, e: -1e299, f: -1e299))
        #expect(Set(small.image.pixels).count == 1, "a matrix without a finite inverse draws all or nothing")
        small.draw(picture, matrix: Matrix(a: 1e6, b: 0, c: 0, d: 1e6, e: -5e5, f: -5e5))
        #expect(small.image.pixels.allSatisfy { $0 == 0 })
        small.erase(Quad(Rect(x0: -1e300, y0: -1e300, x1: 1e300, y1: 1e300)))
        #expect(small.image.pixels.allSatisfy { $0 == 255 })
        r.erase(Quad(Rect(x0: 1e300, y0: 1e300, x1: 2e300, y1: 2e300)))
    }

    /// JBIG2 (jbig2dec), JPEG 2000 (OpenJPEG) and JPEG (libjpeg-turbo) images of the shared
    /// corpus decode to the pixels `pdfimages` (Poppler) gives for them.
    @Test("codec images of the shared corpus decode as pdfimages decodes them")
    func againstPdfimages() throws {
        guard SharedCorpus.isAvailable else {
            print("ImagePipelineTests: \(SharedCorpus.skipMessage)")
            return
        }
        let corpus = SharedCorpus.url("pdfjs")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfimages") else {
            print("ImagePipelineTests: pdfimages not installed; codec comparison skipped")
            return
        }
        var compared: [String: Int] = [:]
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
        for name in files {
            let path = corpus.appendingPathComponent(name).path
            guard let bytes = try? FileBytes.read(path: path), bytes.count < 2 << 20,
                  let document = try? Document(bytes: bytes) else { continue }
            for (filter, count) in try ImageComparison.compare(document, path: path, skipping: Set(compared.filter { $0.value >= 12 }.keys)) {
                compared[filter, default: 0] += count
            }
        }
        print("ImagePipelineTests: compared with pdfimages: \(compared.sorted { $0.key < $1.key })")
        // Most JBIG2 images are the same pixel for pixel; JPEG within 2 levels on average.
        let same = compared["JBIG2Decode", default: 0], differing = compared["JBIG2Decode differing", default: 0]
        #expect(same >= 10 && same > differing, "JBIG2: \(same) the same as pdfimages, \(differing) not")
        #expect(compared["DCTDecode", default: 0] >= 1)
    }
}

/// Decodes a document's gray image XObjects (one page each at most) and compares them with
/// `pdfimages -png`'s output.
enum ImageComparison {
    /// Images compared per codec filter name; records an issue for each that differs.
    static func compare(_ document: Document, path: String, skipping done: Set<String>) throws -> [String: Int] {
        let store = document.store
        var found: [(ObjectID, PDFStream, String)] = []
        for number in store.objectNumbers.prefix(2000) {
            guard let s = store.object(ObjectID(number)).stream, store.name(s.dictionary["Subtype"]) == "Image",
                  store.integer(s.dictionary["BitsPerComponent"]) ?? 1 <= 8,
                  // With its alpha in the data, Poppler writes a JPX image otherwise than as its colour.
                  (store.integer(s.dictionary["SMaskInData"]) ?? 0) == 0 else { continue }
            let filters: [Name] = store.array(s.dictionary["Filter"])?.compactMap { store.name($0) }
                ?? store.name(s.dictionary["Filter"]).map { [$0] } ?? []
            let space = store.name(s.dictionary["ColorSpace"])
            guard let codec = filters.last?.string, ["JBIG2Decode", "DCTDecode", "JPXDecode"].contains(codec), !done.contains(codec),
                  space == "DeviceGray" || space == "DeviceRGB" || codec == "JBIG2Decode" else { continue }
            found.append((ObjectID(number), s, codec))
        }
        guard !found.isEmpty else { return [:] }
        let dir = try TestDirectory.make("pdfimages")
        defer { try? FileManager.default.removeItem(at: dir) }
        var out: [String: Int] = [:]
        for (id, stream, codec) in found.prefix(3) {
            let prefix = dir.appendingPathComponent("o\(id.number)").path
            guard let reference = pdfimagesGray(path: path, object: id.number, into: prefix) else { continue }
            var decoder = ImageDecoder(store: document.store)
            var log = CappedLog()
            guard let ours = decoder.decode(.xobject(stream), resources: nil, log: &log) else {
                Issue.record("\(path): \(codec) image \(id.number) not decoded: \(log.finished.entries.map(\.message))")
                continue
            }
            guard ours.width == reference.width, ours.height == reference.height else {
                Issue.record("\(path): \(codec) image \(id.number): \(ours.width)×\(ours.height), pdfimages \(reference.width)×\(reference.height)")
                continue
            }
            if let dump = ProcessInfo.processInfo.environment["PDFTEXT_IMAGE_DUMP"] {
                // For looking at a disagreement: ours and the reference as PGM files.
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                try Data(ours.pgm).write(to: URL(fileURLWithPath: "\(dump)/\(name)-\(id.number)-ours.pgm"))
                try Data(reference.pgm).write(to: URL(fileURLWithPath: "\(dump)/\(name)-\(id.number)-pdfimages.pgm"))
            }
            var total = 0
            for i in ours.pixels.indices { total += abs(Int(ours.pixels[i]) - Int(reference.pixels[i])) }
            let mean = Double(total) / Double(ours.pixels.count)
            if codec == "JBIG2Decode" {
                // jbig2dec 0.19 (as MuPDF) reads some of pdf.js's refinement and halftone test
                // files differently from Poppler's own decoder: counted, not failed.
                out[mean == 0 ? "JBIG2Decode" : "JBIG2Decode differing"] = (out[mean == 0 ? "JBIG2Decode" : "JBIG2Decode differing"] ?? 0) + 1
                if mean != 0 { print("ImagePipelineTests: \(path): JBIG2 image \(id.number) differs from pdfimages by \(mean) per pixel") }
                continue
            }
            #expect(mean <= 2, "\(path): \(codec) image \(id.number) differs from pdfimages by \(mean) per pixel")
            out[codec, default: 0] += 1
        }
        return out
    }

    /// The image of object `object` as `pdfimages -list` numbers it, written by `pdfimages`
    /// as PGM/PBM and read back as gray (1-bit: 0 black).
    static func pdfimagesGray(path: String, object: Int, into prefix: String) -> GrayImage? {
        let dir = URL(fileURLWithPath: prefix).deletingLastPathComponent()
        func run(_ args: [String]) -> String? {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/pdfimages")
            p.arguments = args
            let pipe = Pipe()
            let errors = dir.appendingPathComponent("stderr-\(object)")
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            p.standardOutput = pipe
            p.standardError = try? FileHandle(forWritingTo: errors)
            guard (try? p.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            // Poppler's own decoder reports images it cannot read (some JBIG2 halftone and
            // refinement files): no reference then.
            let complaint = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            return p.terminationStatus == 0 && !complaint.contains("Error") ? String(decoding: data, as: UTF8.self) : nil
        }
        guard let list = run(["-list", path]) else { return nil }
        // Columns: page num type width height color comp bpc enc interp object ID …
        let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        guard let row = rows.first(where: { $0.count > 10 && $0[2] == "image" && Int($0[10]) == object }),
              let page = Int(row[0]), let num = Int(row[1]) else { return nil }
        guard run(["-f", String(page), "-l", String(page), path, prefix]) != nil else { return nil }
        // pdfimages numbers the page's images from the first page's count; find by index.
        let base = URL(fileURLWithPath: prefix).lastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(base + "-") }.sorted()
        let firstOnPage = rows.first { Int($0[0]) == page }.flatMap { Int($0[1]) } ?? 0
        let k = num - firstOnPage
        guard k >= 0, k < names.count, let data = FileManager.default.contents(atPath: dir.appendingPathComponent(names[k]).path) else { return nil }
        return PNM.gray([UInt8](data))
    }
}

/// Netpbm P4 (bitmap: 1 is black), P5 (8-bit gray) and P6 (8-bit RGB) read as gray.
enum PNM {
    static func gray(_ d: [UInt8]) -> GrayImage? {
        var p = 0
        func token() -> Int? {
            while p < d.count {
                if d[p] == UInt8(ascii: "#") { while p < d.count, d[p] != 10 { p += 1 } } else if d[p] <= 32 { p += 1 } else { break }
            }
            var v = 0, n = 0
            while p < d.count, d[p] >= 48, d[p] <= 57 { v = v * 10 + Int(d[p] - 48); p += 1; n += 1 }
            return n > 0 ? v : nil
        }
        guard d.count > 2, d[0] == UInt8(ascii: "P") else { return nil }
        let kind = d[1]
        p = 2
        guard let w = token(), let h = token(), w > 0, h > 0 else { return nil }
        if kind == UInt8(ascii: "5") || kind == UInt8(ascii: "6") { guard token() != nil else { return nil } }
        p += 1
        if kind == UInt8(ascii: "5") {
            guard d.count - p >= w * h else { return nil }
            return GrayImage(width: w, height: h, pixels: Array(d[p..<(p + w * h)]))
        }
        if kind == UInt8(ascii: "6") {
            // RGB to gray with the weights the decoder uses (Rec. 601, in 1/256).
            guard d.count - p >= 3 * w * h else { return nil }
            var pixels = [UInt8](repeating: 0, count: w * h)
            for i in 0..<(w * h) {
                let r = UInt32(d[p + 3 * i]), g = UInt32(d[p + 3 * i + 1]), b = UInt32(d[p + 3 * i + 2])
                pixels[i] = UInt8((77 * r + 150 * g + 29 * b) >> 8)
            }
            return GrayImage(width: w, height: h, pixels: pixels)
        }
        guard kind == UInt8(ascii: "4") else { return nil }
        let row = (w + 7) / 8
        guard d.count - p >= row * h else { return nil }
        var pixels = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h { for x in 0..<w where d[p + y * row + x / 8] & (0x80 >> UInt8(x % 8)) != 0 { pixels[y * w + x] = 0 } }
        return GrayImage(width: w, height: h, pixels: pixels)
    }
}

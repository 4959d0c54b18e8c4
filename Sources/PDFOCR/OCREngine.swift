import CPDFImaging
import Foundation
import PDFCore
import Synchronization

/// Tesseract, through the CPDFImaging shim (loaded on first use). Engines are kept in a
/// pool per language set and lent to one page at a time: loading a language's model takes
/// about a tenth of a second, reading a page several.
package final class OCREngines: Sendable {
    /// Why OCR cannot run here (libtesseract missing), or nil when it can.
    package static var unavailableReason: String? {
        var why = [CChar](repeating: 0, count: 256)
        if pdfi_ocr_available(&why, why.count) != 0 { return nil }
        return String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Tesseract's version, when it can be loaded.
    package static var version: String? {
        guard let v = pdfi_ocr_version() else { return nil }
        return String(cString: v)
    }

    /// The trained-data folder: `explicit`, else `TESSDATA_PREFIX`, else the first of
    /// Debian's folders that exists.
    package static func dataPath(_ explicit: String?) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let env = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !env.isEmpty { return env }
        let candidates = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    /// The languages installed in `dataPath` (the names of its `*.traineddata`).
    package static func installedLanguages(dataPath: String) -> Set<String> {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dataPath)) ?? []
        return Set(files.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) })
    }

    let dataPath: String
    let idle = Mutex<[String: [Handle]]>([:])

    package init(dataPath: String) { self.dataPath = dataPath }

    /// An engine's C handle, freed when the last reference goes.
    final class Handle: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ p: OpaquePointer) { pointer = p }
        deinit { pdfi_ocr_destroy(pointer) }
    }

    /// Runs `body` with an engine for `languages`, made if none is idle; throws when
    /// Tesseract or the language data cannot be loaded.
    package func with<T>(languages: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        let handle = try idle.withLock { $0[languages]?.popLast() } ?? make(languages)
        defer { idle.withLock { $0[languages, default: []].append(handle) } }
        return try body(handle.pointer)
    }

    func make(_ languages: String) throws -> Handle {
        var why = [CChar](repeating: 0, count: 256)
        guard let p = pdfi_ocr_create(dataPath, languages, &why, why.count) else {
            let reason = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PDFError(.ocrUnavailable, reason.isEmpty ? "Tesseract could not start" : reason)
        }
        return Handle(p)
    }
}

/// One word Tesseract read, in raster pixels (y down), with its characters.
package struct RecognizedWord: Sendable, Hashable {
    package var text: String
    package var box: (left: Int, top: Int, right: Int, bottom: Int)
    package var confidence: Float
    package var startsLine: Bool
    package var startsParagraph: Bool
    package var startsBlock: Bool
    /// The word's baseline through two points, raster pixels.
    package var baseline: (x1: Int, y1: Int, x2: Int, y2: Int)
    package var characters: [(text: String, left: Int, top: Int, right: Int, bottom: Int, confidence: Float)]

    package static func == (a: RecognizedWord, b: RecognizedWord) -> Bool {
        a.text == b.text && a.box == b.box && a.confidence == b.confidence
    }
    package func hash(into h: inout Hasher) { h.combine(text); h.combine(box.left); h.combine(box.top) }
}

extension OCREngines {
    /// Reads `image` (8-bit gray) at `ppi`.
    package func recognize(_ pixels: [UInt8], width: Int, height: Int, ppi: Int, languages: String,
                           pageSegmentationMode: Int, timeoutSeconds: Double) throws -> [RecognizedWord] {
        guard let w = Int32(exactly: width), let h = Int32(exactly: height), pixels.count >= width * height else {
            throw PDFError(.limitExceeded, "page raster of \(width) × \(height) pixels")
        }
        let timeout = timeoutSeconds.isFinite ? Int32(max(0, min(timeoutSeconds * 1000, 86_400_000))) : 0
        return try with(languages: languages) { engine in
            var result = pdfi_ocr_result()
            var why = [CChar](repeating: 0, count: 256)
            let rc = pixels.withUnsafeBufferPointer {
                pdfi_ocr_recognize(engine, $0.baseAddress, w, h, w, Int32(clamping: ppi), Int32(clamping: pageSegmentationMode),
                                   timeout, &result, &why, why.count)
            }
            defer { pdfi_ocr_result_free(&result) }
            guard rc == PDFI_OK else {
                let reason = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw PDFError(.ocrUnavailable, reason)
            }
            return Self.words(result)
        }
    }

    static func words(_ r: pdfi_ocr_result) -> [RecognizedWord] {
        guard r.count > 0, let items = r.items, let text = r.text else { return [] }
        let bytes = UnsafeRawBufferPointer(start: text, count: r.textLength)
        func string(_ i: pdfi_ocr_item) -> String {
            let lo = Int(i.textOffset), n = Int(i.textLength)
            guard lo >= 0, n >= 0, lo + n <= bytes.count else { return "" }
            return String(decoding: bytes[lo..<(lo + n)], as: UTF8.self)
        }
        var words: [RecognizedWord] = []
        for k in 0..<r.count {
            let item = items[k]
            if item.level == 0 {
                words.append(RecognizedWord(
                    text: string(item), box: (Int(item.left), Int(item.top), Int(item.right), Int(item.bottom)),
                    confidence: item.confidence, startsLine: item.starts & 4 != 0, startsParagraph: item.starts & 2 != 0,
                    startsBlock: item.starts & 1 != 0,
                    baseline: (Int(item.baseline.0), Int(item.baseline.1), Int(item.baseline.2), Int(item.baseline.3)),
                    characters: []))
            } else if !words.isEmpty {
                words[words.count - 1].characters.append(
                    (string(item), Int(item.left), Int(item.top), Int(item.right), Int(item.bottom), item.confidence))
            }
        }
        return words
    }
}

extension PDFError.Code {
    /// OCR was asked for and cannot run: libtesseract or the language data is missing, or
    /// Tesseract failed on a page.
    public static let ocrUnavailable = PDFError.Code(rawValue: "ocrUnavailable")
}

extension OCREngines {
    /// How far the page's text is turned, counter-clockwise in quarter turns (0–3), and
    /// Tesseract's confidence; nil when orientation detection cannot run (no
    /// `osd.traineddata`) or finds nothing.
    package func orientation(_ pixels: [UInt8], width: Int, height: Int, ppi: Int, languages: String) -> (quarterTurns: Int, confidence: Float)? {
        guard FileManager.default.fileExists(atPath: dataPath + "/osd.traineddata"),
              let w = Int32(exactly: width), let h = Int32(exactly: height), pixels.count >= width * height else { return nil }
        // Orientation detection runs Tesseract's legacy classifier on the `osd` model: an
        // engine of its own (an engine for a language reads nonsense orientations).
        return try? with(languages: "osd") { engine in
            var degrees: Int32 = 0
            var confidence: Float = 0
            let rc = pixels.withUnsafeBufferPointer {
                pdfi_ocr_orientation(engine, $0.baseAddress, w, h, w, Int32(clamping: ppi), &degrees, &confidence)
            }
            guard rc == PDFI_OK, degrees % 90 == 0 else { return nil }
            // Tesseract's angle is the text's turn clockwise; counter-clockwise it is the rest.
            return ((4 - Int(((degrees / 90) % 4 + 4) % 4)) % 4, confidence)
        }
    }
}

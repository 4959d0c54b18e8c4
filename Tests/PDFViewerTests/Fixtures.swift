import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import PDFCore
import PDFFile
import PDFSearch
import PDFSearchIndex
import PDFText
import PDFTestSupport
import PDFViewer

/// Test documents and a viewer over them.
enum Fixtures {
    /// A PDF with one line of Helvetica text per page at (72, 700), 12 pt; `rotate` sets
    /// every page's /Rotate.
    static func textPDF(_ pages: [String], rotate: Int = 0, extraLines: Int = 0) -> [UInt8] {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        let first = 10
        let kids = pages.indices.map { "\(first + 2 * $0) 0 R" }.joined(separator: " ")
        b.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) /MediaBox [0 0 612 792] >>")
        b.add(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for (k, text) in pages.enumerated() {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
            var content = "BT /F1 12 Tf 72 700 Td (\(escaped)) Tj ET\n"
            for l in 0..<extraLines {
                content += "BT /F1 10 Tf 72 \(680 - 12 * (l % 50)) Td (Line \(l) of page \(k + 1) with some more words to lay out) Tj ET\n"
            }
            b.add(first + 2 * k, "<< /Type /Page /Parent 2 0 R /Rotate \(rotate) /Resources << /Font << /F1 3 0 R >> >> /Contents \(first + 2 * k + 1) 0 R >>")
            b.addStream(first + 2 * k + 1, text: content)
        }
        return b.build().bytes
    }

    /// A folder holding `files` (name → bytes).
    static func folder(_ name: String, _ files: [String: [UInt8]]) throws -> URL {
        let dir = try TestDirectory.make(name)
        for (n, bytes) in files {
            let url = dir.appendingPathComponent(n)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return dir
    }

    /// A search index of `paths`, written as `pdftext index` writes one.
    static func index(_ paths: [String], at db: String) throws {
        let index = try SearchIndex(path: db, create: true)
        for path in paths {
            let bytes = try FileBytes.read(path: path)
            let document = try Document(bytes: bytes)
            let extractor = TextExtractor(document: document)
            let records = (1...document.pageCount).map { n in
                SearchIndex.PageRecord(number: n, label: nil, page: SearchablePage(extractor.page(n - 1), tokenizer: index.tokenizer,
                                                                                documentLanguage: document.language))
            }
            try index.replace(SearchIndex.FileState(path: path, sha256: "h\(bytes.count)", size: Int64(bytes.count), mtime: 0),
                              title: document.info.title, language: document.language, pageCount: document.pageCount, pages: records)
        }
    }

    /// The application over `viewer`, as `pdftext serve` runs it.
    static func app(_ viewer: Viewer) -> some ApplicationProtocol {
        ViewerServer(viewer: viewer, host: "127.0.0.1", port: 0).application()
    }

    /// A response body as JSON.
    static func json(_ response: TestResponse) throws -> [String: Any] {
        let data = Data(buffer: response.body)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        var b = buffer
        self = Data(b.readBytes(length: b.readableBytes) ?? [])
    }
}

import Foundation
import PDFCore
import PDFAudit

/// `pdftext view FILE -o DIR`: the viewer for one document as files to open from disk
/// (file://, no server) or attach to a report. Chromium refuses fetch() on file://, so the
/// data are JavaScript files that hand the same JSON as the server's to the app:
///
///     DIR/index.html, DIR/app/app.js, DIR/app/app.css     the web app (as the server's URLs)
///     DIR/pdfjs/build/pdf.js, pdf.worker.js               pdf.js, copied from libjs-pdf
///     DIR/document.pdf                                    the PDF
///     DIR/data/doc.js     window.PDFTEXT_STATIC = {doc: <as /api/doc/ID>, pdfBase64: "…"};
///     DIR/data/page-N.js  window.PDFTEXT_PAGE(N, <as /api/doc/ID/page/N>);
///     DIR/.pdftext-view   marks the folder as ours, so that a later run may replace it
package enum StaticExport {
    /// The file that marks a folder as a previous output.
    package static let marker = ".pdftext-view"

    /// Why the folder cannot be written.
    package struct Failure: Error, Sendable {
        package var message: String
        /// True when the folder was refused (not empty and not ours), not failed.
        package var refused: Bool
    }

    /// Whether `folder` may be written: missing, empty, a previous output, or `force`.
    package static func check(folder: String, force: Bool) -> Failure? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return Failure(message: "not a folder", refused: true) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if names.isEmpty || names.contains(marker) || force { return nil }
        return Failure(message: "not empty and not written by pdftext view (--force writes into it)", refused: true)
    }

    /// Writes the viewer of `doc` (whose file's bytes are `pdf`) into `folder`. Pages are
    /// extracted one after the other; the audit is run once, for the whole document.
    package static func write(_ doc: OpenDocument, pdf: [UInt8], to folder: String, force: Bool,
                              pdfjs: PDFJSFiles = PDFJSFiles()) throws(Failure) {
        if let refusal = check(folder: folder, force: force) { throw refusal }
        let fm = FileManager.default
        do {
            // A previous output's page files go: the new document may have fewer pages.
            if fm.fileExists(atPath: folder + "/" + marker) { try? fm.removeItem(atPath: folder + "/data") }
            for sub in ["", "/app", "/pdfjs/build", "/data"] {
                try fm.createDirectory(atPath: folder + sub, withIntermediateDirectories: true)
            }
            try put(Array("pdftext view\n".utf8), folder + "/" + marker)
            for name in WebAssets.mediaTypes.keys.sorted() {
                guard let bytes = WebAssets.files[name] else { continue }
                try put(bytes, folder + (name == "index.html" ? "/" : "/app/") + name)
            }
            for path in PDFJSFiles.exportedFiles {
                guard let f = pdfjs.file(path.split(separator: "/").map(String.init)) else {
                    throw Failure(message: "pdf.js is not installed (\(pdfjs.root)/\(path); Debian's libjs-pdf)", refused: false)
                }
                try put(f.bytes, folder + "/pdfjs/" + path)
            }
            try put(pdf, folder + "/document.pdf")
            var docJS = Array("window.PDFTEXT_STATIC = {\"doc\":".utf8)
            docJS += Viewer.json(doc.summary())
            docJS += Array(",\"pdfBase64\":\"".utf8) + Array(Data(pdf).base64EncodedString().utf8) + Array("\"};\n".utf8)
            try put(docJS, folder + "/data/doc.js")
            let findings = Auditor().audit(doc.document).findings
            for n in 1...max(1, doc.pageCount) where n <= doc.pageCount {
                var js = Array("window.PDFTEXT_PAGE(\(n), ".utf8)
                js += Viewer.json(.object(PageOverlay.adding(findings, to: PageOverlay.build(doc, index: n - 1), index: n - 1)))
                js += Array(");\n".utf8)
                try put(js, folder + "/data/page-\(n).js")
            }
        } catch let f as Failure {
            throw f
        } catch {
            throw Failure(message: "cannot write: \((error as NSError).localizedDescription)", refused: false)
        }
    }

    static func put(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

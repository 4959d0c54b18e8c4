import Foundation

/// The web app's own files (index.html, app.js, app.css), embedded in the binary at build
/// time by EmbedWebAssetsPlugin from Sources/PDFViewer/Web.
package enum WebAssets {
    /// The names the server and the static export know, with their media types.
    package static let mediaTypes: [String: String] = [
        "index.html": "text/html; charset=utf-8",
        "app.js": "text/javascript; charset=utf-8",
        "app.css": "text/css; charset=utf-8",
    ]

    /// The bytes of one of ``mediaTypes``' files, decoded once.
    package static let files: [String: [UInt8]] = {
        var out: [String: [UInt8]] = [:]
        for (name, text) in EmbeddedWebFiles.base64 where mediaTypes[name] != nil {
            if let data = Data(base64Encoded: text) { out[name] = [UInt8](data) }
        }
        return out
    }()
}

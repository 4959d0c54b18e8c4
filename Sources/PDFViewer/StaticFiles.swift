import Foundation

/// pdf.js as Debian's libjs-pdf installs it: files under one folder (`build/pdf.js`,
/// `build/pdf.worker.js`, `web/cmaps/…`), served only when they are regular files whose
/// canonical path lies inside that folder, or inside the target of a link to a folder that
/// the package itself put near its top (`web/cmaps` → `/usr/share/pdf.js/cmaps`). A link to
/// a file outside, or deeper links out, are refused. Nothing is listed.
package struct PDFJSFiles: Sendable {
    /// Where Debian's libjs-pdf installs pdf.js.
    package static let defaultRoot = "/usr/share/javascript/pdf"
    /// The files the static export copies (`pdftext view`).
    package static let exportedFiles = ["build/pdf.js", "build/pdf.worker.js"]

    package let root: String
    /// Canonical folders a served file may lie in.
    package let allowed: [String]

    /// Media types by extension; a file with another extension is not served.
    package static let mediaTypes: [String: String] = [
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8", "map": "application/json",
        "bcmap": "application/octet-stream", "pfb": "application/octet-stream",
        "ttf": "font/ttf", "otf": "font/otf", "png": "image/png", "svg": "image/svg+xml", "gif": "image/gif",
    ]

    package init(root: String = PDFJSFiles.defaultRoot) {
        self.root = root
        guard let canonical = DocumentCatalog.canonical(root) else {
            allowed = []
            return
        }
        var allowed = [canonical]
        // Links to folders at most two levels down (web/cmaps, web/images).
        let fm = FileManager.default
        for first in (try? fm.contentsOfDirectory(atPath: canonical)) ?? [] {
            let level1 = canonical + "/" + first
            for path in [level1] + ((try? fm.contentsOfDirectory(atPath: level1)) ?? []).map({ level1 + "/" + $0 }) {
                guard (try? fm.destinationOfSymbolicLink(atPath: path)) != nil,
                      let target = DocumentCatalog.canonical(path) else { continue }
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue { allowed.append(target) }
            }
        }
        self.allowed = allowed
    }

    /// The bytes and media type of the file at `segments` under the root, or nil when it is
    /// not one that is served. The segments were checked by ``RequestTarget`` (no `..`, no
    /// encoding); the canonical path is checked here again.
    package func file(_ segments: [String]) -> (bytes: [UInt8], mediaType: String)? {
        guard !segments.isEmpty, !allowed.isEmpty,
              segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("/") && !$0.utf8.contains(0) }),
              let ext = segments.last?.split(separator: ".").last.map({ String($0).lowercased() }),
              let type = Self.mediaTypes[ext],
              let canonical = DocumentCatalog.canonical(root + "/" + segments.joined(separator: "/")),
              allowed.contains(where: { DocumentCatalog.isInside(canonical, folder: $0) }) else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: canonical, isDirectory: &isFolder), !isFolder.boolValue,
              let attributes = try? FileManager.default.attributesOfItem(atPath: canonical),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let data = FileManager.default.contents(atPath: canonical) else { return nil }
        return ([UInt8](data), type)
    }
}

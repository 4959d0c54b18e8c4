import Foundation

/// The shared corpus of other people's PDFs (`../shared/corpus` from the project root, or
/// `PDFTEXT_SHARED_CORPUS`). It is present for developers and CI, not on a user's machine:
/// tests that need it are skipped with this reason when it is absent.
package enum SharedCorpus {
    package static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["PDFTEXT_SHARED_CORPUS"] { return URL(fileURLWithPath: env) }
        let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return projectRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    package static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path) }

    package static let skipMessage = "shared corpus not found at ../shared/corpus (set PDFTEXT_SHARED_CORPUS); skipped"

    package static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    package static func bytes(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(relative))) }

    package static func json(_ relative: String) -> Any? {
        guard let data = try? Data(contentsOf: url(relative)) else { return nil }
        return try? JSONSerialization.jsonObject(with: data)
    }

    /// Every PDF under the corpus, relative paths, sorted.
    package static var allPDFs: [String] {
        guard isAvailable, let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".pdf") }.sorted()
    }
}


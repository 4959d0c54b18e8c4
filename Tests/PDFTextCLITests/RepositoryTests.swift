import Foundation
import Testing
@testable import PDFTextCLI

/// What the repository says of itself: its sources, docs and tests point at nothing a
/// reader of a clone does not have (design notes outside it), and call the C library in a
/// way that builds on Darwin too.
@Suite struct RepositoryTests {
    /// Every file under `folders` of the repository with one of `extensions`.
    static func files(under folders: [String], extensions: Set<String>) -> [URL] {
        var out: [URL] = []
        for folder in folders {
            let root = CLI.projectRoot.appendingPathComponent(folder)
            guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e where extensions.contains(url.pathExtension) { out.append(url) }
        }
        return out
    }

    @Test("no source, doc or test points at design notes outside the repository")
    func selfContained() throws {
        // Spelt in parts, so that this file does not name them.
        let outside = ["shared" + "/design", "ACCESSIBILITY" + ".md", "PDFKIT-AND-PEERS" + ".md", "CLI-FORMATS-LIBRARIES" + ".md"]
        let files = Self.files(under: ["Sources", "docs", "Tests"], extensions: ["swift", "md", "c", "h"])
            + [CLI.projectRoot.appendingPathComponent("README.md")]
        #expect(files.count > 100)
        var found: [String] = []
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            for name in outside where text.contains(name) { found.append("\(url.lastPathComponent): \(name)") }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the C library is reached through SystemCall or a conditional import, never by its Linux module's name")
    func portableCalls() throws {
        let qualified = "Glibc" + "."
        var found: [String] = []
        for url in Self.files(under: ["Sources"], extensions: ["swift"]) where url.lastPathComponent != "SystemCall.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains(qualified) { found.append(url.lastPathComponent) }
            // `import Glibc` only inside `#if canImport(Glibc)`.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() where line == "import Glibc" {
                if k == 0 || !lines[k - 1].contains("canImport(Glibc)") { found.append("\(url.lastPathComponent): bare import") }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}

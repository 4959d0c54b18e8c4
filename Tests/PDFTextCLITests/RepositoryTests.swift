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

/// Package.swift's targets and what their sources import.
@Suite struct PackageImportTests {
    struct Target { var name: String; var dependencies: [String]; var isTest: Bool }

    /// The targets of Package.swift in the order written, with their direct dependencies
    /// (target names, and product names for `.product(name:…)`).
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: CLI.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var out: [Target] = []
        let scanner = text.unicodeScalars.map(Character.init)
        let source = String(scanner)
        let pattern = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:[^\[\)]*dependencies:\s*\[((?:[^\[\]]|\[[^\]]*\])*)\])?"#)
        for m in source.matches(of: pattern) {
            let kind = String(m.output[1].substring ?? "")
            let name = String(m.output[2].substring ?? "")
            let list = m.output.count > 3 ? String(m.output[3].substring ?? "") : ""
            var deps: [String] = []
            for d in list.matches(of: try Regex(#"(?:\.product\(name:\s*)?"([^"]+)""#)) {
                let whole = String(d.output[0].substring ?? "")
                let value = String(d.output[1].substring ?? "")
                // `.product(name: X, package: Y)`: X is the module; the package name is skipped.
                if whole.hasPrefix(".product") || !list.contains("package: \"\(value)\"") { deps.append(value) }
            }
            out.append(Target(name: name, dependencies: deps, isTest: kind == "testTarget"))
        }
        return out
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(_ text: String) -> Set<String> {
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").map(String.init)
            while let w = words.first, w.hasPrefix("@") || ["public", "package", "internal", "private"].contains(w) { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let module = words.count >= 3 && ["struct", "class", "enum", "func", "protocol", "typealias", "var", "let"].contains(words[1]) ? words[2] : words[1]
            out.insert(String(module.split(separator: ".").first ?? ""))
        }
        return out
    }

    @Test("every module of the package a target's sources import is one it declares, and declared targets come before it")
    func declaredImports() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 30, "\(targets.count) targets read from Package.swift")
        let names = Set(targets.map(\.name))
        let products: Set<String> = ["ArgumentParser", "Crypto", "_CryptoExtras", "GRDB"]
        var position: [String: Int] = [:]
        for (k, t) in targets.enumerated() { position[t.name] = k }
        var problems: [String] = []
        for t in targets {
            // A target depends only on targets written above it (the layer order).
            for d in t.dependencies where names.contains(d) && position[d]! >= position[t.name]! {
                problems.append("\(t.name) depends on \(d), written below it")
            }
            let folder = CLI.projectRoot.appendingPathComponent(t.isTest ? "Tests" : "Sources").appendingPathComponent(t.name)
            guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for module in Self.imports(text) where (names.contains(module) || products.contains(module)) && module != t.name {
                    if !t.dependencies.contains(module) { problems.append("\(t.name)/\(url.lastPathComponent) imports \(module), not declared") }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted())")
    }

    @Test("the import reader: plain, attributed and kind-qualified imports")
    func importReader() {
        let text = "import Foundation\n@testable import PDFCore\npublic import PDFText\nimport struct PDFSyntax.Name\n// import Nothing\nlet x = 1"
        #expect(Self.imports(text) == ["Foundation", "PDFCore", "PDFText", "PDFSyntax"])
    }
}

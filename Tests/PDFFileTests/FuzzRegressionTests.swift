import Foundation
import PDFCore
import PDFFile
import PDFSyntax
import Testing

/// Every file in `Corpus/broken/` is an input that once crashed document loading (see that
/// folder's README.md). Each must now load with the outcome written here; a file without an
/// expectation here or in `Corpus/manifest.json` fails, so a new fixture cannot be added
/// without saying what it should give.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/broken")

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".pdf") }.sorted()
    }

    /// The fixtures this file has expectations for.
    static let known = [
        "encrypt-p-1e300.pdf",
        "fuzz-encrypt-p-overflow.pdf",
        "fuzz-root-offset-int-max-after-junk.pdf",
        "objstm-first-int-max.pdf",
        "page-label-start-int-max.pdf",
        "rotate-1e300.pdf",
        "rotate-int-max.pdf",
        "startxref-int-max-after-junk.pdf",
        "xref-offset-int-max-after-junk.pdf",
        "xref-stream-index-int-max.pdf",
        "xref-subsection-start-int-max.pdf",
    ]

    /// The damaged files that `Corpus/manifest.json` describes (checked by `ManifestTests`).
    static var inManifest: Set<String> {
        let url = folder.deletingLastPathComponent().appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: url),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return Set(list.compactMap { ($0["file"] as? String).flatMap { $0.hasPrefix("broken/") ? String($0.dropFirst(7)) : nil } })
    }

    @Test("every known fixture is present, and every file in Corpus/broken has an expectation here or in the manifest")
    func fixturesPresent() {
        #expect(Set(Self.files).isSuperset(of: Self.known), "missing from \(Self.folder.path)")
        let unexplained = Set(Self.files).subtracting(Self.known).subtracting(Self.inManifest)
        #expect(unexplained.isEmpty, "no expectation for \(unexplained.sorted())")
    }

    @Test("loads with the expected outcome", arguments: known)
    func loads(_ name: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent(name).path))
        if name == "fuzz-encrypt-p-overflow.pdf" {
            // /P (a real: no Int64 holds it) is reduced modulo 2^32 from its digits before the
            // handler is checked; the dictionary has no /Filter, so no security handler applies.
            let error = #expect(throws: PDFError.self) { try Document(bytes: Array(bytes)) }
            #expect(error?.code == .unsupportedEncryption)
            return
        }
        if name == "fuzz-root-offset-int-max-after-junk.pdf" {
            // The /Root entry's offset plus the junk before the header overflowed; now the
            // shifted offset is skipped, the rescan finds no catalog, and the file is refused.
            let error = #expect(throws: PDFError.self) { try Document(bytes: Array(bytes)) }
            #expect(error?.message.contains("catalog") == true)
            return
        }
        let doc = try Document(bytes: Array(bytes))
        switch name {
        case "encrypt-p-1e300.pdf":
            // /P 1e300 is a real, read modulo 2^32 like any /P: 1e300 = 2^300 · 5^300 is a
            // multiple of 2^32, so 0. The empty password does not fit the one-byte /U, so
            // the document stays locked.
            #expect(doc.isEncrypted)
            #expect(doc.isLocked)
            #expect(doc.security?.dictionary.p == 0)
            #expect(!doc.unlock(password: "wrong"))
        case "objstm-first-int-max.pdf":
            // The only page sits in an object stream whose /First points past any data.
            #expect(doc.store.wasRepaired)
            #expect(doc.pageCount == 0)
            #expect(doc.store.object(ObjectID(3)) == .null)
            #expect(doc.diagnostics.contains(.objectMissing))
        case "page-label-start-int-max.pdf":
            #expect(doc.pageLabels == ["9223372036854775805", "9223372036854775806"])
        case "rotate-1e300.pdf", "rotate-int-max.pdf":
            // Both are whole multiples of 360° once rounded to quarter turns in a Double.
            #expect(doc.pageCount == 1)
            #expect(doc.pages.first?.rotation == 0)
        case "startxref-int-max-after-junk.pdf", "xref-subsection-start-int-max.pdf", "xref-stream-index-int-max.pdf":
            // The cross-reference data is unusable; the rescan finds the document.
            #expect(doc.store.wasRepaired)
            #expect(doc.diagnostics.contains(.xrefRepaired))
            #expect(doc.pageCount == 1)
        case "xref-offset-int-max-after-junk.pdf":
            // The table is used; the page's offset is past the end, so a rescan finds it.
            #expect(!doc.store.wasRepaired)
            #expect(doc.pageCount == 1)
            #expect(doc.diagnostics.contains(.objectOffsetWrong))
        default:
            Issue.record("no expectation for Corpus/broken/\(name); add one to FuzzRegressionTests")
        }
        Self.walk(doc)
    }

    /// What the fuzzer does after opening: everything the file layer offers, every stream.
    static func walk(_ doc: Document) {
        for page in doc.pages { _ = (page.mediaBox, page.cropBox, page.bleedBox, page.trimBox, page.artBox) }
        _ = (doc.pageLabels, doc.outline, doc.info, doc.xmpMetadata, doc.isLinearized, doc.permissions)
        if doc.isEncrypted {
            doc.unlock(password: "not the password")
            doc.unlock(password: "")
        }
        for n in doc.store.objectNumbers {
            if case .stream(let s) = doc.store.object(ObjectID(n)) { _ = doc.store.streamData(s) }
        }
    }
}

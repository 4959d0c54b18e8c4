import PDFTestSupport
import Foundation
import PDFCore
import PDFFile
import PDFSyntax
import Testing

/// Every file of the shared corpus loads, or fails with a `PDFError` whose message names
/// the problem; page counts agree with the corpus's own facts; every stream decodes within
/// the limits.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipReason))
struct LoadAllCorpusTests {
    @Test("py-pdf sample files: page counts and encryption as files.json records them")
    func sampleFiles() throws {
        guard let manifest = SharedCorpus.json("sample-files/files.json") as? [String: Any],
              let entries = manifest["data"] as? [[String: Any]] else {
            Issue.record("sample-files/files.json unreadable"); return
        }
        var checked = 0
        for e in entries {
            // Part of the set is held back from the shared copy: check what is present.
            guard let path = e["path"] as? String, let pages = e["pages"] as? Int,
                  FileManager.default.fileExists(atPath: SharedCorpus.url("sample-files/" + path).path) else { continue }
            let doc = try Document(bytes: try SharedCorpus.bytes("sample-files/" + path))
            #expect(doc.isEncrypted == (e["encrypted"] as? Bool ?? false), "\(path)")
            if !doc.isLocked {
                #expect(doc.pageCount == pages, "\(path)")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    @Test("every corpus PDF loads or throws a described PDFError; all streams decode within limits")
    func loadEverything() throws {
        let files = SharedCorpus.allPDFs
        #expect(files.count > 500)
        var loaded = 0, refused = 0, streams = 0
        for path in files {
            let bytes = try SharedCorpus.bytes(path)
            do {
                let doc = try Document(bytes: bytes)
                loaded += 1
                _ = doc.pages
                _ = doc.outline
                _ = doc.info
                for n in doc.store.objectNumbers {
                    if case .stream(let s) = doc.store.object(ObjectID(n)) {
                        let r = doc.store.streamData(s)
                        #expect(r.bytes.count <= doc.store.limits.maxDecodedStreamBytes)
                        streams += 1
                    }
                }
            } catch {
                refused += 1
                #expect(!error.message.isEmpty, "\(path)")
                #expect([PDFError.Code.damaged, .notAPDF, .unsupportedEncryption, .limitExceeded].contains(error.code), "\(path): \(error)")
            }
        }
        print("corpus: \(files.count) files, \(loaded) loaded, \(refused) refused with an error, \(streams) streams decoded")
        #expect(loaded >= files.count - 10)
    }
}

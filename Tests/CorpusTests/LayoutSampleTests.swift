import Foundation
import Testing

/// The committed sample of the layout corpus (`Corpus/layout/`, written by
/// `tools/corpus/make_layout_corpus.py --sample`): one generated document per layout family,
/// listed in `Corpus/layout/manifest.json` (not in `Corpus/manifest.json`, so
/// `TextGroundTruthTests` and its thresholds do not cover them). Informational: each document's
/// score is printed; only the files' presence is required, since these families are where the
/// layout is still being improved (the generated splits and `tools/text-report --families`
/// measure them).
@Suite struct LayoutSampleTests {
    static let root = ManifestEntry.corpusRoot.appendingPathComponent("layout")

    static var cases: [GroundTruthCase] {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("manifest.json")),
              let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let docs = manifest["documents"] as? [[String: Any]] else { return [] }
        return docs.compactMap { e in
            guard let file = e["file"] as? String, let truth = e["groundTruth"] as? String else { return nil }
            return GroundTruthCase(id: e["id"] as? String ?? file, pdf: root.appendingPathComponent(file),
                                   groundTruth: root.appendingPathComponent(truth), password: nil)
        }
    }

    @Test("the layout sample's documents and ground truths are present; their scores are printed")
    func listed() throws {
        let cases = Self.cases
        #expect(!cases.isEmpty, "Corpus/layout/manifest.json lists no document")
        for c in cases {
            #expect(FileManager.default.fileExists(atPath: c.pdf.path), "\(c.id): \(c.pdf.path) missing")
            #expect(FileManager.default.fileExists(atPath: c.groundTruth.path), "\(c.id): \(c.groundTruth.path) missing")
            if let s = try? TextFidelity.score(c) {
                print("layout sample \(c.id): \(s)\(TextFidelity.passes(s) ? "" : " (below the Corpus/text thresholds)")")
            } else {
                print("layout sample \(c.id): could not be read")
            }
        }
    }
}

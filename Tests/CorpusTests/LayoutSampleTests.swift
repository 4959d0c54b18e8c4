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

    /// `Corpus/layout/floors.json`: per document, the char and order scores it must keep.
    static var floors: [String: (char: Double, order: Double)] {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("floors.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let floors = object["floors"] as? [String: [String: Double]] else { return [:] }
        return floors.compactMapValues { f in f["char"].flatMap { c in f["order"].map { (c, $0) } } }
    }

    @Test("every layout sample document keeps its char and order floor; scores are printed")
    func listed() throws {
        let cases = Self.cases
        let floors = Self.floors
        #expect(!cases.isEmpty, "Corpus/layout/manifest.json lists no document")
        #expect(floors.count == cases.count, "Corpus/layout/floors.json must give a floor for each of the \(cases.count) documents")
        for c in cases {
            #expect(FileManager.default.fileExists(atPath: c.pdf.path), "\(c.id): \(c.pdf.path) missing")
            #expect(FileManager.default.fileExists(atPath: c.groundTruth.path), "\(c.id): \(c.groundTruth.path) missing")
            let s = try TextFidelity.score(c)
            print("layout sample \(c.id): \(s)")
            if let floor = floors[c.id] {
                #expect(s.char >= floor.char, "\(c.id): char \(s.char) below its floor \(floor.char)")
                #expect(s.order >= floor.order, "\(c.id): order \(s.order) below its floor \(floor.order)")
            }
        }
    }
}

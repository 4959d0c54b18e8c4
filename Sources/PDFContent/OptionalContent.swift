import PDFCore
import PDFSyntax
import PDFFile

/// Which optional content groups are off in the document's default configuration
/// (PDF 32000-1 §8.11.4: /OCProperties /D with /BaseState, /ON and /OFF), and whether a
/// group or membership dictionary (/OCMD with /OCGs and /P) is visible.
package struct OptionalContent: Sendable {
    /// Object numbers of the groups that are off.
    var off: Set<Int> = []
    var baseOff = false
    var on: Set<Int> = []

    package init() {}

    package init(document: Document) {
        let store = document.store
        guard let props = store.dictionary(document.catalog["OCProperties"]),
              let d = store.dictionary(props["D"]) else { return }
        baseOff = store.name(d["BaseState"])?.string == "OFF"
        for item in store.array(d["OFF"]) ?? [] { if let r = item.reference { off.insert(r.number) } }
        for item in store.array(d["ON"]) ?? [] { if let r = item.reference { on.insert(r.number) } }
    }

    /// Whether nothing is ever hidden (no configuration).
    package var isTrivial: Bool { off.isEmpty && !baseOff }

    func isGroupVisible(_ number: Int) -> Bool {
        baseOff ? on.contains(number) : !off.contains(number)
    }

    /// Whether content marked with `object` (an OCG or OCMD, usually a reference) shows.
    package func isVisible(_ object: PDFObject?, store: ObjectStore) -> Bool {
        guard !isTrivial, let object else { return true }
        let dict = store.dictionary(object)
        if store.name(dict?["Type"])?.string == "OCMD" {
            var groups: [Int] = []
            let ocgs = dict?["OCGs"]
            if let r = ocgs?.reference, store.resolve(ocgs).array == nil {
                groups = [r.number]
            } else {
                groups = (store.array(ocgs) ?? []).compactMap { $0.reference?.number }
            }
            guard !groups.isEmpty else { return true }
            let visible = groups.map(isGroupVisible)
            switch store.name(dict?["P"])?.string ?? "AnyOn" {
            case "AllOn": return visible.allSatisfy { $0 }
            case "AnyOff": return visible.contains(false)
            case "AllOff": return visible.allSatisfy { !$0 }
            default: return visible.contains(true)
            }
        }
        guard let number = object.reference?.number else { return true }
        return isGroupVisible(number)
    }
}

import PDFCore
import PDFSyntax
import PDFFile

extension Diagnostic.Code {
    /// The inventory stopped listing fonts: the document holds more than it lists.
    package static let fontInventoryCut = Diagnostic.Code("fontInventoryCut")
}

/// A font found in a document's resources.
package struct FontInventoryEntry: Sendable {
    /// Where the font dictionary is: its object, or, for a dictionary written inside
    /// another, nothing (`pdffonts` prints `[none]`).
    package var reference: ObjectID?
    package var dictionary: PDFDictionary
    package var classification: FontClassification
    /// The resource name it was first found under (`F1`).
    package var resourceName: String
    /// The page (1-based) it was first found on.
    package var firstPage: Int
}

/// The fonts of a document's pages, found as `pdffonts` finds them: the fonts of each
/// page's resources (inherited ones included), of the resources of the form XObjects and
/// tiling patterns those name (recursively), and of the resources of each annotation's
/// normal appearance (the one /AS selects). Each font once, in the order first found.
///
/// Bounded: each XObject, pattern and resources object is visited once, nesting stops at
/// `Limits.maxRecursionDepth`, and at most ``maxFonts`` fonts are listed (a diagnostic
/// says so when more are left).
package struct FontInventory {
    package static let maxFonts = 10_000

    package let document: Document
    package private(set) var entries: [FontInventoryEntry] = []
    package private(set) var diagnostics = DiagnosticLog()
    let classifier: FontClassifier
    var seenObjects = Set<Int>()
    var seenDirect = Set<DirectKey>()
    var visited = Set<Int>()
    var page = 0

    /// A font written inside its font resource dictionary: that dictionary's object and
    /// the key when it has one, else the font's own contents.
    enum DirectKey: Hashable {
        case inObject(Int, Name)
        case contents(PDFDictionary)
    }

    package init(document: Document) {
        self.document = document
        classifier = FontClassifier(store: document.store)
    }

    /// Scans the pages (1-based numbers) in order.
    package mutating func scan(pages numbers: [Int]) {
        let pages = document.pages
        let store = document.store
        for n in numbers where n >= 1 && n <= pages.count {
            page = n
            let info = pages[n - 1]
            if let resources = info.resources { scanResources(resources, depth: 0) }
            guard let annots = store.array(info.dictionary["Annots"]) else { continue }
            for annot in annots.prefix(store.limits.maxAnnotationsPerPage) {
                if let resources = appearanceResources(annot) { scanResources(resources, depth: 0) }
            }
        }
    }

    /// The /Resources of an annotation's normal appearance: /AP /N when it is a stream,
    /// else the state /AS names in it (the only state when /AS is missing).
    func appearanceResources(_ annotObject: PDFObject) -> PDFDictionary? {
        let store = document.store
        guard let annot = store.dictionary(annotObject), let ap = store.dictionary(annot["AP"]),
              let normal = ap["N"] else { return nil }
        var appearance: PDFObject? = normal
        if case .dictionary(let states) = normal {
            // States written in place; a reference to a dictionary of states leads to no stream.
            var state = store.name(annot["AS"])
            if state == nil, states.count == 1 { state = states.keys.first }
            appearance = states[state ?? "Off"]
        }
        guard let appearance, let stream = store.resolve(appearance).stream else { return nil }
        return store.dictionary(stream.dictionary["Resources"])
    }

    mutating func scanResources(_ resources: PDFDictionary, depth: Int) {
        let store = document.store
        guard depth < store.limits.maxRecursionDepth else { return }
        if let fontObject = resources["Font"] {
            let container = fontObject.reference
            if let fonts = store.dictionary(fontObject) { add(fonts, container: container) }
        }
        for kind: Name in ["XObject", "Pattern"] {
            guard let objects = store.dictionary(resources[kind]) else { continue }
            for (_, value) in Self.ordered(objects) {
                if let r = value.reference, !visited.insert(r.number).inserted { continue }
                guard let stream = store.resolve(value).stream, let inner = stream.dictionary["Resources"] else { continue }
                if let r = inner.reference, !visited.insert(r.number).inserted { continue }
                guard let dict = store.dictionary(inner), dict != resources else { continue }
                scanResources(dict, depth: depth + 1)
            }
        }
    }

    mutating func add(_ fonts: PDFDictionary, container: ObjectID?) {
        let store = document.store
        for (key, value) in Self.ordered(fonts) {
            guard let dict = store.dictionary(value) else { continue }
            if let r = value.reference {
                guard seenObjects.insert(r.number).inserted else { continue }
            } else {
                let key: DirectKey = container.map { .inObject($0.number, key) } ?? .contents(dict)
                guard seenDirect.insert(key).inserted else { continue }
            }
            guard entries.count < Self.maxFonts else {
                if entries.count == Self.maxFonts {
                    diagnostics.append(.fontInventoryCut, .warning, "more than \(Self.maxFonts) fonts; the rest are not listed")
                }
                return
            }
            entries.append(FontInventoryEntry(reference: value.reference, dictionary: dict,
                                              classification: classifier.classify(dict),
                                              resourceName: key.string, firstPage: page))
        }
    }

    /// A resource dictionary's entries in a stable order that follows the file's as
    /// producers usually write it: references by object number, then the others by key.
    static func ordered(_ d: PDFDictionary) -> [(Name, PDFObject)] {
        d.entries.sorted { a, b in
            switch (a.value.reference, b.value.reference) {
            case let (x?, y?): return x == y ? a.key < b.key : x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.key < b.key
            }
        }.map { ($0.key, $0.value) }
    }
}

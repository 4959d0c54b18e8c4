import PDFCore
import PDFSyntax
import PDFFile

/// ISO 14289-2 rules on the catalog, text strings, destinations, embedded files,
/// annotations and forms.
extension UA2Checks {
    /// Whether `s` holds a Unicode private-use character (U+E000–U+F8FF and planes 15–16).
    static func hasPrivateUse(_ s: String) -> Bool {
        s.unicodeScalars.contains { v in
            (0xE000...0xF8FF).contains(v.value) || (0xF0000...0xFFFFD).contains(v.value) || (0x100000...0x10FFFD).contains(v.value)
        }
    }

    /// 8.4.4-1: the catalog has a non-empty `/Lang`.
    static let catalogLanguage = AuditCheck(["8.4.4-1"]) { ctx in
        let lang = ctx.document.store.text(ctx.document.catalog["Lang"]) ?? ""
        if !lang.isEmpty { ctx.checked("8.4.4-1") } else {
            ctx.fail("8.4.4-1", "The catalog has no \(ctx.document.catalog["Lang"] == nil ? "" : "non-empty ")/Lang. Set the document's language in the catalog (e.g. /Lang (en-GB)).")
        }
    }

    /// 8.4.3-2, 8.4.3-3 (structure elements' ActualText and Alt) and 8.6-1 (human-readable
    /// text strings: document information, outline titles, structure element titles and
    /// descriptions, annotation contents, field names and descriptions, file descriptions):
    /// no private-use characters.
    static let privateUse = AuditCheck(["8.4.3-2", "8.4.3-3", "8.6-1"]) { ctx in
        let store = ctx.document.store
        let tree = ctx.tree
        func check(_ text: String?, _ what: String, at: AuditLocation) {
            guard let text else { return }
            if hasPrivateUse(text) {
                ctx.fail("8.6-1", "\(what) holds private-use characters, which have no meaning a reader can speak. Replace them with the characters they stand for.",
                         at: at, evidence: [.init(what, String(text.prefix(80)))])
            } else {
                ctx.checked("8.6-1")
            }
        }
        for (i, e) in tree.elements.enumerated() {
            let at = tree.location(of: i)
            for (id, key, value) in [("8.4.3-2", "ActualText", e.actualText), ("8.4.3-3", "Alt", e.alt)] {
                guard let value else { continue }
                if hasPrivateUse(value) {
                    ctx.fail(id, "The element's /\(key) holds private-use characters. Write the text it stands for with standard Unicode characters.",
                             at: at, evidence: [.init(key, String(value.prefix(80)))])
                } else {
                    ctx.checked(id)
                }
            }
            check(e.title, "The structure element title (/T)", at: at)
            check(e.expansion, "The expansion (/E)", at: at)
        }
        if let info = store.dictionary(ctx.document.store.trailer["Info"]) {
            for key in ["Title", "Author", "Subject", "Keywords", "Creator", "Producer"] {
                check(store.text(info[Name(key)]), "The document information /\(key)", at: AuditLocation(object: ctx.document.store.trailer["Info"]?.reference))
            }
        }
        forEachOutlineItem(ctx) { d, id in check(store.text(d["Title"]), "The bookmark title", at: AuditLocation(object: id)) }
        for a in DocumentChecks.pageAnnotations(ctx) {
            check(store.text(a.dictionary["Contents"]), "The annotation's /Contents", at: DocumentChecks.location(of: a, ctx))
        }
        forEachField(ctx) { d, object, _ in
            let at = AuditLocation(object: object)
            check(store.text(d["T"]), "The field name (/T)", at: at)
            check(store.text(d["TU"]), "The field description (/TU)", at: at)
            check(store.text(d["TM"]), "The field's export name (/TM)", at: at)
        }
    }

    /// Calls `body` with every outline item's dictionary (``DocumentChecks/outlineItems(_:)``).
    static func forEachOutlineItem(_ ctx: AuditContext, _ body: (PDFDictionary, ObjectID?) -> Void) {
        let store = ctx.document.store
        for id in DocumentChecks.outlineItems(ctx) {
            if let d = store.dictionary(.reference(id)) { body(d, id) }
        }
    }

    /// 8.8-1 (outline, OpenAction and link destinations are structure destinations) and
    /// 8.8-2 (GoTo actions have a structure destination, /SD).
    static let destinations = AuditCheck(["8.8-1", "8.8-2"]) { ctx in
        let store = ctx.document.store
        let named = NamedDestinations(store: store, catalog: ctx.document.catalog)
        /// Whether a destination (explicit, named, or a dictionary with /D or /SD) is a
        /// structure destination: an array whose first element is a structure element.
        func isStructure(_ dest: PDFObject?, depth: Int = 0) -> Bool {
            let value = store.resolve(dest)
            switch value {
            case .array(let a):
                guard let first = a.first, let d = store.dictionary(first) else { return false }
                return store.name(d["Type"])?.string == "StructElem" || (d["S"] != nil && d["P"] != nil)
            case .name(let n): return depth < 4 && isStructure(named.lookup(nameBytes: n.bytes), depth: depth + 1)
            case .string(let s): return depth < 4 && isStructure(named.lookup(nameBytes: s.bytes), depth: depth + 1)
            case .dictionary(let d): return d["SD"] != nil || (depth < 4 && isStructure(d["D"], depth: depth + 1))
            default: return false
            }
        }
        func destination(_ dest: PDFObject?, _ what: String, at: AuditLocation) {
            guard let dest, store.resolve(dest) != .null else { return }
            if isStructure(dest) { ctx.checked("8.8-1") } else {
                ctx.fail("8.8-1", "\(what) goes to a page, not to a structure element. Use a structure destination (an array whose first element is the target's structure element).", at: at)
            }
        }
        /// A GoTo action (following /Next chains a little way).
        func action(_ object: PDFObject?, _ what: String, at: AuditLocation) {
            var current = object
            var steps = 0
            var seen: Set<Int> = []
            while let o = current, steps < 16 {
                steps += 1
                if let r = o.reference, !seen.insert(r.number).inserted { break }
                guard let d = store.dictionary(o) else { break }
                if store.name(d["S"])?.string == "GoTo" {
                    if d["SD"] != nil || isStructure(d["D"]) { ctx.checked("8.8-2") } else {
                        ctx.fail("8.8-2", "\(what) has a GoTo action without a structure destination. Add /SD naming the target's structure element (keep /D for older readers).",
                                 at: at)
                    }
                }
                current = store.array(d["Next"])?.first ?? d["Next"]
            }
        }
        forEachOutlineItem(ctx) { d, id in
            destination(d["Dest"], "A bookmark", at: AuditLocation(object: id))
            action(d["A"], "A bookmark", at: AuditLocation(object: id))
        }
        let open = ctx.document.catalog["OpenAction"]
        if store.resolve(open).array != nil { destination(open, "The document's open action", at: AuditLocation()) }
        else { action(open, "The document's open action", at: AuditLocation()) }
        for a in DocumentChecks.pageAnnotations(ctx) where a.subtype == "Link" {
            let at = DocumentChecks.location(of: a, ctx)
            destination(a.dictionary["Dest"], "A link", at: at)
            action(a.dictionary["A"], "A link", at: at)
        }
    }

    /// 8.14.1-1: the file specifications of the EmbeddedFiles name tree have `/Desc`.
    static let embeddedFileDescriptions = AuditCheck(["8.14.1-1"]) { ctx in
        let store = ctx.document.store
        guard let names = store.dictionary(ctx.document.catalog["Names"]) else { return }
        for spec in DocumentChecks.nameTreeValues(names["EmbeddedFiles"], store: store) {
            guard let d = store.dictionary(spec) else { continue }
            if d["Desc"] != nil { ctx.checked("8.14.1-1") } else {
                let name = store.text(d["UF"]) ?? store.text(d["F"]) ?? "an embedded file"
                ctx.fail("8.14.1-1", "The embedded file \(name) has no description. Add /Desc to its file specification saying what the file is.",
                         at: AuditLocation(object: spec.reference), evidence: [.init("file", name)])
            }
        }
    }
}

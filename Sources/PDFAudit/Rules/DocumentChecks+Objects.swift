import PDFCore
import PDFSyntax
import PDFFile

/// Rules on objects found anywhere in the file: embedded file specifications (7.11-1),
/// media clips (7.18.6.2) and reference XObjects (7.20-1).
extension DocumentChecks {
    /// 7.11-1: a file specification with `/EF` (an embedded file) has non-empty `/F` and `/UF`.
    /// File specifications are the dictionaries with `/Type /Filespec` and the values of the
    /// `/EmbeddedFiles` name tree.
    static let embeddedFiles = AuditCheck(["7.11-1"]) { ctx in
        let store = ctx.document.store
        var specs: [(PDFDictionary, ObjectID?)] = []
        var seen: Set<ObjectID> = []
        for o in reachableObjects(ctx) where !o.isStream && store.name(o.dictionary["Type"]) == "Filespec" {
            specs.append((o.dictionary, o.objectID))
            if let id = o.objectID { seen.insert(id) }
        }
        let names = store.dictionary(ctx.document.catalog["Names"])
        for value in nameTreeValues(names?["EmbeddedFiles"], store: store) {
            guard let d = store.dictionary(value) else { continue }
            if let r = value.reference, seen.contains(r) { continue }
            specs.append((d, value.reference))
        }
        for (d, id) in specs {
            guard d["EF"] != nil else { continue }
            let f = string(d["F"], store: store) ?? "", uf = string(d["UF"], store: store) ?? ""
            if !f.isEmpty, !uf.isEmpty { ctx.checked("7.11-1"); continue }
            let missing = [f.isEmpty ? "/F" : nil, uf.isEmpty ? "/UF" : nil].compactMap { $0 }.joined(separator: " and ")
            let shown = !uf.isEmpty ? uf : f
            ctx.fail("7.11-1", "The embedded file\(shown.isEmpty ? "" : " \"\(shown)\"") has no \(missing) file name. Give its file specification both /F and /UF with the file's name.",
                     at: AuditLocation(object: id), evidence: [.init("F", f), .init("UF", uf)])
        }
    }

    /// 7.18.6.2-1 and 7.18.6.2-2: the media clip of a rendition action has a content type
    /// (`/CT`) and a valid alternate description (`/Alt`: pairs of language and non-empty text).
    static let mediaClips = AuditCheck(["7.18.6.2-1", "7.18.6.2-2"]) { ctx in
        let store = ctx.document.store
        var seen: Set<ObjectID> = []
        for o in reachableObjects(ctx) where !o.isStream && store.name(o.dictionary["S"]) == "Rendition" {
            guard let rendition = store.dictionary(o.dictionary["R"]), let clipObject = rendition["C"],
                  case .dictionary(let clip) = store.resolve(clipObject) else { continue }
            if let r = clipObject.reference, !seen.insert(r).inserted { continue }
            let at = AuditLocation(object: clipObject.reference ?? o.objectID)
            if store.resolve(clip["CT"]).string != nil { ctx.checked("7.18.6.2-1") } else {
                ctx.fail("7.18.6.2-1", "A media clip has no content type. Add /CT with the clip's MIME type (e.g. (video/mp4)) to the media clip data dictionary.", at: at)
            }
            if hasValidAlt(clip["Alt"], store: store) { ctx.checked("7.18.6.2-2") } else {
                ctx.fail("7.18.6.2-2", "A media clip has no valid alternate description. Add /Alt [(lang) (description) …] to the media clip data dictionary, with a non-empty description.", at: at)
            }
        }
    }

    /// A multi-language text array: an even number of strings, every second one non-empty.
    static func hasValidAlt(_ object: PDFObject?, store: ObjectStore) -> Bool {
        guard let a = store.resolve(object).array, a.count % 2 == 0 else { return false }
        for (i, item) in a.enumerated() {
            guard let s = store.resolve(item).string else { return false }
            if i % 2 == 1, s.bytes.isEmpty { return false }
        }
        return true
    }

    /// 7.20-1: no reference XObjects (form XObjects with `/Ref`).
    static let referenceXObjects = AuditCheck(["7.20-1"]) { ctx in
        let store = ctx.document.store
        for o in reachableObjects(ctx) where o.isStream && store.name(o.dictionary["Subtype"]) == "Form" {
            if o.dictionary["Ref"] == nil { ctx.checked("7.20-1"); continue }
            ctx.fail("7.20-1", "A form XObject is a reference XObject (/Ref): its content lives in another file that assistive technology cannot reach. Import the referenced page's content into the document.",
                     at: AuditLocation(object: o.objectID))
        }
    }
}

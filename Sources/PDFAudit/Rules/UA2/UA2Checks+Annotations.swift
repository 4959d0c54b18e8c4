import PDFCore
import PDFSyntax
import PDFFile

/// ISO 14289-2 §8.9 (annotations), §8.10 (forms) and the link rules of §8.2.5.20.
extension UA2Checks {
    /// The markup annotation types of ISO 32000-2 §12.5.6.2.
    static let markupSubtypes: Set<String> = [
        "Text", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight", "Underline", "Squiggly",
        "StrikeOut", "Caret", "Stamp", "Ink", "FileAttachment", "Sound", "Redact", "Projection",
    ]

    /// Whether the annotation is in the structure tree as real content (not as an Artifact
    /// element).
    static func isTagged(_ a: DocumentChecks.PageAnnotation) -> Bool {
        guard let e = a.enclosing else { return false }
        return e.standardType != "Artifact"
    }

    /// A key saying where a link goes: its URI, its named or explicit destination, its
    /// structure destination, or its action's; nil when it says nothing checkable.
    static func linkTarget(_ d: PDFDictionary, store: ObjectStore) -> String? {
        func describe(_ dest: PDFObject?) -> String? {
            switch store.resolve(dest) {
            case .name(let n): return "name:" + n.string
            case .string(let s): return "name:" + String(decoding: s.bytes, as: UTF8.self)
            case .array(let a):
                guard let first = a.first else { return nil }
                let page = first.reference.map { "obj \($0.number)" } ?? store.integer(first).map { "page \($0)" } ?? "?"
                let rest = a.dropFirst().prefix(5).map { store.resolve($0).description }.joined(separator: " ")
                return "dest:" + page + " " + rest
            default: return nil
            }
        }
        if let t = describe(d["Dest"]) { return t }
        guard let action = store.dictionary(d["A"]) else { return nil }
        switch store.name(action["S"])?.string {
        case "URI": return store.resolve(action["URI"]).string.map { "uri:" + String(decoding: $0.bytes, as: UTF8.self) }
        case "GoTo": return describe(action["SD"]) ?? describe(action["D"])
        case "GoToR", "Launch", "GoToE":
            return "file:" + (store.text(action["F"]) ?? store.text(store.dictionary(action["F"])?["UF"]) ?? "") + " " + (describe(action["D"]) ?? "")
        case let s?: return "action:" + s
        case nil: return nil
        }
    }

    /// 8.2.5.20-1 (a link's structure parent is Link or Reference) and 8.2.5.20-2 (links
    /// to different places are in different elements).
    static let links = AuditCheck(["8.2.5.20-1", "8.2.5.20-2"]) { ctx in
        let store = ctx.document.store
        var byElement: [Int: [(DocumentChecks.PageAnnotation, String)]] = [:]
        for a in DocumentChecks.pageAnnotations(ctx) where a.subtype == "Link" && !a.isExempt {
            let at = DocumentChecks.location(of: a, ctx)
            let type = a.enclosing?.standardType
            if type == "Link" || type == "Reference" { ctx.checked("8.2.5.20-1") } else {
                let why = a.enclosing?.type.map { "is tagged as \($0), not Link or Reference" } ?? "is not in the structure tree"
                ctx.fail("8.2.5.20-1", "A link annotation \(why). Put it and its text in a Link (or Reference) structure element.",
                         at: at, evidence: [.init("struct parent", a.enclosing?.type ?? "none")])
            }
            if let i = a.enclosing?.index, let target = linkTarget(a.dictionary, store: store) { byElement[i, default: []].append((a, target)) }
        }
        for (i, items) in byElement.sorted(by: { $0.key < $1.key }) {
            let targets = Set(items.map(\.1))
            if targets.count <= 1 { ctx.checked("8.2.5.20-2"); continue }
            ctx.fail("8.2.5.20-2", "One \(ctx.tree.elements[i].type) element holds \(items.count) link annotations that go to \(targets.count) different places. Give each target its own Link element.",
                     at: ctx.tree.location(of: i), evidence: [.init("targets", targets.sorted().prefix(4).joined(separator: "; "))])
        }
    }

    /// The §8.9 rules decided per annotation.
    static let annotations = AuditCheck([
        "8.9.2.2-1", "8.9.2.2-2", "8.9.2.3-1", "8.9.2.3-2", "8.9.2.4.7-1", "8.9.2.4.8-1", "8.9.2.4.9-1", "8.9.2.4.10-1",
        "8.9.2.4.11-1", "8.9.2.4.11-2", "8.9.2.4.12-1", "8.9.2.4.13-1", "8.9.2.4.14-1", "8.9.2.4.15-1", "8.9.2.4.16-1",
        "8.9.2.4.19-1", "8.9.2.4.19-2", "8.9.4.2-1",
    ]) { ctx in
        let store = ctx.document.store
        for a in DocumentChecks.pageAnnotations(ctx) {
            let d = a.dictionary
            let at = DocumentChecks.location(of: a, ctx)
            let tagged = isTagged(a)
            let tag = a.enclosing?.type ?? "none"
            let contents = store.text(d["Contents"])
            func require(_ id: String, _ ok: Bool, _ message: String) {
                if ok { ctx.checked(id) } else { ctx.fail(id, message, at: at, evidence: [.init("Subtype", a.subtype), .init("struct parent", tag)]) }
            }
            require("8.9.2.2-1", !tagged || a.flags & 1 == 0,
                    "An invisible annotation (flag Invisible) is in the structure tree as \(tag). Mark it as an artifact: remove it from the structure tree and its /StructParent.")
            require("8.9.2.2-2", !tagged || a.flags & 32 == 0 || a.flags & 256 != 0,
                    "An annotation that is never shown (flag NoView) is in the structure tree as \(tag). Mark it as an artifact.")
            if markupSubtypes.contains(a.subtype), !a.isExempt {
                require("8.9.2.3-1", a.enclosing?.standardType == "Annot",
                        "A \(a.subtype) annotation \(a.enclosing == nil ? "is not in the structure tree" : "is tagged as \(tag), not Annot"). Enclose markup annotations in Annot structure elements.")
                if let rc = store.resolve(d["RC"]).string.map({ $0.text }) ?? store.resolve(d["RC"]).stream.map({ richStream($0, store) }),
                   let contents {
                    require("8.9.2.3-2", normalisedText(richText(rc)) == normalisedText(contents),
                            "The \(a.subtype) annotation's rich text (/RC) and /Contents say different things. Make /Contents the plain text of /RC.")
                }
            }
            if let alt = a.enclosing?.alt, let contents {
                require("8.9.4.2-1", alt == contents, "The annotation's /Contents differs from its structure element's /Alt. Make them the same text.")
            }
            switch a.subtype {
            case "Stamp": require("8.9.2.4.7-1", d["Name"] != nil || contents != nil, "A stamp annotation has neither /Name nor /Contents. Add /Contents saying what the stamp means.")
            case "Ink": require("8.9.2.4.8-1", contents != nil, "An ink annotation has no /Contents. Add /Contents describing what was drawn and why.")
            case "Popup": require("8.9.2.4.9-1", a.enclosing == nil, "A popup annotation is in the structure tree (as \(tag)). Popups belong to their parent annotation: remove it from the structure tree.")
            case "FileAttachment":
                if let fs = store.dictionary(d["FS"]) {
                    require("8.9.2.4.10-1", fs["AFRelationship"] != nil, "The file attached by this annotation has no /AFRelationship. Add /AFRelationship (e.g. /Supplement or /Data) to its file specification.")
                } else {
                    ctx.checked("8.9.2.4.10-1")
                }
            case "Sound": ctx.fail("8.9.2.4.11-1", "PDF/UA-2 does not allow Sound annotations. Replace it with a RichMedia or Screen annotation with a description.", at: at)
            case "Movie": ctx.fail("8.9.2.4.11-2", "PDF/UA-2 does not allow Movie annotations. Replace it with a RichMedia or Screen annotation with a description.", at: at)
            case "Screen": require("8.9.2.4.12-1", contents != nil, "A screen annotation has no /Contents. Add /Contents describing the media it plays.")
            case "Widget":
                let zero = a.rect.map { $0.x1 - $0.x0 == 0 && $0.y1 - $0.y0 == 0 } ?? false
                require("8.9.2.4.13-1", !zero || !tagged, "A widget of zero width and height is in the structure tree as \(tag). Mark it as an artifact.")
            case "PrinterMark": require("8.9.2.4.14-1", !tagged, "A printer's mark annotation is in the structure tree as \(tag). Printer's marks are artifacts: remove it from the structure tree.")
            case "TrapNet": ctx.fail("8.9.2.4.15-1", "PDF/UA-2 does not allow TrapNet annotations. Remove the trap network annotation.", at: at)
            case "Watermark":
                require("8.9.2.4.16-1", !tagged || a.enclosing?.standardType == "Annot", "A watermark annotation is tagged as \(tag). Enclose it in an Annot element, or mark it as an artifact.")
            case "3D": require("8.9.2.4.19-1", contents != nil, "A 3D annotation has no /Contents. Add /Contents describing the model.")
            case "RichMedia": require("8.9.2.4.19-2", contents != nil, "A RichMedia annotation has no /Contents. Add /Contents describing the media.")
            default: break
            }
        }
    }

    /// The text of an XHTML rich-text string: tags dropped, the five XML entities and
    /// character references decoded.
    static func richText(_ s: String) -> String {
        var out = ""
        var inTag = false
        for c in s {
            if c == "<" { inTag = true; continue }
            if c == ">" { inTag = false; continue }
            if !inTag { out.append(c) }
        }
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: value)
        }
        return out
    }

    /// A rich-text stream's text (its first MiB).
    static func richStream(_ stream: PDFStream, _ store: ObjectStore) -> String {
        String(decoding: store.streamData(stream).bytes.prefix(1 << 20), as: UTF8.self)
    }

    /// Whitespace runs as one space, trimmed.
    static func normalisedText(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// 8.10.1-1 (a tagged widget is in a Form element), 8.10.2.3-1 (a widget without a
    /// label has /Contents), 8.10.2.3-2 (a widget with /AA has /Contents).
    static let widgets = AuditCheck(["8.10.1-1", "8.10.2.3-1", "8.10.2.3-2"]) { ctx in
        let roles = UA2Roles.of(ctx)
        for a in DocumentChecks.pageAnnotations(ctx) where a.subtype == "Widget" {
            let at = DocumentChecks.location(of: a, ctx)
            let d = a.dictionary
            let contents = d["Contents"] != nil
            if !isTagged(a) || a.enclosing?.standardType == "Form" { ctx.checked("8.10.1-1") } else {
                ctx.fail("8.10.1-1", "A widget is tagged as \(a.enclosing?.type ?? "none"), not Form. Put each widget in a Form structure element, or mark it as an artifact.",
                         at: at, evidence: [.init("struct parent", a.enclosing?.type ?? "none")])
            }
            guard !a.isExempt else { continue }
            // A label: a Lbl element inside the widget's Form element.
            let hasLabel = a.enclosing?.index.map { f in roles.elementKids(of: f).contains { roles.standardType[$0] == "Lbl" } } ?? false
            if hasLabel || contents { ctx.checked("8.10.2.3-1") } else {
                ctx.fail("8.10.2.3-1", "A widget has no label and no /Contents. Add /Contents to the widget describing the field, or a Lbl element in its Form element.", at: at)
            }
            if d["AA"] != nil {
                if contents { ctx.checked("8.10.2.3-2") } else {
                    ctx.fail("8.10.2.3-2", "A widget with additional actions (/AA) has no /Contents. Add /Contents saying what the field does.", at: at)
                }
            }
        }
    }

    /// 8.10.1-2: a Form element holds at most one widget annotation.
    static let formElements = AuditCheck(["8.10.1-2"]) { ctx in
        let store = ctx.document.store
        let roles = UA2Roles.of(ctx)
        for i in roles.elements(ofType: "Form") {
            var widgets = 0
            var stack = roles.tree.elements[i].kids
            var steps = 0
            while let kid = stack.popLast(), steps <= roles.tree.elements.count * 4 + 64 {
                steps += 1
                switch kid {
                case .object(_, let object?):
                    if store.name(store.dictionary(.reference(object))?["Subtype"])?.string == "Widget" { widgets += 1 }
                case .element(let k) where roles.standardType[k] != "Form":
                    stack += roles.tree.elements[k].kids
                default: break
                }
            }
            if widgets <= 1 { ctx.checked("8.10.1-2") } else {
                ctx.fail("8.10.1-2", "This Form element holds \(widgets) widget annotations. Give each widget its own Form element.",
                         at: roles.location(of: i), evidence: [.init("widgets", String(widgets))])
            }
        }
    }

    /// 8.10.1-3 (no XFA) and 8.10.3.3-1 (a text field's /RV goes with an equal /V).
    static let formDictionary = AuditCheck(["8.10.1-3", "8.10.3.3-1"]) { ctx in
        let store = ctx.document.store
        guard let form = store.dictionary(ctx.document.catalog["AcroForm"]) else { return }
        let at = AuditLocation(object: ctx.document.catalog["AcroForm"]?.reference)
        if form["XFA"] != nil {
            ctx.fail("8.10.1-3", "The form has XFA data (/XFA in the AcroForm dictionary). Remove the XFA and keep the AcroForm fields.", at: at)
        } else {
            ctx.checked("8.10.1-3")
        }
        forEachField(ctx) { d, object, type in
            guard type == "Tx", let rv = d["RV"] else { return }
            let rich = store.resolve(rv).string.map { $0.text } ?? store.resolve(rv).stream.map { richStream($0, store) } ?? ""
            let value = store.text(d["V"])
            if let value, normalisedText(richText(rich)) == normalisedText(value) { ctx.checked("8.10.3.3-1") } else {
                ctx.fail("8.10.3.3-1", value == nil ? "A text field has rich text (/RV) but no value (/V). Add /V with the plain text of /RV."
                                                    : "A text field's rich text (/RV) and value (/V) say different things. Make /V the plain text of /RV.",
                         at: AuditLocation(object: object))
            }
        }
    }

    /// Calls `body` with every dictionary of the AcroForm field tree (fields and their
    /// widgets), each once, with its field type (`/FT`, inherited).
    static func forEachField(_ ctx: AuditContext, _ body: (PDFDictionary, ObjectID?, String?) -> Void) {
        let store = ctx.document.store
        guard let form = store.dictionary(ctx.document.catalog["AcroForm"]) else { return }
        var visited: Set<Int> = []
        var stack: [(PDFObject, Int, String?)] = (store.array(form["Fields"]) ?? []).reversed().map { ($0, 0, nil) }
        var count = 0
        while let (object, depth, inherited) = stack.popLast(), count < DocumentChecks.maxTreeEntries {
            if let r = object.reference, !visited.insert(r.number).inserted { continue }
            guard depth <= store.limits.maxRecursionDepth, let d = store.dictionary(object) else { continue }
            count += 1
            let type = store.name(d["FT"])?.string ?? inherited
            for kid in (store.array(d["Kids"]) ?? []).reversed() { stack.append((kid, depth + 1, type)) }
            body(d, object.reference, type)
        }
    }
}

import PDFCore
import PDFSyntax
import PDFFile

/// Rules on the file header, the catalog's flags and viewer preferences, the outline's
/// language, optional-content configurations, XFA and encryption.
extension DocumentChecks {
    /// 6.1-1: the file starts with `%PDF-1.n` (n from 0 to 7) and one end-of-line marker.
    static let fileHeader = AuditCheck(["6.1-1"]) { ctx in
        let store = ctx.document.store
        let header = headerLine(store.bytes, from: store.headerOffset)
        if header.valid { ctx.checked("6.1-1") } else {
            ctx.fail("6.1-1", "The file header is \"\(header.text)\", not %PDF-1.0 to %PDF-1.7 followed by a line end. Save the file as PDF 1.7 or earlier so that its first line reads %PDF-1.7.",
                     evidence: [.init("header", header.text)])
        }
    }

    /// The header line at `offset` (printable, for messages) and whether it is `%PDF-1.[0-7]`
    /// followed directly by CR, LF or CR LF.
    static func headerLine(_ bytes: [UInt8], from offset: Int) -> (text: String, valid: Bool) {
        var end = offset
        while end < bytes.count, end - offset < 64, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let text = String(decoding: bytes[min(offset, end)..<end].map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        let prefix = Array("%PDF-1.".utf8)
        guard end - offset == prefix.count + 1, Array(bytes[offset..<(offset + prefix.count)]) == prefix,
              (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset + prefix.count]),
              end < bytes.count else { return (text, false) }
        return (text, true)
    }

    /// 7.1-4: `/MarkInfo /Suspects` is not true.
    static let suspects = AuditCheck(["7.1-4"]) { ctx in
        if ctx.document.hasSuspects {
            ctx.fail("7.1-4", "The catalog's /MarkInfo says /Suspects true: the producer was unsure of the tagging. Check and repair the tags, then set /Suspects false or remove it.",
                     at: AuditLocation(object: ctx.document.catalog["MarkInfo"]?.reference))
        } else {
            ctx.checked("7.1-4")
        }
    }

    /// 7.1-10: `/ViewerPreferences /DisplayDocTitle true`.
    static let displayDocTitle = AuditCheck(["7.1-10"]) { ctx in
        let store = ctx.document.store
        let prefs = store.dictionary(ctx.document.catalog["ViewerPreferences"])
        if store.resolve(prefs?["DisplayDocTitle"]).bool == true { ctx.checked("7.1-10") } else {
            ctx.fail("7.1-10", "Viewers will show the file name instead of the document title: the catalog's /ViewerPreferences lacks /DisplayDocTitle true. Add /ViewerPreferences << /DisplayDocTitle true >> to the catalog.",
                     at: AuditLocation(object: ctx.document.catalog["ViewerPreferences"]?.reference))
        }
    }

    /// 7.2-2: outline entries take their language from the catalog's `/Lang`.
    static let outlineLanguage = AuditCheck(["7.2-2"]) { ctx in
        let items = outlineItems(ctx)
        guard !items.isEmpty else { return }
        if catalogHasLang(ctx) { ctx.checked("7.2-2", count: items.count); return }
        let store = ctx.document.store
        for item in items {
            let title = string(store.resolve(.reference(item)).dictionary?["Title"], store: store) ?? ""
            ctx.fail("7.2-2", "The language of the bookmark \"\(title)\" cannot be determined: the document has no language. Set the catalog's /Lang (e.g. /Lang (en-US)).",
                     at: AuditLocation(object: item), evidence: [.init("Title", title)])
        }
    }

    /// The outline items (bookmarks) that are indirect objects, in tree order.
    static func outlineItems(_ ctx: AuditContext) -> [ObjectID] {
        let store = ctx.document.store
        guard let outlines = store.dictionary(ctx.document.catalog["Outlines"]) else { return [] }
        var out: [ObjectID] = []
        var visited: Set<Int> = []
        var stack: [PDFObject] = outlines["First"].map { [$0] } ?? []
        while let node = stack.popLast(), out.count < maxTreeEntries {
            guard let r = node.reference, visited.insert(r.number).inserted, let d = store.dictionary(node) else { continue }
            out.append(r)
            if let next = d["Next"] { stack.append(next) }
            if let first = d["First"] { stack.append(first) }
        }
        return out
    }

    /// 7.10-1 and 7.10-2: every optional-content configuration (`/D` and each of `/Configs`)
    /// has a non-empty `/Name` and no `/AS`.
    static let optionalContentConfigs = AuditCheck(["7.10-1", "7.10-2"]) { ctx in
        let store = ctx.document.store
        guard let properties = store.dictionary(ctx.document.catalog["OCProperties"]) else { return }
        var configs: [(PDFObject, String)] = []
        if let d = properties["D"], store.dictionary(d) != nil { configs.append((d, "/D")) }
        for (i, c) in (store.array(properties["Configs"]) ?? []).enumerated() where store.dictionary(c) != nil {
            configs.append((c, "/Configs[\(i)]"))
        }
        for (object, place) in configs {
            let d = store.dictionary(object)!
            let at = AuditLocation(object: object.reference ?? ctx.document.catalog["OCProperties"]?.reference)
            if let name = string(d["Name"], store: store), !name.isEmpty { ctx.checked("7.10-1") } else {
                ctx.fail("7.10-1", "The optional content configuration \(place) has no name. Give it a /Name that tells readers what the layer set is.",
                         at: at, evidence: [.init("configuration", place)])
            }
            if d["AS"] == nil { ctx.checked("7.10-2") } else {
                ctx.fail("7.10-2", "The optional content configuration \(place) has an /AS entry, which shows or hides layers automatically. Remove /AS from the configuration.",
                         at: at, evidence: [.init("configuration", place)])
            }
        }
    }

    /// 7.15-1: no dynamic XFA form (the XFA configuration's `dynamicRender` is `required`).
    static let dynamicXFA = AuditCheck(["7.15-1"]) { ctx in
        let store = ctx.document.store
        guard let form = store.dictionary(ctx.document.catalog["AcroForm"]) else { return }
        let at = AuditLocation(object: ctx.document.catalog["AcroForm"]?.reference)
        guard let xfa = form["XFA"] else { ctx.checked("7.15-1"); return }
        var streams: [PDFStream] = []
        switch store.resolve(xfa) {
        case .stream(let s): streams = [s]
        case .array(let parts): streams = parts.compactMap { store.resolve($0).stream }
        default: break
        }
        let dynamic = streams.contains { s in
            let tree = XMLTree(bytes: store.streamData(s).bytes)
            return tree.elements.contains { e in
                guard e.name == "dynamicRender", XMPPacket.trimmed(e.text) == "required" else { return false }
                var chain: [String] = []
                var p = e.parent
                while let k = p, chain.count < 3 { chain.append(tree.elements[k].name); p = tree.elements[k].parent }
                return chain == ["acrobat7", "acrobat", "config"]
            }
        }
        if dynamic {
            ctx.fail("7.15-1", "The form is a dynamic XFA form (its configuration sets dynamicRender to required), which assistive technology cannot read. Convert it to a static AcroForm.", at: at)
        } else {
            ctx.checked("7.15-1")
        }
    }

    /// 7.16-1: an encrypted file's `/P` has bit 10 set (content extraction for accessibility).
    /// `/P` as the security handler reads it: reduced modulo 2^32, whatever its size.
    static let accessibilityPermission = AuditCheck(["7.16-1"]) { ctx in
        let store = ctx.document.store
        guard let security = ctx.document.security, let encrypt = store.dictionary(store.trailer["Encrypt"]) else { return }
        let at = AuditLocation(object: store.trailer["Encrypt"]?.reference)
        guard store.number(encrypt["P"]) != nil else {
            ctx.fail("7.16-1", "The encryption dictionary has no /P permissions. Re-encrypt the file allowing text extraction for accessibility (permission bit 10).", at: at)
            return
        }
        let p = security.dictionary.p
        if p & 512 != 0 { ctx.checked("7.16-1") } else {
            ctx.fail("7.16-1", "The encryption forbids assistive technology to extract the text (permission bit 10 of /P is clear). Re-encrypt the file allowing content extraction for accessibility.",
                     at: at, evidence: [.init("P", String(p))])
        }
    }
}

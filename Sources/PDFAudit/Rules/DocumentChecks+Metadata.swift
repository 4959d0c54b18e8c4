import PDFCore
import PDFSyntax
import PDFFile

/// The catalog's metadata stream and what its XMP packet says: PDF/UA identification
/// (clause 5), the metadata stream itself (7.1-8), the title (7.1-9) and the language of
/// language alternatives (7.2-33).
extension DocumentChecks {
    static func xmpFacts(_ ctx: AuditContext) -> XMPFacts {
        ctx.memoized("DocumentChecks.xmpFacts") { XMPFacts(document: ctx.document) }
    }

    static func metadataLocation(_ ctx: AuditContext) -> AuditLocation {
        AuditLocation(object: ctx.document.catalog["Metadata"]?.reference)
    }

    /// 5-1 … 5-5: the PDF/UA identification schema, its part number and its prefixes;
    /// under WTPDF, 6.1.2-1 / 6.1.3-1: the PDF Declaration of the conformance level.
    /// PDF/UA-1 wants part 1 and checks the prefixes of part, amd and corr; PDF/UA-2 wants
    /// part 2, checks the prefixes of part and rev, and a four-digit rev.
    static let identification = AuditCheck(["5-1", "5-2", "5-3", "5-4", "5-5", "6.1.2-1", "6.1.3-1"]) { ctx in
        let facts = xmpFacts(ctx)
        // 5-1 is evaluated on the main XMP package, so only when there is one.
        guard facts.packet != nil else { return }
        let at = metadataLocation(ctx)
        switch ctx.profile {
        case .wtpdfReuse, .wtpdfAccessibility:
            let (id, uri) = ctx.profile == .wtpdfReuse ? ("6.1.2-1", XMPFacts.wtpdfReuse) : ("6.1.3-1", XMPFacts.wtpdfAccessibility)
            if facts.declarations.contains(uri) { ctx.checked(id) } else {
                ctx.fail(id, "The XMP metadata has no PDF Declaration \(uri). Add a pdfd:declarations entry whose pdfd:conformsTo is \(uri).",
                         at: at, evidence: [.init("declarations", facts.declarations.joined(separator: " "))])
            }
            return
        default: break
        }
        let part = ctx.profile == .ua1 ? 1 : 2
        guard facts.hasPDFUAIdentification else {
            ctx.fail("5-1", "The XMP metadata does not identify the file as PDF/UA. Add the PDF/UA identification schema (namespace http://www.aiim.org/pdfua/ns/id/) with <pdfuaid:part>\(part)</pdfuaid:part> to the metadata stream.", at: at)
            return
        }
        ctx.checked("5-1")
        let written = facts.pdfuaProperty("part")?.value ?? "missing"
        if facts.pdfuaPart == part { ctx.checked("5-2") } else {
            let why = facts.pdfuaPart == 3 - part
                ? " PDF/UA-\(3 - part) is defined on PDF \(part == 1 ? "2.0" : "1.x"), so this PDF \(ctx.document.version) file is audited as PDF/UA-\(part)."
                : ""
            ctx.fail("5-2", "The PDF/UA identification gives part \(written), not \(part).\(why) Set pdfuaid:part to \(part) in the XMP metadata for a PDF/UA-\(part) file.",
                     at: at, evidence: [.init("pdfuaid:part", written)])
        }
        let prefixed = part == 1 ? [("5-3", "part"), ("5-4", "amd"), ("5-5", "corr")] : [("5-3", "part"), ("5-4", "rev")]
        for (id, name) in prefixed {
            guard let p = facts.pdfuaProperty(name) else { ctx.checked(id); continue }
            if p.prefix == "pdfuaid" { ctx.checked(id) } else {
                ctx.fail(id, "The PDF/UA identification property \"\(name)\" is written with prefix \"\(p.prefix)\". Bind the namespace http://www.aiim.org/pdfua/ns/id/ to the prefix \"pdfuaid\" and write pdfuaid:\(name).",
                         at: at, evidence: [.init("prefix", p.prefix)])
            }
        }
        if part == 2 {
            let rev = facts.pdfuaProperty("rev")?.value
            if let rev, rev.count == 4, rev.allSatisfy({ $0.isASCII && $0.isNumber }) { ctx.checked("5-5") } else {
                ctx.fail("5-5", "pdfuaid:rev is \(rev.map { "\"\($0)\"" } ?? "missing"), not a four-digit year. Write the year of the PDF/UA-2 edition the file follows (<pdfuaid:rev>2024</pdfuaid:rev>).",
                         at: at, evidence: [.init("pdfuaid:rev", rev ?? "missing")])
            }
        }
    }

    /// 7.1-8: the catalog's `/Metadata` is a metadata stream (`/Type /Metadata /Subtype /XML`).
    static let metadataStream = AuditCheck(["7.1-8"]) { ctx in
        let store = ctx.document.store
        let object = ctx.document.catalog["Metadata"]
        let resolved = store.resolve(object)
        let at = AuditLocation(object: object?.reference)
        guard let s = resolved.stream else {
            ctx.fail("7.1-8", "The catalog has no /Metadata stream. Add an XMP metadata stream (/Type /Metadata /Subtype /XML) to the catalog with the title and the PDF/UA identification.", at: at)
            return
        }
        let type = store.name(s.dictionary["Type"])?.string, subtype = store.name(s.dictionary["Subtype"])?.string
        if type == "Metadata", subtype == "XML" { ctx.checked("7.1-8") } else {
            ctx.fail("7.1-8", "The catalog's /Metadata stream is not marked as XMP metadata. Give it /Type /Metadata and /Subtype /XML.",
                     at: at, evidence: [.init("Type", type ?? "missing"), .init("Subtype", subtype ?? "missing")])
        }
    }

    /// 7.1-9: the XMP metadata has `dc:title`.
    static let metadataTitle = AuditCheck(["7.1-9"]) { ctx in
        let facts = xmpFacts(ctx)
        guard facts.packet != nil else { return }
        if facts.title != nil { ctx.checked("7.1-9") } else {
            ctx.fail("7.1-9", "The XMP metadata has no dc:title. Add the document's title as <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">…</rdf:li></rdf:Alt></dc:title>.",
                     at: metadataLocation(ctx))
        }
    }

    /// 7.2-33: an XMP language alternative whose only item is `x-default` takes its
    /// language from the catalog's `/Lang`, which must then be present.
    static let metadataLanguage = AuditCheck(["7.2-33"]) { ctx in
        guard let packet = xmpFacts(ctx).packet else { return }
        let hasLang = catalogHasLang(ctx)
        for p in packet.properties where p.isLanguageAlternative {
            if !p.isDefaultLanguageOnly || hasLang { ctx.checked("7.2-33"); continue }
            ctx.fail("7.2-33", "The XMP property \(p.prefix):\(p.name) is given only in x-default and the document has no language. Set the catalog's /Lang (e.g. /Lang (en-US)), or give the property an explicit xml:lang.",
                     at: metadataLocation(ctx), evidence: [.init("property", "\(p.prefix):\(p.name)")])
        }
    }
}

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

    /// 5-1 … 5-5: the PDF/UA identification schema, its part number and its prefixes.
    static let identification = AuditCheck(["5-1", "5-2", "5-3", "5-4", "5-5"]) { ctx in
        let facts = xmpFacts(ctx)
        // 5-1 is evaluated on the main XMP package, so only when there is one.
        guard facts.packet != nil else { return }
        let at = metadataLocation(ctx)
        guard facts.hasPDFUAIdentification else {
            ctx.fail("5-1", "The XMP metadata does not identify the file as PDF/UA. Add the PDF/UA identification schema (namespace http://www.aiim.org/pdfua/ns/id/) with <pdfuaid:part>1</pdfuaid:part> to the metadata stream.", at: at)
            return
        }
        ctx.checked("5-1")
        let part = facts.pdfuaProperty("part")
        if facts.pdfuaPart == 1 { ctx.checked("5-2") } else {
            let written = part?.value ?? "missing"
            ctx.fail("5-2", "The PDF/UA identification gives part \(written), not 1. Set pdfuaid:part to 1 in the XMP metadata for a PDF/UA-1 file.",
                     at: at, evidence: [.init("pdfuaid:part", written)])
        }
        for (id, name) in [("5-3", "part"), ("5-4", "amd"), ("5-5", "corr")] {
            guard let p = facts.pdfuaProperty(name) else { ctx.checked(id); continue }
            if p.prefix == "pdfuaid" { ctx.checked(id) } else {
                ctx.fail(id, "The PDF/UA identification property \"\(name)\" is written with prefix \"\(p.prefix)\". Bind the namespace http://www.aiim.org/pdfua/ns/id/ to the prefix \"pdfuaid\" and write pdfuaid:\(name).",
                         at: at, evidence: [.init("prefix", p.prefix)])
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

import PDFCore
import PDFFile

/// Checks on the catalog, metadata, annotations, forms, optional content, embedded files and
/// security: the rules decided without reading content streams.
enum DocumentChecks {
    static let all: [AuditCheck] = [
        structTreeRoot, marked,
        identification, metadataStream, metadataTitle, metadataLanguage,
        fileHeader, suspects, displayDocTitle, outlineLanguage, optionalContentConfigs, dynamicXFA, accessibilityPermission,
        embeddedFiles, mediaClips, referenceXObjects,
        annotationTags, tabOrder, annotationLanguage, widgets, formElements, fieldLanguage,
    ]

    /// 7.1-11: the catalog has a structure tree root.
    static let structTreeRoot = AuditCheck(["7.1-11"]) { ctx in
        if ctx.document.hasStructureTree { ctx.checked("7.1-11") } else {
            ctx.fail("7.1-11", "The document has no structure tree (catalog /StructTreeRoot): it is not tagged. Tag it in the authoring tool (export as tagged PDF) or add tags with a remediation tool.")
        }
    }

    /// 6.2-1: `/MarkInfo /Marked true`.
    static let marked = AuditCheck(["6.2-1"]) { ctx in
        if ctx.document.isTagged { ctx.checked("6.2-1") } else {
            ctx.fail("6.2-1", "The catalog's /MarkInfo dictionary does not say /Marked true. Set /MarkInfo << /Marked true >> in the catalog once the content is tagged.")
        }
    }
}

import PDFCore
import PDFSyntax
import PDFFile

/// The checks of ISO 14289-2 rules that no PDF/UA-1 check decides (the shared ones are
/// translated, ``AuditProfile/ua2RuleIDs``).
enum UA2Checks {
    static let all: [AuditCheck] = [
        roleMapping, documentElement, types, notes, sequences, lists,
        catalogLanguage, privateUse, destinations, embeddedFileDescriptions,
        links, annotations, widgets, formElements, formDictionary, privateUseGlyphs,
    ]

    /// 8.4.3-1: real text that maps to private-use characters has /ActualText or /Alt.
    static let privateUseGlyphs = AuditCheck(["8.4.3-1"]) { ctx in
        AuditContentScan.run(ctx).report(["8.4.3-1"], into: ctx) { _, e in
            "Real text maps to Unicode private-use characters (\(e.evidence.first?.value ?? "")) and has no /ActualText or /Alt, so it cannot be read aloud or searched. Add /ActualText with the real characters to the marked content or its structure element, or fix the font's ToUnicode map."
        }
    }
}

import PDFCore
import PDFSyntax
import PDFFile

/// The checks of ISO 14289-2 rules that no PDF/UA-1 check decides (the shared ones are
/// translated, ``AuditProfile/ua2RuleIDs``).
enum UA2Checks {
    static let all: [AuditCheck] = [
        roleMapping, documentElement, types, notes, sequences, lists,
        catalogLanguage, privateUse, destinations, embeddedFileDescriptions,
        links, annotations, tabOrder, widgets, formElements, formDictionary,
    ]
}

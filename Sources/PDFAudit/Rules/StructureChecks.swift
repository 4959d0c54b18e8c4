import PDFCore
import PDFFile

/// Checks over the structure tree: role mapping, the nesting grammar of tables, lists and
/// tables of contents, table geometry and headers, headings, alternate descriptions and
/// their languages, notes.
enum StructureChecks {
    static let all: [AuditCheck] = [
        roleMapping, nesting, tableGeometry, tableHeaders, descriptionLanguages, alternateText, headings, notes,
    ]
}

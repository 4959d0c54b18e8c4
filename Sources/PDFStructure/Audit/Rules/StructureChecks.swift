import PDFCore
import PDFFile

/// Checks over the structure tree: role mapping, the nesting grammar of tables, lists and
/// tables of contents, headings, alternate descriptions, notes.
enum StructureChecks {
    static let all: [AuditCheck] = []
}

import PDFCore
import PDFFile

/// Checks that read content streams: marked content and artifacts, languages of text, fonts
/// and their Unicode mappings.
enum ContentChecks {
    static let all: [AuditCheck] = []
}

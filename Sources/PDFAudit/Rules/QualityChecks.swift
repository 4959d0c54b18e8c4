import PDFCore
import PDFSyntax
import PDFFile

extension RuleInfo {
    /// The `specification` of the quality rules.
    static let qualitySpecification = "pdftext quality"
}

extension RuleCatalog {
    /// The quality profile's rules (docs/AUDIT.md, "Quality profile").
    package static let quality: [RuleInfo] = []
}

/// Heuristics for tagged files that pass the rules and still read badly.
enum QualityChecks {
    static let all: [AuditCheck] = []
}

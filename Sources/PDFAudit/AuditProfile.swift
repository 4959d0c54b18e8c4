import PDFCore
import PDFFile

/// A set of rules a document is audited against (`audit --profile`).
///
/// PDF/UA-1 is checked with veraPDF's PDF/UA-1 rules. PDF/UA-2 and the two Well-Tagged PDF
/// 1.0 conformance levels share the ISO 14289-2 rules (WTPDF swaps the PDF/UA
/// identification for a PDF Declaration, and the reuse level leaves out the rules about
/// alternative descriptions); many of those rules say what a PDF/UA-1 rule says, and are
/// decided by the same check under their own id (``ua2RuleID(forUA1:)``). `quality` is
/// not a standard: heuristics for tagged files that pass the rules and still read badly,
/// reported as warnings.
package enum AuditProfile: String, Sendable, Hashable, CaseIterable {
    case ua1
    case ua2
    case wtpdfReuse = "wtpdf-reuse"
    case wtpdfAccessibility = "wtpdf-accessibility"
    case quality

    /// The id reports carry (`pdfua-1`).
    package var id: String {
        switch self {
        case .ua1: "pdfua-1"
        case .ua2: "pdfua-2"
        case .wtpdfReuse: "wtpdf-1.0-reuse"
        case .wtpdfAccessibility: "wtpdf-1.0-accessibility"
        case .quality: "quality"
        }
    }

    /// The name people know (`PDF/UA-1`).
    package var name: String {
        switch self {
        case .ua1: "PDF/UA-1"
        case .ua2: "PDF/UA-2"
        case .wtpdfReuse: "WTPDF 1.0 reuse"
        case .wtpdfAccessibility: "WTPDF 1.0 accessibility"
        case .quality: "quality"
        }
    }

    /// Where the rule table comes from.
    package var source: String {
        switch self {
        case .ua1: "veraPDF PDFUA-1.xml"
        case .ua2: "veraPDF PDFUA-2.xml"
        case .wtpdfReuse: "veraPDF WTPDF-1-0-Reuse.xml"
        case .wtpdfAccessibility: "veraPDF WTPDF-1-0-Accessibility.xml"
        case .quality: "pdftext quality heuristics"
        }
    }

    /// The veraPDF-validation-profiles commit the rule tables were taken from.
    package static let sourceCommit = "6f2a87f1"

    /// Whether the profile is checked with the ISO 14289-2 rules.
    package var isUA2Family: Bool { self == .ua2 || self == .wtpdfReuse || self == .wtpdfAccessibility }

    /// The rules of the profile, in profile order.
    package var rules: [RuleInfo] { Self.tables[self]?.rules ?? [] }

    /// The profile's rule `id`, or nil when the profile has no such rule.
    package func rule(_ id: String) -> RuleInfo? { Self.tables[self]?.byID[id] }

    private struct Table: Sendable {
        var rules: [RuleInfo]
        var byID: [String: RuleInfo]
        init(_ rules: [RuleInfo]) {
            self.rules = rules
            byID = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
    }

    private static let tables: [AuditProfile: Table] = {
        func family(_ flag: Character) -> [RuleInfo] { RuleCatalog.pdfua2Family.filter { $0.profiles.contains(flag) }.map(\.rule) }
        return [
            .ua1: Table(RuleCatalog.pdfua1),
            .ua2: Table(family("2")),
            .wtpdfAccessibility: Table(family("a")),
            .wtpdfReuse: Table(family("r")),
            .quality: Table(RuleCatalog.quality),
        ]
    }()

    /// The PDF/UA-2 rule a PDF/UA-1 rule's check also decides, when the two say the same
    /// thing. A PDF/UA-1 rule missing here is not reported under the PDF/UA-2 family
    /// (either ISO 14289-2 dropped it, or a check of its own decides the new rule).
    package static let ua2RuleIDs: [String: String] = [
        "6.2-1": "6.2-1",
        "7.1-3": "8.2.2-1", "7.1-8": "8.11.1-2", "7.1-9": "8.11.1-1", "7.1-10": "8.11.2-1",
        "7.1-11": "8.2.1-1", "7.1-12": "8.2.1-2",
        "7.2-15": "8.2.5.26-1", "7.2-41": "8.2.5.26-2", "7.2-42": "8.2.5.26-3", "7.2-43": "8.2.5.26-4",
        "7.5-1": "8.2.5.26-5", "7.5-2": "8.2.5.26-6",
        "7.2-29": "8.4.4-2",
        "7.10-1": "8.7-1", "7.10-2": "8.7-2",
        "7.18.3-1": "8.9.3.3-1",
        "7.21.3.1-1": "8.4.5.3.1-1", "7.21.3.2-1": "8.4.5.3.2-1",
        "7.21.3.3-1": "8.4.5.4-1", "7.21.3.3-2": "8.4.5.4-2", "7.21.3.3-3": "8.4.5.4-3",
        "7.21.4.1-1": "8.4.5.5.1-1", "7.21.4.1-2": "8.4.5.5.1-2", "7.21.5-1": "8.4.5.6-1",
        "7.21.6-1": "8.4.5.7-1", "7.21.6-2": "8.4.5.7-2", "7.21.6-3": "8.4.5.7-3", "7.21.6-4": "8.4.5.7-4",
        "7.21.7-1": "8.4.5.8-1", "7.21.7-2": "8.4.5.8-2", "7.21.8-1": "8.4.5.9-1",
    ]

    /// The id a check's rule `id` is reported under in this profile, or nil when the
    /// profile does not report it. PDF/UA-1 ids are translated for the PDF/UA-2 family;
    /// ids the profile has are kept.
    package func reportedID(_ id: String) -> String? {
        if rule(id) != nil, self == .ua1 || self == .quality || RuleCatalog.pdfua1ByID[id] == nil || Self.sharedIDs.contains(id) {
            return id
        }
        guard isUA2Family, let mapped = Self.ua2RuleIDs[id], rule(mapped) != nil else { return nil }
        return mapped
    }

    /// Ids with the same meaning in both catalogues.
    /// (The identification check words clause 5 for the profile it runs under.)
    private static let sharedIDs: Set<String> = ["5-1", "5-2", "5-3", "5-4", "5-5", "6.2-1"]

    /// The profile a file asks for. The PDF version decides the family, since each part of
    /// PDF/UA is defined on one version of PDF (ISO 14289-1 on PDF 1.x, ISO 14289-2 on PDF
    /// 2.0): a PDF 2.0 file is audited as PDF/UA-2, or as WTPDF when it declares WTPDF and
    /// does not claim PDF/UA; a PDF 1.x file as PDF/UA-1. A claim that contradicts the
    /// version (`pdfuaid:part` 1 in a PDF 2.0 file, 2 in a PDF 1.7 one) is then what fails
    /// (rule 5-2), rather than every rule of the other family.
    package static func detect(_ document: Document) -> AuditProfile {
        let facts = XMPFacts(document: document)
        let major = document.version.split(separator: ".").first.flatMap { Int($0) } ?? 1
        guard major >= 2 else { return .ua1 }
        if facts.pdfuaPart == nil {
            let declarations = facts.declarations
            if declarations.contains(XMPFacts.wtpdfAccessibility) { return .wtpdfAccessibility }
            if declarations.contains(XMPFacts.wtpdfReuse) { return .wtpdfReuse }
        }
        return .ua2
    }
}

import Foundation
import PDFCore
import PDFStructure

/// What every `audit` report format is written from: one entry per file, in argument order,
/// each either an audited document or the reason it could not be read.
struct AuditRun {
    var tool = "pdftext"
    var version: String
    var generatedAt: Date
    /// Failed rules at or above this severity make a file fail (and the exit status 4).
    var failOn: Severity
    var files: [AuditFile]

    /// Exit status 4 is due: some audited file failed.
    var anyFailed: Bool { files.contains { $0.audited?.failed(failOn: failOn) == true } }
}

/// One file on the command line.
struct AuditFile {
    /// As given on the command line.
    var path: String
    var outcome: Outcome

    enum Outcome {
        case audited(AuditedDocument)
        /// The file could not be read, parsed or unlocked: the one-line message and exit status.
        case unreadable(message: String, exitCode: Int32)
    }

    var audited: AuditedDocument? {
        if case .audited(let d) = outcome { return d }
        return nil
    }
}

/// An audited document with the facts the reports print about the file itself.
struct AuditedDocument {
    var path: String
    var sha256: String
    var sizeBytes: Int
    var report: AuditReport
    /// The rules the report covers: every rule of the profile, or those `--rules` chose,
    /// in profile order.
    var rules: [RuleResult]
    /// The findings of those rules, in profile order.
    var findings: [Finding]
    var parseMilliseconds: Double
    var checkMilliseconds: Double

    init(path: String, sha256: String, sizeBytes: Int, report: AuditReport, selected: Set<String>?,
         parseMilliseconds: Double, checkMilliseconds: Double) {
        self.path = path; self.sha256 = sha256; self.sizeBytes = sizeBytes; self.report = report
        self.parseMilliseconds = parseMilliseconds; self.checkMilliseconds = checkMilliseconds
        if let selected {
            rules = report.rules.filter { selected.contains($0.rule.id) }
            findings = report.findings.filter { selected.contains($0.ruleID) }
        } else {
            rules = report.rules
            findings = report.findings
        }
    }

    func count(_ status: RuleResult.Status) -> Int { rules.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    /// Rules that ran: passed, failed or found nothing to check.
    var rulesChecked: Int { rules.count - count(.notImplemented) }

    func failed(failOn: Severity) -> Bool {
        rules.contains { $0.status == .failed && $0.rule.severity >= failOn }
    }

    /// `fail` when a rule at or above the threshold failed; otherwise `incomplete` when some
    /// rule of the profile is not implemented (nothing failed, but not everything was
    /// checked), else `pass`.
    func verdict(failOn: Severity) -> String {
        if failed(failOn: failOn) { return "fail" }
        return count(.notImplemented) > 0 ? "incomplete" : "pass"
    }

    /// The findings of one rule, in order.
    func findings(of ruleID: String) -> [Finding] { findings.filter { $0.ruleID == ruleID } }

    /// Failed checks by the severity of their rule.
    var checksFailedBySeverity: [Severity: Int] {
        var out: [Severity: Int] = [:]
        for r in rules where r.status == .failed { out[r.rule.severity, default: 0] += r.failedChecks }
        return out
    }

    /// Failed rules by category, categories in order of first appearance.
    var failedRulesByCategory: [(String, Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for r in rules where r.status == .failed {
            if counts[r.rule.category] == nil { order.append(r.rule.category) }
            counts[r.rule.category, default: 0] += 1
        }
        return order.map { ($0, counts[$0]!) }
    }

    /// What no machine check can decide for this file, for a person to review.
    var manualChecks: [ManualCheck] {
        var out: [ManualCheck] = []
        let tagged = report.input.hasStructureTree
        if tagged {
            out.append(ManualCheck(id: "reading-order", text: "reading order",
                                   detail: "The structure tree's order is the order a screen reader reads; check it follows the visual reading order."))
            out.append(ManualCheck(id: "semantic-tags", text: "semantic tag choice",
                                   detail: "Check headings, lists, tables and figures are tagged as what they are, and nothing else is."))
            out.append(ManualCheck(id: "artifacts", text: "artifact choice",
                                   detail: "Check no real content is marked as an artifact, and that headers, footers and decoration are."))
            out.append(ManualCheck(id: "alt-text-quality", text: "alt text quality",
                                   detail: "Check alternate descriptions say what each figure conveys."))
        } else {
            out.append(ManualCheck(id: "tagging", text: "tagging",
                                   detail: "The document is not tagged; tag it before judging reading order and semantics."))
        }
        out.append(ManualCheck(id: "language", text: "language correctness",
                               detail: "Check the declared languages match the text."))
        out.append(ManualCheck(id: "colour-contrast", text: "colour contrast",
                               detail: "Check text contrast and that colour is not the only carrier of meaning."))
        return out
    }
}

/// A check a person has to make.
struct ManualCheck {
    var id: String
    /// A few words for the text report.
    var text: String
    var detail: String
}

extension Finding {
    /// The part of the message after its first sentence, which by the house style of
    /// findings says how to fix the problem; nil when the message is one sentence.
    var fixHint: String? {
        let scalars = Array(message.unicodeScalars)
        var i = 0
        while i + 2 < scalars.count {
            if scalars[i] == ".", scalars[i + 1] == " ", Character(scalars[i + 2]).isUppercase {
                var rest = String.UnicodeScalarView()
                rest.append(contentsOf: scalars[(i + 2)...])
                return String(rest)
            }
            i += 1
        }
        return nil
    }
}

extension AuditLocation {
    var isEmpty: Bool {
        pageIndex == nil && object == nil && structPath == nil && structType == nil && standardType == nil
            && mcid == nil && contentStream == nil && operatorIndex == nil && bbox == nil
    }
}

extension RuleInfo {
    /// The rule's page on veraPDF's wiki (PDF/UA-1 rules; the anchor drops the dots).
    var helpURI: String {
        "https://github.com/veraPDF/veraPDF-validation-profiles/wiki/PDFUA-Part-1-rules#rule-"
            + id.replacingOccurrences(of: ".", with: "")
    }
}

/// The profile the reports name.
enum AuditProfile {
    static let id = "pdfua-1"
    static let name = "PDF/UA-1"
    static let source = "veraPDF PDFUA-1.xml"
    /// The veraPDF-validation-profiles commit the rule table was taken from.
    static let sourceCommit = "6f2a87f1"
}

/// Numbers in reports: at most two decimals, no trailing zeros.
func auditNumber(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 100).rounded() / 100
    if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
    if abs(r) >= 1e15 { return String(r) }  // 1e+30, not thirty digits and a dot
    var s = String(format: "%.2f", r)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}

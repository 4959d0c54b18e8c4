import Foundation
import PDFCore

/// What every `audit` report format is written from: one entry per file, in argument order,
/// each either an audited document or the reason it could not be read.
package struct AuditRun {
    package var tool = "pdftext"
    package var version: String
    package var generatedAt: Date
    /// Failed rules at or above this severity make a file fail (and the exit status 4).
    package var failOn: Severity
    package var files: [AuditFile]
    /// The profile asked for; nil when each file's own claim chose it.
    package var profile: AuditProfile?

    package init(tool: String = "pdftext", version: String, generatedAt: Date, failOn: Severity, files: [AuditFile],
                 profile: AuditProfile? = nil) {
        self.tool = tool; self.version = version; self.generatedAt = generatedAt; self.failOn = failOn; self.files = files
        self.profile = profile
    }

    /// Exit status 4 is due: some audited file failed.
    package var anyFailed: Bool { files.contains { $0.audited?.failed(failOn: failOn) == true } }
}

/// One file on the command line.
package struct AuditFile {
    /// As given on the command line.
    package var path: String
    package var outcome: Outcome

    package enum Outcome {
        case audited(AuditedDocument)
        /// The file could not be read, parsed or unlocked: the one-line message, the exit
        /// status the command gives for it, and whether a password was missing or wrong
        /// (the JSON report's error code `password` instead of `unreadable`).
        case unreadable(message: String, exitCode: Int32, password: Bool)
    }

    package init(path: String, outcome: Outcome) {
        self.path = path; self.outcome = outcome
    }

    package var audited: AuditedDocument? {
        if case .audited(let d) = outcome { return d }
        return nil
    }
}

/// An audited document with the facts the reports print about the file itself.
package struct AuditedDocument {
    package var path: String
    package var sha256: String
    package var sizeBytes: Int
    package var report: AuditReport
    /// The rules the report covers: every rule of the profile, or those `--rules` chose,
    /// in profile order.
    package var rules: [RuleResult]
    /// The findings of those rules, in profile order.
    package var findings: [Finding]
    package var parseMilliseconds: Double
    package var checkMilliseconds: Double

    package init(path: String, sha256: String, sizeBytes: Int, report: AuditReport, selected: Set<String>?,
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

    package func count(_ status: RuleResult.Status) -> Int { rules.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    /// Rules that ran: passed, failed or found nothing to check.
    package var rulesChecked: Int { rules.count - count(.notImplemented) }

    package func failed(failOn: Severity) -> Bool {
        rules.contains { $0.status == .failed && $0.rule.severity >= failOn }
    }

    /// `fail` when a rule at or above the threshold failed; otherwise `incomplete` when some
    /// rule of the profile is not implemented (nothing failed, but not everything was
    /// checked), else `pass`.
    package func verdict(failOn: Severity) -> String {
        if failed(failOn: failOn) { return "fail" }
        return count(.notImplemented) > 0 ? "incomplete" : "pass"
    }

    /// The findings of one rule, in order.
    package func findings(of ruleID: String) -> [Finding] { findings.filter { $0.ruleID == ruleID } }

    /// Failed checks by the severity of their rule.
    package var checksFailedBySeverity: [Severity: Int] {
        var out: [Severity: Int] = [:]
        for r in rules where r.status == .failed { out[r.rule.severity, default: 0] += r.failedChecks }
        return out
    }

    /// Failed rules by category, categories in order of first appearance.
    package var failedRulesByCategory: [(String, Int)] {
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
    /// The rule's page on veraPDF's wiki (PDF/UA-1: the rule's anchor, which drops the dots;
    /// PDF/UA-2 and WTPDF: the wiki's index); the quality rules' section of docs/AUDIT.md.
    var helpURI: String {
        let anchor = "#rule-" + id.replacingOccurrences(of: ".", with: "")
        switch specification {
        case "ISO 14289-1:2014":
            return "https://github.com/veraPDF/veraPDF-validation-profiles/wiki/PDFUA-Part-1-rules" + anchor
        case RuleInfo.qualitySpecification:
            return "docs/AUDIT.md#quality-profile"
        default:
            // The wiki's index, which links the PDF/UA-2 and WTPDF rule pages.
            return "https://github.com/veraPDF/veraPDF-validation-profiles/wiki"
        }
    }
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

import Foundation

/// Scoring of an audit against a test corpus whose file names carry the expected verdict,
/// as the veraPDF corpus does: `<clause>-t<NN>-<pass|fail>-<variant>.pdf` tests rule
/// `<clause>-<NN>` (docs/AUDIT.md, "Agreement with veraPDF's corpus"). Only the file's own
/// rule is scored.
package enum CorpusScoring {
    /// The rule a corpus file tests and the verdict it expects, or nil for other names.
    /// A `-` inside the clause is read as `.` (`7-18.3` → `7.18.3`), and the files named
    /// `7.18.7-t01-…` (no such rule) are scored against `7.11-1`, which their outlines cite.
    package static func expectation(fileName: String) -> (ruleID: String, shouldFail: Bool)? {
        guard fileName.hasSuffix(".pdf") else { return nil }
        let base = fileName.dropLast(4)
        guard let tRange = base.range(of: "-t", options: .backwards) else { return nil }
        let clause = base[..<tRange.lowerBound].replacingOccurrences(of: "-", with: ".")
        let rest = base[tRange.upperBound...].split(separator: "-")
        guard rest.count == 3, let test = Int(rest[0]), rest[1] == "pass" || rest[1] == "fail",
              !clause.isEmpty, clause.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        var id = "\(clause)-\(test)"
        if id == "7.18.7-1" { id = "7.11-1" }
        return (id, rest[1] == "fail")
    }

    /// A confusion matrix for one rule (positive = the rule fails).
    package struct Confusion: Sendable, Hashable {
        package var tp = 0, fn = 0, tn = 0, fp = 0, errors = 0
        package init() {}
        package var scored: Int { tp + fn + tn + fp }
        /// (TPR + TNR) / 2, counting only the classes present.
        package var balancedAccuracy: Double {
            var parts: [Double] = []
            if tp + fn > 0 { parts.append(Double(tp) / Double(tp + fn)) }
            if tn + fp > 0 { parts.append(Double(tn) / Double(tn + fp)) }
            return parts.isEmpty ? 1 : parts.reduce(0, +) / Double(parts.count)
        }
        package mutating func add(_ other: Confusion) {
            tp += other.tp; fn += other.fn; tn += other.tn; fp += other.fp; errors += other.errors
        }
    }
}

import Foundation
import Testing
import PDFFile
import PDFTestSupport
@testable import PDFAudit

/// Agreement with the veraPDF PDF/UA-1 and PDF/UA-2 corpora (per file, per rule: docs/AUDIT.md,
/// "Agreement with veraPDF's corpus"). Prints the confusion matrix of every implemented rule;
/// fails when an implemented rule's balanced accuracy falls below the floor, or (PDF/UA-2)
/// when the rules the corpus tests are not covered.
@Suite struct PDFUACorpusTests {
    /// The lowest balanced accuracy an implemented rule may have on the corpus.
    static let floor = 0.95

    /// Each file audited as `pdftext audit FILE` audits it: the profile the file chooses,
    /// which must be the corpus's.
    @Test(arguments: [("pdfua1/", AuditProfile.ua1), ("pdfua2/", AuditProfile.ua2)])
    func agreementWithVeraPDFCorpus(folder: String, profile: AuditProfile) throws {
        guard SharedCorpus.isAvailable else { print(SharedCorpus.skipMessage); return }
        let files = SharedCorpus.allPDFs.filter { $0.hasPrefix(folder) }
        #expect(!files.isEmpty)
        let implemented = Auditor.implementedRuleIDs(profile)
        var confusion: [String: CorpusScoring.Confusion] = [:]
        var testedIDs = Set<String>()
        var abstained = 0
        var disagreements: [String] = []
        for path in files {
            guard let exp = CorpusScoring.expectation(fileName: (path as NSString).lastPathComponent) else { continue }
            testedIDs.insert(exp.ruleID)
            guard implemented.contains(exp.ruleID) else { abstained += 1; continue }
            var c = CorpusScoring.Confusion()
            if let bytes = try? SharedCorpus.bytes(path), let doc = try? Document(bytes: bytes) {
                var options = AuditOptions()
                options.onlyRules = [exp.ruleID]
                let report = Auditor(options: options).audit(doc)
                #expect(report.profile == profile, "\(path) is audited as \(report.profile.id)")
                let failed = report.rules.contains { $0.rule.id == exp.ruleID && $0.status == .failed }
                switch (exp.shouldFail, failed) {
                case (true, true): c.tp = 1
                case (true, false): c.fn = 1; disagreements.append("FN \(path)")
                case (false, false): c.tn = 1
                case (false, true): c.fp = 1; disagreements.append("FP \(path)")
                }
            } else {
                c.errors = 1; c.fn = exp.shouldFail ? 1 : 0; c.fp = exp.shouldFail ? 0 : 1
                disagreements.append("ERROR \(path)")
            }
            confusion[exp.ruleID, default: .init()].add(c)
        }
        var total = CorpusScoring.Confusion()
        var lines: [String] = []
        var low: [String] = []
        for id in confusion.keys.sorted(by: Self.ruleOrder) {
            let c = confusion[id]!
            total.add(c)
            lines.append("  \(id.padding(toLength: 11, withPad: " ", startingAt: 0)) TP \(c.tp) FN \(c.fn) TN \(c.tn) FP \(c.fp)\(c.errors > 0 ? " errors \(c.errors)" : "")  balanced \(String(format: "%.2f", c.balancedAccuracy))")
            if c.balancedAccuracy < Self.floor { low.append(id) }
        }
        let coveredIDs = testedIDs.intersection(implemented)
        print("\(profile.name) corpus: \(total.scored) files scored, \(abstained) abstained; rules tested \(testedIDs.count), implemented among them \(coveredIDs.count) (\(String(format: "%.0f", 100 * Double(coveredIDs.count) / Double(max(1, testedIDs.count))))%); implemented overall \(implemented.count)/\(profile.rules.count)")
        print("  overall agreement \(String(format: "%.3f", Double(total.tp + total.tn) / Double(max(1, total.scored)))), balanced \(String(format: "%.3f", total.balancedAccuracy))")
        print(lines.joined(separator: "\n"))
        if !disagreements.isEmpty { print("  disagreements:\n    " + disagreements.joined(separator: "\n    ")) }
        #expect(low.isEmpty, "rules below the \(Self.floor) floor: \(low)")
        #expect(Double(coveredIDs.count) >= 0.9 * Double(testedIDs.count), "rule coverage \(coveredIDs.count)/\(testedIDs.count)")
    }

    static func ruleOrder(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> [Int] { s.split(whereSeparator: { $0 == "." || $0 == "-" }).compactMap { Int($0) } }
        return key(a).lexicographicallyPrecedes(key(b))
    }
}

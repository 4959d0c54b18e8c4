import PDFCore

/// `audit --format junit` (docs/AUDIT.md, "What a report says"): `<testsuites>` with one
/// `<testsuite>` per PDF and one `<testcase>` per rule; a failed rule is a `<failure>`
/// listing its first locations, a rule not run is `<skipped>`, and a file that cannot be
/// read is a suite with one `<error>`.
package enum AuditJUnit {
    package static func document(_ run: AuditRun) -> String {
        var suites = ""
        var tests = 0, failures = 0, skipped = 0, errors = 0
        var seconds = 0.0
        for file in run.files {
            switch file.outcome {
            case .unreadable(let message, _, _):
                tests += 1; errors += 1
                suites += "  <testsuite name=\"\(attr(file.path))\" tests=\"1\" failures=\"0\" skipped=\"0\" errors=\"1\">\n"
                suites += "    <testcase classname=\"audit\" name=\"open\">\n"
                suites += "      <error message=\"\(attr(message))\" type=\"unreadable\"/>\n"
                suites += "    </testcase>\n  </testsuite>\n"
            case .audited(let d):
                let t = (d.parseMilliseconds + d.checkMilliseconds) / 1000
                seconds += t
                let f = d.count(.failed), s = d.count(.notImplemented) + d.count(.notApplicable)
                tests += d.rules.count; failures += f; skipped += s
                suites += "  <testsuite name=\"\(attr(d.path))\" tests=\"\(d.rules.count)\" failures=\"\(f)\" skipped=\"\(s)\" errors=\"0\" time=\"\(auditSeconds(t))\">\n"
                suites += "    <properties>\n"
                suites += "      <property name=\"profile\" value=\"\(d.report.profile.id)\"/>\n"
                suites += "      <property name=\"sha256\" value=\"\(d.sha256)\"/>\n"
                suites += "      <property name=\"verdict\" value=\"\(d.verdict(failOn: run.failOn))\"/>\n"
                suites += "    </properties>\n"
                for r in d.rules { suites += testcase(r, doc: d) }
                suites += "  </testsuite>\n"
            }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"pdftext audit\((run.profile?.id).map { " " + $0 } ?? "")\" tests=\"\(tests)\" failures=\"\(failures)\" skipped=\"\(skipped)\" errors=\"\(errors)\" time=\"\(auditSeconds(seconds))\">\n"
        out += suites
        out += "</testsuites>\n"
        return out
    }

    static func testcase(_ r: RuleResult, doc: AuditedDocument) -> String {
        let info = r.rule
        let family = doc.report.profile.id.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ".", with: "")
        let head = "    <testcase classname=\"\(family).\(attr(info.clause))\" name=\"\(attr(info.id + " " + info.summary))\""
        switch r.status {
        case .passed:
            return head + "/>\n"
        case .notApplicable:
            return head + ">\n      <skipped message=\"not applicable\"/>\n    </testcase>\n"
        case .notImplemented:
            return head + ">\n      <skipped message=\"not implemented\"/>\n    </testcase>\n"
        case .failed:
            let shown = doc.findings(of: info.id)
            var body = ""
            for f in shown {
                body += AuditTextWriter.place(f.location) + "\n  " + AuditTextWriter.flat(f.message) + "\n"
            }
            if r.failedChecks > shown.count { body += "… and \(r.failedChecks - shown.count) more\n" }
            let first = shown.first.map { ": " + AuditTextWriter.flat($0.message) } ?? ""
            let message = "\(r.failedChecks) failed check\(r.failedChecks == 1 ? "" : "s")\(first)"
            return head + ">\n      <failure message=\"\(attr(message))\" type=\"\(info.severity.rawValue)\">\(text(body))</failure>\n    </testcase>\n"
        }
    }

    /// Escaped for an attribute value, kept exactly (``XMLEscaping/Style/exactAttribute``);
    /// characters XML 1.0 cannot hold are dropped.
    static func attr(_ s: String) -> String { XMLEscaping.escaped(s, .exactAttribute) }

    /// Escaped for element text (``XMLEscaping/Style/exactText``).
    package static func text(_ s: String) -> String { XMLEscaping.escaped(s, .exactText) }
}

/// Seconds with three decimals.
func auditSeconds(_ v: Double) -> String {
    guard v.isFinite, v >= 0 else { return "0" }
    let ms = Int64((v * 1000).rounded())
    let frac = ms % 1000
    return "\(ms / 1000)." + String(repeating: "0", count: 3 - String(frac).count) + String(frac)
}

import PDFCore

/// The human summary of `audit` (docs/AUDIT.md, "What a report says"): a verdict line, the
/// document's facts, one line per failed rule with up to `--max-findings-per-rule`
/// locations and messages, and the checks left to a person. What comes from the file or
/// names it (the path, Title, Lang, structure types and paths, messages) is shown escaped
/// (`ControlEscaping`): one line each, no control character reaching the terminal.
package struct AuditTextWriter {
    /// ANSI colours (only on a terminal, unless asked for).
    package var colour = false
    package var failOn: Severity = .error
    /// `--by wcag`: failed rules grouped under the WCAG 2.2 success criteria they support.
    package var byWCAG = false

    package init(colour: Bool = false, failOn: Severity = .error, byWCAG: Bool = false) {
        self.colour = colour; self.failOn = failOn; self.byWCAG = byWCAG
    }

    private func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// The line of a file that could not be audited: its path, `ERROR` and the reason
    /// (`message` without the path it starts with), escaped.
    package func unreadable(path: String, message: String) -> String {
        let reason = message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
        return ControlEscaping.escaped("\(path): ERROR (\(reason))") + "\n"
    }

    package func write(_ doc: AuditedDocument) -> String {
        var out = ""
        let verdict = doc.verdict(failOn: failOn)
        let failed = doc.count(.failed), notImplemented = doc.count(.notImplemented)
        var counts = "\(doc.report.profile.name), \(doc.rulesChecked) rules checked, \(failed) failed"
        if notImplemented > 0 { counts += ", \(notImplemented) not implemented" }
        let word: String
        switch verdict {
        case "fail": word = paint("FAIL", "1;31")
        case "pass": word = paint("PASS", "1;32")
        default: word = paint("INCOMPLETE", "1;33")
        }
        out += "\(ControlEscaping.escaped(doc.path)): \(word) (\(counts))\n"
        let input = doc.report.input
        var facts = ["Title: " + (input.title.map { "\"\(Self.flat($0))\"" } ?? "none"),
                     "Lang: " + (input.language.map { ControlEscaping.escaped($0) } ?? "none"),
                     "Tagged: " + (input.tagged && input.hasStructureTree ? "yes" : input.hasStructureTree ? "structure tree, not marked" : input.tagged ? "marked, no structure tree" : "no"),
                     "Pages: \(input.pages)"]
        facts.append("Claims PDF/UA: " + (input.claimsPDFUA.map { "part \($0)" } ?? "no"))
        if input.encrypted { facts.append("Encrypted: yes") }
        out += "  " + facts.joined(separator: "   ") + "\n"
        let failedRules = doc.rules.filter { $0.status == .failed }
        if byWCAG {
            var groups: [String: [RuleResult]] = [:]
            for rule in failedRules {
                for sc in rule.rule.wcag.isEmpty ? [""] : rule.rule.wcag { groups[sc, default: []].append(rule) }
            }
            let order = groups.keys.sorted { a, b in
                if a.isEmpty || b.isEmpty { return !a.isEmpty }
                return a.split(separator: ".").compactMap { Int($0) }.lexicographicallyPrecedes(b.split(separator: ".").compactMap { Int($0) })
            }
            for sc in order {
                let title = sc.isEmpty ? "No WCAG success criterion" : "WCAG \(sc) \(WCAG.name(sc))"
                out += "  \(paint(title, "1"))\n"
                for rule in groups[sc] ?? [] { out += ruleLines(rule, doc: doc, indent: "  ") }
            }
        } else {
            for rule in failedRules { out += ruleLines(rule, doc: doc, indent: "") }
        }
        if !doc.report.diagnostics.isEmpty {
            out += "  Reading the file needed \(doc.report.diagnostics.count) repair\(doc.report.diagnostics.count == 1 ? "" : "s") (see --format json, errors)\n"
        }
        out += "  Manual checks still required: " + doc.manualChecks.map(\.text).joined(separator: ", ") + ".\n"
        return out
    }

    /// A failed rule's line and its findings.
    func ruleLines(_ rule: RuleResult, doc: AuditedDocument, indent: String) -> String {
        var out = ""
        let info = rule.rule
        let mark: String
        switch info.severity {
        case .error: mark = paint("✗", "31")
        case .warning: mark = paint("⚠", "33")
        case .info: mark = paint("ℹ", "36")
        }
        var tags = [info.category, info.severity.rawValue]
        if !info.matterhorn.isEmpty { tags.append("Matterhorn " + info.matterhorn.joined(separator: ", ")) }
        if !info.wcag.isEmpty { tags.append("WCAG " + info.wcag.joined(separator: ", ")) }
        out += "\(indent)  \(mark) \(paint(info.id, "1"))  \(info.summary) (\(rule.failedChecks))  [\(tags.joined(separator: ", "))]\n"
        let shown = doc.findings(of: info.id)
        for f in shown {
            out += indent + "      " + ControlEscaping.escaped(Self.place(f.location)) + "\n"
            out += indent + "        " + Self.flat(f.message) + "\n"
        }
        if rule.failedChecks > shown.count {
            out += indent + "      … and \(rule.failedChecks - shown.count) more\n"
        }
        return out
    }

    /// `p.2  Figure /Document/Sect[1]/Figure[2]  obj 45 0 R  mcid 3  bbox 72 400 300 560`,
    /// or `document` when the finding has no location.
    static func place(_ l: AuditLocation) -> String {
        var parts: [String] = []
        if let p = l.pageIndex { parts.append("p.\(p + 1)") }
        var element: [String] = []
        if let t = l.structType {
            element.append(l.standardType.map { $0 != t ? "\(t) → \($0)" : t } ?? t)
        }
        if let path = l.structPath { element.append(path) }
        if !element.isEmpty { parts.append(element.joined(separator: " ")) }
        if let o = l.object { parts.append("obj \(o)") }
        if let m = l.mcid { parts.append("mcid \(m)") }
        if let s = l.contentStream {
            parts.append("content stream \(s)" + (l.operatorIndex.map { ", operator #\($0)" } ?? ""))
        } else if let i = l.operatorIndex {
            parts.append("operator #\(i)")
        }
        if let b = l.bbox { parts.append("bbox " + [b.x0, b.y0, b.x1, b.y1].map(auditNumber).joined(separator: " ")) }
        return parts.isEmpty ? "document" : parts.joined(separator: "  ")
    }

    /// One line: line breaks become spaces, other controls are escaped.
    static func flat(_ s: String) -> String {
        ControlEscaping.escaped(s.contains(where: \.isNewline) ? String(s.map { $0.isNewline ? " " : $0 }) : s)
    }
}

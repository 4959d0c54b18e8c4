import Foundation
import PDFCore

/// `audit --format json`: schema `audit-report/1` (docs/AUDIT.md, "What a report says").
/// Keys are written in a fixed order; absent optional values are left out, except the
/// document facts (`title`, `lang`, `claims.pdfua`), which are `null` when unknown.
package enum AuditJSON {
    static let schema = "audit-report/1"

    static func report(_ doc: AuditedDocument, run: AuditRun) -> JSONValue {
        var o = header(run: run, profile: doc.report.profile)
        let input = doc.report.input
        var i = JSONObject()
        i["path"] = .string(doc.path)
        i["sha256"] = .string(doc.sha256)
        i["sizeBytes"] = .int(doc.sizeBytes)
        i["pdfVersion"] = .string(input.pdfVersion)
        i["pages"] = .int(input.pages)
        i["encrypted"] = .bool(input.encrypted)
        i["tagged"] = .bool(input.tagged)
        i["hasStructTree"] = .bool(input.hasStructureTree)
        var claims = JSONObject()
        claims["pdfua"] = input.claimsPDFUA.map { .int($0) } ?? .null
        i["claims"] = .object(claims)
        i["title"] = input.title.map { .string($0) } ?? .null
        i["lang"] = input.language.map { .string($0) } ?? .null
        o["input"] = .object(i)

        var s = JSONObject()
        s["verdict"] = .string(doc.verdict(failOn: run.failOn))
        s["failOn"] = .string(run.failOn.rawValue)
        s["rulesChecked"] = .int(doc.rulesChecked)
        s["rulesPassed"] = .int(doc.count(.passed))
        s["rulesFailed"] = .int(doc.count(.failed))
        s["rulesNotApplicable"] = .int(doc.count(.notApplicable))
        s["rulesNotImplemented"] = .int(doc.count(.notImplemented))
        s["checksFailed"] = .int(doc.rules.reduce(0) { $0 + $1.failedChecks })
        var bySeverity = JSONObject()
        let severities = doc.checksFailedBySeverity
        for level in [Severity.error, .warning, .info] { bySeverity[level.rawValue] = .int(severities[level] ?? 0) }
        s["bySeverity"] = .object(bySeverity)
        var byCategory = JSONObject()
        for (category, n) in doc.failedRulesByCategory { byCategory[category] = .int(n) }
        s["byCategory"] = .object(byCategory)
        o["summary"] = .object(s)

        o["rules"] = .array(doc.rules.map(rule))
        o["findings"] = .array(doc.findings.map { finding($0, profile: doc.report.profile) })
        o["manualChecks"] = .array(doc.manualChecks.map { m in
            var c = JSONObject()
            c["id"] = .string(m.id)
            c["description"] = .string(m.detail)
            return .object(c)
        })
        o["errors"] = .array(doc.report.diagnostics.map(diagnostic))
        var t = JSONObject()
        t["parseMs"] = .double(milliseconds(doc.parseMilliseconds))
        t["checkMs"] = .double(milliseconds(doc.checkMilliseconds))
        o["timing"] = .object(t)
        return .object(o)
    }

    /// The entry of a file that could not be audited: `summary.verdict` is `error` and
    /// `errors` holds the reason, so a list of reports lines up with the files given.
    static func unreadable(path: String, message: String, password: Bool, run: AuditRun) -> JSONValue {
        var o = header(run: run, profile: run.profile)
        var i = JSONObject()
        i["path"] = .string(path)
        o["input"] = .object(i)
        var s = JSONObject()
        s["verdict"] = .string("error")
        s["failOn"] = .string(run.failOn.rawValue)
        o["summary"] = .object(s)
        o["rules"] = .array([])
        o["findings"] = .array([])
        o["manualChecks"] = .array([])
        var e = JSONObject()
        e["code"] = .string(password ? "password" : "unreadable")
        e["severity"] = .string("error")
        e["message"] = .string(message)
        o["errors"] = .array([.object(e)])
        return .object(o)
    }

    package static func entry(_ file: AuditFile, run: AuditRun) -> JSONValue {
        switch file.outcome {
        case .audited(let d): report(d, run: run)
        case .unreadable(let message, _, let password): unreadable(path: file.path, message: message, password: password, run: run)
        }
    }

    /// `profile` nil (a file not read, its profile not chosen on the command line):
    /// `profile.id` is null.
    private static func header(run: AuditRun, profile: AuditProfile?) -> JSONObject {
        var o = JSONObject()
        o["schema"] = .string(schema)
        var tool = JSONObject()
        tool["name"] = .string(run.tool)
        tool["version"] = .string(run.version)
        o["tool"] = .object(tool)
        o["generatedAt"] = .string(timestamp(run.generatedAt))
        var p = JSONObject()
        p["id"] = profile.map { .string($0.id) } ?? .null
        p["name"] = profile.map { .string($0.name) } ?? .null
        p["source"] = profile.map { .string($0.source) } ?? .null
        p["sourceCommit"] = .string(AuditProfile.sourceCommit)
        p["chosenBy"] = .string(run.profile == nil ? "file" : "option")
        o["profile"] = .object(p)
        return o
    }

    static func rule(_ r: RuleResult) -> JSONValue {
        var o = JSONObject()
        o["id"] = .string(r.rule.id)
        o["specification"] = .string(r.rule.specification)
        o["clause"] = .string(r.rule.clause)
        o["testNumber"] = .int(r.rule.testNumber)
        o["description"] = .string(r.rule.summary)
        o["matterhorn"] = .array(r.rule.matterhorn.map { .string($0) })
        o["wcag"] = .array(r.rule.wcag.map { .string($0) })
        o["category"] = .string(r.rule.category)
        o["severity"] = .string(r.rule.severity.rawValue)
        o["status"] = .string(r.status.rawValue)
        o["failedChecks"] = .int(r.failedChecks)
        o["checkedObjects"] = .int(r.checkedObjects)
        return .object(o)
    }

    static func finding(_ f: Finding, profile: AuditProfile) -> JSONValue {
        let info = profile.rule(f.ruleID)
        var o = JSONObject()
        o["ruleId"] = .string(f.ruleID)
        o["severity"] = .string(f.severity.rawValue)
        o["kind"] = .string("machine")
        if let info { o["category"] = .string(info.category) }
        o["message"] = .string(f.message)
        if let info { o["detail"] = .string(info.summary) }
        if let info { o["wcag"] = .array(info.wcag.map { .string($0) }) }
        o["location"] = location(f.location)
        var e = JSONObject()
        for item in f.evidence { e[item.key] = .string(item.value) }
        o["evidence"] = .object(e)
        if let fix = f.fixHint { o["fixHint"] = .string(fix) }
        return .object(o)
    }

    static func location(_ l: AuditLocation) -> JSONValue {
        var o = JSONObject()
        if let p = l.pageIndex { o["page"] = .int(p + 1) }
        if let x = l.object { o["objectRef"] = .string(x.description) }
        if let x = l.structPath { o["structPath"] = .string(x) }
        if let x = l.structType { o["structType"] = .string(x) }
        if let x = l.standardType { o["standardType"] = .string(x) }
        if let x = l.mcid { o["mcid"] = .int(x) }
        if let x = l.contentStream { o["contentStream"] = .string(x.description) }
        if let x = l.operatorIndex { o["operatorIndex"] = .int(x) }
        if let b = l.bbox { o["bbox"] = .rect(b) }
        return .object(o)
    }

    static func diagnostic(_ d: Diagnostic) -> JSONValue {
        var o = JSONObject()
        o["code"] = .string(d.code.rawValue)
        o["severity"] = .string(d.severity.description)
        o["message"] = .string(d.message)
        if let n = d.objectNumber { o["objectRef"] = .string("\(n) \(d.generation ?? 0) R") }
        if let b = d.offset { o["byteOffset"] = .int(b) }
        return .object(o)
    }

    /// Three decimals.
    static func milliseconds(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    /// ISO 8601 in UTC, seconds.
    static func timestamp(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }
}

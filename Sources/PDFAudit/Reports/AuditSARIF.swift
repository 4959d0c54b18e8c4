import Foundation
import PDFCore
import PDFCrypto

/// `audit --format sarif`: one SARIF 2.1.0 log with one run for all files
/// (docs/AUDIT.md, "What a report says"). Rules are `PDFUA1/<id>`; PDFs have no lines, so
/// a result's place is its artifact plus logical locations (structure path, page) and
/// properties.
package enum AuditSARIF {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The SARIF rule id prefix of a profile's rules (`PDFUA1/`, `PDFUA2/`, `WTPDF/`,
    /// `QUALITY/`): the PDF/UA-2 and WTPDF rules that share an id share the prefix.
    static func rulePrefix(_ profile: AuditProfile) -> String {
        switch profile {
        case .ua1: "PDFUA1/"
        case .ua2: "PDFUA2/"
        case .wtpdfReuse, .wtpdfAccessibility: "WTPDF/"
        case .quality: "QUALITY/"
        }
    }

    package static func log(_ run: AuditRun) -> JSONValue {
        let audited = run.files.compactMap(\.audited)
        // Every rule that ran on some file, by profile in the order profiles were met, each
        // profile's rules in profile order.
        var ran = Set<String>()
        var profiles: [AuditProfile] = []
        for d in audited {
            let prefix = rulePrefix(d.report.profile)
            if !profiles.contains(where: { rulePrefix($0) == prefix }) { profiles.append(d.report.profile) }
            for r in d.rules where r.status != .notImplemented { ran.insert(prefix + r.rule.id) }
        }
        var rules: [(String, RuleInfo)] = []
        for p in profiles {
            for rule in p.rules where ran.contains(rulePrefix(p) + rule.id) { rules.append((rulePrefix(p) + rule.id, rule)) }
        }
        // WTPDF reuse and accessibility share a prefix: a rule of both is listed once.
        var seen = Set<String>()
        rules = rules.filter { seen.insert($0.0).inserted }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.0, $0) })

        var driver = JSONObject()
        driver["name"] = .string(run.tool)
        driver["version"] = .string(run.version)
        driver["semanticVersion"] = .string(run.version)
        driver["rules"] = .array(rules.map { descriptor($0.1, id: $0.0) })

        var artifacts: [JSONValue] = []
        var results: [JSONValue] = []
        var notifications: [JSONValue] = []
        for (index, file) in run.files.enumerated() {
            var a = JSONObject()
            a["location"] = .object(artifactLocation(file.path, index: nil))
            switch file.outcome {
            case .unreadable(let message, _, _):
                notifications.append(notification(message, level: "error", path: file.path, index: index))
            case .audited(let d):
                a["length"] = .int(d.sizeBytes)
                var hashes = JSONObject()
                hashes["sha-256"] = .string(d.sha256)
                a["hashes"] = .object(hashes)
                let prefix = rulePrefix(d.report.profile)
                for f in d.findings {
                    results.append(result(f, id: prefix + f.ruleID, path: file.path, artifact: index, ruleIndex: ruleIndex[prefix + f.ruleID]))
                }
                for r in d.rules where r.status == .failed && r.failedChecks > d.findings(of: r.rule.id).count {
                    let hidden = r.failedChecks - d.findings(of: r.rule.id).count
                    notifications.append(notification("\(r.rule.id): \(hidden) more failed check\(hidden == 1 ? "" : "s") not listed (--max-findings-per-rule)",
                                                      level: "note", path: file.path, index: index))
                }
                for diag in d.report.diagnostics {
                    notifications.append(notification(diag.description, level: diag.severity == .error ? "warning" : "note",
                                                      path: file.path, index: index))
                }
            }
            artifacts.append(.object(a))
        }

        var invocation = JSONObject()
        invocation["executionSuccessful"] = .bool(!run.files.contains { $0.audited == nil })
        invocation["endTimeUtc"] = .string(AuditJSON.timestamp(run.generatedAt))
        invocation["toolExecutionNotifications"] = .array(notifications)

        var tool = JSONObject()
        tool["driver"] = .object(driver)
        var r = JSONObject()
        r["tool"] = .object(tool)
        r["invocations"] = .array([.object(invocation)])
        r["artifacts"] = .array(artifacts)
        r["results"] = .array(results)
        var props = JSONObject()
        props["profile"] = .string(run.profile?.id ?? "file")
        props["profiles"] = .array(profiles.map { .string($0.id) })
        props["failOn"] = .string(run.failOn.rawValue)
        r["properties"] = .object(props)

        var log = JSONObject()
        log["$schema"] = .string(schemaURI)
        log["version"] = .string("2.1.0")
        log["runs"] = .array([.object(r)])
        return .object(log)
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static func descriptor(_ rule: RuleInfo, id: String) -> JSONValue {
        var o = JSONObject()
        o["id"] = .string(id)
        var short = JSONObject()
        short["text"] = .string(rule.summary)
        o["shortDescription"] = .object(short)
        var full = JSONObject()
        full["text"] = .string(rule.specification == RuleInfo.qualitySpecification
            ? "\(rule.specification) \(rule.id): \(rule.summary)"
            : "\(rule.specification) clause \(rule.clause), veraPDF test \(rule.testNumber) (on \(rule.object)): \(rule.summary)")
        o["fullDescription"] = .object(full)
        o["helpUri"] = .string(rule.helpURI)
        var config = JSONObject()
        config["level"] = .string(level(rule.severity))
        o["defaultConfiguration"] = .object(config)
        var props = JSONObject()
        props["tags"] = .array(([rule.category] + rule.matterhorn.map { "Matterhorn " + $0 } + rule.wcag.map { "WCAG " + $0 }).map { .string($0) })
        props["category"] = .string(rule.category)
        props["matterhorn"] = .array(rule.matterhorn.map { .string($0) })
        props["wcag"] = .array(rule.wcag.map { .string($0) })
        o["properties"] = .object(props)
        return .object(o)
    }

    static func result(_ f: Finding, id: String, path: String, artifact: Int, ruleIndex: Int?) -> JSONValue {
        var o = JSONObject()
        o["ruleId"] = .string(id)
        if let ruleIndex { o["ruleIndex"] = .int(ruleIndex) }
        o["level"] = .string(level(f.severity))
        var message = JSONObject()
        message["text"] = .string(f.message)
        o["message"] = .object(message)

        let l = f.location
        var physical = JSONObject()
        physical["artifactLocation"] = .object(artifactLocation(path, index: artifact))
        var location = JSONObject()
        location["physicalLocation"] = .object(physical)
        var logical: [JSONValue] = []
        if let p = l.structPath {
            var e = JSONObject()
            e["fullyQualifiedName"] = .string(p)
            e["kind"] = .string("element")
            logical.append(.object(e))
        }
        if let p = l.pageIndex {
            var e = JSONObject()
            e["name"] = .string("page \(p + 1)")
            e["kind"] = .string("module")
            logical.append(.object(e))
        }
        if !logical.isEmpty { location["logicalLocations"] = .array(logical) }
        o["locations"] = .array([.object(location)])

        var fingerprints = JSONObject()
        fingerprints["pdftextFinding/v1"] = .string(fingerprint(f))
        o["partialFingerprints"] = .object(fingerprints)

        guard case .object(var props) = AuditJSON.location(l) else { return .object(o) }
        if !f.evidence.isEmpty {
            var e = JSONObject()
            for item in f.evidence { e[item.key] = .string(item.value) }
            props["evidence"] = .object(e)
        }
        if !props.keys.isEmpty { o["properties"] = .object(props) }
        return .object(o)
    }

    /// SHA-256 of rule id, object, structure path, marked-content id and content stream,
    /// so code-scanning tools can follow a finding across runs.
    static func fingerprint(_ f: Finding) -> String {
        let l = f.location
        let key = [f.ruleID, l.object?.description ?? "", l.structPath ?? "", l.mcid.map(String.init) ?? "",
                   l.contentStream?.description ?? ""].joined(separator: "|")
        return Digests.sha256Hex(Array(key.utf8))
    }

    static func artifactLocation(_ path: String, index: Int?) -> JSONObject {
        var o = JSONObject()
        o["uri"] = .string(uri(path))
        if let index { o["index"] = .int(index) }
        return o
    }

    /// A relative path stays relative (percent-encoded); an absolute one becomes a file URI.
    static func uri(_ path: String) -> String {
        if path == "-" { return "stdin" }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    static func notification(_ text: String, level: String, path: String, index: Int) -> JSONValue {
        var o = JSONObject()
        o["level"] = .string(level)
        var message = JSONObject()
        message["text"] = .string(text)
        o["message"] = .object(message)
        var physical = JSONObject()
        physical["artifactLocation"] = .object(artifactLocation(path, index: index))
        var location = JSONObject()
        location["physicalLocation"] = .object(physical)
        o["locations"] = .array([.object(location)])
        return .object(o)
    }
}

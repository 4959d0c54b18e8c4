import PDFCore
import PDFSyntax
import PDFFile
import PDFFonts
import PDFContent

/// How much a finding matters.
package enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { switch self { case .info: 0; case .warning: 1; case .error: 2 } }
    package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One rule of an audit profile, with the numbers auditors know it by.
package struct RuleInfo: Sendable, Hashable {
    /// What a rule needs to be decided: the catalog and structure tree, the content streams
    /// (marked content, fonts), or font programs and geometry.
    package enum Cost: String, Sendable, Hashable { case catalog, content, program }

    /// veraPDF's id, `clause-testNumber` (`7.3-1`).
    package var id: String
    /// The ISO 14289-1 clause (`7.3`).
    package var clause: String
    package var testNumber: Int
    /// The veraPDF model object the rule is evaluated on (`SEFigure`, `PDAnnot`, `Glyph`).
    package var object: String
    /// What the rule checks, in PDF terms.
    package var summary: String
    /// Matterhorn Protocol 1.1 failure conditions (`13-004`).
    package var matterhorn: [String]
    /// `metadata`, `structure`, `alt-text`, `lang`, `table`, `list`, `heading`, `annotation`,
    /// `font`, `artifact`, …
    package var category: String
    package var cost: Cost
    /// One of the rules most worth checking (common in real files, or about extractable text).
    package var starred: Bool
    package var severity: Severity
    /// The specification the rule comes from (`ISO 14289-1:2014`, `ISO 14289-2:2024`,
    /// `WTPDF 1.0`, or `pdftext quality` for the quality heuristics).
    package var specification: String
    /// The WCAG 2.2 success criteria the rule supports (`1.1.1`), from tools/audit/wcag.tsv
    /// (docs/AUDIT.md, "WCAG 2.2 success criteria").
    package var wcag: [String]

    package init(id: String, clause: String, testNumber: Int, object: String, summary: String,
                 matterhorn: [String], category: String, cost: Cost, starred: Bool, severity: Severity = .error,
                 specification: String = "ISO 14289-1:2014", wcag: [String] = []) {
        self.id = id; self.clause = clause; self.testNumber = testNumber; self.object = object
        self.summary = summary; self.matterhorn = matterhorn; self.category = category
        self.cost = cost; self.starred = starred; self.severity = severity
        self.specification = specification; self.wcag = wcag
    }
}

/// The rules we know, by profile.
package enum RuleCatalog {
    /// `pdfua1` by id.
    package static let pdfua1ByID: [String: RuleInfo] = Dictionary(uniqueKeysWithValues: pdfua1.map { ($0.id, $0) })
}

/// Where a finding is. Every field is optional; fill in what is known.
package struct AuditLocation: Sendable, Hashable {
    /// 0-based page index (reports print it 1-based).
    package var pageIndex: Int?
    /// The offending object (`45 0 R`).
    package var object: ObjectID?
    /// The structure element's path from the root, `/Document/Sect[1]/Figure[2]` (1-based
    /// indexes among siblings of the same type).
    package var structPath: String?
    /// `/S` as written and its standard type.
    package var structType: String?
    package var standardType: String?
    package var mcid: Int?
    /// The content stream (page content stream or form XObject) and the operator's index in it.
    package var contentStream: ObjectID?
    package var operatorIndex: Int?
    /// In page space (PDF user space), x0 y0 x1 y1.
    package var bbox: Rect?

    package init(pageIndex: Int? = nil, object: ObjectID? = nil, structPath: String? = nil,
                structType: String? = nil, standardType: String? = nil, mcid: Int? = nil,
                contentStream: ObjectID? = nil, operatorIndex: Int? = nil, bbox: Rect? = nil) {
        self.pageIndex = pageIndex; self.object = object; self.structPath = structPath
        self.structType = structType; self.standardType = standardType; self.mcid = mcid
        self.contentStream = contentStream; self.operatorIndex = operatorIndex; self.bbox = bbox
    }
}

/// One failed check of one rule.
package struct Finding: Sendable, Hashable {
    package var ruleID: String
    package var severity: Severity
    /// What is wrong and how to fix it, in plain language.
    package var message: String
    package var location: AuditLocation
    /// Small key/value facts behind the finding (`Lang` → `portugues`), in order.
    package var evidence: [Evidence]

    package struct Evidence: Sendable, Hashable {
        package var key: String
        package var value: String
        package init(_ key: String, _ value: String) { self.key = key; self.value = value }
    }

    package init(ruleID: String, severity: Severity, message: String, location: AuditLocation, evidence: [Evidence] = []) {
        self.ruleID = ruleID; self.severity = severity; self.message = message
        self.location = location; self.evidence = evidence
    }
}

/// A rule's outcome on one document.
package struct RuleResult: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable { case passed, failed, notApplicable, notImplemented }
    package var rule: RuleInfo
    package var status: Status
    /// How many checks failed (exact, even when findings are capped).
    package var failedChecks: Int
    /// How many objects the rule was evaluated on.
    package var checkedObjects: Int
}

/// A check: a function deciding one or more rules. It calls ``AuditContext/checked(_:count:)``
/// for every object it evaluates and ``AuditContext/fail(_:_:at:evidence:)`` for every
/// object that fails.
struct AuditCheck: Sendable {
    /// The rule ids this check decides.
    var ruleIDs: [String]
    var run: @Sendable (AuditContext) -> Void
    init(_ ruleIDs: [String], run: @escaping @Sendable (AuditContext) -> Void) {
        self.ruleIDs = ruleIDs; self.run = run
    }
}

/// What checks read (the document, its structure tree, per-page content scans, fonts) and
/// where they record results. Used from one thread; checks run one after another.
final class AuditContext: @unchecked Sendable {
    let document: Document
    let fonts: FontCache
    let options: AuditOptions
    /// The profile audited: checks written for PDF/UA-1 report under its ids
    /// (``AuditProfile/reportedID(_:)``), and a few read it to apply the other profile's
    /// wording of the same rule.
    let profile: AuditProfile
    private var _tree: StructureTree?
    private var counts: [String: (checked: Int, failed: Int)] = [:]
    private(set) var findings: [Finding] = []
    private var perRule: [String: Int] = [:]
    /// Shared results computed once by one check and read by another (a content scan of
    /// every page, a font table), keyed by the producer's name.
    var memo: [String: Any] = [:]

    init(document: Document, options: AuditOptions = AuditOptions(), profile: AuditProfile = .ua1) {
        self.document = document
        self.fonts = FontCache(store: document.store)
        self.options = options
        self.profile = profile
    }

    /// The structure tree, built once.
    var tree: StructureTree {
        if let t = _tree { return t }
        let t = StructureTree(document: document)
        _tree = t
        return t
    }

    /// Memoised value for `key`, computed by `make` the first time.
    func memoized<T>(_ key: String, _ make: () -> T) -> T {
        if let v = memo[key] as? T { return v }
        let v = make()
        memo[key] = v
        return v
    }

    /// Rule `id` was evaluated on `count` more objects.
    func checked(_ id: String, count: Int = 1) {
        guard let id = profile.reportedID(id) else { return }
        counts[id, default: (0, 0)].checked += count
    }

    /// One object failed rule `id`. Also counts it as checked.
    func fail(_ id: String, _ message: String, at location: AuditLocation = AuditLocation(),
                     evidence: [Finding.Evidence] = []) {
        guard let id = profile.reportedID(id) else { return }
        counts[id, default: (0, 0)].failed += 1
        counts[id, default: (0, 0)].checked += 1
        let n = perRule[id, default: 0]
        perRule[id] = n + 1
        guard n < options.maxFindingsPerRule else { return }
        let severity = profile.rule(id)?.severity ?? .warning
        findings.append(Finding(ruleID: id, severity: severity, message: message, location: location, evidence: evidence))
    }

    /// `count` more objects failed rule `id` without a finding each (their examples were
    /// not kept); the rule's failed-check count stays exact.
    func countFailures(_ id: String, _ count: Int) {
        guard count > 0, let id = profile.reportedID(id) else { return }
        counts[id, default: (0, 0)].failed += count
        counts[id, default: (0, 0)].checked += count
    }

    /// The counts of rule `id` as the profile reports it.
    func counts(of id: String) -> (checked: Int, failed: Int) { counts[id] ?? (0, 0) }
}

/// Audit settings.
package struct AuditOptions: Sendable, Hashable {
    /// Findings kept per rule; `RuleResult.failedChecks` stays exact.
    package var maxFindingsPerRule = 20
    /// Only these rule ids (nil: all implemented).
    package var onlyRules: Set<String>?
    /// The profile; nil takes it from the file (``AuditProfile/detect(_:)``).
    package var profile: AuditProfile?
    /// The thresholds of the quality profile's heuristics.
    package var quality = QualityThresholds()
    package init() {}
}

/// The facts about the audited file that a report prints at the top.
package struct AuditInput: Sendable, Hashable {
    package var pdfVersion: String
    package var pages: Int
    package var encrypted: Bool
    package var tagged: Bool
    package var hasStructureTree: Bool
    /// `pdfuaid:part` from the XMP metadata, when given.
    package var claimsPDFUA: Int?
    package var title: String?
    package var language: String?
}

/// The result of auditing one document against a profile.
package struct AuditReport: Sendable {
    package var profile: AuditProfile
    package var input: AuditInput
    /// Every rule of the profile, in profile order.
    package var rules: [RuleResult]
    package var findings: [Finding]
    /// Problems reading the file (repairs, damaged objects) that may explain findings.
    package var diagnostics: [Diagnostic]

    /// `fail` when a rule at or above `threshold` failed, else `pass`.
    package func verdict(failOn threshold: Severity = .error) -> String {
        rules.contains { $0.status == .failed && $0.rule.severity >= threshold } ? "fail" : "pass"
    }
}

/// Runs the checks of a profile over one document.
package struct Auditor: Sendable {
    package var options: AuditOptions
    package init(options: AuditOptions = AuditOptions()) { self.options = options }

    /// Every PDF/UA-1 check. Each rules file contributes its list.
    static var pdfua1Checks: [AuditCheck] {
        DocumentChecks.all + StructureChecks.all + ContentChecks.all
    }

    /// The checks of `profile`: the PDF/UA-2 family runs the PDF/UA-1 checks (their rules
    /// reported under the PDF/UA-2 ids, ``AuditProfile/ua2RuleIDs``) and its own.
    static func checks(for profile: AuditProfile) -> [AuditCheck] {
        switch profile {
        case .ua1: pdfua1Checks
        case .ua2, .wtpdfReuse, .wtpdfAccessibility: pdfua1Checks + UA2Checks.all
        case .quality: QualityChecks.all
        }
    }

    /// The rule ids some check decides, as `profile` reports them.
    package static func implementedRuleIDs(_ profile: AuditProfile = .ua1) -> Set<String> {
        Set(checks(for: profile).flatMap(\.ruleIDs).compactMap(profile.reportedID))
    }

    package func audit(_ document: Document) -> AuditReport {
        let profile = options.profile ?? AuditProfile.detect(document)
        let context = AuditContext(document: document, options: options, profile: profile)
        var implemented = Set<String>()
        for check in Self.checks(for: profile) {
            let ids = check.ruleIDs.compactMap(profile.reportedID)
            if ids.isEmpty { continue }
            if let only = options.onlyRules, only.isDisjoint(with: ids) { continue }
            check.run(context)
            implemented.formUnion(ids)
        }
        let catalogue = profile.rules
        var results: [RuleResult] = []
        for rule in catalogue {
            let c = context.counts(of: rule.id)
            let status: RuleResult.Status
            if !implemented.contains(rule.id) { status = .notImplemented }
            else if c.failed > 0 { status = .failed }
            else if c.checked > 0 { status = .passed }
            else { status = .notApplicable }
            results.append(RuleResult(rule: rule, status: status, failedChecks: c.failed, checkedObjects: c.checked))
        }
        let order = Dictionary(uniqueKeysWithValues: catalogue.enumerated().map { ($1.id, $0) })
        let findings = context.findings.enumerated().sorted {
            let a = order[$0.element.ruleID] ?? .max, b = order[$1.element.ruleID] ?? .max
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
        let input = AuditInput(
            pdfVersion: document.version, pages: document.pageCount, encrypted: document.isEncrypted,
            tagged: document.isTagged, hasStructureTree: document.hasStructureTree,
            claimsPDFUA: XMPFacts(document: document).pdfuaPart,
            title: document.info.title, language: document.language)
        return AuditReport(profile: profile, input: input, rules: results, findings: findings,
                           diagnostics: document.store.diagnostics.entries)
    }
}

import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts
import PDFContent
import PDFLayout

extension RuleInfo {
    /// The `specification` of the quality rules.
    static let qualitySpecification = "pdftext quality"

    fileprivate static func quality(_ n: Int, _ object: String, _ summary: String, _ category: String, _ cost: Cost,
                                    wcag: [String]) -> RuleInfo {
        RuleInfo(id: "Q-\(n)", clause: "Q", testNumber: n, object: object, summary: summary, matterhorn: [],
                 category: category, cost: cost, starred: false, severity: .warning,
                 specification: qualitySpecification, wcag: wcag)
    }
}

extension RuleCatalog {
    /// The quality profile's rules (docs/AUDIT.md, "Quality profile"): heuristics for files
    /// that are tagged and still read badly, the problems PAC and human auditors report.
    /// Warnings, not errors; every threshold is a ``QualityThresholds`` field.
    package static let quality: [RuleInfo] = [
        .quality(1, "SETextItem", "Body text is marked as an artifact (a screen reader skips it)", "artifact", .content, wcag: ["1.3.1", "1.1.1"]),
        .quality(2, "PDStructElem", "A text element holds only whitespace", "structure", .content, wcag: ["1.3.1"]),
        .quality(3, "PDStructElem", "A text element has /Alt, which hides its text from screen readers", "alt-text", .content, wcag: ["1.3.1", "4.1.2"]),
        .quality(4, "SEHn", "Heading levels are skipped (H1 then H3), or the first heading is not H1", "heading", .catalog, wcag: ["1.3.1", "2.4.6"]),
        .quality(5, "SETable", "A table has no header cells (TH)", "table", .catalog, wcag: ["1.3.1"]),
        .quality(6, "PDPage", "The structure order disagrees strongly with the visual reading order", "structure", .program, wcag: ["1.3.2"]),
        .quality(7, "SELink", "A link's text is a bare URL or says nothing (\"click here\")", "annotation", .content, wcag: ["2.4.4"]),
        .quality(8, "CosLang", "The declared language does not match the script of the text", "lang", .content, wcag: ["3.1.1", "3.1.2"]),
    ]
}

/// The thresholds of the quality heuristics.
package struct QualityThresholds: Sendable, Hashable {
    /// artifact glyphs in the middle of a page (away from the top and bottom
    /// `furnitureMargin`) that make a page's finding.
    package var artifactBodyGlyphs = 80
    /// the share of the page height at top and at bottom where headers and footers live.
    package var furnitureMargin = 0.12
    /// marked-content sequences a page needs before its order is judged.
    package var minimumOrderedItems = 6
    /// the share of pairs in opposite order (Kendall distance) that makes a finding.
    package var orderDisagreement = 0.3
    /// sequences compared at most per page (the comparison is quadratic).
    package var maximumOrderedItems = 400
    /// letters needed in a language before its script is judged.
    package var minimumLetters = 40
    /// the share of letters in the language's script below which it is a finding.
    package var scriptShare = 0.5
    package init() {}
}

/// Heuristics for tagged files that pass the rules and still read badly.
enum QualityChecks {
    static let all: [AuditCheck] = [scanned, headingOrder, tableHeaders, readingOrder]

    /// Text-bearing standard types (an element of these types holds words, not figures).
    static let textTypes: Set<String> = [
        "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "Title", "Span", "Quote", "Em", "Strong", "Sub", "Lbl", "LBody",
        "Caption", "TOCI", "Link", "Reference", "BibEntry", "Code", "Note", "FENote", "TD", "TH", "BlockQuote",
    ]

    /// What one pass over every page's glyphs finds for.
    struct Scan {
        /// Per structure element claiming marked content: its text (first 400 scalars) and
        /// how many non-whitespace glyphs it has.
        var text: [Int: String] = [:]
        var letters: [Int: Int] = [:]
        var glyphs: [Int: Int] = [:]
        /// Per page: artifact glyphs in the body of the page, and one box holding them.
        var artifactBody: [Int: (count: Int, box: Rect)] = [:]
        /// Per declared language (primary subtag, lowercased): letters by script, and where.
        var scripts: [String: [Script: Int]] = [:]
        var languageExample: [String: (page: Int, box: Rect)] = [:]
        /// Per page: marked-content ids in visual reading order.
        var visualOrder: [Int: [Int]] = [:]
    }

    /// The scripts Q-8 tells apart.
    enum Script: String, Sendable { case latin, greek, cyrillic, arabic, hebrew, han, kana, hangul, thai, devanagari, other }

    static func script(_ v: Unicode.Scalar) -> Script? {
        let p = v.properties
        guard p.isAlphabetic else { return nil }
        switch v.value {
        case 0x41...0x24F, 0x1E00...0x1EFF: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F: return .cyrillic
        case 0x590...0x5FF: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0xE00...0xE7F: return .thai
        case 0x3040...0x30FF: return .kana
        case 0xAC00...0xD7AF, 0x1100...0x11FF: return .hangul
        case 0x3400...0x9FFF, 0xF900...0xFAFF: return .han
        default: return .other
        }
    }

    /// The scripts a language is written in; nil for languages Q-8 does not judge.
    static func scripts(ofLanguage primary: String) -> Set<Script>? {
        switch primary {
        case "en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "no", "nb", "nn", "fi", "pl", "cs", "sk", "sl", "hr", "hu",
             "ro", "tr", "et", "lv", "lt", "id", "ms", "vi", "ca", "eu", "gl", "ga", "cy", "is", "sq", "af", "sw", "la":
            return [.latin]
        case "ru", "uk", "be", "bg", "mk", "kk", "ky", "mn": return [.cyrillic]
        case "sr": return [.cyrillic, .latin]
        case "el": return [.greek]
        case "ar", "fa", "ur", "ps": return [.arabic]
        case "he", "yi": return [.hebrew]
        case "zh": return [.han]
        case "ja": return [.han, .kana]
        case "ko": return [.hangul, .han]
        case "th": return [.thai]
        case "hi", "mr", "ne", "sa": return [.devanagari]
        default: return nil
        }
    }

    static func scan(_ ctx: AuditContext) -> Scan {
        ctx.memoized("QualityChecks.scan") { makeScan(ctx) }
    }

    private static func makeScan(_ ctx: AuditContext) -> Scan {
        let thresholds = ctx.options.quality
        let tree = ctx.tree
        var owner: [Int: [Int: Int]] = [:]  // page → mcid → element
        for (i, e) in tree.elements.enumerated() {
            for k in e.kids {
                if case .markedContent(let page?, let mcid, nil) = k { owner[page, default: [:]][mcid] = i }
            }
        }
        let catalogLang = ctx.document.store.text(ctx.document.catalog["Lang"])
        var options = ExtractionOptions()
        options.includeAnnotations = false
        let extractor = PageExtractor(document: ctx.document, fonts: ctx.fonts, options: options)
        var scan = Scan()
        for page in ctx.document.pages {
            let glyphs = extractor.extract(page: page)
            let owners = owner[page.index] ?? [:]
            // Per marked-content span: (artifact kind, MCID, Lang) from the span up.
            struct Facts { var artifact = false; var furniture = false; var mcid: Int?; var lang: String? }
            var facts: [Facts] = []
            facts.reserveCapacity(glyphs.markedContent.count)
            for (i, span) in glyphs.markedContent.enumerated() {
                var f = Facts()
                let parent = Int(span.parent)
                if parent >= 0 && parent < i { f = facts[parent] }
                if span.tag == "Artifact" {
                    f.artifact = true
                    let type = span.artifactType ?? "", subtype = span.artifactSubtype ?? ""
                    if type == "Pagination" || ["Header", "Footer", "Watermark", "PageNum", "LineNum", "Bates"].contains(subtype) { f.furniture = true }
                }
                if let m = span.mcid { f.mcid = m }
                if let l = span.lang, !l.isEmpty { f.lang = l }
                facts.append(f)
            }
            let box = page.cropBox
            let margin = (box.y1 - box.y0) * thresholds.furnitureMargin
            var order: [Int] = []
            var seen: Set<Int> = []
            for run in glyphs.runs {
                let f = run.markedContent >= 0 && Int(run.markedContent) < facts.count ? facts[Int(run.markedContent)] : Facts()
                let element = f.artifact ? nil : f.mcid.flatMap { owners[$0] }
                let language = f.lang ?? element.flatMap { tree.language(of: $0) } ?? catalogLang
                let primary = language.map { String($0.split(separator: "-").first ?? "").lowercased() }
                for g in run.glyphs {
                    let glyph = glyphs.glyphs[Int(g)]
                    let b = glyph.quad.bounds
                    var blank = true
                    for s in glyph.text { let v = glyphs.scalars[Int(s)]; if !v.properties.isWhitespace { blank = false } }
                    if f.artifact {
                        let mid = (b.y0 + b.y1) / 2
                        if !f.furniture, !blank, mid > box.y0 + margin, mid < box.y1 - margin {
                            let old = scan.artifactBody[page.index]
                            scan.artifactBody[page.index] = ((old?.count ?? 0) + 1, old.map { $0.box.union(b) } ?? b)
                        }
                        continue
                    }
                    if let e = element {
                        scan.glyphs[e, default: 0] += 1
                        if !blank { scan.letters[e, default: 0] += 1 }
                        if (scan.text[e]?.unicodeScalars.count ?? 0) < 400 {
                            var t = scan.text[e] ?? ""
                            for s in glyph.text { t.unicodeScalars.append(glyphs.scalars[Int(s)]) }
                            scan.text[e] = t
                        }
                    }
                    if let primary, !primary.isEmpty {
                        for s in glyph.text {
                            if let sc = script(glyphs.scalars[Int(s)]) { scan.scripts[primary, default: [:]][sc, default: 0] += 1 }
                        }
                        if scan.languageExample[primary] == nil { scan.languageExample[primary] = (page.index, b) }
                    }
                }
            }
            // the page's MCIDs in the order our geometry reads them.
            var layoutOptions = LayoutOptions()
            layoutOptions.readingOrder = .geometry
            let layout = analyzeLayout(glyphs, options: layoutOptions)
            for c in layout.characters where !c.isSynthesized {
                let g = glyphs.glyphs[Int(c.glyph)]
                let run = glyphs.runs[Int(g.run)]
                guard run.markedContent >= 0, Int(run.markedContent) < facts.count else { continue }
                let f = facts[Int(run.markedContent)]
                if !f.artifact, let m = f.mcid, owners[m] != nil, seen.insert(m).inserted { order.append(m) }
            }
            scan.visualOrder[page.index] = order
        }
        return scan
    }

    /// from one pass over the glyphs.
    static let scanned = AuditCheck(["Q-1", "Q-2", "Q-3", "Q-7", "Q-8"]) { ctx in
        let t = ctx.options.quality
        let s = scan(ctx)
        let tree = ctx.tree
        for page in ctx.document.pages {
            ctx.checked("Q-1")
            if let a = s.artifactBody[page.index], a.count >= t.artifactBodyGlyphs {
                ctx.fail("Q-1", "Page \(page.index + 1) has \(a.count) characters of text marked as an artifact away from its header and footer. If this is body text, tag it: a screen reader skips artifacts.",
                         at: AuditLocation(pageIndex: page.index, bbox: a.box), evidence: [.init("characters", String(a.count))])
            }
        }
        for (i, e) in tree.elements.enumerated() {
            guard let type = e.standardType else { continue }
            let glyphs = s.glyphs[i] ?? 0, letters = s.letters[i] ?? 0
            if textTypes.contains(type), glyphs > 0 {
                ctx.checked("Q-2")
                let hasElementKids = e.kids.contains { if case .element = $0 { true } else { false } }
                if letters == 0 && !hasElementKids {
                    ctx.fail("Q-2", "This \(type) holds only whitespace. Remove the empty tag, or mark the spaces as an artifact.", at: tree.location(of: i))
                }
            }
            if textTypes.contains(type), type != "Link", letters > 0 {
                ctx.checked("Q-3")
                if let alt = e.alt, !alt.isEmpty {
                    ctx.fail("Q-3", "This \(type) has /Alt (\"\(alt.prefix(60))\"), so screen readers read the Alt instead of its \(letters) characters of text. Remove /Alt, or use /ActualText when the text needs replacing.",
                             at: tree.location(of: i), evidence: [.init("Alt", String(alt.prefix(80)))])
                }
            }
            if type == "Link" {
                // The link's words: its own content and its kids' (Span, …).
                var text = s.text[i] ?? ""
                var stack = e.kids.compactMap { k -> Int? in if case .element(let c) = k { c } else { nil } }
                var steps = 0
                while let k = stack.popLast(), steps < 64 {
                    steps += 1
                    text += s.text[k] ?? ""
                    stack += tree.elements[k].kids.compactMap { if case .element(let c) = $0 { c } else { nil } }
                }
                let words = text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).joined(separator: " ").lowercased()
                guard !words.isEmpty else { continue }
                ctx.checked("Q-7")
                if let why = vagueLink(text) {
                    ctx.fail("Q-7", "A link reads \"\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60))\", \(why). Make the link text say where it goes (\"Annual report 2024\").",
                             at: tree.location(of: i), evidence: [.init("text", String(text.prefix(80)))])
                }
            }
        }
        for (language, counts) in s.scripts.sorted(by: { $0.key < $1.key }) {
            guard let expected = scripts(ofLanguage: language) else { continue }
            let total = counts.values.reduce(0, +)
            guard total >= t.minimumLetters else { continue }
            ctx.checked("Q-8")
            let matching = counts.filter { expected.contains($0.key) }.values.reduce(0, +)
            if Double(matching) / Double(total) < t.scriptShare {
                let main = counts.max { $0.value < $1.value }?.key.rawValue ?? "?"
                let example = s.languageExample[language]
                ctx.fail("Q-8", "Text declared as \"\(language)\" is mostly in \(main) script (\(total - matching) of \(total) letters). Set /Lang to the language the text is in, on the catalog or on the elements that differ.",
                         at: AuditLocation(pageIndex: example?.page, bbox: example?.box), evidence: [.init("Lang", language), .init("script", main)])
            }
        }
    }

    /// Why a link's text says nothing about its target, or nil.
    static func vagueLink(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("www.") || lower.hasPrefix("ftp://"),
           !trimmed.contains(" ") {
            return "a bare address a screen reader spells out"
        }
        let words = lower.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).joined(separator: " ")
        let vague: Set<String> = ["click here", "here", "click", "more", "read more", "link", "this link", "click this link",
                                  "learn more", "more info", "details", "go", "this", "continue"]
        return vague.contains(words) ? "which says nothing about where it goes" : nil
    }

    /// heading levels in structure order: the first is H1 (or Title), and no level is
    /// more than one deeper than the one before.
    static let headingOrder = AuditCheck(["Q-4"]) { ctx in
        let tree = ctx.tree
        var previous: Int?
        for (i, e) in tree.elements.enumerated() {
            guard let type = e.standardType, type.count >= 2, type.first == "H", let level = Int(type.dropFirst()), level >= 1 else { continue }
            ctx.checked("Q-4")
            let expected = (previous ?? 0) + 1
            if level > expected {
                let message = previous == nil
                    ? "The first heading is H\(level), not H1. Start the outline at H1 so that screen-reader users know where the document begins."
                    : "H\(level) follows H\(previous!): level \(expected) is skipped. Use H\(expected) here, or fix the level of the heading before."
                ctx.fail("Q-4", message, at: tree.location(of: i), evidence: [.init("previous", previous.map { "H\($0)" } ?? "none")])
            }
            previous = level
        }
    }

    /// every table has at least one TH.
    static let tableHeaders = AuditCheck(["Q-5"]) { ctx in
        let tree = ctx.tree
        for (i, e) in tree.elements.enumerated() where e.standardType == "Table" {
            ctx.checked("Q-5")
            var stack = e.kids.compactMap { k -> Int? in if case .element(let c) = k { c } else { nil } }
            var found = false
            var steps = 0
            while !found, let k = stack.popLast(), steps <= tree.elements.count {
                steps += 1
                if tree.elements[k].standardType == "TH" { found = true; break }
                if tree.elements[k].standardType == "Table" { continue }
                stack += tree.elements[k].kids.compactMap { if case .element(let c) = $0 { c } else { nil } }
            }
            if !found {
                ctx.fail("Q-5", "This table has no header cells. Tag the cells that label rows or columns as TH (with /Scope), so that screen readers can announce them.",
                         at: tree.location(of: i))
            }
        }
    }

    /// per page, the structure tree's order of marked content against the order our
    /// layout reads it in: the share of pairs in opposite order (Kendall distance).
    static let readingOrder = AuditCheck(["Q-6"]) { ctx in
        let t = ctx.options.quality
        let s = scan(ctx)
        let tree = ctx.tree
        var structure: [Int: [Int]] = [:]
        for e in tree.elements {
            for k in e.kids { if case .markedContent(let page?, let mcid, nil) = k { structure[page, default: []].append(mcid) } }
        }
        for page in ctx.document.pages {
            let visual = s.visualOrder[page.index] ?? []
            let tagged = structure[page.index] ?? []
            var rank: [Int: Int] = [:]
            for (r, m) in tagged.enumerated() where rank[m] == nil { rank[m] = r }
            let ranks = visual.compactMap { rank[$0] }.prefix(t.maximumOrderedItems)
            guard ranks.count >= t.minimumOrderedItems else { continue }
            ctx.checked("Q-6")
            var discordant = 0, pairs = 0
            let r = Array(ranks)
            for a in 0..<r.count { for b in (a + 1)..<r.count { pairs += 1; if r[a] > r[b] { discordant += 1 } } }
            let share = Double(discordant) / Double(max(1, pairs))
            if share > t.orderDisagreement {
                ctx.fail("Q-6", "On page \(page.index + 1) the structure tree reads the content in an order far from how the page reads (\(Int((share * 100).rounded()))% of pairs reversed). Reorder the structure elements to follow the visual reading order.",
                         at: AuditLocation(pageIndex: page.index), evidence: [.init("reversed pairs", "\(discordant) of \(pairs)")])
            }
        }
    }
}


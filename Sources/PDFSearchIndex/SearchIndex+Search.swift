import Foundation
import GRDB
import PDFCore
import PDFSearch

extension SearchIndex {
    /// One matched passage on a hit's page: consecutive matched terms (a phrase) together.
    public struct Match: Sendable, Hashable {
        /// Unicode-scalar offsets into the page string.
        public var range: Range<Int>
        /// The same in UTF-16 units: PDFKit's indices, for `PDFPage.selection(for:)`.
        public var utf16Range: Range<Int>
        public var text: String
        /// Display-space boxes (points, top-left origin), one per line the match lies on.
        public var boxes: [Rect]
    }

    /// A page that matches a query.
    public struct Hit: Sendable {
        public var file: String
        public var sha256: String
        public var page: Int
        public var label: String?
        public var language: String?
        /// bm25 relevance, higher is better (FTS5's bm25 negated).
        public var score: Double
        public var width: Double
        public var height: Double
        /// The page string.
        public var text: String
        public var matches: [Match]
        /// The page from which the hit's file was cut or left out of the index (its term or
        /// character limit, ``SearchIndex/FileLimits``); nil when it is indexed whole.
        public var truncatedFromPage: Int? = nil

        /// A passage of the page around the first match, at most `length` characters, on
        /// one line, with every match in it between `markStart` and `markEnd`, and "…"
        /// where the page text was cut.
        /// True when the white space run at `k` lies between two characters that are
        /// written without spaces (Han, kana).
        static func joinsWithoutSpace(_ scalars: [Unicode.Scalar], around k: Int) -> Bool {
            var a = k - 1, b = k + 1
            while a >= 0, scalars[a].properties.isWhitespace { a -= 1 }
            while b < scalars.count, scalars[b].properties.isWhitespace { b += 1 }
            guard a >= 0, b < scalars.count else { return false }
            func cjk(_ s: Unicode.Scalar) -> Bool {
                IndexTerm.isSingleCharacterScript(s) || (0x3000...0x303F).contains(s.value) || (0xFF00...0xFF0F).contains(s.value)
            }
            return cjk(scalars[a]) && cjk(scalars[b])
        }

        /// With `escapingControls`, control and bidirectional formatting characters of the
        /// page text are written as `ControlEscaping` escapes (for a terminal); the marks are
        /// written as given.
        public func snippet(length: Int = 160, markStart: String = "[", markEnd: String = "]",
                            escapingControls: Bool = false) -> String {
            let scalars = Array(text.unicodeScalars)
            guard !scalars.isEmpty else { return "" }
            let first = matches.first?.range ?? 0..<0
            var lo = max(0, first.lowerBound - length / 3)
            var hi = min(scalars.count, lo + length)
            if hi == scalars.count { lo = max(0, hi - length) }
            // Cut at spaces, not inside words.
            if lo > 0 {
                var k = lo
                while k < first.lowerBound, !scalars[k].properties.isWhitespace { k += 1 }
                if k < first.lowerBound { lo = k + 1 }
            }
            if hi < scalars.count {
                var k = hi
                while k > max(lo, first.upperBound), !scalars[k - 1].properties.isWhitespace { k -= 1 }
                if k > max(lo, first.upperBound) { hi = k - 1 }
            }
            var out = String.UnicodeScalarView()
            if lo > 0 { out.append(contentsOf: "…".unicodeScalars) }
            let marks = matches.map(\.range).filter { $0.lowerBound >= lo && $0.upperBound <= hi }
            var starts = Set(marks.map(\.lowerBound)), ends: [Int: Int] = [:]
            for m in marks { ends[m.upperBound, default: 0] += 1 }
            var lastWasSpace = false
            for k in lo..<hi {
                if starts.contains(k) { out.append(contentsOf: markStart.unicodeScalars); starts.remove(k) }
                let c = scalars[k]
                let space = c.properties.isWhitespace
                if space {
                    // Runs of white space become one space, and none between two Chinese or
                    // Japanese characters (a line break inside a paragraph).
                    if !lastWasSpace && !Self.joinsWithoutSpace(scalars, around: k) { out.append(" ") }
                } else if escapingControls && ControlEscaping.needsEscape(c) {
                    out.append(contentsOf: ControlEscaping.escape(c).unicodeScalars)
                } else {
                    out.append(c)
                }
                lastWasSpace = space
                if let n = ends[k + 1] { for _ in 0..<n { out.append(contentsOf: markEnd.unicodeScalars) } }
            }
            if hi < scalars.count { out.append(contentsOf: "…".unicodeScalars) }
            return String(out)
        }
    }

    /// Search results: the hits asked for, and how many pages match in all.
    public struct Results: Sendable {
        public var query: SearchQuery
        public var total: Int
        public var hits: [Hit]
    }

    /// Which pages a search looks at.
    public struct Filter: Sendable, Hashable {
        /// Only files whose absolute path is this folder's descendant (or this file).
        public var under: String?
        /// Only pages whose language is this one or a variant of it (`en` takes `en-GB`).
        public var language: String?
        public init(under: String? = nil, language: String? = nil) {
            self.under = under
            self.language = language
        }

        /// SQL conditions on the `pages` table and their arguments.
        var sql: (String, [DatabaseValueConvertible]) {
            var clauses = "", args: [DatabaseValueConvertible] = []
            if var u = under {
                while u.count > 1 && u.hasSuffix("/") { u.removeLast() }
                clauses += " AND (file = ? OR substr(file, 1, ?) = ?)"
                let folder = u == "/" ? "/" : u + "/"
                args += [u, folder.unicodeScalars.count, folder]  // substr counts characters
            }
            if let l = language {
                clauses += " AND (lower(language) = lower(?) OR lower(language) LIKE lower(?) || '-%')"
                args += [l, l]
            }
            return (clauses, args)
        }
    }

    /// Pages matching `query` (``SearchQuery`` syntax), best first by bm25.
    public func search(_ query: String, limit: Int = 20, offset: Int = 0, filter: Filter = Filter()) throws -> Results {
        let q = try SearchQuery(query, tokenizer: tokenizer)
        return try search(q, limit: limit, offset: offset, filter: filter)
    }

    public func search(_ query: SearchQuery, limit: Int = 20, offset: Int = 0, filter: Filter = Filter()) throws -> Results {
        let expression = query.ftsExpression
        let (clauses, extra) = filter.sql
        return try db.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM pages WHERE pages MATCH ?" + clauses,
                                         arguments: StatementArguments([expression] + extra)) ?? 0
            let ranked = try Row.fetchAll(db, sql: """
                SELECT rowid, bm25(pages) AS score FROM pages WHERE pages MATCH ?\(clauses)
                ORDER BY score, rowid LIMIT ? OFFSET ?
                """, arguments: StatementArguments([expression] + extra + [max(0, limit), max(0, offset)]))
            var hits: [Hit] = []
            for r in ranked {
                let rowid: Int64 = r[0]
                let score: Double = r[1]
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT file, sha256, page, label, language, text, highlight(pages, 0, char(2), char(3))
                    FROM pages WHERE pages MATCH ? AND rowid = ?
                    """, arguments: [expression, rowid]) else { continue }
                let words = try Row.fetchOne(db, sql: "SELECT width, height, boxes FROM words WHERE id = ?", arguments: [rowid])
                let entries = TermBoxes.decode([UInt8]((words?[2] as Data?) ?? Data()))
                let text: String = row[5]
                let marked = Self.markedTermRuns(row[6] as String)
                let truncated = recordsTruncation
                    ? try Int.fetchOne(db, sql: "SELECT truncated FROM documents WHERE id = ?", arguments: [rowid >> 20]) : nil
                hits.append(Hit(file: row[0], sha256: row[1], page: row[2], label: row[3], language: row[4],
                                score: -score, width: words?[0] ?? 0, height: words?[1] ?? 0, text: text,
                                matches: Self.matches(marked, entries: entries, text: text), truncatedFromPage: truncated))
            }
            return Results(query: query, total: total, hits: hits)
        }
    }

    /// Runs of term ordinals that `highlight()` marked (between U+0002 and U+0003) in a
    /// `terms` value, where terms are separated by single spaces. Ordinals count our terms
    /// (the space-separated runs), so a mark that starts inside one (should SQLite's
    /// tokenizer ever split a term ours keeps whole) still belongs to that term.
    public static func markedTermRuns(_ highlighted: String) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var ordinal = -1
        var inMark = false
        var inTerm = false
        var runStart: Int? = nil
        for c in highlighted.unicodeScalars {
            switch c {
            case "\u{2}":
                inMark = true
                runStart = inTerm ? ordinal : nil
            case "\u{3}":
                inMark = false
                if let s = runStart, ordinal >= s { runs.append(s...ordinal) }
                runStart = nil
            case " ":
                inTerm = false
            default:
                if !inTerm {
                    inTerm = true
                    ordinal += 1
                    if inMark && runStart == nil { runStart = ordinal }
                }
            }
        }
        return runs
    }

    /// Matches from marked term runs: the run's characters, and its terms' boxes joined
    /// where they share a line.
    static func matches(_ runs: [ClosedRange<Int>], entries: [TermBoxes.Entry], text: String) -> [Match] {
        guard !runs.isEmpty else { return [] }
        var byTerm: [Int: [TermBoxes.Entry]] = [:]
        let wanted = Set(runs.flatMap { Array($0) })
        for e in entries where wanted.contains(e.term) { byTerm[e.term, default: []].append(e) }
        let scalars = Array(text.unicodeScalars)
        var out: [Match] = []
        for run in runs {
            let es = run.flatMap { byTerm[$0] ?? [] }
            guard let lo = es.map(\.range.lowerBound).min(), let hi = es.map(\.range.upperBound).max() else { continue }
            var boxes: [Rect] = []
            for e in es {
                if let last = boxes.last, Self.sameLine(last, e.box) {
                    boxes[boxes.count - 1] = Rect(x0: min(last.x0, e.box.x0), y0: min(last.y0, e.box.y0),
                                                  x1: max(last.x1, e.box.x1), y1: max(last.y1, e.box.y1))
                } else {
                    boxes.append(e.box)
                }
            }
            let a = min(lo, scalars.count), b = min(max(a, hi), scalars.count)
            out.append(Match(range: a..<b, utf16Range: SearchablePage.utf16Range(a..<b, in: scalars),
                             text: String(String.UnicodeScalarView(scalars[a..<b])), boxes: boxes))
        }
        return out
    }

    /// True when two boxes overlap vertically by at least half the smaller height.
    static func sameLine(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
        return overlap >= 0.5 * min(a.height, b.height) && overlap > 0
    }
}

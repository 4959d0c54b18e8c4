import PDFCore
import PDFGlyphs

/// Tables of contents, indexes and price lists: an entry, a leader (dots, an ellipsis, a
/// rule of underscores, or only white space) and a number set flush right. Each entry is read
/// with its number, as one line.
extension LineFinder {
    /// What a segment's text is, for leader pairing.
    enum LeaderRole { case number, leader, endsWithLeader, leaderThenNumber, other }

    /// The segment's text without white space.
    func compactScalars(_ seg: Segment) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for i in seg.items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            for s in page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)] where !s.isLayoutWhitespace {
                scalars.append(s)
            }
        }
        return scalars
    }

    static func isLeaderScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E, 0x5F, 0xB7, 0x2024, 0x2025, 0x2026, 0x2219, 0x22C5, 0x2027: return true
        default: return false
        }
    }

    /// A page number or a price: digits with separators ("12", "101–103", "2.50", "€ 3,90"),
    /// or a roman numeral ("xiv").
    static func isNumberLike(_ s: [Unicode.Scalar]) -> Bool {
        guard !s.isEmpty, s.count <= LayoutConstants.numberLikeMaxLength else { return false }
        if s.count <= LayoutConstants.romanNumeralMaxLength && s.allSatisfy({ isRomanNumeralLetter($0) }) { return true }
        var digits = 0
        for c in s {
            if c.isDecimalDigit { digits += 1; continue }
            if isNumberSeparatorOrCurrency(c) { continue }
            return false
        }
        return digits >= 1
    }

    /// What a number-like text holds besides digits: . , : - / – — and currency symbols.
    static func isNumberSeparatorOrCurrency(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x2E, 0x2C, 0x3A, 0x2D, 0x2F, 0x2013, 0x2014: return true
        default: return c.properties.generalCategory == .currencySymbol
        }
    }

    /// One of the letters of roman numerals, in either case.
    static func isRomanNumeralLetter(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x69, 0x76, 0x78, 0x6C, 0x63, 0x64, 0x6D, 0x49, 0x56, 0x58, 0x4C, 0x43, 0x44, 0x4D: return true
        default: return false
        }
    }

    /// An appendix's section number: a capital letter, then numbers after full stops ("A.2",
    /// "B.1.3").
    static func isAppendixNumber(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count >= LayoutConstants.appendixNumberMinLength, s.count <= LayoutConstants.numberLikeMaxLength, let first = s.first, first.isASCII, first.properties.isUppercase,
              s[1] == ".", s.dropFirst().allSatisfy({ $0 == "." || $0.isDecimalDigit }),
              s.contains(where: { $0.isDecimalDigit }) else { return false }
        return true
    }

    /// Whether `leaderScan` can find a leader or a number at the segment's end: its last
    /// character that is not white space is a leader character or one a number-like text
    /// can end with. When it cannot, both `leaderRole` (`.other`) and `isLeaderLine`
    /// (false) are known without the scan, which most lines of running text need not make.
    func mayEndWithLeaderOrNumber(_ seg: Segment) -> Bool {
        let scalars = page.scalars
        for i in seg.items.reversed() {
            let text = page.glyphs[Int(items[Int(i)].glyph)].text
            for k in stride(from: Int(text.upperBound) - 1, through: Int(text.lowerBound), by: -1) {
                let c = scalars[k]
                if c.isLayoutWhitespace { continue }
                return Self.isLeaderScalar(c) || c.isDecimalDigit || Self.isRomanNumeralLetter(c)
                    || Self.isNumberSeparatorOrCurrency(c)
            }
        }
        return true
    }

    func leaderRole(_ seg: Segment) -> LeaderRole {
        guard mayEndWithLeaderOrNumber(seg) else { return .other }
        let (tail, run, rest) = leaderScan(seg)
        if run == 0 { return rest == 0 && Self.isNumberLike(tail.reversed()) ? .number : .other }
        if rest == 0 && tail.isEmpty { return .leader }
        if rest == 0 && run >= LayoutConstants.leaderMinLength && Self.isNumberLike(tail.reversed()) { return .leaderThenNumber }
        return run >= LayoutConstants.leaderMinLength && tail.isEmpty ? .endsWithLeader : .other
    }

    /// Whether the segment is a whole leader line: text, a leader of three dots or more (or an
    /// ellipsis), and a number at the end ("Contents . . . . 233", "Espresso … 2.50").
    func isLeaderLine(_ seg: Segment) -> Bool {
        guard mayEndWithLeaderOrNumber(seg) else { return false }
        let (tail, run, rest) = leaderScan(seg)
        return rest > 0 && run >= LayoutConstants.leaderMinLength && Self.isNumberLike(tail.reversed())
    }

    /// Reads a segment from its end: a number (at most 12 characters, last character first),
    /// then a run of leader characters (`run`, an ellipsis counting three), then whether any
    /// other text comes before (`rest`: 0 or 1). A long segment is read no further than that.
    func leaderScan(_ seg: Segment) -> (tail: [Unicode.Scalar], run: Int, rest: Int) {
        var tail: [Unicode.Scalar] = []
        tail.reserveCapacity(14)
        var run = 0
        var rest = 0
        var inTail = true
        let scalars = page.scalars
        scan: for i in seg.items.reversed() {
            let text = page.glyphs[Int(items[Int(i)].glyph)].text
            // (By index: a slice of the page's scalars per glyph costs a retain and a release.)
            for k in stride(from: Int(text.upperBound) - 1, through: Int(text.lowerBound), by: -1) {
                let c = scalars[k]
                if c.isLayoutWhitespace { continue }
                if Self.isLeaderScalar(c) && !(inTail && !tail.isEmpty && c.value != 0x2026 && run == 0 && Self.continuesNumber(tail)) {
                    inTail = false
                    run += c.value == 0x2026 ? 3 : 1
                    continue
                }
                if inTail && tail.count <= LayoutConstants.numberLikeMaxLength { tail.append(c); continue }
                rest += 1
                break scan
            }
        }
        // A full stop before a digit was read as part of the number ("2.50"); with a leader
        // before it and a whole number after it, it is the leader's last dot.
        if run > 0 && tail.count >= 2 && tail.last == "." { tail.removeLast(); run += 1 }
        return (tail, run, rest)
    }

    /// Whether a full stop just before `tail` (the number read so far, last character first)
    /// belongs to the number ("2.50") rather than to a leader: it does when a digit follows it.
    static func continuesNumber(_ tail: [Unicode.Scalar]) -> Bool {
        guard let next = tail.last else { return false }
        return next.isDecimalDigit && tail.count < LayoutConstants.numberLikeMaxLength
    }

    /// Joins each number set flush right to the entry on its left, across the leader between
    /// them. `rows[r]` lists the segments of one row, left to right. A number joins when a
    /// leader shows the pairing (a segment of dots between, or an entry ending in dots), or
    /// when it ends at the same x as such a number or a whole leader line (even when only
    /// numbers follow it on the row: the next column of an index); or, with white space only,
    /// when at least
    /// `leaderMinimumRows` such numbers end at the same x
    /// (within `leaderAlignment` em) and their column, up to `leaderColumnWindow` em above and
    /// below, holds few other segments (`leaderColumnClutter` per number): a column of text
    /// with a few short numeric lines is not a column of page numbers.
    func joinLeaderRows(_ segs: [Segment], rows: [[Int]]) -> [Segment] {
        guard options.joinsLeaders else { return segs }
        var role = LeaderRoles(finder: self, segs: segs)
        let (pairs, sections) = leaderPairs(segs, rows: rows, role: &role)
        guard !pairs.isEmpty || !sections.isEmpty else { return segs }
        let accepted = acceptedLeaderPairs(pairs, segs, rows: rows, role: &role)
        // Join: the entry absorbs any leaders and the number.
        var out = segs
        var removed = [Bool](repeating: false, count: segs.count)
        for (n, p) in pairs.enumerated() where accepted[n] {
            let row = rows[p.row]
            let head = row[p.first]
            guard !removed[head] else { continue }
            for q in (p.first + 1)...p.number where !removed[row[q]] {
                out[head].absorb(out[row[q]], items: items)
                removed[row[q]] = true
            }
        }
        // Each section number takes its entry's whole line; before an entry without a leader,
        // only when the entry took its page number.
        let paired = Set(pairs.indices.filter { accepted[$0] }.map { rows[pairs[$0].row][pairs[$0].first] })
        for (r, p) in sections {
            let number = rows[r][p], entry = rows[r][p + 1]
            guard !removed[number], !removed[entry] else { continue }
            if role(entry) == .other && !isLeaderLine(segs[entry]) && p + 2 < rows[r].count
                && role(rows[r][p + 2]) == .number && !paired.contains(entry) { continue }
            out[number].absorb(out[entry], items: items)
            removed[entry] = true
        }
        return out.indices.filter { !removed[$0] }.map { out[$0] }
    }

    /// The roles of segments for `joinLeaderRows` (`leaderRole`), each worked out once.
    struct LeaderRoles {
        let finder: LineFinder
        let segs: [Segment]
        var known: [Int: LeaderRole] = [:]

        mutating func callAsFunction(_ k: Int) -> LeaderRole {
            if let r = known[k] { return r }
            let r = finder.leaderRole(segs[k]); known[k] = r; return r
        }
    }

    /// A page number and the entry on its left in one row (positions in the row), whether a
    /// leader shows the pairing, and whether the number may be a table's cell instead.
    struct LeaderPair { var row: Int; var first: Int; var number: Int; var dotted: Bool; var cellLike: Bool }

    // A section number set apart from its entry ("3.1", a wide gap, "Definitionen . . . 6"):
    // a number or an appendix's number ("A.2"), not after a leader nor ending in a comma (a
    // list of page numbers), at most
    // `leaderSectionNumberGap` em before a leader line or an entry whose leader follows.
    func sectionNumber(_ row: [Int], _ p: Int, _ segs: [Segment], role: inout LeaderRoles) -> Bool {
        guard p + 1 < row.count, role(row[p]) == .number || role(row[p]) == .other else { return false }
        if p > 0 && (role(row[p - 1]) == .leader || role(row[p - 1]) == .endsWithLeader) { return false }
        let s = segs[row[p]], next = segs[row[p + 1]]
        guard next.x0 - s.x1 <= options.leaderSectionNumberGap * max(s.size, next.size), s.items.count <= LayoutConstants.numberLikeMaxLength else { return false }
        let text = compactScalars(s)
        guard text.last != ",", role(row[p]) == .number || Self.isAppendixNumber(text) else { return false }
        switch role(row[p + 1]) {
        case .endsWithLeader: return true
        case .other:
            if isLeaderLine(next) { return true }
            guard p + 2 < row.count else { return false }
            // (An entry and a number without a leader: a chapter's entry, whose number
            // joins it below only when it pairs with the entry.)
            return role(row[p + 2]) == .leader || role(row[p + 2]) == .leaderThenNumber
                || role(row[p + 2]) == .number
        default: return false
        }
    }

    /// The numbers of `rows` that may pair with the entry on their left (`joinLeaderRows`),
    /// and the section numbers set apart from their entries (row, position).
    func leaderPairs(_ segs: [Segment], rows: [[Int]], role: inout LeaderRoles)
        -> (pairs: [LeaderPair], sections: [(row: Int, at: Int)]) {
    var sections: [(row: Int, at: Int)] = []
    // Per row: the runs to join (first…last position in the row).
    var pairs: [LeaderPair] = []
    for (r, row) in rows.enumerated() where row.count >= 2 {
        let firstSection = sections.count
        for p in 0..<(row.count - 1) where sectionNumber(row, p, segs, role: &role) { sections.append((r, p)) }
        for p in 1..<row.count where role(row[p]) == .number || role(row[p]) == .leaderThenNumber {
            // A section number is not the page number of the entry on its left.
            if sections[firstSection...].contains(where: { $0.at == p }) { continue }
            var q = p - 1
            var dotted = role(row[p]) == .leaderThenNumber
            while q > 0 && role(row[q]) == .leader { q -= 1; dotted = true }
            let entry = role(row[q])
            if entry == .number { continue }
            if entry == .leader { continue }   // dots alone, no entry
            if entry == .endsWithLeader { dotted = true }
            // A number followed by numbers only may be a table's cell rather than a page
            // number (a number followed by a number and text is not: the next column's
            // section number). A leader before it settles it; without one, it pairs only in
            // a column of numbers that leader lines show to be page numbers (an index
            // whose next column holds page numbers carried over from its last entry).
            // Numbers of cells set close together may come as one piece ("117.93 1061.37":
            // a digit at both ends).
            func numbers(_ k: Int) -> Bool {
                role(k) == .number || (edgeIsDigit(segs[k], last: false) && edgeIsDigit(segs[k], last: true))
            }
            let cellLike = p + 1 < row.count && numbers(row[p + 1])
                && (p + 2 >= row.count || numbers(row[p + 2]))
            pairs.append(LeaderPair(row: r, first: q, number: p, dotted: dotted, cellLike: cellLike && !dotted))
        }
    }
        return (pairs, sections)
    }

    /// Which pairs join: those a leader shows, those in a column of numbers ending where
    /// leader lines end, and numbers without a leader in right-aligned columns of
    /// `leaderMinimumRows` or more that hold little else (`leaderColumnClutter`).
    func acceptedLeaderPairs(_ pairs: [LeaderPair], _ segs: [Segment], rows: [[Int]],
                             role: inout LeaderRoles) -> [Bool] {
    // Numbers without a leader: right-aligned columns of them.
    var accepted = [Bool](repeating: false, count: pairs.count)
    for (n, p) in pairs.enumerated() where p.dotted { accepted[n] = true }
    // Columns of numbers by right edge: all pairs, so that a number without a leader that
    // ends where the leader lines' numbers end (a chapter's entry) joins as they do.
    let byEdge = pairs.indices.sorted {
        let a = segs[rows[pairs[$0].row][pairs[$0].number]].x1, b = segs[rows[pairs[$1].row][pairs[$1].number]].x1
        return a != b ? a < b : $0 < $1
    }
    // Whole leader lines (entry, leader and number in one segment) show where page numbers
    // end too.
    let leaderEdges = rows.joined().filter { isLeaderLine(segs[$0]) }.map { segs[$0].x1 }.sorted()
    func leaderLineEnds(from lo: Double, to hi: Double) -> Bool {
        var a = 0, b = leaderEdges.count
        while a < b {
            let mid = (a + b) / 2
            if leaderEdges[mid] < lo { a = mid + 1 } else { b = mid }
        }
        return a < leaderEdges.count && leaderEdges[a] <= hi
    }
    var start = 0
    while start < byEdge.count {
        var end = start + 1
        func x1(_ n: Int) -> Double { segs[rows[pairs[byEdge[n]].row][pairs[byEdge[n]].number]].x1 }
        func size(_ n: Int) -> Double { segs[rows[pairs[byEdge[n]].row][pairs[byEdge[n]].number]].size }
        while end < byEdge.count && x1(end) - x1(start) <= options.leaderAlignment * size(start) { end += 1 }
        var cluster = Array(byEdge[start..<end])
        let unit = size(start)
        let reachEdge = options.leaderAlignment * unit
        let dottedEdge = leaderLineEnds(from: x1(start) - reachEdge, to: x1(end - 1) + reachEdge)
        start = end
        if dottedEdge || cluster.contains(where: { pairs[$0].dotted }) {
            for n in cluster { accepted[n] = true }
            continue
        }
        cluster.removeAll { pairs[$0].cellLike }
        guard cluster.count >= options.leaderMinimumRows else { continue }
        // The column's extent; what else stands in it.
        var cx0 = Double.infinity, cx1 = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
        var members = Set<Int>()
        for n in cluster {
            let s = segs[rows[pairs[n].row][pairs[n].number]]
            cx0 = min(cx0, s.x0); cx1 = max(cx1, s.x1); top = min(top, s.top); bottom = max(bottom, s.bottom)
            members.insert(rows[pairs[n].row][pairs[n].number])
        }
        // The column reaches `leaderColumnWindow` em above and below its numbers: a text
        // column goes on there, a column of page numbers does not.
        let reach = options.leaderColumnWindow * unit
        top -= reach; bottom += reach
        var others = 0
        for row in rows {
            for k in row where !members.contains(k) {
                let s = segs[k]
                guard s.bottom > top && s.top < bottom, overlap(s.x0, s.x1, cx0, cx1) > 0 else { continue }
                // A number of the column whose row did not pair still belongs to it.
                if role(k) == .number { continue }
                others += 1
            }
        }
        if Double(others) <= options.leaderColumnClutter * Double(cluster.count) {
            for n in cluster { accepted[n] = true }
        }
    }
        return accepted
    }
}

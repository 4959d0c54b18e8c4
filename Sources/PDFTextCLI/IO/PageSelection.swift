import ArgumentParser

/// A set of pages written as `1-3,7,10-` (1-based, inclusive; an open end runs to the last
/// page), combined with pdftotext's `-f`/`-l`.
package struct PageSelection: Sendable, Hashable {
    package var ranges: [ClosedRange<Int>]
    package var openEnd: Int?  // `N-`: from N to the last page

    package init(ranges: [ClosedRange<Int>] = [], openEnd: Int? = nil) {
        self.ranges = ranges; self.openEnd = openEnd
    }

    /// Parses `1-3,7,10-`. Throws a ValidationError naming the bad part.
    package init(parsing text: String) throws {
        var ranges: [ClosedRange<Int>] = []
        var openEnd: Int? = nil
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let p = part.trimmingCharacters(in: " ")
            guard !p.isEmpty else { throw ValidationError("empty page range in \"\(text)\"") }
            if let dash = p.firstIndex(of: "-") {
                let a = p[..<dash], b = p[p.index(after: dash)...]
                guard let first = Int(a), first >= 1 else { throw ValidationError("bad page range \"\(p)\"") }
                if b.isEmpty {
                    openEnd = min(openEnd ?? first, first)
                } else {
                    guard let last = Int(b), last >= first else { throw ValidationError("bad page range \"\(p)\"") }
                    ranges.append(first...last)
                }
            } else {
                guard let n = Int(p), n >= 1 else { throw ValidationError("bad page number \"\(p)\"") }
                ranges.append(n...n)
            }
        }
        self.init(ranges: ranges, openEnd: openEnd)
    }

    /// The selected 1-based page numbers of a document with `count` pages, in order, each
    /// once. An empty selection means every page. `first`/`last` (pdftotext's -f/-l) narrow it.
    package func pages(count: Int, first: Int? = nil, last: Int? = nil) -> [Int] {
        let lo = max(1, first ?? 1), hi = min(count, last ?? count)
        guard lo <= hi else { return [] }
        if ranges.isEmpty && openEnd == nil { return Array(lo...hi) }
        var picked = [Bool](repeating: false, count: hi + 1)
        for r in ranges {
            let a = max(lo, r.lowerBound), b = min(hi, r.upperBound)
            if a <= b { for i in a...b { picked[i] = true } }
        }
        if let o = openEnd, max(lo, o) <= hi { for i in max(lo, o)...hi { picked[i] = true } }
        return (lo...hi).filter { picked[$0] }
    }
}

/// pdftotext's and pdfinfo's -f/-l, common to the subcommands that take pages.
package struct FirstLastOptions: ParsableArguments {
    @Option(name: [.customShort("f"), .customLong("first-page")], help: "First page (1-based).")
    package var firstPage: Int?

    @Option(name: [.customShort("l"), .customLong("last-page")], help: "Last page.")
    package var lastPage: Int?

    package init() {}

    package func validate() throws {
        if let f = firstPage, f < 1 { throw ValidationError("-f must be 1 or more") }
        if let l = lastPage, l < 1 { throw ValidationError("-l must be 1 or more") }
    }
}

extension StringProtocol {
    func trimmingCharacters(in c: Character) -> String {
        var s = Substring(self)
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}

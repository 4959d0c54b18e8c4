import Foundation
import PDFCore
import PDFGlyphs
import Synchronization

/// How far a document-level selection between two points reaches, as PDFKit's
/// `PDFSelectionGranularity`.
public enum PDFSelectionGranularity: UInt, Sendable { case character = 0, word = 1, line = 2 }

/// Text selected on one or more pages: per page, sorted and non-overlapping UTF-16 ranges
/// into the page's ``PDFPage/string``. Selections may be discontiguous.
///
/// As in PDFKit a selection is a reference type that `add`/`extend` change in place; use
/// ``copy()`` before changing one you were given. It is safe to use from several tasks.
public final class PDFSelection: Sendable, CustomStringConvertible {
    struct PageRanges: Sendable {
        let page: PDFPage
        var ranges: [Range<Int>]
    }
    private let state: Mutex<[PageRanges]>

    /// An empty selection (add to it with ``add(_:)-(PDFSelection)``).
    public init(document: PDFDocument) { state = Mutex([]) }

    init(page: PDFPage, ranges: [Range<Int>]) {
        state = Mutex([PageRanges(page: page, ranges: Self.normalized(ranges))].filter { !$0.ranges.isEmpty })
    }

    init(parts: [PageRanges]) { state = Mutex(Self.normalized(parts)) }

    var parts: [PageRanges] { state.withLock { $0 } }

    /// A selection with the same ranges that changes independently of this one.
    public func copy() -> PDFSelection { PDFSelection(parts: parts) }

    // MARK: Reading

    /// The pages the selection touches, in page order.
    public var pages: [PDFPage] { parts.map(\.page) }

    /// The selected text: the ranges of a page in order, separated by a line feed when they
    /// are not adjacent, and pages separated by a line feed. nil when empty.
    public var string: String? {
        let p = parts
        guard !p.isEmpty else { return nil }
        var pieces: [String] = []
        for part in p {
            guard let m = part.page.model else { continue }
            for r in part.ranges {
                guard let chars = m.characters(utf16: r) else { continue }
                pieces.append(m.substring(chars))
            }
        }
        return pieces.joined(separator: "\n")
    }

    /// The selected text with its styles (see ``PDFPage/attributedText``), joined as
    /// ``string`` is. nil when empty.
    public var attributedText: AttributedString? {
        let p = parts
        guard !p.isEmpty else { return nil }
        var out = AttributedString()
        var first = true
        for part in p {
            guard let m = part.page.model else { continue }
            let ranges = part.ranges.compactMap { m.characters(utf16: $0) }
            for piece in part.page.core.attributedText(page: part.page.pageIndex, model: m, ranges: ranges) {
                if !first { out += AttributedString("\n") }
                first = false
                out += piece
            }
        }
        return out
    }

    /// ``attributedText`` as PDFKit's type.
    public var attributedString: NSAttributedString? { attributedText?.nsAttributedString() }

    /// The union of the selected characters' boxes on `page` (page space); `.zero` when the
    /// selection has nothing there.
    public func bounds(for page: PDFPage) -> CGRect {
        guard let part = parts.first(where: { $0.page.isSame(as: page) }), let m = page.model else { return .zero }
        var box: Rect?
        for r in part.ranges {
            guard let chars = m.characters(utf16: r) else { continue }
            for c in chars {
                let b = m.quads[c].bounds
                if b.width <= 0 && b.height <= 0 { continue }
                box = box.map { Rect(x0: min($0.x0, b.x0), y0: min($0.y0, b.y0), x1: max($0.x1, b.x1), y1: max($0.y1, b.y1)) } ?? b
            }
        }
        return box.map { CGRect($0) } ?? .zero
    }

    /// One quadrilateral per line the selection covers on `page`, following the line's
    /// direction (rotated text gets rotated quads) — what a highlighter draws.
    public func quadrilaterals(on page: PDFPage) -> [Quad] {
        guard let part = parts.first(where: { $0.page.isSame(as: page) }), let m = page.model else { return [] }
        var out: [Quad] = []
        for r in part.ranges {
            guard let chars = m.characters(utf16: r) else { continue }
            out += m.lineQuads(chars)
        }
        return out
    }

    /// How many separate ranges the selection has on `page` (0 when none).
    public func numberOfTextRanges(on page: PDFPage) -> Int {
        parts.first(where: { $0.page.isSame(as: page) })?.ranges.count ?? 0
    }

    /// Range `index` on `page` in UTF-16 units; `NSRange(location: NSNotFound, length: 0)`
    /// when there is no such range.
    public func range(at index: Int, on page: PDFPage) -> NSRange {
        guard let part = parts.first(where: { $0.page.isSame(as: page) }), index >= 0, index < part.ranges.count else {
            return NSRange(location: NSNotFound, length: 0)
        }
        let r = part.ranges[index]
        return NSRange(location: r.lowerBound, length: r.count)
    }

    /// One selection per text line the selection covers, in order: the part of each line
    /// that is selected (line breaks between lines belong to none).
    public func selectionsByLine() -> [PDFSelection] {
        var out: [PDFSelection] = []
        for part in parts {
            guard let m = part.page.model else { continue }
            for r in part.ranges {
                guard let chars = m.characters(utf16: r) else { continue }
                var i = chars.lowerBound
                while i < chars.upperBound {
                    let line = m.lineOfCharacter[i]
                    var j = i + 1
                    while j < chars.upperBound, m.lineOfCharacter[j] == line { j += 1 }
                    if line >= 0 { out.append(PDFSelection(page: part.page, ranges: [m.utf16Range(i..<j)])) }
                    i = j
                }
            }
        }
        return out
    }

    // MARK: Changing

    /// Adds `selection`'s ranges; overlapping and adjacent ranges merge.
    public func add(_ selection: PDFSelection) { add([selection]) }

    /// Adds all of `selections`, merging once at the end (the fast path for many).
    public func add(_ selections: [PDFSelection]) {
        let extra = selections.flatMap { $0 === self ? [] : $0.parts }
        state.withLock { $0 = Self.normalized($0 + extra) }
    }

    /// Moves the end of the selection by `count` UTF-16 units (negative shrinks it),
    /// running onto the following pages when it passes the end of a page; the line break
    /// between two pages counts as no unit.
    public func extend(atEnd count: Int) {
        state.withLock { parts in
            guard var last = parts.popLast() else { return }
            let core = last.page.core
            var r = last.ranges.removeLast()
            if count < 0 {
                r = r.lowerBound..<max(r.lowerBound + 1, r.upperBound + count)
                last.ranges.append(r)
                parts.append(last)
                parts = Self.normalized(parts)
                return
            }
            var remaining = count
            let available = last.page.numberOfCharacters - r.upperBound
            let take = min(available, remaining)
            last.ranges.append(r.lowerBound..<(r.upperBound + take))
            remaining -= take
            parts.append(last)
            var index = last.page.pageIndex + 1
            while remaining > 0, let page = core.page(at: index, document: last.page.document) {
                let n = page.numberOfCharacters
                let take = min(n, remaining)
                if take > 0 { parts.append(PageRanges(page: page, ranges: [0..<take])) }
                remaining -= take
                index += 1
            }
            parts = Self.normalized(parts)
        }
    }

    /// Moves the start of the selection by `count` UTF-16 units towards the beginning
    /// (negative shrinks it), running onto the preceding pages.
    public func extend(atStart count: Int) {
        state.withLock { parts in
            guard !parts.isEmpty else { return }
            let core = parts[0].page.core
            var first = parts.removeFirst()
            var r = first.ranges.removeFirst()
            if count < 0 {
                r = min(r.upperBound - 1, r.lowerBound - count)..<r.upperBound
                first.ranges.insert(r, at: 0)
                parts.insert(first, at: 0)
                parts = Self.normalized(parts)
                return
            }
            var remaining = count
            let take = min(r.lowerBound, remaining)
            first.ranges.insert((r.lowerBound - take)..<r.upperBound, at: 0)
            remaining -= take
            parts.insert(first, at: 0)
            var index = first.page.pageIndex - 1
            while remaining > 0, index >= 0, let page = core.page(at: index, document: first.page.document) {
                let n = page.numberOfCharacters
                let take = min(n, remaining)
                if take > 0 { parts.insert(PageRanges(page: page, ranges: [(n - take)..<n]), at: 0) }
                remaining -= take
                index -= 1
            }
            parts = Self.normalized(parts)
        }
    }

    /// Grows the selection so that its first and last lines are wholly selected.
    public func extendForLineBoundaries() {
        state.withLock { parts in
            guard !parts.isEmpty else { return }
            let firstPage = parts[0].page, lastPage = parts[parts.count - 1].page
            if let m = firstPage.model, let r = parts[0].ranges.first, let c = m.character(atUTF16: r.lowerBound) {
                let start = m.lineBoundary(from: c, forward: true).map { m.lineRange($0).lowerBound } ?? c
                parts[0].ranges[0] = Int(m.utf16Start[min(start, c)])..<r.upperBound
            }
            let li = parts.count - 1
            if let m = lastPage.model, let r = parts[li].ranges.last, r.upperBound > 0,
               let c = m.character(atUTF16: r.upperBound - 1) {
                let end = m.lineBoundary(from: c, forward: false).map { m.lineRange($0).upperBound } ?? (c + 1)
                let k = parts[li].ranges.count - 1
                parts[li].ranges[k] = parts[li].ranges[k].lowerBound..<Int(m.utf16Start[max(end, c + 1)])
            }
            parts = Self.normalized(parts)
        }
    }

    public var description: String {
        let p = parts.map { part in "page \(part.page.pageIndex): " + part.ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ") }
        return "PDFSelection(" + p.joined(separator: "; ") + ")"
    }

    // MARK: Normal form

    static func normalized(_ ranges: [Range<Int>]) -> [Range<Int>] {
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var out: [Range<Int>] = []
        for r in sorted {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Pages in order, each once, with merged ranges; pages of another document than the
    /// first are dropped.
    static func normalized(_ parts: [PageRanges]) -> [PageRanges] {
        guard let core = parts.first?.page.core else { return [] }
        var byPage: [Int: PageRanges] = [:]
        for p in parts where p.page.core === core {
            byPage[p.page.pageIndex, default: PageRanges(page: p.page, ranges: [])].ranges += p.ranges
        }
        return byPage.keys.sorted().compactMap { k in
            var p = byPage[k]!
            p.ranges = normalized(p.ranges)
            return p.ranges.isEmpty ? nil : p
        }
    }
}

extension PageCharacterIndex {
    /// The line holding character `c`, or for a break between lines the next line (forward)
    /// or the previous one.
    func lineBoundary(from c: Int, forward: Bool) -> Int? {
        var i = c
        while i >= 0, i < characterCount {
            if lineOfCharacter[i] >= 0 { return Int(lineOfCharacter[i]) }
            i += forward ? 1 : -1
        }
        return nil
    }
}

extension PDFDocument {
    /// From character `startIndex` on `startPage` to character `endIndex` on `endPage`, both
    /// included (UTF-16 indices), with every page between wholly selected. nil when an index
    /// is outside its page's text or the end comes before the start.
    public func selection(from startPage: PDFPage, atCharacterIndex startIndex: Int,
                          to endPage: PDFPage, atCharacterIndex endIndex: Int) -> PDFSelection? {
        guard startPage.core === core, endPage.core === core,
              let sm = startPage.model, let em = endPage.model,
              let sc = sm.character(atUTF16: startIndex), let ec = em.character(atUTF16: endIndex) else { return nil }
        let s = Int(sm.utf16Start[sc]), e = Int(em.utf16Start[ec + 1])
        if startPage.pageIndex == endPage.pageIndex {
            guard s < e else { return nil }
            return PDFSelection(page: startPage, ranges: [s..<e])
        }
        guard startPage.pageIndex < endPage.pageIndex else { return nil }
        var parts = [PDFSelection.PageRanges(page: startPage, ranges: [s..<sm.utf16Count])]
        for i in (startPage.pageIndex + 1)..<endPage.pageIndex {
            if let p = page(at: i) { parts.append(.init(page: p, ranges: [0..<p.numberOfCharacters])) }
        }
        parts.append(.init(page: endPage, ranges: [0..<e]))
        return PDFSelection(parts: parts)
    }

    /// What a drag from `startPoint` on `startPage` to `endPoint` on `endPage` selects,
    /// character by character.
    public func selection(from startPage: PDFPage, at startPoint: CGPoint,
                          to endPage: PDFPage, at endPoint: CGPoint) -> PDFSelection? {
        selection(from: startPage, at: startPoint, to: endPage, at: endPoint, withGranularity: .character)
    }

    /// As ``selection(from:at:to:at:)``, widened to whole words or lines.
    public func selection(from startPage: PDFPage, at startPoint: CGPoint,
                          to endPage: PDFPage, at endPoint: CGPoint,
                          withGranularity granularity: PDFSelectionGranularity) -> PDFSelection? {
        guard let sm = startPage.model, let em = endPage.model else { return nil }
        var (sp, ep, spt, ept, smodel, emodel) = (startPage, endPage, startPoint, endPoint, sm, em)
        if sp.pageIndex > ep.pageIndex { swap(&sp, &ep); swap(&spt, &ept); swap(&smodel, &emodel) }
        guard var a = smodel.nearestCharacter(to: Point(spt)), var b = emodel.nearestCharacter(to: Point(ept)) else { return nil }
        if sp.pageIndex == ep.pageIndex, a > b { swap(&a, &b) }
        switch granularity {
        case .character: break
        case .word:
            if smodel.wordOfCharacter[a] >= 0 { a = smodel.wordRange(Int(smodel.wordOfCharacter[a])).lowerBound }
            if emodel.wordOfCharacter[b] >= 0 { b = emodel.wordRange(Int(emodel.wordOfCharacter[b])).upperBound - 1 }
        case .line:
            if let l = smodel.lineBoundary(from: a, forward: true) { a = min(a, smodel.lineRange(l).lowerBound) }
            if let l = emodel.lineBoundary(from: b, forward: false) { b = max(b, emodel.lineRange(l).upperBound - 1) }
        }
        return selection(from: sp, atCharacterIndex: Int(smodel.utf16Start[a]), to: ep, atCharacterIndex: Int(emodel.utf16Start[b]))
    }

    /// All the document's text; nil when it has none or is locked.
    public var selectionForEntireDocument: PDFSelection? {
        var parts: [PDFSelection.PageRanges] = []
        for i in 0..<pageCount {
            if let p = page(at: i), p.numberOfCharacters > 0 { parts.append(.init(page: p, ranges: [0..<p.numberOfCharacters])) }
        }
        return parts.isEmpty ? nil : PDFSelection(parts: parts)
    }
}

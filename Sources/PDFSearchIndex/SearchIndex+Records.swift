import Foundation
import PDFCore
import PDFSearch

// What `SearchIndex` stores of a file: its identity, its pages, and the budget that cuts
// a file to its limits.

extension SearchIndex {
    /// A file's identity when it was read.
    public struct FileState: Sendable, Hashable {
        public var path: String
        public var sha256: String
        public var size: Int64
        public var mtime: Int64
        public init(path: String, sha256: String, size: Int64, mtime: Int64) {
            self.path = path; self.sha256 = sha256; self.size = size; self.mtime = mtime
        }
    }

    /// One page to store: what the index keeps of a ``SearchablePage`` (its text, terms,
    /// language, size and term boxes), compact enough to queue between threads.
    public struct PageRecord: Sendable {
        public var number: Int
        public var label: String?
        public var text: String
        public var terms: String
        public var language: String?
        public var width: Double
        public var height: Double
        public var boxes: [UInt8]
        /// The length of `text` in Unicode scalars.
        public private(set) var scalarCount: Int
        /// Where each term of `terms` ends in `text` (scalar offsets), for cutting the page
        /// short (``prefix(terms:characters:)``); empty when not known.
        public private(set) var termEnds: [Int]

        /// The number of terms in `terms`.
        public var termCount: Int {
            termEnds.isEmpty ? (terms.isEmpty ? 0 : terms.utf8.reduce(1) { $0 + ($1 == 0x20 ? 1 : 0) }) : termEnds.count
        }

        public init(number: Int, label: String?, text: String, terms: String, language: String?,
                    width: Double, height: Double, boxes: [UInt8]) {
            self.number = number; self.label = label; self.text = text; self.terms = terms
            self.language = language; self.width = width.isFinite ? width : 0
            self.height = height.isFinite ? height : 0; self.boxes = boxes
            scalarCount = text.unicodeScalars.count
            termEnds = []
        }

        public init(number: Int, label: String?, page: SearchablePage) {
            self.number = number
            self.label = label
            text = page.text
            terms = page.termString
            language = page.language
            // SQLite stores NaN as NULL, which the words table refuses: a page size that is
            // not finite (a hostile box or unit) is stored as 0.
            width = page.width.isFinite ? page.width : 0
            height = page.height.isFinite ? page.height : 0
            boxes = TermBoxes.encode(page)
            scalarCount = page.scalars.count
            termEnds = page.terms.map(\.range.upperBound)
        }

        /// The page cut to its first terms: at most `maxTerms` terms, each ending within
        /// the first `maxCharacters` characters, their boxes, and the text up to the end of
        /// the last term kept (all of it when every term is kept and it fits). The page
        /// itself when it fits.
        public func prefix(terms maxTerms: Int, characters maxCharacters: Int) -> PageRecord {
            let count = termCount
            if count <= maxTerms && scalarCount <= maxCharacters { return self }
            var kept = 0
            if termEnds.isEmpty {
                kept = min(count, max(0, maxTerms))
            } else {
                while kept < termEnds.count && kept < maxTerms && termEnds[kept] <= maxCharacters { kept += 1 }
            }
            let cut = kept == count || termEnds.isEmpty ? min(scalarCount, max(0, maxCharacters)) : (kept > 0 ? termEnds[kept - 1] : 0)
            var out = self
            out.text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(cut)))
            out.scalarCount = cut
            if !termEnds.isEmpty { out.termEnds = Array(termEnds.prefix(kept)) }
            // Terms are separated by single spaces: the first `kept` of them end before the
            // kept-th space.
            var spaces = 0
            let end = terms.utf8.firstIndex { byte in
                if byte == 0x20 { spaces += 1 }
                return spaces == kept && (byte == 0x20)
            } ?? terms.utf8.endIndex
            out.terms = kept == 0 ? "" : String(terms[..<end])
            // Box records are in term order; keep those of the terms kept.
            var boxEnd = 0
            while boxEnd + TermBoxes.recordSize <= boxes.count {
                let term = Int(boxes[boxEnd]) | Int(boxes[boxEnd + 1]) << 8 | Int(boxes[boxEnd + 2]) << 16 | Int(boxes[boxEnd + 3]) << 24
                if term >= kept { break }
                boxEnd += TermBoxes.recordSize
            }
            out.boxes = Array(boxes.prefix(boxEnd))
            return out
        }
    }

    /// How much of one file the index keeps: the pages in order, until ``maxTerms`` terms or
    /// ``maxCharacters`` characters of text (the page that reaches a limit is cut after its
    /// last whole term; the pages after it are left out). 0 or less: no limit.
    public struct FileLimits: Sendable, Hashable {
        public var maxTerms: Int
        public var maxCharacters: Int
        public init(maxTerms: Int = Limits.default.maxIndexedTermsPerFile,
                    maxCharacters: Int = Limits.default.maxIndexedCharactersPerFile) {
            self.maxTerms = maxTerms <= 0 ? Int.max : maxTerms
            self.maxCharacters = maxCharacters <= 0 ? Int.max : maxCharacters
        }
        /// No limit.
        public static let unlimited = FileLimits(maxTerms: 0, maxCharacters: 0)
    }

    /// What one file may still add to the index: the pages are taken in order with
    /// ``take(_:)``, which cuts the page that reaches a limit and refuses the pages after.
    /// ``isSpent`` may be read from any thread, so that workers skip extracting pages that
    /// would be refused; what is kept depends only on the pages taken, in order.
    public final class FileBudget: @unchecked Sendable {
        public let limits: FileLimits
        private let lock = NSLock()
        private var terms = 0, characters = 0
        private var spent = false
        /// The first page cut or left out; nil while every page taken was kept whole.
        public private(set) var truncatedFromPage: Int?
        /// Which limit was reached: `terms` or `characters`.
        public private(set) var reachedLimit: String?

        public init(_ limits: FileLimits = FileLimits()) { self.limits = limits }

        /// True once a limit is reached: every later page is left out.
        public var isSpent: Bool { lock.lock(); defer { lock.unlock() }; return spent }

        /// Terms and characters kept so far.
        public var kept: (terms: Int, characters: Int) { lock.lock(); defer { lock.unlock() }; return (terms, characters) }

        /// The part of a page to store (nil: none; pass nil for a page that was not
        /// extracted because the budget was spent).
        public func take(_ page: PageRecord?, number: Int) -> PageRecord? {
            lock.lock()
            defer { lock.unlock() }
            guard !spent, let page else {
                if truncatedFromPage == nil { truncatedFromPage = number }
                return nil
            }
            let leftTerms = limits.maxTerms - terms, leftCharacters = limits.maxCharacters - characters
            let kept = page.prefix(terms: leftTerms, characters: leftCharacters)
            terms += kept.termCount
            characters += kept.scalarCount
            if kept.termCount < page.termCount || kept.scalarCount < page.scalarCount {
                truncatedFromPage = number
                reachedLimit = kept.termCount == leftTerms ? "terms" : "characters"
                spent = true
            } else if terms >= limits.maxTerms || characters >= limits.maxCharacters {
                spent = true
                if reachedLimit == nil { reachedLimit = terms >= limits.maxTerms ? "terms" : "characters" }
            }
            return kept
        }
    }
}

import Foundation
import PDFCore
import Synchronization
import PDFGlyphs

// PDFKit's find API on PDFDocument: synchronous (`findString`), find-next
// (`findString(_:fromSelection:withOptions:)`), asynchronous with notifications and a
// delegate (`beginFindString`, `cancelFindString`, `isFinding`), and an AsyncSequence of
// matches (`findMatches`). Every form uses ``TextSearch`` on each page's ``PDFPage/string``,
// so a match never spans two pages.

/// PDFKit's find notifications, with its Swift names (`.PDFDocumentDidFindMatch`, …). The
/// raw strings are the Objective-C constant names; compare with the static names.
extension Notification.Name {
    /// Posted when a find begins (`findString(_:withOptions:)`, `beginFindString`). Object: the document.
    public static let PDFDocumentDidBeginFind = Notification.Name("PDFDocumentDidBeginFindNotification")
    /// Posted when a find ends, also after ``PDFDocument/cancelFindString()``.
    public static let PDFDocumentDidEndFind = Notification.Name("PDFDocumentDidEndFindNotification")
    /// Posted before a page's matches; userInfo `"PDFDocumentPageIndex"`: the page index.
    public static let PDFDocumentDidBeginPageFind = Notification.Name("PDFDocumentDidBeginPageFindNotification")
    /// Posted after a page's matches; userInfo `"PDFDocumentPageIndex"`.
    public static let PDFDocumentDidEndPageFind = Notification.Name("PDFDocumentDidEndPageFindNotification")
    /// Posted per match; userInfo `"PDFDocumentFoundSelection"`: the ``PDFSelection``, and
    /// `"PDFDocumentPageIndex"`.
    public static let PDFDocumentDidFindMatch = Notification.Name("PDFDocumentDidFindMatchNotification")
}

/// The userInfo keys of the find notifications, as PDFKit spells them.
public enum PDFDocumentFindKey {
    public static let foundSelection = "PDFDocumentFoundSelection"
    public static let pageIndex = "PDFDocumentPageIndex"
}

/// PDFKit's document delegate, for find. Every method has an empty default, so a delegate
/// implements only what it needs. The methods are called where the matching notification is
/// posted: on the caller's thread for `findString(_:withOptions:)`, and for
/// `beginFindString` where ``PDFDocument/findDelivery`` says (by default the main queue when
/// the find was begun from a serviced main thread, as a `@MainActor` delegate needs). As in
/// PDFKit, the protocol does not require `Sendable`.
public protocol PDFDocumentDelegate: AnyObject {
    func documentDidBeginDocumentFind(_ notification: Notification)
    func documentDidEndDocumentFind(_ notification: Notification)
    func documentDidBeginPageFind(_ notification: Notification)
    func documentDidEndPageFind(_ notification: Notification)
    func documentDidFindMatch(_ notification: Notification)
    /// Called for each match, after the DidFindMatch notification.
    func didMatchString(_ instance: PDFSelection)
}

extension PDFDocumentDelegate {
    public func documentDidBeginDocumentFind(_ notification: Notification) {}
    public func documentDidEndDocumentFind(_ notification: Notification) {}
    public func documentDidBeginPageFind(_ notification: Notification) {}
    public func documentDidEndPageFind(_ notification: Notification) {}
    public func documentDidFindMatch(_ notification: Notification) {}
    public func didMatchString(_ instance: PDFSelection) {}
}

/// What ``PDFDocument/findMatches(_:options:)-(String,_)`` reports, in page order.
public enum FindEvent: Sendable {
    /// A match, on the page it is on.
    case match(PDFSelection, pageIndex: Int)
    /// After each page: how many pages have been searched, of how many.
    case progress(pagesSearched: Int, pageCount: Int)
}

/// One page's matches with what a listing needs: the page text, the UTF-16 ranges and one
/// quadrilateral per line each match covers.
public struct PageMatches: Sendable {
    public let pageIndex: Int
    /// ``PDFPage/string``.
    public let string: String
    public let ranges: [Range<Int>]
    /// Per range, its line quads in page space (what ``PDFSelection/quadrilaterals(on:)``
    /// gives); empty when not asked for.
    public let quads: [[Quad]]
}

/// A document's find state: the delegate, and the running asynchronous find.
final class FindState: Sendable {
    /// One `beginFindString` run; cancelling it is seen between pages.
    final class Run: Sendable {
        private let cancelled = Atomic<Bool>(false)
        var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
        func cancel() { cancelled.store(true, ordering: .releasing) }
    }

    private struct State {
        var run: Run?
        var delivery = FindDelivery.automatic
    }
    private let state = Mutex(State())
    private let delegateBox = LockedValue(WeakDelegate())

    var delegate: (any PDFDocumentDelegate)? {
        get { delegateBox.value.object }
        set { delegateBox.value = WeakDelegate(object: newValue) }
    }

    var delivery: FindDelivery {
        get { state.withLock { $0.delivery } }
        set { state.withLock { $0.delivery = newValue } }
    }

    var isFinding: Bool { state.withLock { $0.run != nil } }

    /// Starts a run, cancelling the one before.
    func begin() -> Run {
        let run = Run()
        state.withLock { s in
            s.run?.cancel()
            s.run = run
        }
        return run
    }

    /// Ends `run` if it is still the current one.
    func end(_ run: Run) {
        state.withLock { s in if s.run === run { s.run = nil } }
    }

    func cancel() { state.withLock { $0.run?.cancel() } }
}

/// The delegate, held weakly (as PDFKit holds it) in a ``LockedValue``: delegates need not be
/// `Sendable`, and it is only read to call it where events are delivered.
struct WeakDelegate {
    weak var object: (any PDFDocumentDelegate)?
}

extension PDFDocument {
    /// How many pages past the one being reported a search reads ahead, in parallel.
    public static var findPagesAhead: Int { max(2, Processors.available(online: Processors.online())) }

    /// The delegate told about find progress. Held weakly, as PDFKit holds it.
    public var delegate: (any PDFDocumentDelegate)? {
        get { finding.delegate }
        set { finding.delegate = newValue }
    }

    /// Where `beginFindString` delivers its notifications and delegate calls: by default
    /// (``FindDelivery/automatic``) the main queue when it is begun from a serviced main
    /// thread, else its own thread. A program that blocks its main thread while it waits
    /// gets its events on the find thread and cannot deadlock; see ``FindDelivery``.
    public var findDelivery: FindDelivery {
        get { finding.delivery }
        set { finding.delivery = newValue }
    }

    // MARK: Synchronous

    /// Every match of `string` in the document, page by page (with `.backwards`, from the last
    /// page to the first, each page's matches reversed). Empty when nothing matches, the
    /// query is empty, the document is locked, or a regular expression is invalid. Posts the
    /// find notifications on the calling thread. See ``FindOptions`` for what each option does.
    public func findString(_ string: String, withOptions options: NSString.CompareOptions = []) -> [PDFSelection] {
        findString(string, options: FindOptions(options))
    }

    /// As ``findString(_:withOptions:)`` with our options (whole words, regular expressions).
    public func findString(_ string: String, options: FindOptions) -> [PDFSelection] {
        guard let search = try? TextSearch(string, options: options) else { return [] }
        return findAll([search], backwards: options.backwards, notify: true)
    }

    /// The next match after `selection` (before it, with `.backwards`); from the beginning
    /// (or the end) when `selection` is nil. nil when there is no further match: the search
    /// does not wrap around.
    public func findString(_ string: String, fromSelection selection: PDFSelection?,
                           withOptions options: NSString.CompareOptions = []) -> PDFSelection? {
        findString(string, fromSelection: selection, options: FindOptions(options))
    }

    /// As ``findString(_:fromSelection:withOptions:)`` with our options.
    public func findString(_ string: String, fromSelection selection: PDFSelection?, options: FindOptions) -> PDFSelection? {
        guard let search = try? TextSearch(string, options: options), !search.isEmpty, pageCount > 0 else { return nil }
        let backwards = options.backwards
        // Where to continue from: a page and a UTF-16 offset on it.
        var startPage: Int, position: Int
        if let sel = selection, let first = sel.parts.first, let last = sel.parts.last,
           first.page.core === core {
            if backwards {
                startPage = first.page.pageIndex
                position = first.ranges.first?.lowerBound ?? 0
            } else {
                startPage = last.page.pageIndex
                position = last.ranges.last?.upperBound ?? 0
            }
        } else {
            startPage = backwards ? pageCount - 1 : 0
            position = backwards ? Int.max : 0
        }
        let order = backwards ? Array((0...startPage).reversed()) : Array(startPage..<pageCount)
        var found: PDFSelection?
        searchPages(order, [search], chunk: Self.findPagesAhead) { pageIndex, ranges in
            let candidates = pageIndex == startPage
                ? ranges.filter { backwards ? $0.upperBound <= position : $0.lowerBound >= position }
                : ranges
            // Ranges come in search order (reversed with .backwards): the first is the next.
            if let r = candidates.first, let page = self.page(at: pageIndex) {
                found = PDFSelection(page: page, ranges: [r])
                return false
            }
            return true
        }
        return found
    }

    // MARK: Asynchronous, PDFKit style

    /// Starts finding `string` in the background and returns at once. Progress comes as
    /// notifications (DidBeginFind, then per page DidBeginPageFind, DidFindMatch per match,
    /// DidEndPageFind, and DidEndFind) and delegate calls, posted from a background thread
    /// in that order. Pages are read ahead in parallel (``findPagesAhead``). A find already
    /// running is cancelled first.
    public func beginFindString(_ string: String, withOptions options: NSString.CompareOptions = []) {
        beginFindStrings([string], options: FindOptions(options))
    }

    /// As ``beginFindString(_:withOptions:)`` with our options.
    public func beginFindString(_ string: String, options: FindOptions) {
        beginFindStrings([string], options: options)
    }

    /// Finds several strings at once: each page's matches of any of them, in order.
    public func beginFindStrings(_ strings: [String], withOptions options: NSString.CompareOptions = []) {
        beginFindStrings(strings, options: FindOptions(options))
    }

    /// As ``beginFindStrings(_:withOptions:)`` with our options.
    public func beginFindStrings(_ strings: [String], options: FindOptions) {
        let searches = strings.compactMap { try? TextSearch($0, options: options) }.filter { !$0.isEmpty }
        let run = finding.begin()
        let target = FindTarget(finding.delivery)
        target.deliver { [self] in post(.PDFDocumentDidBeginFind, userInfo: nil) }
        let order = pageOrder(backwards: options.backwards)
        // A thread of its own, not a task: a caller that blocks the cooperative pool while it
        // waits for the notifications must not starve the find.
        let thread = Thread { [self] in
            searchPages(order, searches, chunk: Self.findPagesAhead, isCancelled: { run.isCancelled }) { index, ranges in
                target.deliver { [self] in notifyPage(index, ranges) }
                return !run.isCancelled
            }
            finding.end(run)
            target.deliver { [self] in post(.PDFDocumentDidEndFind, userInfo: nil) }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Stops the running find: the page being reported is finished, then ``isFinding`` turns
    /// false and DidEndFind is posted.
    public func cancelFindString() { finding.cancel() }

    /// True from `beginFindString` until its run ends: false when the find thread has
    /// finished, before DidEndFind reaches a main queue it is delivered to.
    public var isFinding: Bool { finding.isFinding }

    // MARK: Asynchronous, Swift concurrency

    /// The matches of `string` as an asynchronous sequence: page by page in order (the last
    /// page first with `.backwards`), a ``FindEvent/progress(pagesSearched:pageCount:)``
    /// after each page. Pages are read ahead in parallel (``findPagesAhead``), never further,
    /// so the first match arrives as soon as its page is read and an unread sequence costs
    /// nothing. Cancelling the consuming task ends the sequence. An invalid regular
    /// expression is thrown (``FindError``) by the first `next()`. No notifications.
    public func findMatches(_ string: String, options: FindOptions = FindOptions()) -> FindMatches {
        findMatches([string], options: options)
    }

    /// As ``findMatches(_:options:)-(String,_)`` with PDFKit's options.
    public func findMatches(_ string: String, withOptions options: NSString.CompareOptions) -> FindMatches {
        findMatches([string], options: FindOptions(options))
    }

    /// Matches of any of `strings`.
    public func findMatches(_ strings: [String], options: FindOptions = FindOptions()) -> FindMatches {
        var searches: [TextSearch] = []
        var failure: FindError?
        for s in strings {
            do { searches.append(try TextSearch(s, options: options)) } catch { failure = failure ?? error }
        }
        return FindMatches(document: self, searches: failure.map { .failure($0) } ?? .success(searches.filter { !$0.isEmpty }),
                           order: pageOrder(backwards: options.backwards))
    }

    // MARK: Page matches

    /// A page's matches with its text and (when `quads` is true) their quads, reading the
    /// page once; nil while locked or out of range. A document that caches no page text
    /// (``PDFTextOptions/cachedPages`` 0) builds the page's character geometry only when
    /// there are quads to give.
    public func pageMatches(at index: Int, for search: TextSearch, quads: Bool = true) -> PageMatches? {
        guard index >= 0, index < pageCount else { return nil }
        let model: PageCharacterIndex?
        let string: String
        if core.options.cachedPages > 0 {
            guard let m = core.model(index) else { return nil }
            model = m
            string = m.string
        } else {
            guard let text = core.extractor?.page(index) else { return nil }
            model = quads ? PageCharacterIndex(text) : nil
            string = model?.string ?? text.layout.pageString
        }
        let ranges = search.matches(in: string)
        var boxes: [[Quad]] = []
        if quads, let m = model {
            boxes = ranges.map { r -> [Quad] in
                guard let chars = m.characters(utf16: r) else { return [] }
                return m.lineQuads(chars)
            }
        }
        return PageMatches(pageIndex: index, string: string, ranges: ranges, quads: boxes)
    }

    /// The text searched on page `index` (``PDFPage/string``); nil while locked.
    func searchedString(_ index: Int) -> String? {
        if core.options.cachedPages > 0 { return core.model(index)?.string }
        guard let extractor = core.extractor else { return nil }
        return extractor.page(index).layout.pageString
    }

    // MARK: Internals

    func pageOrder(backwards: Bool) -> [Int] {
        backwards ? Array((0..<pageCount).reversed()) : Array(0..<pageCount)
    }

    /// The matches of `searches` on page `index`, in search order: by start (reversed with
    /// `.backwards`); empty while locked.
    func matches(onPage index: Int, _ searches: [TextSearch]) -> [Range<Int>] {
        let searches = searches.filter { !$0.isEmpty }
        guard !searches.isEmpty, let text = searchedString(index) else { return [] }
        if searches.count == 1 { return searches[0].matches(in: text) }
        var all = searches.flatMap { $0.matches(in: text) }
        let backwards = searches[0].options.backwards
        all.sort { backwards ? ($0.lowerBound, $0.upperBound) > ($1.lowerBound, $1.upperBound)
                             : ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        return all
    }

    /// Runs `searches` over `order`, `chunk` pages at a time in parallel, handing each page's
    /// matches to `body` in order on the calling thread until it returns false.
    func searchPages(_ order: [Int], _ searches: [TextSearch], chunk: Int,
                     isCancelled: @Sendable () -> Bool = { false },
                     _ body: (Int, [Range<Int>]) -> Bool) {
        var start = 0
        while start < order.count, !isCancelled() {
            // The first page alone, then chunks: a find-next usually ends on its first page.
            let n = start == 0 ? 1 : min(max(1, chunk), order.count - start)
            let pages = Array(order[start..<start + n])
            let results = Mutex([[Range<Int>]](repeating: [], count: n))
            DispatchQueue.concurrentPerform(iterations: n) { k in
                guard !isCancelled() else { return }
                let r = matches(onPage: pages[k], searches)
                results.withLock { $0[k] = r }
            }
            let done = results.withLock { $0 }
            for k in 0..<n where !body(pages[k], done[k]) { return }
            start += n
        }
    }

    /// All matches, with notifications when asked for.
    func findAll(_ searches: [TextSearch], backwards: Bool, notify: Bool) -> [PDFSelection] {
        if notify { post(.PDFDocumentDidBeginFind, userInfo: nil) }
        var out: [PDFSelection] = []
        searchPages(pageOrder(backwards: backwards), searches, chunk: 4 * Self.findPagesAhead) { index, ranges in
            if notify {
                out += notifyPage(index, ranges)
            } else if let page = page(at: index) {
                out += ranges.map { PDFSelection(page: page, ranges: [$0]) }
            }
            return true
        }
        if notify { post(.PDFDocumentDidEndFind, userInfo: nil) }
        return out
    }

    /// Posts one page's notifications and delegate calls; returns its selections.
    @discardableResult
    func notifyPage(_ index: Int, _ ranges: [Range<Int>]) -> [PDFSelection] {
        post(.PDFDocumentDidBeginPageFind, userInfo: [PDFDocumentFindKey.pageIndex: index])
        var out: [PDFSelection] = []
        if let page = page(at: index) {
            for r in ranges {
                let selection = PDFSelection(page: page, ranges: [r])
                out.append(selection)
                post(.PDFDocumentDidFindMatch, userInfo: [PDFDocumentFindKey.foundSelection: selection,
                                                         PDFDocumentFindKey.pageIndex: index])
                delegate?.didMatchString(selection)
            }
        }
        post(.PDFDocumentDidEndPageFind, userInfo: [PDFDocumentFindKey.pageIndex: index])
        return out
    }

    func post(_ name: Notification.Name, userInfo: [String: Any]?) {
        let note = Notification(name: name, object: self, userInfo: userInfo)
        NotificationCenter.default.post(note)
        guard let d = delegate else { return }
        switch name {
        case .PDFDocumentDidBeginFind: d.documentDidBeginDocumentFind(note)
        case .PDFDocumentDidEndFind: d.documentDidEndDocumentFind(note)
        case .PDFDocumentDidBeginPageFind: d.documentDidBeginPageFind(note)
        case .PDFDocumentDidEndPageFind: d.documentDidEndPageFind(note)
        case .PDFDocumentDidFindMatch: d.documentDidFindMatch(note)
        default: break
        }
    }
}

extension PDFPage {
    /// The matches of `string` on this page (see ``PDFDocument/findString(_:withOptions:)``).
    public func findString(_ string: String, withOptions options: NSString.CompareOptions = []) -> [PDFSelection] {
        findString(string, options: FindOptions(options))
    }

    /// As ``findString(_:withOptions:)`` with our options.
    public func findString(_ string: String, options: FindOptions) -> [PDFSelection] {
        guard let text = self.string else { return [] }
        return TextSearch.matches(of: string, in: text, options: options).map { PDFSelection(page: self, ranges: [$0]) }
    }
}

// MARK: - Ordered, bounded, cancellable page search

/// Searches pages in a given order, each in its own task, at most `window` pages ahead of
/// the one asked for; results come back in order. Used by one consumer at a time.
final class PageSearchQueue: @unchecked Sendable {
    let document: PDFDocument
    let searches: [TextSearch]
    let order: [Int]
    let window: Int
    private var started = 0
    private var delivered = 0
    private var running: [Int: Task<[Range<Int>], Never>] = [:]

    init(document: PDFDocument, searches: [TextSearch], order: [Int], window: Int) {
        self.document = document
        self.searches = searches
        self.order = searches.isEmpty ? [] : order
        self.window = max(1, window)
    }

    var pageCount: Int { order.count }
    var pagesDelivered: Int { delivered }

    /// The next page's matches in order; nil at the end or once the calling task is cancelled.
    func nextPage() async -> (pageIndex: Int, ranges: [Range<Int>])? {
        guard delivered < order.count else { return nil }
        if Task.isCancelled { cancel(); return nil }
        while started < order.count, started < delivered + window {
            let page = order[started], document = self.document, searches = self.searches
            running[started] = Task.detached {
                Task.isCancelled ? [] : document.matches(onPage: page, searches)
            }
            started += 1
        }
        guard let task = running.removeValue(forKey: delivered) else { return nil }
        let ranges = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        if Task.isCancelled { cancel(); return nil }
        let page = order[delivered]
        delivered += 1
        return (page, ranges)
    }

    func cancel() {
        for t in running.values { t.cancel() }
        running = [:]
        delivered = order.count
        started = order.count
    }

    deinit { for t in running.values { t.cancel() } }
}

/// The asynchronous sequence of ``PDFDocument/findMatches(_:options:)-(String,_)``.
public struct FindMatches: AsyncSequence, Sendable {
    public typealias Element = FindEvent
    let document: PDFDocument
    let searches: Result<[TextSearch], FindError>
    let order: [Int]

    public func makeAsyncIterator() -> Iterator {
        switch searches {
        case .success(let s):
            return Iterator(queue: PageSearchQueue(document: document, searches: s, order: order, window: PDFDocument.findPagesAhead),
                            failure: nil, total: order.count)
        case .failure(let e):
            return Iterator(queue: nil, failure: e, total: order.count)
        }
    }

    public struct Iterator: AsyncIteratorProtocol {
        var queue: PageSearchQueue?
        var failure: FindError?
        let total: Int
        var pending: [FindEvent] = []
        var next = 0

        public mutating func next() async throws -> FindEvent? {
            if let f = failure { failure = nil; queue = nil; throw f }
            while true {
                if Task.isCancelled { queue?.cancel(); queue = nil; return nil }
                if next < pending.count { next += 1; return pending[next - 1] }
                guard let q = queue, let result = await q.nextPage() else { queue = nil; return nil }
                pending = []
                next = 0
                if !result.ranges.isEmpty, let page = q.document.page(at: result.pageIndex) {
                    pending = result.ranges.map { .match(PDFSelection(page: page, ranges: [$0]), pageIndex: result.pageIndex) }
                }
                // Pages with no text (locked, empty) still count as searched.
                pending.append(.progress(pagesSearched: q.pagesDelivered, pageCount: total))
            }
        }
    }
}

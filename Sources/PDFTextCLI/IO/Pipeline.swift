import ArgumentParser
import PDFCore

/// Processes the pages of several documents on a fixed pool of worker threads and hands
/// the results to the calling thread in input order: documents in the order given, pages
/// in the order selected.
///
/// Memory stays bounded: at most `openDocuments` documents are open at once (the one being
/// written and the next ones), and each holds at most `window` finished or running pages
/// beyond the next page to write. Workers take the earliest unit of work there is (opening
/// a document, or its next page), so the page the writer waits for is never starved.
/// `--jobs`: how many documents or pages are worked on at once (text, grep, index, audit).
enum Jobs {
    /// The largest `--jobs` accepted. Each job is a thread holding pages in memory, so more
    /// than the machine has cores gains nothing; the bound keeps a mistyped number from
    /// asking for billions of threads.
    static let maximum = 1024

    /// Throws the usage error for a `--jobs` outside `1...maximum`.
    static func validate(_ jobs: Int?) throws {
        if let j = jobs, !(1...maximum).contains(j) { throw ValidationError("--jobs must be between 1 and \(maximum)") }
    }
}

final class OrderedPipeline<Document: Sendable, Result: Sendable>: @unchecked Sendable {
    enum Event {
        case opened(file: Int, Document, pages: [Int])
        case failed(file: Int, Opening.Failure)
        case page(file: Int, ordinal: Int, number: Int, Result)
        case finished(file: Int)
    }

    private enum Status { case pending, opening, open, failed, done }

    private final class FileState {
        var status = Status.pending
        var document: Document?
        var pages: [Int] = []
        var failure: Opening.Failure?
        var nextDispatch = 0
        var nextWrite = 0
        var results: [Int: Result] = [:]
    }

    private let condition = ConditionLock()
    private let files: [FileState]
    private var head = 0
    private var stopped = false
    let workers: Int
    let window: Int
    let openDocuments: Int
    private let open: @Sendable (Int) -> Swift.Result<(Document, [Int]), Opening.Failure>
    private let process: @Sendable (Document, Int, Int) -> Result

    /// - Parameters:
    ///   - count: the number of documents.
    ///   - open: opens document `i`, giving it and its selected 1-based page numbers.
    ///   - process: `(document, page number, ordinal)` → the page's result.
    init(count: Int, workers: Int, window: Int? = nil, openDocuments: Int? = nil,
         open: @escaping @Sendable (Int) -> Swift.Result<(Document, [Int]), Opening.Failure>,
         process: @escaping @Sendable (Document, Int, Int) -> Result) {
        files = (0..<count).map { _ in FileState() }
        self.workers = min(max(1, workers), Jobs.maximum)
        self.window = max(1, window ?? 2 * self.workers)
        self.openDocuments = max(1, openDocuments ?? 2 * self.workers)
        self.open = open
        self.process = process
    }

    private enum Unit { case open(Int), page(Int, Int) }

    /// The earliest unit of work, under the lock.
    private func pick() -> Unit? {
        var i = head
        while i < files.count && i < head + openDocuments {
            let f = files[i]
            switch f.status {
            case .pending:
                f.status = .opening
                return .open(i)
            case .open:
                if f.nextDispatch < f.pages.count && f.nextDispatch < f.nextWrite + window {
                    f.nextDispatch += 1
                    return .page(i, f.nextDispatch - 1)
                }
            case .opening, .failed, .done:
                break
            }
            i += 1
        }
        return nil
    }

    private func work() {
        condition.lock()
        while !stopped {
            guard let unit = pick() else {
                if head >= files.count { break }
                condition.wait()
                continue
            }
            condition.unlock()
            switch unit {
            case .open(let i):
                let r = open(i)
                condition.lock()
                switch r {
                case .success(let (d, pages)):
                    files[i].document = d
                    files[i].pages = pages
                    files[i].status = .open
                case .failure(let f):
                    files[i].failure = f
                    files[i].status = .failed
                }
            case .page(let i, let ordinal):
                condition.lock()
                let document = files[i].document
                let number = files[i].pages[ordinal]
                condition.unlock()
                guard let document else { condition.lock(); break }
                let r = process(document, number, ordinal)
                condition.lock()
                files[i].results[ordinal] = r
            }
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Runs the pipeline; `consume` sees every event in order on the calling thread and
    /// returns false to stop early (for instance when output can no longer be written).
    func run(_ consume: (Event) -> Bool) {
        if workers == 1 {
            runInline(consume)
            return
        }
        // Threads of our own, not a Dispatch queue: the workers block on the condition, and
        // blocking the shared pool (which Swift concurrency also runs on) can starve it.
        var threads: [WorkerThread] = []
        for _ in 0..<workers {
            if let t = WorkerThread.start(stackSize: 8 << 20, { self.work() }) { threads.append(t) }
        }
        // No thread to be had: the work is done here, as for one worker.
        if threads.isEmpty {
            runInline(consume)
            return
        }
        var going = true
        fileLoop: for i in files.indices {
            condition.lock()
            while files[i].status == .pending || files[i].status == .opening { condition.wait() }
            let f = files[i]
            condition.unlock()
            if f.status == .failed {
                going = consume(.failed(file: i, f.failure!))
            } else if let d = f.document {
                going = consume(.opened(file: i, d, pages: f.pages))
                var ordinal = 0
                while going && ordinal < f.pages.count {
                    condition.lock()
                    while f.results[ordinal] == nil { condition.wait() }
                    let r = f.results.removeValue(forKey: ordinal)!
                    f.nextWrite = ordinal + 1
                    condition.broadcast()
                    condition.unlock()
                    going = consume(.page(file: i, ordinal: ordinal, number: f.pages[ordinal], r))
                    ordinal += 1
                }
                if going { going = consume(.finished(file: i)) }
            }
            condition.lock()
            f.status = .done
            f.document = nil
            f.results = [:]
            head = i + 1
            if !going { stopped = true }
            condition.broadcast()
            condition.unlock()
            if !going { break fileLoop }
        }
        condition.lock()
        head = files.count
        condition.broadcast()
        condition.unlock()
        for t in threads { t.join() }
    }

    /// One worker: the same events in the same order, each unit done on the calling thread
    /// when the writer comes to it. A worker thread would only hand each page over (two
    /// context switches a page on one core) and hold a document open ahead of the writer.
    private func runInline(_ consume: (Event) -> Bool) {
        for i in files.indices {
            let going: Bool
            switch open(i) {
            case .failure(let f):
                going = consume(.failed(file: i, f))
            case .success(let (document, pages)):
                var more = consume(.opened(file: i, document, pages: pages))
                var ordinal = 0
                while more && ordinal < pages.count {
                    let r = process(document, pages[ordinal], ordinal)
                    more = consume(.page(file: i, ordinal: ordinal, number: pages[ordinal], r))
                    ordinal += 1
                }
                going = more && consume(.finished(file: i))
            }
            if !going { break }
        }
    }
}

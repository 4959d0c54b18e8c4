import Foundation
import PDFCore
import PDFSearch
import PDFSearchIndex
import PDFOCR
import PDFText

/// One run of `index`: survey the paths, plan the work, remove what is gone, then index
/// (on the workers) and write (on this thread, `IndexWriting`), and sum up.
struct IndexRun {
    let command: IndexCommand

    /// What the worker found when it opened a file.
    struct Prepared: Sendable {
        enum Outcome: Sendable {
            case index(TextExtractor)
            /// Hashed, and the content is what the index has.
            case sameContent
            /// Hashed, and another indexed file has the same content: its pages are copied.
            case copy(from: String)
            case failed(Opening.Failure)
        }
        var outcome: Outcome
        var state: SearchIndex.FileState
        var title: String?
        var language: String?
        var labels: [String]?
        var pageCount: Int
        /// What the index may still take of the file.
        var budget: SearchIndex.FileBudget
    }

    struct Work {
        var path: String
        var size: Int64
        var mtime: Int64
        var storedHash: String?
        var candidate: IndexCandidate
    }

    /// What is on disk now, and what of the index it covers. Paths are handled as bytes
    /// (names need not be UTF-8) and known to the index by their keys (RawPath.key).
    struct Survey {
        var candidates: [String: IndexCandidate] = [:]
        var outsideLinks: [(link: RawPath, target: RawPath)] = []
        var unreadableFolders: [(folder: RawPath, message: String)] = []
        /// True for an index key the paths cover (what is gone under them leaves the index).
        var covered: (String) -> Bool = { _ in true }
        /// `openFailed` when a path named on the command line does not exist.
        var status = ExitStatus.success
    }

    /// The files to read in this run, and those left as they are.
    struct Plan {
        var work: [Work] = []
        var unchanged = 0
        /// Files left as they are in this run, by content: a new file with the same content
        /// gets their pages copied instead of extracted again.
        var copySources: [String: String] = [:]
    }

    /// The counts of the summary.
    struct Tally {
        var indexed = 0, indexedPages = 0, sameContent = 0, copied = 0, truncated = 0
        var removed = 0, skipped = 0, failed = 0, unchanged = 0
    }

    func run() -> Int32 {
        let started = Date()
        guard let (index, stored) = openIndex() else { return ExitStatus.outputFailed }
        guard let survey = survey(stored: stored) else { return ExitStatus.openFailed }
        var status = survey.status
        // Each candidate was stat'ed once: what is gone now (or a link left out) leaves the index.
        let gone = stored.keys.filter { survey.covered($0) && survey.candidates[$0] == nil }.sorted()
        let plan = Self.plan(survey.candidates, stored: stored, checksum: command.checksum)

        let report = command.json ? IndexReport() : nil
        var tally = Tally()
        tally.unchanged = plan.unchanged
        guard let removed = remove(gone, from: index, report: report) else { return ExitStatus.outputFailed }
        tally.removed = removed
        reportLeftOut(survey, report: report, tally: &tally)

        let limits = SearchIndex.FileLimits(maxTerms: command.maxWordsPerFile, maxCharacters: command.maxCharactersPerFile)
        let items = plan.work
        let progress = ProgressBar.enabled(command.progress, inputs: max(2, items.count), quiet: command.quiet)
            ? ProgressBar(total: items.count, terminal: isatty(2) != 0) : nil
        let writing = IndexWriting(command: command, index: index, items: items, limits: limits,
                                   report: report, progress: progress, tally: tally)
        pipeline(items, sources: plan.copySources, limits: limits, tokenizer: index.tokenizer)
            .run { writing.consume($0) }
        index.rollbackDocument()
        progress?.clear()
        if let writeError = writing.writeError {
            printError("\(command.db): cannot write: \(writeError)")
            return ExitStatus.outputFailed
        }
        if writing.tally.failed > 0 { status = max(status, ExitStatus.findings) }
        summarize(writing.tally, index: index, seconds: Date().timeIntervalSince(started), report: report)
        return status
    }

    /// The index (created when missing) and the files it holds; nil after saying why when
    /// it cannot be opened or read.
    func openIndex() -> (SearchIndex, [String: SearchIndex.StoredFile])? {
        let folding = SearchFolding(caseFolding: true, diacriticFolding: !command.keepDiacritics)
        let index: SearchIndex
        do {
            let creating = !FileManager.default.fileExists(atPath: command.db)
            // A new index takes the flags' choices; an existing one keeps its own unless a
            // flag asks for something else (then opening fails and says so).
            index = try SearchIndex(path: command.db, create: true,
                                    folding: creating || command.keepDiacritics ? folding : nil,
                                    stemming: command.englishStemming ? .english : (creating ? SearchIndex.Stemming.none : nil))
        } catch {
            printError("\(error)")
            return nil
        }
        do { return (index, try index.storedFiles()) } catch {
            printError("\(command.db): cannot read the index: \(error)")
            return nil
        }
    }

    /// The files under the paths (and those of --files-from); without paths, the files the
    /// index holds. Nil after saying why when --files-from cannot be read.
    func survey(stored: [String: SearchIndex.StoredFile]) -> Survey? {
        var survey = Survey()
        var paths = command.paths.map { RawPath(argument: $0) }
        if let list = command.filesFrom {
            switch Opening.read(path: list) {
            case .failure(let f):
                printError(f.message)
                return nil
            case .success(let bytes):
                paths += IndexCommand.listedPaths(bytes, nullSeparated: command.nullSeparated)
            }
        }
        if paths.isEmpty && command.filesFrom == nil {
            for key in stored.keys {
                if let c = IndexCandidate.inspect(RawPath(key: key)) { survey.candidates[key] = c }
            }
            return survey
        }
        var folders: [String] = [], files: Set<String> = []
        for p in paths {
            let abs = p.absolute
            var st = stat()
            if abs.withCString({ stat($0, &st) }) != 0 {
                printError("\(p.key): no such file or directory")
                survey.status = max(survey.status, ExitStatus.openFailed)
                continue
            }
            let key = abs.key
            if (st.st_mode & S_IFMT) == S_IFDIR {
                folders.append(key == "/" ? "/" : key + "/")
                let walk = FolderWalk(folder: abs, followLinks: command.followSymlinks)
                for c in walk.candidates { survey.candidates[c.path.key] = c }
                survey.outsideLinks += walk.outsideLinks
                survey.unreadableFolders += walk.unreadableFolders
            } else {
                // A file named by the user is read wherever a link leads.
                files.insert(key)
                if let c = IndexCandidate.inspect(abs) { survey.candidates[key] = c }
            }
        }
        survey.covered = { path in files.contains(path) || folders.contains { path.hasPrefix($0) } }
        return survey
    }

    /// Which candidates to read: new and changed files (all with `checksum`), and what
    /// cannot be compared by size and time.
    static func plan(_ candidates: [String: IndexCandidate], stored: [String: SearchIndex.StoredFile], checksum: Bool) -> Plan {
        var plan = Plan()
        for (path, candidate) in candidates.sorted(by: { $0.key < $1.key }) {
            let s = stored[path]
            guard case .regular(let size, let mtime, _, _, _) = candidate.kind else {
                plan.work.append(Work(path: path, size: 0, mtime: 0, storedHash: nil, candidate: candidate))
                continue
            }
            if let s, !s.failed, !checksum, s.size == size, s.mtime == mtime {
                plan.unchanged += 1
                if let h = s.sha256, plan.copySources[h] == nil { plan.copySources[h] = path }
                continue
            }
            plan.work.append(Work(path: path, size: size, mtime: mtime, storedHash: s?.failed == false ? s?.sha256 : nil, candidate: candidate))
        }
        return plan
    }

    /// Removes `gone` from the index, each in its own transaction: how many, or nil after
    /// saying why when the index cannot be written.
    func remove(_ gone: [String], from index: SearchIndex, report: IndexReport?) -> Int? {
        var removed = 0
        for path in gone {
            do {
                try index.remove(paths: [path])
                removed += 1
                if command.verbose { printError("removed \(path)") }
                report?.file(path, action: "removed", pages: nil, sha256: nil)
            } catch {
                printError("\(command.db): cannot write: \(error)")
                return nil
            }
        }
        return removed
    }

    /// Links out of a folder are reported, never opened; folders that cannot be listed
    /// count as failed.
    func reportLeftOut(_ survey: Survey, report: IndexReport?, tally: inout Tally) {
        for (link, target) in survey.outsideLinks {
            tally.skipped += 1
            if !command.quiet { printError("\(link.key): a link to \(target.key), outside the folder; not followed (--follow-symlinks follows it)") }
            report?.file(link.key, action: "skipped", pages: nil, sha256: nil, target: target.key)
        }
        for (folder, message) in survey.unreadableFolders {
            tally.failed += 1
            printError("\(folder.key): cannot read the folder: \(message)")
            report?.file(folder.key, action: "failed", pages: nil, sha256: nil, error: "\(folder.key): cannot read the folder: \(message)",
                         exitCode: ExitStatus.openFailed)
        }
    }

    /// The pipeline over `items`: a page record per page, or nil for a page not extracted
    /// because its file's budget was spent.
    func pipeline(_ items: [Work], sources: [String: String], limits: SearchIndex.FileLimits,
                  tokenizer: Tokenizer) -> OrderedPipeline<Prepared, SearchIndex.PageRecord?> {
        let passwords = command.passwords.candidates
        let purpose = command.access.purpose
        let ocr = command.ocr.options
        let ocrWarnings = OCRWarnings(quiet: command.quiet)
        let workers = command.jobs ?? max(1, Processors.available(online: Processors.online()))
        return OrderedPipeline<Prepared, SearchIndex.PageRecord?>(
            count: items.count, workers: workers,
            open: { i in
                .success(Self.prepare(items[i], sources: sources, limits: limits, passwords: passwords, purpose: purpose, ocr: ocr))
            },
            process: { prepared, number, _ in
                // Only documents being indexed have pages to process; pages past the
                // file's limits are not extracted.
                guard case .index(let extractor) = prepared.outcome, !prepared.budget.isSpent else { return nil }
                let text = extractor.page(number - 1)
                ocrWarnings.check(text.glyphs, path: prepared.state.path, number: number)
                let page = SearchablePage(text, tokenizer: tokenizer, documentLanguage: prepared.language)
                let label = prepared.labels.flatMap { number - 1 < $0.count ? $0[number - 1] : nil }
                // No page keeps more than the whole file may (what the writer takes of it is
                // the same), so that pages waiting to be written stay small.
                return SearchIndex.PageRecord(number: number, label: label, page: page)
                    .prefix(terms: limits.maxTerms, characters: limits.maxCharacters)
            })
    }

    /// Reads and hashes one file on a worker: same content as indexed, a copy of another
    /// file, a failure, or a document to index with the pages to extract.
    static func prepare(_ item: Work, sources: [String: String], limits: SearchIndex.FileLimits,
                        passwords: [String], purpose: TextPurpose, ocr: OCROptions) -> (Prepared, [Int]) {
        var state = SearchIndex.FileState(path: item.path, sha256: "", size: item.size, mtime: item.mtime)
        func prepared(_ outcome: Prepared.Outcome) -> Prepared {
            Prepared(outcome: outcome, state: state, pageCount: 0, budget: SearchIndex.FileBudget(limits))
        }
        let bytes: [UInt8]
        switch item.candidate.read() {
        case .failure(let f):
            return (prepared(.failed(f)), [])
        case .success(let b): bytes = b
        }
        state.sha256 = Opening.sha256(bytes)
        if let h = item.storedHash, h == state.sha256 {
            return (prepared(.sameContent), [])
        }
        if let source = sources[state.sha256], source != item.path {
            return (prepared(.copy(from: source)), [])
        }
        switch Opening.open(bytes: bytes, path: item.path, passwords: passwords) {
        case .failure(let f):
            return (prepared(.failed(f)), [])
        case .success(let document):
            if let refusal = TextAccessOptions.refusal(for: document, path: item.path, purpose: purpose) {
                return (prepared(.failed(refusal)), [])
            }
            let count = min(document.pageCount, SearchIndex.maxPages)
            let prepared = Prepared(outcome: .index(TextExtractor(document: document).withOCR(ocr)), state: state,
                                    title: document.info.title, language: document.language,
                                    labels: document.pageLabels, pageCount: document.pageCount,
                                    budget: SearchIndex.FileBudget(limits))
            return (prepared, count > 0 ? Array(1...count) : [])
        }
    }

    /// The summary: a JSON line with --json, and unless --quiet a line on standard error.
    func summarize(_ t: Tally, index: SearchIndex, seconds: Double, report: IndexReport?) {
        let totals = try? index.counts()
        report?.summary(["indexed": t.indexed, "pages": t.indexedPages, "copied": t.copied, "unchanged": t.unchanged + t.sameContent,
                         "hashed": t.sameContent, "removed": t.removed, "failed": t.failed, "truncated": t.truncated, "skipped": t.skipped,
                         "indexFiles": totals?.documents ?? -1, "indexPages": totals?.pages ?? -1], seconds: seconds)
        guard !command.quiet else { return }
        var line = "\(t.indexed) file\(t.indexed == 1 ? "" : "s") indexed (\(t.indexedPages) page\(t.indexedPages == 1 ? "" : "s")\(t.copied > 0 ? "; \(t.copied) copied from files with the same content" : "")), "
        line += "\(t.unchanged + t.sameContent) unchanged"
        if t.sameContent > 0 { line += " (\(t.sameContent) hashed)" }
        line += ", \(t.removed) removed, \(t.failed) failed"
        if t.truncated > 0 { line += ", \(t.truncated) truncated" }
        if t.skipped > 0 { line += ", \(t.skipped) link\(t.skipped == 1 ? "" : "s") out of the folder skipped" }
        line += ", \(String(format: "%.1f", seconds)) s"
        if let c = totals {
            line += "; the index has \(c.documents) file\(c.documents == 1 ? "" : "s"), \(c.pages) page\(c.pages == 1 ? "" : "s")"
        }
        printError(line)
    }
}

/// The writing side of an `index` run, on the calling thread: one transaction per
/// document, filled page by page; copies, same-content files and failures recorded; the
/// counts of the summary.
final class IndexWriting {
    let command: IndexCommand
    let index: SearchIndex
    let items: [IndexRun.Work]
    let limits: SearchIndex.FileLimits
    let report: IndexReport?
    let progress: ProgressBar?
    private(set) var tally: IndexRun.Tally
    /// Why writing the index failed (the run stops).
    private(set) var writeError: String? = nil
    private var current: IndexRun.Prepared? = nil
    private var pagesWritten = 0

    init(command: IndexCommand, index: SearchIndex, items: [IndexRun.Work], limits: SearchIndex.FileLimits,
         report: IndexReport?, progress: ProgressBar?, tally: IndexRun.Tally) {
        self.command = command
        self.index = index
        self.items = items
        self.limits = limits
        self.report = report
        self.progress = progress
        self.tally = tally
    }

    /// Takes one event of the pipeline; false stops it.
    func consume(_ event: OrderedPipeline<IndexRun.Prepared, SearchIndex.PageRecord?>.Event) -> Bool {
        switch event {
        case .failed(let i, let f):
            // Not reached: opening failures come back as `.failed` outcomes.
            progress?.clear()
            printError(f.message)
            tally.failed += 1
            progress?.finished(file: i, name: items[i].path, pages: 0, failed: true)
            return true
        case .opened(let i, let prepared, _):
            current = prepared
            pagesWritten = 0
            do {
                try opened(i, prepared)
            } catch {
                writeError = "\(error)"
                return false
            }
            return true
        case .page(let i, _, let number, let record):
            do {
                if let kept = current?.budget.take(record, number: number) {
                    try index.addPage(kept)
                    pagesWritten += 1
                }
            } catch {
                index.rollbackDocument()
                writeError = "\(error)"
                return false
            }
            progress?.page(file: i, name: items[i].path, page: number, of: current?.pageCount ?? number)
            return true
        case .finished(let i):
            guard let prepared = current else { return true }
            current = nil
            if case .index = prepared.outcome {
                return finishedIndexing(i, prepared)
            } else if case .sameContent = prepared.outcome {
                progress?.finished(file: i, name: items[i].path, pages: 0, failed: false)
            }
            return true
        }
    }

    /// A file opened: same content, failure and copy are written at once; a document to
    /// index begins its transaction.
    private func opened(_ i: Int, _ prepared: IndexRun.Prepared) throws {
        let state = prepared.state
        switch prepared.outcome {
        case .sameContent:
            try index.updateStat(path: state.path, size: state.size, mtime: state.mtime)
            tally.sameContent += 1
            if command.verbose { progress?.clear(); printError("same content \(state.path)") }
            report?.file(state.path, action: "same-content", pages: nil, sha256: state.sha256)
        case .failed(let f):
            progress?.clear()
            printError(f.message)
            try index.recordFailure(path: state.path, sha256: state.sha256.isEmpty ? nil : state.sha256,
                                    size: state.size, mtime: state.mtime, message: f.message)
            tally.failed += 1
            report?.file(state.path, action: "failed", pages: nil, sha256: state.sha256.isEmpty ? nil : state.sha256,
                         error: f.message, exitCode: f.exitCode)
            progress?.finished(file: i, name: items[i].path, pages: 0, failed: true)
        case .copy(let source):
            let pages = try index.copyDocument(from: source, to: state)
            tally.indexed += 1
            tally.copied += 1
            tally.indexedPages += pages
            if command.verbose { progress?.clear(); printError("copied \(state.path) (\(pages) page\(pages == 1 ? "" : "s"), the same content as \(source))") }
            report?.file(state.path, action: "copied", pages: pages, sha256: state.sha256, from: source)
            progress?.finished(file: i, name: items[i].path, pages: pages, failed: false)
        case .index:
            // One transaction per document, filled page by page.
            try index.beginDocument(state, title: prepared.title, language: prepared.language,
                                    pageCount: prepared.pageCount)
        }
    }

    /// A document's pages all written: its transaction committed, and reported (with where
    /// its text was cut when a limit was reached).
    private func finishedIndexing(_ i: Int, _ prepared: IndexRun.Prepared) -> Bool {
        let cut = prepared.budget.truncatedFromPage
        do {
            try index.commitDocument(truncatedFromPage: cut)
        } catch {
            index.rollbackDocument()
            writeError = "\(error)"
            return false
        }
        tally.indexed += 1
        tally.indexedPages += pagesWritten
        let kept = prepared.budget.kept
        if let cut {
            tally.truncated += 1
            if !command.quiet {
                let limit = prepared.budget.reachedLimit == "terms"
                    ? "\(limits.maxTerms) words (--max-words-per-file)" : "\(limits.maxCharacters) characters (--max-characters-per-file)"
                progress?.clear()
                printError("\(prepared.state.path): indexed in part: the limit of \(limit) was reached on page \(cut) of \(prepared.pageCount); the text from there on is left out")
            }
        }
        if command.verbose { progress?.clear(); printError("indexed \(prepared.state.path) (\(pagesWritten) page\(pagesWritten == 1 ? "" : "s"))") }
        report?.file(prepared.state.path, action: "indexed", pages: pagesWritten, sha256: prepared.state.sha256,
                     truncated: cut.map { (fromPage: $0, words: kept.terms, characters: kept.characters, limit: prepared.budget.reachedLimit == "terms" ? "words" : "characters") })
        progress?.finished(file: i, name: items[i].path, pages: pagesWritten, failed: false)
        return true
    }
}

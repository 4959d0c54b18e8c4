import ArgumentParser
import Foundation
import PDFCore
import PDFSearch
import PDFSearchIndex
import PDFText

/// `pdftext index PATH... --db index.sqlite`: a full-text index of every page of the PDFs
/// under PATH, kept up to date incrementally.
public struct IndexCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index the pages of PDF files into an SQLite full-text index (see `search`).",
        discussion: """
            Walks every PATH: a folder gives the .pdf files under it (any depth, hidden files \
            and folders left out, links to folders not followed), a file is indexed whatever \
            its name. A link to a file outside the folder is not followed but reported \
            (--follow-symlinks follows every link, to files and folders, each folder once). \
            A named pipe, socket or device is reported as failed and never opened. File \
            names that are not UTF-8 are indexed under a key with each such byte written \
            \\xNN (and a backslash \\\\); docs/SEARCH.md. \
            Each page becomes one row of the index's FTS5 table (file, content \
            hash, page number, label, text), with the boxes of its words for highlighting. \
            The layout is docs/SEARCH.md's.

            Incremental: a file whose size and modification time are those indexed is skipped \
            unread; one whose time changed is read and hashed (SHA-256), and skipped when its \
            content is the same (--checksum hashes every file); a changed file is indexed \
            again; a file the index has under a PATH that is gone is removed. With no PATH, \
            every indexed file is checked again and removed when gone. A new file with the \
            content of an indexed one gets its pages copied rather than extracted again. A \
            file that fails \
            (damaged beyond repair, password, permissions) is reported, recorded and tried \
            again on the next run; the others go on. --files-from FILE adds the paths listed in \
            FILE (`-`: standard input; -0 for find -print0 lists).

            Of one file the index keeps at most --max-words-per-file words (default \
            \(Limits.default.maxIndexedTermsPerFile); a Chinese or Japanese character counts \
            as one) and --max-characters-per-file characters of text (default \
            \(Limits.default.maxIndexedCharactersPerFile)), pages in order: the page that \
            reaches a limit is cut after its last whole word, the pages after it are left \
            out, and the file is reported (and recorded) as truncated from that page. 0: no \
            limit. An unchanged file is not indexed again when the limits change.

            Files are read in parallel (--jobs); each is written in one transaction, so a run \
            that is killed leaves an index that opens and holds whole files only, and the \
            next run completes it.

            Words are split with ICU (dictionaries for Chinese, Japanese, Thai…) and folded \
            with NFKC, full case folding and diacritic folding; --keep-diacritics keeps \
            diacritics when the index is created (queries are then folded the same way; an \
            existing index keeps its choice). Case is always folded: SQLite's FTS5 tokenizer \
            folds it anyway. --english-stemming adds SQLite's Porter stemmer (walker finds \
            walkers), also chosen once, when the index is created.

            Exit codes: 0 success; 1 a PATH does not exist; 2 the index cannot be opened or \
            written; 4 finished, but some files could not be indexed; 64 bad usage.
            """)

    @Argument(help: ArgumentHelp("PDF files and folders (none: check every indexed file again).", valueName: "path"))
    public var paths: [String] = []

    @Option(help: ArgumentHelp("The index file (created when missing).", valueName: "file"))
    public var db: String

    @Option(name: .customLong("files-from"), help: ArgumentHelp("Also the paths listed in FILE, one per line (`-`: standard input), as if given as PATHs.", valueName: "file"))
    public var filesFrom: String?

    @Flag(name: [.customShort("0"), .customLong("null")], help: "The --files-from list is separated by NUL bytes (find -print0), not lines.")
    public var nullSeparated = false

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Pages processed at once, 1 to 1024 (default: the cores this process may run on, as nproc counts them).")
    public var jobs: Int?

    @Option(help: "Progress bar on standard error: auto (when it is a terminal), always or never.")
    public var progress: ProgressMode = .auto

    @Flag(name: [.customShort("q"), .customLong("quiet")], help: "No progress bar and no summary (errors are still reported).")
    public var quiet = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Say what happened to each file (indexed, copied, same content, removed).")
    public var verbose = false

    @Flag(help: "Report on standard output, one JSON object per line: each file indexed (and whether truncated), copied, found with the same content, removed, failed or skipped (a link out of a folder), then a summary.")
    public var json = false

    @Flag(help: "Hash every file, also those whose size and time are unchanged.")
    public var checksum = false

    @Option(help: ArgumentHelp("The most words of one file the index keeps (the rest is left out and reported; 0: no limit).", valueName: "n"))
    public var maxWordsPerFile: Int = Limits.default.maxIndexedTermsPerFile

    @Option(help: ArgumentHelp("The most characters of text of one file the index keeps (0: no limit).", valueName: "n"))
    public var maxCharactersPerFile: Int = Limits.default.maxIndexedCharactersPerFile

    @Flag(help: "Follow links that lead outside a folder, and links to folders (each folder once).")
    public var followSymlinks = false

    @Flag(help: "New index: keep diacritics (résumé and resume differ).")
    public var keepDiacritics = false

    @Flag(help: "New index: stem English words (walkers, walked and walking all find walk), with SQLite's Porter stemmer.")
    public var englishStemming = false

    @OptionGroup public var passwords: PasswordOptions

    @OptionGroup public var access: TextAccessOptions

    public init() {}

    public func validate() throws {
        try Jobs.validate(jobs)
        if nullSeparated && filesFrom == nil { throw ValidationError("-0/--null applies to --files-from") }
        if maxWordsPerFile < 0 { throw ValidationError("--max-words-per-file must be 0 (no limit) or more") }
        if maxCharactersPerFile < 0 { throw ValidationError("--max-characters-per-file must be 0 (no limit) or more") }
    }

    /// The paths of --files-from, as their bytes: lines (a final carriage return dropped)
    /// or NUL-separated entries, empty ones skipped.
    static func listedPaths(_ bytes: [UInt8], nullSeparated: Bool) -> [RawPath] {
        bytes.split(separator: nullSeparated ? 0 : 10, omittingEmptySubsequences: true).compactMap { entry in
            var e = entry[...]
            if !nullSeparated, e.last == 13 { e = e.dropLast() }
            return e.isEmpty ? nil : RawPath(bytes: Array(e))
        }
    }

    public func run() throws {
        let status = IndexRun(command: self).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

/// One run of `index`.
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

    func run() -> Int32 {
        let started = Date()
        var status = ExitStatus.success
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
            return ExitStatus.outputFailed
        }
        let stored: [String: SearchIndex.StoredFile]
        do { stored = try index.storedFiles() } catch {
            printError("\(command.db): cannot read the index: \(error)")
            return ExitStatus.outputFailed
        }

        // What is on disk now, and what of the index it covers. Paths are handled as bytes
        // (names need not be UTF-8) and known to the index by their keys (RawPath.key).
        var candidates: [String: IndexCandidate] = [:]
        var outsideLinks: [(link: RawPath, target: RawPath)] = []
        var unreadableFolders: [(folder: RawPath, message: String)] = []
        let covered: (String) -> Bool
        var paths = command.paths.map { RawPath(argument: $0) }
        if let list = command.filesFrom {
            switch Opening.read(path: list) {
            case .failure(let f):
                printError(f.message)
                return ExitStatus.openFailed
            case .success(let bytes):
                paths += IndexCommand.listedPaths(bytes, nullSeparated: command.nullSeparated)
            }
        }
        if paths.isEmpty && command.filesFrom == nil {
            for key in stored.keys {
                if let c = IndexCandidate.inspect(RawPath(key: key)) { candidates[key] = c }
            }
            covered = { _ in true }
        } else {
            var folders: [String] = [], files: Set<String> = []
            for p in paths {
                let abs = p.absolute
                var st = stat()
                if abs.withCString({ stat($0, &st) }) != 0 {
                    printError("\(p.key): no such file or directory")
                    status = max(status, ExitStatus.openFailed)
                    continue
                }
                let key = abs.key
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    folders.append(key == "/" ? "/" : key + "/")
                    let walk = FolderWalk(folder: abs, followLinks: command.followSymlinks)
                    for c in walk.candidates { candidates[c.path.key] = c }
                    outsideLinks += walk.outsideLinks
                    unreadableFolders += walk.unreadableFolders
                } else {
                    // A file named by the user is read wherever a link leads.
                    files.insert(key)
                    if let c = IndexCandidate.inspect(abs) { candidates[key] = c }
                }
            }
            covered = { path in files.contains(path) || folders.contains { path.hasPrefix($0) } }
        }
        // Each candidate was stat'ed once: what is gone now (or a link left out) leaves the index.
        let onDisk = candidates.sorted { $0.key < $1.key }
        let gone = stored.keys.filter { covered($0) && candidates[$0] == nil }.sorted()

        var work: [Work] = []
        var unchanged = 0
        // Files left as they are in this run, by content: a new file with the same content
        // gets their pages copied instead of extracted again.
        var copySources: [String: String] = [:]
        for (path, candidate) in onDisk {
            let s = stored[path]
            guard case .regular(let size, let mtime, _, _, _) = candidate.kind else {
                work.append(Work(path: path, size: 0, mtime: 0, storedHash: nil, candidate: candidate))
                continue
            }
            if let s, !s.failed, !command.checksum, s.size == size, s.mtime == mtime {
                unchanged += 1
                if let h = s.sha256, copySources[h] == nil { copySources[h] = path }
                continue
            }
            work.append(Work(path: path, size: size, mtime: mtime, storedHash: s?.failed == false ? s?.sha256 : nil, candidate: candidate))
        }

        // Removals first: each its own transaction.
        let report = command.json ? IndexReport() : nil
        var removed = 0
        for path in gone {
            do {
                try index.remove(paths: [path])
                removed += 1
                if command.verbose { note("removed \(path)") }
                report?.file(path, action: "removed", pages: nil, sha256: nil)
            } catch {
                printError("\(command.db): cannot write: \(error)")
                return ExitStatus.outputFailed
            }
        }

        // Links out of a folder are reported, never opened; folders that cannot be listed
        // count as failed.
        var skipped = 0, failed = 0
        for (link, target) in outsideLinks {
            skipped += 1
            if !command.quiet { note("\(link.key): a link to \(target.key), outside the folder; not followed (--follow-symlinks follows it)") }
            report?.file(link.key, action: "skipped", pages: nil, sha256: nil, target: target.key)
        }
        for (folder, message) in unreadableFolders {
            failed += 1
            printError("\(folder.key): cannot read the folder: \(message)")
            report?.file(folder.key, action: "failed", pages: nil, sha256: nil, error: "\(folder.key): cannot read the folder: \(message)",
                         exitCode: ExitStatus.openFailed)
        }

        let passwords = command.passwords.candidates
        let purpose = command.access.purpose
        let limits = SearchIndex.FileLimits(maxTerms: command.maxWordsPerFile, maxCharacters: command.maxCharactersPerFile)
        let tokenizer = index.tokenizer
        let items = work
        let sources = copySources
        let progress = ProgressBar.enabled(command.progress, inputs: max(2, items.count), quiet: command.quiet)
            ? ProgressBar(total: items.count, terminal: isatty(2) != 0) : nil
        let workers = command.jobs ?? max(1, Processors.available(online: Processors.online()))

        // A page record, or nil for a page not extracted because its file's budget was spent.
        let pipeline = OrderedPipeline<Prepared, SearchIndex.PageRecord?>(
            count: items.count, workers: workers,
            open: { i in
                let item = items[i]
                var state = SearchIndex.FileState(path: item.path, sha256: "", size: item.size, mtime: item.mtime)
                func prepared(_ outcome: Prepared.Outcome) -> Prepared {
                    Prepared(outcome: outcome, state: state, pageCount: 0, budget: SearchIndex.FileBudget(limits))
                }
                let bytes: [UInt8]
                switch item.candidate.read() {
                case .failure(let f):
                    return .success((prepared(.failed(f)), []))
                case .success(let b): bytes = b
                }
                state.sha256 = Opening.sha256(bytes)
                if let h = item.storedHash, h == state.sha256 {
                    return .success((prepared(.sameContent), []))
                }
                if let source = sources[state.sha256], source != item.path {
                    return .success((prepared(.copy(from: source)), []))
                }
                switch Opening.open(bytes: bytes, path: item.path, passwords: passwords) {
                case .failure(let f):
                    return .success((prepared(.failed(f)), []))
                case .success(let document):
                    if let refusal = TextAccessOptions.refusal(for: document, path: item.path, purpose: purpose) {
                        return .success((prepared(.failed(refusal)), []))
                    }
                    let count = min(document.pageCount, SearchIndex.maxPages)
                    let prepared = Prepared(outcome: .index(TextExtractor(document: document)), state: state,
                                            title: document.info.title, language: document.language,
                                            labels: document.pageLabels, pageCount: document.pageCount,
                                            budget: SearchIndex.FileBudget(limits))
                    return .success((prepared, count > 0 ? Array(1...count) : []))
                }
            },
            process: { prepared, number, _ in
                // Only documents being indexed have pages to process; pages past the
                // file's limits are not extracted.
                guard case .index(let extractor) = prepared.outcome, !prepared.budget.isSpent else { return nil }
                let page = SearchablePage(extractor.page(number - 1), tokenizer: tokenizer, documentLanguage: prepared.language)
                let label = prepared.labels.flatMap { number - 1 < $0.count ? $0[number - 1] : nil }
                // No page keeps more than the whole file may (what the writer takes of it is
                // the same), so that pages waiting to be written stay small.
                return SearchIndex.PageRecord(number: number, label: label, page: page)
                    .prefix(terms: limits.maxTerms, characters: limits.maxCharacters)
            })

        var indexed = 0, indexedPages = 0, sameContent = 0, copied = 0, truncated = 0
        var current: Prepared? = nil
        var pagesWritten = 0
        var writeError: String? = nil

        pipeline.run { event in
            switch event {
            case .failed(let i, let f):
                // Not reached: opening failures come back as `.failed` outcomes.
                progress?.clear()
                printError(f.message)
                failed += 1
                progress?.finished(file: i, name: items[i].path, pages: 0, failed: true)
                return true
            case .opened(let i, let prepared, _):
                current = prepared
                pagesWritten = 0
                do {
                    switch prepared.outcome {
                    case .sameContent:
                        try index.updateStat(path: prepared.state.path, size: prepared.state.size, mtime: prepared.state.mtime)
                        sameContent += 1
                        if command.verbose { progress?.clear(); note("same content \(prepared.state.path)") }
                        report?.file(prepared.state.path, action: "same-content", pages: nil, sha256: prepared.state.sha256)
                    case .failed(let f):
                        progress?.clear()
                        printError(f.message)
                        try index.recordFailure(path: prepared.state.path, sha256: prepared.state.sha256.isEmpty ? nil : prepared.state.sha256,
                                                size: prepared.state.size, mtime: prepared.state.mtime, message: f.message)
                        failed += 1
                        report?.file(prepared.state.path, action: "failed", pages: nil, sha256: prepared.state.sha256.isEmpty ? nil : prepared.state.sha256,
                                     error: f.message, exitCode: f.exitCode)
                        progress?.finished(file: i, name: items[i].path, pages: 0, failed: true)
                    case .copy(let source):
                        let pages = try index.copyDocument(from: source, to: prepared.state)
                        indexed += 1
                        copied += 1
                        indexedPages += pages
                        if command.verbose { progress?.clear(); note("copied \(prepared.state.path) (\(pages) page\(pages == 1 ? "" : "s"), the same content as \(source))") }
                        report?.file(prepared.state.path, action: "copied", pages: pages, sha256: prepared.state.sha256, from: source)
                        progress?.finished(file: i, name: items[i].path, pages: pages, failed: false)
                    case .index:
                        // One transaction per document, filled page by page.
                        try index.beginDocument(prepared.state, title: prepared.title, language: prepared.language,
                                                pageCount: prepared.pageCount)
                    }
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
                    let cut = prepared.budget.truncatedFromPage
                    do {
                        try index.commitDocument(truncatedFromPage: cut)
                    } catch {
                        index.rollbackDocument()
                        writeError = "\(error)"
                        return false
                    }
                    indexed += 1
                    indexedPages += pagesWritten
                    let kept = prepared.budget.kept
                    if let cut {
                        truncated += 1
                        if !command.quiet {
                            let limit = prepared.budget.reachedLimit == "terms"
                                ? "\(limits.maxTerms) words (--max-words-per-file)" : "\(limits.maxCharacters) characters (--max-characters-per-file)"
                            progress?.clear()
                            note("\(prepared.state.path): indexed in part: the limit of \(limit) was reached on page \(cut) of \(prepared.pageCount); the text from there on is left out")
                        }
                    }
                    if command.verbose { progress?.clear(); note("indexed \(prepared.state.path) (\(pagesWritten) page\(pagesWritten == 1 ? "" : "s"))") }
                    report?.file(prepared.state.path, action: "indexed", pages: pagesWritten, sha256: prepared.state.sha256,
                                 truncated: cut.map { (fromPage: $0, words: kept.terms, characters: kept.characters, limit: prepared.budget.reachedLimit == "terms" ? "words" : "characters") })
                    progress?.finished(file: i, name: items[i].path, pages: pagesWritten, failed: false)
                } else if case .sameContent = prepared.outcome {
                    progress?.finished(file: i, name: items[i].path, pages: 0, failed: false)
                }
                return true
            }
        }
        index.rollbackDocument()
        progress?.clear()
        if let writeError {
            printError("\(command.db): cannot write: \(writeError)")
            return ExitStatus.outputFailed
        }
        if failed > 0 { status = max(status, ExitStatus.findings) }
        let seconds = Date().timeIntervalSince(started)
        let totals = try? index.counts()
        report?.summary(["indexed": indexed, "pages": indexedPages, "copied": copied, "unchanged": unchanged + sameContent,
                         "hashed": sameContent, "removed": removed, "failed": failed, "truncated": truncated, "skipped": skipped,
                         "indexFiles": totals?.documents ?? -1, "indexPages": totals?.pages ?? -1], seconds: seconds)
        if !command.quiet {
            var line = "\(indexed) file\(indexed == 1 ? "" : "s") indexed (\(indexedPages) page\(indexedPages == 1 ? "" : "s")\(copied > 0 ? "; \(copied) copied from files with the same content" : "")), "
            line += "\(unchanged + sameContent) unchanged"
            if sameContent > 0 { line += " (\(sameContent) hashed)" }
            line += ", \(removed) removed, \(failed) failed"
            if truncated > 0 { line += ", \(truncated) truncated" }
            if skipped > 0 { line += ", \(skipped) link\(skipped == 1 ? "" : "s") out of the folder skipped" }
            line += ", \(String(format: "%.1f", seconds)) s"
            if let c = totals {
                line += "; the index has \(c.documents) file\(c.documents == 1 ? "" : "s"), \(c.pages) page\(c.pages == 1 ? "" : "s")"
            }
            note(line)
        }
        return status
    }

    /// A line of information on standard error, written as errors are (`pdftext: …`).
    private func note(_ line: String) { printError(line) }
}

/// `index --json`: one JSON object per line on standard output.
final class IndexReport {
    private let writer = ByteWriter(fd: 1)

    /// `{"path","action","pages"?,"sha256"?,"from"?,"target"?,"error"?,"exitCode"?,
    /// "truncated"?:{"fromPage","words","characters","limit"}}`
    func file(_ path: String, action: String, pages: Int?, sha256: String?, from: String? = nil, target: String? = nil,
              error: String? = nil, exitCode: Int32? = nil,
              truncated: (fromPage: Int, words: Int, characters: Int, limit: String)? = nil) {
        var out = Bytes(capacity: 256)
        out.append("{\"path\":")
        out.jsonString(path.unicodeScalars)
        out.append(",\"action\":\"\(action)\"")
        if let pages { out.append(",\"pages\":"); out.int(pages) }
        if let sha256 { out.append(",\"sha256\":\"\(sha256)\"") }
        if let from { out.append(",\"from\":"); out.jsonString(from.unicodeScalars) }
        if let target { out.append(",\"target\":"); out.jsonString(target.unicodeScalars) }
        if let error { out.append(",\"error\":"); out.jsonString(error.unicodeScalars) }
        if let exitCode { out.append(",\"exitCode\":"); out.int(Int(exitCode)) }
        if let t = truncated {
            out.append(",\"truncated\":{\"fromPage\":"); out.int(t.fromPage)
            out.append(",\"words\":"); out.int(t.words)
            out.append(",\"characters\":"); out.int(t.characters)
            out.append(",\"limit\":\"\(t.limit)\"}")
        }
        out.append("}\n")
        writer.bytes(out.data)
        writer.flushIfFull()
    }

    /// `{"summary":{…counts…,"seconds"}}`
    func summary(_ counts: [String: Int], seconds: Double) {
        var out = Bytes(capacity: 256)
        out.append("{\"summary\":{")
        for (k, key) in counts.keys.sorted().enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append("\"\(key)\":")
            out.int(counts[key]!)
        }
        out.append(",\"seconds\":")
        out.append(String(format: "%.3f", seconds))
        out.append("}}\n")
        writer.bytes(out.data)
        writer.flush()
    }
}

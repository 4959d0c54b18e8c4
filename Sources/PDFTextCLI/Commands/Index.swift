import ArgumentParser
import Foundation
import PDFCore
import PDFSearch
import PDFSearchIndex
import PDFText

/// `pdftext index PATH... --db index.sqlite`: a full-text index of every page of the PDFs
/// under PATH, kept up to date incrementally.
package struct IndexCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
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
    package var paths: [String] = []

    @Option(help: ArgumentHelp("The index file (created when missing).", valueName: "file"))
    package var db: String

    @Option(name: .customLong("files-from"), help: ArgumentHelp("Also the paths listed in FILE, one per line (`-`: standard input), as if given as PATHs.", valueName: "file"))
    package var filesFrom: String?

    @Flag(name: [.customShort("0"), .customLong("null")], help: "The --files-from list is separated by NUL bytes (find -print0), not lines.")
    package var nullSeparated = false

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Pages processed at once, 1 to 1024 (default: the cores this process may run on, as nproc counts them).")
    package var jobs: Int?

    @OptionGroup package var progressOptions: ProgressOptions

    /// `--progress`, `--no-progress`.
    package var progress: ProgressMode { progressOptions.mode }

    @Flag(name: [.customShort("q"), .customLong("quiet")], help: "No progress bar and no summary (errors are still reported).")
    package var quiet = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Say what happened to each file (indexed, copied, same content, removed).")
    package var verbose = false

    @Flag(help: "Report on standard output, one JSON object per line: each file indexed (and whether truncated), copied, found with the same content, removed, failed or skipped (a link out of a folder), then a summary.")
    package var json = false

    @Flag(help: "Hash every file, also those whose size and time are unchanged.")
    package var checksum = false

    @Option(help: ArgumentHelp("The most words of one file the index keeps (the rest is left out and reported; 0: no limit).", valueName: "n"))
    package var maxWordsPerFile: Int = Limits.default.maxIndexedTermsPerFile

    @Option(help: ArgumentHelp("The most characters of text of one file the index keeps (0: no limit).", valueName: "n"))
    package var maxCharactersPerFile: Int = Limits.default.maxIndexedCharactersPerFile

    @Flag(help: "Follow links that lead outside a folder, and links to folders (each folder once).")
    package var followSymlinks = false

    @Flag(help: "New index: keep diacritics (résumé and resume differ).")
    package var keepDiacritics = false

    @Flag(help: "New index: stem English words (walkers, walked and walking all find walk), with SQLite's Porter stemmer.")
    package var englishStemming = false

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup package var access: TextAccessOptions

    @OptionGroup(title: "OCR") package var ocr: OCRFlags

    package init() {}

    package func validate() throws {
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

    package func run() throws {
        let status = IndexRun(command: self).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

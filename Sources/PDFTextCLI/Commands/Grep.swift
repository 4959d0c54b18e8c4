import ArgumentParser
import Foundation
import PDFCore
import PDFText
import Synchronization

/// `pdftext grep PATTERN FILE...`: the lines of PDF page text that match, as grep prints the
/// lines of a text file.
package struct Grep: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "grep",
        abstract: "Search the text of PDFs and print the matching lines, as grep does.",
        discussion: """
            Prints FILE:PAGE:LINE for each line of page text that has a match (page numbers are \
            1-based), the matches marked in colour on a terminal (--color). A match may run \
            over line breaks (a space in PATTERN matches any run of white space, and a hyphen \
            at a line end may be skipped: \"cooperate\" finds \"co-\\noperate\"); its lines are \
            then printed as one, joined by spaces. Control and bidirectional formatting \
            characters in a line or a file name are shown escaped (\\u{1b}). Matches never span two pages. The text is \
            what `pdftext text` gives (reading order), so PDFs that need OCR match nothing.

            PATTERN is a literal string (-F, the default) unless -E makes it a regular \
            expression (ICU syntax, on the page text with line breaks as spaces and line-end \
            hyphenations joined). -i ignores case (full Unicode case folding: ß matches ss), \
            --ignore-diacritics ignores accents, -w matches whole words only. Ligatures and \
            full- or half-width letters always match their plain letters. The folding is the \
            one `pdftext search` keys its index with, so with -i and --ignore-diacritics both \
            find the same words.

            --json prints one JSON object per match and line: {"file","page","label","match",\
            "context","range":{"location","length"},"quads":[[x0,y0,x1,y1,x2,y2,x3,y3]...]}; \
            range is in UTF-16 units of the page text (PDFKit's PDFPage.string), quads are one \
            per line of the match in PDF page space (points, origin bottom-left, before /Rotate), \
            corners in the order lower-left, lower-right, upper-right, upper-left of the text.

            Files are searched in parallel (--jobs); output stays in input order. As `text`, \
            grep follows the documents' permissions: a file that forbids copying text is \
            refused unless --accessibility (when it allows that) or the owner password is given.

            Exit status, as grep: 0 a line matched; 1 nothing matched; 2 an error (a file \
            could not be opened or needs a password, an invalid regular expression, output \
            could not be written, the permissions refuse the text), even if something matched, except with -q when something \
            matched. A command line that cannot be parsed exits 64, as for every subcommand.
            """)

    @Argument(help: "What to search for: a literal string, or a regular expression with -E.")
    package var pattern: String

    @Argument(help: "PDF files (`-` reads standard input).")
    package var files: [String] = []

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Ignore case (Unicode case folding).")
    package var ignoreCase = false

    @Flag(name: .customLong("ignore-diacritics"), help: "Ignore diacritics (é matches e).")
    package var ignoreDiacritics = false

    @Flag(name: [.customShort("w"), .customLong("word-regexp")], help: "Match whole words only: no letter or digit before or after.")
    package var wordRegexp = false

    @Flag(name: [.customShort("E"), .customLong("extended-regexp")], help: "PATTERN is a regular expression (ICU syntax).")
    package var extendedRegexp = false

    @Flag(name: [.customShort("F"), .customLong("fixed-strings")], help: "PATTERN is a literal string (the default).")
    package var fixedStrings = false

    @Flag(name: [.customShort("c"), .customLong("count")], help: "Print FILE:COUNT, the number of matching lines of each file.")
    package var count = false

    @Flag(name: [.customShort("l"), .customLong("files-with-matches")], help: "Print only the names of files with a match.")
    package var filesWithMatches = false

    @Flag(name: [.customShort("q"), .customLong("quiet"), .customLong("silent")], help: "Print nothing; stop at the first match (exit status only).")
    package var quiet = false

    @Flag(name: .customLong("no-filename"), help: "Leave the file name out of each line.")
    package var noFilename = false

    @Flag(help: "Write each page's lines as soon as the page is searched (always on a terminal).")
    package var lineBuffered = false

    @Flag(help: "One JSON object per match and line (see above).")
    package var json = false

    @OptionGroup(title: "Colour and progress") package var colorOptions: ColorOptions

    @OptionGroup(title: "Colour and progress") package var progressOptions: ProgressOptions

    @Option(help: "Pages to search, such as 1-3,7,10- (default: all).")
    package var pages: String?

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Pages processed at once, 1 to 1024 (default: the cores this process may run on, as nproc counts them).")
    package var jobs: Int?

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup package var access: TextAccessOptions

    /// Time to the first match on standard error (for benchmarks).
    @Flag(name: .customLong("timing"), help: .hidden)
    package var timing = false

    package init() {}

    package func validate() throws {
        if let p = pages { _ = try PageSelection(parsing: p) }
        if files.isEmpty { throw ValidationError("no input file (use `-` for standard input)") }
        try Jobs.validate(jobs)
    }

    /// The find options of the flags. Compatibility forms (ligatures, full- and half-width
    /// letters) always match their plain letters, as in `pdftext search`, whose index keys
    /// the same folding engine makes.
    package var findOptions: FindOptions {
        var o: NSString.CompareOptions = [.widthInsensitive]
        if ignoreCase { o.insert(.caseInsensitive) }
        if ignoreDiacritics { o.insert(.diacriticInsensitive) }
        if extendedRegexp && !fixedStrings { o.insert(.regularExpression) }
        return FindOptions(o, wholeWords: wordRegexp)
    }

    package func run() throws {
        if extendedRegexp && fixedStrings {
            printError("grep: -E and -F contradict each other")
            throw ExitCode(GrepStatus.error)
        }
        let search: TextSearch
        do {
            search = try TextSearch(pattern, options: findOptions)
        } catch {
            printError("grep: \(error)")
            throw ExitCode(GrepStatus.error)
        }
        let status = GrepRun(command: self, search: search).run()
        if status != GrepStatus.matched { throw ExitCode(status) }
    }
}

/// grep's exit statuses.
enum GrepStatus {
    static let matched: Int32 = 0
    static let noMatch: Int32 = 1
    static let error: Int32 = 2
}

/// One run of `grep`: documents through the ordered pipeline, pages formatted on workers.
struct GrepRun {
    let command: Grep
    let search: TextSearch

    struct Prepared: Sendable {
        var document: PDFDocument
        var name: String
        var index: Int
    }

    /// What one page gives: its output and how many lines and matches it had.
    struct PageResult: Sendable {
        var bytes = Bytes(capacity: 0)
        var lines = 0
        var matches = 0
    }

    /// How the matching lines are written.
    enum Mode { case lines, json, count, names, quiet }

    var mode: Mode {
        if command.quiet { return .quiet }
        if command.filesWithMatches { return .names }
        if command.count { return .count }
        return command.json ? .json : .lines
    }

    func run() -> Int32 {
        let files = command.files
        let selection = (try? command.pages.map { try PageSelection(parsing: $0) }) ?? PageSelection()
        let passwords = command.passwords.candidates
        let purpose = command.access.purpose
        let search = self.search
        let mode = self.mode
        let facts = TerminalFacts.current
        let colour = command.colorOptions.enabled(facts: facts)
        let progress = mode == .quiet ? nil
            : ProgressBar.make(command.progressOptions.mode, inputs: files.count, reportOnTerminal: facts.stdoutIsTerminal, facts: facts)
        let style = GrepStyle(colour: colour && (mode == .lines || mode == .count || mode == .names),
                              fileNames: !command.noFilename)
        // Files for which one match is enough (-l, -q): their later pages are skipped.
        let satisfied = Mutex(Set<Int>())
        let stopAtFirst = mode == .names || mode == .quiet
        let started = ContinuousClock.now
        var firstMatchReported = false

        // Pages are read once each: no page cache.
        let options: PDFTextOptions = {
            var o = PDFTextOptions.commandLine
            o.cachedPages = 0
            return o
        }()
        let pipeline = OrderedPipeline<Prepared, PageResult>(
            count: files.count, workers: command.jobs ?? max(1, Processors.available(online: Processors.online())),
            open: { i in
                switch Opening.open(path: files[i], passwords: passwords) {
                case .failure(let f): return .failure(f)
                case .success(let (document, _)):
                    if let refusal = TextAccessOptions.refusal(for: document, path: files[i], purpose: purpose) { return .failure(refusal) }
                    let pdf = PDFDocument(file: document, options: options)
                    let numbers = selection.pages(count: document.pageCount)
                    return .success((Prepared(document: pdf, name: files[i], index: i), numbers))
                }
            },
            process: { prepared, number, _ in
                if stopAtFirst, satisfied.withLock({ $0.contains(prepared.index) }) { return PageResult() }
                guard let found = prepared.document.pageMatches(at: number - 1, for: search, quads: mode == .json), !found.ranges.isEmpty else {
                    return PageResult()
                }
                if stopAtFirst { satisfied.withLock { _ = $0.insert(prepared.index) } }
                let label = prepared.document.page(at: number - 1)?.label ?? String(number)
                return GrepFormatter.page(found, file: prepared.name, number: number, label: label,
                                          json: mode == .json, style: style, write: mode == .lines || mode == .json)
            })

        let out = ByteWriter(fd: 1)
        let flushEachPage = command.lineBuffered || facts.stdoutIsTerminal || progress != nil
        var status = GrepStatus.noMatch
        var failed = false
        var fileLines = 0
        var filePages = 0
        var failures = 0
        pipeline.run { event in
            switch event {
            case .failed(let i, let f):
                out.flush()
                progress?.clear()
                printError(f.message)
                progress?.finished(file: i, name: files[i], pages: 0, failed: true)
                failures += 1
                failed = true
            case .opened(_, _, let pages):
                fileLines = 0
                filePages = pages.count
            case .page(let i, let ordinal, _, let result):
                if result.matches > 0 {
                    status = GrepStatus.matched
                    if command.timing && !firstMatchReported {
                        firstMatchReported = true
                        printError("first match after \(ContinuousClock.now - started)")
                    }
                    if mode == .quiet { return false }
                }
                fileLines += result.lines
                if progress != nil && !result.bytes.data.isEmpty { progress?.clear() }
                out.bytes(result.bytes.data)
                if flushEachPage && !result.bytes.data.isEmpty { out.flush() } else { out.flushIfFull() }
                progress?.page(file: i, name: files[i], page: ordinal + 1, of: filePages)
            case .finished(let i):
                switch mode {
                case .count:
                    var b = Bytes(capacity: 64)
                    if style.fileNames { style.fileName(files[i], into: &b) }
                    b.append(String(fileLines) + "\n")
                    out.bytes(b.data)
                case .names where fileLines > 0:
                    var b = Bytes(capacity: 64)
                    style.fileName(files[i], separator: false, into: &b)
                    b.append(UInt8(ascii: "\n"))
                    out.bytes(b.data)
                default: break
                }
                progress?.clear()
                out.flush()
                progress?.finished(file: i, name: files[i], pages: filePages, failed: false)
            }
            if out.error != nil { return false }
            return true
        }
        out.flush()
        progress?.done(failed: failures)
        if let e = out.error {
            printError("standard output: cannot write: \(e)")
            return GrepStatus.error
        }
        if command.timing { printError("all matches after \(ContinuousClock.now - started)") }
        if failed && !(mode == .quiet && status == GrepStatus.matched) { return GrepStatus.error }
        return status
    }
}

/// grep's colours (its GREP_COLORS defaults): file name magenta, page green, separators
/// cyan, matches bold red.
struct GrepStyle: Sendable {
    var colour: Bool
    var fileNames: Bool

    static let reset = "\u{1B}[m\u{1B}[K"
    static let fileColour = "\u{1B}[35m\u{1B}[K", pageColour = "\u{1B}[32m\u{1B}[K"
    static let separatorColour = "\u{1B}[36m\u{1B}[K", matchColour = "\u{1B}[01;31m\u{1B}[K"

    func separator(into b: inout Bytes) {
        if colour { b.append(Self.separatorColour + ":" + Self.reset) } else { b.append(UInt8(ascii: ":")) }
    }

    /// The file name, its control characters escaped (`ControlEscaping`).
    func fileName(_ name: String, separator sep: Bool = true, into b: inout Bytes) {
        let name = ControlEscaping.escaped(name)
        b.append(colour ? Self.fileColour + name + Self.reset : name)
        if sep { separator(into: &b) }
    }

    func page(_ number: Int, into b: inout Bytes) {
        b.append(colour ? Self.pageColour + String(number) + Self.reset : String(number))
        separator(into: &b)
    }
}

/// Formats one page's matches: grouped by the lines they are on.
enum GrepFormatter {
    /// A run of page lines holding one or more matches.
    struct Group {
        var lines: Range<Int>      // UTF-16 range of the lines in the page string
        var matches: [Int] = []    // indices into the page's ranges
    }

    /// The matches grouped by line: a match covers the lines its range touches, and groups
    /// that share a line merge.
    static func groups(_ units: [UInt16], _ ranges: [Range<Int>]) -> [Group] {
        var out: [Group] = []
        for (k, r) in ranges.enumerated() {
            var start = r.lowerBound
            while start > 0, units[start - 1] != 0x0A { start -= 1 }
            var end = r.upperBound
            while end < units.count, units[end] != 0x0A { end += 1 }
            if var last = out.last, start < last.lines.upperBound {
                last.lines = last.lines.lowerBound..<max(end, last.lines.upperBound)
                last.matches.append(k)
                out[out.count - 1] = last
            } else {
                out.append(Group(lines: start..<end, matches: [k]))
            }
        }
        return out
    }

    /// Text of a UTF-16 range, line breaks as spaces.
    static func text(_ units: [UInt16], _ r: Range<Int>) -> String {
        String(decoding: units[r].map { $0 == 0x0A ? 0x20 : $0 }, as: UTF16.self)
    }

    static func page(_ found: PageMatches, file: String, number: Int, label: String,
                     json: Bool, style: GrepStyle, write: Bool) -> GrepRun.PageResult {
        let units = Array(found.string.utf16)
        let groups = groups(units, found.ranges)
        var result = GrepRun.PageResult()
        result.lines = groups.count
        result.matches = found.ranges.count
        guard write else { return result }
        var b = Bytes(capacity: 128 * groups.count)
        for g in groups {
            if json {
                let context = text(units, g.lines)
                for k in g.matches {
                    let r = found.ranges[k]
                    b.append("{\"file\":")
                    b.append(JSONValue.string(file).serialized)
                    b.append(",\"page\":")
                    b.int(number)
                    b.append(",\"label\":")
                    b.append(JSONValue.string(label).serialized)
                    b.append(",\"match\":")
                    b.append(JSONValue.string(String(decoding: units[r], as: UTF16.self)).serialized)
                    b.append(",\"context\":")
                    b.append(JSONValue.string(context).serialized)
                    b.append(",\"range\":{\"location\":")
                    b.int(r.lowerBound)
                    b.append(",\"length\":")
                    b.int(r.count)
                    b.append("},\"quads\":[")
                    for (qi, q) in found.quads[k].enumerated() {
                        if qi > 0 { b.append(UInt8(ascii: ",")) }
                        b.append(UInt8(ascii: "["))
                        let points = [q.lowerLeft, q.lowerRight, q.upperRight, q.upperLeft]
                        for (pi, p) in points.enumerated() {
                            if pi > 0 { b.append(UInt8(ascii: ",")) }
                            JSONFormatter.number(p.x, into: &b)
                            b.append(UInt8(ascii: ","))
                            JSONFormatter.number(p.y, into: &b)
                        }
                        b.append(UInt8(ascii: "]"))
                    }
                    b.append("]}\n")
                }
            } else {
                if style.fileNames { style.fileName(file, into: &b) }
                style.page(number, into: &b)
                var at = g.lines.lowerBound
                for k in g.matches {
                    let r = found.ranges[k]
                    let s = max(at, r.lowerBound)
                    b.append(ControlEscaping.escaped(text(units, at..<s)))
                    if s < r.upperBound {
                        let m = ControlEscaping.escaped(text(units, s..<r.upperBound))
                        b.append(style.colour ? GrepStyle.matchColour + m + GrepStyle.reset : m)
                    }
                    at = max(at, r.upperBound)
                }
                b.append(ControlEscaping.escaped(text(units, at..<g.lines.upperBound)))
                b.append(UInt8(ascii: "\n"))
            }
        }
        result.bytes = b
        return result
    }
}

import ArgumentParser
import Foundation
import PDFCore
import PDFText

/// `pdftext text` (the default subcommand): the text of one or more PDFs, in reading order,
/// physical layout or content-stream order, as text, TSV, JSON or hOCR.
package struct Text: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Extract text in reading order (the default subcommand: `pdftext FILE` = `pdftext text FILE`).",
        discussion: """
            Output goes to standard output unless named. `pdftext IN.pdf OUT.txt` writes OUT.txt \
            as pdftotext does: with exactly two paths and no -o/--output-dir, the second is the \
            output when it is `-`, or does not end in .pdf and is not an existing PDF; otherwise \
            both are inputs. With several inputs and no output, their texts follow one another \
            on standard output in input order (a TSV header only once; one JSON document per \
            line); --output-dir DIR writes DIR/<name>.txt (.tsv, .json, .hocr) per input \
            instead. An output that is one of the inputs is refused.

            Text is UTF-8 with a form feed after each page (also the last), as pdftotext. \
            --layout keeps the physical layout; --raw keeps the content stream's order. \
            Files and their pages are processed in parallel (--jobs), output stays in order. \
            The layout flags below set one threshold or switch of the layout analysis each.

            Every pdftotext option is accepted, with its single-dash name (-layout, -raw, \
            -nopgbrk, -tsv, -bbox, -bbox-layout, -htmlmeta, -enc, -listenc, -eol, -fixed, \
            -cropbox, -colspacing, -nodiag, -r, -x, -y, -W, -H, -f, -l, -upw, -opw, -q, -v): \
            a single-dash word is never read as letters, and an unknown one is refused by name. \
            Run under the name pdftotext, or with --as-pdftotext, the output defaults to \
            INPUT.txt and usage errors exit 99 (docs/POPPLER-COMPAT.md). An input named like \
            a subcommand (info, glyphs, diagnose) needs `pdftext text ./info`.

            A document whose permissions forbid copying text is refused (exit code 3) unless \
            the owner password is given (--owner-password) or, when the document allows it, \
            the text is for accessibility (--accessibility).

            Exit codes: 0 success; 1 an input could not be opened; 2 output could not be \
            written; 3 password missing or wrong, or text extraction not permitted; 4 no page of a document is in the page \
            selection; 64 bad usage (99 as pdftotext); 99 internal error. With several \
            inputs, the highest; each failing input gets one line on standard error.
            """)

    @Argument(help: ArgumentHelp("PDF files (`-` reads standard input), optionally followed by an output file.", valueName: "file"))
    package var paths: [String] = []

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write everything to this file (`-`: standard output, the default).", valueName: "file"))
    package var output: String?

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("Write each input to DIR/<name>.txt (or .tsv, .json, .hocr), creating DIR.", valueName: "dir"))
    package var outputDir: String?

    @Option(name: [.customShort("F"), .customLong("format")], help: "Output format: text, tsv, json, hocr, html (accessible HTML; styled with --attributed), accessible-text, markdown, rtf, jsonl (one page per line with word boxes) or opensearch-bulk (_bulk NDJSON) (default: from the output's extension, else text; html with --attributed).")
    package var format: OutputFormat?

    @Option(help: "Pages, such as 1-3,7,10- (default: all).")
    package var pages: String?

    @Option(name: .customLong("index-name"), help: ArgumentHelp("The `_index` of --format opensearch-bulk action lines.", valueName: "name"))
    package var bulkIndex: String = Text.defaultBulkIndex
    static let defaultBulkIndex = "pdf-pages"

    @OptionGroup package var range: FirstLastOptions

    @Flag(help: "Keep the physical layout: each line at the row and column of its position (pdftotext -layout).")
    package var layout = false

    @Flag(help: "Keep the content stream's order (pdftotext -raw; same as --reading-order stream).")
    package var raw = false

    @Flag(help: "No form feed after each page.")
    package var noPageBreaks = false

    @Flag(name: [.customShort("q"), .customLong("quiet")], help: "No warnings and no progress bar (errors are still reported).")
    package var quiet = false

    @Option(help: "Progress bar on standard error: auto (when it is a terminal and there are several inputs), always or never.")
    package var progress: ProgressMode = .auto

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Pages processed at once, 1 to 1024 (default: the cores this process may run on, as nproc counts them).")
    package var jobs: Int?

    // pdftotext's single-dash spellings, kept out of --help.
    @Flag(name: .customLong("layout", withSingleDash: true), help: .hidden) var popplerLayout = false
    @Flag(name: .customLong("raw", withSingleDash: true), help: .hidden) var popplerRaw = false
    @Flag(name: .customLong("nopgbrk", withSingleDash: true), help: .hidden) var popplerNoPageBreaks = false
    @Flag(name: .customLong("tsv", withSingleDash: true), help: .hidden) var popplerTSV = false

    @OptionGroup(title: "Styled text") package var styled: AttributedFlags

    @OptionGroup(title: "Layout analysis") package var layoutFlags: LayoutFlags

    @OptionGroup(title: "pdftotext options") package var poppler: PopplerOptions

    @OptionGroup(title: "OCR") package var ocr: OCRFlags

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup package var access: TextAccessOptions

    package init() {}

    var physical: Bool { layout || popplerLayout || (poppler.fixedPitch ?? 0) > 0 }
    var contentOrder: Bool { raw || popplerRaw }

    package func validate() throws {
        if let p = pages { _ = try PageSelection(parsing: p) }
        if poppler.listEncodings { return }
        if paths.isEmpty { throw ValidationError("no input file (use `-` for standard input)") }
        if poppler.asPdftotext, paths.count > 2 { throw ValidationError("pdftotext takes one input and at most one output file, not \(paths.count) paths") }
        if poppler.asPdftotext, paths == ["-"], output == nil, outputDir == nil {
            throw ValidationError("You have to provide an output filename when reading from stdin.")
        }
        try Jobs.validate(jobs)
        if output != nil && outputDir != nil { throw ValidationError("--output and --output-dir exclude each other") }
        let o = layoutFlags.readingOrder
        if contentOrder, o != .contentStream, o != LayoutOptions().readingOrder {
            throw ValidationError("--raw and --reading-order \(o.rawValue) contradict each other")
        }
        if popplerTSV, let f = format, f != .tsv { throw ValidationError("-tsv and --format \(f.rawValue) contradict each other") }
        try validatePoppler()
        if physical, effectiveFormat != .text { throw ValidationError("--layout applies to --format text only") }
        try validateStyled()
    }

    /// Inputs and where their output goes.
    enum Destination: Equatable {
        case standardOutput
        case file(String)
        case directory(String)
    }

    /// Splits the positional paths into inputs and an output (see the discussion).
    func plan() -> (inputs: [String], destination: Destination) {
        if let d = outputDir { return (paths, .directory(d)) }
        if let o = output { return (paths, o == "-" ? .standardOutput : .file(o)) }
        if poppler.asPdftotext { return pdftotextPlan }
        return Self.plan(paths)
    }

    /// `plan()` without -o or --output-dir: two paths are an input and its output when the
    /// second is `-`, or does not end in .pdf and is not an existing PDF.
    static func plan(_ paths: [String]) -> (inputs: [String], destination: Destination) {
        if paths.count == 2 {
            let last = paths[1]
            if last == "-" { return ([paths[0]], .standardOutput) }
            if !last.lowercased().hasSuffix(".pdf") && !FileIdentity.looksLikePDF(last) {
                return ([paths[0]], .file(last))
            }
        }
        return (paths, .standardOutput)
    }

    var effectiveFormat: OutputFormat {
        if let f = styledFormat { return f }
        if let f = format { return f }
        if popplerTSV { return .tsv }
        if let f = popplerFormat { return f }
        if poppler.asPdftotext { return .text }
        return Self.format(for: plan().destination)
    }

    /// The format an output's extension asks for (text for standard output, a directory,
    /// or another extension).
    static func format(for destination: Destination) -> OutputFormat {
        if case .file(let path) = destination {
            switch (path as NSString).pathExtension.lowercased() {
            case "tsv": return .tsv
            case "json": return .json
            case "jsonl": return .jsonl
            case "ndjson": return .opensearchBulk
            case "hocr", "html", "xhtml": return .hocr
            default: break
            }
        }
        return .text
    }

    func formatter() -> any PageFormatter {
        if let f = styledFormat { return styledFormatter(f) }
        if effectiveFormat == .markdown || effectiveFormat == .rtf { return styledFormatter(effectiveFormat) }
        return encoded(unencodedFormatter())
    }

    /// The formatter of a format without styles, before `--encoding` and `--eol`.
    func unencodedFormatter() -> any PageFormatter {
        if effectiveFormat == .text { return wrappedText(textFormatter) }
        return popplerFormatter(effectiveFormat) ?? Self.defaultFormatter(effectiveFormat, bulkIndex: bulkIndex)
    }

    var textFormatter: TextFormatter {
        var f = TextFormatter(physical: physical, pageBreaks: !(noPageBreaks || popplerNoPageBreaks))
        if let fixed = poppler.fixedPitch, fixed > 0 { f.physicalOptions.fixedCharacterWidth = fixed }
        return f
    }

    /// The formatter of a format without styles, in reading order, with page breaks.
    static func defaultFormatter(_ format: OutputFormat, bulkIndex: String = Text.defaultBulkIndex) -> any PageFormatter {
        return switch format {
        case .text: TextFormatter(physical: false, pageBreaks: true)
        case .tsv: TSVFormatter()
        case .json: JSONFormatter()
        case .hocr: HOCRFormatter(version: PDFTextCommand.configuration.version)
        // Styled formats come from `formatter()`; whole-document formats are written by
        // SemanticRun, not page by page.
        case .markdown, .rtf, .html, .accessibleText: TextFormatter(physical: false, pageBreaks: true)
        case .jsonl: PageRecordFormatter(bulkIndex: nil)
        case .opensearchBulk: PageRecordFormatter(bulkIndex: bulkIndex)
        case .bbox, .bboxLayout: BBoxFormatter(frame: .mediaBox, layout: format == .bboxLayout)
        case .alto: ALTOFormatter(version: PDFTextCommand.configuration.version)
        }
    }

    /// The layout options the flags ask for.
    var layoutOptions: LayoutOptions {
        var o = LayoutOptions()
        layoutFlags.apply(to: &o)
        if contentOrder { o.readingOrder = .contentStream }
        if let c = poppler.columnSpacing { o.segmentGapRatio = c }
        return o
    }

    package func run() throws {
        if poppler.listEncodings {
            print((["Available encodings are:"] + OutputEncoding.listed).joined(separator: "\n"))
            return
        }
        let (inputs, destination) = plan()
        let format = effectiveFormat
        let status = styledFormat == nil && (format == .html || format == .accessibleText)
            ? SemanticRun(command: self, inputs: inputs, destination: destination, format: format).run()
            : TextRun(settings: settings, inputs: inputs, destination: destination).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// What a page-by-page run needs from the command line.
    var settings: TextRun.Settings {
        TextRun.Settings(format: effectiveFormat, formatter: formatter(), pages: pages,
                         firstPage: range.firstPage, lastPage: range.lastPage,
                         passwords: passwords.candidates, purpose: access.purpose, layoutOptions: layoutOptions,
                         wantsStyles: wantsStyles, jobs: jobs, progress: progress, quiet: quiet,
                         cropArea: poppler.cropArea.map(CropArea.init(area:)), ocr: ocr.options)
    }

    /// `pdftext [OPTIONS] FILE [OUTPUT]` with only the common options, and `pdftext
    /// --version`, without the argument parser, whose reading of the layout flags'
    /// definitions costs more than a one-page document's text (docs/PERFORMANCE.md): the exit
    /// status when `arguments` (the command line after the program's name) is such a call,
    /// else nil. The options read here are `-q`/`--quiet`, `-j`/`--jobs N`,
    /// `-f`/`--first-page N` and `-l`/`--last-page N`, each at most once, with a value of
    /// digits in the range the parser accepts; anything else (another option, `--jobs=N`, a
    /// value out of range, a path starting with `-`, a path named like a subcommand, an
    /// output whose extension asks for styled text) leaves it to the parser, which reports
    /// errors.
    static func fastRun(_ arguments: [String]) -> Int32? {
        if arguments == ["--version"] {
            print(PDFTextCommand.configuration.version)
            return ExitStatus.success
        }
        guard let call = fastCall(arguments) else { return nil }
        let (inputs, destination) = plan(call.paths)
        // Styled output (an .md or .rtf file) needs the styling pipeline: the parser's way.
        if case .file(let path) = destination, styledFormat(forExtensionOf: path) != nil { return nil }
        let format = format(for: destination)
        let settings = TextRun.Settings(format: format, formatter: defaultFormatter(format), pages: nil,
                                        firstPage: call.firstPage, lastPage: call.lastPage,
                                        passwords: [], purpose: .general, layoutOptions: LayoutOptions(),
                                        wantsStyles: false, jobs: call.jobs, progress: .auto, quiet: call.quiet)
        return TextRun(settings: settings, inputs: inputs, destination: destination).run()
    }

    /// A command line `fastRun` takes: one or two paths and the common options.
    struct FastCall: Equatable {
        var paths: [String] = []
        var quiet = false
        var jobs: Int? = nil
        var firstPage: Int? = nil
        var lastPage: Int? = nil
    }

    /// `arguments` read as a `FastCall`, or nil when the parser must read them.
    static func fastCall(_ arguments: [String]) -> FastCall? {
        var call = FastCall()
        var seen: Set<String> = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "-q", "--quiet":
                guard seen.insert("quiet").inserted else { return nil }
                call.quiet = true
            case "-j", "--jobs", "-f", "--first-page", "-l", "--last-page":
                guard i + 1 < arguments.count, let value = plainCount(arguments[i + 1]) else { return nil }
                switch a {
                case "-j", "--jobs":
                    guard seen.insert("jobs").inserted, (1...Jobs.maximum).contains(value) else { return nil }
                    call.jobs = value
                case "-f", "--first-page":
                    guard seen.insert("first").inserted, value >= 1 else { return nil }
                    call.firstPage = value
                default:
                    guard seen.insert("last").inserted, value >= 1 else { return nil }
                    call.lastPage = value
                }
                i += 1
            default:
                guard !a.isEmpty, !a.hasPrefix("-") else { return nil }
                call.paths.append(a)
            }
            i += 1
        }
        guard (1...2).contains(call.paths.count) else { return nil }
        let names = PDFTextCommand.configuration.subcommands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases } + ["help"]
        guard !call.paths.contains(where: { names.contains($0) }) else { return nil }
        return call
    }

    /// A count written as 1 to 9 ASCII digits; nil for anything else (a sign, a space, more
    /// digits), which the parser reads and reports.
    static func plainCount(_ s: String) -> Int? {
        let u = s.utf8
        guard (1...9).contains(u.count), u.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(s)
    }
}

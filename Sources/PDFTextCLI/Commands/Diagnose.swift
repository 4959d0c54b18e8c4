import ArgumentParser
import Foundation
import PDFCore
import PDFText

/// `pdftext diagnose`: how trustworthy each page's text is, and whether it needs OCR.
package struct Diagnose: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "diagnose",
        abstract: "Judge the text quality of each page: ok, degraded, or needs-ocr, with the reasons.",
        discussion: """
            Per page: glyph counts by Unicode source (tounicode, encoding, glyphname, fontprogram, \
            actualtext, guessed, none), glyphs left without Unicode and the fonts responsible, \
            invisible and duplicate glyphs, the share of the page covered by images, which source \
            decided the reading order and how sure it is, and a garbled-text measure. Then a \
            verdict: needs-ocr (images and no or almost no text, or text mostly unmapped or \
            garbled), degraded (partly unmapped or garbled, mostly guessed, or an uncertain \
            order) or ok; and one summary line per file. The measures and thresholds are \
            described in docs/DIAGNOSE.md.

            Exit codes: 0 whatever the verdicts (unless --fail-on); 1 a file could not be opened; \
            2 output could not be written; 3 password missing or wrong; 4 with --fail-on, some \
            page reached that verdict; 64 bad usage.
            """)

    @Argument(help: "PDF files (`-` reads standard input).")
    package var files: [String]

    @Option(help: "Pages, such as 1-3,7,10- (default: all).")
    package var pages: String?

    @OptionGroup package var range: FirstLastOptions

    @Flag(help: "One JSON object per file, one per line.")
    package var json = false

    @Option(help: "Exit with 4 when some page is at least this bad: degraded or needs-ocr.")
    package var failOn: PageVerdict?

    @OptionGroup(title: "Thresholds") package var thresholds: DiagnoseThresholdFlags

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup(title: "Progress") package var progressOptions: ProgressOptions

    package init() {}

    package func validate() throws {
        if let p = pages { _ = try PageSelection(parsing: p) }
        if failOn == .ok { throw ValidationError("--fail-on takes degraded or needs-ocr") }
    }

    package func run() throws {
        let selection = (try? pages.map { try PageSelection(parsing: $0) }) ?? PageSelection()
        let first = range.firstPage, last = range.lastPage
        let candidates = passwords.candidates
        let limits = thresholds.values
        let files = self.files
        let pipeline = OrderedPipeline<TextExtractor, PageDiagnosis>(
            count: files.count, workers: Processors.available(online: Processors.online()),
            open: { i in
                Opening.open(path: files[i], passwords: candidates).map { document, _ in
                    (TextExtractor(document: document), selection.pages(count: document.pageCount, first: first, last: last))
                }
            },
            process: { extractor, number, _ in
                PageDiagnosis(extractor.page(number - 1), number: number, thresholds: limits)
            })
        let out = ByteWriter()
        let facts = TerminalFacts.current
        let progress = ProgressBar.make(progressOptions.mode, inputs: files.count, reportOnTerminal: facts.stdoutIsTerminal, facts: facts)
        // The report on the terminal of the bar (--progress always): the bar is cleared and
        // the report written before the bar is drawn again.
        let sharedTerminal = progress != nil && facts.stdoutIsTerminal
        var pageCount = 0, failures = 0
        var status = ExitStatus.success
        var found = false
        var diagnoses: [PageDiagnosis] = []
        pipeline.run { event in
            switch event {
            case .failed(let i, let f):
                out.flush()
                progress?.clear()
                printError(f.message)
                progress?.finished(file: i, name: files[i], pages: 0, failed: true)
                failures += 1
                status = max(status, f.exitCode)
            case .opened(let i, _, let pages):
                diagnoses = []
                pageCount = pages.count
                if !json { out.write(ControlEscaping.escaped(files[i]) + "\n") }
            case .page(let i, let ordinal, _, let d):
                diagnoses.append(d)
                if let f = failOn, d.verdict >= f { found = true }
                if !json { out.write(ControlEscaping.escapedLines(d.text)) }
                if sharedTerminal { progress?.clear(); out.flush() }
                progress?.page(file: i, name: files[i], page: ordinal + 1, of: pageCount)
            case .finished(let i):
                let summary = DocumentDiagnosis(pages: diagnoses)
                if json {
                    var o = JSONObject()
                    o["file"] = .string(files[i])
                    o["pages"] = .array(diagnoses.map(\.json))
                    o["summary"] = summary.json
                    out.write(JSONValue.object(o).serialized + "\n")
                } else {
                    out.write(ControlEscaping.escaped("\(files[i]): \(summary.line)") + "\n")
                }
                progress?.clear()
                out.flush()
                progress?.finished(file: i, name: files[i], pages: diagnoses.count, failed: false)
            }
            out.flushIfFull()
            return out.error == nil
        }
        out.flush()
        progress?.done(failed: failures)
        if let e = out.error {
            printError("cannot write output: \(e)")
            throw ExitCode(ExitStatus.outputFailed)
        }
        if status == ExitStatus.success && found { status = ExitStatus.findings }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

extension PageVerdict: ExpressibleByArgument {}

/// The defaults the thresholds' help names.
private let defaultThresholds = DiagnoseThresholds()

/// The thresholds as flags of `diagnose`.
package struct DiagnoseThresholdFlags: ParsableArguments {
    @Option(help: ArgumentHelp("A page with at most this many visible characters has almost no text (default \(defaultThresholds.minTextCharacters)).", valueName: "n"))
    var minTextCharacters: Int?
    @Option(help: ArgumentHelp("Image share of the page from which a page with almost no text needs OCR (default \(defaultThresholds.imageCoverage)).", valueName: "share"))
    var imageCoverage: Double?
    @Option(help: ArgumentHelp("Share of glyphs without Unicode from which a page needs OCR (default \(defaultThresholds.unmappedNeedsOCR)).", valueName: "share"))
    var unmappedNeedsOcr: Double?
    @Option(help: ArgumentHelp("Share of glyphs without Unicode from which a page is degraded (default \(defaultThresholds.unmappedDegraded)).", valueName: "share"))
    var unmappedDegraded: Double?
    @Option(help: ArgumentHelp("Share of garbled characters from which a page needs OCR (default \(defaultThresholds.garbledNeedsOCR)).", valueName: "share"))
    var garbledNeedsOcr: Double?
    @Option(help: ArgumentHelp("Share of garbled characters from which a page is degraded (default \(defaultThresholds.garbledDegraded)).", valueName: "share"))
    var garbledDegraded: Double?
    @Option(help: ArgumentHelp("Share of guessed glyphs from which a page is degraded (default \(defaultThresholds.guessedDegraded)).", valueName: "share"))
    var guessedDegraded: Double?
    @Option(help: ArgumentHelp("Reading-order confidence below which a page is degraded (default \(defaultThresholds.lowOrderConfidence)).", valueName: "c"))
    var lowOrderConfidence: Double?

    package init() {}

    package func validate() throws {
        for (name, v) in [("--image-coverage", imageCoverage), ("--unmapped-needs-ocr", unmappedNeedsOcr),
                          ("--unmapped-degraded", unmappedDegraded), ("--garbled-needs-ocr", garbledNeedsOcr),
                          ("--garbled-degraded", garbledDegraded), ("--guessed-degraded", guessedDegraded),
                          ("--low-order-confidence", lowOrderConfidence)] {
            if let v, !(v >= 0 && v <= 1) { throw ValidationError("\(name) must be between 0 and 1") }
        }
        if let n = minTextCharacters, n < 0 { throw ValidationError("--min-text-characters must be 0 or more") }
    }

    var values: DiagnoseThresholds {
        var t = DiagnoseThresholds()
        if let v = minTextCharacters { t.minTextCharacters = v }
        if let v = imageCoverage { t.imageCoverage = v }
        if let v = unmappedNeedsOcr { t.unmappedNeedsOCR = v }
        if let v = unmappedDegraded { t.unmappedDegraded = v }
        if let v = garbledNeedsOcr { t.garbledNeedsOCR = v }
        if let v = garbledDegraded { t.garbledDegraded = v }
        if let v = guessedDegraded { t.guessedDegraded = v }
        if let v = lowOrderConfidence { t.lowOrderConfidence = v }
        return t
    }
}

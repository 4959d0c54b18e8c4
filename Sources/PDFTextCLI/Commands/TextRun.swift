import Foundation
import PDFCore
import PDFOCR
import PDFText

/// One run of `text`: the pipeline (opening documents, formatting pages on workers) and the
/// writing side (`TextOutputs`).
struct TextRun {
    struct Prepared: Sendable {
        var extractor: TextExtractor
        var context: DocumentContext
    }

    /// The command line's answers a run reads.
    struct Settings {
        var format: OutputFormat
        var formatter: any PageFormatter
        var pages: String?
        var firstPage: Int?
        var lastPage: Int?
        var passwords: [String]
        var purpose: TextPurpose
        var layoutOptions: LayoutOptions
        var wantsStyles: Bool
        var jobs: Int?
        var progress: ProgressMode
        var quiet: Bool
        /// pdftotext's crop area (-x -y -W -H), or nil.
        var cropArea: CropArea? = nil
        /// How scanned pages are read (`--ocr`; auto by default).
        var ocr = OCROptions(mode: .auto)
    }

    let settings: Settings
    let inputs: [String]
    let destination: Text.Destination

    func run() -> Int32 {
        if let refusal = refuseOverwritingAnInput() { return refusal }
        let directoryNames: [String]
        switch outputDirectory() {
        case .failure(let status): return status.code
        case .success(let names): directoryNames = names
        }
        let progress = ProgressBar.enabled(settings.progress, inputs: inputs.count, quiet: settings.quiet)
            ? ProgressBar(total: inputs.count, terminal: isatty(2) != 0) : nil
        let workers = Self.workers(jobs: settings.jobs)
        let formatter = settings.formatter
        let opening = Opener(settings: settings, inputs: inputs, workers: workers)
        let ocrWarnings = OCRWarnings(quiet: settings.quiet)
        let pipeline = OrderedPipeline<Prepared, Bytes>(
            count: inputs.count, workers: workers,
            open: { i in opening.open(i) },
            process: { prepared, number, ordinal in
                let page = prepared.extractor.page(number - 1)
                ocrWarnings.check(page.glyphs, path: prepared.context.path, number: number)
                let label = prepared.context.labels.flatMap { number - 1 < $0.count ? $0[number - 1] : nil }
                return formatter.page(page, PageContext(number: number, ordinal: ordinal, label: label), prepared.context)
            })
        let outputs = TextOutputs(destination: destination, inputs: inputs, directoryNames: directoryNames,
                                  formatter: formatter, progress: progress)
        pipeline.run { outputs.consume($0) }
        return outputs.finish()
    }

    /// The exit status when the one output file is one of the inputs (after saying so),
    /// else nil.
    func refuseOverwritingAnInput() -> Int32? {
        guard case .file(let out) = destination,
              let clash = inputs.first(where: { $0 != "-" && FileIdentity.same($0, out) }) else { return nil }
        printError("\(out): refusing to overwrite the input \(clash)")
        return ExitStatus.outputFailed
    }

    /// An exit status as an error, for `Result`.
    struct Status: Error { var code: Int32 }

    /// With `--output-dir`: creates the folder and gives each input's output path; else no
    /// paths. Fails (after saying so) when the folder cannot be created.
    func outputDirectory() -> Swift.Result<[String], Status> {
        guard case .directory(let dir) = destination else { return .success([]) }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            printError("\(dir): cannot create directory: \(FileIdentity.reason(error))")
            return .failure(Status(code: ExitStatus.outputFailed))
        }
        return .success(FileIdentity.outputNames(for: inputs, extension: settings.format.fileExtension)
            .map { (dir as NSString).appendingPathComponent($0) })
    }

    /// The workers `--jobs` asks for (default: the cores available), with the heap set up
    /// for them.
    static func workers(jobs: Int?) -> Int {
        let cores = Processors.available(online: Processors.online())
        let workers = jobs ?? max(1, cores)
        if workers > 1 {
            Processors.limitMallocArenas(to: workers)
        } else {
            // One worker: the heap kept between pages (with more workers the thresholds cost
            // time and memory: each arena then keeps its own top).
            let thresholds = Processors.pageMallocThresholds
            Processors.setMallocThresholds(mmap: thresholds.mmap, trim: thresholds.trim)
        }
        return workers
    }

    /// Opens the inputs of a run, on the workers: reads, unlocks, checks the permissions,
    /// selects the pages and sets up the extractor.
    struct Opener: Sendable {
        let settings: Settings
        let selection: PageSelection
        /// The format identifies pages by the SHA-256 of their file.
        let hashes: Bool
        let inputs: [String]
        let workers: Int

        init(settings: Settings, inputs: [String], workers: Int) {
            self.settings = settings
            selection = (try? settings.pages.map { try PageSelection(parsing: $0) }) ?? PageSelection()
            hashes = settings.format == .jsonl || settings.format == .opensearchBulk
            self.inputs = inputs
            self.workers = workers
        }

        func open(_ i: Int) -> Swift.Result<(Prepared, [Int]), Opening.Failure> {
            let bytes: [UInt8]
            switch Opening.read(path: inputs[i]) {
            case .failure(let f): return .failure(f)
            case .success(let b): bytes = b
            }
            switch Opening.open(bytes: bytes, path: inputs[i], passwords: settings.passwords) {
            case .failure(let f): return .failure(f)
            case .success(let document):
                if let refusal = TextAccessOptions.refusal(for: document, path: inputs[i], purpose: settings.purpose) { return .failure(refusal) }
                let numbers = selection.pages(count: document.pageCount, first: settings.firstPage, last: settings.lastPage)
                var context = DocumentContext(path: inputs[i], pageCount: document.pageCount, pages: numbers,
                                              labels: document.pageLabels, title: document.info.title,
                                              firstOnStream: true)
                if hashes { context.sha256 = Opening.sha256(bytes) }
                context.language = document.language
                context.metadata = DocumentMetadata(document)
                var base = TextExtractor(document: document, layout: settings.layoutOptions,
                                         readsStructureConcurrently: workers > 1).withOCR(settings.ocr)
                if let crop = settings.cropArea { base.glyphPass = { crop.apply(to: &$0) } }
                let extractor = base
                    .withRunningFurniture(pages: numbers.map { $0 - 1 }, workers: workers)
                    .readingAhead(pages: numbers.map { $0 - 1 })
                if settings.wantsStyles { context.styling = StylingSource(document: document, structure: extractor.structureOrder) }
                return .success((Prepared(extractor: extractor, context: context), numbers))
            }
        }
    }
}

/// The writing side of a `text` run, on the calling thread: where each document's bytes
/// go (standard output, the one output file, or a file per input), failures reported as
/// they come, the progress bar, and the exit status.
final class TextOutputs {
    let destination: Text.Destination
    let inputs: [String]
    /// With `--output-dir`: each input's output path.
    let directoryNames: [String]
    let formatter: any PageFormatter
    let progress: ProgressBar?

    private(set) var status = ExitStatus.success
    private var shared: OutputFile? = nil      // standard output or the one output file
    private var current: OutputFile? = nil     // the output of the document being written
    private var context: DocumentContext? = nil
    private var documentsOnShared = 0
    private var failedFiles = 0
    private var skipping = false

    init(destination: Text.Destination, inputs: [String], directoryNames: [String],
         formatter: any PageFormatter, progress: ProgressBar?) {
        self.destination = destination
        self.inputs = inputs
        self.directoryNames = directoryNames
        self.formatter = formatter
        self.progress = progress
    }

    /// Takes one event of the pipeline; false stops it.
    func consume(_ event: OrderedPipeline<TextRun.Prepared, Bytes>.Event) -> Bool {
        switch event {
        case .failed(let i, let f):
            shared?.writer.flush()
            report(f.message, status: f.exitCode)
            failedFiles += 1
            progress?.finished(file: i, name: inputs[i], pages: 0, failed: true)
            return true
        case .opened(let i, let prepared, let pages):
            return opened(i, prepared.context, pages: pages)
        case .page(let i, _, let number, let bytes):
            if !skipping, let out = current {
                out.writer.bytes(bytes.data)
                out.writer.flushIfFull()
                if out.writer.error != nil { return fail(out) }
            }
            progress?.page(file: i, name: inputs[i], page: number, of: context?.pageCount ?? number)
            return true
        case .finished(let i):
            if !skipping, let out = current, let ctx = context {
                out.writer.bytes(formatter.documentEnd(ctx).data)
                out.writer.flush()
                if out.writer.error != nil { return fail(out) }
                if case .directory = destination { out.close() }
            }
            progress?.finished(file: i, name: inputs[i], pages: context?.pages.count ?? 0, failed: skipping)
            current = nil
            return true
        }
    }

    /// A document opened: its output chosen (or created), then its start written.
    private func opened(_ i: Int, _ prepared: DocumentContext, pages: [Int]) -> Bool {
        var ctx = prepared
        skipping = false
        if pages.isEmpty && ctx.pageCount > 0 {
            // As pdftotext, a selection outside the document is an error (pdftotext
            // exits 99; here 4, "finished, but something asked for was missing").
            report("\(inputs[i]): no page in the selection (the document has \(ctx.pageCount) page\(ctx.pageCount == 1 ? "" : "s"))",
                   status: ExitStatus.findings)
        }
        switch destination {
        case .standardOutput, .file:
            guard let out = sharedOutput() else { return false }
            current = out
            ctx.firstOnStream = documentsOnShared == 0
            documentsOnShared += 1
        case .directory:
            if let out = directoryOutput(i) { current = out } else { skipping = true }
        }
        context = ctx
        if !skipping, let out = current {
            out.writer.bytes(formatter.documentStart(ctx).data)
            out.writer.flushIfFull()
        }
        return true
    }

    /// Standard output or the one output file, created on first use; nil (after saying
    /// so) when it cannot be created.
    private func sharedOutput() -> OutputFile? {
        if let shared { return shared }
        if case .file(let path) = destination {
            switch OutputFile.create(path) {
            case .success(let f): shared = f
            case .failure(let f):
                report(f.message, status: ExitStatus.outputFailed)
                return nil
            }
        } else {
            shared = OutputFile(name: "standard output", fd: 1, owned: false)
        }
        return shared
    }

    /// Input `i`'s file in the output folder; nil (after saying so) when it would overwrite
    /// an input or cannot be created.
    private func directoryOutput(_ i: Int) -> OutputFile? {
        let path = directoryNames[i]
        if inputs.contains(where: { $0 != "-" && FileIdentity.same($0, path) }) {
            report("\(path): refusing to overwrite an input", status: ExitStatus.outputFailed)
            return nil
        }
        switch OutputFile.create(path) {
        case .success(let f): return f
        case .failure(let f):
            report(f.message, status: ExitStatus.outputFailed)
            return nil
        }
    }

    /// One line on standard error (the progress bar cleared first); the exit status at
    /// least `code`.
    private func report(_ message: String, status code: Int32) {
        progress?.clear()
        printError(message)
        status = max(status, code)
    }

    /// A write to `file` failed: said, and the run stops.
    private func fail(_ file: OutputFile) -> Bool {
        report("\(file.name): cannot write: \(file.writer.error ?? "unknown error")", status: ExitStatus.outputFailed)
        return false
    }

    /// After the pipeline: the shared output flushed and closed, the progress bar ended;
    /// the run's exit status.
    func finish() -> Int32 {
        if let s = shared {
            s.writer.flush()
            if s.writer.error != nil, status != ExitStatus.outputFailed { _ = fail(s) }
            s.close()
        }
        progress?.done(failed: failedFiles)
        return status
    }
}

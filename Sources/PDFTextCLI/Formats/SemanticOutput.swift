import Foundation
import PDFSemantic
import PDFText

/// `pdftext FILE --format html|accessible-text`: whole-document outputs built from the
/// structure tree (or inferred structure), written one document after another.
struct SemanticRun {
    let command: Text
    let inputs: [String]
    let destination: Text.Destination
    let format: OutputFormat

    func run() -> Int32 {
        let selection = (try? command.pages.map { try PageSelection(parsing: $0) }) ?? PageSelection()
        let first = command.range.firstPage, last = command.range.lastPage
        var status = ExitStatus.success
        if case .file(let out) = destination, let clash = inputs.first(where: { $0 != "-" && FileIdentity.same($0, out) }) {
            printError("\(out): refusing to overwrite the input \(clash)")
            return ExitStatus.outputFailed
        }
        var names: [String] = []
        if case .directory(let dir) = destination {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                printError("\(dir): cannot create directory: \(FileIdentity.reason(error))")
                return ExitStatus.outputFailed
            }
            names = FileIdentity.outputNames(for: inputs, extension: format.fileExtension).map { (dir as NSString).appendingPathComponent($0) }
        }
        var shared: OutputFile?
        defer { shared?.close() }
        for (i, input) in inputs.enumerated() {
            let document: Document
            switch Opening.open(path: input, passwords: command.passwords.candidates) {
            case .failure(let f): printError(f.message); status = max(status, f.exitCode); continue
            case .success(let (d, _)): document = d
            }
            if let refusal = TextAccessOptions.refusal(for: document, path: input, purpose: command.access.purpose) {
                printError(refusal.message); status = max(status, refusal.exitCode); continue
            }
            let numbers = selection.pages(count: document.pageCount, first: first, last: last)
            var options = PDFTextOptions.commandLine
            options.layout = command.layoutOptions
            options.ocr = command.ocr.options
            let pdf = PDFDocument(file: document, options: options)
            let fallback = input == "-" ? "stdin" : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
            let semantic = SemanticBuilder.build(document: pdf, pages: numbers.map { $0 - 1 }, fallbackTitle: fallback)
            let body = format == .html ? SemanticHTML.render(semantic) : AccessibleText.render(semantic)
            let file: OutputFile
            switch destination {
            case .directory:
                switch OutputFile.create(names[i]) {
                case .failure(let f): printError(f.message); status = max(status, f.exitCode); continue
                case .success(let o): file = o
                }
            case .file(let path):
                if shared == nil {
                    switch OutputFile.create(path) {
                    case .failure(let f): printError(f.message); return ExitStatus.outputFailed
                    case .success(let o): shared = o
                    }
                }
                file = shared!
            case .standardOutput:
                if shared == nil { shared = OutputFile(name: "standard output", fd: 1, owned: false) }
                file = shared!
            }
            file.writer.write(body)
            file.writer.flush()
            if let e = file.writer.error { printError("\(file.name): cannot write: \(e)"); status = max(status, ExitStatus.outputFailed) }
            if case .directory = destination { file.close() }
        }
        return status
    }
}

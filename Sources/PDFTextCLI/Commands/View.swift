import ArgumentParser
import Foundation
import PDFCore
import PDFText
import PDFViewer

/// `pdftext view FILE -o DIR`: the web viewer for one document as static files.
package struct View: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Write the web viewer for one PDF as static files, to open from disk without a server.",
        discussion: """
            Writes DIR/index.html with the web app of `pdftext serve`, pdf.js (copied from \
            Debian's libjs-pdf), the PDF, and the overlay data of every page (words, lines, \
            blocks in reading order, glyphs by Unicode source, structure elements, audit \
            findings) as JavaScript files under DIR/data, so that a browser opens it from \
            file:// (which forbids fetching JSON). The layout of DIR: docs/VIEWER.md.

            DIR is created when missing. One that holds files not written by `pdftext view` \
            is refused unless --force; a previous output is replaced.

            Exit codes: 0 success; 1 the PDF could not be opened; 2 DIR could not be written \
            (or was refused); 3 a password is missing or wrong; 64 bad usage.
            """)

    @Argument(help: "PDF file.")
    package var file: String

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The folder to write.", valueName: "dir"))
    package var output: String

    @Flag(help: "Write into DIR even when it holds other files.")
    package var force = false

    @OptionGroup package var passwords: PasswordOptions

    package init() {}

    package func run() throws {
        if let refusal = StaticExport.check(folder: output, force: force) {
            printError("\(output): \(refusal.message)")
            throw ExitCode(ExitStatus.outputFailed)
        }
        let bytes: [UInt8]
        switch Opening.read(path: file) {
        case .failure(let f):
            printError(f.message)
            throw ExitCode(f.exitCode)
        case .success(let b): bytes = b
        }
        let document: Document
        switch Opening.open(bytes: bytes, path: file, passwords: passwords.candidates) {
        case .failure(let f):
            printError(f.message)
            throw ExitCode(f.exitCode)
        case .success(let d): document = d
        }
        guard document.pageCount > 0 else {
            printError("\(file): the document has no page")
            throw ExitCode(ExitStatus.openFailed)
        }
        let name = (file as NSString).lastPathComponent
        let entry = DocumentCatalog.Entry(id: DocumentCatalog.id(of: name), name: name, path: file, root: "")
        do throws(StaticExport.Failure) {
            try StaticExport.write(OpenDocument(entry: entry, document: document), pdf: bytes, to: output, force: force)
        } catch {
            printError("\(output): \(error.message)")
            throw ExitCode(ExitStatus.outputFailed)
        }
    }
}

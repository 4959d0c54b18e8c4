import ArgumentParser
import Foundation
import PDFCore

/// The `pdftext` command. Subcommands are library types so tests can run them in-process.
public struct PDFTextCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pdftext",
        abstract: "Text, structure and metadata out of PDF files.",
        discussion: """
            Exit codes: 0 success; 1 a PDF could not be opened or is damaged beyond repair \
            (no page can be read although it holds page objects); \
            2 output could not be written; 3 a password is missing or wrong, the file uses \
            an unsupported security handler or crypt filter, or its permissions forbid extracting text; 4 a check found what it was asked to report \
            (diagnose --fail-on, audit --fail-on), or a page selection left a document with no page; 64 bad usage; 99 internal error. With several \
            files, the highest code of any file.
            """,
        version: "0.1.0",
        subcommands: [Text.self, Info.self, Glyphs.self, Fonts.self, Diagnose.self, Select.self, Structure.self, Grep.self, AuditCommand.self, IndexCommand.self, SearchCommand.self, Serve.self, View.self, LayoutDebug.self],
        defaultSubcommand: Text.self)
    public init() {}

    /// Runs the command line. `pdftext FILE [OUTPUT]` and `--version` run without the
    /// argument parser (`Text.fastRun`). A `search` with more arguments than a query may
    /// hold is refused first, before the argument parser reads them: its time grows with
    /// the square of their number.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let program = CommandLine.arguments.first ?? "pdftext"
        if !PopplerArguments.isPdftotext(programName: program, arguments: arguments),
           let status = Text.fastRun(arguments) { SystemCall.exitProcess(status) }
        if let refusal = SearchCommand.refusal(arguments: arguments) {
            printError(refusal)
            SystemCall.exitProcess(ExitStatus.usage)
        }
        // A bare --progress and text's --no-progress (ProgressSpelling).
        run(ProgressSpelling.resolved(arguments) { (try? parseAsRoot($0)) != nil }, programName: program)
    }
}

/// Exit codes shared by every subcommand (compatible with poppler's tools).
package enum ExitStatus {
    package static let success: Int32 = 0
    package static let openFailed: Int32 = 1
    package static let outputFailed: Int32 = 2
    package static let password: Int32 = 3
    /// Finished, but a check found what it was asked to report (`diagnose --fail-on`).
    package static let findings: Int32 = 4
    package static let usage: Int32 = 64
    package static let internalError: Int32 = 99
}

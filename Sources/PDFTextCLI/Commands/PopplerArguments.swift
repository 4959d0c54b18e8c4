import ArgumentParser
import Foundation
import PDFCore

/// The command line read as pdftotext reads it, before the argument parser sees it: a
/// single-dash word (`-eol`, `-bbox-layout`) is one option, never letters run together
/// (`-e -o -l`), and one that is no option of ours is refused by name. Only for `text`
/// (the default subcommand), where pdftotext's options live; other subcommands keep the
/// parser's reading.
enum PopplerArguments {
    /// The single-dash words `text` takes: pdftotext's options (with -help and -?).
    static let singleDashWords: Set<String> = [
        "-layout", "-raw", "-nopgbrk", "-tsv", "-nodiag", "-upw", "-opw", "-fixed", "-htmlmeta", "-enc",
        "-listenc", "-eol", "-bbox", "-bbox-layout", "-cropbox", "-colspacing", "-help", "-?",
    ]
    /// The single-dash words that take a value.
    static let valueWords: Set<String> = ["-upw", "-opw", "-fixed", "-enc", "-eol", "-colspacing"]
    /// The one-letter options of `text` that take a value.
    static let shortValueOptions: Set<String> = ["-f", "-l", "-r", "-x", "-y", "-W", "-H", "-o", "-F", "-j", "-p"]

    enum Reading: Equatable {
        /// The arguments to parse (with pdftotext's help spellings made `--help`).
        case arguments([String])
        /// `-v`: print the version (to standard error, as pdftotext does) and exit 0.
        case version
        /// A single-dash word that is no option.
        case unknown(String)
    }

    /// The name of a subcommand other than `text` when `arguments` start with one.
    static func otherSubcommand(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        let names = PDFTextCommand.configuration.subcommands
            .filter { $0 != Text.self }
            .flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases } + ["help"]
        return names.contains(first)
    }

    static func read(_ arguments: [String]) -> Reading {
        if otherSubcommand(arguments) { return .arguments(arguments) }
        var out = arguments
        var i = arguments.first == "text" ? 1 : 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { break }
            if a == "-help" || a == "-?" { out[i] = "--help"; i += 1; continue }
            if a == "-v" { return .version }
            if singleDashWords.contains(a) || shortValueOptions.contains(a) {
                i += valueWords.contains(a) || shortValueOptions.contains(a) ? 2 : 1
                continue
            }
            if a.hasPrefix("--") {
                // A long option's value may start with a dash; the parser decides.
                if !a.contains("="), i + 1 < arguments.count, isUnknownWord(arguments[i + 1]) { i += 1 }
                i += 1
                continue
            }
            if isUnknownWord(a) { return .unknown(a) }
            i += 1
        }
        return .arguments(out)
    }

    /// A single-dash word of two letters or more that is no option of `text` and no number.
    static func isUnknownWord(_ a: String) -> Bool {
        guard a.hasPrefix("-"), !a.hasPrefix("--"), a.count > 2, !singleDashWords.contains(a) else { return false }
        return Double(a) == nil
    }

    /// Whether the program was run under the name pdftotext (a link).
    static func isNamedPdftotext(_ programName: String) -> Bool {
        (programName as NSString).lastPathComponent == "pdftotext"
    }

    /// Whether the program runs as pdftotext: under that name (a link), or with
    /// `--as-pdftotext` before any `--`.
    static func isPdftotext(programName: String, arguments: [String]) -> Bool {
        if isNamedPdftotext(programName) { return true }
        return (arguments.firstIndex(of: "--") ?? arguments.count) > (arguments.firstIndex(of: "--as-pdftotext") ?? Int.max)
    }
}

extension PDFTextCommand {
    /// Parses and runs the command line. Usage errors are one line on standard error, with
    /// exit status 64, or 99 when running as pdftotext (pdftotext's status for them).
    static func run(_ arguments: [String], programName: String) -> Never {
        var arguments = arguments
        let pdftotext = PopplerArguments.isPdftotext(programName: programName, arguments: arguments)
        let usage = pdftotext ? ExitStatus.internalError : ExitStatus.usage
        if PopplerArguments.isNamedPdftotext(programName) {
            arguments = ["text", "--as-pdftotext"] + arguments
        }
        switch PopplerArguments.read(arguments) {
        case .version:
            FileHandle.standardError.write(Data("pdftext version \(configuration.version)\n".utf8))
            SystemCall.exitProcess(ExitStatus.success)
        case .unknown(let word):
            printError("unknown option '\(word)' (pdftext --help lists the options)")
            SystemCall.exitProcess(usage)
        case .arguments(let read):
            arguments = read
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            SystemCall.exitProcess(ExitStatus.success)
        } catch let code as ExitCode {
            SystemCall.exitProcess(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            // Help and version requests print as the parser prints them.
            if code == .success { exit(withError: error) }
            let message = self.message(for: error).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
            printError(message)
            SystemCall.exitProcess(code == .validationFailure ? usage : code.rawValue)
        }
    }
}

import ArgumentParser
import Foundation
import PDFCore

/// What decides colour and progress: whether standard output and standard error are
/// terminals, and `NO_COLOR`. A value so that tests can state every case.
package struct TerminalFacts: Sendable, Equatable {
    package var stdoutIsTerminal: Bool
    package var stderrIsTerminal: Bool
    /// The value of `NO_COLOR`, nil when unset.
    package var noColor: String?

    package init(stdoutIsTerminal: Bool, stderrIsTerminal: Bool, noColor: String? = nil) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.noColor = noColor
    }

    /// This process's.
    package static var current: TerminalFacts {
        TerminalFacts(stdoutIsTerminal: isatty(1) != 0, stderrIsTerminal: isatty(2) != 0,
                      noColor: ProcessInfo.processInfo.environment["NO_COLOR"])
    }
}

/// When to colour output (`--color`).
package enum ColorMode: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// When the stream is a terminal and `NO_COLOR` is unset or empty.
    case auto
    /// Even into a file or a pipe, and whatever `NO_COLOR` says.
    case always
    case never

    /// The one decision of every command that colours: `always` and `never` as they say;
    /// `auto` only when the stream written is a terminal and `NO_COLOR` is unset or empty
    /// (https://no-color.org: a non-empty value turns colour off by default).
    package func enabled(streamIsTerminal: Bool, noColor: String?) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return streamIsTerminal && (noColor ?? "").isEmpty
        }
    }
}

/// `--color` (also spelt `--colour`), shared by the commands that colour their output:
/// `grep`, `search` and `audit`.
package struct ColorOptions: ParsableArguments {
    @Option(name: [.customLong("color"), .customLong("colour")],
            help: ArgumentHelp("Colour: auto (when standard output is a terminal and NO_COLOR is unset or empty), always (whatever NO_COLOR says) or never.", valueName: "when"))
    package var color: ColorMode = .auto

    package init() {}

    /// Whether to colour a stream; `streamIsTerminal` nil means standard output's.
    package func enabled(streamIsTerminal: Bool? = nil, facts: TerminalFacts = .current) -> Bool {
        color.enabled(streamIsTerminal: streamIsTerminal ?? facts.stdoutIsTerminal, noColor: facts.noColor)
    }
}

/// `--progress auto|always|never` and `--no-progress`, shared by the batch commands
/// (`index`, `grep`, `diagnose`, `audit`; `text` has its own `--progress`). A bare
/// `--progress` means always (`ProgressSpelling`).
package struct ProgressOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Progress bar on standard error: auto (only when standard error is a terminal, there are several inputs and the report is not written to the same terminal), always or never. --progress alone is always.", valueName: "when"))
    package var progress: ProgressMode = .auto

    @Flag(name: .customLong("no-progress"), help: "No progress bar (--progress never).")
    package var noProgress = false

    package init() {}

    package var mode: ProgressMode { noProgress ? .never : progress }
}

extension ProgressMode {
    /// Whether to show progress: `never` and `always` as they say; `auto` only when not
    /// quiet, with more than one input, standard error a terminal (never into a redirected
    /// standard error) and the report not on that terminal too (`reportOnTerminal`: a
    /// command whose report goes to standard output shows progress only when it is
    /// redirected, as curl does; its lines would otherwise break into the bar).
    package func enabled(inputs: Int, quiet: Bool, stderrIsTerminal: Bool, reportOnTerminal: Bool = false) -> Bool {
        switch self {
        case .never: return false
        case .always: return true
        case .auto: return !quiet && inputs > 1 && stderrIsTerminal && !reportOnTerminal
        }
    }
}

/// The spellings of the progress option the argument parser cannot read by itself: a
/// bare `--progress` (always), and `--no-progress` for commands that declare only
/// `--progress MODE` (`text`).
package enum ProgressSpelling {
    /// `arguments` with a bare `--progress` (one not followed by a mode) written as
    /// `--progress=always` and `--no-progress` as `--progress=never`, up to a `--`. Only
    /// used when the arguments as given do not parse (`resolved`), so that `-e --progress`
    /// or a file named `--no-progress` after `--` keep their meaning.
    package static func rewritten(_ arguments: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(arguments.count)
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { out.append(contentsOf: arguments[i...]); break }
            if a == "--progress" {
                let next = i + 1 < arguments.count ? arguments[i + 1] : nil
                if let next, ProgressMode(rawValue: next) != nil {
                    out.append(a); out.append(next); i += 2; continue
                }
                out.append("--progress=always")
            } else if a == "--no-progress" {
                out.append("--progress=never")
            } else {
                out.append(a)
            }
            i += 1
        }
        return out
    }

    /// The arguments to parse: as given when they parse or name no progress spelling,
    /// else rewritten when that parses.
    package static func resolved(_ arguments: [String], parse: ([String]) -> Bool) -> [String] {
        guard arguments.contains(where: { $0 == "--progress" || $0 == "--no-progress" }) else { return arguments }
        if parse(arguments) { return arguments }
        let other = rewritten(arguments)
        return other != arguments && parse(other) ? other : arguments
    }
}

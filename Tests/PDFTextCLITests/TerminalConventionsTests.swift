import Foundation
import PDFTestSupport
import Testing
@testable import PDFTextCLI

/// Runs shell command lines (bash), with `$PDFTEXT` the built binary and extra environment.
enum Shell {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Whether `program` is on the PATH.
    static func has(_ program: String) -> Bool {
        (try? run("command -v \(program)").status) == 0
    }

    static func run(_ script: String, environment: [String: String] = [:], unsetting: [String] = []) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        for name in unsetting { env[name] = nil }
        if let binary = CLI.binary { env["PDFTEXT"] = binary.path }
        env.merge(environment) { $1 }
        p.environment = env
        // Standard error into a file: two pipes read one after the other could block the child.
        let errFile = try TestDirectory.make("shell").appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let err = try FileHandle(forWritingTo: errFile)
        defer { try? err.close() }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let e = try Data(contentsOf: errFile)
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// `command` run with standard output and standard error on a pseudo-terminal
    /// (util-linux's `script`); what the terminal showed is the result's stdout.
    static func onTerminal(_ command: String, environment: [String: String] = [:], unsetting: [String] = []) throws -> Output {
        let quoted = "'" + command.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return try run("script -qec \(quoted) /dev/null", environment: environment, unsetting: unsetting)
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// `--color auto|always|never` and NO_COLOR (https://no-color.org): one decision for every
/// command that colours.
@Suite struct ColorDecisionTests {
    @Test("auto colours a terminal unless NO_COLOR is set to something; always and never say what they do")
    func table() throws {
        // (mode, terminal, NO_COLOR) -> colour
        let cases: [(ColorMode, Bool, String?, Bool)] = [
            (.auto, true, nil, true), (.auto, true, "", true), (.auto, true, "1", false), (.auto, true, "0", false),
            (.auto, false, nil, false), (.auto, false, "", false), (.auto, false, "1", false),
            (.always, true, nil, true), (.always, false, nil, true), (.always, false, "1", true), (.always, true, "1", true),
            (.never, true, nil, false), (.never, false, nil, false), (.never, true, "", false),
        ]
        for (mode, terminal, noColor, expected) in cases {
            #expect(mode.enabled(streamIsTerminal: terminal, noColor: noColor) == expected, "\(mode) terminal=\(terminal) NO_COLOR=\(noColor ?? "unset")")
        }
        // The option group: standard output's terminal unless told which stream.
        var options = try ColorOptions.parse([])
        let facts = TerminalFacts(stdoutIsTerminal: true, stderrIsTerminal: false, noColor: nil)
        #expect(options.enabled(facts: facts))
        #expect(!options.enabled(streamIsTerminal: false, facts: facts))
        options.color = .always
        #expect(options.enabled(streamIsTerminal: false, facts: TerminalFacts(stdoutIsTerminal: false, stderrIsTerminal: false, noColor: "1")))
    }

    @Test("grep, search and audit take --color and --colour with the same values")
    func everyColouringCommand() throws {
        #expect(try Grep.parse(["--colour", "never", "x", "a.pdf"]).colorOptions.color == .never)
        #expect(try SearchCommand.parse(["--db", "i.db", "--color=always", "x"]).colorOptions.color == .always)
        #expect(try AuditCommand.parse(["--color", "auto", "a.pdf"]).colorOptions.color == .auto)
        #expect(throws: (any Error).self) { try Grep.parse(["--color", "sometimes", "x", "a.pdf"]) }
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct ColorOutputTests {
    static let file = CLI.fixture("basic/three-pages.pdf")
    static let esc = "\u{1B}["

    @Test("grep colours on a terminal, not into a pipe, not with NO_COLOR unless --color always")
    func grep() throws {
        let command = "\"$PDFTEXT\" grep -i page \(Shell.quote(Self.file))"
        let piped = try Shell.run(command, unsetting: ["NO_COLOR"])
        #expect(piped.status == 0 && !piped.stdout.isEmpty && !piped.stdout.contains(Self.esc))
        let always = try Shell.run(command + " --color always", environment: ["NO_COLOR": "1"])
        #expect(always.stdout.contains("\u{1B}[01;31m\u{1B}[K"))
        guard Shell.has("script") else {
            print("skipped the terminal cases: util-linux's script is not installed")
            return
        }
        let terminal = try Shell.onTerminal(command, unsetting: ["NO_COLOR"])
        #expect(terminal.stdout.contains("\u{1B}[01;31m\u{1B}[K"), "\(terminal)")
        let emptyNoColor = try Shell.onTerminal(command, environment: ["NO_COLOR": ""])
        #expect(emptyNoColor.stdout.contains("\u{1B}[01;31m\u{1B}[K"))
        let noColor = try Shell.onTerminal(command, environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains(Self.esc) && noColor.stdout.contains("age"), "\(noColor)")
        let never = try Shell.onTerminal(command + " --color never", unsetting: ["NO_COLOR"])
        #expect(!never.stdout.contains(Self.esc))
    }

    @Test("audit's text report is coloured with --color always only when redirected")
    func audit() throws {
        let plain = try CLI.run(["audit", "--color", "never", Self.file])
        let coloured = try CLI.run(["audit", "--color", "always", Self.file])
        let auto = try CLI.run(["audit", Self.file])
        #expect(!plain.stdout.isEmpty && !plain.stdout.contains(Self.esc))
        #expect(coloured.stdout.contains(Self.esc))
        #expect(auto.stdout == plain.stdout)
    }
}

/// `--progress auto|always|never`, `--progress`, `--no-progress`: a bar on a terminal only.
@Suite struct ProgressDecisionTests {
    @Test("auto draws only on a terminal standard error, with several inputs, not quiet, the report elsewhere")
    func table() {
        // (inputs, quiet, stderr terminal, report on terminal) -> progress in auto mode
        let cases: [(Int, Bool, Bool, Bool, Bool)] = [
            (2, false, true, false, true), (1, false, true, false, false), (2, true, true, false, false),
            (2, false, false, false, false), (2, false, true, true, false), (100, false, false, true, false),
        ]
        for (inputs, quiet, stderr, report, expected) in cases {
            #expect(ProgressMode.auto.enabled(inputs: inputs, quiet: quiet, stderrIsTerminal: stderr, reportOnTerminal: report) == expected)
            #expect(ProgressMode.always.enabled(inputs: inputs, quiet: quiet, stderrIsTerminal: stderr, reportOnTerminal: report))
            #expect(!ProgressMode.never.enabled(inputs: inputs, quiet: quiet, stderrIsTerminal: stderr, reportOnTerminal: report))
        }
        let redirected = TerminalFacts(stdoutIsTerminal: false, stderrIsTerminal: false)
        #expect(ProgressBar.make(.auto, inputs: 5, reportOnTerminal: false, facts: redirected) == nil)
        let bar = ProgressBar.make(.always, inputs: 5, reportOnTerminal: false, facts: redirected)
        #expect(bar?.terminal == false)
    }

    @Test("--no-progress and --progress MODE parse; a bare --progress is read as always")
    func spellings() throws {
        #expect(try Grep.parse(["--no-progress", "x", "a.pdf"]).progressOptions.mode == .never)
        #expect(try Grep.parse(["--progress", "always", "x", "a.pdf"]).progressOptions.mode == .always)
        #expect(try Diagnose.parse(["a.pdf"]).progressOptions.mode == .auto)
        #expect(try IndexCommand.parse(["--db", "i.db", "--no-progress"]).progress == .never)
        #expect(ProgressSpelling.rewritten(["grep", "--progress", "x", "a.pdf"]) == ["grep", "--progress=always", "x", "a.pdf"])
        #expect(ProgressSpelling.rewritten(["--progress", "never", "a.pdf"]) == ["--progress", "never", "a.pdf"])
        #expect(ProgressSpelling.rewritten(["a.pdf", "--no-progress", "--", "--progress"]) == ["a.pdf", "--progress=never", "--", "--progress"])
        #expect(ProgressSpelling.rewritten(["audit", "a.pdf", "--progress"]) == ["audit", "a.pdf", "--progress=always"])
        // The arguments as given win when they parse.
        let given = ["grep", "-e", "--progress", "a.pdf"]
        #expect(ProgressSpelling.resolved(given) { $0 == given } == given)
        #expect(ProgressSpelling.resolved(["grep", "--progress", "x"]) { $0.contains("--progress=always") } == ["grep", "--progress=always", "x"])
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct ProgressOutputTests {
    static let a = CLI.fixture("basic/hello.pdf"), b = CLI.fixture("basic/three-pages.pdf")

    static func index() throws -> String {
        try TestDirectory.make("progress-index").appendingPathComponent("i.db").path
    }

    /// The batch commands over two files.
    static func commands() throws -> [[String]] {
        [["text", a, b], ["grep", "-i", "e", a, b], ["diagnose", a, b], ["audit", a, b], ["index", "--db", try index(), a, b]]
    }

    @Test("with standard error redirected, auto writes no progress; always writes plain lines, no escapes")
    func redirected() throws {
        // Each run on a new index, so that `index` indexes the files every time.
        for k in 0..<5 {
            let command = try Self.commands()[k], name = command[0]
            func with(_ option: String) throws -> CLI.Output {
                try CLI.run([name, option] + (try Self.commands()[k]).dropFirst())
            }
            let auto = try CLI.run(command)
            #expect(!auto.stderr.contains("[1/2]") && !auto.stderr.contains("\u{1B}"), "\(name): \(auto.stderr)")
            let never = try with("--no-progress")
            #expect(never.status == auto.status && never.stderr == auto.stderr, "\(name): \(never.stderr)")
            let always = try with("--progress")
            #expect(always.status == auto.status, "\(name): \(always.stderr)")
            if name != "index" { #expect(always.stdout == auto.stdout, "\(name)") }
            #expect(always.stderr.contains("[1/2]") && always.stderr.contains("[2/2]"), "\(name): \(always.stderr)")
            #expect(name == "index" || always.stderr.contains("2 files"), "\(name): \(always.stderr)")
            #expect(!always.stderr.contains("\u{1B}"), "\(name)")
        }
    }

    @Test("auto draws the bar on a terminal standard error when the report is redirected")
    func terminal() throws {
        guard Shell.has("script") else {
            print("skipped: util-linux's script is not installed")
            return
        }
        let report = try TestDirectory.make("progress-terminal").appendingPathComponent("report.txt").path
        let shown = try Shell.onTerminal("\"$PDFTEXT\" diagnose \(Shell.quote(Self.a)) \(Shell.quote(Self.b)) > \(Shell.quote(report))")
        #expect(shown.stdout.contains("\r\u{1B}[K[2/2]") && shown.stdout.contains("2 files, 4 pages"), "\(shown)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("three-pages.pdf"))
        // The report on the terminal too: no bar.
        let both = try Shell.onTerminal("\"$PDFTEXT\" diagnose \(Shell.quote(Self.a)) \(Shell.quote(Self.b))")
        #expect(!both.stdout.contains("[2/2]") && both.stdout.contains("three-pages.pdf"))
    }
}

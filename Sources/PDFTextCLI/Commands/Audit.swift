import ArgumentParser
import Foundation
import PDFCore
import PDFAudit
import PDFText

/// The report formats of `audit`.
package enum AuditFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    case text, json, sarif, junit
}

extension AuditProfile: ExpressibleByArgument {}

/// `--by`: how the text report groups failed rules.
package enum AuditGrouping: String, Sendable, CaseIterable, ExpressibleByArgument {
    case rule, wcag
}

/// `--fail-on`: the least severity of a failed rule that makes a file fail.
package enum AuditThreshold: String, Sendable, CaseIterable, ExpressibleByArgument {
    case error, warning, info

    var severity: Severity {
        switch self {
        case .error: .error
        case .warning: .warning
        case .info: .info
        }
    }
}

/// `pdftext audit FILE...`: check PDFs against the machine-checkable rules of PDF/UA-1 and
/// report in one of four formats.
package struct AuditCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check PDFs against PDF/UA-1, PDF/UA-2 or WTPDF (veraPDF's rule numbering) and report what fails, where, and how to fix it.",
        discussion: """
            Profiles (--profile): ua1 (PDF/UA-1, ISO 14289-1), ua2 (PDF/UA-2, ISO 14289-2), \
            wtpdf-reuse and wtpdf-accessibility (Well-Tagged PDF 1.0), and quality (warnings \
            about tagged files that pass and still read badly). Without --profile each file \
            chooses by its PDF version (each part of PDF/UA is defined on one): PDF 1.x is ua1, \
            PDF 2.0 is ua2 (or WTPDF when it declares WTPDF and claims no pdfuaid:part); a \
            pdfuaid:part that contradicts the version fails rule 5-2. Every rule carries the WCAG 2.2 \
            success criteria it supports; --by wcag groups the text report by criterion.

            Every rule of the profile is passed, failed, notApplicable (nothing in the \
            file to check) or notImplemented (not checked by this version; a file with no failed \
            rule but some not implemented is INCOMPLETE, not PASS). A failed rule lists its first \
            --max-findings-per-rule failing objects with page, structure path, object, marked-\
            content id and box, and a message saying what is wrong and how to fix it; its count \
            of failed checks stays exact.

            Formats (--format): text, a summary for people (default); json, schema \
            audit-report/1 (one object for one file; for several files an array in argument \
            order, or with --jsonl one object per line); sarif, one SARIF 2.1.0 log for all \
            files; junit, one test suite per file and one test case per rule. A file that \
            cannot be read still has an entry (json: verdict "error"; sarif: a tool notification; \
            junit: an <error>). See docs/AUDIT.md.

            Files are audited in parallel (--jobs), reports come out in argument order. Colour \
            only when standard output is a terminal and NO_COLOR is not set (--color).

            Exit codes: 0 no file has a failed rule at or above --fail-on (default error); \
            4 some file has; 1 a file could not be read or parsed (the others are still \
            audited, and this takes precedence over 4); 3 a password is missing or wrong; \
            2 the report could not be written; 64 bad usage (unknown option or rule id).
            """)

    @Argument(help: "PDF files (`-` reads standard input).")
    package var files: [String]

    @Option(help: "Report format: text, json, sarif or junit (default: text).")
    package var format: AuditFormat?

    @Option(help: ArgumentHelp("Rules to check: ua1, ua2, wtpdf-reuse, wtpdf-accessibility or quality (default: by each file's PDF version, 1.x ua1, 2.0 ua2 or its WTPDF declaration).", valueName: "profile"))
    package var profile: AuditProfile?

    @Option(help: "Group the text report's failed rules: rule (default) or wcag (by WCAG 2.2 success criterion).")
    package var by: AuditGrouping = .rule

    @Flag(help: "With json: one report object per line instead of an array (also for one file).")
    package var jsonl = false

    @Option(help: "Fail (exit 4) when a rule of at least this severity failed: error, warning or info.")
    package var failOn: AuditThreshold = .error

    @Option(help: ArgumentHelp("Failing objects listed per rule; the count of failed checks stays exact.", valueName: "n"))
    package var maxFindingsPerRule = 20

    @Option(help: ArgumentHelp("Only these rules, by veraPDF id, comma-separated (7.1-11,6.2-1; 8.2.4-1 for PDF/UA-2).", valueName: "ids"))
    package var rules: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    package var output: String?

    @OptionGroup(title: "Colour and progress") package var colorOptions: ColorOptions

    @OptionGroup(title: "Colour and progress") package var progressOptions: ProgressOptions

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Files audited at once, 1 to 1024 (default: the cores this process may run on, as nproc counts them).")
    package var jobs: Int?

    @OptionGroup package var passwords: PasswordOptions

    package init() {}

    /// The rule ids of `--rules`, checked against the catalogue of `profile` (of every
    /// profile when each file chooses its own).
    static func parseRules(_ list: String, profile: AuditProfile?) throws -> Set<String> {
        var ids = Set<String>()
        let profiles = profile.map { [$0] } ?? AuditProfile.allCases
        for part in list.split(separator: ",") {
            let id = part.trimmingCharacters(in: .whitespaces)
            if id.isEmpty { continue }
            guard profiles.contains(where: { $0.rule(id) != nil }) else {
                let name = profile?.name ?? "audit"
                throw ValidationError("--rules: no \(name) rule \(id) (ids are veraPDF's, such as 7.1-11 or 8.2.4-1)")
            }
            ids.insert(id)
        }
        if ids.isEmpty { throw ValidationError("--rules needs at least one rule id") }
        return ids
    }

    package func validate() throws {
        if let rules { _ = try Self.parseRules(rules, profile: profile) }
        if by == .wcag, let f = format, f != .text { throw ValidationError("--by wcag goes with the text report (json, sarif and junit carry the criteria of every rule)") }
        if maxFindingsPerRule < 0 { throw ValidationError("--max-findings-per-rule must be 0 or more") }
        try Jobs.validate(jobs)
        if jsonl, let f = format, f != .json { throw ValidationError("--jsonl goes with --format json") }
        if files.isEmpty { throw ValidationError("no PDF file given") }
    }

    var resolvedFormat: AuditFormat { format ?? (jsonl ? .json : .text) }

    package func run() throws {
        let selected = try rules.map { try Self.parseRules($0, profile: profile) }
        var options = AuditOptions()
        options.maxFindingsPerRule = maxFindingsPerRule
        options.onlyRules = selected
        options.profile = profile

        var handle: FileHandle?
        if let output {
            if FileManager.default.createFile(atPath: output, contents: nil) {
                handle = FileHandle(forWritingAtPath: output)
            }
            if handle == nil {
                printError("\(output): cannot write the report")
                throw ExitCode(ExitStatus.outputFailed)
            }
        }
        defer { try? handle?.close() }
        let fd = handle?.fileDescriptor ?? 1
        let out = ByteWriter(fd: fd)

        let facts = TerminalFacts.current
        let colour = colorOptions.enabled(streamIsTerminal: output == nil && facts.stdoutIsTerminal, facts: facts)
        let progress = ProgressBar.make(progressOptions.mode, inputs: files.count,
                                        reportOnTerminal: output == nil && facts.stdoutIsTerminal, facts: facts)
        progress?.countsPages = false
        var failures = 0
        var run = AuditRun(version: PDFTextCommand.configuration.version, generatedAt: Date(),
                           failOn: failOn.severity, files: [], profile: profile)
        let format = resolvedFormat
        let text = AuditTextWriter(colour: colour, failOn: run.failOn, byWCAG: by == .wcag)
        let arrayOfReports = format == .json && !jsonl && files.count > 1
        if arrayOfReports { out.write("[") }

        var status = ExitStatus.success
        var failed = false
        var written = 0
        Self.audit(files: files, passwords: passwords.candidates, options: options, selected: selected,
                   workers: jobs ?? max(1, Processors.available(online: Processors.online()))) { file in
            progress?.clear()
            if case .unreadable(let message, let code, _) = file.outcome {
                printError(message)
                status = max(status, code)
                failures += 1
            }
            if file.audited?.failed(failOn: run.failOn) == true { failed = true }
            switch format {
            case .text:
                if written > 0 { out.write("\n") }
                switch file.outcome {
                case .audited(let d): out.write(text.write(d))
                case .unreadable(let message, _, _): out.write(text.unreadable(path: file.path, message: message))
                }
            case .json:
                if arrayOfReports && written > 0 { out.write(",\n") }
                out.write(AuditJSON.entry(file, run: run).serialized)
                if !arrayOfReports { out.write("\n") }
            case .sarif, .junit:
                run.files.append(file)
            }
            written += 1
            if progress != nil { out.flush() } else { out.flushIfFull() }
            progress?.finished(file: written - 1, name: file.path, pages: 0, failed: file.audited == nil)
            return out.error == nil
        }
        progress?.done(failed: failures)
        switch format {
        case .json where arrayOfReports: out.write("]\n")
        case .sarif: out.write(AuditSARIF.log(run).serialized + "\n")
        case .junit: out.write(AuditJUnit.document(run))
        default: break
        }
        out.flush()
        if let e = out.error {
            printError("cannot write the report: \(e)")
            throw ExitCode(ExitStatus.outputFailed)
        }
        if status == ExitStatus.success && failed { status = ExitStatus.findings }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// A document ready to audit, with the facts about its bytes.
    struct Opened: Sendable {
        var path: String
        var document: Document
        var sha256: String
        var size: Int
        var parseMilliseconds: Double
    }

    /// Reads, parses and audits `files` on `workers` threads (at most twice as many documents
    /// open at once) and hands each result to `consume` in argument order, on the calling
    /// thread; `consume` returns false to stop.
    static func audit(files: [String], passwords: [String], options: AuditOptions, selected: Set<String>?,
                      workers: Int, consume: (AuditFile) -> Bool) {
        let pipeline = OrderedPipeline<Opened, AuditedDocument>(
            count: files.count, workers: min(workers, max(1, files.count)), window: 1,
            open: { i in
                let path = files[i]
                switch Opening.read(path: path) {
                case .failure(let f): return .failure(f)
                case .success(let bytes):
                    let digest = Opening.sha256(bytes)
                    let start = ContinuousClock.now
                    return Opening.open(bytes: bytes, path: path, passwords: passwords).map { document in
                        (Opened(path: path, document: document, sha256: digest, size: bytes.count,
                                parseMilliseconds: milliseconds(since: start)), [1])
                    }
                }
            },
            process: { opened, _, _ in
                let start = ContinuousClock.now
                let report = Auditor(options: options).audit(opened.document)
                return AuditedDocument(path: opened.path, sha256: opened.sha256, sizeBytes: opened.size,
                                       report: report, selected: selected, parseMilliseconds: opened.parseMilliseconds,
                                       checkMilliseconds: milliseconds(since: start))
            })
        pipeline.run { event in
            switch event {
            case .failed(let i, let f):
                return consume(AuditFile(path: files[i], outcome: .unreadable(message: f.message, exitCode: f.exitCode,
                                                                                  password: f.exitCode == ExitStatus.password)))
            case .page(let i, _, _, let d):
                return consume(AuditFile(path: files[i], outcome: .audited(d)))
            case .opened, .finished:
                return true
            }
        }
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}

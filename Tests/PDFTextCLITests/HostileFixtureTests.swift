import Foundation
import PDFTestSupport
import PDFText
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The hostile corpus (`Corpus/hostile/`, made by `tools/corpus/make_hostile_fixtures.py`):
/// every subcommand and every output format on every file, each a process of the built
/// `pdftext` whose signal, time and peak memory are read by `wait4`, then the library API on
/// each file in this process. The rules, for every run:
///
/// - it ends by itself with an exit status, never a signal, within 20 s (scaled for a
///   debug build, see ``buildFactor``; a run still going after twice that is killed) and
///   1 GiB. Wall time, not the process's user time: on the virtual machines this runs on,
///   `ru_utime` of a busy process has been seen at eight times its wall time on two cores;
/// - a failure is said on standard error, naming the file;
/// - no raw C0 control (other than tab, line feed and form feed), no C1 control, anywhere;
///   no bidi override or isolate in human-readable output other than the page text;
/// - machine-readable output parses (JSON, JSON lines);
/// - no `javascript:`, `data:`, `vbscript:` or `file:` link in HTML, Markdown or RTF;
/// - and what the fixture's `checks` in the manifest pin.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct HostileFixtureTests {
    /// The rule is 20 s on a release build. The tests run against the debug build, whose
    /// byte loops are several times slower, and several fixtures run at once, so there the
    /// limit is scaled.
    #if DEBUG
    static let buildFactor = 4.0
    #else
    static let buildFactor = 1.0
    #endif
    static let secondsLimit = 20.0 * buildFactor
    static let wallLimit = 2 * secondsLimit
    static let memoryLimit = 1 << 30

    struct Fixture: Sendable, CustomTestStringConvertible {
        var file: String
        var sha256: String
        var checks: [Check]
        var testDescription: String { file }
        var path: String { CLI.fixture("hostile/" + file) }
    }

    struct Check: Sendable {
        var args: [String]
        var exit: Int32?
        var stdoutContains: String?
        var stdoutNotContains: String?
        var stderrContains: String?
        var maxSeconds: Double?
    }

    static let fixtures: [Fixture] = {
        let url = CLI.projectRoot.appendingPathComponent("Corpus/hostile/manifest.json")
        guard let data = try? Data(contentsOf: url),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let file = e["file"] as? String, let sha = e["sha256"] as? String else { return nil }
            let checks = (e["checks"] as? [[String: Any]] ?? []).map { c in
                Check(args: c["args"] as? [String] ?? [], exit: (c["exit"] as? Int).map { Int32($0) },
                      stdoutContains: c["stdout_contains"] as? String,
                      stdoutNotContains: c["stdout_not_contains"] as? String,
                      stderrContains: c["stderr_contains"] as? String,
                      maxSeconds: c["max_seconds"] as? Double)
            }
            return Fixture(file: file, sha256: sha, checks: checks)
        }
    }()

    /// How an output is read.
    enum Kind: Sendable { case pageText, human, json, jsonLines, tsv, html, markdown, rtf, xml }

    struct Run: Sendable {
        var args: [String]
        var kind: Kind
        /// Exit statuses that are a result or a described refusal.
        var allowed: Set<Int32> = [0, 1, 3, 4]
        /// Exit statuses that say the file failed, on a line naming it (grep's 1 is "no
        /// match", search reads the index, not the file).
        var failures: Set<Int32> = [1, 3]
    }

    /// Every subcommand and output format. `{file}` is the fixture, `{db}` an index in a
    /// fresh folder.
    static let matrix: [Run] = [
        Run(args: ["text", "{file}"], kind: .pageText),
        Run(args: ["text", "-j", "8", "-q", "{file}"], kind: .pageText),
        Run(args: ["text", "--layout", "{file}", "-"], kind: .pageText),
        Run(args: ["text", "--raw", "{file}", "-"], kind: .pageText),
        Run(args: ["text", "--accessibility", "{file}", "-"], kind: .pageText),
        Run(args: ["text", "-F", "tsv", "{file}", "-"], kind: .tsv),
        Run(args: ["text", "-F", "json", "{file}", "-"], kind: .json),
        Run(args: ["text", "-F", "jsonl", "{file}", "-"], kind: .jsonLines),
        Run(args: ["text", "-F", "opensearch-bulk", "{file}", "-"], kind: .jsonLines),
        Run(args: ["text", "-F", "hocr", "{file}", "-"], kind: .xml),
        Run(args: ["text", "-F", "alto", "{file}", "-"], kind: .xml),
        Run(args: ["text", "-bbox-layout", "-r", "300", "{file}", "-"], kind: .html),
        Run(args: ["text", "-htmlmeta", "-x", "10", "-y", "10", "-W", "300", "-H", "400", "-enc", "ASCII7", "{file}", "-"], kind: .html),
        Run(args: ["text", "-F", "html", "{file}", "-"], kind: .html),
        Run(args: ["text", "-F", "accessible-text", "{file}", "-"], kind: .pageText),
        Run(args: ["text", "--attributed", "{file}", "-"], kind: .html),
        Run(args: ["text", "--attributed", "-F", "json", "{file}", "-"], kind: .json),
        Run(args: ["text", "-F", "markdown", "{file}", "-"], kind: .markdown),
        Run(args: ["text", "-F", "rtf", "{file}", "-"], kind: .rtf),
        Run(args: ["info", "{file}"], kind: .human),
        Run(args: ["info", "--box", "--meta", "--diagnostics", "{file}"], kind: .human),
        Run(args: ["info", "--json", "{file}"], kind: .jsonLines),
        Run(args: ["glyphs", "--annotations", "--diagnostics", "{file}"], kind: .tsv),
        Run(args: ["glyphs", "--display", "{file}"], kind: .tsv),
        Run(args: ["diagnose", "{file}"], kind: .human),
        Run(args: ["diagnose", "--json", "{file}"], kind: .jsonLines),
        Run(args: ["select", "--page", "1", "--rect", "0,0,10000,10000", "{file}"], kind: .pageText),
        Run(args: ["select", "--page", "1", "--range", "0,200", "--json", "{file}"], kind: .json),
        Run(args: ["structure", "{file}"], kind: .human),
        Run(args: ["grep", "-i", "e", "{file}"], kind: .human, allowed: [0, 1, 2], failures: [2]),
        Run(args: ["grep", "--json", "-E", "[a-z]+", "{file}"], kind: .jsonLines, allowed: [0, 1, 2], failures: [2]),
        Run(args: ["audit", "{file}"], kind: .human),
        Run(args: ["audit", "--format", "json", "{file}"], kind: .json),
        Run(args: ["audit", "--format", "sarif", "{file}"], kind: .json),
        Run(args: ["audit", "--format", "junit", "{file}"], kind: .xml),
        Run(args: ["layout-debug", "--blocks", "{file}"], kind: .human),
        Run(args: ["index", "--db", "{db}", "-q", "{file}"], kind: .human),
        Run(args: ["index", "--db", "{db}", "--json", "{file}"], kind: .jsonLines),
        Run(args: ["search", "--db", "{db}", "e*"], kind: .human, failures: []),
        Run(args: ["search", "--db", "{db}", "--json", "e*"], kind: .json, failures: []),
    ]

    @Test("the hostile corpus is there and matches its manifest")
    func manifest() throws {
        #expect(Self.fixtures.count >= 12, "Corpus/hostile/manifest.json lists too few files")
        for f in Self.fixtures {
            let data = try Data(contentsOf: URL(fileURLWithPath: f.path))
            #expect(SHA256Hex.digest([UInt8](data)) == f.sha256, "\(f.file) changed without re-running make_hostile_fixtures.py")
        }
    }

    @Test("the link check finds script-capable targets where a reader finds links, and only there")
    func linkCheck() {
        let html = #"<p title="&lt;a href=javascript:x&gt;"><a class=x href=" JaVa&#x09;script:alert(1)">a</a><img src='data:x'/></p>"#
        #expect(Self.linkTargets(html, kind: .html).filter(Self.isScriptCapable).count == 2)
        #expect(Self.linkTargets(#"<abbr title="&lt;a href=javascript:x&gt;">t</abbr>"#, kind: .html).filter(Self.isScriptCapable).isEmpty)
        #expect(Self.linkTargets(#"[a](javascript:x) \\[b](data:y) <vbscript:z>"#, kind: .markdown).filter(Self.isScriptCapable).count == 3)
        #expect(Self.linkTargets(#"\[a\](javascript:x) \<vbscript:z>"#, kind: .markdown).filter(Self.isScriptCapable).isEmpty)
        #expect(Self.linkTargets(#"{\field{\*\fldinst{HYPERLINK "file:///etc/passwd"}}"#, kind: .rtf).filter(Self.isScriptCapable).count == 1)
        #expect(Self.isScriptCapable("%6Aavascript:x") && !Self.isScriptCapable("https://example.org/javascript:x"))
    }

    @Test("a child's peak memory is its own, not this test process's")
    func childPeakIsItsOwn() throws {
        // Grow this process well past what `pdftext --version` needs, touching every page.
        let size = 384 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        for offset in stride(from: 0, to: size, by: 4096) { block.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self) }
        #expect(Spawn.highWaterMark(of: "self") >= size, "VmHWM of this process is not readable")
        let r = try Spawn.run(["--version"], timeout: Self.wallLimit)
        #expect(r.status == 0)
        #expect(r.maxRSS < 128 << 20, "pdftext --version measured at \(r.maxRSS >> 20) MiB: the parent's peak leaked in")
    }

    @Test("every subcommand and format gives a result or a one-line error", arguments: fixtures)
    func everySubcommand(_ fixture: Fixture) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("index.sqlite").path
        for run in Self.matrix {
            let args = run.args.map { $0 == "{file}" ? fixture.path : $0 == "{db}" ? db : $0 }
            let r = try Spawn.run(args, timeout: Self.wallLimit)
            Self.assertRules(r, run: run, fixture: fixture)
        }
        for check in fixture.checks {
            let args = check.args.map { $0.replacingOccurrences(of: "{file}", with: fixture.path).replacingOccurrences(of: "{db}", with: db) }
            let r = try Spawn.run(args, timeout: Self.wallLimit)
            let what = "\(fixture.file): pdftext \(check.args.joined(separator: " "))"
            #expect(r.signal == nil && !r.timedOut, "\(what): signal \(r.signal.map(String.init) ?? "-"), timed out \(r.timedOut)")
            if let e = check.exit { #expect(r.status == e, "\(what): exit \(r.status), expected \(e); stderr: \(r.stderrText.prefix(300))") }
            if let s = check.stdoutContains { #expect(r.stdoutText.contains(s), "\(what): stdout lacks \(s.debugDescription): \(r.stdoutText.prefix(300))") }
            if let s = check.stdoutNotContains { #expect(!r.stdoutText.contains(s), "\(what): stdout holds \(s.debugDescription)") }
            if let s = check.stderrContains { #expect(r.stderrText.contains(s), "\(what): stderr lacks \(s.debugDescription): \(r.stderrText.prefix(300))") }
            // CPU time: what the file costs, however many tests share the cores meanwhile
            // (hangs are caught by the wall-clock timeout above).
            if let m = check.maxSeconds { #expect(r.cpuSeconds <= m * Self.buildFactor, "\(what): \(r.cpuSeconds) s of CPU, more than \(m) s (×\(Self.buildFactor))") }
        }
    }

    @Test("the library API in this process: text, attributed text, selections, find", arguments: fixtures)
    func libraryInProcess(_ fixture: Fixture) throws {
        let start = Date()
        guard let doc = try? PDFDocument(contentsOf: URL(fileURLWithPath: fixture.path)) else { return }
        if doc.isLocked { _ = doc.unlock(withPassword: "") }
        guard !doc.isLocked else { return }
        for i in 0..<min(doc.pageCount, 8) {
            guard let page = doc.page(at: i) else { continue }
            let s = page.string ?? ""
            _ = page.attributedText?.runs.count
            let bounds = page.bounds(for: .mediaBox)
            _ = page.selection(for: bounds)?.string
            let n = (s as NSString).length
            if n > 0 {
                _ = page.selection(for: NSRange(location: 0, length: min(n, 50)))?.string
                let b = page.characterBounds(at: n / 2)
                #expect(b.origin.x.isFinite || b.isNull, "\(fixture.file): a character box that is not finite")
            }
            #expect(!Self.hasRawControl(s), "\(fixture.file): page \(i + 1) text holds a raw control character")
        }
        _ = doc.findString("e", withOptions: [.caseInsensitive]).count
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < Self.wallLimit, "\(fixture.file): library pass took \(seconds) s")
    }

    // MARK: - The rules

    static func assertRules(_ r: Spawn.Result, run: Run, fixture: Fixture) {
        let what = "\(fixture.file): pdftext \(run.args.joined(separator: " "))"
        #expect(r.signal == nil, "\(what): killed by signal \(r.signal ?? 0)")
        #expect(!r.timedOut, "\(what): still running after \(wallLimit) s")
        guard r.signal == nil, !r.timedOut else { return }
        #expect(r.seconds < secondsLimit, "\(what): \(r.seconds) s")
        #expect(r.maxRSS < memoryLimit, "\(what): peak RSS \(r.maxRSS >> 20) MiB (\(r.rssEvidence))")
        #expect(run.allowed.contains(r.status), "\(what): exit \(r.status); stderr: \(r.stderrText.prefix(300))")
        if run.failures.contains(r.status) {
            let name = (fixture.path as NSString).lastPathComponent
            #expect(r.stderrText.contains(name), "\(what): exit \(r.status) without naming the file: \(r.stderrText.prefix(300))")
        }
        // Controls: never raw, in any output.
        #expect(!hasRawControl(r.stdoutText), "\(what): raw control character on standard output")
        #expect(!hasRawControl(r.stderrText), "\(what): raw control character on standard error")
        if run.kind == .human {
            #expect(!hasBidiControl(r.stdoutText), "\(what): raw bidi override on standard output")
        }
        #expect(!hasBidiControl(r.stderrText), "\(what): raw bidi override on standard error")
        guard !run.failures.contains(r.status) else { return }
        switch run.kind {
        case .json:
            #expect(parsesAsJSON(r.stdout), "\(what): output is not JSON")
        case .jsonLines:
            for line in r.stdout.split(separator: UInt8(ascii: "\n")) {
                #expect(parsesAsJSON(Array(line)), "\(what): a line is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
        case .html, .markdown, .rtf:
            for target in linkTargets(r.stdoutText, kind: run.kind) {
                #expect(!isScriptCapable(target), "\(what): link to \(target.debugDescription)")
            }
        default: break
        }
    }

    /// C0 controls other than tab, line feed and form feed; DEL; C1 controls.
    static func hasRawControl(_ s: String) -> Bool {
        s.unicodeScalars.contains { c in
            let v = c.value
            return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0C) || v == 0x7F || (0x80...0x9F).contains(v)
        }
    }

    /// Embedding, override and isolate controls, which reorder what a terminal shows.
    static func hasBidiControl(_ s: String) -> Bool {
        s.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    static func parsesAsJSON(_ bytes: [UInt8]) -> Bool {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A }
        if trimmed.isEmpty { return true }
        return (try? JSONSerialization.jsonObject(with: Data(trimmed), options: [.fragmentsAllowed])) != nil
    }

    /// Link targets as a reader (browser, Markdown renderer, word processor) resolves them:
    /// in HTML the URL attributes of tags, read attribute by attribute (so that escaped text
    /// inside another attribute's value is not taken for one); in Markdown the destinations
    /// of inline links whose `](` is not escaped, autolinks and reference definitions; in
    /// RTF the arguments of `HYPERLINK` fields.
    static func linkTargets(_ s: String, kind: Kind) -> [String] {
        switch kind {
        case .html:
            let tag = #"<[A-Za-z][\w:-]*((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*/?>"#
            let attribute = #"\s+([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?"#
            var out: [String] = []
            for attributes in captures(tag, in: s).compactMap({ $0.first ?? nil }) {
                guard let re = try? NSRegularExpression(pattern: attribute) else { continue }
                let ns = attributes as NSString
                for m in re.matches(in: attributes, range: NSRange(location: 0, length: ns.length)) {
                    let name = ns.substring(with: m.range(at: 1)).lowercased()
                    guard ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background"].contains(name) else { continue }
                    for g in 2...4 where m.range(at: g).location != NSNotFound { out.append(ns.substring(with: m.range(at: g))) }
                }
            }
            return out
        case .markdown:
            // An even run of backslashes (escaped backslashes) may precede the `](`.
            return [#"(?<!\\)(?:\\\\)*\]\(\s*<?([^)>\s]*)"#, #"(?<!\\)<([A-Za-z][A-Za-z0-9+.\-]*:[^>\s]*)>"#,
                    #"(?m)^\s{0,3}\[[^\]]*\]:\s*<?(\S+)"#].flatMap { captures($0, in: s).compactMap { $0.first ?? nil } }
        case .rtf:
            return captures(#"HYPERLINK\s+"((?:[^"\\]|\\.)*)""#, in: s).compactMap { $0.first ?? nil }
        default:
            return []
        }
    }

    /// The capture groups of every match of `pattern`.
    static func captures(_ pattern: String, in s: String) -> [[String?]] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = s as NSString
        return re.matches(in: s, range: NSRange(location: 0, length: ns.length)).map { m in
            (1..<m.numberOfRanges).map { g in m.range(at: g).location == NSNotFound ? nil : ns.substring(with: m.range(at: g)) }
        }
    }

    /// Whether a link target, decoded as a browser would, names a scheme that can run script
    /// or read local files.
    static func isScriptCapable(_ raw: String) -> Bool {
        var s = raw
        // HTML character references (named ones that matter, and numeric ones).
        if let re = try? NSRegularExpression(pattern: "&#[xX]([0-9a-fA-F]+);?|&#([0-9]+);?") {
            let ns = s as NSString
            var result = "", last = 0
            for m in re.matches(in: s, range: NSRange(location: 0, length: ns.length)) {
                result += ns.substring(with: NSRange(location: last, length: m.range.location - last))
                let hex = m.range(at: 1).location != NSNotFound
                let digits = ns.substring(with: m.range(at: hex ? 1 : 2))
                if let v = UInt32(digits, radix: hex ? 16 : 10), let u = Unicode.Scalar(v) { result.unicodeScalars.append(u) }
                last = m.range.location + m.range.length
            }
            s = result + ns.substring(from: last)
        }
        for (entity, char) in [("&colon;", ":"), ("&tab;", "\t"), ("&newline;", "\n"), ("&amp;", "&")] {
            s = s.replacingOccurrences(of: entity, with: char, options: .caseInsensitive)
        }
        s = s.removingPercentEncoding ?? s
        // RTF escapes and browsers' stripping of whitespace and controls in a scheme.
        s = s.replacingOccurrences(of: "\\", with: "")
        let kept = s.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }
        let lowered = String(String.UnicodeScalarView(kept)).lowercased()
        return ["javascript:", "data:", "vbscript:", "file:"].contains { lowered.hasPrefix($0) }
    }
}

/// Runs the built binary with `posix_spawn`, reading its exit status or signal, its time and
/// its peak resident memory (`wait4`'s `ru_maxrss`), and kills it after a timeout.
enum Spawn {
    struct Result: Sendable {
        var status: Int32
        var signal: Int32?
        var timedOut: Bool
        var seconds: Double
        /// The child's CPU time (user + system), which the load of other tests running at
        /// once does not inflate as it does wall time.
        var cpuSeconds: Double = 0
        var maxRSS: Int
        /// How `maxRSS` was decided: `ru_maxrss`, this process's mark and the polled mark, in MiB.
        var rssEvidence: String = ""
        var stdout: [UInt8]
        var stderr: [UInt8]
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    static func run(_ args: [String], timeout: Double) throws -> Result {
        guard let binary = CLI.binary else { throw CLI.CLIError.notBuilt }
        let dir = FileManager.default.temporaryDirectory.path
        let token = UUID().uuidString
        let outPath = "\(dir)/pdftext-spawn-\(token).out", errPath = "\(dir)/pdftext-spawn-\(token).err"
        defer { unlink(outPath); unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([binary.path] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        // The exec has happened by now (glibc's posix_spawn returns after it), so this bounds
        // the high-water mark the kernel may have carried over from this process.
        let parentHWM = highWaterMark(of: "self")
        let parentReadable = parentHWM > 0
        var polledHWM = 0
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var polls = 0
        while true {
            if polls % 5 == 0 { polledHWM = max(polledHWM, highWaterMark(of: String(pid))) }
            polls += 1
            let w = wait4(pid, &status, WNOHANG, &usage)
            if w == pid { break }
            if w < 0 && errno != EINTR { break }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed > timeout && !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let termSignal = status & 0x7F
        let exited = termSignal == 0
        let out = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: outPath)))) ?? []
        let err = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: errPath)))) ?? []
        // Linux keeps the larger of the old and new address space's high-water marks across
        // `execve`, and posix_spawn's child starts on this (test) process's address space: so
        // `ru_maxrss` reports at least this process's peak. Clearly above that it is the
        // child's own; otherwise the child's peak is the largest VmHWM polled while it ran.
        // The margin covers the kernel's approximate (per-CPU batched) RSS counters, which can
        // put the mark recorded at `execve` a little above the one read here afterwards; and
        // a mark that could not be read (0) never lets this process's peak pass as the child's.
        let reported = Int(usage.ru_maxrss) * 1024
        let parentMark = max(parentHWM, highWaterMark(of: "self"))
        let childsOwn = parentReadable && reported > parentMark + Self.inheritedMarkSlack
        let maxRSS = childsOwn ? reported : polledHWM
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Result(status: exited ? (status >> 8) & 0xFF : -1, signal: exited || timedOut ? nil : termSignal,
                      timedOut: timedOut, seconds: seconds, cpuSeconds: cpu, maxRSS: maxRSS,
                      rssEvidence: "ru_maxrss \(reported >> 20), this process \(parentMark >> 20), polled \(polledHWM >> 20) MiB",
                      stdout: out, stderr: err)
    }

    /// How far `ru_maxrss` must exceed this process's own high-water mark to count as the
    /// child's peak rather than the mark inherited at `execve`.
    static let inheritedMarkSlack = 16 << 20

    /// `VmHWM` of `/proc/<pid>/status` in bytes, 0 when it cannot be read (the process has
    /// exited, or this is not Linux). Read with plain `open`/`read` into a fixed buffer,
    /// retried when interrupted, so that a busy test process still gets an answer.
    static func highWaterMark(of pid: String) -> Int {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var length = 0
        for _ in 0..<3 {
            let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { if errno == EINTR || errno == EMFILE || errno == ENFILE { usleep(1000); continue }; return 0 }
            length = 0
            while length < buffer.count {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + length, $0.count - length) }
                if n > 0 { length += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            close(fd)
            if length > 0 { break }
        }
        let text = String(decoding: buffer[..<length], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst(6).filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}

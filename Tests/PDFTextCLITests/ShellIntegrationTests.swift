import Foundation
import PDFTestSupport
import Testing
@testable import PDFTextCLI

/// The names of the subcommands `--help` lists, from the command itself.
private let subcommandNames = PDFTextCommand.configuration.subcommands
    .filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }

/// Shell completions from `pdftext --generate-completion-script SHELL`.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct CompletionTests {
    static func script(_ shell: String) throws -> URL {
        let r = try CLI.run(["--generate-completion-script", shell])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout.count > 1000, "\(shell): \(r.stdout.count) bytes")
        let file = try TestDirectory.make("completion").appendingPathComponent("pdftext.\(shell)")
        try Data(r.stdout.utf8).write(to: file)
        return file
    }

    @Test("the bash script is valid, and completing `pdftext ` and `pdftext gr` offers the subcommands")
    func bash() throws {
        let file = try Self.script("bash")
        let check = try Shell.run("bash -n \(Shell.quote(file.path))")
        #expect(check.status == 0, "\(check.stderr)")
        // The completion function called as bash calls it, with COMP_WORDS set.
        func complete(_ words: [String]) throws -> [String] {
            let list = words.map(Shell.quote).joined(separator: " ")
            let line = words.joined(separator: " ")
            let r = try Shell.run("""
                source \(Shell.quote(file.path))
                COMP_WORDS=(\(list)); COMP_CWORD=\(words.count - 1)
                COMP_LINE=\(Shell.quote(line)); COMP_POINT=${#COMP_LINE}
                _pdftext pdftext \(Shell.quote(words.last ?? "")) \(Shell.quote(words.count > 1 ? words[words.count - 2] : ""))
                printf '%s\\n' "${COMPREPLY[@]}"
                """)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.split(separator: "\n").map(String.init)
        }
        let all = try complete(["pdftext", ""])
        for name in subcommandNames { #expect(all.contains(name), "\(name) not offered: \(all)") }
        #expect(try complete(["pdftext", "gr"]) == ["grep"])
        let options = try complete(["pdftext", "grep", "--col"])
        #expect(options.contains("--color") && options.contains("--colour"), "\(options)")
    }

    @Test("the zsh script is valid", .enabled(if: Shell.has("zsh"), "zsh is not installed (apt-get install zsh)"))
    func zsh() throws {
        let file = try Self.script("zsh")
        let r = try Shell.run("zsh -n \(Shell.quote(file.path))")
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("#compdef pdftext"))
        for name in subcommandNames { #expect(text.contains("'\(name):"), "\(name)") }
    }

    @Test("the fish script is valid", .enabled(if: Shell.has("fish"), "fish is not installed (apt-get install fish)"))
    func fish() throws {
        let file = try Self.script("fish")
        let r = try Shell.run("fish --no-execute \(Shell.quote(file.path))")
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        for name in subcommandNames { #expect(text.contains(name), "\(name)") }
    }

    @Test("an unknown shell is a usage error")
    func unknownShell() throws {
        #expect(try CLI.run(["--generate-completion-script", "tcsh"]).status != 0)
    }
}

/// docs/man: one page per command, as swift-argument-parser's generate-manual writes them
/// from the help (tools/man/generate.sh), committed and kept current.
@Suite struct ManPageTests {
    static let manDirectory = CLI.projectRoot.appendingPathComponent("docs/man")

    /// The generate-manual tool, once the plugin has built it (tools/man/generate.sh).
    static var generator: URL? {
        for config in ["debug", "release"] {
            let candidate = CLI.projectRoot.appendingPathComponent(".build/\(config)/generate-manual-tool")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func pages(in dir: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".1") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            // The date of generation is not compared.
            out[name] = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") }.joined(separator: "\n")
        }
        return out
    }

    @Test("one page for pdftext and one per subcommand")
    func onePerCommand() throws {
        let names = Set(try Self.pages(in: Self.manDirectory).keys)
        // generate-manual also writes one for the argument parser's `help` subcommand.
        var expected: Set<String> = ["pdftext.1", "pdftext.help.1"]
        for name in subcommandNames { expected.insert("pdftext.\(name).1") }
        #expect(names == expected, "run tools/man/generate.sh")
    }

    @Test("the committed pages match the help (tools/man/generate.sh rewrites them)",
          .enabled(if: CLI.binary != nil && generator != nil,
                   "generate-manual-tool not built: tools/man/generate.sh builds it (CI runs tools/man/generate.sh --check)"))
    func current() throws {
        let script = CLI.projectRoot.appendingPathComponent("tools/man/generate.sh").path
        let r = try Shell.run("\(Shell.quote(script)) --check", environment: ["GENERATE_MANUAL_TOOL": Self.generator!.path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("every page renders without a warning, with its name and options",
          .enabled(if: Shell.has("groff"), "groff is not installed (apt-get install groff-base)"))
    func renders() throws {
        for (name, _) in try Self.pages(in: Self.manDirectory) {
            let path = Self.manDirectory.appendingPathComponent(name).path
            // -P-cbou: plain characters, no escapes or overstriking.
            let r = try Shell.run("groff -k -mandoc -Tutf8 -ww -P-cbou \(Shell.quote(path))")
            #expect(r.status == 0 && r.stderr.isEmpty, "\(name): \(r.stderr)")
            let plain = r.stdout
            #expect(plain.contains("NAME") && plain.contains("SYNOPSIS"), "\(name)")
            #expect(plain.contains("--version"), "\(name)")
        }
    }
}

/// tools/install.sh into a staging directory, and its uninstall.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct InstallScriptTests {
    static let script = CLI.projectRoot.appendingPathComponent("tools/install.sh").path

    /// The release binary when one was built, else the one the tests run.
    static var binary: String {
        let release = CLI.projectRoot.appendingPathComponent(".build/release/pdftext").path
        return FileManager.default.isExecutableFile(atPath: release) ? release : CLI.binary!.path
    }

    static func files(under dir: URL) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir.path)
        return (e?.allObjects as? [String] ?? []).sorted()
    }

    @Test("install writes the binary, man pages, completions and the pdftotext link; uninstall leaves nothing")
    func installAndUninstall() throws {
        let dest = try TestDirectory.make("install")
        let args = "--binary \(Shell.quote(Self.binary)) --destdir \(Shell.quote(dest.path)) --prefix /opt/pdftext"
        let r = try Shell.run("\(Shell.quote(Self.script)) \(args) --pdftotext-link")
        #expect(r.status == 0, "\(r.stderr)")
        let root = dest.appendingPathComponent("opt/pdftext")
        let installed = Set(Self.files(under: root))
        for path in ["bin/pdftext", "share/man/man1/pdftext.1", "share/man/man1/pdftext.grep.1",
                     "share/bash-completion/completions/pdftext", "share/zsh/site-functions/_pdftext",
                     "share/fish/vendor_completions.d/pdftext.fish", "libexec/pdftext/pdftotext",
                     "share/pdftext/install-manifest"] {
            #expect(installed.contains(path), "\(path) missing: \(installed.sorted())")
        }
        #expect(!installed.contains("bin/pdftotext"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("libexec/pdftext/pdftotext").path)
        #expect(link == "../../bin/pdftext")
        let version = try Shell.run(Shell.quote(root.appendingPathComponent("bin/pdftext").path) + " --version")
        #expect(version.stdout == PDFTextCommand.configuration.version + "\n")
        // Again: our own files are replaced without a question.
        #expect(try Shell.run("\(Shell.quote(Self.script)) \(args)").status == 0)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("libexec/pdftext/pdftotext").path))
        let u = try Shell.run("\(Shell.quote(Self.script)) uninstall \(args)")
        #expect(u.status == 0, "\(u.stderr)")
        #expect(Self.files(under: dest).isEmpty, "left: \(Self.files(under: dest))")
    }

    @Test("a file that is not ours is not overwritten without --force, and an uninstall keeps what was changed")
    func foreignFiles() throws {
        let dest = try TestDirectory.make("install-foreign")
        let bin = dest.appendingPathComponent("usr/local/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let foreign = bin.appendingPathComponent("pdftext")
        try Data("#!/bin/sh\necho another program\n".utf8).write(to: foreign)
        let args = "--binary \(Shell.quote(Self.binary))"
        let refused = try Shell.run("\(Shell.quote(Self.script)) \(args)", environment: ["DESTDIR": dest.path])
        #expect(refused.status != 0 && refused.stderr.contains("not ours"), "\(refused.stderr)")
        #expect(try String(contentsOf: foreign, encoding: .utf8).contains("another program"))
        #expect(Self.files(under: dest) == ["usr", "usr/local", "usr/local/bin", "usr/local/bin/pdftext"])
        let forced = try Shell.run("\(Shell.quote(Self.script)) \(args) --force", environment: ["DESTDIR": dest.path])
        #expect(forced.status == 0, "\(forced.stderr)")
        // A man page edited after the install is kept by the uninstall.
        let page = dest.appendingPathComponent("usr/local/share/man/man1/pdftext.1")
        try Data("edited\n".utf8).write(to: page)
        let u = try Shell.run("\(Shell.quote(Self.script)) uninstall", environment: ["DESTDIR": dest.path])
        #expect(u.status == 0 && u.stderr.contains("changed since it was installed"), "\(u.stderr)")
        #expect(Self.files(under: dest) == ["usr", "usr/local", "usr/local/bin", "usr/local/share", "usr/local/share/man",
                                              "usr/local/share/man/man1", "usr/local/share/man/man1/pdftext.1"])
    }
}

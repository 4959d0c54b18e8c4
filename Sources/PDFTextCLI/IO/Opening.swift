import ArgumentParser
import Foundation
import PDFCore
import PDFText

/// Opening a file for a subcommand: read (a path or `-` for stdin), unlock, and turn
/// failures into a one-line message and an exit code.
package enum Opening {
    package struct Failure: Error {
        package var message: String
        package var exitCode: Int32
    }

    package static func open(path: String, passwords: [String], limits: Limits = .default) -> Result<(Document, Int), Failure> {
        switch read(path: path, limits: limits) {
        case .failure(let f): return .failure(f)
        case .success(let bytes):
            return open(bytes: bytes, path: path, passwords: passwords, limits: limits).map { ($0, bytes.count) }
        }
    }

    /// SHA-256 of bytes, lowercase hex.
    package static func sha256(_ bytes: [UInt8]) -> String { PDFDocument.sha256Hex(bytes) }

    /// The bytes of `path` (`-`: standard input), at most `limits.maxInputBytes` of them
    /// (a larger or endless input is a failure, exit 1). A file whose name is not UTF-8 is
    /// read by the name's bytes as the command line gave them (Swift's arguments hold U+FFFD
    /// in their place), and named in messages with `\xNN` for those bytes.
    package static func read(path: String, limits: Limits = .default) -> Result<[UInt8], Failure> {
        let cap = limits.maxInputBytes
        let raw = path == "-" ? nil : RawPath(argument: path)
        let shown = raw.map { $0.bytes == Array(path.utf8) ? path : $0.key } ?? path
        do throws(PDFError) {
            if path == "-" { return .success(try FileBytes.readStream(0, maxBytes: cap)) }
            if let raw, raw.bytes != Array(path.utf8) {
                let fd = raw.withCString(openForReading)
                guard fd >= 0 else { throw PDFError(.io, String(cString: strerror(errno)).lowercased()) }
                defer { close(fd) }
                // The descriptor's own name, so that FileBytes reads it as it reads any path.
                return .success(try FileBytes.read(path: "/dev/fd/\(fd)", maxBytes: cap))
            }
            return .success(try FileBytes.read(path: path, maxBytes: cap))
        } catch {
            return .failure(Failure(message: "\(shown): \(error.message)", exitCode: ExitStatus.openFailed))
        }
    }

    /// Parses and unlocks bytes read from `path` (named in messages).
    package static func open(bytes: [UInt8], path: String, passwords: [String], limits: Limits = .default) -> Result<Document, Failure> {
        let document: Document
        do {
            document = try Document(bytes: bytes, limits: limits)
        } catch {
            return .failure(failure(path: path, error: error))
        }
        if document.isEncrypted {
            var opened = false
            for p in passwords where document.unlock(password: p) {
                opened = true
                break
            }
            if !opened && (document.isLocked || !passwords.isEmpty) {
                // A password was given and fits neither role, or none was given and one is needed.
                return .failure(Failure(message: "\(path): incorrect password", exitCode: ExitStatus.password))
            }
        }
        // No page, although the file holds page objects: neither the page tree nor a rebuild
        // of the cross-reference data gave one. Damaged, not empty; never a silent success.
        if document.pageCount == 0, document.holdsPageObjects {
            return .failure(Failure(
                message: "\(path): no page could be read: the file holds page objects, but neither its page tree nor a scan of the file gives one",
                exitCode: ExitStatus.openFailed))
        }
        return .success(document)
    }

    /// Opens the one file of a single-file subcommand, checking the text-access policy when
    /// `access` is given; on failure prints the one-line error and throws its exit code.
    static func openOrExit(path: String, passwords: PasswordOptions, access: TextAccessOptions?) throws -> Document {
        switch open(path: path, passwords: passwords.candidates) {
        case .failure(let f):
            printError(f.message)
            throw ExitCode(f.exitCode)
        case .success(let (document, _)):
            if let access, let refusal = access.refusal(for: document, path: path) {
                printError(refusal.message)
                throw ExitCode(refusal.exitCode)
            }
            return document
        }
    }

    static func failure(path: String, error: PDFError) -> Failure {
        switch error.code {
        case .incorrectPassword:
            return Failure(message: "\(path): incorrect password", exitCode: ExitStatus.password)
        case .unsupportedEncryption:
            return Failure(message: "\(path): \(error.message)", exitCode: ExitStatus.password)
        default:
            return Failure(message: "\(path): \(error.message)", exitCode: ExitStatus.openFailed)
        }
    }
}

/// Writes one line to standard error, `pdftext: ` first. The line is one line whatever it
/// holds: control and bidirectional formatting characters (from a file name, a name in the
/// file) are shown escaped (`ControlEscaping`).
func printError(_ line: String) {
    FileHandle.standardError.write(Data(("pdftext: " + ControlEscaping.escaped(line) + "\n").utf8))
}

/// `open(2)` for reading, outside `Opening`, whose own `open` would hide it.
private func openForReading(_ path: UnsafePointer<CChar>) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

extension PDFTextOptions {
    /// The library's options with the layout `pdftext` writes text with: `LayoutOptions()`,
    /// which joins hyphenated line ends where the page shows the word (a `PDFDocument` keeps
    /// them by default, as PDFKit does).
    package static var commandLine: PDFTextOptions {
        var o = PDFTextOptions()
        o.layout = LayoutOptions()
        return o
    }
}

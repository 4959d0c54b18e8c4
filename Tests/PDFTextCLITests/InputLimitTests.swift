import Foundation
import Testing
@testable import PDFTextCLI

/// `Limits.maxInputBytes` through the command line: endless inputs stop with exit 1 and a
/// one-line error naming the input.
@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct InputLimitTests {
    @Test("info /dev/zero stops at the input limit with exit 1")
    func devZero() throws {
        let start = Date()
        let r = try CLI.run(["info", "/dev/zero"])
        #expect(r.status == ExitStatus.openFailed)
        #expect(r.stderr == "pdftext: /dev/zero: input larger than the limit of \(1 << 30) bytes (Limits.maxInputBytes); not read\n")
        #expect(r.stdout.isEmpty)
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test("an endless standard input stops at the input limit with exit 1")
    func endlessStdin() throws {
        signal(SIGPIPE, SIG_IGN)
        let binary = try #require(CLI.binary)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["text", "-"]
        let input = Pipe(), out = Pipe(), err = Pipe()
        p.standardInput = input
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let start = Date()
        // Feed until the process stops reading (the pipe breaks).
        let writer = input.fileHandleForWriting.fileDescriptor
        let chunk = [UInt8](repeating: 0x20, count: 1 << 16)
        var fed = 0
        while true {
            let n = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            fed += n
        }
        try input.fileHandleForWriting.close()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == ExitStatus.openFailed)
        #expect(String(decoding: e, as: UTF8.self) == "pdftext: -: input larger than the limit of \(1 << 30) bytes (Limits.maxInputBytes); not read\n")
        #expect(fed > 1 << 30)
        #expect(Date().timeIntervalSince(start) < 60)
    }
}

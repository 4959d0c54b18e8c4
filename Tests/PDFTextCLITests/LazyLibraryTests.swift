import Foundation
import Testing

/// ICU is loaded on first use, not at start-up: the dynamic loader's own trace
/// (`LD_DEBUG=libs`, glibc) lists every library a run loads, `dlopen` included.
@Suite(.enabled(if: CLI.binary != nil && FileManager.default.fileExists(atPath: "/proc/self/maps"),
                "needs the built pdftext binary and glibc's loader"))
struct LazyLibraryTests {
    /// The libraries the loader reports loading for `pdftext arguments`, and the exit status.
    static func loaded(_ arguments: [String]) throws -> (libraries: String, status: Int32) {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "libs"
        p.environment = environment
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: e, as: UTF8.self).split(separator: "\n").filter { $0.contains("calling init:") }
        return (lines.joined(separator: "\n"), p.terminationStatus)
    }

    @Test("a Latin document and --version do not load ICU; a right-to-left one loads it and reads right")
    func icuOnFirstUse() throws {
        let latin = try Self.loaded([CLI.fixture("basic/hello.pdf"), "/dev/null"])
        #expect(latin.status == 0)
        #expect(latin.libraries.contains("libc.so"))  // the trace works
        #expect(!latin.libraries.contains("libicuuc"))
        let version = try Self.loaded(["--version"])
        #expect(version.status == 0)
        #expect(!version.libraries.contains("libicuuc"))
        let arabic = try Self.loaded([CLI.fixture("text/arabic-libreoffice.pdf"), "/dev/null"])
        #expect(arabic.status == 0)
        #expect(arabic.libraries.contains("libicuuc"))
        // Loaded late, ICU still does its work: the right-to-left line comes out in logical order.
        let r = try CLI.run([CLI.fixture("text/arabic-libreoffice.pdf"), "-"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("الخط العربي"))
    }
}

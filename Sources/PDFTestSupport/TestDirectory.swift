import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary folders for tests: each is made inside one folder per test process
/// (`pdftext-tests-PID` in the system's temporary folder), which is removed when the process
/// exits, so that tests which keep their files for a whole suite leave nothing behind.
package enum TestDirectory {
    /// The process's folder, made (and its removal at exit registered) on first use.
    package static let root: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        atexit { TestDirectory.removeRoot() }
        return dir
    }()

    static func removeRoot() { try? FileManager.default.removeItem(at: root) }

    /// A new, empty folder `NAME-UUID` inside `root`.
    package static func make(_ name: String) throws -> URL {
        let dir = root.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

import Foundation
import PDFCore

/// An output: a file descriptor behind a `ByteWriter`.
final class OutputFile {
    let name: String
    let writer: ByteWriter
    let owned: Bool
    private var closed = false

    init(name: String, fd: Int32, owned: Bool) {
        self.name = name
        self.writer = ByteWriter(fd: fd)
        self.owned = owned
    }

    static func create(_ path: String) -> Swift.Result<OutputFile, Opening.Failure> {
        let fd = SystemCall.openFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { return .failure(Opening.Failure(message: "\(path): cannot create: \(String(cString: strerror(errno)))", exitCode: ExitStatus.outputFailed)) }
        return .success(OutputFile(name: path, fd: fd, owned: true))
    }

    func close() {
        guard !closed else { return }
        writer.flush()
        closed = true
        if owned { _ = SystemCall.closeFile(writer.fd) }
    }
}

/// Questions about paths: same file, PDF or not, output names.
enum FileIdentity {
    /// True when both paths name one existing file (same device and inode).
    static func same(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// True when the file exists and `%PDF-` occurs in its first 1024 bytes.
    static func looksLikePDF(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = [UInt8]((try? h.read(upToCount: 1024)) ?? Data())
        let magic: [UInt8] = Array("%PDF-".utf8)
        guard head.count >= magic.count else { return false }
        for i in 0...(head.count - magic.count) where head[i] == magic[0] && Array(head[i..<i + magic.count]) == magic {
            return true
        }
        return false
    }

    /// `<name>.<ext>` per input: the file name without a `.pdf` extension (`stdin` for `-`),
    /// with `-2`, `-3`… added when two inputs would get the same name.
    static func outputNames(for inputs: [String], extension ext: String) -> [String] {
        var used: Set<String> = []
        return inputs.map { input in
            var base = input == "-" ? "stdin" : (input as NSString).lastPathComponent
            if base.lowercased().hasSuffix(".pdf") { base = String(base.dropLast(4)) }
            if base.isEmpty { base = "output" }
            var name = base + "." + ext
            var n = 2
            while used.contains(name) {
                name = "\(base)-\(n).\(ext)"
                n += 1
            }
            used.insert(name)
            return name
        }
    }

    static func reason(_ error: Error) -> String {
        let e = error as NSError
        if let u = e.userInfo[NSUnderlyingErrorKey] as? NSError, u.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(u.code)))
        }
        return e.localizedDescription
    }
}

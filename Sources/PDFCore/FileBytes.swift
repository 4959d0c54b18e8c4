#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into one byte array with a single copy (no intermediate `Data`).
public enum FileBytes {
    /// Throws a ``PDFError`` with code `.io` whose message says what went wrong
    /// ("no such file", "permission denied", "is a directory", …).
    public static func read(path: String) throws(PDFError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw PDFError(.io, describe(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PDFError(.io, describe(errno)) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw PDFError(.io, "is a directory") }
        let expected = Int(st.st_size)
        if (st.st_mode & S_IFMT) == S_IFREG, expected > 0 {
            var failure: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
                var done = 0
                while done < expected {
                    let n = Glibc.read(fd, buffer.baseAddress! + done, expected - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if n == 0 { break }  // the file shrank while reading
                    done += n
                }
                count = done
            }
            if failure != 0 { throw PDFError(.io, describe(failure)) }
            return bytes
        }
        // Pipes, devices and files whose size is unknown: read in chunks.
        return try readStream(fd)
    }

    /// Reads standard input (or any descriptor) to its end.
    public static func readStream(_ fd: Int32) throws(PDFError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PDFError(.io, describe(errno))
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        default: return String(cString: strerror(code))
        }
    }
}

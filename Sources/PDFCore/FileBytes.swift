#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into one byte array with a single copy (no intermediate `Data`).
/// Every read is capped (``Limits/maxInputBytes``): a regular file larger than the cap is
/// refused from its size; a pipe, a device or standard input is read until it passes the
/// cap and then refused, so that an endless input stops with an error instead of filling
/// memory.
package enum FileBytes {
    /// Throws a ``PDFError`` with code `.io` whose message says what went wrong
    /// ("no such file", "permission denied", "is a directory", …), or `.limitExceeded`
    /// when the input is larger than `maxBytes`.
    package static func read(path: String, maxBytes: Int = Limits.default.maxInputBytes) throws(PDFError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw PDFError(.io, describe(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PDFError(.io, describe(errno)) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw PDFError(.io, "is a directory") }
        let expected = Int(clamping: st.st_size)
        if (st.st_mode & S_IFMT) == S_IFREG, expected > 0 {
            if expected > max(0, maxBytes) { throw tooLarge(maxBytes) }
            let (bytes, failure) = readChunk(fd, size: expected)
            if failure != 0 { throw PDFError(.io, describe(failure)) }
            return bytes  // shorter when the file shrank while reading
        }
        // Pipes, devices and files whose size is unknown: read in chunks.
        return try readStream(fd, maxBytes: maxBytes)
    }

    /// Reads standard input (or any descriptor) to its end, or until it passes `maxBytes`
    /// (then throws `.limitExceeded` without reading further).
    ///
    /// Reads into chunks, each as large as everything so far, joined once at the end: the
    /// memory held never exceeds about `maxBytes`, and nothing is copied while input grows.
    package static func readStream(_ fd: Int32, maxBytes: Int = Limits.default.maxInputBytes) throws(PDFError) -> [UInt8] {
        let cap = max(0, maxBytes)
        var chunks: [[UInt8]] = []
        var total = 0
        var failure: Int32 = 0
        var ended = false
        while !ended, failure == 0, total <= cap {
            // One byte past the cap tells "exactly the cap" apart from "more".
            let size = min(max(1 << 16, total), cap + 1 - total)
            let chunk: [UInt8]
            (chunk, failure) = readChunk(fd, size: size)
            ended = chunk.count < size
            total += chunk.count
            if !chunk.isEmpty { chunks.append(chunk) }
        }
        if failure != 0 { throw PDFError(.io, describe(failure)) }
        if total > cap { throw tooLarge(cap) }
        if chunks.count == 1 { return chunks[0] }
        return [UInt8](unsafeUninitializedCapacity: total) { dst, count in
            var at = 0
            for i in chunks.indices {
                chunks[i].withUnsafeBufferPointer { c in
                    (dst.baseAddress! + at).initialize(from: c.baseAddress!, count: c.count)
                }
                at += chunks[i].count
                chunks[i] = []  // give each chunk back as soon as it is copied
            }
            count = at
        }
    }

    /// Up to `size` bytes read from `fd` into a new array; fewer when the input ends first
    /// or a read fails (then with its `errno`).
    static func readChunk(_ fd: Int32, size: Int) -> (bytes: [UInt8], failure: Int32) {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = SystemCall.readFile(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                done += n
            }
            count = done
        }
        return (bytes, failure)
    }

    static func tooLarge(_ cap: Int) -> PDFError {
        PDFError(.limitExceeded, "input larger than the limit of \(cap) bytes (Limits.maxInputBytes); not read")
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

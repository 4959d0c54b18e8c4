import CZlib
import PDFCore

/// FlateDecode (ISO 32000-2 §7.4.4) through the system zlib.
///
/// Lenient about what real files contain: a missing or damaged zlib header (the data is then
/// tried as raw deflate), a gzip wrapper, white space before the header, junk after the end
/// of the compressed data, a wrong Adler-32 checksum, and truncated or corrupt data (what
/// inflated before the damage is kept).
package enum FlateDecoder {
    /// Inflates `input`, producing at most `maxOutput` bytes.
    /// - Returns: the inflated bytes, and whether the compressed stream was read to its end
    ///   without error and within `maxOutput`.
    package static func decode(
        _ input: ArraySlice<UInt8>, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        var unlimited = DecodeAllowance(budget: nil)
        return decode(input, maxOutput: maxOutput, allowance: &unlimited, log: &log)
    }

    /// Inflates `input` as above, drawing each output chunk from `allowance` before it is
    /// allocated: when the budget grants no more, inflating stops there (not complete, no
    /// size-limit diagnostic; the caller reports the budget).
    package static func decode(
        _ input: ArraySlice<UInt8>, maxOutput: Int, allowance: inout DecodeAllowance, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        if input.isEmpty { return ([], true) }
        // One byte of headroom tells "exactly `cap` bytes" apart from "more than `cap`".
        let limit = cap.addingSaturating(1)

        var outcome = input.withUnsafeBufferPointer { src -> Outcome in
            let format = detectFormat(src)
            let body = UnsafeBufferPointer(rebasing: src[format.start...])
            var result = inflateRun(body, windowBits: format.windowBits, limit: limit, allowance: &allowance)
            if format.windowBits == rawWindowBits {
                if result.bytes.isEmpty, !result.status.isEnd, body.count > 2 {
                    // A damaged two-byte header in front of good deflate data.
                    let skipped = inflateRun(UnsafeBufferPointer(rebasing: body[2...]), windowBits: rawWindowBits, limit: limit, allowance: &allowance)
                    if skipped.isBetter(than: result) { result = skipped }
                }
                result.fellBackToRaw = true
            } else if result.bytes.isEmpty, !result.status.isEnd, result.status != .truncated {
                // zlib rejected the data before producing anything: maybe it is raw deflate
                // that happens to start like a zlib header.
                let raw = inflateRun(body, windowBits: rawWindowBits, limit: limit, allowance: &allowance)
                if raw.isBetter(than: result) {
                    result = raw
                    result.fellBackToRaw = true
                }
            }
            return result
        }

        if outcome.fellBackToRaw && !outcome.bytes.isEmpty {
            log.append(.flateRawDeflate, .info, "FlateDecode: no valid zlib header; decoded as raw deflate data")
        }
        var complete = true
        switch outcome.status {
        case .end:
            break
        case .limit:
            complete = false
        case .truncated:
            complete = false
            log.append(.flateTruncated, .warning, "FlateDecode: compressed data ends early; kept \(outcome.bytes.count) inflated bytes")
        case .needDictionary:
            complete = false
            log.append(.flateCorrupt, .warning, "FlateDecode: data needs a preset dictionary")
        case .noMemory:
            complete = false
            log.append(.flateCorrupt, .error, "FlateDecode: zlib could not allocate memory; kept \(outcome.bytes.count) inflated bytes")
        case .corrupt(let message):
            if message == "incorrect data check" {
                log.append(.flateChecksumMismatch, .info, "FlateDecode: Adler-32 checksum does not match; data kept")
            } else {
                complete = false
                log.append(.flateCorrupt, .warning, "FlateDecode: \(message) after \(outcome.bytes.count) inflated bytes; kept them")
            }
        }
        if outcome.bytes.count > cap {
            outcome.bytes.removeLast(outcome.bytes.count - cap)
            complete = false
            logSizeLimit(&log, "FlateDecode", cap)
        }
        return (outcome.bytes, complete)
    }

    static let rawWindowBits: Int32 = -15

    enum Status: Equatable {
        case end, truncated, limit, needDictionary, noMemory
        case corrupt(String)
        var isEnd: Bool { self == .end }
    }

    struct Outcome {
        var bytes: [UInt8]
        var status: Status
        var fellBackToRaw = false

        func isBetter(than other: Outcome) -> Bool {
            if status.isEnd != other.status.isEnd { return status.isEnd }
            return bytes.count > other.bytes.count
        }
    }

    /// Where the deflate data starts and which wrapper zlib should expect.
    static func detectFormat(_ src: UnsafeBufferPointer<UInt8>) -> (start: Int, windowBits: Int32) {
        func isZlibHeader(_ i: Int) -> Bool {
            guard i + 1 < src.count else { return false }
            let cmf = Int(src[i]), flg = Int(src[i + 1])
            return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
        }
        func isGzipHeader(_ i: Int) -> Bool {
            i + 2 < src.count && src[i] == 0x1F && src[i + 1] == 0x8B && src[i + 2] == 8
        }
        if isZlibHeader(0) { return (0, 15) }
        if isGzipHeader(0) { return (0, 31) }
        // White space in front of the header: an end-of-line counted into the stream data.
        var i = 0
        while i < src.count, i < 8, isPDFWhitespace(src[i]) { i += 1 }
        if i > 0 {
            if isZlibHeader(i) { return (i, 15) }
            if isGzipHeader(i) { return (i, 31) }
        }
        return (0, rawWindowBits)
    }

    /// One zlib inflate pass over `src`, producing at most `limit` bytes.
    ///
    /// Inflates straight into uninitialised chunks, the first sized from the input, each
    /// next one as large as everything so far; several chunks are joined once at the end.
    /// Nothing is zero-filled and nothing is copied while the output grows. Each chunk is
    /// drawn from `allowance` first; the join gives each chunk back as soon as it is copied,
    /// so that it holds about the output size, not twice it.
    static func inflateRun(_ src: UnsafeBufferPointer<UInt8>, windowBits: Int32, limit: Int,
                           allowance: inout DecodeAllowance) -> Outcome {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return Outcome(bytes: [], status: .noMemory)
        }
        defer { inflateEnd(&stream) }

        var chunks: [[UInt8]] = []
        var total = 0
        var fed = 0
        var status: Status?
        var chunkSize = initialOutputSize(inputCount: src.count, factor: 4, limit: limit)

        while status == nil {
            let size = allowance.take(upTo: min(chunkSize, limit - total))
            if size <= 0 { status = .limit; break }
            let chunk = [UInt8](unsafeUninitializedCapacity: size) { dst, initialized in
                var filled = 0
                while filled < size {
                    if stream.avail_in == 0, fed < src.count, let base = src.baseAddress {
                        let n = min(src.count - fed, Int(UInt32.max))
                        stream.next_in = UnsafeMutablePointer(mutating: base + fed)
                        stream.avail_in = UInt32(n)
                        fed += n
                    }
                    let room = UInt32(min(size - filled, Int(UInt32.max)))
                    stream.next_out = dst.baseAddress! + filled
                    stream.avail_out = room
                    let rc = inflate(&stream, Z_NO_FLUSH)
                    filled += Int(room - stream.avail_out)

                    if rc == Z_STREAM_END { status = .end; break }
                    if rc == Z_OK || rc == Z_BUF_ERROR {
                        // zlib stops early only for want of room or of input.
                        if stream.avail_out == 0 { continue }
                        if stream.avail_in == 0 && fed == src.count { status = .truncated; break }
                        if rc == Z_OK { continue }
                        status = .corrupt("no progress")
                        break
                    }
                    switch rc {
                    case Z_NEED_DICT: status = .needDictionary
                    case Z_MEM_ERROR: status = .noMemory
                    default:
                        if let msg = stream.msg { status = .corrupt(String(cString: msg)) } else { status = .corrupt("zlib error \(rc)") }
                    }
                    break
                }
                initialized = filled
            }
            total += chunk.count
            chunks.append(chunk)
            chunkSize = max(1 << 16, total)
        }

        let bytes: [UInt8]
        if chunks.count == 1 {
            // Give back a mostly unused first chunk rather than keep it pinned.
            let only = chunks[0]
            bytes = isWasteful(count: only.count, capacity: only.capacity) ? exactCopy(only, count: only.count) : only
        } else {
            bytes = [UInt8](unsafeUninitializedCapacity: total) { dst, initialized in
                var at = 0
                for i in chunks.indices {
                    chunks[i].withUnsafeBufferPointer { c in
                        if let base = c.baseAddress { (dst.baseAddress! + at).initialize(from: base, count: c.count) }
                    }
                    at += chunks[i].count
                    chunks[i] = []
                }
                initialized = at
            }
        }
        return Outcome(bytes: bytes, status: status ?? .limit)
    }
}

import PDFCore

/// PDF white space (ISO 32000-2 Table 1): NUL, HT, LF, FF, CR, SP.
@inline(__always)
func isPDFWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00
}

/// A first output size for a decoder whose output size is not known up front: a multiple
/// of the input size, at least a little, never more than `limit`.
func initialOutputSize(inputCount: Int, factor: Int, limit: Int) -> Int {
    min(limit, max(1024, inputCount.multipliedSaturating(by: factor)))
}

/// Grows a zero-filled output buffer so that it has at least `needed` bytes, doubling so
/// that repeated growth stays linear, and never past `limit` (`needed <= limit`) nor past
/// what `allowance` grants (the buffer may then stay shorter than `needed`).
@inline(__always)
func grow(_ buffer: inout [UInt8], toAtLeast needed: Int, limit: Int, allowance: inout DecodeAllowance) {
    let target = min(limit, max(needed, buffer.count.multipliedSaturating(by: 2), 1024))
    if target > buffer.count {
        let granted = allowance.take(upTo: target - buffer.count)
        buffer.append(contentsOf: repeatElement(0, count: granted))
    }
}

/// The first `count` bytes of `bytes` in a new array of just that size.
func exactCopy(_ bytes: [UInt8], count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { dst, initialized in
        bytes.withUnsafeBufferPointer { src in
            if count > 0 { dst.baseAddress!.initialize(from: src.baseAddress!, count: count) }
        }
        initialized = count
    }
}

/// Whether an array with `count` bytes in use out of `capacity` wastes enough to be worth
/// copying into a smaller one, so that cached results do not pin slack memory.
@inline(__always)
func isWasteful(count: Int, capacity: Int) -> Bool {
    let slack = capacity - count
    return slack > 4096 && slack > count / 2
}

/// The first `count` bytes of an over-allocated output buffer.
func finishOutput(_ buffer: inout [UInt8], count: Int) -> [UInt8] {
    if isWasteful(count: count, capacity: buffer.capacity) { return exactCopy(buffer, count: count) }
    buffer.removeLast(buffer.count - count)
    return buffer
}

/// Records that output was cut at `limit` bytes.
func logSizeLimit(_ log: inout DiagnosticLog, _ filter: String, _ limit: Int) {
    log.append(.decodedSizeLimit, .error, "\(filter): decoded data exceeds the limit of \(limit) bytes; output cut there")
}

import PDFCore

/// RunLengthDecode (ISO 32000-2 §7.4.5): a length byte 0...127 copies the next 1...128
/// bytes, 129...255 repeats the next byte 2...128 times, 128 ends the data.
package enum RunLengthDecoder {
    /// Decodes `input`, producing at most `maxOutput` bytes. Data that ends without the
    /// end-of-data byte is accepted; a run cut short keeps what is there, with a diagnostic.
    package static func decode(
        _ input: ArraySlice<UInt8>, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        var out: [UInt8] = []
        out.reserveCapacity(min(cap, input.count.multipliedSaturating(by: 2)))
        var truncatedAt = -1
        var hitLimit = false

        input.withUnsafeBufferPointer { src in
            var i = 0
            while i < src.count {
                let length = Int(src[i])
                i += 1
                if length < 128 {
                    let wanted = length + 1
                    var count = min(wanted, src.count - i)
                    if count > cap - out.count { count = cap - out.count; hitLimit = true }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: src[i..<(i + count)]))
                    if hitLimit { break }
                    if count < wanted { truncatedAt = i - 1; break }
                    i += count
                } else if length > 128 {
                    guard i < src.count else { truncatedAt = i - 1; break }
                    var count = 257 - length
                    if count > cap - out.count { count = cap - out.count; hitLimit = true }
                    out.append(contentsOf: repeatElement(src[i], count: count))
                    if hitLimit { break }
                    i += 1
                } else {
                    break
                }
            }
        }

        var complete = true
        if truncatedAt >= 0 {
            complete = false
            log.append(.runLengthCorrupt, .warning, "RunLengthDecode: run at byte \(truncatedAt) is cut short by the end of the data")
        }
        if hitLimit {
            complete = false
            logSizeLimit(&log, "RunLengthDecode", cap)
        }
        return (out, complete)
    }
}

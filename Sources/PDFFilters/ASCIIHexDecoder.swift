import PDFCore

/// ASCIIHexDecode (ISO 32000-2 §7.4.2): pairs of hex digits, white space ignored, `>` ends
/// the data, an odd final digit is followed by an implied 0.
package enum ASCIIHexDecoder {
    /// Decodes `input`, producing at most `maxOutput` bytes. A missing `>` is accepted. An
    /// invalid character stops decoding with a diagnostic; the bytes before it are kept.
    package static func decode(
        _ input: ArraySlice<UInt8>, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        var invalidAt = -1
        var invalidChar: UInt8 = 0
        var hitLimit = false
        let bound = min(cap, input.count / 2 + 1)

        let out = [UInt8](unsafeUninitializedCapacity: bound) { dst, initialized in
            var n = 0
            input.withUnsafeBufferPointer { src in
                var high: UInt8 = 0
                var haveHigh = false
                var i = 0
                scan: while i < src.count {
                    let c = src[i]
                    i += 1
                    let digit: UInt8
                    switch c {
                    case 0x30...0x39: digit = c &- 0x30
                    case 0x41...0x46: digit = c &- 0x37
                    case 0x61...0x66: digit = c &- 0x57
                    case UInt8(ascii: ">"): break scan
                    default:
                        if isPDFWhitespace(c) { continue scan }
                        invalidAt = i - 1
                        invalidChar = c
                        haveHigh = false
                        break scan
                    }
                    if haveHigh {
                        guard n < cap else { hitLimit = true; haveHigh = false; break scan }
                        dst[n] = high << 4 | digit
                        n += 1
                        haveHigh = false
                    } else {
                        high = digit
                        haveHigh = true
                    }
                }
                if haveHigh {
                    if n < cap {
                        dst[n] = high << 4
                        n += 1
                    } else {
                        hitLimit = true
                    }
                }
            }
            initialized = n
        }

        var complete = true
        if invalidAt >= 0 {
            complete = false
            log.append(.asciiHexCorrupt, .warning, "ASCIIHexDecode: invalid character 0x\(String(invalidChar, radix: 16)) at byte \(invalidAt); kept \(out.count) decoded bytes")
        }
        if hitLimit {
            complete = false
            logSizeLimit(&log, "ASCIIHexDecode", cap)
        }
        return (out, complete)
    }
}

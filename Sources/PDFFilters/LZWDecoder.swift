import PDFCore

/// LZWDecode (ISO 32000-2 §7.4.4): codes of 9 to 12 bits, most significant bit first, clear
/// code 256, end-of-data code 257, with or without the early code-width change.
///
/// Each table entry is kept as a position and length in the output already written: an
/// entry is always the previous code's string plus the byte that follows it in the output,
/// so the table needs no string storage of its own.
package enum LZWDecoder {
    static let clearCode = 256
    static let endCode = 257
    static let firstFreeCode = 258
    static let tableSize = 4096

    /// Decodes `input`, producing at most `maxOutput` bytes. `earlyChange` is the
    /// /EarlyChange value (0 or 1; other values count as 1). Data that ends without an
    /// end-of-data code is accepted.
    package static func decode(
        _ input: ArraySlice<UInt8>, earlyChange: Int = 1, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        var unlimited = DecodeAllowance(budget: nil)
        return decode(input, earlyChange: earlyChange, maxOutput: maxOutput, allowance: &unlimited, log: &log)
    }

    /// Decodes as above, drawing the output buffer from `allowance` as it grows: when the
    /// budget grants no more, decoding stops there (not complete, no size-limit diagnostic;
    /// the caller reports the budget).
    package static func decode(
        _ input: ArraySlice<UInt8>, earlyChange: Int = 1, maxOutput: Int, allowance: inout DecodeAllowance,
        log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        let early = earlyChange == 0 ? 0 : 1
        let initial = allowance.take(upTo: initialOutputSize(inputCount: input.count, factor: 4, limit: cap))
        var out = [UInt8](repeating: 0, count: initial)
        var n = 0
        var entryStart = [Int](repeating: 0, count: tableSize)
        var entryLength = [Int](repeating: 0, count: tableSize)
        var nextCode = firstFreeCode
        var width = 9
        var previousStart = -1
        var previousLength = 0
        var badCode = -1
        var hitLimit = false
        var outOfBudget = false

        input.withUnsafeBufferPointer { src in
            var position = 0
            var bits: UInt32 = 0
            var bitCount = 0
            decoding: while true {
                while bitCount < width {
                    guard position < src.count else { break decoding }
                    bits = bits << 8 | UInt32(src[position])
                    position += 1
                    bitCount += 8
                }
                bitCount -= width
                let code = Int(bits >> UInt32(bitCount)) & (1 << width - 1)
                bits &= UInt32(1) << UInt32(bitCount) - 1

                let start: Int
                var length: Int
                if code < clearCode {
                    start = -1
                    length = 1
                } else if code == clearCode {
                    nextCode = firstFreeCode
                    width = 9
                    previousStart = -1
                    continue
                } else if code == endCode {
                    break decoding
                } else if code < nextCode {
                    start = entryStart[code]
                    length = entryLength[code]
                } else if code == nextCode, previousStart >= 0 {
                    // The code being defined: the previous string plus its own first byte.
                    start = previousStart
                    length = previousLength + 1
                } else {
                    badCode = code
                    break decoding
                }

                if length > cap - n {
                    hitLimit = true
                    length = cap - n
                    if length == 0 { break decoding }
                }
                if n + length > out.count {
                    grow(&out, toAtLeast: n + length, limit: cap, allowance: &allowance)
                    if n + length > out.count {
                        outOfBudget = true
                        length = out.count - n
                        if length <= 0 { break decoding }
                    }
                }
                if start < 0 {
                    out[n] = UInt8(truncatingIfNeeded: code)
                } else {
                    // Forward byte copy: the source may run into the bytes being written.
                    out.withUnsafeMutableBufferPointer { p in
                        var s = start, d = n
                        let end = n + length
                        while d < end {
                            p[d] = p[s]
                            d += 1
                            s += 1
                        }
                    }
                }
                if hitLimit || outOfBudget { n += length; break decoding }

                if previousStart >= 0, nextCode < tableSize {
                    entryStart[nextCode] = previousStart
                    entryLength[nextCode] = previousLength + 1
                    nextCode += 1
                    if nextCode + early >= 1 << width, width < 12 { width += 1 }
                }
                previousStart = n
                previousLength = length
                n += length
            }
        }

        var complete = true
        if badCode >= 0 {
            complete = false
            log.append(.lzwCorrupt, .warning, "LZWDecode: code \(badCode) is not in the table (next free code \(nextCode)); kept \(n) decoded bytes")
        }
        if hitLimit {
            complete = false
            logSizeLimit(&log, "LZWDecode", cap)
        }
        if outOfBudget { complete = false }
        return (finishOutput(&out, count: n), complete)
    }
}

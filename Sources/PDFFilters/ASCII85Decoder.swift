import PDFCore

/// ASCII85Decode (ISO 32000-2 §7.4.3): groups of five characters `!`...`u` give four bytes,
/// `z` gives four zero bytes, `~>` ends the data. White space is ignored anywhere; a leading
/// `<~` and a missing `~>` are accepted; a final group of 2...4 characters gives 1...3 bytes.
public enum ASCII85Decoder {
    /// Decodes `input`, producing at most `maxOutput` bytes. An invalid character stops
    /// decoding with a diagnostic; the bytes decoded before it are kept.
    public static func decode(
        _ input: ArraySlice<UInt8>, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        var out: [UInt8] = []
        out.reserveCapacity(min(cap, saturatingAdd(input.count / 5 * 4, 4)))
        var problem: String?
        var hitLimit = false

        /// Appends the `count` high-order bytes of `value`, within the cap.
        func emit(_ value: UInt32, _ count: Int) {
            var count = count
            if count > cap - out.count { count = cap - out.count; hitLimit = true }
            var shift: UInt32 = 24
            for _ in 0..<count {
                out.append(UInt8(truncatingIfNeeded: value >> shift))
                shift &-= 8
            }
        }

        input.withUnsafeBufferPointer { src in
            var i = 0
            while i < src.count, isPDFWhitespace(src[i]) { i += 1 }
            if i + 1 < src.count, src[i] == UInt8(ascii: "<"), src[i + 1] == UInt8(ascii: "~") { i += 2 }

            var value: UInt64 = 0
            var digits = 0
            while i < src.count {
                let c = src[i]
                if c >= 0x21 && c <= 0x75 {
                    value = value &* 85 &+ UInt64(c &- 0x21)
                    digits += 1
                    if digits == 5 {
                        guard value <= UInt64(UInt32.max) else {
                            problem = "group ending at byte \(i) exceeds 2^32 - 1"
                            return
                        }
                        emit(UInt32(value), 4)
                        if hitLimit { return }
                        value = 0
                        digits = 0
                    }
                } else if c == UInt8(ascii: "z") {
                    guard digits == 0 else {
                        problem = "'z' inside a group at byte \(i)"
                        return
                    }
                    emit(0, 4)
                    if hitLimit { return }
                } else if c == UInt8(ascii: "~") {
                    break
                } else if !isPDFWhitespace(c) {
                    problem = "invalid character 0x\(String(c, radix: 16)) at byte \(i)"
                    return
                }
                i += 1
            }
            // Final partial group: pad with the highest digit, keep digits - 1 bytes.
            if digits == 1 {
                problem = "a single character in the final group"
            } else if digits > 1 {
                for _ in digits..<5 { value = value * 85 + 84 }
                guard value <= UInt64(UInt32.max) else {
                    problem = "final group exceeds 2^32 - 1"
                    return
                }
                emit(UInt32(value), digits - 1)
            }
        }

        var complete = true
        if let problem {
            complete = false
            log.append(.ascii85Corrupt, .warning, "ASCII85Decode: \(problem); kept \(out.count) decoded bytes")
        }
        if hitLimit {
            complete = false
            logSizeLimit(&log, "ASCII85Decode", cap)
        }
        return (out, complete)
    }
}

import PDFCore

/// ASCII85Decode (ISO 32000-2 §7.4.3): groups of five characters `!`...`u` give four bytes,
/// `z` gives four zero bytes, `~>` ends the data. White space is ignored anywhere; a leading
/// `<~` and a missing `~>` are accepted; a final group of 2...4 characters gives 1...3 bytes.
package enum ASCII85Decoder {
    /// Decodes `input`, producing at most `maxOutput` bytes. An invalid character stops
    /// decoding with a diagnostic; the bytes decoded before it are kept.
    package static func decode(
        _ input: ArraySlice<UInt8>, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        var problem: String?
        var hitLimit = false

        let out = input.withUnsafeBufferPointer { src -> [UInt8] in
            // Five characters make four bytes, a `z` four: an exact bound for the output.
            var zCount = 0
            for c in src where c == UInt8(ascii: "z") { zCount += 1 }
            let bound = min(cap, (src.count - zCount) / 5 * 4 + 4 + zCount * 4)

            return [UInt8](unsafeUninitializedCapacity: bound) { dst, initialized in
                var n = 0
                /// Writes the `count` high-order bytes of `value`, within the cap.
                @inline(__always) func emit(_ value: UInt32, _ count: Int) -> Bool {
                    var count = count
                    var fits = true
                    if count > cap - n { count = cap - n; fits = false }
                    var shift: UInt32 = 24
                    for _ in 0..<count {
                        dst[n] = UInt8(truncatingIfNeeded: value >> shift)
                        n += 1
                        shift &-= 8
                    }
                    return fits
                }
                defer { initialized = n }

                var i = 0
                while i < src.count, isPDFWhitespace(src[i]) { i += 1 }
                if i + 1 < src.count, src[i] == UInt8(ascii: "<"), src[i + 1] == UInt8(ascii: "~") { i += 2 }

                var value: UInt64 = 0
                var digits = 0
                while i < src.count {
                    let c = src[i]
                    i += 1
                    if c &- 0x21 < 85 {
                        value = value &* 85 &+ UInt64(c &- 0x21)
                        digits += 1
                        if digits == 5 {
                            guard value <= UInt64(UInt32.max) else {
                                problem = "group ending at byte \(i - 1) exceeds 2^32 - 1"
                                return
                            }
                            guard emit(UInt32(truncatingIfNeeded: value), 4) else { hitLimit = true; return }
                            value = 0
                            digits = 0
                        }
                    } else if c == UInt8(ascii: "z") {
                        guard digits == 0 else {
                            problem = "'z' inside a group at byte \(i - 1)"
                            return
                        }
                        guard emit(0, 4) else { hitLimit = true; return }
                    } else if c == UInt8(ascii: "~") {
                        break
                    } else if !isPDFWhitespace(c) {
                        problem = "invalid character 0x\(String(c, radix: 16)) at byte \(i - 1)"
                        return
                    }
                }
                // Final partial group: pad with the highest digit, keep digits - 1 bytes.
                if digits == 1 {
                    problem = "a single character in the final group"
                } else if digits > 1 {
                    for _ in digits..<5 { value = value &* 85 &+ 84 }
                    guard value <= UInt64(UInt32.max) else {
                        problem = "final group exceeds 2^32 - 1"
                        return
                    }
                    if !emit(UInt32(truncatingIfNeeded: value), digits - 1) { hitLimit = true }
                }
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

import PDFCore
import PDFSyntax

/// A diagnostic log that keeps at most `perCode` messages of each code and counts the rest,
/// so a page with a million broken operators gives a few lines, not a million.
package struct CappedLog: Sendable {
    package private(set) var log: DiagnosticLog
    var counts: [Diagnostic.Code: Int] = [:]
    package let perCode: Int

    package init(perCode: Int = 20, capacity: Int = Limits.default.maxDiagnostics) {
        self.perCode = perCode
        self.log = DiagnosticLog(capacity: capacity)
    }

    package mutating func note(_ code: Diagnostic.Code, _ message: @autoclosure () -> String,
                              severity: Diagnostic.Severity = .warning, objectNumber: Int? = nil) {
        let n = counts[code, default: 0]
        counts[code] = n + 1
        if n < perCode { log.append(code, severity, message(), objectNumber: objectNumber) }
    }

    /// Another capped log's entries and counts (each code still capped here).
    package mutating func merge(_ other: CappedLog) {
        var listed: [Diagnostic.Code: Int] = [:]
        for d in other.log.entries {
            listed[d.code, default: 0] += 1
            let n = counts[d.code, default: 0]
            if n < perCode { log.append(d) }
            counts[d.code] = n + 1
        }
        for (code, n) in other.counts { counts[code, default: 0] += max(0, n - listed[code, default: 0]) }
    }

    /// Diagnostics from elsewhere, kept as they are.
    package mutating func append(contentsOf other: DiagnosticLog) { log.append(contentsOf: other) }

    /// The log with a summary line for every code that passed its cap.
    package var finished: DiagnosticLog {
        var out = log
        for (code, n) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where n > perCode {
            out.append(code, .info, "\(n - perCode) more diagnostics of this kind not shown")
        }
        return out
    }
}

extension ContentParser {
    /// Reads an inline image after `BI`: the dictionary up to `ID`, then the data up to `EI`.
    mutating func readInlineImage() -> Operator? {
        var entries: [Name: PDFObject] = [:]
        var sawID = false
        dictionary: while true {
            let before = lexer.position
            let t = lexer.next()
            switch t {
            case .eof:
                break dictionary
            case .keyword(.other, let range):
                let code = bytes.withUnsafeBufferPointer { OpCode.classify(UnsafeBufferPointer(rebasing: $0[range])) }
                if code == .ID { sawID = true; break dictionary }
                lexer.position = before
                break dictionary
            case .name(let key):
                let v = lexer.next()
                if case .keyword(.other, let range) = v {
                    let code = bytes.withUnsafeBufferPointer { OpCode.classify(UnsafeBufferPointer(rebasing: $0[range])) }
                    if code == .ID { sawID = true; break dictionary }
                    continue
                }
                if let o = readObject(v, depth: 0), entries.count < 256 { entries[key] = o }
            default:
                continue
            }
        }
        let dict = PDFDictionary(entries)
        guard sawID else {
            diagnostics.note(.inlineImageDamaged, "inline image without ID; skipped")
            return nil
        }
        // One whitespace byte separates ID from the data.
        var start = lexer.position
        if start < bytes.count, CharacterClass.isWhitespace(bytes[start]) { start += 1 }
        let end = bytes.count
        if let length = Self.unfilteredLength(dict), length <= end - start {
            // Check that EI follows the computed data (after optional whitespace).
            var p = start + length
            while p < end, CharacterClass.isWhitespace(bytes[p]) { p += 1 }
            if ByteSearch.matches(bytes, at: p, "EI"), p + 2 >= end || !CharacterClass.isRegular(bytes[p + 2]) {
                lexer.position = p + 2
                return .inlineImage(InlineImage(dictionary: dict, dataRange: start..<(start + length)))
            }
        }
        // Search for an EI between whitespace that is followed by plausible content.
        var p = start
        while let found = ByteSearch.find(bytes, "EI", from: p, to: end) {
            let before = found - 1
            let whitespaceBefore = before < start ? true : CharacterClass.isWhitespace(bytes[before])
            let after = found + 2
            let delimitedAfter = after >= end || CharacterClass.isWhitespace(bytes[after])
            if whitespaceBefore, delimitedAfter, plausibleContent(from: after) {
                let dataEnd = max(start, before)
                lexer.position = after
                return .inlineImage(InlineImage(dictionary: dict, dataRange: start..<dataEnd))
            }
            p = found + 1
        }
        diagnostics.note(.inlineImageDamaged, "inline image without EI; the rest of the content is its data")
        lexer.position = end
        return .inlineImage(InlineImage(dictionary: dict, dataRange: start..<end))
    }

    /// Whether the bytes after a candidate `EI` read as content: a few tokens whose operators
    /// are all known, or the end of the data.
    func plausibleContent(from position: Int) -> Bool {
        var lx = Lexer(bytes: bytes, position: position, end: min(bytes.count, position + 256))
        var operators = 0
        var tokens = 0
        while tokens < 16 {
            let before = lx.position
            let t = lx.next()
            tokens += 1
            switch t {
            case .eof:
                // The end of the content, or of the window after at least one operator.
                return lx.end >= bytes.count || operators > 0 || before >= lx.end
            case .keyword(.other, let range):
                let code = bytes.withUnsafeBufferPointer { OpCode.classify(UnsafeBufferPointer(rebasing: $0[range])) }
                if code == .unknown { return false }
                operators += 1
                if operators >= 2 { return true }
            case .keyword:
                return false
            case .string(let s):
                // A string running to the window's end is probably binary.
                if lx.position >= lx.end, !s.isHex { return false }
            default:
                break
            }
        }
        return operators > 0
    }

    /// The data length of an unfiltered inline image, when its dictionary says enough.
    static func unfilteredLength(_ d: PDFDictionary) -> Int? {
        let filter = d["F"] ?? d["Filter"]
        if let f = filter {
            if let a = f.array, a.isEmpty {} else if !f.isNull { return nil }
        }
        guard let w = (d["W"] ?? d["Width"])?.integer, let h = (d["H"] ?? d["Height"])?.integer,
              w > 0, h > 0, w < 1 << 24, h < 1 << 24 else { return nil }
        let mask = ((d["IM"] ?? d["ImageMask"])?.bool) ?? false
        var bpc = (d["BPC"] ?? d["BitsPerComponent"])?.integer ?? (mask ? 1 : 8)
        var comps = 1
        if mask {
            bpc = 1
        } else {
            let cs = d["CS"] ?? d["ColorSpace"]
            var csName = cs?.name
            if let a = cs?.array, let first = a.first?.name { csName = first }
            switch csName {
            case "G", "DeviceGray", "CalGray", "I", "Indexed": comps = 1
            case "RGB", "DeviceRGB", "CalRGB": comps = 3
            case "CMYK", "DeviceCMYK": comps = 4
            default: return nil
            }
        }
        guard [1, 2, 4, 8, 16].contains(bpc) else { return nil }
        let (bits, o1) = w.multipliedReportingOverflow(by: comps * bpc)
        guard !o1 else { return nil }
        let row = (bits + 7) / 8
        let (total, o2) = row.multipliedReportingOverflow(by: h)
        return o2 ? nil : total
    }
}

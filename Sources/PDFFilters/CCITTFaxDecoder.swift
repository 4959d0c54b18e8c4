import PDFCore

extension Diagnostic.Code {
    /// CCITT fax data with a code that is not in the tables, or a row that does not add up to
    /// /Columns; the rows before it are kept, the damaged row is completed with white.
    package static let ccittCorrupt = Diagnostic.Code("ccittCorrupt")
    /// CCITT fax data that ended inside a row, or before /Rows rows; the rest is white.
    package static let ccittTruncated = Diagnostic.Code("ccittTruncated")
    /// CCITT fax data that enters uncompressed mode (T.4 §4.1.5), which is not decoded.
    package static let ccittUncompressed = Diagnostic.Code("ccittUncompressed")
    /// CCITTFaxDecode parameters out of range (/Columns, /Rows), clamped.
    package static let ccittParameters = Diagnostic.Code("ccittParameters")
}

/// The /DecodeParms of CCITTFaxDecode (ISO 32000-2 §7.4.6, Table 11), with the spec defaults.
package struct CCITTFaxParameters: Sendable, Hashable {
    /// Negative: pure two-dimensional (T.6, Group 4). Zero: one-dimensional (T.4 Modified
    /// Huffman). Positive: mixed (T.4 two-dimensional), a tag bit before each row says which.
    package var k: Int = 0
    /// Whether EOL codes are required (they are accepted either way).
    package var endOfLine: Bool = false
    /// Whether each row (K >= 0 with EOLs: each EOL) starts after fill bits on a byte boundary.
    package var encodedByteAlign: Bool = false
    package var columns: Int = 1728
    /// 0: not known; the data ends with an end-of-block pattern or runs out.
    package var rows: Int = 0
    /// Whether the data ends with EOFB (T.6) or RTC (T.4); when true, /Rows does not stop decoding.
    package var endOfBlock: Bool = true
    /// When true, 1 bits are black in the output; otherwise 0 bits are.
    package var blackIs1: Bool = false
    /// How many damaged rows to pass over (with EOLs, K >= 0) before decoding stops.
    package var damagedRowsBeforeError: Int = 0

    package init() {}

    package init(k: Int = 0, endOfLine: Bool = false, encodedByteAlign: Bool = false, columns: Int = 1728, rows: Int = 0,
                 endOfBlock: Bool = true, blackIs1: Bool = false, damagedRowsBeforeError: Int = 0) {
        self.k = k
        self.endOfLine = endOfLine
        self.encodedByteAlign = encodedByteAlign
        self.columns = columns
        self.rows = rows
        self.endOfBlock = endOfBlock
        self.blackIs1 = blackIs1
        self.damagedRowsBeforeError = damagedRowsBeforeError
    }

    /// From a /DecodeParms dictionary, read through `integer` and `boolean` (entry name to
    /// value; nil when absent or of another type, which leaves the default).
    package init(integer: (String) -> Int?, boolean: (String) -> Bool?) {
        k = integer("K") ?? 0
        endOfLine = boolean("EndOfLine") ?? false
        encodedByteAlign = boolean("EncodedByteAlign") ?? false
        columns = integer("Columns") ?? 1728
        rows = integer("Rows") ?? 0
        endOfBlock = boolean("EndOfBlock") ?? true
        blackIs1 = boolean("BlackIs1") ?? false
        damagedRowsBeforeError = integer("DamagedRowsBeforeError") ?? 0
    }
}

/// CCITTFaxDecode (ISO 32000-2 §7.4.6): ITU-T T.4 one-dimensional (K = 0) and mixed
/// one- and two-dimensional (K > 0) coding, and T.6 (K < 0), to rows of one bit per pixel.
///
/// Rows are decoded one at a time as lists of changing elements (the positions where the
/// colour changes, white before the first): a two-dimensional row is read against the list of
/// the row above it (T.4 §4.2), and each list is then painted into the row's bytes run by run.
/// Damaged data never traps: the damaged row is completed with white, the rows before it are
/// kept, and a diagnostic says what happened. Time is linear in the input and output sizes.
package enum CCITTFaxDecoder {
    /// The widest row accepted; wider /Columns are clamped to it.
    package static let maxColumns = 1 << 20

    /// Decodes `data` to packed rows of `(columns + 7) / 8` bytes, the first pixel in the top
    /// bit, padding bits 0. With BlackIs1 false (the default) 0 bits are black and 1 bits
    /// white; with BlackIs1 true, 1 bits are black. Output stops at the last whole row within
    /// `maxOutputBytes` (diagnostic `.decodedSizeLimit`).
    package static func decode(_ data: some Collection<UInt8>, parameters: CCITTFaxParameters, maxOutputBytes: Int,
                               log: inout DiagnosticLog) -> [UInt8] {
        if let out = data.withContiguousStorageIfAvailable({ decode(buffer: $0, parameters, maxOutputBytes, &log) }) {
            return out
        }
        return Array(data).withUnsafeBufferPointer { decode(buffer: $0, parameters, maxOutputBytes, &log) }
    }

    static func decode(buffer: UnsafeBufferPointer<UInt8>, _ parameters: CCITTFaxParameters, _ maxOutputBytes: Int,
                       _ log: inout DiagnosticLog) -> [UInt8] {
        var p = parameters
        let columns = min(max(p.columns, 1), maxColumns)
        if columns != p.columns || p.rows < 0 {
            log.append(.ccittParameters, .warning, "CCITTFaxDecode: /Columns \(p.columns) /Rows \(p.rows) out of range; using \(columns) and \(max(p.rows, 0))")
        }
        p.columns = columns
        p.rows = max(p.rows, 0)
        p.damagedRowsBeforeError = max(p.damagedRowsBeforeError, 0)
        var decoder = CCITTFaxRowDecoder(buffer, parameters: p, maxOutputBytes: max(0, maxOutputBytes))
        decoder.run(log: &log)
        return decoder.output
    }
}

/// How a row ended.
enum CCITTRowStatus: Equatable {
    case complete
    /// An invalid code, a run past /Columns or a position left of the previous one.
    case damaged(String)
    /// An EOL inside the row: the row is short (the EOL is left for the next row).
    case shortRow
    /// The data ended inside the row.
    case truncated
    case uncompressed
}

/// The decoding state: the bit reader, the changing elements of the row being decoded and of
/// the row above, and the output.
struct CCITTFaxRowDecoder {
    var reader: CCITTBitReader
    let parameters: CCITTFaxParameters
    /// /Columns, the bytes of a row, and the most whole rows `maxOutputBytes` holds.
    let columns: Int, bytesPerRow: Int, maxRows: Int
    /// Changing elements of the coding line; `count` of them are in use, strictly increasing
    /// and below `columns`.
    var current: [Int32]
    var count = 0
    /// Changing elements of the reference line, followed by `columns` three times.
    var reference: [Int32]
    var referenceCount = 0
    /// Where decoding of the current row stands (a0; -1 before the first pixel).
    var position = -1
    var output: [UInt8] = []
    var rowsDone = 0
    /// Set when a row did not fit in `maxOutputBytes`.
    var limitReached = false
    /// Whether rows start with EOLs: /EndOfLine, or an EOL was read before a row.
    var usesEndOfLine: Bool
    let white = CCITTCodes.white, black = CCITTCodes.black, modes = CCITTCodes.modes

    init(_ bytes: UnsafeBufferPointer<UInt8>, parameters: CCITTFaxParameters, maxOutputBytes: Int) {
        reader = CCITTBitReader(bytes)
        self.parameters = parameters
        usesEndOfLine = parameters.endOfLine
        columns = parameters.columns
        bytesPerRow = (columns + 7) / 8
        maxRows = maxOutputBytes / bytesPerRow
        current = [Int32](repeating: Int32(columns), count: columns + 4)
        reference = [Int32](repeating: Int32(columns), count: columns + 4)
        // A first guess at the output size: the rows announced, or what the input makes at a
        // compression of 16:1; within the limit, and no more than 16 MiB up front.
        let expected = parameters.rows > 0
            ? parameters.rows.multipliedSaturating(by: bytesPerRow)
            : bytes.count.multipliedSaturating(by: 16)
        output.reserveCapacity(min(expected, maxRows.multipliedSaturating(by: bytesPerRow), 16 << 20))
    }

    // MARK: Rows

    /// What starts the next row.
    enum RowStart { case row(twoDimensional: Bool), endOfData, endOfBlock }

    /// Skips byte-alignment fill, fill bits and an EOL before a row, and reads the K > 0 tag
    /// bit. Two EOLs in a row (RTC, EOFB) or the end of the data end the block.
    mutating func startRow() -> RowStart {
        // With EncodedByteAlign, fill bits make an EOL end on a byte boundary: the EOL is read
        // where it stands. Rows without one start at the next byte boundary.
        if parameters.encodedByteAlign {
            let eolFollows = parameters.k < 0 ? endOfBlockFollows() : usesEndOfLine && endOfLineFollows()
            if !eolFollows { reader.alignToByte() }
        }
        if reader.isExhausted { return .endOfData }
        var sawEOL = false
        if reader.peek(12) <= 1 {
            // At least eleven zeros: fill, then an EOL (or nothing more).
            _ = reader.skipZeros()
            if reader.isExhausted { return .endOfData }
            reader.skip(1)
            sawEOL = true
            usesEndOfLine = true
        }
        if parameters.k < 0 {
            // T.6 has no EOL but in the EOFB.
            return sawEOL ? .endOfBlock : .row(twoDimensional: true)
        }
        let tagBits = parameters.k > 0 ? 1 : 0
        if sawEOL, reader.peek(12 + tagBits) & 0xFFF <= 1 { return .endOfBlock }
        if parameters.k == 0 { return .row(twoDimensional: false) }
        let tag = reader.peek(1)
        reader.skip(1)
        if reader.isExhausted { return .endOfData }
        return .row(twoDimensional: tag == 0)
    }

    /// Decodes every row into `output`, with diagnostics in `log`.
    mutating func run(log: inout DiagnosticLog) {
        var damagedRows = 0
        var firstDamage: (row: Int, reason: String)? = nil
        var stopped = false
        decoding: while true {
            if !parameters.endOfBlock && parameters.rows > 0 && rowsDone >= parameters.rows { break }
            let twoDimensional: Bool
            switch startRow() {
            case .endOfData, .endOfBlock: break decoding
            case .row(let twoD): twoDimensional = twoD
            }
            let status = twoDimensional ? decodeTwoDimensionalRow() : decodeOneDimensionalRow()
            if status != .complete { finishRowWithWhite() }
            guard emitRow(log: &log) else { break decoding }
            let row = rowsDone - 1
            switch status {
            case .complete:
                if reader.consumed <= reader.totalBits { continue decoding }
                log.append(.ccittTruncated, .warning, "CCITTFaxDecode: the data ended inside row \(row)")
            case .truncated:
                log.append(.ccittTruncated, .warning, "CCITTFaxDecode: the data ended inside row \(row); its rest is white")
            case .uncompressed:
                log.append(.ccittUncompressed, .warning, "CCITTFaxDecode: row \(row) enters uncompressed mode, which is not supported; decoding stops there")
            case .damaged(let reason):
                firstDamage = firstDamage ?? (row, reason)
                damagedRows += 1
            case .shortRow:
                firstDamage = firstDamage ?? (row, "an EOL before /Columns \(columns) pixels")
                damagedRows += 1
            }
            // A damaged row: go on after the next EOL when EOLs are promised and the damage is
            // tolerated (/DamagedRowsBeforeError); otherwise, and after truncated data, stop.
            let tolerated = parameters.k >= 0 && parameters.endOfLine && damagedRows <= parameters.damagedRowsBeforeError
            if status == .truncated || status == .complete || status == .uncompressed || !tolerated || !skipToEndOfLine() {
                stopped = true
                break decoding
            }
        }
        if let firstDamage {
            let rest = stopped ? "decoding stops there" : "passed over (/DamagedRowsBeforeError \(parameters.damagedRowsBeforeError))"
            log.append(.ccittCorrupt, .warning, "CCITTFaxDecode: \(damagedRows) damaged row(s), the first row \(firstDamage.row): \(firstDamage.reason); completed with white, \(rest)")
        }
        if !limitReached { padToRows(log: &log) }
        if isWasteful(count: output.count, capacity: output.capacity) { output = exactCopy(output, count: output.count) }
    }

    /// Whether fill bits and an EOL come next: eleven zeros or more, then a one.
    func endOfLineFollows() -> Bool {
        var probe = reader
        return probe.skipZeros() >= 11 && !probe.isExhausted
    }

    /// Whether an EOFB comes next (two EOLs, the first after fill bits).
    func endOfBlockFollows() -> Bool {
        var probe = reader
        guard probe.skipZeros() >= 11, !probe.isExhausted else { return false }
        probe.skip(1)
        return probe.peek(12) == 1
    }

    /// Moves to the next EOL, not consuming it; false when the data ends first.
    mutating func skipToEndOfLine() -> Bool {
        while !reader.isExhausted {
            if reader.peek(12) == 1 { return true }
            reader.skip(1)
        }
        return false
    }

    /// Appends white rows up to /Rows when the data gave fewer.
    mutating func padToRows(log: inout DiagnosticLog) {
        guard parameters.rows > rowsDone else { return }
        let missing = parameters.rows - rowsDone
        log.append(.ccittTruncated, .warning, "CCITTFaxDecode: \(rowsDone) of /Rows \(parameters.rows) rows decoded; the other \(missing) are white")
        count = 0
        while rowsDone < parameters.rows {
            guard emitRow(log: &log) else { return }
        }
    }

    /// Completes the coding line with white from the current position.
    mutating func finishRowWithWhite() {
        if count & 1 == 1 {
            let at = min(max(position, 0), columns)
            if count > 0, Int(current[count - 1]) >= at {
                count -= 1
            } else if at < columns {
                current[count] = Int32(at)
                count += 1
            }
        }
    }

    /// Paints the coding line as the next output row and makes it the reference line.
    /// False when the row would pass the output limit (diagnostic added).
    mutating func emitRow(log: inout DiagnosticLog) -> Bool {
        guard rowsDone < maxRows else {
            logSizeLimit(&log, "CCITTFaxDecode", maxRows * bytesPerRow)
            limitReached = true
            return false
        }
        let start = output.count
        let blackIs1 = parameters.blackIs1, n = count, width = columns, size = bytesPerRow
        output.append(contentsOf: repeatElement(blackIs1 ? 0 : 0xFF, count: size))
        current.withUnsafeBufferPointer { changes in
            output.withUnsafeMutableBufferPointer { out in
                let row = UnsafeMutableBufferPointer(rebasing: out[start..<start + size])
                var k = 0
                while k < n {
                    let end = k + 1 < n ? Int(changes[k + 1]) : width
                    Self.paintBlack(row, from: Int(changes[k]), to: end, blackIs1: blackIs1)
                    k += 2
                }
                if width & 7 != 0 { row[size - 1] &= UInt8(truncatingIfNeeded: 0xFF << (8 - width & 7)) }
            }
        }
        rowsDone += 1
        swap(&current, &reference)
        referenceCount = count
        for k in count..<count + 3 { reference[k] = Int32(columns) }
        count = 0
        return true
    }

    /// Marks pixels `x0..<x1` black in a packed row.
    @inline(__always)
    static func paintBlack(_ row: UnsafeMutableBufferPointer<UInt8>, from x0: Int, to x1: Int, blackIs1: Bool) {
        guard x0 < x1 else { return }
        let first = x0 >> 3, last = (x1 - 1) >> 3
        let head = UInt8(0xFF) >> UInt8(x0 & 7)
        let tail = UInt8(0xFF) << UInt8(7 - (x1 - 1) & 7)
        if first == last {
            mark(row, first, head & tail, blackIs1)
            return
        }
        mark(row, first, head, blackIs1)
        if last > first + 1 {
            let fill: UInt8 = blackIs1 ? 0xFF : 0
            for index in first + 1..<last { row[index] = fill }
        }
        mark(row, last, tail, blackIs1)
    }

    @inline(__always)
    static func mark(_ row: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ mask: UInt8, _ blackIs1: Bool) {
        if blackIs1 { row[index] |= mask } else { row[index] &= ~mask }
    }

    /// Adds a changing element at `x` (a0 <= x <= columns). One at the position of the last
    /// element cancels it (a run of length zero); one at `columns` is implied and not kept.
    @inline(__always)
    mutating func addChange(_ x: Int) {
        if count > 0, Int(current[count - 1]) == x {
            count -= 1
        } else if x < columns {
            current[count] = Int32(x)
            count += 1
        }
    }

    // MARK: One-dimensional rows

    /// One run: make-up codes, then a terminating code. Returns the run length, or nil with
    /// the row's status when no run could be read. Stops adding make-up codes once the run
    /// passes `limit`.
    @inline(__always)
    mutating func readRun(isWhite: Bool, limit: Int) -> (run: Int, failure: CCITTRowStatus?) {
        var total = 0
        let bits = isWhite ? CCITTCodes.whiteBits : CCITTCodes.blackBits
        while true {
            let entry = isWhite ? white[reader.peek(bits)] : black[reader.peek(bits)]
            let length = Int(entry & 15)
            let value = Int(entry >> 4)
            if length == 0 {
                return (total, reader.consumed + bits > reader.totalBits ? .truncated : .damaged("no \(isWhite ? "white" : "black") run code at bit \(reader.consumed)"))
            }
            if value == CCITTCodes.endOfLineValue { return (total, .shortRow) }
            if value == CCITTCodes.uncompressedValue { return (total, .uncompressed) }
            reader.skip(length)
            total += value
            if value < 64 { return (total, nil) }
            if total > limit { return (total, .damaged("a run of \(total) or more pixels past /Columns \(columns)")) }
        }
    }

    mutating func decodeOneDimensionalRow() -> CCITTRowStatus {
        position = 0
        var isWhite = true
        while position < columns {
            let (run, failure) = readRun(isWhite: isWhite, limit: columns - position)
            if let failure { return failure }
            if run > columns - position {
                position = columns
                return .damaged("a run of \(run) pixels past /Columns \(columns)")
            }
            position += run
            addChange(position)
            isWhite.toggle()
        }
        return .complete
    }

    // MARK: Two-dimensional rows

    /// Reads a mode code; nil with the row's status when there is none.
    @inline(__always)
    mutating func readMode() -> (CCITTCodes.Mode, CCITTRowStatus?) {
        let entry = modes[reader.peek(CCITTCodes.modeBits)]
        let mode = CCITTCodes.Mode(rawValue: entry & 15) ?? .invalid
        switch mode {
        case .invalid:
            return (mode, .damaged("no mode code at bit \(reader.consumed)"))
        case .extensionCode:
            // 0000001111 enters uncompressed mode; no other extension is defined.
            return (mode, reader.peek(10) == 0b0000001111 ? .uncompressed : .damaged("an unknown extension code at bit \(reader.consumed)"))
        case .zeros:
            if reader.peek(12) == 1 { return (mode, .shortRow) }
            return (mode, reader.consumed + 12 > reader.totalBits ? .truncated : .damaged("no mode code at bit \(reader.consumed)"))
        default:
            reader.skip(Int(entry >> 4))
            return (mode, nil)
        }
    }

    mutating func decodeTwoDimensionalRow() -> CCITTRowStatus {
        position = -1
        var isWhite = true
        var b1Index = 0
        while position < columns {
            // b1: the first changing element of the reference line right of a0 whose colour
            // is the opposite of a0's (even indices change to black); b2 the one after it.
            var i = b1Index > 0 ? b1Index - 1 : 0
            if (i & 1 == 0) != isWhite { i += 1 }
            while Int(reference[i]) <= position { i += 2 }
            b1Index = i
            let b1 = Int(reference[i]), b2 = Int(reference[i + 1])
            let (mode, failure) = readMode()
            if let failure { return failure }
            switch mode {
            case .pass:
                position = b2
            case .horizontal:
                if let failure = horizontalMode(isWhite: isWhite) { return failure }
            default:
                let a1 = b1 + Int(mode.rawValue) - Int(CCITTCodes.Mode.vertical0.rawValue)
                guard a1 >= max(position, 0), a1 <= columns else {
                    return .damaged("a vertical mode to \(a1), outside \(max(position, 0))...\(columns)")
                }
                addChange(a1)
                position = a1
                isWhite.toggle()
            }
        }
        return .complete
    }

    /// Horizontal mode: a run of a0's colour, then one of the other; a0 moves past both.
    mutating func horizontalMode(isWhite: Bool) -> CCITTRowStatus? {
        let start = max(position, 0)
        let (first, failure) = readRun(isWhite: isWhite, limit: columns - start)
        if let failure { return failure }
        guard first <= columns - start else {
            position = start
            return .damaged("a run of \(first) pixels past /Columns \(columns)")
        }
        addChange(start + first)
        position = start + first
        let (second, failure2) = readRun(isWhite: !isWhite, limit: columns - position)
        // On failure the row stands after the first run, in the second run's colour.
        if let failure2 { return failure2 }
        guard second <= columns - position else {
            return .damaged("a run of \(second) pixels past /Columns \(columns)")
        }
        addChange(position + second)
        position += second
        return nil
    }
}

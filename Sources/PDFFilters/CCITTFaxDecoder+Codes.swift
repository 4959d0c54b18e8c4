/// The code words of ITU-T T.4 (§4.1, Tables 2 and 3 for the runs, Table 4 for the
/// two-dimensional modes), which T.6 uses unchanged, and the lookup tables built from them.
///
/// Each run table is indexed by the next 12 (white) or 13 (black) bits of the data, the length
/// of the longest code of that colour: every index that starts with a code holds that code's
/// entry, so one look-up reads one code. An entry is `value << 4 | length`, length 0 meaning
/// that no code starts there.
enum CCITTCodes {
    /// Terminating codes of white runs 0...63.
    static let whiteTerminating = codes("""
        00110101 000111 0111 1000 1011 1100 1110 1111
        10011 10100 00111 01000 001000 000011 110100 110101
        101010 101011 0100111 0001100 0001000 0010111 0000011 0000100
        0101000 0101011 0010011 0100100 0011000 00000010 00000011 00011010
        00011011 00010010 00010011 00010100 00010101 00010110 00010111 00101000
        00101001 00101010 00101011 00101100 00101101 00000100 00000101 00001010
        00001011 01010010 01010011 01010100 01010101 00100100 00100101 01011000
        01011001 01011010 01011011 01001010 01001011 00110010 00110011 00110100
        """)
    /// Make-up codes of white runs 64, 128, ... 1728.
    static let whiteMakeUp = codes("""
        11011 10010 010111 0110111 00110110 00110111 01100100 01100101
        01101000 01100111 011001100 011001101 011010010 011010011 011010100 011010101
        011010110 011010111 011011000 011011001 011011010 011011011 010011000 010011001
        010011010 011000 010011011
        """)
    /// Terminating codes of black runs 0...63.
    static let blackTerminating = codes("""
        0000110111 010 11 10 011 0011 0010 00011
        000101 000100 0000100 0000101 0000111 00000100 00000111 000011000
        0000010111 0000011000 0000001000 00001100111 00001101000 00001101100 00000110111 00000101000
        00000010111 00000011000 000011001010 000011001011 000011001100 000011001101 000001101000 000001101001
        000001101010 000001101011 000011010010 000011010011 000011010100 000011010101 000011010110 000011010111
        000001101100 000001101101 000011011010 000011011011 000001010100 000001010101 000001010110 000001010111
        000001100100 000001100101 000001010010 000001010011 000000100100 000000110111 000000111000 000000100111
        000000101000 000001011000 000001011001 000000101011 000000101100 000001011010 000001100110 000001100111
        """)
    /// Make-up codes of black runs 64, 128, ... 1728.
    static let blackMakeUp = codes("""
        0000001111 000011001000 000011001001 000001011011 000000110011 000000110100 000000110101 0000001101100
        0000001101101 0000001001010 0000001001011 0000001001100 0000001001101 0000001110010 0000001110011 0000001110100
        0000001110101 0000001110110 0000001110111 0000001010010 0000001010011 0000001010100 0000001010101 0000001011010
        0000001011011 0000001100100 0000001100101
        """)
    /// Extended make-up codes of runs 1792, 1856, ... 2560, either colour (T.4 Table 3).
    static let extendedMakeUp = codes("""
        00000001000 00000001100 00000001101 000000010010 000000010011 000000010100 000000010101 000000010110
        000000010111 000000011100 000000011101 000000011110 000000011111
        """)
    /// EOL: eleven zeros and a one.
    static let endOfLine = "000000000001"
    /// The one-dimensional extension code that enters uncompressed mode (T.4 §4.1.5).
    static let uncompressed1D = "000000001111"

    /// Run-table value of an EOL.
    static let endOfLineValue = 4095
    /// Run-table value of the uncompressed-mode extension.
    static let uncompressedValue = 4094
    static let whiteBits = 12
    static let blackBits = 13

    static let white = runTable(bits: whiteBits, terminating: whiteTerminating, makeUp: whiteMakeUp)
    static let black = runTable(bits: blackBits, terminating: blackTerminating, makeUp: blackMakeUp)

    /// Codes written as binary digits, separated by white space.
    static func codes(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// The value of a code written as a string of binary digits.
    static func value(_ code: String) -> Int {
        code.utf8.reduce(0) { $0 << 1 | ($1 == UInt8(ascii: "1") ? 1 : 0) }
    }

    static func runTable(bits: Int, terminating: [String], makeUp: [String]) -> [Int32] {
        var table = [Int32](repeating: 0, count: 1 << bits)
        func add(_ code: String, _ run: Int) {
            let length = code.utf8.count
            let shift = bits - length
            let entry = Int32(run << 4 | length)
            let first = value(code) << shift
            for index in first..<first + (1 << shift) { table[index] = entry }
        }
        for (run, code) in terminating.enumerated() { add(code, run) }
        for (k, code) in makeUp.enumerated() { add(code, (k + 1) * 64) }
        for (k, code) in extendedMakeUp.enumerated() { add(code, 1792 + k * 64) }
        add(endOfLine, endOfLineValue)
        add(uncompressed1D, uncompressedValue)
        return table
    }

    // MARK: Two-dimensional modes

    /// What a mode code says (T.4 Table 4). Vertical modes are `vertical0 + (a1 - b1)`.
    enum Mode: UInt8 {
        case invalid = 0, pass, horizontal
        case verticalL3, verticalL2, verticalL1, vertical0, verticalR1, verticalR2, verticalR3
        /// `0000001`: an extension code (`0000001xxx`; `0000001111` is uncompressed mode).
        case extensionCode
        /// Seven zeros: an EOL, fill before one, or no code at all.
        case zeros
    }

    static let modeBits = 7
    static let modeCodes: [(String, Mode)] = [
        ("0001", .pass), ("001", .horizontal), ("1", .vertical0),
        ("011", .verticalR1), ("000011", .verticalR2), ("0000011", .verticalR3),
        ("010", .verticalL1), ("000010", .verticalL2), ("0000010", .verticalL3),
        ("0000001", .extensionCode), ("0000000", .zeros),
    ]

    /// Indexed by the next 7 bits: `mode.rawValue | length << 4`.
    static let modes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 1 << modeBits)
        for (code, mode) in modeCodes {
            let length = code.utf8.count
            let shift = modeBits - length
            let first = value(code) << shift
            for index in first..<first + (1 << shift) { table[index] = mode.rawValue | UInt8(length << 4) }
        }
        return table
    }()
}

/// Bits of the encoded data, most significant first, through a 64-bit buffer. Past the end of
/// the data it reads zeros; `consumed` and `isExhausted` tell where it stands.
struct CCITTBitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let totalBits: Int
    /// The next byte to load into the buffer.
    private var next = 0
    /// The bits not consumed yet, from the top bit; `available` of them are loaded.
    private var buffer: UInt64 = 0
    private var available = 0
    /// Bits consumed since the start of the data (past its end when zeros were read).
    private(set) var consumed = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        totalBits = bytes.count.multipliedSaturating(by: 8)
        refill()
    }

    var isExhausted: Bool { consumed >= totalBits }

    /// Keeps at least 57 bits loaded.
    @inline(__always)
    private mutating func refill() {
        while available <= 56 {
            let byte: UInt64 = next < bytes.count ? UInt64(bytes[next]) : 0
            next += 1
            buffer |= byte << UInt64(56 - available)
            available += 8
        }
    }

    /// The next `count` bits (1...32) as an integer, without consuming them.
    @inline(__always)
    func peek(_ count: Int) -> Int { Int(truncatingIfNeeded: buffer >> UInt64(64 - count)) }

    /// Consumes `count` bits (0...32).
    @inline(__always)
    mutating func skip(_ count: Int) {
        buffer <<= UInt64(count)
        available -= count
        consumed += count
        if available <= 56 { refill() }
    }

    /// Consumes bits up to the next byte boundary of the data.
    mutating func alignToByte() {
        let partial = consumed & 7
        if partial != 0 { skip(8 - partial) }
    }

    /// Consumes zero bits up to the next one bit or the end of the data; returns how many.
    mutating func skipZeros() -> Int {
        var skipped = 0
        while !isExhausted {
            let zeros = min(buffer.leadingZeroBitCount, 32)
            if zeros == 0 { break }
            skip(zeros)
            skipped += zeros
        }
        return skipped
    }
}

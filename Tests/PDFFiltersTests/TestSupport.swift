import CZlib
import PDFCore
@testable import PDFFilters

/// The bytes of an ASCII string.
func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

/// A small deterministic generator (SplitMix64), so randomized tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}

/// Text-like data that compresses well: words from a small vocabulary.
func sampleText(words: Int, seed: UInt64 = 1) -> [UInt8] {
    let vocabulary = ["BT", "ET", "Tf", "Tj", "TJ", "/F1", "12", "0", "1", "re", "f", "q", "Q", "cm", "(Hello)", "(world)", "Td", "[(A)-20(B)]"]
    var g = SeededGenerator(seed: seed)
    var out: [UInt8] = []
    for i in 0..<words {
        out += bytes(vocabulary[Int.random(in: 0..<vocabulary.count, using: &g)])
        out.append(i % 9 == 8 ? 0x0A : 0x20)
    }
    return out
}

/// zlib-wrapped deflate data, via zlib's one-shot `compress2`.
func zlibCompress(_ data: [UInt8], level: Int32 = 6) -> [UInt8] {
    var destLength = compressBound(uLong(data.count))
    var dest = [UInt8](repeating: 0, count: Int(destLength))
    let rc = data.withUnsafeBufferPointer { src in
        compress2(&dest, &destLength, src.baseAddress, uLong(data.count), level)
    }
    precondition(rc == Z_OK)
    return Array(dest[0..<Int(destLength)])
}

/// Deflate data with the given window bits (15 zlib, -15 raw, 31 gzip). Each of `chunks`
/// is fed separately, ending with a full flush except the last, which finishes the stream.
func deflateChunks(_ chunks: [[UInt8]], windowBits: Int32, finish: Bool = true) -> [UInt8] {
    var stream = z_stream()
    precondition(deflateInit2_(&stream, 6, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { deflateEnd(&stream) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    for (index, chunk) in chunks.enumerated() {
        let flush = index == chunks.count - 1 && finish ? Z_FINISH : Z_FULL_FLUSH
        var chunk = chunk
        chunk.withUnsafeMutableBufferPointer { src in
            stream.next_in = src.baseAddress
            stream.avail_in = UInt32(src.count)
            repeat {
                let produced = buffer.withUnsafeMutableBufferPointer { dst -> Int in
                    stream.next_out = dst.baseAddress
                    stream.avail_out = UInt32(dst.count)
                    _ = deflate(&stream, flush)
                    return dst.count - Int(stream.avail_out)
                }
                out += buffer[0..<produced]
            } while stream.avail_out == 0
        }
    }
    return out
}

/// A straightforward LZW encoder as ISO 32000-2 §7.4.4.2 describes it: starts with a clear
/// code, ends with the end-of-data code. `resetWhenFull` emits a clear code when the table
/// fills; otherwise the encoder goes on with 12-bit codes and a full table.
func lzwEncode(_ data: [UInt8], earlyChange: Int, resetWhenFull: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    func put(_ code: Int, _ width: Int) {
        bitBuffer = bitBuffer << UInt64(width) | UInt64(code)
        bitCount += width
        while bitCount >= 8 {
            bitCount -= 8
            out.append(UInt8(truncatingIfNeeded: bitBuffer >> UInt64(bitCount)))
        }
    }
    /// The width the decoder uses when its next free code is `decoderNext`.
    func width(_ decoderNext: Int) -> Int {
        var w = 9
        while decoderNext + earlyChange >= 1 << w && w < 12 { w += 1 }
        return w
    }
    var table: [Int: Int] = [:]
    var next = 258
    put(256, 9)
    var current = -1
    for byte in data {
        if current < 0 { current = Int(byte); continue }
        if let code = table[current << 8 | Int(byte)] {
            current = code
            continue
        }
        // The decoder lags one table entry behind the encoder.
        put(current, width(max(258, next - 1)))
        if next < 4096 {
            table[current << 8 | Int(byte)] = next
            next += 1
            if next == 4096 && resetWhenFull {
                put(256, width(next - 1))
                table = [:]
                next = 258
            }
        }
        current = Int(byte)
    }
    if current >= 0 {
        put(current, width(max(258, next - 1)))
        put(257, width(next))
    } else {
        put(257, 9)
    }
    if bitCount > 0 { out.append(UInt8(truncatingIfNeeded: bitBuffer << UInt64(8 - bitCount))) }
    return out
}

/// ASCII85 encoding (without `z` shortcuts unless asked), for round trips.
func ascii85Encode(_ data: [UInt8], useZ: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < data.count {
        let n = min(4, data.count - i)
        var value: UInt32 = 0
        for k in 0..<4 { value = value << 8 | UInt32(k < n ? data[i + k] : 0) }
        if n == 4 && value == 0 && useZ {
            out.append(UInt8(ascii: "z"))
        } else {
            var digits = [UInt8](repeating: 0, count: 5)
            var v = value
            for k in stride(from: 4, through: 0, by: -1) {
                digits[k] = UInt8(v % 85) + 0x21
                v /= 85
            }
            out += digits[0...n]
        }
        i += 4
    }
    return out + bytes("~>")
}

/// PNG-predictor encoding of `rows` (each `rowLength` bytes) with one tag for all rows.
func pngEncode(_ data: [UInt8], rowLength: Int, bytesPerPixel bpp: Int, tag: UInt8) -> [UInt8] {
    var out: [UInt8] = []
    var prior = [UInt8](repeating: 0, count: rowLength)
    var start = 0
    while start < data.count {
        let row = Array(data[start..<min(start + rowLength, data.count)])
        out.append(tag)
        for k in 0..<row.count {
            let a = k >= bpp ? Int(row[k - bpp]) : 0
            let b = Int(prior[k])
            let c = k >= bpp ? Int(prior[k - bpp]) : 0
            let predicted: Int
            switch tag {
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            case 4:
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predicted = 0
            }
            out.append(UInt8(truncatingIfNeeded: Int(row[k]) - predicted))
        }
        for k in 0..<row.count { prior[k] = row[k] }
        start += rowLength
    }
    return out
}

/// Upper-case hex with a closing `>`.
func asciiHexEncode(_ data: [UInt8]) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for b in data {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 15)])
    }
    return out + [UInt8(ascii: ">")]
}

extension DiagnosticLog {
    var codes: [Diagnostic.Code] { entries.map(\.code) }
}

typealias Decoded = (bytes: [UInt8], complete: Bool, log: DiagnosticLog)

let noCap = 1 << 30

func flate(_ input: [UInt8], maxOutput: Int = noCap) -> Decoded {
    var log = DiagnosticLog()
    let r = FlateDecoder.decode(input[...], maxOutput: maxOutput, log: &log)
    return (r.bytes, r.complete, log)
}

func lzw(_ input: [UInt8], earlyChange: Int = 1, maxOutput: Int = noCap) -> Decoded {
    var log = DiagnosticLog()
    let r = LZWDecoder.decode(input[...], earlyChange: earlyChange, maxOutput: maxOutput, log: &log)
    return (r.bytes, r.complete, log)
}

func ascii85(_ input: [UInt8], maxOutput: Int = noCap) -> Decoded {
    var log = DiagnosticLog()
    let r = ASCII85Decoder.decode(input[...], maxOutput: maxOutput, log: &log)
    return (r.bytes, r.complete, log)
}

func asciiHex(_ input: [UInt8], maxOutput: Int = noCap) -> Decoded {
    var log = DiagnosticLog()
    let r = ASCIIHexDecoder.decode(input[...], maxOutput: maxOutput, log: &log)
    return (r.bytes, r.complete, log)
}

func runLength(_ input: [UInt8], maxOutput: Int = noCap) -> Decoded {
    var log = DiagnosticLog()
    let r = RunLengthDecoder.decode(input[...], maxOutput: maxOutput, log: &log)
    return (r.bytes, r.complete, log)
}

func predict(_ input: [UInt8], _ parameters: FilterParameters, maxOutput: Int = noCap) -> Decoded {
    var log = DiagnosticLog()
    let r = Predictor.decode(input[...], parameters: parameters, maxOutput: maxOutput, log: &log)
    return (r.bytes, r.complete, log)
}

import PDFCore
import Testing
@testable import PDFFilters

/// Random and damaged input must never trap and never exceed the output cap. The test build
/// checks every buffer access, so an out-of-range index would stop the run here.
@Suite struct RobustnessTests {
    /// Valid encodings to damage: truncation and byte flips reach deeper than pure noise.
    static let seeds: [(StreamFilter, [UInt8])] = {
        let text = sampleText(words: 400, seed: 42)
        return [
            (.flate, zlibCompress(text)),
            (.flate, deflateChunks([text], windowBits: -15)),
            (.lzw, lzwEncode(text, earlyChange: 1)),
            (.lzw, lzwEncode(text, earlyChange: 0)),
            (.ascii85, ascii85Encode(text)),
            (.asciiHex, asciiHexEncode(Array(text.prefix(300)))),
            (.runLength, [5, 1, 2, 3, 4, 5, 6, 200, 9, 0, 7, 128]),
        ]
    }()

    static func randomInput(_ g: inout SeededGenerator) -> [UInt8] {
        let seeds = Self.seeds
        switch Int.random(in: 0..<4, using: &g) {
        case 0:
            return g.bytes(Int.random(in: 0...600, using: &g))
        case 1:
            // ASCII-ish noise, for the text decoders.
            let alphabet = Array("0123456789abcdefABCDEF!\"#$%&'()*+,-./:;<=>?@[]^_`uvwxyz~ \n\r\t".utf8)
            return (0..<Int.random(in: 0...600, using: &g)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &g)] }
        default:
            var data = seeds[Int.random(in: 0..<seeds.count, using: &g)].1
            for _ in 0..<Int.random(in: 0...8, using: &g) where !data.isEmpty {
                data[Int.random(in: 0..<data.count, using: &g)] = UInt8.random(in: 0...255, using: &g)
            }
            if Bool.random(using: &g) { data = Array(data.prefix(Int.random(in: 0...data.count, using: &g))) }
            return data
        }
    }

    static func randomParameters(_ g: inout SeededGenerator) -> FilterParameters {
        let interesting = [Int.min, -1, 0, 1, 2, 3, 4, 5, 7, 8, 16, 33, 1 << 40, Int.max]
        func pick(_ common: [Int]) -> Int {
            Bool.random(using: &g) ? common[Int.random(in: 0..<common.count, using: &g)] : interesting[Int.random(in: 0..<interesting.count, using: &g)]
        }
        return FilterParameters(
            predictor: pick([1, 2, 10, 11, 12, 13, 14, 15]), colors: pick([1, 2, 3, 4]),
            bitsPerComponent: pick([1, 2, 4, 8, 16]), columns: pick([1, 2, 3, 5, 7, 100]),
            earlyChange: pick([0, 1]))
    }

    @Test("every decoder survives random and damaged input and respects the cap")
    func decoders() {
        var g = SeededGenerator(seed: 2024)
        for _ in 0..<3000 {
            let input = Self.randomInput(&g)
            let cap = Bool.random(using: &g) ? Int.random(in: 0...64, using: &g) : Int.random(in: 0...100_000, using: &g)
            let slice = input[...]
            var log = DiagnosticLog()
            let results = [
                FlateDecoder.decode(slice, maxOutput: cap, log: &log),
                LZWDecoder.decode(slice, earlyChange: Int.random(in: 0...1, using: &g), maxOutput: cap, log: &log),
                ASCII85Decoder.decode(slice, maxOutput: cap, log: &log),
                ASCIIHexDecoder.decode(slice, maxOutput: cap, log: &log),
                RunLengthDecoder.decode(slice, maxOutput: cap, log: &log),
                Predictor.decode(slice, parameters: Self.randomParameters(&g), maxOutput: cap, log: &log),
            ]
            for r in results {
                #expect(r.bytes.count <= cap)
                // An incomplete result always says why.
                if !r.complete { #expect(!log.isEmpty) }
            }
        }
    }

    @Test("random filter chains survive and respect the limits")
    func chains() {
        var g = SeededGenerator(seed: 77)
        let all: [StreamFilter] = [.flate, .lzw, .ascii85, .asciiHex, .runLength, .crypt, .dct, .unknown("Q")]
        for _ in 0..<1500 {
            let input = Self.randomInput(&g)
            var limits = Limits()
            limits.maxDecodedStreamBytes = Int.random(in: 0...50_000, using: &g)
            limits.maxFilterChain = Int.random(in: 0...4, using: &g)
            let chain = (0..<Int.random(in: 0...5, using: &g)).map { _ in
                (all[Int.random(in: 0..<all.count, using: &g)], Self.randomParameters(&g))
            }
            let r = decodeStream(input[...], filters: chain, limits: limits)
            let applied = chain.prefix(limits.maxFilterChain)
            let firstStop = applied.firstIndex { $0.0.isImageCodec || $0.0 == .unknown("Q") }
            let decodersRun = applied.prefix(firstStop ?? applied.count).contains { $0.0 != .crypt }
            let count = r.bytes.count, cap = limits.maxDecodedStreamBytes
            if decodersRun {
                #expect(count <= cap)
            } else {
                #expect(r.bytes == input)
            }
            if let firstStop {
                #expect(r.stoppedAt == chain[firstStop].0)
            } else if chain.count > limits.maxFilterChain {
                let complete = r.isComplete
                #expect(!complete)
                #expect(r.stoppedAt == chain[limits.maxFilterChain].0)
                #expect(r.diagnostics.contains(.filterChainTooLong))
            } else {
                #expect(r.stoppedAt == nil)
            }
        }
    }
}

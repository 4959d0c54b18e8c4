import Foundation
import Testing
import PDFFuzzing

/// The image targets' bodies (FuzzDCT, FuzzJPX, FuzzJBIG2, FuzzImageSamples) on their seeds
/// under tools/fuzz/seeds (tools/fuzz/make_image_seeds.py writes them): `check` traps on a
/// broken invariant, and the valid seeds must give images.
@Suite struct FuzzImagesTests {
    static func seeds(_ folder: String) throws -> [(name: String, bytes: [UInt8])] {
        try FuzzEntryTests.files(folder, "bin").map { ($0.lastPathComponent, try FuzzEntryTests.bytes($0)) }
    }

    @Test("the header bytes choose the dictionaries")
    func choices() {
        let c = FuzzEntry.CodecChoice([0b1110_1110, 0b0011_1001])
        #expect(c.space == 6 && c.decode == 1 && c.isMask && c.isInline && c.outerFlate)
        #expect(c.bitsPerComponent == 1 && c.size == 2 && c.parameters && c.parameterValue == 1)
        #expect(FuzzEntry.CodecChoice([]) == FuzzEntry.CodecChoice([0, 0]))
        let s = FuzzEntry.SampleChoice([8, 4, 3 | 11 << 3, 2 | 4 << 3 | 0xC0, 7, 9])
        #expect(s.width == 9 && s.height == 5 && s.bitsPerComponent == 8 && s.space == 11)
        #expect(s.decode == 2 && s.filter == 4 && s.isInline && s.isMask && s.extra == 7 && s.lookupLength == 9)
    }

    /// Runs `decode` on every seed of `folder` (at least `count` of them): those whose name
    /// contains one of `anyOutcome` may give any outcome but a refusal without a diagnostic,
    /// the others must give an image. Returns the outcomes by seed name.
    static func run(_ folder: String, count: Int, anyOutcome: [String],
                    _ decode: ([UInt8]) -> FuzzEntry.ImageOutcome) throws -> [String: FuzzEntry.ImageOutcome] {
        let seeds = try Self.seeds(folder)
        #expect(seeds.count >= count)
        var outcomes: [String: FuzzEntry.ImageOutcome] = [:]
        for (name, bytes) in seeds {
            let outcome = decode(bytes)
            outcomes[name] = outcome
            if anyOutcome.contains(where: { name.contains($0) }) {
                #expect(outcome.decoded || !outcome.codes.isEmpty, "\(name)")
            } else {
                #expect(outcome.decoded, "\(name): \(outcome.codes)")
            }
        }
        return outcomes
    }

    @Test("DCT seeds: every complete JPEG gives an image of its size, in every dictionary")
    func dct() throws {
        // A /Pattern (or any space whose components disagree) gives way to the JPEG's own colours.
        let outcomes = try Self.run("dct", count: 10, anyOutcome: ["truncated"]) { FuzzEntry.imageCodec(.dct, $0) }
        #expect(outcomes["gray.bin"]?.width == 16)
        // 4000 × 4000 over the fuzzing limit of 4 Mi pixels: decoded at half size, from truncated data.
        #expect(outcomes["gray-4000x4000-truncated.bin"]?.width == 2000)
        #expect(outcomes["gray-4000x4000-truncated.bin"]?.height == 2000)
        // A declared height of 0 is refused before the codec runs.
        let gray = try #require(try Self.seeds("dct").first { $0.name == "gray.bin" }).bytes
        #expect(FuzzEntry.imageCodec(.dct, [gray[0], 0b1100] + gray.dropFirst(2)).codes == ["imageUndecodable"])
    }

    @Test("JPX seeds: codestreams and JP2 files give images; truncated data gives a diagnostic")
    func jpx() throws {
        let outcomes = try Self.run("jpx", count: 8, anyOutcome: ["truncated"]) { FuzzEntry.imageCodec(.jpx, $0) }
        #expect(outcomes["rgb-tiles-levels.bin"]?.width == 32)
    }

    @Test("JBIG2 seeds: MMR generic regions give their pages, with globals split off")
    func jbig2() throws {
        // Cut short, or with the page information in the globals (which jbig2dec does not take
        // from there): any outcome.
        let outcomes = try Self.run("jbig2", count: 5, anyOutcome: ["truncated", "in-globals"]) { FuzzEntry.imageCodec(.jbig2, $0) }
        let page = try #require(outcomes["mmr-32x16.bin"])
        #expect(page.width == 32 && page.height == 16)
        #expect(page.pixels.contains(0) && page.pixels.contains(255))
        // No data at all, and globals longer than the input.
        #expect(!FuzzEntry.imageCodec(.jbig2, []).codes.isEmpty)
        #expect(!FuzzEntry.imageCodec(.jbig2, [0, 0, 0xFF, 0xFF, 1, 2, 3]).codes.isEmpty)
    }

    @Test("sample seeds: every space, BitsPerComponent, /Decode and filter; the checks hold")
    func samples() throws {
        let outcomes = try Self.run("image-samples", count: 40, anyOutcome: ["bad-bpc", "pattern"], FuzzEntry.imageSamples)
        for (name, outcome) in outcomes where name.hasPrefix("bad-bpc") || name.contains("pattern") {
            #expect(!outcome.decoded && outcome.codes.contains("imageUndecodable"), "\(name)")
        }
        // 8-bit gray through LZW comes out as its samples; inverted by /Decode [1 0]; short data leaves white rows.
        let gray = FuzzEntry.imageSamples([3, 1, 3 | 1 << 3, 4 << 3, 0, 0] + [0, 50, 100, 255, 7, 8, 9, 10])
        #expect(gray.pixels == [0, 50, 100, 255, 7, 8, 9, 10] && gray.codes.isEmpty)
        let inverted = FuzzEntry.imageSamples([3, 1, 3 | 1 << 3, 2, 0, 0] + [0, 50, 100, 255, 7])
        #expect(inverted.pixels == [255, 205, 155, 0, 255, 255, 255, 255] && inverted.codes == ["imageTruncated"])
        // A mask paints only its ink (byte 4).
        let mask = FuzzEntry.imageSamples([7, 0, 0, 0x80, 0x40, 0] + [0b1010_0000])
        #expect(mask.pixels == [255, 0x40, 255, 0x40, 0x40, 0x40, 0x40, 0x40])
    }

    @Test("random inputs after each seed's header hold the invariants")
    func randomTails() throws {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        for (folder, run) in [("dct", { FuzzEntry.imageCodec(.dct, $0) }), ("jpx", { FuzzEntry.imageCodec(.jpx, $0) }),
                              ("jbig2", { FuzzEntry.imageCodec(.jbig2, $0) }), ("image-samples", FuzzEntry.imageSamples)]
                as [(String, ([UInt8]) -> FuzzEntry.ImageOutcome)] {
            for (_, bytes) in try Self.seeds(folder) {
                var damaged = bytes
                for _ in 0..<8 where !damaged.isEmpty { damaged[Int(next()) % damaged.count] = next() }
                _ = run(damaged)
                _ = run(Array(bytes.prefix(bytes.count / 2)))
            }
        }
    }
}

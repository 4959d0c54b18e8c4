import Foundation
import Testing
import PDFFuzzing

/// The fuzz entry points' bodies, run on the seeds committed under tools/fuzz/seeds: every
/// build compiles them and every test run runs them, so they cannot rot between fuzzing
/// campaigns, and an invariant they check (`check` traps) holds on every seed.
@Suite struct FuzzEntryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let seeds = root.appendingPathComponent("tools/fuzz/seeds")

    static func files(_ folder: String, _ ext: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: seeds.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    @Test func everyCMapSeedParsesAsAMap() throws {
        let seeds = try Self.files("cmap", "txt")
        #expect(seeds.count >= 4)
        for url in seeds {
            #expect(FuzzEntry.cmap(try Self.bytes(url)) >= 1, "\(url.lastPathComponent) parsed as neither map")
        }
        #expect(FuzzEntry.cmap(Array("no cmap here".utf8)) == 0)
    }

    @Test func contentStreamSeedsShowTextOnTheSyntheticPage() throws {
        let seeds = try Self.files("content", "txt")
        #expect(seeds.count >= 9)
        var glyphs: [String: Int] = [:]
        for url in seeds { glyphs[url.deletingPathExtension().lastPathComponent] = FuzzEntry.contentStream(try Self.bytes(url)) }
        for name in ["text-simple", "text-type0", "text-type3", "text-truetype"] {
            #expect((glyphs[name] ?? 0) > 0, "\(name) showed no glyph")
        }
        // Five glyphs through the standard Helvetica the page declares as /F1.
        #expect(FuzzEntry.contentStream(Array("BT /F1 12 Tf 72 700 Td (Hello) Tj ET".utf8)) == 5)
        #expect(FuzzEntry.contentStream(Array("BT /Nope 12 Tf (Hello) Tj ET q Q Q ] >> 1e999 Tz".utf8)) >= 0)
    }

    @Test func glyphExtractionOpensTheFileLayerSeeds() throws {
        let seeds = try FileManager.default.contentsOfDirectory(at: Self.seeds, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "pdf" }
        #expect(seeds.count >= 10)
        var opened = 0, glyphs = 0
        for url in seeds {
            if let count = FuzzEntry.glyphExtraction(try Self.bytes(url)) { opened += 1; glyphs += count }
        }
        #expect(opened >= seeds.count - 1, "only \(opened) of \(seeds.count) seeds opened")
        #expect(glyphs > 0)
        let hello = try Self.bytes(Self.root.appendingPathComponent("Corpus/basic/hello.pdf"))
        #expect(FuzzEntry.glyphExtraction(hello) == "Hello, world.".count)
        #expect(FuzzEntry.glyphExtraction(Array("%PDF-1.7 nothing".utf8)) == nil)
    }
}

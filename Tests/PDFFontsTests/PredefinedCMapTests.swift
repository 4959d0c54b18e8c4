import Foundation
import PDFCore
import Testing
@testable import PDFFonts

private let dataReason: Comment = "poppler-data CMaps (/usr/share/poppler/cMap) are not installed; apt-get install poppler-data"

// Expected values are read from poppler-data's files (e.g. `<829f> <82f1> 842` in
// Adobe-Japan1/90ms-RKSJ-H; line 844 of cidToUnicode/Adobe-Japan1 is 3042).
@Suite(.enabled(if: PredefinedCMaps.isAvailable, dataReason))
struct PredefinedCMapTests {
    @Test func shiftJIS() throws {
        let cmap = try #require(PredefinedCMaps.cmap(named: "90ms-RKSJ-H"))
        #expect(cmap.name == "90ms-RKSJ-H")
        #expect(cmap.registry == "Adobe" && cmap.ordering == "Japan1")
        #expect(cmap.writingMode == 0)
        let codes = cmap.codes(in: [0x82, 0xA0, 0x41])
        #expect(codes.map(\.code) == [0x82A0, 0x41])
        #expect(codes.map(\.length) == [2, 1])
        #expect(cmap.cid(for: 0x82A0, length: 2) == 843)
        #expect(cmap.cid(for: 0x41, length: 1) == 264)  // <20> <7d> 231: 231 + 0x21
    }

    @Test func verticalInheritsThroughUsecmap() throws {
        let cmap = try #require(PredefinedCMaps.cmap(named: "90ms-RKSJ-V"))
        #expect(cmap.writingMode == 1)
        #expect(cmap.cid(for: 0x82A0, length: 2) == 843)  // inherited from 90ms-RKSJ-H
        #expect(cmap.cid(for: 0x829F, length: 2) == 7918)  // overridden: vertical small あ
        #expect(cmap.cid(for: 0x829F, length: 2) != PredefinedCMaps.cmap(named: "90ms-RKSJ-H")?.cid(for: 0x829F, length: 2))
    }

    @Test func unicodeCMaps() throws {
        let jis = try #require(PredefinedCMaps.cmap(named: "UniJIS-UCS2-H"))
        #expect(jis.cid(for: 0x3042, length: 2) == 843)
        let gb = try #require(PredefinedCMaps.cmap(named: "UniGB-UCS2-H"))
        #expect(gb.cid(for: 0x4E00, length: 2) == 4162)
        let cns = try #require(PredefinedCMaps.cmap(named: "UniCNS-UCS2-H"))
        #expect(cns.cid(for: 0x4E00, length: 2) == 595)
        let ks = try #require(PredefinedCMaps.cmap(named: "UniKS-UCS2-H"))
        #expect(ks.cid(for: 0xAC00, length: 2) == 1086)
        #expect(ks.cid(for: 0xAC01, length: 2) == 1087)
    }

    @Test func cidToUnicodeTables() throws {
        let japan = try #require(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "Japan1"))
        #expect(japan.unicode(for: 843) == ["\u{3042}"])
        #expect(japan.unicode(for: 0) == nil)
        #expect(japan.unicode(for: 10_000_000) == nil)
        #expect(try #require(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "GB1")).unicode(for: 4162) == ["\u{4E00}"])
        #expect(try #require(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "CNS1")).unicode(for: 595) == ["\u{4E00}"])
        #expect(try #require(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "Korea1")).unicode(for: 1086) == ["\u{AC00}"])
        // Adobe-KR has no cidToUnicode file: read from Adobe-KR-UCS2 (`<00dd> <00de> <ac00>`).
        let kr = try #require(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "KR"))
        #expect(kr.unicode(for: 0xDE) == ["\u{AC01}"])
        #expect(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: "Nonexistent") == nil)
        #expect(PredefinedCMaps.cidToUnicode(registry: "..", ordering: "etc") == nil)
    }

    /// Every collection's Unicode CMap and its CID-to-Unicode table agree.
    @Test(arguments: [("Japan1", "日本語かなカナ"), ("GB1", "中文简体"), ("CNS1", "中文繁體"), ("Korea1", "한국어")])
    func unicodeRoundTrip(ordering: String, text: String) throws {
        let name = try #require(PredefinedCMaps.ucs2CMapName(registry: "Adobe", ordering: ordering))
        let cmap = try #require(PredefinedCMaps.cmap(named: name))
        let table = try #require(PredefinedCMaps.cidToUnicode(registry: "Adobe", ordering: ordering))
        for s in text.unicodeScalars {
            let cid = try #require(cmap.cid(for: s.value, length: 2))
            #expect(table.unicode(for: cid) == [s], "\(s) via CID \(cid)")
        }
    }

    @Test func cachedOncePerProcess() {
        let a = PredefinedCMaps.cmap(named: "UniJIS-UCS2-H")
        let b = PredefinedCMaps.cmap(named: "UniJIS-UCS2-H")
        #expect(a != nil && a === b)
    }

    @Test func predefinedNames() {
        #expect(PredefinedCMaps.isPredefined("90ms-RKSJ-H"))
        #expect(PredefinedCMaps.isPredefined("Adobe-Japan1-UCS2"))  // on disk, not in Table 118
        #expect(!PredefinedCMaps.isPredefined("NoSuch-H"))
        #expect(!PredefinedCMaps.isPredefined("../../../etc/passwd"))
        #expect(PredefinedCMaps.cmap(named: "../Adobe-Japan1/90ms-RKSJ-H") == nil)
        #expect(PredefinedCMaps.cmap(named: "NoSuch-H") == nil)
    }
}

@Suite struct PredefinedCMapWithoutDataTests {
    @Test func identityNeedsNoFiles() {
        #expect(PredefinedCMaps.cmap(named: "Identity-H") === CMap.identityH)
        #expect(PredefinedCMaps.cmap(named: "Identity-V")?.writingMode == 1)
        #expect(PredefinedCMaps.isPredefined("Identity-V"))
        #expect(PredefinedCMaps.isPredefined("UniKS-UTF16-V"))
        #expect(PredefinedCMaps.ucs2CMapName(registry: "Adobe", ordering: "Japan1") == "UniJIS-UCS2-H")
        #expect(PredefinedCMaps.ucs2CMapName(registry: "Adobe", ordering: "Identity") == nil)
    }

    /// The loader's usecmap guards, over CMap files written to a temporary directory.
    @Test func usecmapCycleAndDepthGuards() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmaps-\(UUID().uuidString)")
        let sub = dir.appendingPathComponent("Test-Collection")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws {
            try text.write(to: sub.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let body = "1 begincodespacerange <00> <FF> endcodespacerange\n"
        try write("Cycle-A", "/Cycle-B usecmap\n" + body + "1 begincidchar <41> 1 endcidchar\n")
        try write("Cycle-B", "/Cycle-A usecmap\n" + body + "1 begincidchar <42> 2 endcidchar\n")
        for i in 0..<20 {
            let base = i == 19 ? "" : "/Chain-\(i + 1) usecmap\n"
            try write("Chain-\(i)", base + body + "1 begincidchar <\(String(format: "%02X", i))> \(100 + i) endcidchar\n")
        }
        let paths = [dir.path]

        var log = DiagnosticLog()
        let a = try #require(PredefinedCMaps.load("Cycle-A", from: paths, chain: [], cached: false, diagnostics: &log))
        #expect(a.cid(for: 0x41, length: 1) == 1)
        #expect(a.cid(for: 0x42, length: 1) == 2)  // from Cycle-B, whose usecmap of Cycle-A was refused
        #expect(log.entries.contains { $0.message.contains("cycle") })

        var chainLog = DiagnosticLog()
        let chain = try #require(PredefinedCMaps.load("Chain-0", from: paths, chain: [], cached: false, diagnostics: &chainLog))
        #expect(chain.cid(for: 0x00, length: 1) == 100)
        #expect(chain.cid(for: 0x07, length: 1) == 107)
        #expect(chain.cid(for: 0x08, length: 1) == nil)  // beyond the depth limit
        #expect(chainLog.entries.contains { $0.message.contains("deeper") })
    }
}

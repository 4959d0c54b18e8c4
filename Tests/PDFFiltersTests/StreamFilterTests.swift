import PDFCore
import Testing
@testable import PDFFilters

@Suite struct StreamFilterTests {
    @Test("full filter names map to their cases and back")
    func fullNames() {
        let pairs: [(String, StreamFilter)] = [
            ("FlateDecode", .flate), ("LZWDecode", .lzw), ("ASCII85Decode", .ascii85),
            ("ASCIIHexDecode", .asciiHex), ("RunLengthDecode", .runLength), ("DCTDecode", .dct),
            ("JPXDecode", .jpx), ("CCITTFaxDecode", .ccittFax), ("JBIG2Decode", .jbig2), ("Crypt", .crypt),
        ]
        for (name, filter) in pairs {
            #expect(StreamFilter(name: name) == filter)
            #expect(filter.name == name)
        }
    }

    @Test("inline-image abbreviations are accepted")
    func abbreviations() {
        #expect(StreamFilter(name: "Fl") == .flate)
        #expect(StreamFilter(name: "LZW") == .lzw)
        #expect(StreamFilter(name: "A85") == .ascii85)
        #expect(StreamFilter(name: "AHx") == .asciiHex)
        #expect(StreamFilter(name: "RL") == .runLength)
        #expect(StreamFilter(name: "DCT") == .dct)
        #expect(StreamFilter(name: "CCF") == .ccittFax)
    }

    @Test("unknown names keep their spelling; names are case-sensitive; a leading slash is tolerated")
    func unknownNames() {
        #expect(StreamFilter(name: "BrotliDecode") == .unknown("BrotliDecode"))
        #expect(StreamFilter(name: "BrotliDecode").name == "BrotliDecode")
        #expect(StreamFilter(name: "flatedecode") == .unknown("flatedecode"))
        #expect(StreamFilter(name: "/FlateDecode") == .flate)
        #expect(StreamFilter(name: "") == .unknown(""))
    }

    @Test("only DCT, JPX, CCITTFax and JBIG2 are image codecs")
    func imageCodecs() {
        let codecs: [StreamFilter] = [.dct, .jpx, .ccittFax, .jbig2]
        let others: [StreamFilter] = [.flate, .lzw, .ascii85, .asciiHex, .runLength, .crypt, .unknown("X")]
        #expect(codecs.allSatisfy { $0.isImageCodec })
        #expect(!others.contains { $0.isImageCodec })
    }

    @Test("filter parameters default to the spec values")
    func parameterDefaults() {
        let p = FilterParameters()
        #expect(p.predictor == 1)
        #expect(p.colors == 1)
        #expect(p.bitsPerComponent == 8)
        #expect(p.columns == 1)
        #expect(p.earlyChange == 1)
        #expect(FilterParameters(predictor: 12, columns: 5) == FilterParameters(predictor: 12, colors: 1, bitsPerComponent: 8, columns: 5, earlyChange: 1))
    }
}

import Foundation
import PDFCore
import PDFSyntax
import PDFTestSupport
import Testing
@testable import PDFFile

/// CCITT fax images through the file layer: `ObjectStore.ccittFaxParameters` and
/// `ccittFaxImage` on a built document, and on every CCITT image of the shared corpus,
/// compared with poppler's `pdfimages` (see `expected`).
@Suite struct CCITTFaxImageTests {
    /// FNV-1a (64 bits) of bytes.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test("parameters from /DecodeParms (direct, in an array, indirect), and the image's pixels")
    func builtDocument() throws {
        // G4, 8 columns: three rows, then EOFB (see CCITTFaxDecoderTests.handMadeRows).
        let g4: [UInt8] = [0x2F, 0x5A, 0x8C, 0x00, 0x40, 0x04]
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        b.addStream(3, dictionary: "/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 8 /BlackIs1 true >>", data: g4)
        b.addStream(4, dictionary: "/Filter [/CCITTFaxDecode] /DecodeParms [9 0 R]", data: g4)
        b.add(9, "<< /K -1 /Columns 8 /Rows 5 /EndOfBlock false >>")
        b.addStream(5, dictionary: "/Filter /CCITTFaxDecode", data: [])
        b.addStream(6, dictionary: "/Filter [/CCITTFaxDecode /FlateDecode]", data: g4)
        let store = try Document(bytes: b.build().bytes).store
        func stream(_ n: Int) throws -> PDFStream {
            guard case .stream(let s) = store.object(ObjectID(n)) else { throw PDFError(.damaged, "object \(n) is no stream") }
            return s
        }
        let p3 = try #require(store.ccittFaxParameters(try stream(3)))
        #expect(p3.k == -1 && p3.columns == 8 && p3.blackIs1 && p3.rows == 0 && p3.endOfBlock && !p3.endOfLine)
        let direct = try #require(store.ccittFaxImage(try stream(3)))
        #expect(direct.bytes == [0b0011_1000, 0b0001_0000, 0])
        #expect(direct.isComplete && direct.diagnostics.isEmpty)
        let p4 = try #require(store.ccittFaxParameters(try stream(4)))
        #expect(p4.k == -1 && p4.columns == 8 && !p4.blackIs1 && p4.rows == 5 && !p4.endOfBlock)
        // /Rows 5 with EndOfBlock false: the data stops at its EOFB after 3 rows; 2 white rows follow.
        let padded = try #require(store.ccittFaxImage(try stream(4)))
        #expect(padded.bytes == [0b1100_0111, 0b1110_1111, 0xFF, 0xFF, 0xFF])
        #expect(!padded.isComplete && padded.diagnostics.contains(Diagnostic.Code("ccittTruncated")))
        let p5 = try #require(store.ccittFaxParameters(try stream(5)))
        #expect(p5.k == 0 && p5.columns == 1728 && p5.rows == 0 && p5.endOfBlock && !p5.blackIs1 && !p5.encodedByteAlign)
        #expect(store.ccittFaxImage(try stream(5))?.bytes == [])
        #expect(store.ccittFaxParameters(try stream(6)) == nil)
        #expect(store.ccittFaxImage(try stream(6)) == nil)
    }

    // MARK: Shared corpus

    static let corpus: URL = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// What `pdfimages` (poppler-utils 22.12) writes for each CCITT image these files draw,
    /// as `tools/corpus/make-ccitt-fixtures.py --corpus` prints it: by the image stream's
    /// object number, its width and height, and its rows in the decoder's sense (0 = black
    /// unless /BlackIs1; pdfimages writes a mask's samples as they are and inverts another
    /// image's), padding bits 0: their count of 0 bits and their FNV-1a hash.
    static let expected: [String: [Int: (width: Int, height: Int, zeros: Int, hash: UInt64)]] = [
        "pdfjs/bug1815476.pdf": [50: (4958, 206, 0, 7924267096326608397), 47: (4958, 207, 0, 10674716216926065752), 48: (4958, 186, 0, 2664636441381361309)],
        "pdfjs/freeculture.pdf": [610: (8992, 10384, 15840066, 15055825268554017432), 900: (9258, 12259, 30583958, 4314645702142239797)],
        "pdfjs/issue13372.pdf": [14: (646, 761, 288728, 2646072279456659882)],
        "pdfjs/issue1985.pdf": [14: (861, 537, 432173, 15490809813228921218)],
        "pdfjs/issue4379.pdf": [1: (1000, 800, 123106, 8217792482827903843)],
        "pdfjs/issue5747.pdf": [9: (2480, 1748, 577296, 3508610030453447407)],
        "pdfminer/encryption/encrypted_doc_no_id.pdf": [11: (2479, 3507, 96226, 9173318837481750136)],
        "sample-files/007-imagemagick-images/imagemagick-CCITTFaxDecode.pdf": [8: (16, 16, 238, 11897148966280878962)],
    ]

    @Test("every CCITT image of the shared corpus is pixel for pixel what pdfimages writes")
    func sharedCorpus() throws {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            print("CCITTFaxImageTests.sharedCorpus skipped: no shared corpus at \(Self.corpus.path)")
            return
        }
        var compared = 0
        for (file, images) in Self.expected.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(file)))
            let document = try Document(bytes: bytes)
            let store = document.store
            var seen: Set<Int> = []
            for n in store.objectNumbers {
                guard case .stream(let s) = store.object(ObjectID(n)), let p = store.ccittFaxParameters(s),
                      let image = store.ccittFaxImage(s) else { continue }
                let width = store.integer(s.dictionary["Width"]) ?? 0, height = store.integer(s.dictionary["Height"]) ?? 0
                let rowBytes = (p.columns + 7) / 8
                let rows = Array(image.bytes.prefix(height * rowBytes))
                let zeros = rows.reduce(0) { $0 + 8 - $1.nonzeroBitCount } - height * (rowBytes * 8 - p.columns)
                seen.insert(n)
                guard let want = images[n] else {
                    // Not drawn on a page, so pdfimages does not list it (in the ImageMagick file,
                    // a second copy of object 8's data): it must decode without complaint.
                    #expect(image.isComplete, "\(file) \(n): \(image.diagnostics.entries.map(\.message))")
                    continue
                }
                #expect(width == want.width && height == want.height, "\(file) \(n)")
                #expect(image.bytes.count >= height * rowBytes, "\(file) \(n): \(image.bytes.count / rowBytes) rows of \(height)")
                #expect(zeros == want.zeros, "\(file) \(n): black pixels")
                #expect(Self.fnv1a(rows) == want.hash, "\(file) \(n): pixels")
                #expect(image.isComplete, "\(file) \(n): \(image.diagnostics.entries.map(\.message))")
                compared += 1
            }
            #expect(Set(images.keys).isSubset(of: seen), "\(file): CCITT images \(seen.sorted()), expected \(images.keys.sorted())")
        }
        #expect(compared == Self.expected.values.reduce(0) { $0 + $1.count })
        print("CCITTFaxImageTests.sharedCorpus: \(compared) CCITT images equal to pdfimages' output")
    }
}

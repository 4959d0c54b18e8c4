import PDFLayout
import Testing
@testable import PDFText

/// The one heading detector of the semantic HTML and the styled formats.
@Suite struct HeadingInferenceTests {
    let options = HeadingOptions()

    func block(_ size: Double, lines: Int = 1, words: Int = 3, bold: Bool = false, kind: BlockKind = .text) -> HeadingBlock {
        HeadingBlock(kind: kind, size: size, lines: lines, words: words, bold: bold)
    }

    @Test("the commonest size: most characters, and of sizes with as many the smallest, whatever the table's order")
    func commonestSize() {
        #expect(HeadingInference.commonestSize([:]) == 0)
        #expect(HeadingInference.commonestSize([10: 3, 12: 9, 14: 4]) == 12)
        for _ in 0..<20 {
            // Tables filled in another order each time (and hashed with another seed).
            var t: [Double: Int] = [:]
            for size in [18.0, 9.5, 11.0, 14.0].shuffled() { t[size] = size == 9.5 ? 2 : 7 }
            #expect(HeadingInference.commonestSize(t) == 11)
        }
        // Numbers, not their text: 9.5 is smaller than 10 ("10.0" sorts before "9.5").
        #expect(HeadingInference.commonestSize([10: 5, 9.5: 5]) == 9.5)
    }

    @Test("sizes are counted in half points; a size that is not finite counts as 0")
    func steps() {
        #expect(HeadingInference.step(11.96, options) == 12)
        #expect(HeadingInference.step(12.3, options) == 12.5)
        #expect(HeadingInference.step(.infinity, options) == 0)
        #expect(HeadingInference.step(.nan, options) == 0)
    }

    @Test("at most maxLines lines and maxWords words; larger type over more lines is text")
    func lineAndWordLimits() {
        #expect(options.maxLines == 3)
        #expect(HeadingInference.isHeading(block(14, lines: 3), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(14, lines: 4), bodySize: 10, options: options))
        #expect(HeadingInference.isHeading(block(14, words: 20), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(14, words: 21), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(14, words: 0), bodySize: 10, options: options))
        var four = options
        four.maxLines = 4
        #expect(HeadingInference.isHeading(block(14, lines: 4), bodySize: 10, options: four))
    }

    @Test("size ratio, the bold rule, block kinds, no body size")
    func rules() {
        #expect(HeadingInference.isHeading(block(11.5), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(11), bodySize: 10, options: options))
        // One bold line at body size is a heading; two are not, nor is one in the margin.
        #expect(HeadingInference.isHeading(block(10, bold: true), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(10, lines: 2, bold: true), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(10, bold: true, kind: .header), bodySize: 10, options: options))
        // Large type in the top margin is a title; tables and footers are never headings.
        #expect(HeadingInference.isHeading(block(20, kind: .header), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(20, kind: .table), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(20, kind: .footer), bodySize: 10, options: options))
        #expect(!HeadingInference.isHeading(block(20), bodySize: 0, options: options))
    }

    @Test("levels rank the distinct heading sizes, largest first; sizes within the tolerance share a level; at most 6")
    func levels() {
        let blocks = [block(24), block(10, lines: 5), block(18), block(17.5), block(14), block(24), block(10)]
        #expect(HeadingInference.levels(blocks, bodySize: 10, options: options) == [1, nil, 2, 2, 3, 1, nil])
        let many = (0..<9).map { block(30 - Double($0) * 2) }
        #expect(HeadingInference.levels(many, bodySize: 10, options: options) == [1, 2, 3, 4, 5, 6, 6, 6, 6])
    }

    @Test("levels do not depend on the blocks' order")
    func deterministicOrder() {
        let blocks = [block(24), block(18), block(14), block(16), block(12), block(10, bold: true)]
        let expected = HeadingInference.levels(blocks, bodySize: 10, options: options)
        #expect(expected == [1, 2, 4, 3, 5, 6])
        for _ in 0..<20 {
            let order = Array(blocks.indices).shuffled()
            let levels = HeadingInference.levels(order.map { blocks[$0] }, bodySize: 10, options: options)
            #expect(order.map { expected[$0] } == levels)
        }
    }
}

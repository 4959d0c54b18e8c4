import PDFCore
import PDFImages
import Testing

/// The ruled lines of a scan's pixels (`RasterRules`): found where they are long and thin,
/// erased without cutting the letters that touch them, and nothing else taken.
@Suite struct RasterRulesTests {
    /// 600 × 400 pixels at 300 ppi (rules: 150 px long at least, 10 px thick at most): a
    /// horizontal rule with a "letter" standing on it, a vertical rule through a thick bar, a
    /// dashed rule, and near misses (the bar, a short line).
    func page() -> GrayImage {
        var image = GrayImage(width: 600, height: 400)
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            for y in y0..<y1 { for x in x0..<x1 { image.pixels[y * 600 + x] = 0 } }
        }
        fill(20, 100, 580, 103)            // horizontal rule, 3 px
        fill(100, 70, 120, 100)            // a letter standing on it
        fill(300, 50, 303, 350)            // vertical rule, 3 px, through the bar
        fill(50, 200, 450, 230)            // a bar 30 px thick: no rule
        fill(20, 260, 120, 262)            // a line 100 px long: no rule
        for x in stride(from: 20, to: 280, by: 11) { fill(x, 300, x + 10, 302) }   // dashes, 1 px gaps
        return image
    }

    @Test func findsTheRulesAndNothingElse() {
        let rules = RasterRules.find(in: page(), options: RasterRules.Options(ppi: 300))
        let horizontal = rules.filter(\.isHorizontal).map { [$0.x0, $0.y0, $0.x1, $0.y1] }
        let vertical = rules.filter { !$0.isHorizontal }.map { [$0.x0, $0.y0, $0.x1, $0.y1] }
        #expect(horizontal == [[20, 100, 580, 103], [20, 300, 283, 302]])
        #expect(vertical == [[300, 50, 303, 350]])
    }

    @Test func erasingKeepsWhatTouchesTheRules() {
        var image = page()
        RasterRules.erase(RasterRules.find(in: image, options: RasterRules.Options(ppi: 300)), from: &image)
        // The rules are gone, crossings too; the letter keeps its foot on the line's rows.
        #expect(image[40, 101] == 255 && image[301, 60] == 255 && image[301, 101] == 255 && image[60, 300] == 255)
        #expect(image[110, 101] == 0 && image[110, 80] == 0)
        // The bar is whole, where the vertical rule crosses it too; the short line stays.
        #expect(image[301, 215] == 0 && image[60, 215] == 0 && image[60, 261] == 0)
    }

    /// Near misses: a solid area (a photograph's dark part), and rules only at a lower
    /// resolution's length (at 600 ppi a rule is 300 px long: the dashes are too short).
    @Test func solidAreasAndShortLinesAreNoRules() {
        var dark = GrayImage(width: 400, height: 300)
        for y in 50..<250 { for x in 20..<380 { dark.pixels[y * 400 + x] = 10 } }
        #expect(RasterRules.find(in: dark, options: RasterRules.Options(ppi: 300)).isEmpty)
        let rules = RasterRules.find(in: page(), options: RasterRules.Options(ppi: 600))
        #expect(rules.filter(\.isHorizontal).map(\.x1) == [580])
    }

    /// Options from hostile values stay in range.
    @Test func optionsClampHostileValues() {
        for o in [RasterRules.Options(ppi: .nan), RasterRules.Options(ppi: 1e300, minimumInches: .infinity, maximumPoints: -1),
                  RasterRules.Options(ppi: -5, minimumInches: 0, maximumPoints: .nan)] {
            #expect(o.minimumLength >= 8 && o.minimumLength <= 240_000)
            #expect(o.maximumThickness >= 2 && o.maximumGap >= 1)
        }
    }
}

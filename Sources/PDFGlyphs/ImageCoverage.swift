import PDFCore

/// The share of a rectangle covered by the union of others (a page's image coverage, in
/// ``PageDiagnosis``).
package enum Coverage {
    /// The share of `page` covered by the union of `rects` (each clipped to the page), 0…1:
    /// exact for up to 2,000 rectangles, else sampled on a 256 × 256 grid. Rectangles with a
    /// side that is not finite are left out; a page without area is covered by nothing.
    package static func share(of rects: [Rect], within page: Rect) -> Double {
        guard page.width > 0, page.height > 0 else { return 0 }
        // Rectangles with a NaN or infinite side (a hostile matrix) are left out.
        let clipped = rects.compactMap { $0.intersection(page) }
            .filter { !$0.isEmpty && $0.x0.isFinite && $0.x1.isFinite && $0.y0.isFinite && $0.y1.isFinite }
        guard !clipped.isEmpty else { return 0 }
        let pageArea = page.width * page.height
        if clipped.count <= 2000, pageArea.isFinite {
            // Exact: a sweep over the x edges, merging y intervals in each slab.
            var area = 0.0
            let xs = Array(Set(clipped.flatMap { [$0.x0, $0.x1] })).sorted()
            for k in 0..<(xs.count - 1) {
                let a = xs[k], b = xs[k + 1]
                let spans = clipped.filter { $0.x0 <= a && $0.x1 >= b }.map { ($0.y0, $0.y1) }.sorted { $0.0 < $1.0 }
                var covered = 0.0
                var current: (Double, Double)? = nil
                for s in spans {
                    if let c = current, s.0 <= c.1 {
                        current = (c.0, max(c.1, s.1))
                    } else {
                        if let c = current { covered += c.1 - c.0 }
                        current = s
                    }
                }
                if let c = current { covered += c.1 - c.0 }
                area += covered * (b - a)
            }
            return min(1, area / pageArea)
        }
        // Many images (tiles), or a page too large for its area to be a Double: a 256 × 256
        // grid of cell centres. Cell sizes and offsets are computed so that a page of
        // ±1.7e308 does not overflow to an infinity.
        let n = 256
        var cells = [Bool](repeating: false, count: n * n)
        let w = page.x1 / Double(n) - page.x0 / Double(n), h = page.y1 / Double(n) - page.y0 / Double(n)
        func cell(_ v: Double, _ origin: Double, _ size: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(saturating: (v / size - origin / size - 0.5).rounded(rule))
        }
        for r in clipped {
            let i0 = max(0, cell(r.x0, page.x0, w, .up)), i1 = min(n - 1, cell(r.x1, page.x0, w, .down))
            let j0 = max(0, cell(r.y0, page.y0, h, .up)), j1 = min(n - 1, cell(r.y1, page.y0, h, .down))
            guard i0 <= i1, j0 <= j1 else { continue }
            for j in j0...j1 { for i in i0...i1 { cells[j * n + i] = true } }
        }
        return Double(cells.filter { $0 }.count) / Double(n * n)
    }
}

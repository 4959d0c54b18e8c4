import PDFCore

/// Long thin lines drawn in a raster's pixels: the table grid, underlines and separators of
/// a scanned page.
///
/// Vector pages tell the layout where their rules are (painted paths); a scan has only
/// pixels, and its rules do two kinds of harm. The OCR reads them as text (a column rule
/// becomes "|", a rule under a header turns "Route" into "Route_"), and the layout, finding
/// no rules, cannot tell a ruled table's rows apart. ``find(in:options:)`` finds the rules;
/// the OCR pass erases them from the raster it reads and gives them to the layout as paths.
///
/// A rule is a band of dark pixels (darker than mid-gray) at least ``Options/minimumLength``
/// long, along a row or a column, and at most ``Options/maximumThickness`` thick across it,
/// with gaps of at most ``Options/maximumGap`` pixels (a scanned line is not solid). Only
/// lines along the raster's axes are found: a scan skewed by more than about
/// thickness ÷ length gives bands too thick to be rules, and is read as before.
package struct RasterRules {
    /// What counts as a rule, in pixels.
    package struct Options: Sendable, Hashable {
        /// Shortest rule: 0.5 in by default (a letter's longest stroke is shorter at text sizes).
        package var minimumLength: Int
        /// Thickest rule: 2.5 pt by default (a bold heading's bars are thicker, and shorter).
        package var maximumThickness: Int
        /// Longest gap inside a rule.
        package var maximumGap: Int

        /// The options for a raster of `ppi` pixels per inch: rules at least `minimumInches`
        /// long and at most `maximumPoints` thick.
        package init(ppi: Double, minimumInches: Double = 0.5, maximumPoints: Double = 2.5) {
            let p = ppi.isFinite && ppi > 0 ? min(ppi, 2400) : 300
            let inches = minimumInches.isFinite ? min(max(minimumInches, 0.01), 100) : 0.5
            let points = maximumPoints.isFinite ? min(max(maximumPoints, 0.01), 72) : 2.5
            minimumLength = max(8, Int((p * inches).rounded()))
            maximumThickness = max(2, Int((p * points / 72).rounded()))
            maximumGap = max(1, Int((p / 150).rounded()))
        }
    }

    /// One rule: its pixel rectangle (`x0..<x1`, `y0..<y1`), and whether it runs along rows.
    package struct Rule: Sendable, Hashable {
        package var x0: Int, y0: Int, x1: Int, y1: Int
        package var isHorizontal: Bool
        /// Its thickness across its length, in pixels.
        package var thickness: Int { isHorizontal ? y1 - y0 : x1 - x0 }
    }

    /// The rules of `image`, horizontal ones first.
    package static func find(in image: GrayImage, options: Options) -> [Rule] {
        let w = image.width, h = image.height
        let horizontal = bands(image, lines: h, length: w, lineStride: w, step: 1, options: options)
            .map { Rule(x0: $0.from, y0: $0.first, x1: $0.to, y1: $0.last + 1, isHorizontal: true) }
        let vertical = bands(image, lines: w, length: h, lineStride: 1, step: w, options: options)
            .map { Rule(x0: $0.first, y0: $0.from, x1: $0.last + 1, y1: $0.to, isHorizontal: false) }
        return horizontal + vertical
    }

    /// Paints `rules` white in `image`, with the light edge pixels beside them, except where
    /// a dark pixel touches the rule from outside: a letter standing on an underline or a
    /// descender crossing it keeps its stroke.
    package static func erase(_ rules: [Rule], from image: inout GrayImage) {
        let w = image.width, h = image.height
        image.pixels.withUnsafeMutableBufferPointer { px in
            for r in rules {
                // Walk along the rule; across it, from one side to the other.
                let (alongLo, alongHi, acrossLo, acrossHi) = r.isHorizontal ? (r.x0, r.x1, r.y0, r.y1) : (r.y0, r.y1, r.x0, r.x1)
                let acrossCount = r.isHorizontal ? h : w
                func index(_ along: Int, _ across: Int) -> Int { r.isHorizontal ? across * w + along : along * w + across }
                for a in alongLo..<alongHi {
                    let before = acrossLo - 1, after = acrossHi
                    if before >= 0 && px[index(a, before)] < 128 { continue }
                    if after < acrossCount && px[index(a, after)] < 128 { continue }
                    let lo = max(0, acrossLo - 2), hi = min(acrossCount, acrossHi + 2)
                    for c in lo..<hi { px[index(a, c)] = 255 }
                }
            }
        }
    }

    /// A band of dark runs on consecutive lines: lines `first…last`, positions `from..<to`.
    struct Band { var first: Int, last: Int, from: Int, to: Int }

    /// Bands of long dark runs across `lines` lines of `length` pixels (pixel `i` of line `k`
    /// at `k × lineStride + i × step`), kept when no thicker than the maximum.
    static func bands(_ image: GrayImage, lines: Int, length: Int, lineStride: Int, step: Int,
                      options: Options) -> [Band] {
        guard length >= options.minimumLength else { return [] }
        var open: [Band] = [], done: [Band] = []
        image.pixels.withUnsafeBufferPointer { px in
            for k in 0..<lines {
                let runs = longRuns(px, base: k * lineStride, step: step, length: length, options: options)
                var next: [Band] = []
                var used = [Bool](repeating: false, count: runs.count)
                for var band in open {
                    // The band goes on with a run on this line that overlaps most of it.
                    if let j = runs.indices.first(where: { !used[$0] && overlapShare(band, runs[$0]) >= 0.5 }) {
                        used[j] = true
                        band.last = k; band.from = min(band.from, runs[j].0); band.to = max(band.to, runs[j].1)
                        next.append(band)
                    } else {
                        done.append(band)
                    }
                }
                for (j, run) in runs.enumerated() where !used[j] {
                    next.append(Band(first: k, last: k, from: run.0, to: run.1))
                }
                open = next
            }
        }
        done += open
        return done.filter { $0.last - $0.first + 1 <= options.maximumThickness }
            .sorted { ($0.first, $0.from) < ($1.first, $1.from) }
    }

    /// The share of the shorter of a band's extent and a run that the two have in common.
    static func overlapShare(_ band: Band, _ run: (Int, Int)) -> Double {
        let common = min(band.to, run.1) - max(band.from, run.0)
        let shorter = min(band.to - band.from, run.1 - run.0)
        return shorter > 0 ? Double(common) / Double(shorter) : 0
    }

    /// The dark runs of one line at least the minimum long, bridging short gaps.
    static func longRuns(_ px: UnsafeBufferPointer<UInt8>, base: Int, step: Int, length: Int,
                         options: Options) -> [(Int, Int)] {
        var runs: [(Int, Int)] = []
        var start = -1, lastDark = -1
        var i = 0, at = base
        while i < length {
            if px[at] < 128 {
                if start < 0 || i - lastDark - 1 > options.maximumGap {
                    if start >= 0 && lastDark + 1 - start >= options.minimumLength { runs.append((start, lastDark + 1)) }
                    start = i
                }
                lastDark = i
            }
            i += 1; at += step
        }
        if start >= 0 && lastDark + 1 - start >= options.minimumLength { runs.append((start, lastDark + 1)) }
        return runs
    }
}

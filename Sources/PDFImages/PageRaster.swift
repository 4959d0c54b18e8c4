import PDFContent
import PDFCore
import PDFGlyphs

extension Matrix {
    /// Every coefficient finite.
    package var isAllFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite }

    /// The inverse, or nil when the matrix is singular or not finite.
    package var inverse: Matrix? {
        let det = a * d - b * c
        guard det.isFinite, abs(det) > 1e-12, isAllFinite else { return nil }
        let m = Matrix(a: d / det, b: -b / det, c: -c / det, d: a / det,
                       e: (c * f - d * e) / det, f: (b * e - a * f) / det)
        return m.isAllFinite ? m : nil
    }
}

/// A page's images drawn into one gray raster in *display space*: the crop box turned by
/// /Rotate, y down, at a resolution in pixels per inch, as a viewer shows the page. Text a
/// reader sees upright is upright here, whatever the images' own rotation or flips, so the
/// OCR reads it the way it is meant. Vector art and text are not drawn.
package struct PageRaster {
    /// The raster.
    package var image: GrayImage
    /// Page space → raster pixels.
    package var pageToPixels: Matrix
    /// Pixels per inch the raster was drawn at (lowered for very large pages).
    package var resolution: Double

    /// A white raster of the page at `resolution`, lowered so that the raster holds at most
    /// `maxPixels` pixels and 16,384 on a side.
    package init(page: PageGlyphs, resolution: Double, maxPixels: Int) {
        let box = page.visibleBox
        let rotated = (((page.rotation % 360) + 360) % 360) % 180 == 90
        let unit = page.userUnit > 0 && page.userUnit.isFinite ? page.userUnit : 1
        // Sides from 1 pt to 10⁷ pt (a hostile box's infinity or NaN among them), so that
        // every product below stays finite.
        let widthPoints = min(1e7, max(1, (rotated ? box.height : box.width) * unit))
        let heightPoints = min(1e7, max(1, (rotated ? box.width : box.height) * unit))
        var dpi = resolution.isFinite && resolution > 0 ? min(resolution, 1200) : 300
        let limit = Double(max(1, maxPixels))
        let needed = widthPoints * heightPoints * dpi * dpi / (72 * 72)
        if needed > limit { dpi *= (limit / needed).squareRoot() }
        dpi = min(dpi, 16384 * 72 / max(widthPoints, heightPoints))
        let w = max(1, Int((widthPoints * dpi / 72).rounded(.up)))
        let h = max(1, Int((heightPoints * dpi / 72).rounded(.up)))
        image = GrayImage(width: w, height: h)
        self.resolution = dpi
        let scale = dpi / 72
        pageToPixels = page.displayTransform.concatenating(Matrix(a: scale, b: 0, c: 0, d: scale, e: 0, f: 0))
    }

    /// Pixels → page space.
    package var pixelsToPage: Matrix { pageToPixels.inverse ?? .identity }

    /// Draws `picture` placed by `matrix` (image space → page space): each raster pixel whose
    /// centre falls in the image takes the image's sample there, bilinearly interpolated.
    /// Stencil masks (`isMask`) draw only their painted pixels (those darker than white).
    package mutating func draw(_ picture: GrayImage, matrix: Matrix, isMask: Bool = false) {
        // Image pixels → raster pixels: pixel (i, j) of the picture covers
        // u ∈ [i/W, (i+1)/W], v ∈ [1 − (j+1)/H, 1 − j/H] of the unit square.
        let toUnit = Matrix(a: 1 / Double(picture.width), b: 0, c: 0, d: -1 / Double(picture.height), e: 0, f: 1)
        let full = toUnit.concatenating(matrix).concatenating(pageToPixels)
        guard let back = full.inverse else { return }
        let corners = [Point(x: 0, y: 0), Point(x: Double(picture.width), y: 0),
                       Point(x: 0, y: Double(picture.height)), Point(x: Double(picture.width), y: Double(picture.height))]
            .map { full.apply($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        guard let xs = Self.pixels(minX, maxX, within: image.width),
              let ys = Self.pixels(minY, maxY, within: image.height) else { return }
        let (x0, x1, y0, y1) = (xs.lowerBound, xs.upperBound, ys.lowerBound, ys.upperBound)
        let pw = picture.width, ph = picture.height, rw = image.width
        let lastU = Double(pw - 1), lastV = Double(ph - 1)
        picture.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                for y in y0..<y1 {
                    let cy = Double(y) + 0.5
                    // Image coordinates of the row's first pixel centre, and the step per pixel.
                    var u = back.a * (Double(x0) + 0.5) + back.c * cy + back.e
                    var v = back.b * (Double(x0) + 0.5) + back.d * cy + back.f
                    for x in x0..<x1 {
                        defer { u += back.a; v += back.b }
                        guard u >= 0, v >= 0, u < Double(pw), v < Double(ph) else { continue }
                        // Bilinear between the four nearest sample centres.
                        let fu = min(max(u - 0.5, 0), lastU)
                        let fv = min(max(v - 0.5, 0), lastV)
                        let i = Int(fu), j = Int(fv)
                        let i1 = min(i + 1, pw - 1), j1 = min(j + 1, ph - 1)
                        let tu = fu - Double(i), tv = fv - Double(j)
                        let a = Double(src[j * pw + i]), b = Double(src[j * pw + i1])
                        let c = Double(src[j1 * pw + i]), d = Double(src[j1 * pw + i1])
                        let value = (a + (b - a) * tu) * (1 - tv) + (c + (d - c) * tu) * tv
                        let g = UInt8(max(0, min(255, value.rounded())))
                        if isMask && g == 255 { continue }
                        dst[y * rw + x] = g
                    }
                }
            }
        }
    }

    /// Paints the raster white inside `quad` (page space), grown by `margin` pixels: areas
    /// whose text the page already has are not read again.
    package mutating func erase(_ quad: Quad, margin: Double = 2) {
        let b = quad.transformed(by: pageToPixels).bounds
        guard let xs = Self.pixels(b.x0 - margin, b.x1 + margin, within: image.width),
              let ys = Self.pixels(b.y0 - margin, b.y1 + margin, within: image.height) else { return }
        for y in ys { for x in xs { image.pixels[y * image.width + x] = 255 } }
    }

    /// The pixels `lo…hi` (raster coordinates) touch within `0..<count`, nil when none. The
    /// ends are clamped before they become integers: a coordinate of 10³⁰⁰ from a hostile
    /// matrix is a pixel past the edge, not a trap.
    static func pixels(_ lo: Double, _ hi: Double, within count: Int) -> Range<Int>? {
        guard lo.isFinite, hi.isFinite else { return nil }
        let limit = Double(count)
        let a = max(0, Int(min(max(lo, -1), limit).rounded(.down)))
        let b = min(count, Int(min(max(hi, -1), limit).rounded(.up)))
        return a < b ? a..<b : nil
    }
}

extension PageRaster {
    /// The raster turned clockwise by `quarterTurns` × 90°, its page mapping turned with it:
    /// a page scanned sideways made upright for the OCR.
    package func rotated(clockwise quarterTurns: Int) -> PageRaster {
        let k = ((quarterTurns % 4) + 4) % 4
        guard k != 0 else { return self }
        let w = image.width, h = image.height
        let nw = k == 2 ? w : h, nh = k == 2 ? h : w
        var out = GrayImage(width: nw, height: nh)
        let turn: Matrix
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let (nx, ny) = k == 1 ? (h - 1 - y, x) : k == 2 ? (w - 1 - x, h - 1 - y) : (y, w - 1 - x)
                        dst[ny * nw + nx] = src[y * w + x]
                    }
                }
            }
        }
        switch k {
        case 1: turn = Matrix(a: 0, b: 1, c: -1, d: 0, e: Double(h), f: 0)
        case 2: turn = Matrix(a: -1, b: 0, c: 0, d: -1, e: Double(w), f: Double(h))
        default: turn = Matrix(a: 0, b: -1, c: 1, d: 0, e: 0, f: Double(w))
        }
        var copy = self
        copy.image = out
        copy.pageToPixels = pageToPixels.concatenating(turn)
        return copy
    }
}

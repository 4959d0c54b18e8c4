/// A point in PDF user or page space (points, origin bottom-left).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// An axis-aligned rectangle, normalised so that `x0 <= x1` and `y0 <= y1`.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x0: Double, y0: Double, x1: Double, y1: Double

    @inlinable public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = min(x0, x1); self.x1 = max(x0, x1)
        self.y0 = min(y0, y1); self.y1 = max(y0, y1)
    }

    @inlinable public var width: Double { x1 - x0 }
    @inlinable public var height: Double { y1 - y0 }
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The overlap of two rectangles, or nil when they do not overlap.
    @inlinable public func intersection(_ other: Rect) -> Rect? {
        let r = Rect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        guard max(x0, other.x0) <= min(x1, other.x1), max(y0, other.y0) <= min(y1, other.y1) else { return nil }
        return r
    }

    public var description: String { "[\(fmt(x0)) \(fmt(y0)) \(fmt(x1)) \(fmt(y1))]" }

    /// US Letter, the default page size when a page has no usable MediaBox.
    public static let letter = Rect(x0: 0, y0: 0, x1: 612, y1: 792)
}

/// A quadrilateral in page space: a glyph's box turned with its text, or one entry of an
/// annotation's `/QuadPoints`. For horizontal text: the baseline runs from `lowerLeft` to
/// `lowerRight` offset by the font's descent; `upperLeft`/`upperRight` at the ascent.
public struct Quad: Sendable, Hashable {
    public var lowerLeft: Point, lowerRight: Point, upperRight: Point, upperLeft: Point
    @inlinable public init(lowerLeft: Point, lowerRight: Point, upperRight: Point, upperLeft: Point) {
        self.lowerLeft = lowerLeft; self.lowerRight = lowerRight
        self.upperRight = upperRight; self.upperLeft = upperLeft
    }
    @inlinable public init(_ r: Rect) {
        self.init(lowerLeft: Point(x: r.x0, y: r.y0), lowerRight: Point(x: r.x1, y: r.y0),
                  upperRight: Point(x: r.x1, y: r.y1), upperLeft: Point(x: r.x0, y: r.y1))
    }
    /// The smallest upright rectangle holding the quad.
    @inlinable public var bounds: Rect {
        let xs = (lowerLeft.x, lowerRight.x, upperRight.x, upperLeft.x)
        let ys = (lowerLeft.y, lowerRight.y, upperRight.y, upperLeft.y)
        return Rect(x0: min(min(xs.0, xs.1), min(xs.2, xs.3)), y0: min(min(ys.0, ys.1), min(ys.2, ys.3)),
                    x1: max(max(xs.0, xs.1), max(xs.2, xs.3)), y1: max(max(ys.0, ys.1), max(ys.2, ys.3)))
    }
    @inlinable public func transformed(by m: Matrix) -> Quad {
        Quad(lowerLeft: m.apply(lowerLeft), lowerRight: m.apply(lowerRight),
             upperRight: m.apply(upperRight), upperLeft: m.apply(upperLeft))
    }
}

/// An affine transform `[a b c d e f]` as PDF writes it (ISO 32000-2 §8.3.3).
public struct Matrix: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }
    public static let identity = Matrix(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// `self` then `other`: a point is transformed by `self` first.
    @inlinable public func concatenating(_ m: Matrix) -> Matrix {
        Matrix(
            a: a * m.a + b * m.c, b: a * m.b + b * m.d,
            c: c * m.a + d * m.c, d: c * m.b + d * m.d,
            e: e * m.a + f * m.c + m.e, f: e * m.b + f * m.d + m.f)
    }

    @inlinable public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f)
    }
}

/// Formats a coordinate compactly: integers without a fraction, others to 2 places.
@usableFromInline
func fmt(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    let r = (v * 100).rounded() / 100
    return String(r)
}

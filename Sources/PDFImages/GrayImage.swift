import PDFCore

/// An 8-bit gray raster, row-major, top row first: 0 is black, 255 white. What the OCR
/// reads: every image colour space is reduced to its luminance.
public struct GrayImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height` samples.
    public var pixels: [UInt8]

    /// A white image of `width × height` (both at least 1).
    public init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.pixels = [UInt8](repeating: fill, count: self.width * self.height)
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "GrayImage: size and pixels disagree")
        self.width = width; self.height = height; self.pixels = pixels
    }

    @inlinable public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

    /// The share of pixels darker than mid-gray, 0…1 (a blank page has none).
    public var inkShare: Double {
        var n = 0
        for p in pixels where p < 128 { n += 1 }
        return Double(n) / Double(pixels.count)
    }

    /// The image as a binary PGM file (P5), for looking at it.
    public var pgm: [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }
}

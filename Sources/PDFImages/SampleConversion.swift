import PDFCore
import PDFContent
import PDFGlyphs

/// Turns an image's samples (ISO 32000-2 §8.9.5: `bitsPerComponent` bits per component,
/// rows padded to a byte) into gray: the /Decode array applied, then the colour space's
/// colour reduced to luminance (Rec. 601 weights). Every colour is worked out through a
/// table per sample value or per palette entry, so that a page image costs a table lookup
/// per pixel.
struct SampleConversion {
    var width: Int
    var height: Int
    var components: Int
    var bitsPerComponent: Int
    var space: ColorSpace
    /// /Decode, two numbers per component; nil: the default for the space.
    var decode: [Double]?
    /// `/ImageMask true`: 1-bit stencil; painted samples take `maskInk`.
    var isMask = false
    var maskInk: UInt8 = 0

    /// Bytes per row of the samples.
    var rowBytes: Int { (width * components * bitsPerComponent + 7) / 8 }

    /// The gray image of `data`; missing rows (short data) stay white, and `short` says so.
    func convert(_ data: [UInt8]) -> (image: GrayImage, short: Bool) {
        var out = GrayImage(width: width, height: height)
        let row = rowBytes
        let rows = min(height, row > 0 ? data.count / row : 0)
        if isMask {
            // Default decode [0 1]: a 0 sample paints; [1 0] inverts.
            let paints: UInt8 = (decode?.first ?? 0) > 0.5 ? 1 : 0
            data.withUnsafeBufferPointer { d in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    for y in 0..<rows {
                        let base = y * row, to = y * width
                        for x in 0..<width {
                            let bit = (d[base + x >> 3] >> (7 - UInt8(x & 7))) & 1
                            if bit == paints { o[to + x] = maskInk }
                        }
                    }
                }
            }
            return (out, rows < height)
        }
        if bitsPerComponent == 8, let fast = deviceColor(data, rows: rows, into: &out) { return (fast, rows < height) }
        let table = grayTable()
        let bpc = bitsPerComponent, n = components
        data.withUnsafeBufferPointer { d in
            out.pixels.withUnsafeMutableBufferPointer { o in
                if n == 1 && bpc == 8 {
                    for y in 0..<rows {
                        let base = y * row, to = y * width
                        for x in 0..<width { o[to + x] = table.single[Int(d[base + x])] }
                    }
                    return
                }
                // Up to 7 components pack into one key (8 bits each); more (DeviceN) are
                // converted pixel by pixel.
                var raw = [Int](repeating: 0, count: n)
                for y in 0..<rows {
                    let base = y * row, to = y * width
                    var bit = 0
                    for x in 0..<width {
                        if n > 7 {
                            for c in 0..<n { raw[c] = Self.sample(d, base, bit, bpc); bit += bpc }
                            o[to + x] = table.gray(raw)
                            continue
                        }
                        var key = 0
                        for _ in 0..<n {
                            key = key &* 256 &+ Self.sample(d, base, bit, bpc)
                            bit += bpc
                        }
                        o[to + x] = n == 1 ? table.single[key] : table.color(key)
                    }
                }
            }
        }
        return (out, rows < height)
    }

    /// DeviceRGB and DeviceCMYK at 8 bits (JPEG, most scans): integer arithmetic per pixel
    /// through one table per component for /Decode. Nil for other spaces.
    func deviceColor(_ data: [UInt8], rows: Int, into out: inout GrayImage) -> GrayImage? {
        let n: Int
        switch space {
        case .rgb: n = 3
        case .cmyk: n = 4
        default: return nil
        }
        guard components == n else { return nil }
        let values = decodedValues()
        let lut = values.map { column in column.map { UInt16(max(0, min(255, ($0 * 255).rounded()))) } }
        let row = rowBytes, w = width
        data.withUnsafeBufferPointer { d in
            out.pixels.withUnsafeMutableBufferPointer { o in
                let r = lut[0], g = lut[1], b = lut[2]
                if n == 3 {
                    for y in 0..<rows {
                        var p = y * row
                        let to = y * w
                        for x in 0..<w {
                            let v = (77 * UInt32(r[Int(d[p])]) + 150 * UInt32(g[Int(d[p + 1])]) + 29 * UInt32(b[Int(d[p + 2])])) >> 8
                            o[to + x] = UInt8(truncatingIfNeeded: v)
                            p += 3
                        }
                    }
                } else {
                    let k = lut[3]
                    for y in 0..<rows {
                        var p = y * row
                        let to = y * w
                        for x in 0..<w {
                            let ink = (77 * UInt32(r[Int(d[p])]) + 150 * UInt32(g[Int(d[p + 1])]) + 29 * UInt32(b[Int(d[p + 2])])) >> 8
                                + UInt32(k[Int(d[p + 3])])
                            o[to + x] = UInt8(255 - min(255, ink))
                            p += 4
                        }
                    }
                }
            }
        }
        return out
    }

    /// Sample `bit` bits into row `base`, scaled to 0…255 (16-bit samples keep their high byte).
    @inline(__always)
    static func sample(_ d: UnsafeBufferPointer<UInt8>, _ base: Int, _ bit: Int, _ bpc: Int) -> Int {
        switch bpc {
        case 8: return Int(d[base + bit >> 3])
        case 16: return Int(d[base + bit >> 3])
        default:
            let byte = Int(d[base + bit >> 3])
            let shift = 8 - bpc - (bit & 7)
            return byte >> shift & (1 << bpc - 1)
        }
    }

    /// The gray of each sample value (one component) or of each colour (several).
    struct Table {
        var single: [UInt8]
        var perComponent: [[Double]]
        var space: ColorSpace
        var cache: ColorCache

        func color(_ key: Int) -> UInt8 { cache.gray(key) { values(key) } }

        /// The gray of raw samples of any number of components, without the cache.
        func gray(_ raw: [Int]) -> UInt8 {
            SampleConversion.gray(space.rgba(raw.indices.map { perComponent[$0][min(255, max(0, raw[$0]))] }))
        }

        func values(_ key: Int) -> [Double] {
            var k = key
            var v = [Double](repeating: 0, count: perComponent.count)
            for i in stride(from: perComponent.count - 1, through: 0, by: -1) {
                v[i] = perComponent[i][k & 255]
                k >>= 8
            }
            return v
        }
    }

    /// Per component: the decoded value of each raw sample (0…255 after scaling).
    func decodedValues() -> [[Double]] {
        let levels = bitsPerComponent >= 8 ? 256 : 1 << bitsPerComponent
        let maxRaw = Double(levels - 1)
        return (0..<components).map { i in
            let (lo, hi) = decodeRange(i)
            return (0..<256).map { raw in
                let r = Double(min(raw, levels - 1))
                return lo + r * (hi - lo) / maxRaw
            }
        }
    }

    /// /Decode's pair for component `i`, or the space's default.
    func decodeRange(_ i: Int) -> (Double, Double) {
        if let d = decode, d.count >= 2 * (i + 1), d[2 * i].isFinite, d[2 * i + 1].isFinite {
            return (d[2 * i], d[2 * i + 1])
        }
        if case .indexed = space {
            return (0, Double((1 << min(bitsPerComponent, 8)) - 1))
        }
        return (0, 1)
    }

    func grayTable() -> Table {
        let values = decodedValues()
        var single = [UInt8](repeating: 255, count: 256)
        if components == 1 {
            for raw in 0..<256 { single[raw] = Self.gray(space.rgba([values[0][raw]])) }
        }
        return Table(single: single, perComponent: values, space: space, cache: ColorCache(space: space))
    }

    static func gray(_ c: RGBA) -> UInt8 {
        let y = 0.299 * Double(c.red) + 0.587 * Double(c.green) + 0.114 * Double(c.blue)
        guard y.isFinite else { return 255 }
        return UInt8(max(0, min(255, (y * 255).rounded())))
    }
}

/// Grays of colours already seen, for multi-component images: most pages hold few distinct
/// colours, and working one out through a colour space (an ICC alternate, a tint function)
/// costs far more than a lookup. Fast paths for RGB and CMYK skip the space altogether.
final class ColorCache {
    let space: ColorSpace
    var seen: [Int: UInt8] = [:]
    init(space: ColorSpace) { self.space = space }

    func gray(_ key: Int, _ values: () -> [Double]) -> UInt8 {
        switch space {
        case .rgb:
            let v = values()
            return SampleConversion.gray(RGBA(red: Float(v[0]), green: Float(v[1]), blue: Float(v[2])))
        case .cmyk:
            let v = values()
            let k = min(1, 0.3 * v[0] + 0.59 * v[1] + 0.11 * v[2] + v[3])
            return UInt8(max(0, min(255, ((1 - k) * 255).rounded())))
        default:
            if let g = seen[key] { return g }
            let g = SampleConversion.gray(space.rgba(values()))
            if seen.count < 1 << 16 { seen[key] = g }
            return g
        }
    }
}

import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs

extension Diagnostic.Code {
    /// A colour space that could not be read (DeviceGray used instead).
    package static let colorSpaceUnknown = Diagnostic.Code("colorSpaceUnknown")
}

/// A tint transform of a Separation or DeviceN space, as far as we evaluate it.
package indirect enum TintTransform: Sendable {
    /// Type 2: C0 + x^N × (C1 − C0), on the first input.
    case exponential(c0: [Double], c1: [Double], exponent: Double, domain: (Double, Double))
    /// Type 3: stitching of sub-functions over the first input.
    case stitching(functions: [TintTransform], bounds: [Double], encode: [Double], domain: (Double, Double))
    /// Type 0: sampled.
    case sampled(SampledFunction)
    /// Type 4: PostScript calculator.
    case postScript(PostScriptFunction)
    /// Anything else: tint 1 = black, tint 0 = white (the largest input decides).
    case approximate

    package func evaluate(_ input: [Double], outputs: Int) -> [Double]? {
        switch self {
        case .exponential(let c0, let c1, let n, let domain):
            let x = min(max(input.first ?? 0, domain.0), domain.1)
            let t = (x <= 0 && n < 1) ? 0 : pow(x, n)
            var out: [Double] = []
            for i in 0..<max(c0.count, c1.count) {
                let a = i < c0.count ? c0[i] : 0, b = i < c1.count ? c1[i] : 1
                out.append(a + t * (b - a))
            }
            return out
        case .stitching(let functions, let bounds, let encode, let domain):
            guard !functions.isEmpty else { return nil }
            let x = min(max(input.first ?? 0, domain.0), domain.1)
            var k = 0
            while k < bounds.count, x >= bounds[k] { k += 1 }
            k = min(k, functions.count - 1)
            let lo = k == 0 ? domain.0 : bounds[k - 1]
            let hi = k < bounds.count ? bounds[k] : domain.1
            let e0 = 2 * k < encode.count ? encode[2 * k] : 0
            let e1 = 2 * k + 1 < encode.count ? encode[2 * k + 1] : 1
            let mapped = hi > lo ? e0 + (x - lo) * (e1 - e0) / (hi - lo) : e0
            return functions[k].evaluate([mapped], outputs: outputs)
        case .sampled(let f):
            return f.evaluate(input)
        case .postScript(let f):
            return f.evaluate(input)
        case .approximate:
            return nil
        }
    }
}

/// pow without Foundation, for the few non-integer exponents colour needs.
@inline(__always) func pow(_ x: Double, _ y: Double) -> Double {
    if y == 1 { return x }
    if y == 0 { return 1 }
    if x <= 0 { return 0 }
    return exp(y * log(x))
}

/// Natural log and exp by series (enough precision for colour; no Foundation below PDFText).
func log(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
    // x = m × 2^e with m in [1, 2)
    let e = Double(x.exponent)
    let m = x.significand
    // ln(m) = 2 atanh((m-1)/(m+1))
    let z = (m - 1) / (m + 1), z2 = z * z
    var term = z, sum = 0.0
    var k = 1.0
    for _ in 0..<30 {
        sum += term / k
        term *= z2
        k += 2
    }
    return 2 * sum + e * 0.6931471805599453
}

func exp(_ x: Double) -> Double {
    guard x.isFinite else { return x > 0 ? .infinity : 0 }
    if x > 700 { return .infinity }
    if x < -700 { return 0 }
    let n = (x / 0.6931471805599453).rounded()
    let r = x - n * 0.6931471805599453
    var term = 1.0, sum = 1.0
    for i in 1..<25 {
        term *= r / Double(i)
        sum += term
    }
    return sum * Double(sign: .plus, exponent: Int(n), significand: 1)
}

/// A colour space, reduced to what converting its colours to sRGB needs.
package indirect enum ColorSpace: Sendable {
    case gray, rgb, cmyk
    /// CIE L*a*b* with its white point and a*/b* ranges.
    case lab(white: (Double, Double, Double), range: [Double])
    case indexed(base: ColorSpace, hival: Int, lookup: [UInt8])
    /// Separation (1 component) or DeviceN (n components).
    case separation(components: Int, alternate: ColorSpace, tint: TintTransform, isNone: Bool)
    /// Pattern: colours are black, or the underlying space's for uncoloured patterns.
    case pattern(underlying: ColorSpace?)

    package var components: Int {
        switch self {
        case .gray, .indexed: 1
        case .rgb, .lab: 3
        case .cmyk: 4
        case .separation(let n, _, _, _): n
        case .pattern(let u): u?.components ?? 0
        }
    }

    /// The initial colour (ISO 32000-2 §8.6.5): black, index 0, tint 1, L*a*b* 0 (clamped).
    var initialColor: RGBA {
        switch self {
        case .gray, .rgb, .lab, .pattern: return .black
        case .cmyk: return rgba([0, 0, 0, 1])
        case .indexed: return rgba([0])
        case .separation(let n, _, _, _): return rgba(Array(repeating: 1, count: n))
        }
    }

    package func rgba(_ c: [Double]) -> RGBA {
        @inline(__always) func at(_ i: Int, _ d: Double = 0) -> Double {
            i < c.count && !c[i].isNaN ? min(max(c[i], 0), 1) : d  // NaN (a broken tint transform) is the default
        }
        switch self {
        case .gray:
            let v = Float(at(0))
            return RGBA(red: v, green: v, blue: v)
        case .rgb:
            return RGBA(red: Float(at(0)), green: Float(at(1)), blue: Float(at(2)))
        case .cmyk:
            let k = at(3, 1)
            return RGBA(red: Float((1 - at(0)) * (1 - k)), green: Float((1 - at(1)) * (1 - k)),
                        blue: Float((1 - at(2)) * (1 - k)))
        case .lab(let white, let range):
            let l = c.count > 0 ? min(max(c[0], 0), 100) : 0
            func clampRange(_ v: Double, _ i: Int) -> Double {
                guard range.count >= 4 else { return min(max(v, -100), 100) }
                return min(max(v, range[2 * i]), range[2 * i + 1])
            }
            let a = clampRange(c.count > 1 ? c[1] : 0, 0), b = clampRange(c.count > 2 ? c[2] : 0, 1)
            return Self.labToSRGB(l: l, a: a, b: b, white: white)
        case .indexed(let base, let hival, let lookup):
            let n = base.components
            guard n > 0 else { return .black }
            let raw = c.first ?? 0
            let index = raw.isFinite ? Int(min(max(raw.rounded(), 0), Double(max(hival, 0)))) : 0
            var comps: [Double] = []
            for j in 0..<n {
                let p = index * n + j
                comps.append(p < lookup.count ? Double(lookup[p]) / 255 : 0)
            }
            // Lab bases store components scaled to their ranges; L* 0…100.
            if case .lab(_, let range) = base {
                comps[0] *= 100
                for j in 1..<min(3, n) {
                    let lo = range.count >= 2 * j ? range[2 * (j - 1)] : -100
                    let hi = range.count >= 2 * j ? range[2 * (j - 1) + 1] : 100
                    comps[j] = lo + comps[j] * (hi - lo)
                }
            }
            return base.rgba(comps)
        case .separation(let n, let alternate, let tint, let isNone):
            if isNone { return RGBA(red: 1, green: 1, blue: 1, alpha: 0) }
            var input: [Double] = []
            for i in 0..<n { input.append(at(i, 1)) }
            if let out = tint.evaluate(input, outputs: alternate.components) {
                return alternate.rgba(out)
            }
            let v = Float(1 - (input.max() ?? 1))
            return RGBA(red: v, green: v, blue: v)
        case .pattern(let underlying):
            guard let u = underlying else { return .black }
            return u.rgba(c)
        }
    }

    /// L*a*b* → XYZ (the space's white point) → sRGB (D65, no chromatic adaptation beyond
    /// scaling by the white point), with the sRGB transfer curve.
    static func labToSRGB(l: Double, a: Double, b: Double, white: (Double, Double, Double)) -> RGBA {
        let fy = (l + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        func g(_ t: Double) -> Double { t >= 6.0 / 29 ? t * t * t : 108.0 / 841 * (t - 4.0 / 29) }
        // Relative to the white point, then put on D65.
        let x = g(fx) * 0.9505, y = g(fy) * 1.0, z = g(fz) * 1.089
        _ = white
        let rl = 3.2406 * x - 1.5372 * y - 0.4986 * z
        let gl = -0.9689 * x + 1.8758 * y + 0.0415 * z
        let bl = 0.0557 * x - 0.2040 * y + 1.0570 * z
        func gamma(_ v: Double) -> Float {
            let c = min(max(v, 0), 1)
            return Float(c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055)
        }
        return RGBA(red: gamma(rl), green: gamma(gl), blue: gamma(bl))
    }
}

/// Reads colour spaces from resources, caching those behind references.
package struct ColorSpaceReader {
    let store: ObjectStore
    var cache: [ObjectID: ColorSpace] = [:]

    package init(store: ObjectStore) { self.store = store }

    /// The space a `CS`/`cs` operand names.
    package mutating func colorSpace(named name: Name, resources: PDFDictionary?, log: inout CappedLog) -> ColorSpace {
        switch name {
        case "DeviceGray", "G", "CalGray": return .gray
        case "DeviceRGB", "RGB", "CalRGB": return .rgb
        case "DeviceCMYK", "CMYK": return .cmyk
        case "Pattern": return .pattern(underlying: nil)
        default: break
        }
        guard let object = store.dictionary(resources?["ColorSpace"])?[name] else {
            log.note(.colorSpaceUnknown, "colour space \(name) not in the resources; DeviceGray used")
            return .gray
        }
        return colorSpace(object, log: &log, depth: 0) ?? {
            log.note(.colorSpaceUnknown, "colour space \(name) unreadable; DeviceGray used")
            return .gray
        }()
    }

    package mutating func colorSpace(_ object: PDFObject, log: inout CappedLog, depth: Int) -> ColorSpace? {
        guard depth < 8 else { return nil }
        if let id = object.reference {
            if let c = cache[id] { return c }
            let c = colorSpace(store.resolve(object), log: &log, depth: depth + 1)
            if let c { cache[id] = c }
            return c
        }
        if let n = object.name {
            switch n {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "DeviceCMYK", "CMYK": return .cmyk
            case "Pattern": return .pattern(underlying: nil)
            default: return nil
            }
        }
        guard let a = object.array, let family = store.name(a.first) else { return nil }
        func arg(_ i: Int) -> PDFObject? { i < a.count ? a[i] : nil }
        switch family {
        case "DeviceGray", "G", "CalGray": return .gray
        case "DeviceRGB", "RGB", "CalRGB": return .rgb
        case "DeviceCMYK", "CMYK": return .cmyk
        case "Lab":
            let d = store.dictionary(arg(1))
            let wp = store.array(d?["WhitePoint"])?.compactMap { store.number($0) } ?? []
            let white = wp.count == 3 ? (wp[0], wp[1], wp[2]) : (0.9505, 1.0, 1.089)
            let range = store.array(d?["Range"])?.compactMap { store.number($0) } ?? [-100, 100, -100, 100]
            return .lab(white: white, range: range.count == 4 ? range : [-100, 100, -100, 100])
        case "ICCBased":
            let d = store.dictionary(arg(1))
            if let alt = d?["Alternate"], let c = colorSpace(alt, log: &log, depth: depth + 1) { return c }
            switch store.integer(d?["N"]) {
            case 1: return .gray
            case 4: return .cmyk
            default: return .rgb
            }
        case "Indexed", "I":
            guard let base = arg(1).flatMap({ colorSpace($0, log: &log, depth: depth + 1) }) else { return nil }
            let hival = min(max(store.integer(arg(2)) ?? 0, 0), 255)
            var lookup: [UInt8] = []
            let l = store.resolve(arg(3))
            if let s = l.string { lookup = s.bytes } else if let st = l.stream { lookup = store.streamData(st).bytes }
            return .indexed(base: base, hival: hival, lookup: lookup)
        case "Separation", "DeviceN":
            let names: [Name]
            if family == "Separation" {
                names = store.name(arg(1)).map { [$0] } ?? ["Unknown"]
            } else {
                names = store.array(arg(1))?.compactMap { store.name($0) } ?? []
            }
            let n = max(1, min(names.count, 32))
            let alternate = arg(2).flatMap { colorSpace($0, log: &log, depth: depth + 1) } ?? .gray
            let tint = arg(3).map { tintTransform($0, depth: 0) } ?? .approximate
            let isNone = !names.isEmpty && names.allSatisfy { $0 == "None" }
            return .separation(components: n, alternate: alternate, tint: tint, isNone: isNone)
        case "Pattern":
            let under = arg(1).flatMap { colorSpace($0, log: &log, depth: depth + 1) }
            return .pattern(underlying: under)
        default:
            return nil
        }
    }

    func tintTransform(_ object: PDFObject, depth: Int) -> TintTransform {
        guard depth < 4, let d = store.dictionary(object) else { return .approximate }
        let domainArray = store.array(d["Domain"])?.compactMap { store.number($0) } ?? [0, 1]
        let domain = domainArray.count >= 2 ? (domainArray[0], domainArray[1]) : (0.0, 1.0)
        switch store.integer(d["FunctionType"]) {
        case 2:
            let c0 = store.array(d["C0"])?.compactMap { store.number($0) } ?? [0]
            let c1 = store.array(d["C1"])?.compactMap { store.number($0) } ?? [1]
            let n = store.number(d["N"]) ?? 1
            guard c0.count <= 32, c1.count <= 32 else { return .approximate }
            return .exponential(c0: c0, c1: c1, exponent: n, domain: domain)
        case 3:
            let fs = (store.array(d["Functions"]) ?? []).prefix(32).map { tintTransform($0, depth: depth + 1) }
            if fs.contains(where: { if case .approximate = $0 { return true }; return false }) { return .approximate }
            let bounds = store.array(d["Bounds"])?.compactMap { store.number($0) } ?? []
            let encode = store.array(d["Encode"])?.compactMap { store.number($0) } ?? []
            return .stitching(functions: fs, bounds: bounds, encode: encode, domain: domain)
        case 0:
            guard let stream = store.resolve(object).stream, let f = SampledFunction.load(stream, store: store) else { return .approximate }
            return .sampled(f)
        case 4:
            guard let stream = store.resolve(object).stream, let f = PostScriptFunction.load(stream, store: store) else { return .approximate }
            return .postScript(f)
        default:
            return .approximate
        }
    }
}

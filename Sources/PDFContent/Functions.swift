import PDFCore
import PDFSyntax
import PDFFile
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Type 0 (sampled) and Type 4 (PostScript calculator) functions, PDF 32000-1 §7.10.2 and
// §7.10.5, for the tint transforms of Separation and DeviceN colour spaces. Evaluation is
// bounded: a sample table of at most 1 Mi values, a calculator stack of 100 and at most
// 10,000 operators per evaluation.

extension ObjectStore {
    /// The finite numbers of an array (nil when the object is not an array).
    fileprivate func finiteNumbers(_ object: PDFObject?) -> [Double]? {
        array(object)?.compactMap { number($0) }.filter { $0.isFinite }
    }
}

/// A Type 0 function: samples on a grid, read once, evaluated by multilinear interpolation
/// along the first input and nearest sample along the others.
package struct SampledFunction: Sendable {
    var size: [Int]
    var domain: [Double]   // 2m
    var range: [Double]    // 2n
    var encode: [Double]   // 2m
    var decode: [Double]   // 2n
    var samples: [Double]  // normalised 0…1, m-dimensional grid × n outputs, first input fastest

    var outputs: Int { range.count / 2 }

    static func load(_ stream: PDFStream, store: ObjectStore) -> SampledFunction? {
        let d = stream.dictionary
        guard let domain = store.finiteNumbers(d["Domain"]), domain.count >= 2, domain.count % 2 == 0,
              let range = store.finiteNumbers(d["Range"]), range.count >= 2, range.count % 2 == 0,
              let sizeValues = store.array(d["Size"])?.compactMap({ store.integer($0) }),
              sizeValues.count == domain.count / 2, sizeValues.allSatisfy({ $0 >= 1 && $0 <= 65_536 }),
              let bps = store.integer(d["BitsPerSample"]), [1, 2, 4, 8, 12, 16, 24, 32].contains(bps) else { return nil }
        let m = domain.count / 2, n = range.count / 2
        var total = n
        for s in sizeValues {
            total = total.multipliedReportingOverflow(by: s).partialValue
            if total > 1 << 20 || total <= 0 { return nil }
        }
        let data = store.streamData(stream).bytes
        var samples = [Double](repeating: 0, count: total)
        let maxValue = Double((UInt64(1) << UInt64(bps)) - 1)
        var bit = 0
        for i in 0..<total {
            var v: UInt64 = 0
            for _ in 0..<bps {
                let byte = bit >> 3
                let b: UInt8 = byte < data.count ? data[byte] : 0
                v = v << 1 | UInt64((b >> (7 - UInt8(bit & 7))) & 1)
                bit += 1
            }
            samples[i] = Double(v) / maxValue
        }
        var encode = store.finiteNumbers(d["Encode"]) ?? []
        if encode.count != 2 * m { encode = sizeValues.flatMap { [0, Double($0 - 1)] } }
        var decode = store.finiteNumbers(d["Decode"]) ?? []
        if decode.count != 2 * n { decode = range }
        return SampledFunction(size: sizeValues, domain: domain, range: range, encode: encode, decode: decode, samples: samples)
    }

    func evaluate(_ input: [Double]) -> [Double] {
        let m = size.count, n = outputs
        // Grid position per input.
        var index = 0, stride = n
        var e0 = 0.0, frac0 = 0.0, size0 = 1
        for k in 0..<m {
            let x = min(max(k < input.count ? input[k] : 0, domain[2 * k]), domain[2 * k + 1])
            let span = domain[2 * k + 1] - domain[2 * k]
            var e = span > 0 ? encode[2 * k] + (x - domain[2 * k]) * (encode[2 * k + 1] - encode[2 * k]) / span : encode[2 * k]
            // NaN (an infinite span or encode range) reads as the first sample.
            e = e.isNaN ? 0 : min(max(e, 0), Double(size[k] - 1))
            if k == 0 {
                e0 = e.rounded(.down); frac0 = e - e0; size0 = size[0]
                index += Int(e0) * stride
            } else {
                index += Int(e.rounded()) * stride
            }
            stride *= size[k]
        }
        var out: [Double] = []
        out.reserveCapacity(n)
        for j in 0..<n {
            var s = samples[min(index + j, samples.count - 1)]
            if frac0 > 0, Int(e0) + 1 < size0 {
                let next = samples[min(index + n + j, samples.count - 1)]
                s += frac0 * (next - s)
            }
            let v = decode[2 * j] + s * (decode[2 * j + 1] - decode[2 * j])
            out.append(v.isNaN ? range[2 * j] : min(max(v, range[2 * j]), range[2 * j + 1]))
        }
        return out
    }
}

/// A Type 4 function: a PostScript calculator program.
package struct PostScriptFunction: Sendable {
    indirect enum Op: Sendable {
        case number(Double)
        case op(String)
        case ifBlock([Op])
        case ifElse([Op], [Op])
    }

    var program: [Op]
    var domain: [Double]
    var range: [Double]

    static func load(_ stream: PDFStream, store: ObjectStore) -> PostScriptFunction? {
        let d = stream.dictionary
        guard let domain = store.finiteNumbers(d["Domain"]), domain.count >= 2, let range = store.finiteNumbers(d["Range"]), range.count >= 2 else { return nil }
        let bytes = store.streamData(stream).bytes
        var i = 0
        // Tokens: numbers, names, `{`, `}`.
        func token() -> String? {
            while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(bytes[i]) { i += 1 }
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "}") { i += 1; return String(UnicodeScalar(bytes[i - 1])) }
            let start = i
            while i < bytes.count, ![0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, UInt8(ascii: "{"), UInt8(ascii: "}")].contains(bytes[i]) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        var opCount = 0
        func block(depth: Int) -> [Op]? {
            guard depth < 32 else { return nil }
            var ops: [Op] = []
            while let t = token() {
                opCount += 1
                if opCount > 100_000 { return nil }
                if t == "}" { return ops }
                if t == "{" {
                    guard let inner = block(depth: depth + 1) else { return nil }
                    // `{…} if` or `{…} {…} ifelse`
                    let save = i
                    if let next = token() {
                        if next == "if" { ops.append(.ifBlock(inner)); continue }
                        if next == "{", let second = block(depth: depth + 1), token() == "ifelse" {
                            ops.append(.ifElse(inner, second)); continue
                        }
                    }
                    i = save
                    return nil
                }
                if let v = Double(t) { ops.append(.number(v)) } else { ops.append(.op(t)) }
            }
            return depth == 0 ? ops : nil
        }
        // The program is one outer block.
        guard token() == "{", let program = block(depth: 1) else { return nil }
        return PostScriptFunction(program: program, domain: domain, range: range)
    }

    func evaluate(_ input: [Double]) -> [Double]? {
        var stack: [Double] = []
        for k in 0..<(domain.count / 2) {
            let x = k < input.count ? input[k] : 0
            stack.append(min(max(x, domain[2 * k]), domain[2 * k + 1]))
        }
        var budget = 10_000
        guard run(program, &stack, &budget) else { return nil }
        let n = range.count / 2
        guard stack.count >= n else { return nil }
        let out = Array(stack.suffix(n))
        return (0..<n).map { j in min(max(out[j].isFinite ? out[j] : 0, range[2 * j]), range[2 * j + 1]) }
    }

    private func run(_ ops: [Op], _ s: inout [Double], _ budget: inout Int) -> Bool {
        for op in ops {
            budget -= 1
            guard budget > 0, s.count < 100 else { return false }
            switch op {
            case .number(let v): s.append(v)
            case .ifBlock(let body):
                guard let c = s.popLast() else { return false }
                if c != 0 { guard run(body, &s, &budget) else { return false } }
            case .ifElse(let a, let b):
                guard let c = s.popLast() else { return false }
                guard run(c != 0 ? a : b, &s, &budget) else { return false }
            case .op(let name):
                guard apply(name, &s) else { return false }
            }
        }
        return true
    }

    private func apply(_ name: String, _ s: inout [Double]) -> Bool {
        func pop() -> Double? { s.popLast() }
        func b(_ v: Bool) -> Double { v ? 1 : 0 }
        // Integer operands stay within ±9e15 so that `idiv` and `mod` cannot overflow; NaN is 0.
        func int(_ v: Double) -> Int64 { Int64(saturating: min(max(v, -9e15), 9e15)) }
        // A count or an index operand: a whole number in 0...limit, else the program fails.
        func operandCount(_ v: Double?, upTo limit: Int) -> Int? {
            guard let v, v >= 0, v <= Double(limit) else { return nil }
            return Int(exactly: v.rounded(.towardZero))
        }
        switch name {
        case "true": s.append(1)
        case "false": s.append(0)
        case "abs", "neg", "ceiling", "floor", "round", "truncate", "sqrt", "ln", "log", "cvi", "cvr", "not",
             "sin", "cos":
            guard let x = pop() else { return false }
            switch name {
            case "abs": s.append(abs(x))
            case "neg": s.append(-x)
            case "ceiling": s.append(x.rounded(.up))
            case "floor": s.append(x.rounded(.down))
            case "round": s.append((x + 0.5).rounded(.down))
            case "truncate", "cvi": s.append(x.rounded(.towardZero))
            case "sqrt": s.append(x >= 0 ? x.squareRoot() : 0)
            case "ln": s.append(x > 0 ? log(x) : 0)
            case "log": s.append(x > 0 ? log(x) / log(10) : 0)
            case "cvr": s.append(x)
            case "not": s.append(x == 0 || x == 1 ? 1 - x : Double(~int(x)))
            case "sin": s.append(sin(x * .pi / 180))
            default: s.append(cos(x * .pi / 180))
            }
        case "add", "sub", "mul", "div", "idiv", "mod", "exp", "atan", "eq", "ne", "gt", "ge", "lt", "le",
             "and", "or", "xor", "bitshift":
            guard let y = pop(), let x = pop() else { return false }
            switch name {
            case "add": s.append(x + y)
            case "sub": s.append(x - y)
            case "mul": s.append(x * y)
            case "div": s.append(y != 0 ? x / y : 0)
            case "idiv": s.append(int(y) != 0 ? Double(int(x) / int(y)) : 0)
            case "mod": s.append(int(y) != 0 ? Double(int(x) % int(y)) : 0)
            case "exp": s.append(pow(x, y))
            case "atan": s.append(0)  // rarely used in tint transforms
            case "eq": s.append(b(x == y))
            case "ne": s.append(b(x != y))
            case "gt": s.append(b(x > y))
            case "ge": s.append(b(x >= y))
            case "lt": s.append(b(x < y))
            case "le": s.append(b(x <= y))
            case "and": s.append(Double(int(x) & int(y)))
            case "or": s.append(Double(int(x) | int(y)))
            case "xor": s.append(Double(int(x) ^ int(y)))
            default:
                let shift = int(y)
                guard abs(shift) < 63 else { s.append(0); break }
                s.append(Double(shift >= 0 ? int(x) << shift : int(x) >> -shift))
            }
        case "pop": guard pop() != nil else { return false }
        case "dup": guard let x = s.last else { return false }; s.append(x)
        case "exch": guard s.count >= 2 else { return false }; s.swapAt(s.count - 1, s.count - 2)
        case "copy":
            guard let n = operandCount(pop(), upTo: s.count), s.count + n <= 100 else { return false }
            s.append(contentsOf: s.suffix(n))
        case "index":
            guard let n = operandCount(pop(), upTo: s.count - 1) else { return false }
            s.append(s[s.count - 1 - n])
        case "roll":
            guard let j = pop(), abs(j) < 1e6, let count = operandCount(pop(), upTo: s.count) else { return false }
            guard count > 0 else { break }
            var top = Array(s.suffix(count))
            s.removeLast(count)
            let shift = ((Int(j) % count) + count) % count
            top = Array(top[(count - shift)...] + top[..<(count - shift)])
            s.append(contentsOf: top)
        default:
            return false
        }
        return true
    }
}

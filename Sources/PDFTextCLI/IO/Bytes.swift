#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore

/// A growing byte buffer that page formatters fill on worker threads; the writer thread
/// hands it to a `ByteWriter`.
struct Bytes: Sendable {
    var data: [UInt8] = []

    init(capacity: Int = 4096) { data.reserveCapacity(capacity) }

    mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { data.append(contentsOf: $0) }
    }

    mutating func append(_ b: UInt8) { data.append(b) }

    mutating func append(_ s: Unicode.Scalar) {
        if s.value < 0x80 { data.append(UInt8(s.value)) } else { data.append(contentsOf: UTF8.encode(s)!) }
    }

    mutating func int(_ v: Int) { append(String(v)) }

    /// A number as C's `printf("%.Nf")` writes it (correctly rounded from the binary value,
    /// as pdftotext's output is), for byte-compatible columns.
    mutating func fixed(_ v: Double, _ decimals: Int) {
        data.append(contentsOf: Bytes.fixed(v, decimals))
    }

    static func fixed(_ v: Double, _ decimals: Int) -> [UInt8] {
        if let fast = fastFixed(v, decimals) { return fast }
        return printfFixed(v, decimals)
    }

    private static let powers: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// `%.Nf` by integer arithmetic, for the common case: a finite value whose scaled
    /// fraction is not within 1e-7 of a rounding tie (where only the exact binary value,
    /// as printf sees it, can decide). Nil otherwise.
    static func fastFixed(_ v: Double, _ decimals: Int) -> [UInt8]? {
        guard decimals >= 0, decimals < powers.count, v.isFinite else { return nil }
        let scaled = abs(v) * powers[decimals]
        guard scaled < 1e15 else { return nil }
        let floor = scaled.rounded(.down)
        let frac = scaled - floor
        guard abs(frac - 0.5) > 1e-7 else { return nil }
        let n = Int64(frac > 0.5 ? floor + 1 : floor)
        var out: [UInt8] = []
        out.reserveCapacity(24)
        if v.sign == .minus { out.append(UInt8(ascii: "-")) }
        let p = Int64(powers[decimals])
        out.append(contentsOf: String(n / p).utf8)
        if decimals > 0 {
            out.append(UInt8(ascii: "."))
            let f = String(n % p)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals - f.utf8.count))
            out.append(contentsOf: f.utf8)
        }
        return out
    }

    static func printfFixed(_ v: Double, _ decimals: Int) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 400)
        let n = withVaList([decimals, v]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return buffer.prefix(max(0, min(Int(n), buffer.count - 1))).map { UInt8(bitPattern: $0) }
    }

    /// Text escaped for XML (``XMLEscaping/Style/xml``: `& < > " '` as entities, a carriage
    /// return as a line feed, controls as U+FFFD).
    mutating func xmlEscaped<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
        let style = XMLEscaping.Style.xml
        for s in scalars {
            switch XMLEscaping.piece(s, style) {
            case .kept: append(s)
            case .dropped: break
            case .replaced(let r): r.withUTF8Buffer { data.append(contentsOf: $0) }
            }
        }
    }

    mutating func xmlEscaped(_ s: String) { xmlEscaped(s.unicodeScalars) }

    /// A JSON string, or `null` for nil.
    mutating func jsonStringOrNull(_ s: String?) {
        if let s { jsonString(s.unicodeScalars) } else { append("null") }
    }

    /// A JSON string, as the package's JSON writer writes one (`JSONValue.appendString`).
    mutating func jsonString<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
        JSONValue.appendString(scalars, to: &data)
    }
}

/// The package's one JSON writer (RFC 8259). Two ways in, one way of writing:
/// - a tree, ``JSONValue`` and ``JSONObject`` (keys in insertion order, so output is stable
///   and reads in a sensible order), for small documents such as `info --json`, the
///   diagnosis and audit reports;
/// - streaming calls that page formatters use to write straight into a byte buffer:
///   ``JSONValue/appendString(_:to:)`` and ``JSONValue/number(_:)``.
///
/// Strings are escaped as ``JSONValue/escape(_:)`` says and otherwise written as UTF-8
/// (characters outside the Basic Multilingual Plane too, unescaped). A Swift string holds
/// Unicode scalars only, so a lone surrogate never reaches the writer: the decoders that
/// read text from a file replace one with U+FFFD.
///
/// Numbers: a finite value that is a whole number below 1e15 in magnitude is written as an
/// integer (`72`, `-0.0` as `0`); another finite value as Swift's shortest round-trip form
/// (`54.5`, `1000000000000000.0`, `1e+17`, `1.5e-07`); NaN and the infinities, which JSON
/// cannot write, as `null`.
package struct JSONObject {
    /// The keys, in the order they were first set.
    package var keys: [String] = []
    /// The value of each key.
    package var values: [String: JSONValue] = [:]

    /// An empty object.
    package init() {}

    /// The value of `key`; setting nil leaves the object as it is (nil values are left out).
    package subscript(key: String) -> JSONValue? {
        get { values[key] }
        set {
            guard let newValue else { return }
            if values[key] == nil { keys.append(key) }
            values[key] = newValue
        }
    }
}

/// A JSON value of the tree (see ``JSONObject`` for how it is written).
package indirect enum JSONValue {
    case string(String), int(Int), double(Double), bool(Bool), null
    case array([JSONValue]), object(JSONObject)

    /// A rectangle as `[x0, y0, x1, y1]`.
    package static func rect(_ r: Rect) -> JSONValue { .array([.double(r.x0), .double(r.y0), .double(r.x1), .double(r.y1)]) }

    /// The value as JSON text, on one line.
    package var serialized: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value as JSON text, on one line.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .string(let s): JSONValue.appendString(s.unicodeScalars, to: &out)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: JSONValue.number(d).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                v.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (i, k) in o.keys.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.appendString(k.unicodeScalars, to: &out)
                out.append(UInt8(ascii: ":"))
                o.values[k]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A number as JSON text: a whole number below 1e15 in magnitude as an integer, another
    /// finite value in Swift's shortest round-trip form, NaN and the infinities as `null`.
    package static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    /// Appends `scalars` as a JSON string in quotes: escaped as `escape` says, the rest as
    /// UTF-8.
    @inlinable
    package static func appendString<S: Sequence>(_ scalars: S, to out: inout [UInt8]) where S.Element == Unicode.Scalar {
        out.append(UInt8(ascii: "\""))
        for s in scalars {
            if let e = escape(s) {
                out.append(contentsOf: e.utf8)
            } else if s.value < 0x80 {
                out.append(UInt8(s.value))
            } else {
                out.append(contentsOf: UTF8.encode(s)!)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The escape of a character in a JSON string (RFC 8259), or nil when it is written as
    /// it is: quote and backslash; every C0 control (`\n`, `\r`, `\t`, else `\u00XX`); DEL and
    /// the C1 controls (`\u007f`–`\u009f`), which JSON allows raw but a terminal may act on;
    /// and U+2028 and U+2029, which JSON allows raw but JavaScript before ES2019 does not.
    @usableFromInline
    package static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        // C0 as the specification requires; DEL and C1 too (a terminal may act on U+009B,
        // CSI, as on ESC [), and the line separators JavaScript once refused in strings.
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return nil
        }
    }
}

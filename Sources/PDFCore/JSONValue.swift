/// A minimal ordered JSON writer: keys keep insertion order so output is stable and reads
/// in a sensible order; nil values are left out.
package struct JSONObject {
    package var keys: [String] = []
    package var values: [String: JSONValue] = [:]
    package init() {}
    package subscript(key: String) -> JSONValue? {
        get { values[key] }
        set {
            guard let newValue else { return }
            if values[key] == nil { keys.append(key) }
            values[key] = newValue
        }
    }
}

package indirect enum JSONValue {
    case string(String), int(Int), double(Double), bool(Bool), null
    case array([JSONValue]), object(JSONObject)

    package static func rect(_ r: Rect) -> JSONValue { .array([.double(r.x0), .double(r.y0), .double(r.x1), .double(r.y1)]) }

    package var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    package func write(to out: inout String) {
        switch self {
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite { out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) } else { out += "null" }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                v.write(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, k) in o.keys.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(k, to: &out)
                out += ":"
                o.values[k]!.write(to: &out)
            }
            out += "}"
        }
    }

    package static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            if let e = escape(scalar) { out += e } else { out.unicodeScalars.append(scalar) }
        }
        out += "\""
    }

    /// The escape of a character in a JSON string (RFC 8259), or nil when it is written as
    /// it is: quote and backslash; every C0 control (`\n`, `\r`, `\t`, else `\u00XX`); DEL and
    /// the C1 controls (`\u007f`–`\u009f`), which JSON allows raw but a terminal may act on;
    /// and U+2028 and U+2029, which JSON allows raw but JavaScript before ES2019 does not.
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

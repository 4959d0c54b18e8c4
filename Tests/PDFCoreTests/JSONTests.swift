import PDFCore
import Testing

/// The package's JSON writer: the tree and the streaming calls write strings and numbers
/// one way.
struct JSONTests {
    static func string(_ s: String) -> String {
        var out: [UInt8] = []
        JSONValue.appendString(s.unicodeScalars, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test("strings: quote, backslash, every C0 control, DEL, C1 and U+2028/U+2029 escaped; the rest as UTF-8", arguments: [
        ("plain", "\"plain\""),
        ("q\"b\\", "\"q\\\"b\\\\\""),
        ("\u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}\u{1F}", "\"\\u0000\\u0001\\u0008\\u000b\\u000c\\u001b\\u001f\""),
        ("\t\n\r", "\"\\t\\n\\r\""),
        ("\u{7F}\u{80}\u{9B}\u{9F}\u{A0}", "\"\\u007f\\u0080\\u009b\\u009f\u{A0}\""),
        ("\u{2028}\u{2029}\u{202E}", "\"\\u2028\\u2029\u{202E}\""),
        ("é 東京 /", "\"é 東京 /\""),
        // Outside the Basic Multilingual Plane: raw UTF-8 (four bytes), not surrogate escapes.
        ("\u{1F600}\u{10FFFF}", "\"\u{1F600}\u{10FFFF}\""),
        ("", "\"\""),
    ])
    func strings(_ input: String, _ expected: String) {
        #expect(Self.string(input) == expected)
        #expect(JSONValue.string(input).serialized == expected)
    }

    @Test("a lone surrogate cannot reach the writer: decoding UTF-16 replaces it with U+FFFD, written raw")
    func loneSurrogate() {
        let decoded = String(decoding: [0x61, 0xD800, 0x62, 0xDC00] as [UInt16], as: UTF16.self)
        #expect(JSONValue.string(decoded).serialized == "\"a\u{FFFD}b\u{FFFD}\"")
        #expect(Array(Self.string("\u{1F600}").utf8) == [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])
    }

    @Test("numbers: whole numbers as integers, others shortest, non-finite values as null", arguments: [
        (0.0, "0"), (-0.0, "0"), (72, "72"), (-3, "-3"), (54.5, "54.5"), (0.1, "0.1"),
        (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (1e17, "1e+17"), (-2.5e20, "-2.5e+20"), (1.5e-7, "1.5e-07"),
        (Double.nan, "null"), (Double.infinity, "null"), (-Double.infinity, "null"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
    func numbers(_ value: Double, _ expected: String) {
        #expect(JSONValue.number(value) == expected)
        #expect(JSONValue.double(value).serialized == expected)
    }

    @Test("objects keep insertion order and leave nil out; arrays, booleans, null, integers, rectangles")
    func tree() {
        var o = JSONObject()
        o["b"] = .int(1)
        o["a"] = .array([.bool(true), .bool(false), .null, .double(.nan)])
        o["skipped"] = nil
        o["b"] = .int(2)
        o["box"] = .rect(Rect(x0: 0, y0: 1.5, x1: 612, y1: .infinity))
        o["\u{1B}key"] = .object(JSONObject())
        #expect(JSONValue.object(o).serialized == "{\"b\":2,\"a\":[true,false,null,null],\"box\":[0,1.5,612,null],\"\\u001bkey\":{}}")
        #expect(JSONValue.int(Int.min).serialized == "-9223372036854775808")
    }
}

import Testing
import PDFCore

@Suite struct NumericTests {
    @Test("Int(saturating:) truncates toward zero, clamps out-of-range values and reads NaN as 0")
    func saturatingFromDouble() {
        #expect(Int(saturating: 3.9) == 3)
        #expect(Int(saturating: -3.9) == -3)
        #expect(Int(saturating: 1e30) == Int.max)
        #expect(Int(saturating: -1e30) == Int.min)
        #expect(Int(saturating: 1.7e308) == Int.max)
        #expect(Int(saturating: Double.infinity) == Int.max)
        #expect(Int(saturating: -Double.infinity) == Int.min)
        #expect(Int(saturating: Double.nan) == 0)
        #expect(Int(saturating: -0.0) == 0)
        // 2^63 is the first Double past Int.max; the largest Double below it converts exactly.
        #expect(Int(saturating: 9223372036854775808.0) == Int.max)
        #expect(Int(saturating: 9223372036854774784.0) == 9_223_372_036_854_774_784)
        #expect(Int(saturating: -9223372036854775808.0) == Int.min)
    }

    @Test("narrow integer types saturate at their own bounds, from Double and Float")
    func saturatingNarrow() {
        #expect(Int32(saturating: 2147483648.0) == Int32.max)
        #expect(Int32(saturating: -2147483649.0) == Int32.min)
        #expect(Int32(saturating: 2147483647.0) == Int32.max)
        #expect(UInt8(saturating: -3.5) == 0)
        #expect(UInt8(saturating: 255.9) == 255)
        #expect(UInt8(saturating: 256.0) == 255)
        #expect(UInt16(saturating: Float(3.4e38)) == UInt16.max)
        #expect(UInt32(saturating: Float.nan) == 0)
        #expect(Int64(saturating: 4294967296.5) == 4_294_967_296)
        // The edges of the fast path for Double: exactly at, just inside and just past each bound.
        #expect(Int32(saturating: -2147483648.0) == Int32.min)
        #expect(Int32(saturating: -2147483648.9) == Int32.min)
        #expect(Int32(saturating: 2147483647.9) == Int32.max)
        #expect(Int8(saturating: -128.7) == -128)
        #expect(Int8(saturating: 127.99) == 127)
        #expect(UInt8(saturating: -0.9) == 0)
        #expect(UInt8(saturating: 0.0) == 0)
        #expect(UInt64(saturating: 18446744073709549568.0) == 18_446_744_073_709_549_568)
        #expect(UInt64(saturating: 18446744073709551616.0) == UInt64.max)
        #expect(Int16(saturating: -Double.infinity) == Int16.min)
        #expect(UInt16(saturating: Double.nan) == 0)
    }

    @Test("saturating +, - and * stop at the bounds instead of trapping")
    func saturatingArithmetic() {
        #expect(Int.max.addingSaturating(1) == Int.max)
        #expect(Int.min.addingSaturating(-1) == Int.min)
        #expect(3.addingSaturating(4) == 7)
        #expect(Int.min.subtractingSaturating(1) == Int.min)
        #expect(Int.max.subtractingSaturating(-1) == Int.max)
        #expect(10.subtractingSaturating(4) == 6)
        #expect(Int.max.multipliedSaturating(by: 2) == Int.max)
        #expect(Int.max.multipliedSaturating(by: -2) == Int.min)
        #expect((-5).multipliedSaturating(by: Int.max) == Int.min)
        #expect(Int.min.multipliedSaturating(by: -1) == Int.max)
        #expect(6.multipliedSaturating(by: 7) == 42)
        #expect(Int32.max.addingSaturating(1) == Int32.max)
    }
}

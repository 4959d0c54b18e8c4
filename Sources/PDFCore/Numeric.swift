/// Checked conversions for numbers that come from a file or a flag.
///
/// A PDF number can be NaN after arithmetic (`inf - inf`, `0 * inf`), an infinity, or a finite
/// value far past `Int.max` (`1e30`, `1.7e308`), and a flag can be any integer. The standard
/// `Int(_: Double)` and the narrowing `Int32(_: Int)`, `UInt16(_: Int)`… trap on such values,
/// and so do `+ - * <<` on overflow. Everything derived from input goes through these instead:
/// they saturate at the type's bounds and read NaN as 0, so a hostile number gives a wrong
/// but bounded result (which a later check or clamp can reject), never a trap.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to `Self.min...Self.max`; NaN gives 0.
    ///
    ///     Int(saturating: 1e30) == Int.max
    ///     Int(saturating: -Double.infinity) == Int.min
    ///     Int(saturating: Double.nan) == 0
    ///     UInt8(saturating: -3.5) == 0
    @inlinable
    package init<F: BinaryFloatingPoint>(saturating value: F) {
        // Fast path for a Double inside the type's range (the usual case): the generic
        // `init(exactly:)` below costs about a hundred instructions. The bounds are powers of
        // two, so they are exact: [-2^(w-1), 2^(w-1)) signed, [0, 2^w) unsigned.
        if F.self == Double.self, Self.bitWidth <= 64 {
            let d = unsafeBitCast(value, to: Double.self)
            let top = Double(sign: .plus, exponent: Self.isSigned ? Self.bitWidth - 1 : Self.bitWidth, significand: 1)
            if d < top && d >= (Self.isSigned ? -top : 0) {
                self = Self.isSigned ? Self(truncatingIfNeeded: Int64(d)) : Self(truncatingIfNeeded: UInt64(d))
                return
            }
        }
        if value.isNaN {
            self = 0
        } else if let exact = Self(exactly: value.rounded(.towardZero)) {
            self = exact
        } else {
            self = value < 0 ? Self.min : Self.max
        }
    }

    /// `self + other`, saturating at `Self.min` / `Self.max` instead of trapping.
    @inlinable
    package func addingSaturating(_ other: Self) -> Self {
        let (r, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? Self.min : Self.max) : r
    }

    /// `self - other`, saturating at `Self.min` / `Self.max` instead of trapping.
    @inlinable
    package func subtractingSaturating(_ other: Self) -> Self {
        let (r, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? Self.max : Self.min) : r
    }

    /// `self * other`, saturating at `Self.min` / `Self.max` instead of trapping.
    @inlinable
    package func multipliedSaturating(by other: Self) -> Self {
        let (r, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) != (other < 0) ? Self.min : Self.max) : r
    }
}

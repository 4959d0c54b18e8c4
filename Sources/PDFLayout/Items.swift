#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import PDFGlyphs

/// A glyph taking part in layout, measured in its line's own frame: `x` runs along the
/// direction the text advances, `y` across it, towards the next line (down for upright
/// text, leftwards for vertical CJK or text turned 90° clockwise). In that frame every
/// orientation is laid out by the same code.
struct Item {
    var glyph: Int32
    /// Pen start and end along the text direction (advance, including character spacing).
    var x0: Double
    var x1: Double
    /// Baseline position across the text direction (centre line for vertical writing).
    var baseline: Double
    /// Effective font size in page units (never zero).
    var size: Double
    /// Orientation group (see `Orientation`).
    var group: Int
    var isSpace: Bool
    var isCJK: Bool
    /// The glyph's text starts with a letter or digit.
    var isAlphanumeric: Bool
    /// The glyph's text starts with a combining mark (general category Mn or Me).
    var isMark: Bool = false
    /// Top and bottom of the line box across the text direction (`LayoutConstants.ascent`,
    /// `LayoutConstants.descent`).
    var top: Double { baseline - LayoutConstants.ascent * size }
    var bottom: Double { baseline + LayoutConstants.descent * size }
}

/// The orientation group of a glyph: the angle of its text direction in display space
/// (y down), quantised to the four axes, or to 5° steps for diagonal text.
struct Orientation: Hashable {
    /// Degrees counter-clockwise from the display's x axis: 0, 90, 180, 270 for axis
    /// aligned text, else a multiple of 5.
    var angle: Int
    var isDiagonal: Bool

    /// Unit vector of the text direction in display space (y down).
    var flow: (x: Double, y: Double) {
        switch angle {
        case 0: return (1, 0)
        case 90: return (0, -1)
        case 180: return (-1, 0)
        case 270: return (0, 1)
        default:
            let r = Double(angle) * .pi / 180
            return (cos(r), -sin(r))
        }
    }
    /// The direction a reader's eye moves in, for axis-aligned groups.
    var direction: TextDirection {
        switch angle {
        case 90: return .bottomToTop
        case 270: return .topToBottom
        default: return .leftToRight
        }
    }
}

extension Unicode.Scalar {
    /// Han, kana, Hangul, CJK symbols and full-width forms: text set without spaces.
    var isCJKLike: Bool {
        // Every range below starts at U+1100 or later.
        if value < 0x1100 { return false }
        switch value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF,
             0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// A letter (Unicode Alphabetic), with an ASCII fast path.
    @inline(__always) var isLetter: Bool {
        let v = value
        if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
        return properties.isAlphabetic
    }

    /// A decimal digit (general category Nd, any script), with an ASCII fast path.
    @inline(__always) var isDecimalDigit: Bool {
        let v = value
        if v < 0x80 { return v >= 0x30 && v <= 0x39 }
        return properties.numericType == .decimal
    }

    /// A letter or a digit (any numeric type), with an ASCII fast path.
    @inline(__always) var isLetterOrDigit: Bool {
        let v = value
        if v < 0x80 { return ((v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A) || (v >= 0x30 && v <= 0x39) }
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// A nonspacing or enclosing combining mark, with a fast path below U+0300.
    @inline(__always) var isCombiningMark: Bool {
        guard value >= 0x300 else { return false }
        let c = properties.generalCategory
        return c == .nonspacingMark || c == .enclosingMark
    }

    var isLayoutWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}

/// atan2 of a direction in display space (y down), as degrees counter-clockwise in [0, 360).
func angleDegrees(_ x: Double, _ y: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    var d = atan2(-y, x) * 180 / .pi
    if d < 0 { d += 360 }
    if d >= 360 { d -= 360 }
    return d
}

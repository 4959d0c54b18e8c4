/// Byte classes of PDF syntax (ISO 32000-2 §7.2.3).
package enum CharacterClass {
    @inline(__always) package static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00
    }
    @inline(__always) package static func isDelimiter(_ c: UInt8) -> Bool {
        switch c {
        case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: return true
        default: return false
        }
    }
    @inline(__always) package static func isRegular(_ c: UInt8) -> Bool { !isWhitespace(c) && !isDelimiter(c) }
    @inline(__always) package static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
    @inline(__always) package static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

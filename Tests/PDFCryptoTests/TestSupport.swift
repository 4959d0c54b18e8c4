import PDFCore
import PDFCrypto

/// Bytes from hex digits; spaces are ignored.
func hex(_ string: String) -> [UInt8] {
    let digits = Array(string.utf8).filter { $0 != 0x20 && $0 != 0x0A }
    precondition(digits.count % 2 == 0, "odd number of hex digits")
    func value(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: preconditionFailure("not a hex digit")
        }
    }
    return stride(from: 0, to: digits.count, by: 2).map { value(digits[$0]) << 4 | value(digits[$0 + 1]) }
}

func utf8(_ string: String) -> [UInt8] { Array(string.utf8) }

/// Runs `body`, which must throw a PDFError, and returns that error.
func expectPDFError(_ body: () throws(PDFError) -> Void) -> PDFError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

import Foundation
import Testing
import PDFFuzzing

/// FuzzCCITT's body on a few seeds: the header bytes choose /DecodeParms, the rest is CCITT
/// fax data decoded through the file layer; `check` traps on a broken invariant.
@Suite struct FuzzCCITTTests {
    /// Bytes from a string of binary digits (spaces ignored), padded with zero bits.
    static func bits(_ s: String) -> [UInt8] {
        let digits = s.filter { $0 == "0" || $0 == "1" }.map { $0 == "1" ? UInt8(1) : 0 }
        return stride(from: 0, to: digits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { $0 << 1 | (start + $1 < digits.count ? digits[start + $1] : 0) }
        }
    }

    /// Rings and a diagonal, 45 x 20, encoded by libtiff as G4
    /// (`python3 tools/corpus/make-ccitt-fixtures.py --fuzz-seed`).
    static let ringsG4 = Array(Data(base64Encoded: "JqrKTkxDK0B2UQ7KOSh2VMIN2V6eyuT2Ve7KhPZT+yh/bW9W12thhKxVqGCgAgAg") ?? Data())

    @Test("the header bytes choose the parameters")
    func choice() {
        let c = FuzzEntry.CCITTChoice([0xFF, 0x01, 0x3D, 37, 0b0101_1011])
        #expect(c.k == -1 && c.columns == 317 && c.rows == 37)
        #expect(c.endOfLine && c.encodedByteAlign && c.endOfBlock && c.blackIs1 && c.damagedRowsBeforeError == 5)
        let empty = FuzzEntry.CCITTChoice([])
        #expect(empty.k == 0 && empty.columns == 0 && empty.rows == 0 && empty.endOfBlock && !empty.endOfLine)
    }

    @Test("seeds: G4, 1-D with EOLs, padding to /Rows, empty and random data")
    func seeds() {
        let eol = "000000000001"
        // G4, 8 columns: three rows (horizontal, vertical and pass modes), then EOFB.
        #expect(FuzzEntry.ccittFax([0xFF, 0, 8, 0, 0] + Self.bits("001 0111 10 1  011 010 1  0001 1  \(eol) \(eol)")) == 3)
        // 1-D with EOLs, 10 columns, /Rows 2 and EndOfBlock false.
        #expect(FuzzEntry.ccittFax([0, 0, 10, 2, 0b101] + Self.bits("\(eol) 1000 011 1000 \(eol) 00111")) == 2)
        #expect(FuzzEntry.ccittFax([0xFF, 0, 45, 0, 0] + Self.ringsG4) == 20)
        #expect(FuzzEntry.ccittFax([0xFF, 0, 45, 0, 0b1000] + Self.ringsG4) == 20)
        // No data: nothing, or /Rows white rows.
        #expect(FuzzEntry.ccittFax([]) == 0)
        #expect(FuzzEntry.ccittFax([0xFF, 0, 45, 200, 0b100]) == 200)
        // The rings data cut short, damaged and read with other parameters: any count, no trap.
        var state: UInt64 = 7
        for trial in 0..<64 {
            var data = Array(Self.ringsG4.prefix(Self.ringsG4.count * trial / 64))
            for _ in 0..<trial % 5 where !data.isEmpty {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                data[Int(state >> 33) % data.count] ^= UInt8(truncatingIfNeeded: state >> 20)
            }
            let header: [UInt8] = [UInt8(truncatingIfNeeded: trial % 6 - 2), UInt8(trial & 1), UInt8(45 + trial), UInt8(trial % 40), UInt8(trial * 37 & 0x7F)]
            #expect(FuzzEntry.ccittFax(header + data) >= 0)
        }
    }
}

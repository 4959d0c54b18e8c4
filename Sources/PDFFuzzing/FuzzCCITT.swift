// The body of tools/fuzz's FuzzCCITT: CCITT fax data decoded the way a document's image is,
// through the file layer (`ObjectStore.ccittFaxImage`), with /DecodeParms chosen by the
// input's first bytes.

import PDFCore
import PDFSyntax
import PDFFile

extension FuzzEntry {
    /// The parameters FuzzCCITT chooses from the first `ccittHeaderBytes` bytes of its input.
    public struct CCITTChoice: Equatable, Sendable {
        public var k: Int
        /// 0: /Columns absent (1728).
        public var columns: Int
        /// 0: /Rows absent.
        public var rows: Int
        public var endOfLine: Bool
        public var encodedByteAlign: Bool
        public var endOfBlock: Bool
        public var blackIs1: Bool
        public var damagedRowsBeforeError: Int

        /// Byte 0: K (signed); bytes 1–2: /Columns (big-endian, 0 absent); byte 3: /Rows (0
        /// absent); byte 4: flags, bit 0 EndOfLine, bit 1 EncodedByteAlign, bit 2 EndOfBlock
        /// false, bit 3 BlackIs1, bits 4–6 DamagedRowsBeforeError. Missing bytes count as 0.
        public init(_ header: ArraySlice<UInt8>) {
            func byte(_ i: Int) -> Int { i < header.count ? Int(header[header.startIndex + i]) : 0 }
            k = Int(Int8(truncatingIfNeeded: byte(0)))
            columns = byte(1) << 8 | byte(2)
            rows = byte(3)
            let flags = byte(4)
            endOfLine = flags & 1 != 0
            encodedByteAlign = flags & 2 != 0
            endOfBlock = flags & 4 == 0
            blackIs1 = flags & 8 != 0
            damagedRowsBeforeError = flags >> 4 & 7
        }

        /// The /DecodeParms dictionary that says the same.
        var decodeParms: String {
            var s = "<< /K \(k)"
            if columns > 0 { s += " /Columns \(columns)" }
            if rows > 0 { s += " /Rows \(rows)" }
            s += " /EndOfLine \(endOfLine) /EncodedByteAlign \(encodedByteAlign) /EndOfBlock \(endOfBlock)"
            s += " /BlackIs1 \(blackIs1) /DamagedRowsBeforeError \(damagedRowsBeforeError) >>"
            return s
        }
    }

    public static let ccittHeaderBytes = 5

    /// A document of three objects: a catalog, an empty page tree and, as object 3, an image
    /// stream holding `data` with /Filter /CCITTFaxDecode and the chosen /DecodeParms.
    public static func ccittDocument(_ data: ArraySlice<UInt8>, choice: CCITTChoice) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        func object(_ text: String) {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n\(text)\n".utf8)
        }
        object("<< /Type /Catalog /Pages 2 0 R >>\nendobj")
        object("<< /Type /Pages /Kids [] /Count 0 >>\nendobj")
        let width = choice.columns > 0 ? choice.columns : 1728
        object("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(max(choice.rows, 1)) /ImageMask true /Length \(data.count) /Filter /CCITTFaxDecode /DecodeParms \(choice.decodeParms) >>\nstream")
        out += data
        out += Array("\nendstream\nendobj\n".utf8)
        let xref = out.count
        var table = "xref\n0 4\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
        }
        out += Array((table + "trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n").utf8)
        return out
    }

    /// Limits with a small decoded-stream cap, so that every input runs in milliseconds.
    static let ccittLimits: Limits = {
        var l = Limits.fuzzing
        l.maxDecodedStreamBytes = 1 << 20
        return l
    }()

    /// CCITT fax data: the first five bytes choose /DecodeParms (``CCITTChoice``), the rest is
    /// the image stream's data, decoded by `ObjectStore.ccittFaxImage`. Checks that the
    /// parameters read back are those chosen, that the output is whole rows within the limit
    /// with padding bits 0, and that /Rows is met when the data is not cut by the limit.
    /// Returns the number of rows decoded.
    public static func ccittFax(_ input: [UInt8]) -> Int {
        let choice = CCITTChoice(input.prefix(ccittHeaderBytes))
        let pdf = ccittDocument(input.dropFirst(ccittHeaderBytes), choice: choice)
        let store: ObjectStore
        do { store = try ObjectStore(bytes: pdf, limits: ccittLimits) } catch {
            check(false, "the CCITT document was refused: \(error)")
            return 0
        }
        guard case .stream(let stream) = store.object(ObjectID(3)), let parameters = store.ccittFaxParameters(stream) else {
            check(false, "object 3 is not a CCITT fax stream")
            return 0
        }
        check(parameters.k == choice.k && parameters.rows == choice.rows && parameters.endOfLine == choice.endOfLine
              && parameters.encodedByteAlign == choice.encodedByteAlign && parameters.endOfBlock == choice.endOfBlock
              && parameters.blackIs1 == choice.blackIs1 && parameters.damagedRowsBeforeError == choice.damagedRowsBeforeError
              && parameters.columns == (choice.columns > 0 ? choice.columns : 1728), "parameters read back: \(parameters)")
        guard let image = store.ccittFaxImage(stream) else {
            check(false, "no CCITT image decoded")
            return 0
        }
        let columns = max(parameters.columns, 1)
        let rowBytes = (columns + 7) / 8
        let bytes = image.bytes
        check(bytes.count % rowBytes == 0, "\(bytes.count) bytes for rows of \(rowBytes)")
        check(bytes.count <= ccittLimits.maxDecodedStreamBytes, "\(bytes.count) bytes past the limit")
        let rows = bytes.count / rowBytes
        if columns % 8 != 0 {
            let padding = UInt8(0xFF) >> UInt8(columns % 8)
            for row in 0..<rows { check(bytes[row * rowBytes + rowBytes - 1] & padding == 0, "row \(row): padding bits set") }
        }
        let limited = image.diagnostics.contains(Diagnostic.Code("decodedSizeLimit"))
        if choice.rows > 0 && !limited { check(rows >= choice.rows, "\(rows) rows for /Rows \(choice.rows)") }
        if choice.rows > 0 && !choice.endOfBlock { check(rows <= choice.rows, "\(rows) rows for /Rows \(choice.rows)") }
        check(image.isComplete == image.diagnostics.isEmpty, "complete \(image.isComplete) with \(image.diagnostics.count) diagnostics")
        return rows
    }
}

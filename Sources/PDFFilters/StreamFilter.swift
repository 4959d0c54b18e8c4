import PDFCore

/// One entry of a stream's `/Filter` array (ISO 32000-2 §7.4).
public enum StreamFilter: Sendable, Hashable {
    case flate, lzw, ascii85, asciiHex, runLength, dct, jpx, ccittFax, jbig2, crypt
    case unknown(String)

    /// From a filter name as written in a /Filter entry, without the slash; accepts the
    /// inline-image abbreviations Fl, LZW, A85, AHx, RL, DCT, CCF too. A leading slash is
    /// tolerated. Names are case-sensitive, as PDF names are.
    package init(name: String) {
        var n = Substring(name)
        if n.first == "/" { n = n.dropFirst() }
        switch n {
        case "FlateDecode", "Fl": self = .flate
        case "LZWDecode", "LZW": self = .lzw
        case "ASCII85Decode", "A85": self = .ascii85
        case "ASCIIHexDecode", "AHx": self = .asciiHex
        case "RunLengthDecode", "RL": self = .runLength
        case "DCTDecode", "DCT": self = .dct
        case "JPXDecode": self = .jpx
        case "CCITTFaxDecode", "CCF": self = .ccittFax
        case "JBIG2Decode": self = .jbig2
        case "Crypt": self = .crypt
        default: self = .unknown(String(n))
        }
    }

    /// Image codecs (DCT, JPX, CCITTFax, JBIG2) are recognised and passed over, not decoded.
    public var isImageCodec: Bool {
        switch self {
        case .dct, .jpx, .ccittFax, .jbig2: true
        default: false
        }
    }

    /// The canonical name, e.g. "FlateDecode"; for an unknown filter, the name as given.
    public var name: String {
        switch self {
        case .flate: "FlateDecode"
        case .lzw: "LZWDecode"
        case .ascii85: "ASCII85Decode"
        case .asciiHex: "ASCIIHexDecode"
        case .runLength: "RunLengthDecode"
        case .dct: "DCTDecode"
        case .jpx: "JPXDecode"
        case .ccittFax: "CCITTFaxDecode"
        case .jbig2: "JBIG2Decode"
        case .crypt: "Crypt"
        case .unknown(let n): n
        }
    }
}

/// Values from a /DecodeParms dictionary (ISO 32000-2 §7.4.4.4, §7.4.10), with the spec defaults.
package struct FilterParameters: Sendable, Hashable {
    /// 1 none, 2 TIFF predictor 2, 10...15 PNG predictors (the row tag byte decides).
    package var predictor: Int = 1
    package var colors: Int = 1
    package var bitsPerComponent: Int = 8
    package var columns: Int = 1
    /// LZW only: 1 widens codes one code early (the default), 0 does not.
    package var earlyChange: Int = 1

    package init() {}

    package init(predictor: Int = 1, colors: Int = 1, bitsPerComponent: Int = 8, columns: Int = 1, earlyChange: Int = 1) {
        self.predictor = predictor
        self.colors = colors
        self.bitsPerComponent = bitsPerComponent
        self.columns = columns
        self.earlyChange = earlyChange
    }
}

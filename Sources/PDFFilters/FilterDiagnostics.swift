import PDFCore

extension Diagnostic.Code {
    /// Flate data that zlib rejected part way; the output holds what inflated before.
    public static let flateCorrupt = Diagnostic.Code("flateCorrupt")
    /// Flate data that ended before the end of the compressed stream.
    public static let flateTruncated = Diagnostic.Code("flateTruncated")
    /// Flate data without a usable zlib header, decoded as raw deflate (informational).
    public static let flateRawDeflate = Diagnostic.Code("flateRawDeflate")
    /// Flate data that inflated completely but whose Adler-32 checksum did not match.
    public static let flateChecksumMismatch = Diagnostic.Code("flateChecksumMismatch")
    /// An LZW code that is not in the table yet.
    public static let lzwCorrupt = Diagnostic.Code("lzwCorrupt")
    /// A character outside the ASCII85 alphabet, a misplaced `z`, an overflowing group.
    public static let ascii85Corrupt = Diagnostic.Code("ascii85Corrupt")
    /// A character that is neither a hex digit, white space nor `>`.
    public static let asciiHexCorrupt = Diagnostic.Code("asciiHexCorrupt")
    /// A run-length run that is cut short by the end of the data.
    public static let runLengthCorrupt = Diagnostic.Code("runLengthCorrupt")
    /// Predictor parameters that cannot be applied, an unknown PNG row tag, a partial last row.
    public static let predictorCorrupt = Diagnostic.Code("predictorCorrupt")
    /// A filter name this module does not know; decoding stops there.
    public static let unknownFilter = Diagnostic.Code("unknownFilter")
    /// Decoded output reached ``Limits/maxDecodedStreamBytes`` and was cut there.
    public static let decodedSizeLimit = Diagnostic.Code("decodedSizeLimit")
    /// More filters than ``Limits/maxFilterChain``; the rest were not applied.
    public static let filterChainTooLong = Diagnostic.Code("filterChainTooLong")
}

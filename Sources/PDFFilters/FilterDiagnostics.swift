import PDFCore

extension Diagnostic.Code {
    /// Flate data that zlib rejected part way; the output holds what inflated before.
    package static let flateCorrupt = Diagnostic.Code("flateCorrupt")
    /// Flate data that ended before the end of the compressed stream.
    package static let flateTruncated = Diagnostic.Code("flateTruncated")
    /// Flate data without a usable zlib header, decoded as raw deflate (informational).
    package static let flateRawDeflate = Diagnostic.Code("flateRawDeflate")
    /// Flate data that inflated completely but whose Adler-32 checksum did not match.
    package static let flateChecksumMismatch = Diagnostic.Code("flateChecksumMismatch")
    /// An LZW code that is not in the table yet.
    package static let lzwCorrupt = Diagnostic.Code("lzwCorrupt")
    /// A character outside the ASCII85 alphabet, a misplaced `z`, an overflowing group.
    package static let ascii85Corrupt = Diagnostic.Code("ascii85Corrupt")
    /// A character that is neither a hex digit, white space nor `>`.
    package static let asciiHexCorrupt = Diagnostic.Code("asciiHexCorrupt")
    /// A run-length run that is cut short by the end of the data.
    package static let runLengthCorrupt = Diagnostic.Code("runLengthCorrupt")
    /// Predictor parameters that cannot be applied, an unknown PNG row tag, a partial last row.
    package static let predictorCorrupt = Diagnostic.Code("predictorCorrupt")
    /// A filter name this module does not know; decoding stops there.
    package static let unknownFilter = Diagnostic.Code("unknownFilter")
    /// Decoded output reached ``Limits/maxDecodedStreamBytes`` and was cut there.
    package static let decodedSizeLimit = Diagnostic.Code("decodedSizeLimit")
    /// More filters than ``Limits/maxFilterChain``; the rest were not applied.
    package static let filterChainTooLong = Diagnostic.Code("filterChainTooLong")
}

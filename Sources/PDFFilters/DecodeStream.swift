import PDFCore

/// What ``decodeStream(_:filters:limits:)`` produced.
public struct DecodeResult: Sendable {
    public var bytes: [UInt8]
    public var diagnostics: DiagnosticLog
    /// True when every filter ran to the end of its data without error. Stopping at an image
    /// codec is not an error (see ``stoppedAt``); stopping at an unknown filter is.
    public var isComplete: Bool
    /// When decoding stopped at an image codec (or unknown filter), that filter; `bytes` are then
    /// still encoded with it and with every filter after it.
    public var stoppedAt: StreamFilter?

    public init(bytes: [UInt8], diagnostics: DiagnosticLog, isComplete: Bool, stoppedAt: StreamFilter? = nil) {
        self.bytes = bytes
        self.diagnostics = diagnostics
        self.isComplete = isComplete
        self.stoppedAt = stoppedAt
    }
}

/// Applies a filter chain in order. `.crypt` is the identity here (decryption happens before, in
/// the file layer). Image codecs and unknown filters stop the chain (unknown → a diagnostic).
/// Never throws, never crashes: damaged data gives what could be decoded plus diagnostics, and
/// the output of a damaged filter still goes through the filters after it.
/// Output is capped at limits.maxDecodedStreamBytes (diagnostic code `.decodedSizeLimit`, isComplete false).
/// Chains longer than limits.maxFilterChain stop with a diagnostic after the first
/// `maxFilterChain` filters; `stoppedAt` is then the first filter not applied.
/// Predictors in the parameters apply to FlateDecode and LZWDecode only.
public func decodeStream(_ input: ArraySlice<UInt8>, filters: [(StreamFilter, FilterParameters)], limits: Limits) -> DecodeResult {
    var log = DiagnosticLog(capacity: limits.maxDiagnostics)
    let cap = max(0, limits.maxDecodedStreamBytes)
    var current = input
    var owned: [UInt8]?
    var complete = true
    var stoppedAt: StreamFilter?

    chain: for (index, (filter, parameters)) in filters.enumerated() {
        if index >= limits.maxFilterChain {
            log.append(.filterChainTooLong, .error, "\(filters.count) filters exceed the limit of \(limits.maxFilterChain); \(filter.name) and the filters after it were not applied")
            complete = false
            stoppedAt = filter
            break chain
        }
        var step: (bytes: [UInt8], complete: Bool)
        switch filter {
        case .crypt:
            continue
        case .flate:
            step = FlateDecoder.decode(current, maxOutput: cap, log: &log)
        case .lzw:
            step = LZWDecoder.decode(current, earlyChange: parameters.earlyChange, maxOutput: cap, log: &log)
        case .ascii85:
            step = ASCII85Decoder.decode(current, maxOutput: cap, log: &log)
        case .asciiHex:
            step = ASCIIHexDecoder.decode(current, maxOutput: cap, log: &log)
        case .runLength:
            step = RunLengthDecoder.decode(current, maxOutput: cap, log: &log)
        case .dct, .jpx, .ccittFax, .jbig2:
            stoppedAt = filter
            break chain
        case .unknown(let name):
            log.append(.unknownFilter, .warning, "unknown filter /\(name); data left encoded from there on")
            complete = false
            stoppedAt = filter
            break chain
        }
        if (filter == .flate || filter == .lzw) && parameters.predictor != 1 {
            let predicted = Predictor.decode(step.bytes[...], parameters: parameters, maxOutput: cap, log: &log)
            step = (predicted.bytes, step.complete && predicted.complete)
        }
        if !step.complete { complete = false }
        owned = step.bytes
        current = step.bytes[...]
    }
    return DecodeResult(bytes: owned ?? Array(input), diagnostics: log, isComplete: complete, stoppedAt: stoppedAt)
}

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
    /// The share of the document's ``DocumentBudget`` that `bytes` hold; given back when the
    /// last copy of this result is dropped. Keep the result (not only `bytes`) alive while
    /// the bytes are in use for long (a content stream being interpreted).
    package var lease: DecodeLease?

    package init(bytes: [UInt8], diagnostics: DiagnosticLog, isComplete: Bool, stoppedAt: StreamFilter? = nil,
                lease: DecodeLease? = nil) {
        self.bytes = bytes
        self.diagnostics = diagnostics
        self.isComplete = isComplete
        self.stoppedAt = stoppedAt
        self.lease = lease
    }
}

/// Applies a filter chain in order. `.crypt` is the identity here (decryption happens before, in
/// the file layer). Image codecs and unknown filters stop the chain (unknown → a diagnostic).
/// Never throws, never crashes: damaged data gives what could be decoded plus diagnostics, and
/// the output of a damaged filter still goes through the filters after it.
/// Output is capped at limits.maxDecodedStreamBytes (diagnostic code `.decodedSizeLimit`, isComplete false).
/// Every buffer a filter produces, intermediate ones included, is drawn from `budget` (the
/// document's, see ``DocumentBudget``) while it is alive; when the budget is spent the data is
/// cut there (diagnostic code `.decodeBudget`, isComplete false). The result's `lease` holds
/// the final output's share.
/// Chains longer than limits.maxFilterChain stop with a diagnostic after the first
/// `maxFilterChain` filters; `stoppedAt` is then the first filter not applied.
/// Predictors in the parameters apply to FlateDecode and LZWDecode only.
package func decodeStream(_ input: ArraySlice<UInt8>, filters: [(StreamFilter, FilterParameters)], limits: Limits,
                         budget: DocumentBudget? = nil) -> DecodeResult {
    var log = DiagnosticLog(capacity: limits.maxDiagnostics)
    let cap = max(0, limits.maxDecodedStreamBytes)
    var current = input
    var owned: [UInt8]?
    /// The share of the budget that `owned` holds.
    var ownedAllowance = DecodeAllowance(budget: budget)
    var complete = true
    var stoppedAt: StreamFilter?
    var budgetReached = false

    chain: for (index, (filter, parameters)) in filters.enumerated() {
        if index >= limits.maxFilterChain {
            log.append(.filterChainTooLong, .error, "\(filters.count) filters exceed the limit of \(limits.maxFilterChain); \(filter.name) and the filters after it were not applied")
            complete = false
            stoppedAt = filter
            break chain
        }
        var allowance = DecodeAllowance(budget: budget)
        var stepLog = DiagnosticLog(capacity: limits.maxDiagnostics)
        /// For filters whose output has a bound from the input size: that bound (within the
        /// cap), drawn up front; the output is cut at what was granted.
        func bounded(_ bound: Int) -> Int { allowance.take(upTo: min(cap, bound)) }
        var step: (bytes: [UInt8], complete: Bool)
        switch filter {
        case .crypt:
            continue
        case .flate:
            step = FlateDecoder.decode(current, maxOutput: cap, allowance: &allowance, log: &stepLog)
        case .lzw:
            step = LZWDecoder.decode(current, earlyChange: parameters.earlyChange, maxOutput: cap, allowance: &allowance, log: &stepLog)
        case .ascii85:
            // Five characters make four bytes; `z` makes four.
            step = ASCII85Decoder.decode(current, maxOutput: bounded(current.count.multipliedSaturating(by: 4).addingSaturating(4)), log: &stepLog)
        case .asciiHex:
            step = ASCIIHexDecoder.decode(current, maxOutput: bounded(current.count / 2 + 1), log: &stepLog)
        case .runLength:
            // Two bytes repeat one byte at most 128 times.
            step = RunLengthDecoder.decode(current, maxOutput: bounded(current.count.multipliedSaturating(by: 64).addingSaturating(128)), log: &stepLog)
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
            // A predictor's output is never longer than its input.
            var predictorAllowance = DecodeAllowance(budget: budget)
            let room = predictorAllowance.take(upTo: min(cap, step.bytes.count))
            let predicted = Predictor.decode(step.bytes[...], parameters: parameters, maxOutput: room, log: &stepLog)
            let decoderRefused = allowance.refused
            allowance.release()
            allowance = predictorAllowance
            if decoderRefused { allowance.noteRefusal() }
            step = (predicted.bytes, step.complete && predicted.complete)
        }
        if allowance.refused && !step.complete {
            // Cut by the budget, not by the per-stream cap: say so, not "size limit".
            budgetReached = true
            for d in stepLog where d.code != .decodedSizeLimit { log.append(d) }
        } else {
            log.append(contentsOf: stepLog)
        }
        if !step.complete { complete = false }
        allowance.settle(keeping: step.bytes.count)
        // The previous buffer is dropped now: its share goes back.
        ownedAllowance.release()
        ownedAllowance = allowance
        owned = step.bytes
        current = step.bytes[...]
        if budgetReached { break chain }
    }
    if owned == nil, budget != nil, !input.isEmpty {
        // No filter ran: the copy of the raw data is held like decoded data.
        let granted = ownedAllowance.take(upTo: input.count)
        owned = Array(input.prefix(granted))
        if granted < input.count {
            complete = false
            budgetReached = true
        }
    }
    if budgetReached, let budget {
        log.append(.decodeBudget, .error, "the document's decode budget of \(budget.capacity) bytes (Limits.maxDecodedBytesInFlight) is in use; stream data cut at \((owned ?? []).count) bytes")
    }
    var lease: DecodeLease? = nil
    if let budget, ownedAllowance.held > 0 {
        lease = DecodeLease(budget: budget, count: ownedAllowance.held)
    }
    return DecodeResult(bytes: owned ?? Array(input), diagnostics: log, isComplete: complete, stoppedAt: stoppedAt, lease: lease)
}

import PDFCore
import PDFFilters
import PDFSyntax

extension ObjectStore {
    /// The /DecodeParms of a stream whose last filter is CCITTFaxDecode (ISO 32000-2 §7.4.6,
    /// the spec defaults for entries not given); nil when its last filter is another.
    package func ccittFaxParameters(_ stream: PDFStream) -> CCITTFaxParameters? {
        let items = FilterChain.filters(stream.dictionary, store: self)
        guard items.last?.filter == .ccittFax else { return nil }
        let index = items.count - 1
        let parameters: PDFDictionary?
        switch resolve(stream.dictionary["DecodeParms"]) {
        case .dictionary(let d): parameters = index == 0 ? d : nil
        case .array(let a): parameters = index < a.count ? dictionary(a[index]) : nil
        default: parameters = nil
        }
        guard let d = parameters else { return CCITTFaxParameters() }
        return CCITTFaxParameters(integer: { self.integer(d[Name($0)]) }, boolean: { self.resolve(d[Name($0)]).bool })
    }

    /// The pixels of an image stream whose last filter is CCITTFaxDecode: rows of
    /// `(Columns + 7) / 8` bytes, one bit a pixel, 0 black unless /BlackIs1 is true (the
    /// image's /Decode array is not applied). Nil when the stream's last filter is another.
    /// The pixels are drawn from ``decodeBudget`` like ``streamData(_:)``'s data.
    package func ccittFaxImage(_ stream: PDFStream) -> DecodeResult? {
        guard let parameters = ccittFaxParameters(stream) else { return nil }
        let encoded = streamData(stream)
        guard encoded.stoppedAt == .ccittFax else { return nil }
        var log = encoded.diagnostics
        let before = log.count
        var bytes = CCITTFaxDecoder.decode(encoded.bytes, parameters: parameters, maxOutputBytes: limits.maxDecodedStreamBytes, log: &log)
        var allowance = DecodeAllowance(budget: decodeBudget)
        let granted = allowance.take(upTo: bytes.count)
        if granted < bytes.count {
            let rowBytes = (min(max(parameters.columns, 1), CCITTFaxDecoder.maxColumns) + 7) / 8
            bytes.removeLast(bytes.count - granted / rowBytes * rowBytes)
            allowance.settle(keeping: bytes.count)
            log.append(.decodeBudget, .error, "the document's decode budget of \(decodeBudget.capacity) bytes (Limits.maxDecodedBytesInFlight) is in use; CCITT fax image cut at \(bytes.count) bytes")
        }
        let lease = allowance.held > 0 ? DecodeLease(budget: decodeBudget, count: allowance.held) : nil
        return DecodeResult(bytes: bytes, diagnostics: log, isComplete: encoded.isComplete && log.count == before, lease: lease)
    }
}

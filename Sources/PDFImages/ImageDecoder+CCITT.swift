import PDFContent
import PDFCore
import PDFFilters
import PDFSyntax

extension ImageDecoder {
    mutating func ccitt(_ bytes: [UInt8], header h: Header, parameters: PDFDictionary?, declared: ColorSpace?,
                        ink: UInt8, log: inout CappedLog) -> GrayImage? {
        var p = parameters.map { d in
            CCITTFaxParameters(integer: { store.integer(d[Name($0)]) }, boolean: { store.resolve(d[Name($0)]).bool })
        } ?? CCITTFaxParameters()
        // The image's own size decides when the parameters leave it out or disagree.
        if parameters?["Columns"] == nil { p.columns = h.width }
        if p.rows <= 0 { p.rows = h.height }
        var filterLog = DiagnosticLog()
        let decoded = CCITTFaxDecoder.decode(bytes, parameters: p, maxOutputBytes: max(0, limits.maxImageDecodeBytes),
                                             log: &filterLog)
        for d in filterLog.entries { log.note(d.code, d.message) }
        guard !decoded.isEmpty else {
            log.note(.imageUndecodable, "CCITT fax image gave no rows")
            return nil
        }
        let header = Header(width: max(1, min(p.columns, 1 << 20)), height: h.height, bitsPerComponent: 1,
                            isMask: h.isMask, decode: h.decode)
        return samples(decoded, header: header, space: declared ?? .gray, components: 1, ink: ink, log: &log)
    }
}

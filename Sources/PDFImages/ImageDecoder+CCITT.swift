import PDFContent
import PDFCore
import PDFSyntax

extension ImageDecoder {
    mutating func ccitt(_ bytes: [UInt8], header h: Header, parameters: PDFDictionary?, declared: ColorSpace?,
                        ink: UInt8, log: inout CappedLog) -> GrayImage? {
        log.note(.imageUndecodable, "CCITT fax image not decoded yet")
        return nil
    }
}

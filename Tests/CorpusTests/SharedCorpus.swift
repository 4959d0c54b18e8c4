import PDFTestSupport
import Testing

extension SharedCorpus {
    static let skipReason = Comment(rawValue: skipMessage)
}

/// The one error type thrown when there is no usable result: not a PDF, a password is
/// needed, damaged beyond repair, a limit passed. Thrown with typed throws.
public struct PDFError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No `%PDF-` header and nothing that looks like PDF objects.
        public static let notAPDF = Code(rawValue: "notAPDF")
        /// The file could not be read (I/O).
        public static let io = Code(rawValue: "io")
        /// Damaged so that neither the cross-reference data nor a rescan yields a document.
        public static let damaged = Code(rawValue: "damaged")
        /// A syntax error where a value was required.
        public static let syntax = Code(rawValue: "syntax")
        /// The document is encrypted and the password given (or none) does not open it.
        public static let incorrectPassword = Code(rawValue: "incorrectPassword")
        /// Encrypted with a security handler this toolkit does not implement (public-key, custom).
        public static let unsupportedEncryption = Code(rawValue: "unsupportedEncryption")
        /// A configured ``Limits`` value was passed.
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// A page index or other argument outside its range.
        public static let invalidArgument = Code(rawValue: "invalidArgument")
    }

    public var code: Code
    public var message: String
    public var offset: Int?

    public init(_ code: Code, _ message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        return message
    }
}

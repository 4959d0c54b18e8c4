/// Something survivable that happened while reading a file: a repaired cross-reference
/// table, a stream that inflated only partly, an unknown filter. Every result that can
/// meet damage carries a ``DiagnosticLog`` of these (house rule: return a result and its
/// diagnostics; throw only when nothing usable is left).
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of diagnostic. Open-ended like NIO's error codes:
    /// modules add their own static members.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    public enum Severity: UInt8, Sendable, Hashable, Comparable, CustomStringConvertible {
        case info, warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
        public var description: String {
            switch self {
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    public var code: Code
    public var severity: Severity
    public var message: String
    /// Byte offset in the file, when the trouble has one.
    public var offset: Int?
    /// The indirect object concerned, when there is one.
    public var objectNumber: Int?
    public var generation: Int?

    public init(
        _ code: Code, _ severity: Severity = .warning, _ message: String,
        offset: Int? = nil, objectNumber: Int? = nil, generation: Int? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.offset = offset
        self.objectNumber = objectNumber
        self.generation = generation
    }

    public var description: String {
        var s = "\(severity): \(message)"
        var where_: [String] = []
        if let objectNumber { where_.append("object \(objectNumber) \(generation ?? 0)") }
        if let offset { where_.append("offset \(offset)") }
        if !where_.isEmpty { s += " (" + where_.joined(separator: ", ") + ")" }
        s += " [\(code)]"
        return s
    }
}

/// An append-only list of diagnostics with a cap, so that a hostile file that triggers the
/// same warning a million times cannot grow memory without bound.
public struct DiagnosticLog: Sendable, Hashable, Sequence {
    public private(set) var entries: [Diagnostic] = []
    /// How many diagnostics were dropped after the cap was reached.
    public private(set) var droppedCount: Int = 0
    public var capacity: Int

    public init(capacity: Int = Limits.default.maxDiagnostics) {
        self.capacity = capacity
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        if entries.count < capacity {
            entries.append(diagnostic)
        } else {
            droppedCount += 1
        }
    }

    public mutating func append(contentsOf other: DiagnosticLog) {
        for d in other.entries { append(d) }
        droppedCount += other.droppedCount
    }

    public mutating func append(
        _ code: Diagnostic.Code, _ severity: Diagnostic.Severity = .warning, _ message: String,
        offset: Int? = nil, objectNumber: Int? = nil, generation: Int? = nil
    ) {
        append(Diagnostic(code, severity, message, offset: offset, objectNumber: objectNumber, generation: generation))
    }

    public func contains(_ code: Diagnostic.Code) -> Bool { entries.contains { $0.code == code } }
    public var isEmpty: Bool { entries.isEmpty && droppedCount == 0 }
    public var count: Int { entries.count + droppedCount }
    public func makeIterator() -> IndexingIterator<[Diagnostic]> { entries.makeIterator() }
}

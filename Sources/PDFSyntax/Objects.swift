import PDFCore

/// A PDF name (ISO 32000-2 §7.3.5): the bytes after the slash with `#xx` escapes resolved.
/// Names are byte strings, not text; ``description`` shows them as UTF-8 for people.
///
/// Names of up to 16 bytes (nearly all of them: `Type`, `Font`, `MediaBox`, …) are stored in
/// two machine words, so making, hashing and comparing them allocates nothing; longer ones
/// keep their bytes in an array.
public struct Name: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible, Comparable {
    @usableFromInline let word0: UInt64
    @usableFromInline let word1: UInt64
    @usableFromInline let count: Int
    @usableFromInline let long: [UInt8]?

    public init<C: Collection<UInt8>>(bytes: C) {
        #if _endian(little)
        // Contiguous bytes (a slice of the file, a literal) are copied into the words at once.
        if let made = bytes.withContiguousStorageIfAvailable({ Name(contiguous: $0) }) {
            self = made
            return
        }
        #endif
        count = bytes.count
        if count <= 16 {
            var w0: UInt64 = 0, w1: UInt64 = 0
            var i: UInt64 = 0
            for b in bytes {
                if i < 8 { w0 |= UInt64(b) << (i * 8) } else { w1 |= UInt64(b) << ((i - 8) * 8) }
                i += 1
            }
            word0 = w0
            word1 = w1
            long = nil
        } else {
            word0 = 0
            word1 = 0
            long = Array(bytes)
        }
    }

    #if _endian(little)
    /// Byte i of a short name is byte i of the words in memory on a little-endian machine.
    init(contiguous buffer: UnsafeBufferPointer<UInt8>) {
        count = buffer.count
        if count <= 16 {
            var words: (UInt64, UInt64) = (0, 0)
            if count > 0 {
                withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(buffer)) }
            }
            word0 = words.0
            word1 = words.1
            long = nil
        } else {
            word0 = 0
            word1 = 0
            long = Array(buffer)
        }
    }
    #endif

    public init(stringLiteral value: StaticString) {
        self.init(bytes: UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }
    public init(_ string: String) { self.init(bytes: string.utf8) }

    /// The name's bytes.
    public var bytes: [UInt8] {
        if let long { return long }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let word: UInt64 = i < 8 ? word0 : word1
            let shift = UInt64(i % 8) * 8
            out.append(UInt8(truncatingIfNeeded: word >> shift))
        }
        return out
    }

    /// The name's bytes as UTF-8 text (invalid sequences repaired). A short name is read
    /// from its words, without the array ``bytes`` builds.
    public var string: String {
        if let long { return String(decoding: long, as: UTF8.self) }
        #if _endian(little)
        let words = (word0, word1)
        return withUnsafeBytes(of: words) { String(decoding: $0.prefix(count), as: UTF8.self) }
        #else
        return String(decoding: bytes, as: UTF8.self)
        #endif
    }
    public var description: String { "/" + string }
    public static func < (a: Name, b: Name) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    @inlinable public static func == (a: Name, b: Name) -> Bool {
        guard a.count == b.count, a.word0 == b.word0, a.word1 == b.word1 else { return false }
        // Up to 16 bytes the words are the whole name (`long` is nil on both sides).
        return a.count <= 16 || a.long == b.long
    }

    /// Short names hash their two words, with the length in the top bits of the second
    /// (zero there unless the name has all 16 bytes): two combines instead of three, since
    /// every dictionary entry read and looked up hashes a name.
    @inlinable public func hash(into hasher: inout Hasher) {
        if let long {
            hasher.combine(count)
            hasher.combine(long)
        } else {
            hasher.combine(word0)
            hasher.combine(word1 ^ (UInt64(truncatingIfNeeded: count) &<< 59))
        }
    }

    /// What a `Dictionary` or `Set` hashes a name by. Every dictionary entry read and looked
    /// up hashes a name, and SipHash of the two words costs about 300 instructions: a short
    /// name instead mixes its words with the table's seed and a random key of the process by
    /// two full-width multiplications (as wyhash does), about 15. Both factors of the first
    /// hold the seed and the key, so no choice of bytes zeroes a product whatever the seed;
    /// names longer than 16 bytes are hashed as by default.
    @inlinable public func _rawHashValue(seed: Int) -> Int {
        if long != nil {
            var hasher = Hasher()
            hasher.combine(seed)
            hash(into: &hasher)
            return hasher.finalize()
        }
        let key = Name.processKey ^ UInt64(UInt(bitPattern: seed))
        let a = word0 ^ key ^ 0xA076_1D64_78BD_642F
        let b = word1 ^ (UInt64(truncatingIfNeeded: count) &<< 59) ^ ((key &<< 29) | (key &>> 35)) ^ 0xE703_7ED1_A0B4_28DB
        let first = a.multipliedFullWidth(by: b)
        let mixed = (first.high ^ first.low).multipliedFullWidth(by: key ^ 0x8EBC_6AF0_9C88_C6E3)
        return Int(truncatingIfNeeded: mixed.high ^ mixed.low)
    }

    /// The random key of ``_rawHashValue(seed:)``: taken from `Hasher`, so it is the same in
    /// every run only when Swift's hashing is made deterministic (`SWIFT_DETERMINISTIC_HASHING`).
    @usableFromInline static let processKey: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5DEE_CE66_D as UInt64)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()
}

/// A string object: the bytes as written (after escapes), and whether it was written in hex.
public struct PDFString: Sendable, Hashable, CustomStringConvertible {
    public var bytes: [UInt8]
    public var isHex: Bool
    public init(bytes: [UInt8], isHex: Bool = false) { self.bytes = bytes; self.isHex = isHex }
    public init(_ string: String) { self.bytes = Array(string.utf8); self.isHex = false }
    /// The string read as a text string (UTF-16BE/UTF-8 with BOM, else PDFDocEncoding).
    public var text: String { TextString.decode(bytes) }
    public var description: String { isHex ? "<" + bytes.map { hex2($0) }.joined() + ">" : "(" + text + ")" }
}

@inline(__always) func hex2(_ b: UInt8) -> String {
    let d = Array("0123456789ABCDEF".utf8)
    return String(decoding: [d[Int(b >> 4)], d[Int(b & 15)]], as: UTF8.self)
}

/// An indirect object's identity (ISO 32000-2 §7.3.10).
public struct ObjectID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var number: Int
    public var generation: Int
    public init(_ number: Int, _ generation: Int = 0) { self.number = number; self.generation = generation }
    public var description: String { "\(number) \(generation) R" }
    public static func < (a: ObjectID, b: ObjectID) -> Bool { (a.number, a.generation) < (b.number, b.generation) }
}

/// A dictionary object. Keys are unique; a later duplicate key replaces an earlier one.
public struct PDFDictionary: Sendable, Hashable, CustomStringConvertible {
    public var entries: [Name: PDFObject]
    public init(_ entries: [Name: PDFObject] = [:]) { self.entries = entries }
    /// Entries as written, allocated once at their count; a later duplicate key replaces an
    /// earlier one.
    public init<C: Collection<(key: Name, value: PDFObject)>>(written: C) {
        var entries = [Name: PDFObject](minimumCapacity: written.count)
        for e in written { entries[e.key] = e.value }
        self.entries = entries
    }
    /// Entries as the parser gathers them (see ``DictionaryEntry``).
    public init(written: ArraySlice<DictionaryEntry>) {
        var entries = [Name: PDFObject](minimumCapacity: written.count)
        for e in written { entries[e.key] = e.value }
        self.entries = entries
    }
    public subscript(_ key: Name) -> PDFObject? {
        get { entries[key] }
        set { entries[key] = newValue }
    }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: Dictionary<Name, PDFObject>.Keys { entries.keys }
    /// The `/Type` entry's name, if any.
    public var type: Name? { entries["Type"]?.name }
    public var description: String {
        "<<" + entries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " ") + ">>"
    }
}

/// A stream object before decoding: its dictionary and where its raw data lies in the file.
public struct PDFStream: Sendable, Hashable, CustomStringConvertible {
    public var dictionary: PDFDictionary
    /// Byte range of the raw (still encoded, maybe encrypted) data in the file buffer.
    public var dataRange: Range<Int>
    /// The indirect object the stream was read from (every stream is one, §7.3.8); needed
    /// to decrypt its data.
    public var objectID: ObjectID?
    public init(dictionary: PDFDictionary, dataRange: Range<Int>, objectID: ObjectID? = nil) {
        self.dictionary = dictionary
        self.dataRange = dataRange
        self.objectID = objectID
    }
    public var description: String { "\(dictionary) stream[\(dataRange.count) bytes]" }
}

/// A PDF object (ISO 32000-2 §7.3).
///
/// Only the stream case is boxed: numbers, names and references are stored inline, so
/// parsing them allocates nothing (arrays and dictionaries are heap storage already).
public enum PDFObject: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case string(PDFString)
    case name(Name)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    indirect case stream(PDFStream)
    case reference(ObjectID)

    public var isNull: Bool { if case .null = self { return true }; return false }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var name: Name? { if case .name(let n) = self { return n }; return nil }
    public var string: PDFString? { if case .string(let s) = self { return s }; return nil }
    public var array: [PDFObject]? { if case .array(let a) = self { return a }; return nil }
    public var reference: ObjectID? { if case .reference(let r) = self { return r }; return nil }
    public var stream: PDFStream? { if case .stream(let s) = self { return s }; return nil }
    /// The dictionary of a dictionary or of a stream.
    public var dictionary: PDFDictionary? {
        switch self {
        case .dictionary(let d): return d
        case .stream(let s): return s.dictionary
        default: return nil
        }
    }
    /// An integer, or a real with no fractional part (producers write `/Count 9.0`).
    public var integer: Int? {
        switch self {
        case .integer(let i): return Int(i)
        case .real(let r) where r.isFinite && r == r.rounded() && abs(r) < 9e15: return Int(r)
        default: return nil
        }
    }
    /// Any number as a Double.
    public var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let r): return r.isFinite ? r : nil
        default: return nil
        }
    }
    /// The text of a string object.
    public var text: String? { string?.text }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .real(let r): String(r)
        case .string(let s): s.description
        case .name(let n): n.description
        case .array(let a): "[" + a.map(\.description).joined(separator: " ") + "]"
        case .dictionary(let d): d.description
        case .stream(let s): s.description
        case .reference(let r): r.description
        }
    }
}

extension Token {
    /// The object a token is by itself (numbers, names, strings, `true`, `false`, `null`);
    /// nil for tokens that open or close containers and for other keywords. An integer may
    /// still begin an `N G R` reference, which the caller decides.
    public var scalarObject: PDFObject? {
        switch self {
        case .integer(let i): return .integer(i)
        case .real(let r): return .real(r)
        case .name(let n): return .name(n)
        case .string(let s): return .string(s)
        case .keyword(.true, _): return .bool(true)
        case .keyword(.false, _): return .bool(false)
        case .keyword(.null, _): return .null
        default: return nil
        }
    }
}

/// A dictionary entry as written: what the parser gathers before it builds a dictionary, and
/// what ``DictionaryEntries`` keeps. A struct, not a `(key:value:)` tuple: arrays of tuples are
/// copied and destroyed through the runtime's generic tuple witnesses, entry by entry.
public struct DictionaryEntry: Sendable, Equatable {
    public var key: Name
    public var value: PDFObject
    @inlinable public init(key: Name, value: PDFObject) { self.key = key; self.value = value }
}

/// A dictionary's entries for a few lookups: either a `PDFDictionary`, or the entries as
/// written (from ``Parser/parseIndirectDictionaryEntries()``), searched from the end so that a
/// later duplicate key wins as it does in a `PDFDictionary`. For walks over many small
/// dictionaries read once, where building each one's hash table costs more than the lookups.
public struct DictionaryEntries: Sendable {
    enum Storage: Sendable {
        case dictionary(PDFDictionary)
        case written([DictionaryEntry])
    }
    let storage: Storage

    public init(_ dictionary: PDFDictionary) { storage = .dictionary(dictionary) }
    public init(written entries: [DictionaryEntry]) { storage = .written(entries) }

    public subscript(_ key: Name) -> PDFObject? {
        switch storage {
        case .dictionary(let d):
            return d[key]
        case .written(let entries):
            var i = entries.count
            while i > 0 {
                i -= 1
                if entries[i].key == key { return entries[i].value }
            }
            return nil
        }
    }

    /// Calls `body` with each entry: as written (in file order, so that a later duplicate
    /// key comes after the one it replaces), or the dictionary's in its own order. For a
    /// reader that wants several keys of each of many dictionaries: one pass instead of a
    /// scan per key.
    public func forEach(_ body: (Name, PDFObject) -> Void) {
        switch storage {
        case .dictionary(let d):
            for (k, v) in d.entries { body(k, v) }
        case .written(let entries):
            for e in entries { body(e.key, e.value) }
        }
    }

    /// The entries as a `PDFDictionary`.
    public var dictionary: PDFDictionary {
        switch storage {
        case .dictionary(let d): return d
        case .written(let entries): return PDFDictionary(written: entries[...])
        }
    }
}
